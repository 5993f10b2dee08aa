// OpenCL C twins of cases of the hazard corpus (conformance/hazards): each kernel has the name of the case
// it copies (hazards.<name>) and the same bug, or the same correct pattern, line for line, with C++ AMP's
// names mapped to OpenCL's: tile_static -> __local, t.barrier.wait() -> barrier(CLK_LOCAL_MEM_FENCE |
// CLK_GLOBAL_MEM_FENCE) (C++ AMP's wait fences both), wait_with_global_memory_fence() ->
// barrier(CLK_GLOBAL_MEM_FENCE), wait_with_tile_static_memory_fence() -> barrier(CLK_LOCAL_MEM_FENCE),
// tile_static_memory_fence() -> mem_fence(CLK_LOCAL_MEM_FENCE), global_memory_fence() ->
// mem_fence(CLK_GLOBAL_MEM_FENCE), atomic_fetch_add -> atomic_add, t.local[0] -> get_local_id(0),
// t.global[0] -> get_global_id(0), t.tile[0] -> get_group_id(0). Every buffer holds ints (a case that used
// floats keeps its bug with ints). A 2-D case's row is OpenCL's dimension 1, its column dimension 0.
// hazard_twins.cpp gives each kernel its launch shape and buffers and, for a correct kernel, its oracle.

#define WAIT barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)

// ---- buggy: races in local (tile_static) memory -------------------------------------------------------

// Every work-item adds into one __local total nobody zeroed.
__kernel void documentation_total_race(__global const int* a, __global int* sums) {
  __local int total;
  total += a[get_global_id(0)];
  WAIT;
  if (get_local_id(0) == 0) sums[get_group_id(0)] = total;
}

// Store a slot and read the left neighbour's with no barrier in between.
__kernel void neighbour_read_without_barrier(__global int* v) {
  __local int s[16];
  const int l = get_local_id(0);
  s[l] = get_global_id(0) * 3;
  v[get_global_id(0)] = s[(l + 15) % 16];
}

// A tree reduction whose loop has no barrier.
__kernel void tree_reduction_missing_barrier_in_loop(__global const int* a, __global int* sums) {
  __local int s[64];
  const int l = get_local_id(0);
  s[l] = a[get_global_id(0)];
  WAIT;
  for (int stride = 32; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
  }
  WAIT;
  if (l == 0) sums[get_group_id(0)] = s[0];
}

// Tiled matrix multiplication (32x32, 16x16 tiles) without the second barrier: the next step's loads
// overwrite tiles that other work-items are still multiplying.
__kernel void matmul_missing_barrier_before_next_load(__global const int* a, __global const int* b, __global int* c) {
  const int n = 32;
  __local int as[16][16];
  __local int bs[16][16];
  const int row = get_local_id(1), col = get_local_id(0);
  const int grow = get_global_id(1), gcol = get_global_id(0);
  int sum = 0;
  for (int k0 = 0; k0 < n; k0 += 16) {
    as[row][col] = a[grow * n + k0 + col];
    bs[row][col] = b[(k0 + row) * n + gcol];
    WAIT;
    for (int k = 0; k < 16; ++k) sum += as[row][k] * bs[k][col];
  }
  c[grow * n + gcol] = sum;
}

// One work-item resets a __local counter with a plain store while the others increment it atomically.
__kernel void tile_static_store_next_to_atomic(__global int* v) {
  __local int counter;
  const int l = get_local_id(0);
  if (l == 0) counter = 0;
  WAIT;
  if (l == 3) {
    counter = 100;
  } else {
    atomic_add(&counter, 1);
  }
  WAIT;
  v[get_global_id(0)] = counter;
}

// ---- buggy: a fence that does not cover the memory exchanged --------------------------------------------

