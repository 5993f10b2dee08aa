// Buggy kernels whose bug is in tile_static memory: races between threads of one tile (read after
// write, write after read, write after write, a plain store next to an atomic), barriers or fences that
// do not order tile_static memory, and reads of tile_static bytes no thread of the tile wrote (TS-4).
// Each case must be reported with one of its kinds, and every finding must point at a line marked
// `// expect:`; the emulator-only diagnostics are listed for CUDA by @hazard (expectations/cuda.tsv).
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// The race of the C++ AMP documentation: every thread adds into one tile_static total nobody zeroed.
TESSERA_CASE(documentation_total_race, "TS-6,TS-4,MEM-6", expect::hazard("read after write")) {
  std::vector<float> in(64, 1.0f), out(4, 0.0f);
  array_view<const float, 1> a(64, in);
  array_view<float, 1> sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static float total;
    total += a[t];  // expect: uninitialized read, read after write, write after read, write after write
    t.barrier.wait();
    if (t.local[0] == 0) sums[t.tile] = total;
  });
  sums.synchronize();
}

// The same sum after thread 0 zeroed the total behind a barrier: the additions still race.
TESSERA_CASE(zeroed_total_still_races, "MEM-6,MEM-3", expect::hazard("read after write")) {
  std::vector<int> in(64, 2), out(4, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int total;
    if (t.local[0] == 0) total = 0;
    t.barrier.wait();
    total += a[t];  // expect: read after write, write after read, write after write
    t.barrier.wait();
    if (t.local[0] == 0) sums[t.tile] = total;
  });
  sums.synchronize();
}

// Each thread stores its slot and reads its left neighbour's slot with no barrier in between.
TESSERA_CASE(neighbour_read_without_barrier, "TS-6,MEM-6", expect::hazard("read after write")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = t.global[0] * 3;   // expect: write after read, read after write
    v[t] = s[(l + 15) % 16];  // expect: read after write, uninitialized read, write after read
  });
  v.synchronize();
}

// After a barrier each thread reads its right neighbour's slot and overwrites its own slot in the same
// interval: the neighbour on the left may not have read it yet.
TESSERA_CASE(overwrite_slot_neighbour_still_reads, "MEM-6,MEM-5", expect::hazard("write after read")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = t.global[0];
    t.barrier.wait();
    const int right = s[(l + 1) % 16];  // expect: read after write, write after read
    s[l] = right + 1;                   // expect: write after read, read after write
    t.barrier.wait();
    v[t] = s[l];
  });
  v.synchronize();
}

// Two threads store different values to one tile_static slot in one interval.
TESSERA_CASE(two_threads_store_one_slot, "MEM-3,MEM-6", expect::hazard("write after write")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int slot;
    const int l = t.local[0];
    if (l == 0) slot = 1;  // expect: write after write
    if (l == 1) slot = 2;  // expect: write after write
    t.barrier.wait();
    v[t] = slot;
  });
  v.synchronize();
}

// A tree reduction whose loop has no barrier: a step reads partial sums other threads are still making.
TESSERA_CASE(tree_reduction_missing_barrier_in_loop, "BAR-2,MEM-6", expect::hazard("read after write,write after read")) {
  std::vector<int> in(256, 1), out(4, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];  // expect: read after write, write after read
    }
    t.barrier.wait();
    if (l == 0) sums[t.tile] = s[0];
  });
  sums.synchronize();
}

// A tree reduction with no barrier between the loads and the first step (the barrier is at the end of
// each step only): the first step reads slots other threads are still loading.
TESSERA_CASE(reduction_missing_barrier_after_load, "BAR-2,MEM-6", expect::hazard("read after write,write after read")) {
  std::vector<float> in(256, 1.0f), out(4);
  array_view<const float, 1> a(256, in);
  array_view<float, 1> b(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static float s[64];
    const int l = t.local[0];
    s[l] = a[t];  // expect: read after write, write after read
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];  // expect: read after write, write after read, uninitialized read
      t.barrier.wait();
    }
    if (l == 0) b[t.tile] = s[0];
  });
  b.synchronize();
}

// A tree reduction that stops waiting for the last steps ("they are all in one warp"): the stride-2
// step and thread 0's final read of slot 1 share an interval.
TESSERA_CASE(tree_reduction_unsynchronized_tail, "BAR-2,MEM-6", expect::hazard("read after write,write after read")) {
  std::vector<int> in(256, 1), out(4, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 32; stride > 2; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l < 2) s[l] += s[l + 2];             // expect: read after write, write after read
    if (l == 0) sums[t.tile] = s[0] + s[1];  // expect: read after write, write after read
  });
  sums.synchronize();
}

