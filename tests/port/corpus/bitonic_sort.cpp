// Bitonic sort of an array in place: one launch per step, the data in an array captured by reference.
#include <amp.h>
#include <algorithm>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

void bitonic_step(array<int, 1>& data, int j, int k) {
  parallel_for_each(data.extent, [=, &data](index<1> idx) restrict(amp) {
    int i = idx[0];
    int partner = i ^ j;
    if (partner > i) {
      int a = data[i];
      int b = data[partner];
      bool ascending = (i & k) == 0;
      if ((a > b) == ascending) {
        data[i] = b;
        data[partner] = a;
      }
    }
  });
}

int main(int argc, char** argv) {
  const int n = 1024;
  std::vector<int> input(n);
  for (int i = 0; i < n; ++i) input[i] = (i * 7919) % 1009 - 500;
  array<int, 1> data(n, input.begin(), input.end());
  for (int k = 2; k <= n; k *= 2)
    for (int j = k / 2; j > 0; j /= 2)
      bitonic_step(data, j, k);
  std::vector<int> sorted(n);
  copy(data, sorted.begin());
  std::vector<int> want = input;
  std::sort(want.begin(), want.end());
  corpus::results out("bitonic_sort", argc, argv);
  out.output("sorted", sorted);
  return out.finish(sorted == want, "bitonic sort of 1024 ints");
}
