// The emulator's launch entry points: parallel_for_each's templates reduce a kernel to a type-erased
// body and hand it to the runtime, which schedules tiles on workers and threads on fibers.
//
// The body is a plain function pointer instantiated per kernel type, so the kernel call inside it is
// inlined: the non-tiled fast path runs a whole range of points per call, the tiled path one thread.
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/detail/launch_capture.hpp>
#include <tessera/detail/row_major.hpp>
#include <tessera/detail/tiled_shape.hpp>
#include <tessera/extent.hpp>
#include <tessera/tiled_index.hpp>

#include <cstdint>
#include <type_traits>
#include <vector>

namespace tessera::emulator {
// The compiled path's kernels (phased.hpp, looped.hpp, included by the sources rewritten for it).
class phased;
struct looped;
}  // namespace tessera::emulator

namespace tessera::emulator::detail {

// What every launch tells the checks about its memory: the kernel-argument block (the launch's copy of
// the kernel object: kernel code may read it) and the memory of every view the kernel captured (global).
struct launch_memory {
  const void* kernel;
  std::size_t kernel_bytes;
  const tessera::detail::captured_memory* globals;
  std::size_t global_count;
  // The kernel's code calls the checks' hooks. A plain build's launch with the checks on (the default
  // mode) is only counted: setting the checks up at every tile cost a 2x2 tile average in tile loops
  // half its time again.
  bool instrumented;
};

// --- non-tiled: no barrier is possible, so no fibers -------------------------------------------------
struct simple_launch : launch_memory {
  // Runs points [first, last); `at` tracks the point being run, so a throwing kernel can be named.
  using range_body = void (*)(const simple_launch&, std::int64_t first, std::int64_t last, std::int64_t& at);
  range_body body;
  int rank;
  const int* extent;  // rank components
  std::int64_t points;
};
void run_simple(const simple_launch& launch);

// --- tiled: every thread of a tile is a fiber --------------------------------------------------------
// The shape (rank, tile_dims, tiles_per_dim, tiles, threads_per_tile) is the model's launch record.
// A thread body gets its tile's index (rank components, row-major), worked out once per tile by the
// runner rather than divided out of the tile number by every thread, and its local index, linearized.
// The tile's index comes by value: kernel code built with the checks' instrumentation must not read the
// runner's memory (a worker's thread-local state, which the checks would take for tile_static memory).
struct tile_position {
  int index[3];
};
// The tile after `at` in row-major order over a grid of `tiles_per_dim` tiles (three components: a
// dimension beyond the rank has one tile, and carries on at once).
inline void step_row_major(tile_position& at, const int* tiles_per_dim) noexcept {
  if (++at.index[2] < tiles_per_dim[2]) return;
  at.index[2] = 0;
  if (++at.index[1] < tiles_per_dim[1]) return;
  at.index[1] = 0;
  ++at.index[0];
}
struct tiled_launch : launch_memory, tessera::detail::tiled_shape {
  using thread_body = void (*)(const tiled_launch&, tile_position tile, int local);
  thread_body body;
  // A kernel rewritten for the compiled path (phased.hpp) instead: makes the thread's coroutine, not yet
  // started, and returns its handle's address. Null for every other kernel.
  using thread_start = void* (*)(const tiled_launch&, tile_position tile, int local);
  thread_start start = nullptr;
  // A kernel rewritten into tile loops (looped.hpp): runs every thread of the tile. Null for every other.
  using tile_body = void (*)(const tiled_launch&, const tile_position& tile);
  tile_body whole_tile = nullptr;
  // The same kernel over up to `count` consecutive tiles from `at`, in row-major order, in one call (a tile
  // of 4 threads spent a fifth of its time getting to the kernel and back), for a run in the threads' own
  // order without the checks. It stops after a tile in which a thread threw (the runner sets `threw`),
  // leaves `at` at the last tile that ran and returns how many ran.
  using tile_run = std::int64_t (*)(const tiled_launch&, tile_position& at, std::int64_t count, const bool& threw);
  tile_run whole_tiles = nullptr;
};
void run_tiled(const tiled_launch& launch);

// The tile-local index a thread is given. TESSERA_TEST_BREAK_BACKEND (a test-only build of the
// conformance suite, never of the library) makes this emulator deliberately wrong: it swaps the first two
// dimensions, which the differ must catch.
template <int N, class Dims>
TESSERA_INLINE_INTO_KERNEL index<N> local_index(int linear, const Dims& dims) {
  index<N> local = tessera::detail::delinearize<N>(linear, dims);
#if defined(TESSERA_TEST_BREAK_BACKEND)
  if constexpr (N >= 2) {
    const int first = local[0];
    local[0] = local[1];
    local[1] = first;
  }
#endif
  return local;
}

template <int N, class Kernel>
void launch(const extent<N>& domain, const Kernel& kernel, tessera::detail::launch_capture capture = {}) {
  // The kernel-argument block: a launch copies its captures, as a GPU does, and the copy brings every
  // captured view's data to where the device computes (`capture`: the host, or the device's mirrors).
  std::vector<tessera::detail::captured_memory> globals;
  capture.seen = &globals;
  const Kernel args = tessera::detail::capture_kernel(kernel, capture);
  int dims[N];
  for (int d = 0; d < N; ++d) dims[d] = domain[d];
  simple_launch l{};
  l.kernel = &args;
  l.kernel_bytes = sizeof args;
  l.globals = globals.data();
  l.global_count = globals.size();
  l.instrumented = TESSERA_INSTRUMENTED_FOR_CHECKS;  // the kernel's code calls the checks' hooks
  l.rank = N;
  l.extent = dims;
  l.points = 1;
  for (int d = 0; d < N; ++d) l.points *= dims[d];
  l.body = [](const simple_launch& self, std::int64_t first, std::int64_t last, std::int64_t& at) {
    const Kernel& k = *static_cast<const Kernel*>(self.kernel);
    index<N> idx = tessera::detail::delinearize<N>(first, self.extent);
    for (at = first; at < last; ++at) {
      k(idx);
      for (int d = N - 1; d >= 0; --d) {  // next point in row-major order
        if (++idx[d] < self.extent[d]) break;
        idx[d] = 0;
      }
    }
  };
  run_simple(l);
}

template <int D0, int D1, int D2, class Kernel>
void launch(const tiled_extent<D0, D1, D2>& domain, const Kernel& kernel, tessera::detail::launch_capture capture = {}) {
  constexpr int rank = tessera::detail::tiled_rank<D0, D1, D2>;
  std::vector<tessera::detail::captured_memory> globals;
  capture.seen = &globals;
  const Kernel args = tessera::detail::capture_kernel(kernel, capture);
  tiled_launch l{};
  static_cast<tessera::detail::tiled_shape&>(l) = tessera::detail::shape_of(domain);
  l.kernel = &args;
  l.kernel_bytes = sizeof args;
  l.globals = globals.data();
  l.global_count = globals.size();
  l.instrumented = TESSERA_INSTRUMENTED_FOR_CHECKS;  // the kernel's code calls the checks' hooks
  // The thread's index. The tile's shape is known here at compile time: the local index costs shifts and
  // multiplications, not divisions.
  static constexpr auto thread_index = [](tile_position tile, int local) {
    constexpr auto tile_shape = tessera::detail::tile_extent_of<D0, D1, D2>();
    index<rank> tile_index;
    for (int d = 0; d < rank; ++d) tile_index[d] = tile.index[d];
    return tessera::detail::make_tiled_index<D0, D1, D2>(tile_index, local_index<rank>(local, tile_shape));
  };
  using result = std::invoke_result_t<const Kernel&, tiled_index<D0, D1, D2>>;
  if constexpr (std::is_same_v<result, looped>) {
    l.body = nullptr;
    l.whole_tile = [](const tiled_launch& self, const tile_position& tile) {
      const Kernel& k = *static_cast<const Kernel*>(self.kernel);
      k(thread_index(tile, 0));
    };
    l.whole_tiles = [](const tiled_launch& self, tile_position& at, std::int64_t count, const bool& threw) -> std::int64_t {
      const Kernel& k = *static_cast<const Kernel*>(self.kernel);
      tile_position tile = at;  // in registers while the kernel runs
      std::int64_t ran = 1;
      for (;; ++ran) {
        k(thread_index(tile, 0));
        if (threw || ran == count) break;
        step_row_major(tile, self.tiles_per_dim);
      }
      at = tile;
      return ran;
    };
  } else if constexpr (std::is_same_v<result, phased>) {
    // The runner does not destroy a finished thread's frame (phase_runner.cpp): nothing in it may need to.
    static_assert(std::is_trivially_destructible_v<tiled_index<D0, D1, D2>>);
    l.body = nullptr;
    l.start = [](const tiled_launch& self, tile_position tile, int local) -> void* {
      const Kernel& k = *static_cast<const Kernel*>(self.kernel);
      return k(thread_index(tile, local)).release().address();
    };
  } else {
    l.body = [](const tiled_launch& self, tile_position tile, int local) {
      const Kernel& k = *static_cast<const Kernel*>(self.kernel);
      k(thread_index(tile, local));
    };
  }
  run_tiled(l);
}

}  // namespace tessera::emulator::detail