// An exchange through tile_static across wait_with_global_memory_fence(): the rendezvous happens, but
// the fence does not cover tile_static memory.
TESSERA_CASE(exchange_across_global_fence, "MEM-9,BAR-3", expect::hazard("read after write")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = t.global[0];  // expect: read after write
    t.barrier.wait_with_global_memory_fence();
    v[t] = s[15 - l];  // expect: read after write
  });
  v.synchronize();
}

// tile_static_memory_fence() orders one thread's own accesses; it does not make threads wait.
TESSERA_CASE(fence_function_is_not_a_barrier, "BAR-5,MEM-6", expect::hazard("read after write")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = t.global[0] + 1;  // expect: write after read, read after write
    tile_static_memory_fence(t.barrier);
    v[t] = s[15 - l];  // expect: read after write, uninitialized read, write after read
  });
  v.synchronize();
}

// One thread resets a tile_static counter with a plain store while the others increment it atomically.
TESSERA_CASE(tile_static_store_next_to_atomic, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int counter;
    const int l = t.local[0];
    if (l == 0) counter = 0;
    t.barrier.wait();
    if (l == 3) {
      counter = 100;  // expect: write next to atomic
    } else {
      atomic_fetch_add(&counter, 1);  // expect: write next to atomic
    }
    t.barrier.wait();
    v[t] = counter;
  });
  v.synchronize();
}

// Thread 0 zeroes a tile_static counter and every thread (thread 0 too) increments it, with no barrier
// between: thread 0's own atomic follows its store, so the store must be remembered next to that atomic
// for the other threads' atomics to meet it, whatever order the threads run in. Threads that run before
// thread 0 also increment a counter nobody has written yet.
TESSERA_CASE(tile_static_counter_zeroed_before_own_atomic, "ATOM-6,MEM-3,TS-4", expect::hazard("write next to atomic")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int count;
    if (t.local[0] == 0) count = 0;  // expect: write next to atomic
    atomic_fetch_inc(&count);        // expect: write next to atomic, uninitialized read
    t.barrier.wait();
    v[t] = count;
  });
  v.synchronize();
}

// Thread 0 resets the counter right after its own increment, while the other threads are incrementing
// it: the reset meets their atomics whether they ran before or after thread 0.
TESSERA_CASE(tile_static_counter_reset_after_own_atomic, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int count;
    if (t.local[0] == 0) count = 0;
    t.barrier.wait();
    atomic_fetch_inc(&count);        // expect: write next to atomic
    if (t.local[0] == 0) count = 0;  // expect: write next to atomic
    t.barrier.wait();
    v[t] = count;
  });
  v.synchronize();
}

// The same reset in one tile of two threads, in the tile's first interval (nothing zeroed the counter
// first either): at some seeds thread 1 increments before thread 0 does both, so thread 0's own atomic is
// the last one before its store.
TESSERA_CASE(two_thread_counter_reset_after_own_atomic, "ATOM-6,MEM-3,TS-4", expect::hazard("write next to atomic")) {
  std::vector<int> out(2);
  array_view<int, 1> v(2, out);
  parallel_for_each(ctx.view(), v.extent.tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    tile_static int count;
    atomic_fetch_inc(&count);        // expect: write next to atomic, uninitialized read
    if (t.local[0] == 0) count = 0;  // expect: write next to atomic
    t.barrier.wait();
    v[t] = count;
  });
  v.synchronize();
}

// Only the lower half of a tile_static array is written; every thread reads its own slot.
TESSERA_CASE(half_the_slots_never_written, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    if (l < 8) s[l] = l * 10;
    t.barrier.wait();
    v[t] = s[l];  // expect: uninitialized read
  });
  v.synchronize();
}

// An accumulator nobody zeroed: each thread reads its slot first and writes it afterwards.
TESSERA_CASE(read_before_anyone_wrote, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> in(64, 5), out(64);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int acc[16];
    const int l = t.local[0];
    const int previous = acc[l];  // expect: uninitialized read
    acc[l] = previous + a[t];
    t.barrier.wait();
    v[t] = acc[15 - l];
  });
  v.synchronize();
}

// A stencil that loads the tile's own elements into slots 1..16 but never the halo slots 0 and 17.
TESSERA_CASE(stencil_halo_never_loaded, "TS-4", expect::hazard("uninitialized read")) {
  std::vector<int> in(64, 3), out(64);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[18];
    const int l = t.local[0];
    s[l + 1] = a[t];
    t.barrier.wait();
    v[t] = s[l] + s[l + 1] + s[l + 2];  // expect: uninitialized read
  });
  v.synchronize();
}

struct point {
  int x;
  int y;
};

// Two threads write the same field of a tile_static struct (the second meant `y`).
TESSERA_CASE(struct_same_field_written_twice, "MEM-3,MEM-6", expect::hazard("write after write")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static point p;
    const int l = t.local[0];
    if (l == 0) p.x = t.tile[0];      // expect: write after write
    if (l == 1) p.x = t.tile[0] + 1;  // expect: write after write
    if (l == 2) p.y = 7;
    t.barrier.wait();
    v[t] = p.x + p.y;
  });
  v.synchronize();
}

