// restrict(amp), restrict(cpu), restrict(amp, cpu) after a parameter list, as C++ AMP writes them. Part
// of <amp.h>; not for direct use.
//
// A function-like macro: `restrict(...)` disappears, so the lambda or function is ordinary C++ that the
// emulator runs as host code, as Tessera's own restrict_amp does under a host compiler (dialect.hpp).
// Each restriction is checked by name: restrict(amp), restrict(cpu) and both orders of the pair compile;
// a misspelling such as restrict(ampp) is an error naming TESSERA_AMP_RESTRICTION_ampp.
//
// What the macro takes from the program: the word `restrict` followed by `(`, in every line after <amp.h>.
// `restrict` is not a C++ keyword, and neither libstdc++, glibc, oneTBB, Boost nor GoogleTest headers use
// it before a parenthesis (C's `int* restrict p` is not followed by one, and is not C++ anyway), so a
// header included after <amp.h> is unaffected; a function of the program's own named restrict is not
// callable after it.
//
// Under nvcc this is still nothing: nvcc accepts __host__ __device__ on a lambda only between the capture
// list and the parameter list, so a kernel meant for the GPU has to say restrict_amp there instead
// (docs/porting.md, "What nvcc needs"); restrict(amp) kernels run on the emulator only.
#pragma once

#define restrict(...) TESSERA_AMP_RESTRICT_PICK(__VA_ARGS__, TESSERA_AMP_RESTRICT_2, TESSERA_AMP_RESTRICT_1, )(__VA_ARGS__)

#define TESSERA_AMP_RESTRICT_PICK(first, second, chosen, ...) chosen
#define TESSERA_AMP_RESTRICT_1(a) TESSERA_AMP_RESTRICTION_##a
#define TESSERA_AMP_RESTRICT_2(a, b) TESSERA_AMP_RESTRICTION_##a TESSERA_AMP_RESTRICTION_##b
// The restrictions C++ AMP 1.2 defines (§2.1); each names the execution contexts a function may run in.
#define TESSERA_AMP_RESTRICTION_amp
#define TESSERA_AMP_RESTRICTION_cpu
