// Tiled matrix multiplication as C++ AMP programs write it: each tile stages a 16x16 block of A and of B
// in tile_static memory, waits at a barrier before using them and again before overwriting them. The
// product of small integers is exact in float, so it must equal the host's product bit for bit.
#include <amp.h>
#include <iostream>
#include <vector>

using namespace concurrency;

static const int TS = 16;

void multiply(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c, int m, int w, int n) {
  array_view<const float, 2> av(m, w, a);
  array_view<const float, 2> bv(w, n, b);
  array_view<float, 2> cv(m, n, c);
  cv.discard_data();
  parallel_for_each(cv.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t) restrict(amp) {
    const int row = t.local[0];
    const int col = t.local[1];
    float sum = 0.0f;
    for (int i = 0; i < w; i += TS) {
      tile_static float sa[TS][TS];
      tile_static float sb[TS][TS];
      sa[row][col] = av(t.global[0], i + col);
      sb[row][col] = bv(i + row, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < TS; ++k) sum += sa[row][k] * sb[k][col];
      t.barrier.wait();
    }
    cv[t.global] = sum;
  });
  cv.synchronize();
}

int main() {
  const int m = 32, w = 64, n = 48;
  std::vector<float> a(m * w), b(w * n), c(m * n, -1.0f);
  for (int i = 0; i < m * w; ++i) a[i] = static_cast<float>(i % 7 - 3);
  for (int i = 0; i < w * n; ++i) b[i] = static_cast<float>(i % 5 - 2);
  multiply(a, b, c, m, w, n);

  int wrong = 0;
  for (int r = 0; r < m; ++r) {
    for (int col = 0; col < n; ++col) {
      float want = 0.0f;
      for (int k = 0; k < w; ++k) want += a[r * w + k] * b[k * n + col];
      if (c[r * n + col] != want && wrong++ < 5)
        std::cerr << "c(" << r << "," << col << ") = " << c[r * n + col] << ", want " << want << "\n";
    }
  }
  std::cout << (wrong ? "FAIL" : "ok") << ": tiled matrix product, " << wrong << " wrong of " << m * n << "\n";
  return wrong ? 1 : 0;
}