// A per-tile histogram whose bins are incremented with a plain ++.
TESSERA_CASE(histogram_with_plain_increment, "ATOM-6,MEM-6", expect::hazard("read after write")) {
  std::vector<int> in(64), out(32);
  for (int i = 0; i < 64; ++i) in[i] = (i * 5) % 8;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> hist(32, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int bins[8];
    const int l = t.local[0];
    if (l < 8) bins[l] = 0;
    t.barrier.wait();
    bins[a[t] % 8]++;  // expect: read after write, write after read, write after write
    t.barrier.wait();
    if (l < 8) hist[t.tile[0] * 8 + l] = bins[l];
  });
  hist.synchronize();
}

// A Hillis-Steele scan in place: a step reads the slot `offset` to the left while its owner updates it.
TESSERA_CASE(scan_in_place_without_double_buffer, "MEM-6,MEM-5", expect::hazard("read after write,write after read")) {
  std::vector<int> in(64, 1), out(64);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int offset = 1; offset < 16; offset *= 2) {
      const int left = l >= offset ? s[l - offset] : 0;  // expect: read after write, write after read
      s[l] += left;                                      // expect: read after write, write after read
      t.barrier.wait();
    }
    v[t] = s[l];
  });
  v.synchronize();
}

// Tiled matrix multiplication that computes from the tiles without waiting for them to be loaded.
TESSERA_CASE(matmul_missing_barrier_after_load, "BAR-2,MEM-6", expect::hazard("read after write")) {
  constexpr int n = 32;
  std::vector<float> ha(n * n, 1.0f), hb(n * n, 2.0f), hc(n * n, 0.0f);
  array_view<const float, 2> a(n, n, ha), b(n, n, hb);
  array_view<float, 2> c(n, n, hc);
  parallel_for_each(ctx.view(), c.extent.tile<16, 16>(), [=] restrict_amp (tiled_index<16, 16> t) {
    tile_static float as[16][16];
    tile_static float bs[16][16];
    const int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += 16) {
      as[row][col] = a(t.global[0], k0 + col);  // expect: read after write, write after read
      bs[row][col] = b(k0 + row, t.global[1]);  // expect: read after write, write after read
      for (int k = 0; k < 16; ++k) sum += as[row][k] * bs[k][col];  // expect: read after write, write after read, uninitialized read
      t.barrier.wait();
    }
    c[t] = sum;
  });
  c.synchronize();
}

// Tiled matrix multiplication without the second barrier: the next iteration's loads overwrite tiles
// that slower threads are still multiplying.
TESSERA_CASE(matmul_missing_barrier_before_next_load, "BAR-2,MEM-6", expect::hazard("write after read")) {
  constexpr int n = 32;
  std::vector<float> ha(n * n, 1.0f), hb(n * n, 2.0f), hc(n * n, 0.0f);
  array_view<const float, 2> a(n, n, ha), b(n, n, hb);
  array_view<float, 2> c(n, n, hc);
  parallel_for_each(ctx.view(), c.extent.tile<16, 16>(), [=] restrict_amp (tiled_index<16, 16> t) {
    tile_static float as[16][16];
    tile_static float bs[16][16];
    const int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += 16) {
      as[row][col] = a(t.global[0], k0 + col);  // expect: write after read, read after write
      bs[row][col] = b(k0 + row, t.global[1]);  // expect: write after read, read after write
      t.barrier.wait();
      for (int k = 0; k < 16; ++k) sum += as[row][k] * bs[k][col];  // expect: read after write, write after read
    }
    c[t] = sum;
  });
  c.synchronize();
}

// A transpose through tile_static that reads the transposed slot right after storing its own.
TESSERA_CASE(transpose_without_barrier, "TS-6,MEM-6", expect::hazard("read after write")) {
  constexpr int n = 32;
  std::vector<float> hin(n * n), hout(n * n);
  for (int i = 0; i < n * n; ++i) hin[i] = static_cast<float>(i);
  array_view<const float, 2> in(n, n, hin);
  array_view<float, 2> out(n, n, hout);
  parallel_for_each(ctx.view(), in.extent.tile<16, 16>(), [=] restrict_amp (tiled_index<16, 16> t) {
    tile_static float tile[16][16];
    const int ly = t.local[0], lx = t.local[1];
    tile[ly][lx] = in[t];  // expect: write after read, read after write
    out(t.tile_origin[1] + ly, t.tile_origin[0] + lx) = tile[lx][ly];  // expect: read after write, uninitialized read, write after read
  });
  out.synchronize();
}

}  // namespace
