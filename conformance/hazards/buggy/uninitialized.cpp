// Buggy kernels that read tile_static memory no thread of the tile wrote (TS-4: tile_static variables
// start undefined, in every tile): a table filled by tile 0 only, writes under a data-dependent condition
// read by every thread, an initialization loop with the wrong stride or bound, a struct with a field never
// set, bins counted with atomics but never zeroed, a maximum taken atomically into an unset variable, and
// a 2-D halo loaded on two sides only. Each case must be reported with one of its kinds, every finding
// pointing at a line marked `// expect:`; the fixed versions are in correct/bounds_and_init.cpp.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// A lookup table filled by the threads of tile 0 only, as if tile_static memory were shared by the launch
// (TS-2: each tile has its own instance).
TESSERA_CASE(table_filled_by_tile_zero_only, "TS-4,TS-2", expect::hazard("uninitialized read")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int squares[16];
    const int l = t.local[0];
    if (t.tile[0] == 0) squares[l] = l * l;
    t.barrier.wait();
    v[t] = squares[15 - l];  // expect: uninitialized read
  });
  v.synchronize();
}

// Only the threads whose element is positive store their slot; every thread reads its mirror's slot.
TESSERA_CASE(conditional_store_then_read_by_others, "TS-4,MEM-6", expect::hazard("uninitialized read")) {
  std::vector<int> in(64), out(64);
  for (int i = 0; i < 64; ++i) in[i] = i % 3 == 0 ? -i : i;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int positive[16];
    const int l = t.local[0];
    if (a[t] > 0) positive[l] = a[t];
    t.barrier.wait();
    v[t] = positive[15 - l];  // expect: uninitialized read
  });
  v.synchronize();
}

// 32 slots cleared by 16 threads with stride 2 (meant as two slots per thread): the odd slots stay unset.
TESSERA_CASE(clearing_loop_with_wrong_stride, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int slots[32];
    const int l = t.local[0];
    slots[2 * l] = 0;
    t.barrier.wait();
    v[t] = slots[l] + slots[l + 16];  // expect: uninitialized read
  });
  v.synchronize();
}

// A 24-slot array initialized with one store per thread of a 16-thread tile: slots 16..23 stay unset.
TESSERA_CASE(initialization_covers_only_the_tile_size, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int window[24];
    const int l = t.local[0];
    window[l] = t.global[0];
    t.barrier.wait();
    v[t] = window[l] + window[l + 8];  // expect: uninitialized read
  });
  v.synchronize();
}

struct running_total {
  int sum;
  int count;
};

// A tile_static struct whose sum thread 0 sets, but whose count nobody sets before everyone reads it.
TESSERA_CASE(struct_field_never_set, "TS-4,MEM-3", expect::hazard("uninitialized read")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static running_total total;
    if (t.local[0] == 0) total.sum = 100;
    t.barrier.wait();
    v[t] = total.sum / (total.count + 1);  // expect: uninitialized read
  });
  v.synchronize();
}

// A tile_static histogram counted with atomics into bins nobody zeroed.
TESSERA_CASE(histogram_bins_never_zeroed, "TS-4,TS-9", expect::hazard("uninitialized read")) {
  std::vector<int> in(64), out(32, 0);
  for (int i = 0; i < 64; ++i) in[i] = (i * 7) % 8;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> hist(32, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int bins[8];
    atomic_fetch_inc(&bins[a[t]]);  // expect: uninitialized read
    t.barrier.wait();
    if (t.local[0] < 8) hist[t.tile[0] * 8 + t.local[0]] = bins[t.local[0]];
  });
  hist.synchronize();
}

// A per-tile maximum taken with atomic_fetch_max into a tile_static variable nobody initialized (an
// atomic reads what it updates).
TESSERA_CASE(tile_maximum_never_initialized, "TS-4,ATOM-3", expect::hazard("uninitialized read")) {
  std::vector<int> in(64), out(4, 0);
  for (int i = 0; i < 64; ++i) in[i] = (i * 13) % 50;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> best(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int largest;
    atomic_fetch_max(&largest, a[t]);  // expect: uninitialized read
    t.barrier.wait();
    if (t.local[0] == 0) best[t.tile] = largest;
  });
  best.synchronize();
}

// A 2-D five-point stencil whose tile loads the halo rows above and below but not the halo columns.
TESSERA_CASE(two_dimensional_halo_columns_never_loaded, "TS-4", expect::hazard("uninitialized read")) {
  constexpr int size = 8;
  std::vector<int> in(size * size, 1), out(size * size, 0);
  array_view<const int, 2> a(size, size, in);
  array_view<int, 2> v(size, size, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[6][6];
    const int y = t.local[0], x = t.local[1], r = t.global[0], c = t.global[1];
    s[y + 1][x + 1] = a(r, c);
    if (y == 0) s[0][x + 1] = r > 0 ? a(r - 1, c) : 0;
    if (y == 3) s[5][x + 1] = r < size - 1 ? a(r + 1, c) : 0;
    t.barrier.wait();
    v[t] = s[y][x + 1] + s[y + 2][x + 1] + s[y + 1][x] + s[y + 1][x + 2] - 4 * s[y + 1][x + 1];  // expect: uninitialized read
  });
  v.synchronize();
}

}  // namespace
