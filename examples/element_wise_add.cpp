// C++ AMP overview: add two vectors element by element. Prints 7 9 11 13 15.
#include <tessera/amp.hpp>

#include <iostream>
#include <vector>

int main() {
  using namespace tessera;
  std::vector<int> a{1, 2, 3, 4, 5}, b{6, 7, 8, 9, 10}, sum(5);
  array_view<const int, 1> av(5, a), bv(5, b);
  array_view<int, 1> sv(5, sum);
  sv.discard_data();
  parallel_for_each(sv.extent, [=] restrict_amp (tessera::index<1> i) { sv[i] = av[i] + bv[i]; });
  for (int i = 0; i < 5; ++i) std::cout << sv[i] << (i < 4 ? " " : "\n");
}
