// The first program of the C++ AMP documentation: adding two vectors, the inputs in arrays captured by
// reference, the sum through an array_view.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

void add_arrays(int n, const std::vector<int>& pa, const std::vector<int>& pb, std::vector<int>& psum) {
  array<int, 1> a(n, pa.begin(), pa.end());
  array<int, 1> b(n, pb.begin(), pb.end());
  array_view<int, 1> sum(n, psum);
  sum.discard_data();
  parallel_for_each(sum.extent, [&a, &b, sum](index<1> idx) restrict(amp) {
    sum[idx] = a[idx] + b[idx];
  });
  sum.synchronize();
}

int main(int argc, char** argv) {
  const int n = 5000;
  std::vector<int> a(n), b(n), s(n);
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 2 * i - 7;
  }
  add_arrays(n, a, b, s);
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && s[i] == a[i] + b[i];
  corpus::results out("vector_add", argc, argv);
  out.output("sum", s);
  return out.finish(ok, "vector add of 5000 ints");
}
