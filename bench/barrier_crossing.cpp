// The emulator's barrier crossing against a bare fiber switch, measured in the same run.
//
// A barrier crossing is one kernel thread stopping at tile_barrier::wait and the next thread of the
// phase starting on the same worker: one context switch plus the emulator's bookkeeping. A tile of T
// threads that waits at B barriers makes T x B crossings; the time of a launch with B = 0 (fiber
// start-up, launch overhead) is subtracted, so what remains is the crossings alone. One worker, so no
// crossing waits on another worker.
//
// Baselines, in the same run (one measurement of each per round, alternating, median over the rounds):
//   - bare switch, 2 fibers: two Boost.Context fibers ping-ponging with jump_fcontext, nothing else;
//     the price of one switch when everything is in the L1 cache.
//   - bare switch, ring of N: N fibers, each jumping straight to the next, which is the order a barrier
//     phase runs in. The fibers' stacks are laid out like the emulator's (emulator/src/core/stack_pool.cpp),
//     so this is the floor for a fiber-per-thread emulator with the same memory footprint.
//   - serial loop: T x B iterations of a plain loop (one volatile store each), the kernel's own loop
//     without any emulation.
// Headline: crossing / bare switch (2 fibers); goal <= 2.
#include "machine.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <boost/context/detail/fcontext.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace ctx = boost::context::detail;

namespace {

constexpr int barriers = 1000;
constexpr int rounds = 15;
constexpr long switches_per_ring_run = 1 << 20;  // about as many as the largest tile's crossings

// Fiber stacks as emulator/src/core/stack_pool.cpp makes them: one mapping each, guard pages below, usable
// size rounded up to pages, tops staggered by one cache line per stack (32 slots).
class fiber_stacks {
 public:
  explicit fiber_stacks(int n) {
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    guard_ = 16 * page;
    usable_ = (64 * 1024 + 64 * 32 + page - 1) / page * page;
    for (int i = 0; i < n; ++i) {
      void* m = mmap(nullptr, guard_ + usable_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
      if (m == MAP_FAILED) {
        std::perror("mmap");
        std::exit(1);
      }
      mprotect(m, guard_, PROT_NONE);
      bases_.push_back(static_cast<char*>(m));
    }
  }
  ~fiber_stacks() {
    for (char* b : bases_) munmap(b, guard_ + usable_);
  }
  fiber_stacks(const fiber_stacks&) = delete;
  fiber_stacks& operator=(const fiber_stacks&) = delete;
  void* top(int i) const { return bases_[i] + guard_ + usable_ - static_cast<std::size_t>(i % 32) * 64; }
  std::size_t size(int i) const { return usable_ - static_cast<std::size_t>(i % 32) * 64; }

 private:
  std::size_t guard_ = 0, usable_ = 0;
  std::vector<char*> bases_;
};

// N bare fibers in a ring; each jumps straight to the next until `remaining` switches are done, then
// back to main. The fibers live across runs (a run resumes the one that stopped last), so a run is
// switches only. N = 2 is a ping-pong.
class fiber_ring {
 public:
  explicit fiber_ring(int n) : n_(n), stacks_(n), fibers_(n) {
    for (int i = 0; i < n; ++i) fibers_[i] = ctx::make_fcontext(stacks_.top(i), stacks_.size(i), &fiber_ring::entry);
  }

  // Seconds for `switches` fiber-to-fiber switches (plus the one in from main and the one back).
  double run(long switches) {
    remaining_ = switches;
    return bench::seconds([&] {
      from_ = -1;
      const ctx::transfer_t back = ctx::jump_fcontext(fibers_[current_], this);
      fibers_[from_] = back.fctx;  // the fiber that came back; the next run resumes it
    });
  }

 private:
  static void entry(ctx::transfer_t t) {
    auto* r = static_cast<fiber_ring*>(t.data);
    r->save(t.fctx);
    for (;;) {
      const int self = r->current_;
      r->from_ = self;
      if (r->remaining_-- <= 0) {  // this run is over: back to main
        r->save(ctx::jump_fcontext(r->home_, r).fctx);
        continue;
      }
      r->current_ = self + 1 == r->n_ ? 0 : self + 1;
      r->save(ctx::jump_fcontext(r->fibers_[r->current_], r).fctx);
    }
  }
  // Whoever jumped to the running fiber is suspended now: keep its context.
  void save(ctx::fcontext_t f) { (from_ < 0 ? home_ : fibers_[from_]) = f; }

