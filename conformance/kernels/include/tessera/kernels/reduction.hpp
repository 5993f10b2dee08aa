// Tree reductions in tile_static memory (sequential addressing: strides Width/2, Width/4, ..., 1, one
// barrier after each step; BAR-2, TS-2).
//
//   tile_reduce<256>(view, in, partial);              // partial[t] = sum of in[t*256 .. t*256+255]
//   tile_reduce<256, max_op>(view, in, partial);      // the maximum instead
//   tile_reduce<256>(view, in, partial, 16);          // each thread first folds 16 elements strided by 256
//   T total = reduce<256>(view, in);                  // launches until one value is left
//
// Variant (optional, unused): a tag that makes a distinct instantiation (see matmul.hpp).
//
// A tile of Width threads (a power of two, at most 1024) reduces Width * per_thread consecutive elements:
// thread l folds in[base + j*Width + l] for j = 0..per_thread-1 (starting from the operation's identity),
// then the tile combines the Width values with the tree. partial needs ceil(n / (Width*per_thread))
// elements; elements past the end of `in` count as the identity, so n need not be a multiple. The order
// of every combination is fixed, and oracle::tile_reduce (reduction_oracle.hpp) follows it exactly, so
// float results match the oracle bit for bit on every backend.
#pragma once

#include <tessera/amp.hpp>

#include <string>
#include <type_traits>
#include <vector>

namespace tessera::kernels {

// a + b; identity 0.
struct sum_op {
  template <class T>
  restrict_amp T operator()(T a, T b) const { return a + b; }
  template <class T>
  restrict_amp static T identity() { return T(0); }
};

// The larger of a and b; identity the type's lowest value.
struct max_op {
  template <class T>
  restrict_amp T operator()(T a, T b) const { return a < b ? b : a; }
  template <class T>
  restrict_amp static T identity() {
    if constexpr (std::is_same_v<T, int>) return -2147483647 - 1;
    else if constexpr (std::is_same_v<T, float>) return -3.402823466e+38f;
    else if constexpr (std::is_same_v<T, double>) return -1.7976931348623157e+308;
    else return T(0);  // unsigned
  }
};

template <int Width, class Op = sum_op, class T, class Variant = void>
void tile_reduce(const accelerator_view& view, array_view<const std::type_identity_t<T>, 1> in, array_view<T, 1> partial,
                 int per_thread = 1) {
  static_assert(Width > 0 && Width <= 1024 && (Width & (Width - 1)) == 0, "tile_reduce: Width must be a power of two up to 1024");
  if (per_thread < 1) throw runtime_exception("tile_reduce: per_thread must be at least 1");
  const int n = in.extent[0];
  const int chunk = Width * per_thread;
  const int tiles = (n + chunk - 1) / chunk;
  if (partial.extent[0] != tiles)
    throw runtime_exception("tile_reduce: partial needs " + std::to_string(tiles) + " elements, has " +
                            std::to_string(partial.extent[0]));
  const Op op{};
  parallel_for_each(view, extent<1>(tiles * Width).template tile<Width>(), [=] restrict_amp (tiled_index<Width> t) {
    tile_static T s[Width];
    const int l = t.local[0];
    const int base = t.tile[0] * chunk;
    T v = Op::template identity<T>();
    for (int j = 0; j < per_thread; ++j) {
      const int i = base + j * Width + l;
      if (i < n) v = op(v, in[i]);
    }
    s[l] = v;
    t.barrier.wait();
    for (int stride = Width / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] = op(s[l], s[l + stride]);
      t.barrier.wait();
    }
    if (l == 0) partial[t.tile[0]] = s[0];
  });
}

template <int Width, class T>
void tile_sum(const accelerator_view& view, array_view<const std::type_identity_t<T>, 1> in, array_view<T, 1> partial,
              int per_thread = 1) {
  tile_reduce<Width, sum_op, T>(view, in, partial, per_thread);
}
template <int Width, class T>
void tile_max(const accelerator_view& view, array_view<const std::type_identity_t<T>, 1> in, array_view<T, 1> partial,
              int per_thread = 1) {
  tile_reduce<Width, max_op, T>(view, in, partial, per_thread);
}

// The whole of `in` reduced to one value: tile_reduce launches (per_thread 1) until one value is left.
template <int Width, class Op = sum_op, class T>
T reduce(const accelerator_view& view, array_view<const T, 1> in) {
  std::vector<T> level;  // the last level's values (a swap keeps the buffer `current` views)
  array_view<const T, 1> current = in;
  while (current.extent[0] > 1) {
    std::vector<T> next(static_cast<std::size_t>((current.extent[0] + Width - 1) / Width));
    {
      array_view<T, 1> out(static_cast<int>(next.size()), next);
      tile_reduce<Width, Op, T>(view, current, out);
      out.synchronize();
    }
    current = array_view<const T, 1>(static_cast<int>(next.size()), next);
    level.swap(next);  // the previous level's buffer, no longer viewed, goes with `next`
  }
  return current[0];
}

}  // namespace tessera::kernels
