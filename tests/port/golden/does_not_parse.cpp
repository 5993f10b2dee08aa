// A C++ AMP file with an error: tessera-port leaves it untouched and names line 9.
#include <amp.h>
#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> data(16, 1);
  array_view<int, 1> v(16, data) // the ";" is missing
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
  return 0;
}
