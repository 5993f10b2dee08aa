// looped: a tiled kernel as the emulator's compiled path runs it when every barrier sits in control flow
// that all threads of a tile take alike - the code between two barriers run as a loop over the tile's
// threads, as POCL and AdaptiveCpp run OpenCL and SYCL work-groups on a CPU. No coroutine per thread, no
// frame, no resume: the kernel is called once per tile and runs its threads itself.
//
// Kernel sources never spell this. tessera-phases (tools/phases, tile_loops.cpp) rewrites, in the copy
// compiled for a target that asks for it (tessera_phased_kernels), a kernel whose barriers sit only in its
// own body's statement lists, in `if`s and loops whose conditions every thread computes alike (constants,
// captured values, counters of those loops):
//
//   [=] restrict_amp (tiled_index<256> t) {
//     tile_static int s[256];
//     const int l = t.local[0];
//     s[l] = in[t];
//     t.barrier.wait();
//     for (int stride = 128; stride > 0; stride /= 2) { if (l < stride) s[l] += s[l + stride]; t.barrier.wait(); }
//     out[t] = s[0];
//   }
// becomes (on the same lines)
//   [=] restrict_amp (tiled_index<256> t, ::tessera::emulator::looped = {}) -> ::tessera::emulator::looped {
//     ::tessera::emulator::tile_loop tessera_tile(t);
//     tile_static int s[256];
//     int tessera_v_l[threads]; for (each thread i) { auto t = tessera_tile.index(i); try {
//       const auto& l = (tessera_v_l[i] = (t.local[0]));  s[l] = in[t]; } catch (...) { tessera_tile.threw(i); } }
//     { if (tessera_tile.phase_end()) return {}; }
//     for (int stride = 128; stride > 0; stride /= 2) { for (each thread i) { auto& l = tessera_v_l[i]; ... } { if ... } }
//     ...
//     return {}; }
//
// A local that lives across a barrier becomes an array of one element per thread; the others stay where
// they were, inside the loop. The threads of a phase run in the fiber path's order (schedule_order.hpp);
// a thread that throws sits out the rest of its phase and the tile ends after it, reported as on the other
// paths (the lowest such thread). Control flow the threads could take differently (a barrier under a
// condition on the thread's index, a `return`) keeps the kernel a coroutine (phased.hpp), which reports
// divergence.
#pragma once

#include <tessera/emulator/launch.hpp>
#include <tessera/tiled_index.hpp>

#include <cstdint>
#include <type_traits>  // the kept locals' arrays: std::remove_cv_t

namespace tessera::emulator {

// The return type of a kernel rewritten into tile loops (called once per tile, it runs every thread), and
// the type of a second parameter with a default, which gives the kernel's call operator a name apart from
// the same kernel's as a coroutine or as written (tools/phases/src/tile_loops.cpp says why).
struct looped {};

namespace detail {

// The running tile's state that the rewritten kernel reads in its loops; the phase runner owns it.
struct tile_loop_state {
  const int* order = nullptr;        // this phase's order of the threads; null: local-index order (seed 0)
  const unsigned char* out = nullptr;  // per thread: it threw, and sits out the rest of the tile
  bool failed = false;               // a thread threw in this phase
};

// The running tile's state; outside the phase runner this throws unsupported_feature.
tile_loop_state& running_tile_loop();
// The exception being handled left thread `local`'s code: kept for the tile's report.
void tile_loop_thread_threw(int local) noexcept;
// A barrier, at a seed other than 0: the next phase's order is set.
void tile_loop_next_order();

}  // namespace detail

// What a rewritten kernel's loops ask: the k-th thread of the phase, its index, whether it sits out.
template <int D0, int D1, int D2>
class tile_loop {
 public:
  static constexpr int rank = tessera::detail::tiled_rank<D0, D1, D2>;
  static constexpr int threads = D0 * (D1 > 0 ? D1 : 1) * (D2 > 0 ? D2 : 1);

  // From the index the tile's call was given (its first thread's: the tile is what counts).
  explicit tile_loop(const tiled_index<D0, D1, D2>& first) : tile_(first.tile), state_(detail::running_tile_loop()) {}

  // The local index (linearized) of the phase's k-th thread.
  int thread_at(int k) const noexcept { return state_.order == nullptr ? k : state_.order[k]; }
  bool sits_out(int local) const noexcept { return state_.failed && state_.out[local] != 0; }
  tiled_index<D0, D1, D2> index(int local) const noexcept {
    constexpr auto tile_shape = tessera::detail::tile_extent_of<D0, D1, D2>();
    return tessera::detail::make_tiled_index<D0, D1, D2>(tile_, detail::local_index<rank>(local, tile_shape));
  }
  void threw(int local) noexcept { detail::tile_loop_thread_threw(local); }
  // A barrier: true when a thread threw in the phase that ends here (the tile ends).
  bool phase_end() {
    if (state_.failed) return true;
    if (state_.order != nullptr) detail::tile_loop_next_order();
    return false;
  }

 private:
  tessera::index<rank> tile_;
  detail::tile_loop_state& state_;
};

}  // namespace tessera::emulator
