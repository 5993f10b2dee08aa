// Keeps POSIX's global function index() from being declared, so that after `using namespace concurrency;`
// the name `index` means C++ AMP's index<N> and nothing else. Part of <amp.h>; not for direct use.
//
// Why: glibc's <strings.h> declares `char* index(const char*, int)` (the BSD name of strchr) in the global
// namespace, and <cstring>, <string.h>, GoogleTest and nvcc's runtime header all include it. Unqualified
// lookup of `index` then finds both ::index and concurrency::index; C++ prefers neither (one is a function,
// the other a class template), so `index<1> i;` is "reference to 'index' is ambiguous". Microsoft's C
// runtime has no ::index, which is why C++ AMP code never had to qualify the name.
//
// How: <strings.h> (and <string.h>, for C libraries that declare index there) is included here with
// `index` defined as another name, so the function is declared as tessera_posix_index instead; glibc's
// asm label keeps its symbol, so that name still links. The headers' include guards then keep every
// later inclusion, by any header, from declaring ::index. This works only while no earlier header has
// included <strings.h>: <amp.h> includes this file before anything else, and compat/index_macro.hpp
// takes over when <amp.h> comes too late (docs/porting.md, "index and POSIX ::index").
#pragma once

#if !defined(_STRINGS_H) && !defined(_STRINGS_H_) && __has_include(<strings.h>)
#define index tessera_posix_index
#include <strings.h>
#include <string.h>
#undef index
// Read by compat/index_macro.hpp: the global namespace has no index() in this translation unit.
#define TESSERA_AMP_POSIX_INDEX_HIDDEN 1
#endif
