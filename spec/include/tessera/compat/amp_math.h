// <amp_math.h>: C++ AMP's concurrency::fast_math and concurrency::precise_math (§9), which are
// tessera::fast_math and tessera::precise_math ([docs/math.md] gives their accuracy on every backend).
// As in C++ AMP, call them qualified: with both namespaces in one scope every name is ambiguous (MATH-1).
#pragma once

// Before <tessera/amp_math.hpp>, which includes <cstring>, when this header comes first (see amp.h).
#include <tessera/compat/hide_posix_index.hpp>

#include <tessera/amp_math.hpp>
#include <tessera/compat/amp.h>

namespace Concurrency {
namespace fast_math = ::tessera::fast_math;
namespace precise_math = ::tessera::precise_math;
}  // namespace Concurrency
namespace concurrency = ::Concurrency;  // as in <amp.h>: the namespace is Concurrency, concurrency its alias
