// Serial oracles of reduction.hpp, combining in exactly the kernels' order (so floats agree bit for bit).
#pragma once

#include <tessera/kernels/reduction.hpp>

#include <vector>

namespace tessera::kernels::oracle {

template <int Width, class Op = sum_op, class T>
std::vector<T> tile_reduce(const std::vector<T>& in, int per_thread = 1) {
  const Op op{};
  const int n = static_cast<int>(in.size());
  const int chunk = Width * per_thread;
  const int tiles = (n + chunk - 1) / chunk;
  std::vector<T> partial(tiles);
  std::vector<T> s(Width);
  for (int tile = 0; tile < tiles; ++tile) {
    for (int l = 0; l < Width; ++l) {
      T v = Op::template identity<T>();
      for (int j = 0; j < per_thread; ++j) {
        const int i = tile * chunk + j * Width + l;
        if (i < n) v = op(v, in[i]);
      }
      s[l] = v;
    }
    for (int stride = Width / 2; stride > 0; stride /= 2)
      for (int l = 0; l < stride; ++l) s[l] = op(s[l], s[l + stride]);
    partial[tile] = s[0];
  }
  return partial;
}

template <int Width, class Op = sum_op, class T>
T reduce(std::vector<T> in) {
  while (in.size() > 1) in = tile_reduce<Width, Op>(in);
  return in[0];
}

}  // namespace tessera::kernels::oracle
