// Buggy kernels: races on global memory within a tile, between tiles and between the threads of a
// non-tiled launch (MEM-4, BAR-11), and kernel access to host memory no view holds (AV-1, GEN-2).
#include "corpus.hpp"

#include <tessera/amp.hpp>

#include <memory>
#include <vector>

namespace corpus {
namespace {
using namespace tessera;

void two_tiles_write_one_output() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(extent<1>(32).tile<16>(), [=](tiled_index<16> t) restrict_amp {
    v[t.local[0]] = t.tile[0];  // expect: race between tiles
  });
}

void tile_reads_what_another_tile_writes() {
  std::vector<int> data(64, 1);
  array_view<int, 1> v(64, data);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    const int next = v[(t.global[0] + 16) % 64];  // expect: race between tiles
    t.barrier.wait();
    v[t] = next + 1;  // expect: race between tiles
  });
}

void global_counter_without_atomics() {
  std::vector<int> counter(1, 0);
  array_view<int, 1> c(1, counter);
  parallel_for_each(extent<1>(64).tile<16>(), [=](tiled_index<16>) restrict_amp {
    c[0] += 1;  // expect: write after write, read after write, write after read, race between tiles
  });
}

void global_exchange_across_tile_static_only_fence() {
  std::vector<int> data(16), out(16);
  array_view<int, 1> g(16, data), v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    g[t] = t.local[0];  // expect: read after write, write after read
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = g[15 - t.local[0]];  // expect: read after write, write after read
  });
}

void plain_store_next_to_global_atomic() {
  std::vector<int> counter(1, 0);
  array_view<int, 1> c(1, counter);
  parallel_for_each(extent<1>(16).tile<16>(), [=](tiled_index<16> t) restrict_amp {
    if (t.local[0] == 3) c[0] = 42;  // expect: write next to atomic
    else atomic_fetch_add(&c[0], 1);   // expect: write next to atomic
  });
}

void non_tiled_every_thread_writes_one_element() {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  parallel_for_each(extent<1>(256), [=](index<1> i) restrict_amp {
    v[0] = i[0];  // expect: race between threads
  });
}

void non_tiled_stencil_in_place() {
  std::vector<float> data(256, 1.0f);
  array_view<float, 1> v(256, data);
  parallel_for_each(extent<1>(254), [=](index<1> i) restrict_amp {
    v[i[0] + 1] = (v[i[0]] + v[i[0] + 2]) / 2;  // expect: race between threads
  });
}

int captured_by_reference_sum = 0;

void host_variable_captured_by_reference() {
  std::vector<int> in(16, 2);
  array_view<const int, 1> a(16, in);
  int& sum = captured_by_reference_sum;
  parallel_for_each(a.extent.tile<16>(), [=, &sum](tiled_index<16> t) restrict_amp {
    if (t.local[0] == 0) sum = a[t];  // expect: host memory access
  });
}

void heap_buffer_through_a_raw_pointer() {
  auto table = std::make_unique<int[]>(16);
  for (int i = 0; i < 16; ++i) table[i] = i;
  const int* raw = table.get();
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    v[t] = raw[t.local[0]];  // expect: host memory access
  });
}

const registrar r1{{"TwoTilesWriteOneOutput", "BAR-11", expectation::hazard, "race between tiles", __FILE__, &two_tiles_write_one_output}};
const registrar r2{{"TileReadsWhatAnotherTileWrites", "BAR-11", expectation::hazard, "race between tiles", __FILE__, &tile_reads_what_another_tile_writes}};
const registrar r3{{"GlobalCounterWithoutAtomics", "MEM-4", expectation::hazard, "race between tiles, write after write, read after write", __FILE__, &global_counter_without_atomics}};
const registrar r4{{"GlobalExchangeAcrossTileStaticOnlyFence", "MEM-9", expectation::hazard, "read after write, write after read", __FILE__, &global_exchange_across_tile_static_only_fence}};
const registrar r5{{"PlainStoreNextToGlobalAtomic", "MEM-3", expectation::hazard, "write next to atomic", __FILE__, &plain_store_next_to_global_atomic}};
const registrar r6{{"NonTiledEveryThreadWritesOneElement", "MEM-4", expectation::hazard, "race between threads", __FILE__, &non_tiled_every_thread_writes_one_element}};
const registrar r7{{"NonTiledStencilInPlace", "MEM-4", expectation::hazard, "race between threads", __FILE__, &non_tiled_stencil_in_place}};
const registrar r8{{"HostVariableCapturedByReference", "GEN-2", expectation::hazard, "host memory access", __FILE__, &host_variable_captured_by_reference}};
const registrar r9{{"HeapBufferThroughARawPointer", "GEN-2", expectation::hazard, "host memory access", __FILE__, &heap_buffer_through_a_raw_pointer}};

}  // namespace
}  // namespace corpus
