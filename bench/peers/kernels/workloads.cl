// The benchmark's workloads in OpenCL C: the same algorithms as the Tessera side (the shared kernels of
// conformance/kernels/include/tessera/kernels), with the same order of every addition, so results equal
// the serial oracle bit for bit. The tile sizes come from build options (-DTY=16 -DTX=16, -DTILE=16,
// -DWIDTH=256), like the template arguments of the Tessera kernels.
//
// 2-D launches: Tessera's dimension 0 (the row, slowest) is OpenCL's dimension 1, and its dimension 1 (the
// column) is OpenCL's dimension 0, so a tile's linear local index is local_row * TX + local_col on both.

#ifdef TY
// tessera::kernels::tile_average<TY, TX>: every element becomes the mean of its TY x TX tile. Tiles of at
// most 4 threads add the tile in row-major order in every thread; larger ones reduce with a tree (strides
// count/2 .. 1, one barrier each).
__kernel __attribute__((reqd_work_group_size(TX, TY, 1)))
void tile_average(__global const float* in, __global float* out, int cols) {
  const int count = TY * TX;
  __local float s[TY * TX];
  const int row = get_global_id(1), col = get_global_id(0);
  const int l = get_local_id(1) * TX + get_local_id(0);
  s[l] = in[row * cols + col];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (count <= 4) {
    float sum = s[0];
    for (int k = 1; k < count; ++k) sum += s[k];
    out[row * cols + col] = sum / (float)count;
  } else {
    for (int stride = count / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[row * cols + col] = s[0] / (float)count;
  }
}
#endif

#ifdef TILE
// tessera::kernels::tiled_matmul<TILE>: C = A * B (n x n), one work-item per element of C; each work-group
// stages TILE x TILE blocks of A and B in local memory between two barriers.
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void matmul(__global const float* a, __global const float* b, __global float* c, int n) {
  __local float ta[TILE][TILE];
  __local float tb[TILE][TILE];
  const int row = get_local_id(1), col = get_local_id(0);
  const int grow = get_global_id(1), gcol = get_global_id(0);
  float sum = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    ta[row][col] = a[grow * n + k0 + col];
    tb[row][col] = b[(k0 + row) * n + gcol];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) sum += ta[row][k] * tb[k][col];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[grow * n + gcol] = sum;
}
#endif

#ifdef WIDTH
// tessera::kernels::tile_reduce<WIDTH, sum_op> with one element per work-item: partial[g] = the sum of the
// group's WIDTH elements, by a tree in local memory (strides WIDTH/2 .. 1, one barrier each).
__kernel __attribute__((reqd_work_group_size(WIDTH, 1, 1)))
void reduce(__global const float* in, __global float* partial) {
  __local float s[WIDTH];
  const int l = get_local_id(0);
  s[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = WIDTH / 2; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) partial[get_group_id(0)] = s[0];
}
#endif
