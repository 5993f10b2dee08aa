// Prefix sums. Within a tile: Hillis-Steele steps on a double buffer in tile_static memory, one barrier
// per step (BAR-2, TS-2). Across tiles: scan every tile and keep its total, scan the totals (the same
// function, recursively), then add each tile's offset in a second launch.
//
//   tile_scan<256, scan_kind::inclusive>(view, in, out);          // each tile of 256 scanned on its own
//   tile_scan<256, scan_kind::exclusive>(view, in, out, totals);  // and every tile's total kept
//   scan<256, scan_kind::exclusive>(view, in, out);                // the whole array
//
// Width is a power of two up to 1024; n need not be a multiple (padded launch, pad(); elements past the
// end count as 0 and are not stored). Integers, and floats whose partial sums are exact (small integral
// values), agree bit for bit with the serial oracles (scan_oracle.hpp); other floats are summed in a
// different order than a serial loop.
#pragma once

#include <tessera/amp.hpp>

#include <string>
#include <type_traits>
#include <vector>

namespace tessera::kernels {

enum class scan_kind { inclusive, exclusive };

namespace detail {
template <int Width, scan_kind Kind, class T>
void tile_scan_impl(const accelerator_view& view, array_view<const T, 1> in, array_view<T, 1> out, array_view<T, 1> totals,
                    bool keep_totals) {
  static_assert(Width > 0 && Width <= 1024 && (Width & (Width - 1)) == 0, "tile_scan: Width must be a power of two up to 1024");
  const int n = in.extent[0];
  if (out.extent[0] != n) throw runtime_exception("tile_scan: out must have the input's extent");
  if (keep_totals && totals.extent[0] != (n + Width - 1) / Width)
    throw runtime_exception("tile_scan: totals needs one element per tile, " + std::to_string((n + Width - 1) / Width));
  parallel_for_each(view, in.extent.template tile<Width>().pad(), [=] restrict_amp (tiled_index<Width> t) {
    tile_static T buf[2][Width];
    const int l = t.local[0], g = t.global[0];
    buf[0][l] = g < n ? in[g] : T(0);
    t.barrier.wait();
    int from = 0;
    for (int offset = 1; offset < Width; offset *= 2) {
      buf[1 - from][l] = l >= offset ? buf[from][l - offset] + buf[from][l] : buf[from][l];
      from = 1 - from;
      t.barrier.wait();
    }
    // (A plain if on the constant: nvcc refuses a lambda's first use of a capture inside if constexpr.)
    if (g < n) out[g] = Kind == scan_kind::inclusive ? buf[from][l] : (l == 0 ? T(0) : buf[from][l - 1]);
    if (keep_totals && l == Width - 1) totals[t.tile[0]] = buf[from][l];
  });
}
}  // namespace detail

template <int Width, scan_kind Kind, class T>
void tile_scan(const accelerator_view& view, array_view<const std::type_identity_t<T>, 1> in, array_view<T, 1> out) {
  detail::tile_scan_impl<Width, Kind, T>(view, in, out, out, false);
}
template <int Width, scan_kind Kind, class T>
void tile_scan(const accelerator_view& view, array_view<const std::type_identity_t<T>, 1> in, array_view<T, 1> out,
               array_view<T, 1> totals) {
  detail::tile_scan_impl<Width, Kind, T>(view, in, out, totals, true);
}

// The prefix sums of the whole of `in`, over as many tiles as it takes.
template <int Width, scan_kind Kind, class T>
void scan(const accelerator_view& view, array_view<const std::type_identity_t<T>, 1> in, array_view<T, 1> out) {
  const int n = in.extent[0];
  const int tiles = (n + Width - 1) / Width;
  if (tiles == 1) {
    tile_scan<Width, Kind, T>(view, in, out);
    return;
  }
  std::vector<T> totals(static_cast<std::size_t>(tiles)), offsets(static_cast<std::size_t>(tiles));
  array_view<T, 1> tv(tiles, totals), ov(tiles, offsets);
  tile_scan<Width, Kind, T>(view, in, out, tv);
  scan<Width, scan_kind::exclusive, T>(view, tv, ov);
  array_view<const T, 1> offs = ov;
  parallel_for_each(view, out.extent.template tile<Width>().pad(), [=] restrict_amp (tiled_index<Width> t) {
    if (t.global[0] < n) out[t.global[0]] += offs[t.tile[0]];
  });
}

}  // namespace tessera::kernels
