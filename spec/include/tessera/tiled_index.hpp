// tiled_index<D0[,D1[,D2]]>: what a tiled kernel thread is told about itself (TIDX-1..TIDX-4).
//
//   local = global % tile dims,  tile = global / tile dims,  tile_origin = global - local.
// It converts to index<rank> as `global`, so av[t] indexes with the global position (TIDX-3).
#pragma once

#include <tessera/tile_barrier.hpp>
#include <tessera/tiled_extent.hpp>

namespace tessera {

template <int D0, int D1 = 0, int D2 = 0>
class tiled_index : public detail::tile_shape<D0, D1, D2> {
 public:
  static constexpr int rank = detail::tiled_rank<D0, D1, D2>;
  using index_type = index<rank>;

  const index_type global;
  const index_type local;
  const index_type tile;
  const index_type tile_origin;
  const tile_barrier barrier;

  TESSERA_HD constexpr tiled_index(const index_type& global, const index_type& local, const index_type& tile,
                                   const index_type& tile_origin, const tile_barrier& barrier) noexcept
      : global(global), local(local), tile(tile), tile_origin(tile_origin), barrier(barrier) {}
  constexpr tiled_index(const tiled_index&) noexcept = default;

  static constexpr extent<rank> tile_extent = detail::tile_extent_of<D0, D1, D2>();
  TESSERA_HD static constexpr extent<rank> get_tile_extent() noexcept { return detail::tile_extent_of<D0, D1, D2>(); }

  TESSERA_HD constexpr operator index_type() const noexcept { return global; }
};

namespace detail {
// The identities of TIDX-2, computed once for every backend: a thread's indices from its tile and local
// position.
template <int D0, int D1, int D2>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD constexpr tiled_index<D0, D1, D2> make_tiled_index(
    const index<tiled_rank<D0, D1, D2>>& tile, const index<tiled_rank<D0, D1, D2>>& local) noexcept {
  constexpr auto dims = tile_extent_of<D0, D1, D2>();
  index<tiled_rank<D0, D1, D2>> origin;
  for (int i = 0; i < tiled_rank<D0, D1, D2>; ++i) origin[i] = tile[i] * dims[i];
  return tiled_index<D0, D1, D2>(origin + local, local, tile, origin, barrier_factory::make());
}
}  // namespace detail

}  // namespace tessera
