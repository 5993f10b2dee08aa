// C++ AMP's <amp_math.h>: the fast_math and precise_math namespaces (§9). Call them qualified
// (fast_math::sin, precise_math::sin): pulling both into one scope makes every name ambiguous (MATH-1).
#pragma once

#include <tessera/math/fast_math.hpp>
#include <tessera/math/precise_math.hpp>
