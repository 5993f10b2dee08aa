// MS Learn "Using Tiles": the global/tile/local index example, SamplingExample (with wait() and, from
// the Memory Fences section, with wait_with_tile_static_memory_fence()), and the Race Conditions
// section's two "do not do this" totals written in a correct form. The kernels are the ones examples/
// runs (tessera/kernels/tile_indices.hpp, sampling.hpp), launched on the backend under test and checked
// against the documented output.
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/sampling.hpp>
#include <tessera/kernels/tile_indices.hpp>

namespace {
using namespace tessera;
using tessera::index;
using kernels::Description;
using kernels::publish;
using kernels::sampling_averages;

const int ROWS = 8;
const int COLS = 9;

// "Example of Global, Tile, and Local Indices": an 8x9 matrix in 2x3 tiles (4 rows by 3 columns of
// tiles); every thread records its indices. The documented table: value r*9+c, tile (r/2, c/3), global
// (r, c), local (r%2, c%3) (and tile origin (r/2*2, c/3*3)).
TESSERA_CASE(using_tiles_indices_of_8x9_in_2x3_tiles, "TIDX-1,TIDX-2,TEXT-1", expect::pass) {
  std::vector<Description> descs;
  for (int i = 0; i < ROWS * COLS; i++) descs.push_back(Description{i, -1, -1, -1, -1, -1, -1, -1, -1});
  extent<2> matrix(ROWS, COLS);
  array_view<Description, 2> descriptions(matrix, descs);
  kernels::record_tile_indices<2, 3>(ctx.view(), descriptions);
  descriptions.synchronize();
  std::vector<int> got, want;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++) {
      const Description& d = descs[r * COLS + c];
      for (int x : {d.value, d.tileRow, d.tileColumn, d.globalRow, d.globalColumn, d.localRow, d.localColumn, d.tileOriginRow,
                    d.tileOriginColumn})
        got.push_back(x);
      for (int x : {r * COLS + c, r / 2, c / 3, r, c, r % 2, c % 3, r / 2 * 2, c / 3 * 3}) want.push_back(x);
    }
  ctx.output("descriptions", got, want);
  // The documented thread (2,4): Tile (1,1), Global (2,4), Local (0,1).
  const Description& d = descs[2 * COLS + 4];
  ctx.require(d.tileRow == 1 && d.tileColumn == 1 && d.localRow == 0 && d.localColumn == 1, "cell (2,4): tile (1,1), local (0,1)");
}

const std::vector<float> documented_2{4.5f, 6.5f, 8.5f, 10.5f, 20.5f, 22.5f, 24.5f, 26.5f,
                                      36.5f, 38.5f, 40.5f, 42.5f, 52.5f, 54.5f, 56.5f, 58.5f};
const std::vector<float> documented_4{13.5f, 17.5f, 45.5f, 49.5f};

// SAMPLESIZE 2 with wait(): documented 4.5 6.5 8.5 10.5 / 20.5 ... / 36.5 ... / 52.5 ... 58.5.
TESSERA_CASE(using_tiles_sampling_2x2_with_wait, "BAR-2,TS-2", expect::pass) {
  ctx.output("averages", sampling_averages<2, publish::wait>(ctx.view()), documented_2);
}

// SAMPLESIZE 4 ("change SAMPLESIZE to 4 and the code executes correctly"): documented 13.5 17.5 / 45.5 49.5.
TESSERA_CASE(using_tiles_sampling_4x4_with_wait, "BAR-2,TS-2", expect::pass) {
  ctx.output("averages", sampling_averages<4, publish::wait>(ctx.view()), documented_4);
}

// Memory Fences: only tile_static memory is shared before the barrier, so the tile_static fence suffices.
TESSERA_CASE(using_tiles_sampling_2x2_with_tile_static_fence, "BAR-4,MEM-9", expect::pass) {
  ctx.output("averages", sampling_averages<2, publish::tile_static_fence>(ctx.view()), documented_2);
}

// The same at SAMPLESIZE 4.
TESSERA_CASE(using_tiles_sampling_4x4_with_tile_static_fence, "BAR-4,MEM-9", expect::pass) {
  ctx.output("averages", sampling_averages<4, publish::tile_static_fence>(ctx.view()), documented_4);
}

// Race Conditions, first "do not do this" (`tile_static float total; total += matrix[t_idx];`), in a
// correct form: the total is an int (atomics take int), set by one thread, then a barrier, then every
// thread adds with atomic_fetch_add, then a barrier, then one thread writes the mean. Same output as
// SamplingExample.
TESSERA_CASE(using_tiles_race_fixed_with_tile_static_atomic_total, "TS-4,TS-9,BAR-2", expect::pass) {
  std::vector<int> raw(64);
  for (int i = 0; i < 64; i++) raw[i] = i;
  std::vector<float> out(16, 0.0f);
  array_view<const int, 2> matrix(8, 8, raw);
  array_view<float, 2> averages(4, 4, out);
  parallel_for_each(ctx.view(), matrix.extent.tile<2, 2>(), [=] restrict_amp (tiled_index<2, 2> t_idx) {
    tile_static int total;  // no initializer (TS-4): one thread sets it before anyone adds
    const bool first = t_idx.local[0] == 0 && t_idx.local[1] == 0;
    if (first) total = 0;
    t_idx.barrier.wait();
    atomic_fetch_add(&total, matrix[t_idx]);
    t_idx.barrier.wait();
    if (first) averages(t_idx.tile[0], t_idx.tile[1]) = (float)total / (float)(2 * 2);
  });
  averages.synchronize();
  ctx.output("averages", out, documented_2);
}

// Race Conditions, second "do not do this" (one thread adds at each barrier, "not extensible"), written
// out for every thread of a 4x4 tile: a tile-uniform loop of 16 turns, thread k adding in turn k, a
// barrier after every turn. Race-free; the documented SAMPLESIZE 4 output.
TESSERA_CASE(using_tiles_race_fixed_by_taking_turns, "BAR-2,BAR-7,TS-4", expect::pass) {
  std::vector<float> raw(64);
  for (int i = 0; i < 64; i++) raw[i] = (float)i;
  std::vector<float> out(4, 0.0f);
  array_view<const float, 2> matrix(8, 8, raw);
  array_view<float, 2> averages(2, 2, out);
  parallel_for_each(ctx.view(), matrix.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t_idx) {
    tile_static float total;
    const int me = t_idx.local[0] * 4 + t_idx.local[1];
    for (int turn = 0; turn < 16; turn++) {
      if (me == turn) total = turn == 0 ? matrix[t_idx] : total + matrix[t_idx];
      t_idx.barrier.wait();
    }
    if (me == 0) averages(t_idx.tile[0], t_idx.tile[1]) = total / (float)(4 * 4);
  });
  averages.synchronize();
  ctx.output("averages", out, documented_4);
}

}  // namespace
