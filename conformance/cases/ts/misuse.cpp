// TS-4, TS-6, TS-7, PROJ-3: tile_static misused. Its contents start undefined (reading before any write
// is an uninitialized read), its declaration is not a barrier, and a tile may use at most 32 KiB of it.
// The emulator's checks report each at the marked lines; on a GPU these kernels are undefined.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

struct pair_of_words {
  int written;
  int forgotten;
};

// A tile_static array read before any thread wrote it (the writes come only after a barrier).
// (It must be written somewhere: a static that no code writes may be folded to 0 by the host compiler.)
TESSERA_CASE(read_before_any_write, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int before = s[t.local[0]];  // expect: uninitialized read
    t.barrier.wait();
    s[t.local[0]] = t.local[0];
    t.barrier.wait();
    v[t] = before + s[(t.local[0] + 1) % 16];
  });
}

// Only half of the array is written before the barrier; the other half is read anyway.
TESSERA_CASE(half_written_array_read_in_full, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    if (t.local[0] < 8) s[t.local[0]] = t.local[0];
    t.barrier.wait();
    v[t] = s[15 - t.local[0]];  // expect: uninitialized read
  });
}

// One field of a tile_static struct is written, the other is read: checks are byte-precise.
TESSERA_CASE(unwritten_field_of_a_struct_read, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static pair_of_words p;
    if (t.local[0] == 0) p.written = 5;
    t.barrier.wait();
    v[t] = p.written + p.forgotten;  // expect: uninitialized read
  });
}

// An accumulator never zeroed: every thread adds into it atomically, starting from undefined contents.
TESSERA_CASE(accumulator_never_zeroed, "TS-4,TS-9", expect::hazard("uninitialized read")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int total;
    atomic_fetch_add(&total, t.local[0]);  // expect: uninitialized read
    t.barrier.wait();
    v[t] = total;
  });
}

// TS-6: declaring a tile_static is not a barrier. Thread 0 writes right after the declaration and the
// others read with no wait between: a race, whichever runs first.
TESSERA_CASE(declaration_is_not_a_barrier, "TS-6,MEM-6", expect::hazard("read after write,write after read,uninitialized read")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int value;
    if (t.local[0] == 0) value = 42;  // expect: read after write, write after read
    v[t] = value;  // expect: read after write, write after read, uninitialized read
  });
}

// TS-7, PROJ-3: a tile using 33 KiB of tile_static (one array of 8448 ints), touched at both ends.
TESSERA_CASE(array_of_33_kib_is_over_budget, "TS-7,PROJ-3", expect::hazard("tile_static over budget")) {
  std::vector<int> out(2, 0);
  array_view<int, 1> v(2, out);
  parallel_for_each(ctx.view(), v.extent.tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    tile_static int big[8448];
    big[t.local[0] * 8447] = t.local[0];  // expect: tile_static over budget
    t.barrier.wait();
    v[t] = big[(1 - t.local[0]) * 8447];
  });
}

// TS-7, PROJ-3: two arrays of 20000 bytes each, both filled: 40000 bytes together, over the budget
// though each alone fits.
TESSERA_CASE(two_arrays_together_over_budget, "TS-7,PROJ-3", expect::hazard("tile_static over budget")) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int first[5000];
    tile_static int second[5000];
    for (int k = t.local[0]; k < 5000; k += 64) {
      first[k] = k;  // expect: tile_static over budget
      second[k] = -k;
    }
    t.barrier.wait();
    v[t] = first[4999 - t.local[0]] + second[t.local[0]];
  });
}

}  // namespace
