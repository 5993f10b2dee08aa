// tiled_extent<D0[,D1[,D2]]>: an extent cut into tiles of a compile-time shape (TEXT-1..TEXT-6).
//
// A trailing 0 means "lower rank", not "size 0": tiled_extent<16,16> is rank 2 and derives from extent<2>.
#pragma once

#include <tessera/extent.hpp>

namespace tessera {

namespace detail {

template <int D0, int D1, int D2>
inline constexpr int tiled_rank = D2 != 0 ? 3 : (D1 != 0 ? 2 : 1);

// The static tile constants; tile_dim1 exists only from rank 2 and tile_dim2 only at rank 3 (TEXT-4).
template <int D0, int D1, int D2>
struct tile_shape {
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;
};
template <int D0, int D1>
struct tile_shape<D0, D1, 0> {
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
};
template <int D0>
struct tile_shape<D0, 0, 0> {
  static constexpr int tile_dim0 = D0;
};

template <int D0, int D1, int D2>
TESSERA_HD constexpr extent<tiled_rank<D0, D1, D2>> tile_extent_of() noexcept {
  if constexpr (D2 != 0) return extent<3>(D0, D1, D2);
  else if constexpr (D1 != 0) return extent<2>(D0, D1);
  else return extent<1>(D0);
}

template <int D0, int D1, int D2>
TESSERA_HD constexpr void check_tile_template_arguments() {
  static_assert(D0 > 0, "tile sizes must be positive: tiled_extent<D0,...> needs D0 > 0");
  static_assert(D1 >= 0 && D2 >= 0, "tile sizes must be positive");
  static_assert(D2 == 0 || D1 > 0, "a rank-3 tile needs D1 > 0: write tiled_extent<D0,D1,D2> with all three positive");
}

}  // namespace detail

template <int D0, int D1 = 0, int D2 = 0>
class tiled_extent : public extent<detail::tiled_rank<D0, D1, D2>>, public detail::tile_shape<D0, D1, D2> {
 public:
  static constexpr int rank = detail::tiled_rank<D0, D1, D2>;
  using extent_type = extent<rank>;

  TESSERA_HD constexpr tiled_extent() noexcept { detail::check_tile_template_arguments<D0, D1, D2>(); }
  // Implicit, so an extent can be passed where a tiled_extent is expected (TEXT-2).
  TESSERA_HD constexpr tiled_extent(const extent_type& e) noexcept : extent_type(e) {
    detail::check_tile_template_arguments<D0, D1, D2>();
  }

  // The tile's shape as an extent (Microsoft-specific accessor, TEXT-4).
  static constexpr extent_type tile_extent = detail::tile_extent_of<D0, D1, D2>();
  TESSERA_HD static constexpr extent_type get_tile_extent() noexcept { return detail::tile_extent_of<D0, D1, D2>(); }

  // Every dimension rounded up / down to a multiple of its tile size (TEXT-3).
  TESSERA_HD constexpr tiled_extent pad() const noexcept { return rounded(true); }
  TESSERA_HD constexpr tiled_extent truncate() const noexcept { return rounded(false); }

  TESSERA_HD friend constexpr bool operator==(const tiled_extent& a, const tiled_extent& b) noexcept {
    return static_cast<const extent_type&>(a) == static_cast<const extent_type&>(b);
  }
  TESSERA_HD friend constexpr bool operator!=(const tiled_extent& a, const tiled_extent& b) noexcept { return !(a == b); }

 private:
  TESSERA_HD constexpr tiled_extent rounded(bool up) const noexcept {
    const extent_type t = get_tile_extent();
    extent_type r = *this;
    for (int i = 0; i < rank; ++i) {
      const int whole = r[i] / t[i] * t[i];
      r[i] = (up && whole != r[i]) ? whole + t[i] : whole;
    }
    return tiled_extent(r);
  }
};

}  // namespace tessera
