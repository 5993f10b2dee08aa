// Matrix multiplication, the C++ AMP way: array_views over std::vectors and one thread per element.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

int main(int argc, char** argv) {
  const int M = 64, N = 48, W = 32;
  std::vector<float> va(M * W), vb(W * N), vc(M * N);
  for (int i = 0; i < M * W; ++i) va[i] = static_cast<float>(i % 7 - 3);
  for (int i = 0; i < W * N; ++i) vb[i] = static_cast<float>(i % 5 - 2);

  array_view<const float, 2> a(M, W, va);
  array_view<const float, 2> b(W, N, vb);
  array_view<float, 2> c(M, N, vc);
  c.discard_data();
  parallel_for_each(c.extent, [=](index<2> idx) restrict(amp) {
    int row = idx[0];
    int col = idx[1];
    float sum = 0.0f;
    for (int k = 0; k < W; k++)
      sum += a(row, k) * b(k, col);
    c[idx] = sum;
  });
  c.synchronize();

  bool ok = true;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float want = 0.0f;
      for (int k = 0; k < W; ++k) want += va[i * W + k] * vb[k * N + j];
      ok = ok && vc[i * N + j] == want;
    }
  corpus::results out("matrix_multiply", argc, argv);
  out.output("c", vc);
  return out.finish(ok, "matrix_multiply 64x32 * 32x48");
}
