// Misuse of atomics the emulator diagnoses: a plain store next to an atomic on the same location (ATOM-6),
// an atomic flag used as if it were a fence (ATOM-5), and tiles spinning on each other (ATOM-7).
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;

// A plain store to a global counter while the rest of the tile increments it atomically (one tile, so
// the finding is between threads of a tile in one barrier interval).
TESSERA_CASE(plain_store_next_to_atomic_global, "ATOM-6", expect::hazard("write next to atomic")) {
  std::vector<int> counter(1, 0);
  array_view<int, 1> c(1, counter);
  parallel_for_each(ctx.view(), extent<1>(64).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    if (t.local[0] == 17) c[0] = 1000;  // expect: write next to atomic
    else atomic_fetch_add(&c[0], 1);    // expect: write next to atomic
  });
  c.synchronize();
}

// The same on a tile_static counter: one thread overwrites it while the others increment it.
TESSERA_CASE(plain_store_next_to_atomic_tile_static, "ATOM-6", expect::hazard("write next to atomic")) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), extent<1>(4 * 32).tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int count;
    if (t.local[0] == 0) count = 0;
    t.barrier.wait();
    if (t.local[0] == 5) count = 100;  // expect: write next to atomic
    else atomic_fetch_inc(&count);     // expect: write next to atomic
    t.barrier.wait();
    if (t.local[0] == 0) v[t.tile[0]] = count;
  });
  v.synchronize();
}

// Message passing through an atomic flag with no barrier: the atomic orders nothing else (ATOM-5), so the
// plain write of the data and the other thread's plain read of it race.
TESSERA_CASE(atomic_flag_is_not_a_fence, "ATOM-5", expect::hazard("read after write,write after read")) {
  std::vector<int> data(1, 0), flag(1, 0), out(2, -1);
  array_view<int, 1> d(1, data), f(1, flag), o(2, out);
  parallel_for_each(ctx.view(), extent<1>(2).tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    if (t.local[0] == 0) {
      d[0] = 42;                     // expect: read after write, write after read
      atomic_exchange(&f[0], 1);
    } else {
      const int ready = atomic_fetch_or(&f[0], 0);
      o[1] = d[0] + 0 * ready;       // expect: read after write, write after read
    }
  });
  o.synchronize();
}

// A barrier across tiles built from an atomic counter (ATOM-7): each of 9 one-thread tiles arrives, then
// spins until all 9 have. No progress is promised between tiles: on a machine running fewer tiles at a
// time than that (a worker count below 9 here), the running tiles spin forever on tiles that never start.
TESSERA_CASE(cross_tile_spin_on_atomic_counter, "ATOM-7", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> arrived(1, 0);
  array_view<int, 1> a(1, arrived);
  parallel_for_each(ctx.view(), extent<1>(9).tile<1>(), [=] restrict_amp (tiled_index<1> t) {
    atomic_fetch_inc(&a[0]);
    while (atomic_fetch_or(&a[0], 0) < 9) {  // expect: spin-wait without a barrier
    }
  });
  a.synchronize();
}

}  // namespace
