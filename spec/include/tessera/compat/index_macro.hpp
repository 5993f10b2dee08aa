// The fallback for `index` when <amp.h> is included after a header that already declared POSIX's
// ::index (<cstring>, GoogleTest, nvcc's runtime header): the macro `index` renames the word, from here
// to the end of the translation unit, to tessera_amp_index, an alias of tessera::index that no global
// function shares a name with. Part of <amp.h>; not for direct use.
//
// What it costs, and why it is only the fallback (docs/porting.md, "index and POSIX ::index"): the word
// is renamed in everything that follows, so a name `index` declared before <amp.h> can no longer be
// reached by that name after it:
//   - std::variant's index() whenever <variant> was read before the macro, which the standard headers
//     <amp.h> includes may do themselves (libstdc++ 13's do): v.index() says "no member named
//     tessera_amp_index";
//   - POSIX ::index() itself (use strchr, the standard name);
//   - members or functions named index in the program's own headers included before <amp.h>, and any
//     out-of-line function named index of a compiled library whose header comes after <amp.h> (the
//     renamed call does not link).
// Including <amp.h> before every other header avoids all of it: compat/hide_posix_index.hpp then keeps
// ::index from being declared at all, and no macro is defined. Defining TESSERA_AMP_NO_INDEX_MACRO
// before <amp.h> turns the fallback off; write concurrency::index<N> then.
#pragma once

#if !defined(TESSERA_AMP_POSIX_INDEX_HIDDEN) && !defined(TESSERA_AMP_NO_INDEX_MACRO) && \
    (defined(_STRINGS_H) || defined(_STRINGS_H_))
#define index tessera_amp_index
// Tells a program (and the tests) which route this translation unit took.
#define TESSERA_AMP_INDEX_IS_A_MACRO 1
#endif
