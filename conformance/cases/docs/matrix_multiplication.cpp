// MS Learn "Walkthrough: Matrix Multiplication": MultiplyWithAMP (3x2 times 2x3, one thread per element
// of the product) and MultiplyWithTiling (4x4 in 2x2 tiles, tile_static blocks declared inside the loop),
// launched on the backend under test. The walkthrough checks element (0,0) of the tiled product by hand:
// 11 + 23 = 34.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;

// MultiplyWithAMP: A = {{1,4},{2,5},{3,6}}, B = {{7,8,9},{10,11,12}}; the product
// 47 52 57 / 64 71 78 / 81 90 99 (MultiplyWithOutAMP's serial loop).
TESSERA_CASE(walkthrough_multiply_3x2_by_2x3_without_tiles, "PFE-1,AV-9,IDX-5", expect::pass) {
  int aMatrix[] = {1, 4, 2, 5, 3, 6};
  int bMatrix[] = {7, 8, 9, 10, 11, 12};
  int productMatrix[] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  array_view<int, 2> a(3, 2, aMatrix);
  array_view<int, 2> b(2, 3, bMatrix);
  array_view<int, 2> product(3, 3, productMatrix);
  parallel_for_each(ctx.view(), product.extent, [=] restrict_amp (index<2> idx) {
    int row = idx[0];
    int col = idx[1];
    for (int inner = 0; inner < 2; inner++) product[idx] += a(row, inner) * b(inner, col);
  });
  product.synchronize();
  ctx.output("product", std::vector<int>(productMatrix, productMatrix + 9), std::vector<int>{47, 52, 57, 64, 71, 78, 81, 90, 99});
}

// MultiplyWithTiling: A = B = rows {1,2,3,4},{5,6,7,8},{1,2,3,4},{5,6,7,8}, 2x2 tiles, two steps along
// the inner dimension with two barriers each. Product rows 34 44 54 64 / 82 108 134 160 (twice).
TESSERA_CASE(walkthrough_multiply_4x4_in_2x2_tiles, "BAR-2,TS-2,TS-3", expect::pass) {
  static const int TS = 2;
  int aMatrix[] = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};
  int bMatrix[] = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};
  int productMatrix[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  array_view<int, 2> a(4, 4, aMatrix);
  array_view<int, 2> b(4, 4, bMatrix);
  array_view<int, 2> product(4, 4, productMatrix);
  parallel_for_each(ctx.view(), product.extent.tile<TS, TS>(), [=] restrict_amp (tiled_index<TS, TS> t_idx) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    int rowGlobal = t_idx.global[0];
    int colGlobal = t_idx.global[1];
    int sum = 0;
    for (int i = 0; i < 4; i += TS) {
      tile_static int locA[TS][TS];
      tile_static int locB[TS][TS];
      locA[row][col] = a(rowGlobal, col + i);
      locB[row][col] = b(row + i, colGlobal);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    product[t_idx.global] = sum;
  });
  product.synchronize();
  const std::vector<int> got(productMatrix, productMatrix + 16);
  std::vector<int> want(16, 0);
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++)
      for (int x = 0; x < 4; x++) want[r * 4 + c] += aMatrix[r * 4 + x] * bMatrix[x * 4 + c];
  ctx.output("product", got, want);
  ctx.require(got[0] == 34, "element (0,0) is 11 + 23 = 34, as the walkthrough computes by hand");
}

}  // namespace
