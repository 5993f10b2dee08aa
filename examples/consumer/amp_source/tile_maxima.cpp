// C++ AMP source, compiled as it is against Tessera::amp_compat: <amp.h>, using namespace concurrency,
// restrict(amp) after the parameter list (the one kernel of this project not written in Tessera's
// dialect, because it shows that it need not be). Each tile of 32 finds its maximum through tile_static
// memory; the program checks the maxima against the host's and exits non-zero on a mismatch.
#include <amp.h>
#include <iostream>
#include <vector>

using namespace concurrency;

int main() {
  const int size = 1024, tile = 32;
  std::vector<int> values(size), maxima(size / tile, -1);
  for (int i = 0; i < size; ++i) values[i] = (i * 7919) % 1000;
  array_view<const int, 1> in(size, values);
  array_view<int, 1> out(size / tile, maxima);
  parallel_for_each(in.extent.tile<32>(), [=](tiled_index<32> t) restrict(amp) {
    tile_static int m[32];
    m[t.local[0]] = in[t.global];
    t.barrier.wait();
    for (int stride = 16; stride > 0; stride /= 2) {
      if (t.local[0] < stride && m[t.local[0] + stride] > m[t.local[0]]) m[t.local[0]] = m[t.local[0] + stride];
      t.barrier.wait();
    }
    if (t.local[0] == 0) out[t.tile] = m[0];
  });
  out.synchronize();

  int wrong = 0;
  for (int k = 0; k < size / tile; ++k) {
    int want = values[k * tile];
    for (int i = 1; i < tile; ++i) want = values[k * tile + i] > want ? values[k * tile + i] : want;
    if (maxima[k] != want) ++wrong;
  }
  std::cout << (wrong ? "FAIL" : "ok") << ": tile maxima from C++ AMP source\n";
  return wrong ? 1 : 0;
}
