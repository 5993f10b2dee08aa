// Ported from the C++ AMP overview ("CppAmpMethod"): add {1,2,3,4,5} and {6,7,8,9,10} element by element
// on the accelerator. The overview gives the result as 7, 9, 11, 13, 15; this port prints it on one line,
// separated by spaces: 7 9 11 13 15 (the overview's loop printed one number per line).
#include <tessera/amp.hpp>

#include <iostream>

using namespace tessera;

constexpr int size = 5;

int main() {
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  int sumCPP[size];

  // Two read-only inputs and an output whose old contents need not reach the accelerator.
  array_view<const int, 1> a(size, aCPP);
  array_view<const int, 1> b(size, bCPP);
  array_view<int, 1> sum(size, sumCPP);
  sum.discard_data();

  // One thread per element of sum. Porting changes: restrict_amp sits before the parameter list, and index
  // is written tessera::index, because the C library's POSIX index() function is also in scope (nvcc's
  // headers bring it in) and an unqualified index<1> is then ambiguous.
  parallel_for_each(sum.extent, [=] restrict_amp (tessera::index<1> idx) { sum[idx] = a[idx] + b[idx]; });

  // Reading sum on the host brings the results back.
  for (int i = 0; i < size; i++) std::cout << sum[i] << (i + 1 < size ? " " : "\n");
}
