// <amp.h>: C++ AMP source compiled unchanged on the emulator.
//
// With this folder on the include path (CMake: link Tessera::amp_compat), a C++ AMP program's
//
//   #include <amp.h>
//   using namespace concurrency;
//   parallel_for_each(e.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) { ... });
//
// compiles as it is and runs on Tessera's emulator: namespace Concurrency (and its alias concurrency) holds the
// C++ AMP names of <amp.h>, `restrict(amp)` is accepted after the parameter list, and `index` is made to
// mean concurrency::index despite POSIX's ::index. The other C++ AMP headers are next to this one:
// <amp_math.h> (fast_math, precise_math) and <amp_short_vectors.h> (concurrency::graphics' short vector
// types). Not provided: <amp_graphics.h> (textures), concurrency::direct3d and the direct3d_* functions
// (docs/porting.md says why).
//
// Include it before every other header where you can: it then keeps POSIX's ::index from being declared
// and defines no macro named index (compat/hide_posix_index.hpp). Included later, after something that
// pulled in <strings.h> (<cstring>, GoogleTest), it falls back to a macro that renames the word `index`
// (compat/index_macro.hpp, with what that costs).
//
// For the GPU this is not enough: nvcc needs restrict_amp before the parameter list (docs/porting.md,
// "What nvcc needs"). Tessera's own route is <tessera/amp.hpp> and namespace tessera.
#pragma once

// First, before any header that could declare ::index.
#include <tessera/compat/hide_posix_index.hpp>

#include <tessera/amp.hpp>

namespace tessera {
// The name `index` becomes when compat/index_macro.hpp renames it; an alias, so concurrency::index<2>,
// tessera::index<2> and index<2> stay one type whichever route a translation unit took.
template <int N = 1>
using tessera_amp_index = index<N>;
}  // namespace tessera

// The names of C++ AMP's <amp.h> that Tessera has, one by one: a using-directive would also bring
// Tessera's own names (detail, limits, error_code, source_site, ...) into every scope that says
// `using namespace concurrency;`, where they could collide with the program's names.
//
// As in Microsoft's headers, `Concurrency` is the namespace and `concurrency` an alias of it: code that
// reopens `namespace Concurrency { ... }` to add its own helpers (Microsoft's test library does) compiles,
// and both spellings reach what it adds. Reopening the alias (`namespace concurrency { ... }`) is an
// error here as it is with MSVC (C2757); reopen `Concurrency` instead.
namespace Concurrency {

// Coordinates and tiling (§4).
using ::tessera::extent;
using ::tessera::index;
using ::tessera::tessera_amp_index;
using ::tessera::tile_barrier;
using ::tessera::tiled_extent;
using ::tessera::tiled_index;

// Containers and copies (§5).
using ::tessera::access_type;
using ::tessera::access_type_auto;
using ::tessera::access_type_none;
using ::tessera::access_type_read;
using ::tessera::access_type_read_write;
using ::tessera::access_type_write;
using ::tessera::array;
using ::tessera::array_view;
using ::tessera::completion_future;
using ::tessera::copy;
using ::tessera::copy_async;

// Devices and launches (§3, §7).
using ::tessera::accelerator;
using ::tessera::accelerator_view;
using ::tessera::parallel_for_each;
using ::tessera::queuing_mode;
using ::tessera::queuing_mode_automatic;
using ::tessera::queuing_mode_immediate;

// Atomics (§6) and fences (§4.5.4).
using ::tessera::atomic_compare_exchange;
using ::tessera::atomic_exchange;
using ::tessera::atomic_fetch_add;
using ::tessera::atomic_fetch_and;
using ::tessera::atomic_fetch_dec;
using ::tessera::atomic_fetch_inc;
using ::tessera::atomic_fetch_max;
using ::tessera::atomic_fetch_min;
using ::tessera::atomic_fetch_or;
using ::tessera::atomic_fetch_sub;
using ::tessera::atomic_fetch_xor;
using ::tessera::all_memory_fence;
using ::tessera::global_memory_fence;
using ::tessera::tile_static_memory_fence;

// Exceptions (§12).
using ::tessera::accelerator_view_removed;
using ::tessera::invalid_compute_domain;
using ::tessera::out_of_memory;
using ::tessera::runtime_exception;
using ::tessera::unsupported_feature;

}  // namespace Concurrency

namespace concurrency = ::Concurrency;

namespace tessera::detail {
// C++ AMP programs index views on the host without checks (AV-8); their host code gets C++ AMP's result
// inside the data's storage (host_runtime.hpp). Set while the program starts, before main.
inline const bool host_indexing_set_for_cpp_amp = (host_backend.host_indexing_as_cpp_amp = true);
}  // namespace tessera::detail

// Last: these change how the rest of the translation unit is read, so every header the model needs is
// already in.
#include <tessera/compat/index_macro.hpp>
#include <tessera/compat/restrict_keyword.hpp>
