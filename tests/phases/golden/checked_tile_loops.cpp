// tessera-phases' golden input for a checked build of the compiled path (--checked): kernels in tile loops
// end each thread's run where the optimizer cannot merge accesses across threads; kernels whose threads
// could wait for one another between barriers, and every kernel that would be a coroutine, stay as
// written (on the fiber path) with their loops' rounds counted. The expected output is
// checked_tile_loops.expected.
#include <tessera/amp.hpp>

using namespace tessera;

// Tile loops: a loop without a barrier that counts over a local and a captured value is no wait.
void row_sums(array_view<const int, 2> in, array_view<int, 1> out, int width) {
  parallel_for_each(out.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    int sum = 0;
    for (int c = 0; c < width; ++c) sum += in(t.global[0], c);
    s[t.local[0]] = sum;
    t.barrier.wait_with_tile_static_memory_fence();
    out[t] = s[(t.local[0] + 1) % 16];
  });
}

// Fiber path: an atomic operation (a thread may wait on a counter another thread moves).
void ticket(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int next;
    if (t.local[0] == 0) next = 0;
    t.barrier.wait();
    v[t] = atomic_fetch_add(&next, 1);
  });
}

// Fiber path: a loop without a barrier whose condition reads memory (a poll of a flag).
void poll(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int flag;
    if (t.local[0] == 0) flag = 0;
    t.barrier.wait();
    if (t.local[0] == 15) flag = 1;
    while (flag == 0) {
    }
    v[t] = flag;
  });
}

// Fiber path: a loop that ends from its body.
void search(array_view<int, 1> v, int key) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = v[t];
    t.barrier.wait();
    int found = -1;
    for (int i = 0;; ++i) {
      if (i == 16 || s[i] == key) {
        found = i;
        break;
      }
    }
    v[t] = found;
  });
}

// Fiber path, its loop's rounds counted: a coroutine elsewhere (a barrier under a condition on the thread).
void divergent(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int r = 0; r < 2; ++r) {
      v[t] += r;
      if (t.local[0] < 8) t.barrier.wait();
    }
  });
}
