// Kernels the compiled path's tests run twice: in test_compiled_path.cpp, whose target is built through
// tessera-phases (the compiled path), and in fiber_twins.cpp, built plainly (the fiber path). Internal
// linkage: the two builds' kernels differ in their bodies, and must not be merged as one definition.
#pragma once

#include <tessera/amp.hpp>

#include <cstdint>
#include <vector>

namespace {

using namespace tessera;

// Every 16x16 tile's sum by a tree in tile_static memory, written to each of its elements.
std::vector<int> tile_sums(const std::vector<int>& input, int n) {
  std::vector<int> result(input.size());
  array_view<const int, 2> in(n, n, input);
  array_view<int, 2> out(n, n, result);
  parallel_for_each(in.extent.tile<16, 16>(), [=] restrict_amp (tiled_index<16, 16> t) {
    tile_static int s[256];
    const int l = t.local[0] * 16 + t.local[1];
    s[l] = in[t];
    t.barrier.wait_with_tile_static_memory_fence();
    for (int stride = 128; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    out[t] = s[0];
  });
  out.synchronize();
  return result;
}

// The order in which the threads of each tile ran in each of three phases: for tile k, phase p, the
// local index of the thread that ran i-th is at [(k * 3 + p) * 64 + i].
std::vector<int> run_order(int tiles) {
  std::vector<int> order(static_cast<std::size_t>(tiles) * 3 * 64, -1);
  array_view<int, 1> seen(static_cast<int>(order.size()), order);
  parallel_for_each(extent<1>(tiles * 64).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int next;
    for (int phase = 0; phase < 3; ++phase) {
      if (t.local[0] == 0) next = 0;
      t.barrier.wait();
      const int at = atomic_fetch_add(&next, 1);
      seen[(t.tile[0] * 3 + phase) * 64 + at] = t.local[0];
      t.barrier.wait();
    }
  });
  seen.synchronize();
  return order;
}

// Threads below local 3 wait; the others end: barrier divergence.
void threads_that_skip_the_barrier(int tiles) {
  std::vector<int> data(static_cast<std::size_t>(tiles) * 8);
  array_view<int, 1> out(static_cast<int>(data.size()), data);
  parallel_for_each(out.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    if (t.local[0] >= 3) return;
    t.barrier.wait();
    out[t] = 1;
  });
}

// Two barriers on one line, one in each branch: two barriers (BAR-6).
void two_barriers_on_one_line() {
  std::vector<int> data(8);
  array_view<int, 1> out(8, data);
  parallel_for_each(out.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    if (t.local[0] % 2 == 0) t.barrier.wait(); else t.barrier.wait();
    out[t] = 1;
  });
}

// Threads 5 and 6 of tile 1 read past the end of the view, after a barrier.
void reads_out_of_bounds() {
  std::vector<int> data(32);
  array_view<int, 1> v(32, data);
  parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    const int i = t.global[0];
    t.barrier.wait();
    const bool past = t.tile[0] == 1 && (t.local[0] == 5 || t.local[0] == 6);
    v[t] = v[index<1>(past ? 1000 + i : i)] + 1;
  });
}

// A thread's locals that live across a barrier: 512 KiB of them, far more than a fiber's stack.
std::vector<int> large_locals() {
  std::vector<int> data(8);
  array_view<int, 1> out(8, data);
  parallel_for_each(out.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    int big[128 * 1024];
    for (int i = 0; i < 128 * 1024; ++i) big[i] = i ^ t.global[0];
    t.barrier.wait();
    int sum = 0;
    for (int i = 0; i < 128 * 1024; i += 1024) sum += big[i];
    out[t] = sum;
  });
  out.synchronize();
  return data;
}

// Tile loops (looped.hpp): locals that live across barriers, declared with auto and two to a declaration,
// changed between barriers, under a loop and an if that every thread of a tile takes alike.
std::vector<int> kept_locals(int tiles, int rounds) {
  std::vector<int> data(static_cast<std::size_t>(tiles) * 32);
  array_view<int, 1> out(static_cast<int>(data.size()), data);
  parallel_for_each(out.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    auto mine = t.global[0] * 3;
    int left = 0, right = 0;
    for (int r = 0; r < rounds; ++r) {
      s[t.local[0]] = mine + r;
      t.barrier.wait();
      left += s[(t.local[0] + 31) % 32];
      right += s[(t.local[0] + 1) % 32];
      t.barrier.wait();
    }
    if (rounds > 1) {
      t.barrier.wait();
      mine += 2 * left - right;
    }
    out[t] = mine;
  });
  out.synchronize();
  return data;
}

// In the first phase, thread 9 writes out of bounds before the loop's header and thread 2 after it, on
// its first round: tile loops run the two parts as two loops over the threads, the fiber path each thread
// through both. Thread 2 is the lowest failing thread of the phase either way.
void fails_on_both_sides_of_a_loop_header() {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int i = t.local[0];
    v[index<1>(i == 9 ? 100 : i)] = 1;
    for (int round = 0; round < 2; ++round) {
      v[index<1>(i == 2 && round == 0 ? 200 : i)] += 1;
      t.barrier.wait();
    }
  });
}

// A kernel whose wait sits in a helper: the rewrite leaves it on the fiber path, where it runs as always.
template <int N>
void stage_and_wait(const tiled_index<N>& t, int* slot, int value) {
  *slot = value;
  t.barrier.wait();
}

std::vector<int> neighbour_through_helper(int tiles) {
  std::vector<int> data(static_cast<std::size_t>(tiles) * 32);
  array_view<int, 1> out(static_cast<int>(data.size()), data);
  parallel_for_each(out.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    stage_and_wait(t, &s[t.local[0]], t.global[0] * 3);
    out[t] = s[(t.local[0] + 1) % 32];
  });
  out.synchronize();
  return data;
}

}  // namespace