  int n_;
  fiber_stacks stacks_;
  std::vector<ctx::fcontext_t> fibers_;
  ctx::fcontext_t home_ = nullptr;
  int current_ = 0;
  int from_ = -1;
  long remaining_ = 0;
};

tessera::accelerator_view emulator_view() { return tessera::accelerator(tessera::accelerator::emulator_accelerator).get_default_view(); }

// Seconds for one launch of one tile of T threads, each waiting at `count` barriers.
template <int T>
double launch_seconds(int count) {
  using namespace tessera;
  const accelerator_view view = emulator_view();
  return bench::seconds([&] {
    parallel_for_each(view, extent<1>(T).tile<T>(), [=] restrict_amp (tiled_index<T> t) {
      for (int i = 0; i < count; ++i) t.barrier.wait();
    });
  });
}

double serial_loop_seconds(int threads) {
  volatile int sink = 0;
  return bench::seconds([&] {
    for (int t = 0; t < threads; ++t)
      for (int i = 0; i < barriers; ++i) sink = i;
  });
}

struct row {
  int threads;
  std::vector<double> pingpong, ring, launch_empty, launch_full, serial;  // seconds, one per round
};

template <int T>
void measure_round(row& r, fiber_ring& pingpong, fiber_ring& ring) {
  r.pingpong.push_back(pingpong.run(switches_per_ring_run) / static_cast<double>(switches_per_ring_run + 2));
  const long ring_switches = static_cast<long>(T) * barriers;
  r.ring.push_back(ring.run(ring_switches) / static_cast<double>(ring_switches + 2));
  r.launch_empty.push_back(launch_seconds<T>(0));
  r.launch_full.push_back(launch_seconds<T>(barriers));
  r.serial.push_back(serial_loop_seconds(T) / (static_cast<double>(T) * barriers));
}

}  // namespace

int main() {
  tessera::emulator::set_workers(1);
  tessera::emulator::set_seed(0);
  const tessera::emulator::options o = tessera::emulator::get_options();

  std::printf("Barrier crossing on the emulator vs a bare Boost.Context switch, measured in the same run\n");
  std::printf("machine: %s\n", bench::machine().c_str());
  std::printf("build: %s\n", bench::build().c_str());
  std::printf("emulator: %u worker, seed %llu, memory checks option %s (these kernels are not instrumented)\n",
              tessera::emulator::effective_workers(), static_cast<unsigned long long>(o.seed), o.checks == tessera::emulator::check_mode::off ? "off" : "on");
  std::printf("%d barriers per thread; median of %d rounds\n\n", barriers, rounds);

  fiber_ring pingpong(2), ring64(64), ring256(256), ring1024(1024);
  row rows[] = {{64, {}, {}, {}, {}, {}}, {256, {}, {}, {}, {}, {}}, {1024, {}, {}, {}, {}, {}}};
  // Warm-up: fault in every stack, make the worker and its fiber stacks, start the thread pool.
  for (fiber_ring* r : {&pingpong, &ring64, &ring256, &ring1024}) r->run(switches_per_ring_run);
  launch_seconds<1024>(barriers);
  for (int k = 0; k < rounds; ++k) {
    measure_round<64>(rows[0], pingpong, ring64);
    measure_round<256>(rows[1], pingpong, ring256);
    measure_round<1024>(rows[2], pingpong, ring1024);
  }

  std::printf("| threads per tile | bare switch, 2 fibers (ns) | bare switch, ring of N (ns) | barrier crossing (ns) | "
              "**crossing / bare switch** | crossing / ring switch | serial loop (ns/iteration) | launch, no barrier (us) |\n"
              "|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  double worst = 0;
  for (const row& r : rows) {
    const double pp = bench::median(r.pingpong) * 1e9;
    const double ring = bench::median(r.ring) * 1e9;
    const double empty = bench::median(r.launch_empty);
    const double cross = (bench::median(r.launch_full) - empty) * 1e9 / (static_cast<double>(r.threads) * barriers);
    worst = std::max(worst, cross / pp);
    std::printf("| %d | %.2f | %.2f | %.2f | **%.2f** | %.2f | %.2f | %.1f |\n", r.threads, pp, ring, cross, cross / pp,
                cross / ring, bench::median(r.serial) * 1e9, empty * 1e6);
  }
  std::printf("\ngoal, a crossing within 2x of a bare switch: %s (worst %.2fx)\n", worst <= 2.0 ? "met" : "NOT met", worst);
}
