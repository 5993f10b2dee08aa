// Buggy kernels in the style of the intra-group race tests of GPU kernel verifiers: tile_static
// algorithms (reversal, sorting networks, stencils, reductions) that are missing a barrier between a step
// that writes and a step that reads, or whose index arithmetic sends two threads to one slot. Each case
// must be reported with one of its kinds, every finding pointing at a line marked `// expect:`; the fixed
// versions are in correct/intra_tile_fixed.cpp.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Reversal in place: after loading, each thread stores its mirror's element into its own slot in the same
// interval in which the mirror thread reads that slot.
TESSERA_CASE(reverse_in_place_without_second_barrier, "MEM-6,BAR-2", expect::hazard("read after write,write after read")) {
  std::vector<int> in(64), out(64);
  for (int i = 0; i < 64; ++i) in[i] = i;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    s[l] = s[15 - l];  // expect: read after write, write after read
    t.barrier.wait();
    v[t] = s[l];
  });
  v.synchronize();
}

// Pairs meant to be combined by the even thread of each pair: every thread stores into slot l / 2, so
// threads 2k and 2k+1 write one slot.
TESSERA_CASE(half_local_index_sends_two_threads_to_one_slot, "MEM-3,MEM-6", expect::hazard("write after write")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int half[8];
    const int l = t.local[0];
    half[l / 2] = t.global[0];  // expect: write after write
    t.barrier.wait();
    v[t] = half[l / 2];
  });
  v.synchronize();
}

// A 2-D tile that indexes its tile_static row by the first local index only: the four threads of a row
// write one slot.
TESSERA_CASE(two_dimensional_tile_indexed_by_one_dimension, "MEM-3,TIDX-2", expect::hazard("write after write")) {
  std::vector<int> out(8 * 8);
  array_view<int, 2> v(8, 8, out);
  parallel_for_each(ctx.view(), v.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int row_value[4];
    row_value[t.local[0]] = t.global[0] * 10 + t.global[1];  // expect: write after write
    t.barrier.wait();
    v[t] = row_value[t.local[0]];
  });
  v.synchronize();
}

// A 2-D five-point stencil on a periodic 4x4 tile computed from tile_static values with no barrier between
// the stores and the neighbours' loads.
TESSERA_CASE(two_dimensional_stencil_without_barrier, "TS-6,MEM-6", expect::hazard("read after write,write after read,uninitialized read")) {
  std::vector<int> out(8 * 8);
  array_view<int, 2> v(8, 8, out);
  parallel_for_each(ctx.view(), v.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[4][4];
    const int y = t.local[0], x = t.local[1];
    s[y][x] = t.global[0] + t.global[1];  // expect: write after read, read after write
    v[t] = s[y][(x + 1) % 4] + s[(y + 1) % 4][x] + s[y][x];  // expect: read after write, uninitialized read, write after read
  });
  v.synchronize();
}

// A helper that stores a value into two adjacent slots, called with slot l: thread l's second store and
// thread l+1's first store hit one slot.
restrict_amp void store_twice(int* slots, int at, int value) {
  slots[at] = value;      // expect: write after write
  slots[at + 1] = value;  // expect: write after write
}

TESSERA_CASE(helper_stores_into_overlapping_slot_pairs, "MEM-3,MEM-6", expect::hazard("write after write")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[17];
    store_twice(s, t.local[0], t.global[0]);
    t.barrier.wait();
    v[t] = s[t.local[0]];
  });
  v.synchronize();
}

// Jacobi smoothing inside a tile: the loop has no barrier, so a thread reads its neighbours' slots while
// they are overwriting them.
TESSERA_CASE(jacobi_iterations_without_barrier_in_loop, "BAR-2,MEM-6", expect::hazard("read after write,write after read")) {
  std::vector<int> in(64), out(64);
  for (int i = 0; i < 64; ++i) in[i] = (i * 37) % 100;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int iteration = 0; iteration < 4; ++iteration) {
      const int next = (s[(l + 15) % 16] + s[l] + s[(l + 1) % 16]) / 3;  // expect: read after write, write after read
      s[l] = next;  // expect: write after read, read after write
    }
    t.barrier.wait();
    v[t] = s[l];
  });
  v.synchronize();
}