// An exchange through __local memory across a barrier that fences only global memory.
__kernel void exchange_across_global_fence(__global int* v) {
  __local int s[16];
  const int l = get_local_id(0);
  s[l] = get_global_id(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
  v[get_global_id(0)] = s[15 - l];
}

// A memory fence orders one work-item's own accesses; it does not make the others wait.
__kernel void fence_function_is_not_a_barrier(__global int* v) {
  __local int s[16];
  const int l = get_local_id(0);
  s[l] = get_global_id(0) + 1;
  mem_fence(CLK_LOCAL_MEM_FENCE);
  v[get_global_id(0)] = s[15 - l];
}

// An exchange through global memory across a barrier that fences only local memory.
__kernel void global_exchange_across_tile_static_only_fence(__global int* scratch, __global int* v) {
  const int l = get_local_id(0);
  const int origin = get_group_id(0) * 16;
  scratch[get_global_id(0)] = get_global_id(0) * 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  v[get_global_id(0)] = scratch[origin + 15 - l];
}

// ---- buggy: races in global memory within a work-group ---------------------------------------------------

// An exchange through global memory with no barrier at all.
__kernel void global_exchange_without_barrier(__global int* scratch, __global int* v) {
  const int l = get_local_id(0);
  const int origin = get_group_id(0) * 16;
  scratch[get_global_id(0)] = l * l;
  v[get_global_id(0)] = scratch[origin + (l + 1) % 16];
}

// A scatter whose targets collide: work-items 2k and 2k+1 (one work-group) store to one element.
__kernel void scatter_with_colliding_targets(__global const int* target, __global int* v) {
  v[target[get_global_id(0)]] = get_global_id(0);
}

// ---- buggy: races between work-groups --------------------------------------------------------------------

// Every work-group writes the same 16 elements.
__kernel void two_tiles_write_one_element(__global int* v) {
  v[get_local_id(0)] = get_group_id(0);
}

// Every work-item reads the element 16 places on (in the next group, which writes it), then writes its
// own after a barrier that orders only its own group.
__kernel void tile_reads_next_tile_before_it_writes(__global int* v) {
  const int next = v[(get_global_id(0) + 16) % 64];
  WAIT;
  v[get_global_id(0)] = next + 1;
}

// Every work-item of every group increments one global counter with a plain +=.
__kernel void global_counter_without_atomics(__global int* counter) {
  counter[0] += 1;
}

// ---- buggy: reads of __local memory nobody wrote ----------------------------------------------------------

// Only the lower half of a __local array is written; every work-item reads its own slot.
__kernel void half_the_slots_never_written(__global int* v) {
  __local int s[16];
  const int l = get_local_id(0);
  if (l < 8) s[l] = l * 10;
  WAIT;
  v[get_global_id(0)] = s[l];
}

// An accumulator nobody zeroed: each work-item reads its slot first and writes it afterwards.
__kernel void read_before_anyone_wrote(__global const int* a, __global int* v) {
  __local int acc[16];
  const int l = get_local_id(0);
  const int previous = acc[l];
  acc[l] = previous + a[get_global_id(0)];
  WAIT;
  v[get_global_id(0)] = acc[15 - l];
}

// A stencil that loads slots 1..16 but never the halo slots 0 and 17.
__kernel void stencil_halo_never_loaded(__global const int* a, __global int* v) {
  __local int s[18];
  const int l = get_local_id(0);
  s[l + 1] = a[get_global_id(0)];
  WAIT;
  v[get_global_id(0)] = s[l] + s[l + 1] + s[l + 2];
}

// ---- buggy: barrier divergence and spin-waits ---------------------------------------------------------

// A barrier only the even work-items reach.
__kernel void barrier_in_even_branch(__global int* v) {
  if (get_local_id(0) % 2 == 0) WAIT;
  v[get_global_id(0)] = get_local_id(0);
}

// Work-item 0 returns early; the others wait at a barrier for it.
__kernel void early_return_before_barrier(__global int* v) {
  if (get_local_id(0) == 0) return;
  WAIT;
  v[get_global_id(0)] = get_local_id(0);
}

// A loop with a barrier whose trip count depends on the local id.
__kernel void loop_trip_count_depends_on_local(__global int* v) {
  for (int i = 0; i <= (int)get_local_id(0) % 3; ++i) {
    WAIT;
  }
  v[get_global_id(0)] = get_local_id(0);
}

// A barrier built from an atomic counter: every work-item counts itself in, then spins until the count
// reaches the group size (OpenCL, like C++ AMP, promises no progress to a work-item that waits so).
__kernel void hand_rolled_barrier(__global int* v) {
  __local int arrived;
  if (get_local_id(0) == 0) arrived = 0;
  WAIT;
  atomic_add(&arrived, 1);
  while (atomic_add(&arrived, 0) < 16) {
  }
  v[get_global_id(0)] = arrived;
}

// ---- buggy: out of bounds ------------------------------------------------------------------------------

// Each work-item reads the element after its own: the last reads one past the end.
__kernel void read_one_past_the_end(__global const int* a, __global int* v) {
  v[get_global_id(0)] = a[get_global_id(0) + 1];
}

// Each work-item writes the element above its own in an 8x8 matrix: row 0 writes row -1, before the buffer.
__kernel void write_at_negative_row_index(__global int* v) {
  const int row = get_global_id(1), col = get_global_id(0);
  v[(row - 1) * 8 + col] = 1;
}

// Each work-item writes the element left of its own in a 16x16 matrix: column 0 writes column -1, which
// is the last element of the previous row (inside the buffer) except in row 0.
__kernel void write_at_negative_column_index(__global int* m) {
  const int row = get_global_id(1), col = get_global_id(0);
  m[row * 16 + col - 1] = 1;
}

// ---- correct ---------------------------------------------------------------------------------------------

// An exchange through __local memory across a barrier that fences local memory.
__kernel void exchange_across_tile_static_fence(__global int* v) {
  __local int s[16];
  const int l = get_local_id(0);
  s[l] = get_global_id(0) * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  v[get_global_id(0)] = s[15 - l];
}

// An exchange through global memory across a barrier that fences global memory, inside each group.
__kernel void exchange_through_global_across_global_fence(__global int* scratch, __global int* v) {
  const int l = get_local_id(0);
  const int origin = get_group_id(0) * 16;
  scratch[get_global_id(0)] = get_global_id(0) + 100;
  barrier(CLK_GLOBAL_MEM_FENCE);
  v[get_global_id(0)] = scratch[origin + (l + 3) % 16];
}

typedef struct {
  int first;
  int second;
} pair_of_ints;

// Two work-items write different fields of one __local struct in one interval.
__kernel void different_fields_of_one_struct(__global int* v) {
  __local pair_of_ints p;
  const int l = get_local_id(0);
  if (l == 0) p.first = get_group_id(0) + 1;
  if (l == 1) p.second = 10 * (get_group_id(0) + 1);
  WAIT;
  v[get_global_id(0)] = p.first + p.second + l;
}

// One work-item stores a value, every work-item reads it after a barrier.
__kernel void broadcast_one_value(__global const int* a, __global int* v) {
  __local int first;
  if (get_local_id(0) == 0) first = a[get_global_id(0)];
  WAIT;
  v[get_global_id(0)] = a[get_global_id(0)] - first;
}

// One __local array reused across phases, each reuse behind a barrier.
__kernel void tile_static_reused_across_phases(__global const int* a, __global int* v) {
  __local int s[16];
  const int l = get_local_id(0);
  s[l] = a[get_global_id(0)];
  WAIT;
  const int reversed = s[15 - l];
  WAIT;
  s[l] = 2 * reversed;
  WAIT;
  v[get_global_id(0)] = s[(l + 1) % 16];
}

// Interleaved-addressing tree reduction, a barrier after every step.
__kernel void reduction_interleaved_addressing(__global const int* a, __global int* sums) {
  __local int s[64];
  const int l = get_local_id(0);
  s[l] = a[get_global_id(0)];
  WAIT;
  for (int stride = 1; stride < 64; stride *= 2) {
    if (l % (2 * stride) == 0) s[l] += s[l + stride];
    WAIT;
  }
  if (l == 0) sums[get_group_id(0)] = s[0];
}

// Group reductions combined across groups with one atomic add per group.
__kernel void reduction_combined_atomically(__global const int* a, __global int* r) {
  __local int s[128];
  const int l = get_local_id(0);
  s[l] = a[get_global_id(0)];
  WAIT;
  for (int stride = 64; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
    WAIT;
  }
  if (l == 0) atomic_add(&r[0], s[0]);
}

// Atomic increments into a __local histogram, then one plain store per bin after a barrier.
__kernel void tile_static_histogram_with_atomics(__global const int* a, __global int* hist) {
  __local int bins[16];
  const int l = get_local_id(0);
  if (l < 16) bins[l] = 0;
  WAIT;
  atomic_add(&bins[a[get_global_id(0)]], 1);
  WAIT;
  if (l < 16) hist[get_group_id(0) * 16 + l] = bins[l];
}

// Hillis-Steele inclusive scan in place: read into a register, barrier, write, barrier.
__kernel void hillis_steele_scan_in_place(__global const int* a, __global int* v) {
  __local int s[16];
  const int l = get_local_id(0);
  s[l] = a[get_global_id(0)];
  WAIT;
  for (int offset = 1; offset < 16; offset *= 2) {
    const int left = l >= offset ? s[l - offset] : 0;
    WAIT;
    s[l] += left;
    WAIT;
  }
  v[get_global_id(0)] = s[l];
}

// A 3-point stencil with a halo loaded by the first and last work-items of the group.
__kernel void stencil_with_halo(__global const int* a, __global int* v) {
  const int n = 128;
  __local int s[18];
  const int l = get_local_id(0), g = get_global_id(0);
  s[l + 1] = a[g];
  if (l == 0) s[0] = g > 0 ? a[g - 1] : a[g];
  if (l == 15) s[17] = g < n - 1 ? a[g + 1] : a[g];
  WAIT;
  v[g] = s[l] + s[l + 1] + s[l + 2];
}

// C (32x32) = A (32x48) * B (48x32) with 16x16 tiles: load, barrier, multiply, barrier, per step.
__kernel void matmul_16x16_tiles(__global const int* a, __global const int* b, __global int* c) {
  const int k = 48, n = 32;
  __local int ta[16][16];
  __local int tb[16][16];
  const int row = get_local_id(1), col = get_local_id(0);
  const int grow = get_global_id(1), gcol = get_global_id(0);
  int sum = 0;
  for (int k0 = 0; k0 < k; k0 += 16) {
    ta[row][col] = a[grow * k + k0 + col];
    tb[row][col] = b[(k0 + row) * n + gcol];
    WAIT;
    for (int i = 0; i < 16; ++i) sum += ta[row][i] * tb[i][col];
    WAIT;
  }
  c[grow * n + gcol] = sum;
}
