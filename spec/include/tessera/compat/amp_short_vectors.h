// C++ AMP's <amp_short_vectors.h>: the short vector types where C++ AMP code names them,
// concurrency::graphics and concurrency::graphics::direct3d (tessera/short_vectors.hpp), and the
// NORM_/UNORM_ constant macros of that header. Self-contained; including it twice, or next to the
// other compat headers, changes nothing. Concurrency is a namespace of its own here (concurrency its alias, as
// in Microsoft's headers), not an alias of tessera, so that the other compat headers can reopen it. concurrency::graphics, though, is an alias
// of tessera::graphics: it is then one namespace with tessera::graphics, so code that sees both (after
// `using namespace concurrency;` where concurrency also pulls in tessera) finds one `graphics`, not two.
// An alias cannot be reopened: put your own code in a namespace of your own.
#pragma once

// Before any standard header, when this header comes first (compat/amp.h says why).
#include <tessera/compat/hide_posix_index.hpp>

#include <tessera/short_vectors.hpp>

namespace Concurrency {
namespace graphics = ::tessera::graphics;
}  // namespace Concurrency
namespace concurrency = ::Concurrency;  // as in <amp.h>: the namespace is Concurrency, concurrency its alias

#ifndef NORM_ZERO
#define NORM_ZERO ((::tessera::graphics::norm)0.0f)
#endif
#ifndef NORM_MIN
#define NORM_MIN ((::tessera::graphics::norm)-1.0f)
#endif
#ifndef NORM_MAX
#define NORM_MAX ((::tessera::graphics::norm)1.0f)
#endif
#ifndef UNORM_ZERO
#define UNORM_ZERO ((::tessera::graphics::unorm)0.0f)
#endif
#ifndef UNORM_MIN
#define UNORM_MIN ((::tessera::graphics::unorm)0.0f)
#endif
#ifndef UNORM_MAX
#define UNORM_MAX ((::tessera::graphics::unorm)1.0f)
#endif
