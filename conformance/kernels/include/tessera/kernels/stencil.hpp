// Stencils with their halo staged in tile_static memory: every thread loads its element, the threads on
// the tile's edges also load the neighbours just outside it, the tile waits at its barrier, and every
// thread combines its neighbourhood from tile_static (BAR-2, TS-2). Points outside the input count as 0.
// The launch is padded (pad(): any extent works) and guarded (TEXT-3, TEXT-6).
//
//   stencil_3point<64>(view, in, out);        // 1-D: out[i] = in[i-1] + in[i] + in[i+1]
//   stencil_5point<16, 8>(view, in, out);     // 2-D: out = 4*centre - up - down - left - right
//
// Fixed order of operations (as written above, left to right), followed by stencil_oracle.hpp: integers
// and small integral floats agree bit for bit on every backend. A tile of TY x TX threads with TY != TX
// is not square, so the result depends on which local dimension is which.
#pragma once

#include <tessera/amp.hpp>

#include <string>
#include <type_traits>

namespace tessera::kernels {

namespace detail {
template <class T>
restrict_amp inline T at_or_zero(const array_view<const T, 1>& v, int i) {
  return i >= 0 && i < v.extent[0] ? v[i] : T(0);
}
template <class T>
restrict_amp inline T at_or_zero(const array_view<const T, 2>& v, int i, int j) {
  return i >= 0 && i < v.extent[0] && j >= 0 && j < v.extent[1] ? v(i, j) : T(0);
}
}  // namespace detail

template <int Width, class T>
void stencil_3point(const accelerator_view& view, array_view<const std::type_identity_t<T>, 1> in, array_view<T, 1> out) {
  static_assert(Width > 0 && Width <= 1024, "stencil_3point: at most 1024 threads per tile");
  const int n = in.extent[0];
  if (out.extent[0] != n) throw runtime_exception("stencil_3point: out must have the input's extent");
  parallel_for_each(view, in.extent.template tile<Width>().pad(), [=] restrict_amp (tiled_index<Width> t) {
    tile_static T s[Width + 2];
    const int l = t.local[0], g = t.global[0];
    s[l + 1] = detail::at_or_zero(in, g);
    if (l == 0) s[0] = detail::at_or_zero(in, g - 1);
    if (l == Width - 1) s[Width + 1] = detail::at_or_zero(in, g + 1);
    t.barrier.wait();
    if (g < n) out[g] = s[l] + s[l + 1] + s[l + 2];
  });
}

template <int TY, int TX, class T>
void stencil_5point(const accelerator_view& view, array_view<const std::type_identity_t<T>, 2> in, array_view<T, 2> out) {
  static_assert(TY > 0 && TX > 0 && TY * TX <= 1024, "stencil_5point: at most 1024 threads per tile");
  if (out.extent != in.extent) throw runtime_exception("stencil_5point: out must have the input's extent");
  parallel_for_each(view, in.extent.template tile<TY, TX>().pad(), [=] restrict_amp (tiled_index<TY, TX> t) {
    tile_static T s[TY + 2][TX + 2];
    const int r = t.local[0], c = t.local[1];
    const int i = t.global[0], j = t.global[1];
    s[r + 1][c + 1] = detail::at_or_zero(in, i, j);
    if (r == 0) s[0][c + 1] = detail::at_or_zero(in, i - 1, j);
    if (r == TY - 1) s[TY + 1][c + 1] = detail::at_or_zero(in, i + 1, j);
    if (c == 0) s[r + 1][0] = detail::at_or_zero(in, i, j - 1);
    if (c == TX - 1) s[r + 1][TX + 1] = detail::at_or_zero(in, i, j + 1);
    t.barrier.wait();
    if (in.extent.contains(t.global))
      out(i, j) = T(4) * s[r + 1][c + 1] - s[r][c + 1] - s[r + 2][c + 1] - s[r + 1][c] - s[r + 1][c + 2];
  });
}

}  // namespace tessera::kernels
