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
//     int tessera_v_l[threads]; tessera_tile.each_thread([&](const int i) { auto t = tessera_tile.index(i); try {
//       const auto& l = (tessera_v_l[i] = (t.local[0]));  s[l] = in[t]; } catch (...) { tessera_tile.threw(i); } });
//     { if (tessera_tile.phase_end()) return {}; }
//     for (int stride = 128; stride > 0; stride /= 2) {
//       tessera_tile.each_thread([&](const int i) { auto& l = tessera_v_l[i]; ... }); { if ... } }
//     ...
//     return {}; }
//
// A local that lives across a barrier becomes an array of one element per thread; the others stay where
// they were, inside the lambda. The threads of a phase run in the fiber path's order (schedule_order.hpp);
// a thread that throws sits out the rest of its phase and the tile ends after it, reported as on the other
// paths (the lowest such thread). Control flow the threads could take differently (a barrier under a
// condition on the thread's index, a `return`) keeps the kernel a coroutine (phased.hpp), which reports
// divergence.
#pragma once

#include <tessera/emulator/launch.hpp>
#include <tessera/memory_scope.hpp>
#include <tessera/source_site.hpp>
#include <tessera/tiled_index.hpp>

#include <cstdint>
#include <type_traits>  // the kept locals' arrays: std::remove_cv_t

namespace tessera::emulator {

// The return type of a kernel rewritten into tile loops (called once per tile, it runs every thread), and
// the type of a second parameter with a default, which gives the kernel's call operator a name apart from
// the same kernel's as a coroutine or as written (tools/phases/src/tile_loops.cpp says why).
struct looped {};

namespace detail {

// The running tile's state that the rewritten kernel reads in its loops; the phase runner owns it. In a
// checked build the kernel's code reads it through the instrumentation, so the runner keeps it (and the
// arrays it points to) where the checks take it for the launch's own arguments, never shared memory.
struct tile_loop_state {
  const int* order = nullptr;        // this phase's order of the threads; null: local-index order (seed 0)
  const unsigned char* out = nullptr;  // per thread: it threw, and sits out the rest of the tile
  bool failed = false;               // a thread threw in this phase
  bool checked = false;              // the checks follow the tile: barriers are theirs to see
  int running = -1;                  // the thread whose code runs (its local index), for the checks
};

// The running tile's state; outside the phase runner this throws unsupported_feature.
tile_loop_state& running_tile_loop();
// The exception being handled left thread `local`'s code: kept for the tile's report.
void tile_loop_thread_threw(int local) noexcept;
// A barrier, at a seed other than 0: the next phase's order is set.
void tile_loop_next_order();
// A barrier of a checked tile: the checks' barrier interval ends.
void tile_loop_barrier(memory_scope scope, const source_site& site);
// Thread `local` of a checked tile runs from here on.
void tile_loop_runs(int local) noexcept;

}  // namespace detail

// The end of one thread's run in a checked build's tile loops: no memory access moves across it. Without
// it the optimizer may merge the accesses of a phase's threads (a store every thread makes becomes one
// after the loop, a load every thread makes one before it), and the checks would see one thread's access
// where the fiber path shows them each thread's.
inline void thread_ends() noexcept { asm volatile("" ::: "memory"); }

// The tag of a kernel rewritten for a checked build (tessera-phases --checked): its tile_loop tells the
// checks which thread runs and where its barriers are.
struct checked_loops_t {};
inline constexpr checked_loops_t checked_loops{};

// What a rewritten kernel's loops ask: the k-th thread of the phase, its index, whether it sits out.
// `Checked`: rewritten for a checked build; a plain build's loops pay nothing for the checks.
template <int D0, int D1, int D2, bool Checked = false>
class tile_loop {
 public:
  static constexpr int rank = tessera::detail::tiled_rank<D0, D1, D2>;
  static constexpr int threads = D0 * (D1 > 0 ? D1 : 1) * (D2 > 0 ? D2 : 1);

