// Tiled matrix multiplication with arrays captured by reference and tile_static blocks.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

static const int TS = 16;

void multiply(array<float, 2>& a, array<float, 2>& b, array<float, 2>& product) {
  const int W = a.extent[1];
  parallel_for_each(product.extent.tile<TS, TS>(), [&](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    float sum = 0.0f;
    for (int i = 0; i < W; i += TS) {
      tile_static float sA[TS][TS];
      tile_static float sB[TS][TS];
      sA[row][col] = a(t_idx.global[0], col + i);
      sB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++)
        sum += sA[row][k] * sB[k][col];
      t_idx.barrier.wait();
    }
    product[t_idx.global] = sum;
  });
}

int main(int argc, char** argv) {
  const int M = 64, N = 32, W = 48;
  std::vector<float> va(M * W), vb(W * N), vc(M * N);
  for (int i = 0; i < M * W; ++i) va[i] = static_cast<float>((i * 3) % 11 - 5);
  for (int i = 0; i < W * N; ++i) vb[i] = static_cast<float>((i * 7) % 9 - 4);
  array<float, 2> a(M, W, va.begin(), va.end());
  array<float, 2> b(W, N, vb.begin(), vb.end());
  array<float, 2> product(M, N);
  multiply(a, b, product);
  copy(product, vc.begin());

  bool ok = true;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float want = 0.0f;
      for (int k = 0; k < W; ++k) want += va[i * W + k] * vb[k * N + j];
      ok = ok && vc[i * N + j] == want;
    }
  corpus::results out("matrix_multiply_tiled", argc, argv);
  out.output("product", vc);
  return out.finish(ok, "tiled matrix_multiply 64x48 * 48x32, tiles of 16x16");
}