// Odd-even transposition sort with one barrier per pair of phases: the odd phase compares slots the even
// phase is still swapping.
TESSERA_CASE(odd_even_sort_missing_barrier_between_phases, "BAR-2,MEM-6", expect::hazard("read after write,write after read,write after write")) {
  std::vector<int> in(32), out(32);
  for (int i = 0; i < 32; ++i) in[i] = (i * 11) % 32;
  array_view<const int, 1> a(32, in);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int round = 0; round < 8; ++round) {
      if (l % 2 == 0 && l + 1 < 16 && s[l] > s[l + 1]) {  // expect: read after write, write after read
        const int x = s[l];
        s[l] = s[l + 1];                                  // expect: read after write, write after read, write after write
        s[l + 1] = x;                                     // expect: read after write, write after read, write after write
      }
      if (l % 2 == 1 && l + 1 < 16 && s[l] > s[l + 1]) {  // expect: read after write, write after read
        const int x = s[l];
        s[l] = s[l + 1];                                  // expect: read after write, write after read, write after write
        s[l + 1] = x;                                     // expect: read after write, write after read, write after write
      }
      t.barrier.wait();
    }
    v[t] = s[l];
  });
  v.synchronize();
}

// Bitonic sort with a barrier after each merge stage but not after each compare-exchange step inside it.
TESSERA_CASE(bitonic_sort_missing_barrier_between_steps, "BAR-2,MEM-6", expect::hazard("read after write,write after read,write after write")) {
  std::vector<int> in(32), out(32);
  for (int i = 0; i < 32; ++i) in[i] = (i * 7 + 3) % 32;
  array_view<const int, 1> a(32, in);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int size = 2; size <= 16; size *= 2) {
      for (int stride = size / 2; stride > 0; stride /= 2) {
        const int partner = l ^ stride;
        if (partner > l) {
          const bool ascending = (l & size) == 0;
          const int mine = s[l], theirs = s[partner];  // expect: read after write, write after read
          if ((mine > theirs) == ascending) {
            s[l] = theirs;    // expect: write after read, read after write, write after write
            s[partner] = mine;  // expect: write after read, read after write, write after write
          }
        }
      }
      t.barrier.wait();
    }
    v[t] = s[l];
  });
  v.synchronize();
}

struct keyed {
  int key;
  int value;
};

// An array of tile_static structs: each thread fills its own key and its right neighbour's value (no
// conflict: different bytes), then reads its neighbour's key before any barrier.
TESSERA_CASE(struct_array_neighbour_key_read_without_barrier, "MEM-3,MEM-6", expect::hazard("read after write,write after read,uninitialized read")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static keyed items[16];
    const int l = t.local[0];
    items[l].key = t.global[0];            // expect: write after read, read after write
    items[(l + 1) % 16].value = l * 2;
    v[t] = items[(l + 1) % 16].key;         // expect: read after write, uninitialized read, write after read
  });
  v.synchronize();
}

// Every thread sets a tile_static flag to the same value: still a race (MEM-6 makes no exception for equal
// values; TESSERA_ALLOW_SAME_VALUE=1 would let it pass).
TESSERA_CASE(every_thread_sets_the_same_flag, "MEM-6,MEM-3", expect::hazard("write after write")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int any;
    any = 1;  // expect: write after write
    t.barrier.wait();
    v[t] = any;
  });
  v.synchronize();
}

// A tree reduction that waits only after the steps whose stride is not a power of four (a bit test meant
// to save barriers): the steps of strides 8 and 2 read partial sums in the interval that produced them.
TESSERA_CASE(reduction_barrier_only_every_other_step, "BAR-2,MEM-6", expect::hazard("read after write,write after read")) {
  std::vector<int> in(128, 1), out(2);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> sums(2, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];  // expect: read after write, write after read
      if ((stride & 0x15) == 0) t.barrier.wait();
    }
    t.barrier.wait();
    if (l == 0) sums[t.tile] = s[0];
  });
  sums.synchronize();
}

}  // namespace
