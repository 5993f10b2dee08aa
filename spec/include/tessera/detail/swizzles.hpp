// The component orders a short vector's swizzle accessors cover (SV-5, §10.8.3), as X-macro lists.
//
// C++ AMP names a swizzle by its components, in order, each at most once: get_yx(), set_zxy(...),
// get_wzyx(). Every ordered choice of 2, 3 or 4 distinct components of x, y, z, w is listed here once
// (12 + 24 + 24); a vector offers those whose components it has (short_vectors.hpp). Component numbers
// rather than letters, so one list serves both spellings, xyzw and rgba.
#pragma once

#define TESSERA_SWIZZLES_OF_2(X)                                                                            \
  X(0, 1) X(0, 2) X(0, 3) X(1, 0) X(1, 2) X(1, 3) X(2, 0) X(2, 1) X(2, 3) X(3, 0) X(3, 1) X(3, 2)

#define TESSERA_SWIZZLES_OF_3(X)                                                                            \
  X(0, 1, 2) X(0, 1, 3) X(0, 2, 1) X(0, 2, 3) X(0, 3, 1) X(0, 3, 2) X(1, 0, 2) X(1, 0, 3) X(1, 2, 0)        \
  X(1, 2, 3) X(1, 3, 0) X(1, 3, 2) X(2, 0, 1) X(2, 0, 3) X(2, 1, 0) X(2, 1, 3) X(2, 3, 0) X(2, 3, 1)        \
  X(3, 0, 1) X(3, 0, 2) X(3, 1, 0) X(3, 1, 2) X(3, 2, 0) X(3, 2, 1)

#define TESSERA_SWIZZLES_OF_4(X)                                                                            \
  X(0, 1, 2, 3) X(0, 1, 3, 2) X(0, 2, 1, 3) X(0, 2, 3, 1) X(0, 3, 1, 2) X(0, 3, 2, 1) X(1, 0, 2, 3)         \
  X(1, 0, 3, 2) X(1, 2, 0, 3) X(1, 2, 3, 0) X(1, 3, 0, 2) X(1, 3, 2, 0) X(2, 0, 1, 3) X(2, 0, 3, 1)         \
  X(2, 1, 0, 3) X(2, 1, 3, 0) X(2, 3, 0, 1) X(2, 3, 1, 0) X(3, 0, 1, 2) X(3, 0, 2, 1) X(3, 1, 0, 2)         \
  X(3, 1, 2, 0) X(3, 2, 0, 1) X(3, 2, 1, 0)

// The letter of component i in each spelling: TESSERA_SWIZZLE_LETTER(xyzw, 2) is z.
#define TESSERA_SWIZZLE_LETTER_xyzw_0 x
#define TESSERA_SWIZZLE_LETTER_xyzw_1 y
#define TESSERA_SWIZZLE_LETTER_xyzw_2 z
#define TESSERA_SWIZZLE_LETTER_xyzw_3 w
#define TESSERA_SWIZZLE_LETTER_rgba_0 r
#define TESSERA_SWIZZLE_LETTER_rgba_1 g
#define TESSERA_SWIZZLE_LETTER_rgba_2 b
#define TESSERA_SWIZZLE_LETTER_rgba_3 a
#define TESSERA_SWIZZLE_LETTER(S, i) TESSERA_SWIZZLE_LETTER_##S##_##i

// Token pasting after expansion: TESSERA_SWIZZLE_NAME(get_, x, y) is get_xy.
#define TESSERA_SWIZZLE_PASTE_(a, b) a##b
#define TESSERA_SWIZZLE_PASTE(a, b) TESSERA_SWIZZLE_PASTE_(a, b)
#define TESSERA_SWIZZLE_NAME2(p, a, b) TESSERA_SWIZZLE_PASTE(p, TESSERA_SWIZZLE_PASTE(a, b))
#define TESSERA_SWIZZLE_NAME3(p, a, b, c) TESSERA_SWIZZLE_PASTE(TESSERA_SWIZZLE_NAME2(p, a, b), c)
#define TESSERA_SWIZZLE_NAME4(p, a, b, c, d) TESSERA_SWIZZLE_PASTE(TESSERA_SWIZZLE_NAME3(p, a, b, c), d)