  // From the index the tile's call was given (its first thread's: the tile is what counts). What the loops
  // ask at every thread is copied here, into the kernel's own frame, where the optimizer keeps it in
  // registers: in a checked build every read of the runner's state would be an instrumented access.
  explicit tile_loop(const tiled_index<D0, D1, D2>& first)
      : tile_(first.tile), state_(detail::running_tile_loop()), order_(state_.order), checked_(Checked && state_.checked) {}
  tile_loop(const tiled_index<D0, D1, D2>& first, checked_loops_t) : tile_loop(first) {}

  // The local index (linearized) of the phase's k-th thread.
  int thread_at(int k) const noexcept { return order_ == nullptr ? k : order_[k]; }
  // A phase's run of statements for each of its threads: `thread(local)`, the rewrite's lambda (inlined
  // here), in the phase's order, but for a thread that threw and sits out. A tile of at most
  // `unrolled_threads` in local order (seed 0) has its loop unrolled: each copy's local index is a
  // constant, and most of the index arithmetic folds away (a 2x2 tile average: 405 -> 266 instructions a
  // tile). Larger tiles keep one loop: copies of their statements would cost more than they save.
  static constexpr int unrolled_threads = 16;
  template <class Thread>
  [[gnu::always_inline]] void each_thread(Thread&& thread) {
    if constexpr (threads <= unrolled_threads) {
      if (order_ == nullptr) {
#pragma GCC unroll 16
        for (int i = 0; i < threads; ++i)
          if (!sits_out(i)) thread(i);
        return;
      }
    }
    for (int k = 0; k < threads; ++k)
      if (const int i = thread_at(k); !sits_out(i)) thread(i);
  }
  bool sits_out(int local) const noexcept { return failed_ && state_.out[local] != 0; }
  // Thread `local`'s code runs from here on: a checked build's monitor takes every access for its. A
  // call into the runner, not a store here: the kernel's own store would be one more checked access.
  void runs(int local) const noexcept {
    if constexpr (Checked)
      if (checked_) detail::tile_loop_runs(local);
  }
  // Thread `local`'s index; its code runs from here on. Always inlined, as the arithmetic it calls is
  // (config.hpp, TESSERA_INLINE_INTO_KERNEL): each_thread's copies fold it with their constant.
  [[gnu::always_inline]] tiled_index<D0, D1, D2> index(int local) const noexcept {
    runs(local);
    constexpr auto tile_shape = tessera::detail::tile_extent_of<D0, D1, D2>();
    return tessera::detail::make_tiled_index<D0, D1, D2>(tile_, detail::local_index<rank>(local, tile_shape));
  }
  void threw(int local) noexcept {
    failed_ = true;
    detail::tile_loop_thread_threw(local);
  }
  // A barrier (its fence, and where it was written: the rewrite keeps the line): true when a thread threw
  // in the phase that ends here (the tile ends).
  bool phase_end(memory_scope scope = memory_scope::all_memory, source_site site = source_site::current()) {
    if (failed_) return true;
    if constexpr (Checked)
      if (checked_) detail::tile_loop_barrier(scope, site);
    if (order_ != nullptr) detail::tile_loop_next_order();  // the same table, refilled
    return false;
  }

 private:
  tessera::index<rank> tile_;
  detail::tile_loop_state& state_;
  const int* order_;
  bool checked_;  // the checks follow this tile (a checked build, run with them on)
  bool failed_ = false;  // a thread threw (the runner's state says so too, and which)
};
template <int D0, int D1, int D2>
tile_loop(const tiled_index<D0, D1, D2>&) -> tile_loop<D0, D1, D2, false>;
template <int D0, int D1, int D2>
tile_loop(const tiled_index<D0, D1, D2>&, checked_loops_t) -> tile_loop<D0, D1, D2, true>;

}  // namespace tessera::emulator
