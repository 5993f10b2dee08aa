// Buggy kernels: races and uninitialized reads on tile_static memory (MEM-3..MEM-6, MEM-9, TS-4).
#include "corpus.hpp"

#include <tessera/amp.hpp>

#include <vector>

namespace corpus {
namespace {
using namespace tessera;

// The C++ AMP documentation's race: every thread adds into one tile_static variable.
void documentation_total_race() {
  std::vector<float> in(64, 1.0f), out(4);
  array_view<const float, 1> a(64, in);
  array_view<float, 1> b(4, out);
  parallel_for_each(a.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static float total;
    if (t.local[0] == 0) total = 0;
    t.barrier.wait();
    total += a[t];  // expect: write after write, read after write, write after read
    t.barrier.wait();
    if (t.local[0] == 0) b[t.tile] = total;
  });
}

void neighbour_read_without_barrier() {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) restrict_amp {
    tile_static int s[32];
    s[t.local[0]] = t.local[0];  // expect: read after write, write after read
    v[t] = s[(t.local[0] + 31) % 32];  // expect: read after write, write after read, uninitialized read
  });
}

void overwrite_while_neighbour_reads() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[16];
    s[t.local[0]] = 1;
    t.barrier.wait();
    const int next = s[(t.local[0] + 1) % 16];  // expect: write after read, read after write
    s[t.local[0]] = next + 1;                    // expect: write after read, read after write
    t.barrier.wait();
    v[t] = s[t.local[0]];
  });
}

void two_threads_store_different_values() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int winner;
    if (t.local[0] < 2) winner = t.local[0];  // expect: write after write
    t.barrier.wait();
    v[t] = winner;
  });
}

void reduction_missing_barrier_in_loop() {
  std::vector<float> in(256, 1.0f), out(4);
  array_view<const float, 1> a(256, in);
  array_view<float, 1> b(4, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
    tile_static float s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 32; stride > 0; stride /= 2)
      if (l < stride) s[l] += s[l + stride];  // expect: read after write, write after read
    t.barrier.wait();
    if (l == 0) b[t.tile] = s[0];
  });
}

void reduction_missing_barrier_after_load() {
  std::vector<float> in(256, 1.0f), out(4);
  array_view<const float, 1> a(256, in);
  array_view<float, 1> b(4, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
    tile_static float s[64];
    const int l = t.local[0];
    s[l] = a[t];  // expect: read after write, write after read
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];  // expect: read after write, write after read, uninitialized read
      t.barrier.wait();
    }
    if (l == 0) b[t.tile] = s[0];
  });
}

void exchange_across_global_only_fence() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[16];
    s[t.local[0]] = t.local[0];  // expect: read after write, write after read
    t.barrier.wait_with_global_memory_fence();
    v[t] = s[15 - t.local[0]];  // expect: read after write, write after read
  });
}

void plain_store_next_to_tile_static_atomic() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int count;
    if (t.local[0] == 0) count = 0;
    t.barrier.wait();
    atomic_fetch_add(&count, 1);           // expect: write next to atomic
    if (t.local[0] == 5) count = 100;      // expect: write next to atomic
    t.barrier.wait();
    v[t] = count;
  });
}

void half_the_slots_never_written() {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  parallel_for_each(v.extent.tile<8>(), [=](tiled_index<8> t) restrict_amp {
    tile_static int s[8];
    if (t.local[0] < 4) s[t.local[0]] = 1;
    t.barrier.wait();
    v[t] = s[t.local[0]];  // expect: uninitialized read
  });
}

void read_before_anyone_wrote() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[16];
    v[t] = s[t.local[0]];  // expect: uninitialized read
    s[t.local[0]] = 1;
  });
}

void matmul_missing_barrier_after_loads() {
  constexpr int n = 32;
  std::vector<float> a(n * n, 1.0f), b(n * n, 1.0f), c(n * n);
  array_view<const float, 2> av(n, n, a), bv(n, n, b);
  array_view<float, 2> cv(n, n, c);
  parallel_for_each(cv.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict_amp {
    tile_static float ta[16][16], tb[16][16];
    const int r = t.local[0], col = t.local[1];
    float sum = 0;
    for (int k = 0; k < n; k += 16) {
      ta[r][col] = av(t.global[0], k + col);  // expect: read after write, write after read
      tb[r][col] = bv(k + r, t.global[1]);    // expect: read after write, write after read
      for (int j = 0; j < 16; ++j) sum += ta[r][j] * tb[j][col];  // expect: read after write, write after read, uninitialized read
      t.barrier.wait();
    }
    cv[t] = sum;
  });
}

void matmul_missing_barrier_before_next_loads() {
  constexpr int n = 32;
  std::vector<float> a(n * n, 1.0f), b(n * n, 1.0f), c(n * n);
  array_view<const float, 2> av(n, n, a), bv(n, n, b);
  array_view<float, 2> cv(n, n, c);
  parallel_for_each(cv.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict_amp {
    tile_static float ta[16][16], tb[16][16];
    const int r = t.local[0], col = t.local[1];
    float sum = 0;
    for (int k = 0; k < n; k += 16) {
      ta[r][col] = av(t.global[0], k + col);  // expect: write after read, read after write
      tb[r][col] = bv(k + r, t.global[1]);    // expect: write after read, read after write
      t.barrier.wait();
      for (int j = 0; j < 16; ++j) sum += ta[r][j] * tb[j][col];  // expect: write after read, read after write
    }
    cv[t] = sum;
  });
}

