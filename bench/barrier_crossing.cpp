// The emulator's barrier against a bare fiber switch, measured in the same run.
//
// A barrier crossing is one thread of a tile stopping at tile_barrier::wait and the next thread of the
// phase starting; the baseline is the same number of threads as Boost.Context fibers in a ring, each
// jumping straight to the next (the least a fiber-per-thread emulator can do). One worker, so both
// measure the switch path alone. Goal: a crossing within 2x of a bare switch.
#include "machine.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <boost/context/detail/fcontext.hpp>

#include <cstdio>
#include <memory>
#include <vector>

namespace ctx = boost::context::detail;

namespace {

constexpr int rounds = 200;

// A ring of n fibers; each round every fiber jumps to the next one. Returns ns per switch.
double bare_switch_ns(int n) {
  struct ring {
    std::vector<ctx::fcontext_t> fibers;
    ctx::fcontext_t home = nullptr;
    int current = 0;
    int from = -1;  // who jumped last; -1 is main
    int n = 0;
    long remaining = 0;
    void save(ctx::fcontext_t f) { (from < 0 ? home : fibers[from]) = f; }
  } r;
  r.n = n;
  constexpr std::size_t stack = 64 * 1024;
  std::vector<std::unique_ptr<char[]>> stacks;
  auto entry = [](ctx::transfer_t t) {
    auto* r = static_cast<ring*>(t.data);
    r->save(t.fctx);
    for (;;) {
      const int self = r->current;
      r->from = self;
      if (--r->remaining <= 0) ctx::jump_fcontext(r->home, r);  // done; never resumed
      r->current = self + 1 == r->n ? 0 : self + 1;
      r->save(ctx::jump_fcontext(r->fibers[r->current], r).fctx);
    }
  };
  for (int i = 0; i < n; ++i) stacks.push_back(std::make_unique<char[]>(stack + i * 64));  // staggered tops
  auto run_once = [&] {
    r.fibers.assign(n, nullptr);
    for (int i = 0; i < n; ++i) r.fibers[i] = ctx::make_fcontext(stacks[i].get() + stack + i * 64, stack, entry);
    r.current = 0;
    r.from = -1;
    r.remaining = static_cast<long>(n) * rounds;
    ctx::jump_fcontext(r.fibers[0], &r);
  };
  run_once();  // warm the stacks
  // The first pass enters each fresh fiber through entry(); later jumps resume it: both are one switch.
  const double s = bench::median_seconds(7, run_once);
  return s * 1e9 / (static_cast<double>(n) * rounds);
}

double barrier_crossing_ns(int threads) {
  using namespace tessera;
  auto launch = [&](auto tile_tag) {
    constexpr int T = decltype(tile_tag)::value;
    parallel_for_each(extent<1>(T).tile<T>(), [](tiled_index<T> t) {
      for (int i = 0; i < rounds; ++i) t.barrier.wait();
    });
  };
  auto run = [&] {
    if (threads == 64) launch(std::integral_constant<int, 64>{});
    else if (threads == 256) launch(std::integral_constant<int, 256>{});
    else launch(std::integral_constant<int, 1024>{});
  };
  run();
  const double s = bench::median_seconds(7, run);
  return s * 1e9 / (static_cast<double>(threads) * rounds);
}

// The same number of iterations as crossings, as a plain serial loop (one volatile store each): what the
// kernel's own work costs without any emulation.
double serial_loop_ns(int threads) {
  volatile int sink = 0;
  auto run = [&] {
    for (int t = 0; t < threads; ++t)
      for (int i = 0; i < rounds; ++i) sink = i;
  };
  const double s = bench::median_seconds(7, run);
  return s * 1e9 / (static_cast<double>(threads) * rounds);
}

}  // namespace

int main() {
  tessera::emulator::set_workers(1);
  std::printf("barrier crossing vs bare fiber switch (1 worker, %d barriers per thread, median of 7)\n", rounds);
  std::printf("machine: %s\n\n", bench::machine().c_str());
  std::printf("| threads per tile | serial loop (ns/iteration) | bare switch (ns) | barrier crossing (ns) | crossing / switch |\n"
              "|---:|---:|---:|---:|---:|\n");
  for (int threads : {64, 256, 1024}) {
    const double sw = bare_switch_ns(threads);
    const double cross = barrier_crossing_ns(threads);
    std::printf("| %d | %.2f | %.1f | %.1f | %.2f |\n", threads, serial_loop_ns(threads), sw, cross, cross / sw);
  }
}
