// Tiled matrix multiply C = A * B through tile_static, one thread per element of C: each Tile x Tile tile
// of threads walks the inner dimension Tile columns of A and Tile rows of B at a time, staging both
// blocks in tile_static memory between two barriers (BAR-2, TS-2).
//
//   tessera::kernels::tiled_matmul<16>(view, a, b, c);   // a: M x K, b: K x N, c: M x N
//
// Variant (optional, unused): a tag that makes a distinct instantiation, for programs that compile the
// same kernel into two translation units with different flags (bench/check_cost: plain and checked),
// where one shared instantiation would be merged by the linker.
//
// M, N and K must be multiples of Tile (else runtime_exception; the launch itself would throw
// invalid_compute_domain for M or N). Each element is summed in ascending k from T(0), the order of
// oracle::matmul (matmul_oracle.hpp): with integers, or floats whose products and partial sums are
// exact (small integral values), every backend agrees bit for bit. With arbitrary floats a GPU compiler
// may contract `sum += x * y` into a fused multiply-add, so expect a few ulps there.
#pragma once

#include <tessera/amp.hpp>

#include <string>
#include <type_traits>

namespace tessera::kernels {

template <int Tile, class T, class Variant = void>
void tiled_matmul(const accelerator_view& view, array_view<const std::type_identity_t<T>, 2> a,
                  array_view<const std::type_identity_t<T>, 2> b, array_view<T, 2> c) {
  static_assert(Tile > 0 && Tile * Tile <= 1024, "tiled_matmul: Tile x Tile threads must fit a tile (at most 1024)");
  const int m = c.extent[0], n = c.extent[1], inner = a.extent[1];
  if (a.extent[0] != m || b.extent[0] != inner || b.extent[1] != n)
    throw runtime_exception("tiled_matmul: shapes do not chain: a is " + std::to_string(a.extent[0]) + "x" +
                            std::to_string(a.extent[1]) + ", b " + std::to_string(b.extent[0]) + "x" +
                            std::to_string(b.extent[1]) + ", c " + std::to_string(m) + "x" + std::to_string(n));
  if (m % Tile != 0 || n % Tile != 0 || inner % Tile != 0)
    throw runtime_exception("tiled_matmul: every dimension must be a multiple of the tile size " + std::to_string(Tile));
  parallel_for_each(view, c.extent.template tile<Tile, Tile>(), [=] restrict_amp (tiled_index<Tile, Tile> t) {
    tile_static T ta[Tile][Tile];
    tile_static T tb[Tile][Tile];
    const int row = t.local[0], col = t.local[1];
    T sum = T(0);
    for (int k0 = 0; k0 < inner; k0 += Tile) {
      ta[row][col] = a(t.global[0], k0 + col);
      tb[row][col] = b(k0 + row, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < Tile; ++k) sum += ta[row][k] * tb[k][col];
      t.barrier.wait();
    }
    c[t] = sum;
  });
}

// The classic 16x16 form.
template <class T>
void matmul_16x16(const accelerator_view& view, array_view<const std::type_identity_t<T>, 2> a,
                  array_view<const std::type_identity_t<T>, 2> b, array_view<T, 2> c) {
  tiled_matmul<16, T>(view, a, b, c);
}

}  // namespace tessera::kernels