void transpose_without_barrier() {
  constexpr int n = 32;
  std::vector<int> in(n * n), out(n * n);
  array_view<const int, 2> a(n, n, in);
  array_view<int, 2> b(n, n, out);
  parallel_for_each(a.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict_amp {
    tile_static int s[16][16];
    s[t.local[0]][t.local[1]] = a[t];  // expect: read after write, write after read
    b(t.tile_origin[1] + t.local[0], t.tile_origin[0] + t.local[1]) = s[t.local[1]][t.local[0]];  // expect: read after write, write after read, uninitialized read
  });
}

struct pair_of_fields {
  int count;
  int last;
};

void two_threads_write_the_same_struct_field() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static pair_of_fields p;
    if (t.local[0] == 0) p.count = 1;
    if (t.local[0] == 1) p.count = 2;  // expect: write after write
    if (t.local[0] == 2) p.last = 3;
    t.barrier.wait();
    v[t] = p.count + p.last;
  });
}

void histogram_with_plain_increments() {
  std::vector<int> in(64), out(4);
  for (int i = 0; i < 64; ++i) in[i] = i % 4;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> b(4, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
    tile_static int bins[4];
    if (t.local[0] < 4) bins[t.local[0]] = 0;
    t.barrier.wait();
    bins[a[t]] += 1;  // expect: write after write, read after write, write after read
    t.barrier.wait();
    if (t.local[0] < 4) b[t.local[0]] = bins[t.local[0]];
  });
}

void in_place_scan_without_double_buffering() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = 1;
    t.barrier.wait();
    for (int offset = 1; offset < 16; offset *= 2) {
      if (l >= offset) s[l] += s[l - offset];  // expect: read after write, write after read
      t.barrier.wait();
    }
    v[t] = s[l];
  });
}

const registrar r1{{"DocumentationTotalRace", "MEM-5", expectation::hazard, "read after write, write after read, write after write", __FILE__, &documentation_total_race}};
const registrar r2{{"NeighbourReadWithoutBarrier", "MEM-5", expectation::hazard, "read after write, write after read", __FILE__, &neighbour_read_without_barrier}};
const registrar r3{{"OverwriteWhileNeighbourReads", "MEM-5", expectation::hazard, "read after write, write after read", __FILE__, &overwrite_while_neighbour_reads}};
const registrar r4{{"TwoThreadsStoreDifferentValues", "MEM-5", expectation::hazard, "write after write", __FILE__, &two_threads_store_different_values}};
const registrar r5{{"ReductionMissingBarrierInLoop", "BAR-1", expectation::hazard, "read after write, write after read", __FILE__, &reduction_missing_barrier_in_loop}};
const registrar r6{{"ReductionMissingBarrierAfterLoad", "BAR-1", expectation::hazard, "read after write, write after read", __FILE__, &reduction_missing_barrier_after_load}};
const registrar r7{{"ExchangeAcrossGlobalOnlyFence", "MEM-9", expectation::hazard, "read after write, write after read", __FILE__, &exchange_across_global_only_fence}};
const registrar r8{{"PlainStoreNextToTileStaticAtomic", "MEM-3", expectation::hazard, "write next to atomic", __FILE__, &plain_store_next_to_tile_static_atomic}};
const registrar r9{{"HalfTheSlotsNeverWritten", "TS-4", expectation::hazard, "uninitialized read", __FILE__, &half_the_slots_never_written}};
const registrar r10{{"ReadBeforeAnyoneWrote", "TS-4", expectation::hazard, "uninitialized read", __FILE__, &read_before_anyone_wrote}};
const registrar r11{{"MatmulMissingBarrierAfterLoads", "BAR-1", expectation::hazard, "read after write, write after read", __FILE__, &matmul_missing_barrier_after_loads}};
const registrar r12{{"MatmulMissingBarrierBeforeNextLoads", "BAR-1", expectation::hazard, "read after write, write after read", __FILE__, &matmul_missing_barrier_before_next_loads}};
const registrar r13{{"TransposeWithoutBarrier", "BAR-1", expectation::hazard, "read after write, write after read", __FILE__, &transpose_without_barrier}};
const registrar r14{{"TwoThreadsWriteTheSameStructField", "MEM-5", expectation::hazard, "write after write", __FILE__, &two_threads_write_the_same_struct_field}};
const registrar r15{{"HistogramWithPlainIncrements", "MEM-3", expectation::hazard, "read after write, write after read, write after write", __FILE__, &histogram_with_plain_increments}};
const registrar r16{{"InPlaceScanWithoutDoubleBuffering", "MEM-5", expectation::hazard, "read after write, write after read", __FILE__, &in_place_scan_without_double_buffering}};

}  // namespace
}  // namespace corpus
