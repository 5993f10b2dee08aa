// PFE-3, PFE-4, PFE-9, PFE-10, PFE-12, PROJ-1, PROJ-4: which compute domains a launch accepts. Tiles of
// up to 1024 threads (D0 <= 64 at rank 3) and up to 65535 tiles per dimension run; more tiles, an empty
// or negative domain, and a launch on the cpu accelerator throw before any kernel thread runs; larger
// tiles do not compile (tests/compile_fail).
#include <tessera/conformance/case.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Throws std::logic_error (so the case fails) when the caught exception's message lacks `part`.
void require_message(const std::exception& e, const std::string& part) {
  if (std::string(e.what()).find(part) == std::string::npos)
    throw std::logic_error("the message does not name \"" + part + "\": " + e.what());
}

// Writes the tile-local linear position of every thread of a launch of tiles of exactly 1024 threads.
template <int D0, int D1, int D2>
std::vector<int> local_positions(const accelerator_view& where, const extent<tiled_index<D0, D1, D2>::rank>& e) {
  constexpr int R = tiled_index<D0, D1, D2>::rank;
  std::vector<int> out(e.size(), -1);
  array_view<int, R> v(e, out);
  parallel_for_each(where, tiled_extent<D0, D1, D2>(e), [=] restrict_amp (tiled_index<D0, D1, D2> t) {
    const extent<R> te = t.get_tile_extent();
    int lin = 0;
    for (int d = 0; d < R; ++d) lin = lin * te[d] + t.local[d];
    v[t] = lin;
  });
  v.synchronize();
  return out;
}

template <int R>
std::vector<int> local_oracle(const extent<R>& e, const extent<R>& tile) {
  std::vector<int> out;
  for (unsigned n = 0; n < e.size(); ++n) {
    unsigned rest = n;
    int g[R];
    for (int d = R - 1; d >= 0; --d) {
      g[d] = static_cast<int>(rest % static_cast<unsigned>(e[d]));
      rest /= static_cast<unsigned>(e[d]);
    }
    int lin = 0;
    for (int d = 0; d < R; ++d) lin = lin * tile[d] + g[d] % tile[d];
    out.push_back(lin);
  }
  return out;
}

// The portable minimum: 1024 threads per tile, in 1, 2 and 3 dimensions (D0 = 64 at rank 3).
TESSERA_CASE(tiles_of_1024_threads_run, "PFE-4,PROJ-4", expect::pass) {
  ctx.output("tile_1024", local_positions<1024, 0, 0>(ctx.view(), extent<1>(2048)), local_oracle<1>(extent<1>(2048), extent<1>(1024)));
  ctx.output("tile_32x32", local_positions<32, 32, 0>(ctx.view(), extent<2>(32, 64)), local_oracle<2>(extent<2>(32, 64), extent<2>(32, 32)));
  ctx.output("tile_64x4x4", local_positions<64, 4, 4>(ctx.view(), extent<3>(64, 4, 8)),
             local_oracle<3>(extent<3>(64, 4, 8), extent<3>(64, 4, 4)));
  ctx.output("tile_1x32x32", local_positions<1, 32, 32>(ctx.view(), extent<3>(2, 32, 32)),
             local_oracle<3>(extent<3>(2, 32, 32), extent<3>(1, 32, 32)));
}

// The portable minimum: 65535 tiles in a dimension (1-thread tiles, the cheapest such grid); every
// thread writes its tile number.
TESSERA_CASE(grid_of_65535_tiles_in_a_dimension_runs, "PFE-4,PROJ-4", expect::pass) {
  const int tiles = 65535;
  std::vector<int> out(tiles, -1);
  array_view<int, 1> v(tiles, out);
  parallel_for_each(ctx.view(), v.extent.tile<1>(), [=] restrict_amp (tiled_index<1> t) { v[t] = t.tile[0]; });
  v.synchronize();
  std::vector<int> want(tiles);
  for (int x = 0; x < tiles; ++x) want[x] = x;
  ctx.output("tile_numbers", out, want);
}

// Over the limits (PFE-4, PROJ-4). A tile of more than 1024 threads, or more than 64 in dimension 0 at
// rank 3, does not compile: the shape is a template argument (tests/compile_fail, cases 9 to 13). The
// tile count depends on the extent: each of these throws invalid_compute_domain naming the problem.
TESSERA_CASE(grid_of_65536_tiles_in_dimension_0_throws, "PFE-4,PROJ-4", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<1>(65536 * 2).tile<2>(), [=] restrict_amp (tiled_index<2>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "65536 tiles in dimension 0");
    throw;
  }
}

TESSERA_CASE(grid_of_65536_tiles_in_rank2_dimension_1_throws, "PFE-4,PROJ-4", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<2>(4, 65536).tile<4, 1>(), [=] restrict_amp (tiled_index<4, 1>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "65536 tiles in dimension 1");
    throw;
  }
}

TESSERA_CASE(grid_of_65536_tiles_in_rank3_dimension_2_throws, "PFE-4,PROJ-4", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<3>(1, 1, 65536).tile<1, 1, 1>(), [=] restrict_amp (tiled_index<1, 1, 1>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "65536 tiles in dimension 2");
    throw;
  }
}

// PFE-12 / PROJ-1: a zero or negative extent is refused, non-tiled and tiled (0 and -8 are multiples of
// the tile size, so only the emptiness rule refuses them).
TESSERA_CASE(zero_extent_non_tiled_throws, "PROJ-1,PFE-12", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<2>(4, 0), [=] restrict_amp (index<2>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "zero size in dimension 1");
    throw;
  }
}

TESSERA_CASE(zero_extent_tiled_throws, "PROJ-1,PFE-12", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<1>(0).tile<4>(), [=] restrict_amp (tiled_index<4>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "zero size in dimension 0");
    throw;
  }
}

TESSERA_CASE(negative_extent_non_tiled_throws, "PROJ-1,PFE-12", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<3>(2, -3, 4), [=] restrict_amp (index<3>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "negative size in dimension 1");
    throw;
  }
}

TESSERA_CASE(negative_extent_tiled_throws, "PROJ-1,PFE-12", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<2>(8, -8).tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "negative size in dimension 1");
    throw;
  }
}

// PFE-10: the cpu accelerator stores data only; a launch on it throws unsupported_feature and runs
// nothing, non-tiled and tiled.
TESSERA_CASE(non_tiled_launch_on_the_cpu_accelerator_throws, "PFE-10,ERR-5", expect::throws<tessera::unsupported_feature>) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  try {
    parallel_for_each(accelerator(accelerator::cpu_accelerator).get_default_view(), v.extent,  // expect: throws
                      [=] restrict_amp (index<1> i) { v[i] = 1; });
  } catch (const unsupported_feature& e) {
    require_message(e, "cpu");
    v.synchronize();
    for (int x : out)
      if (x != 0) throw std::logic_error("a refused launch ran kernel threads");
    throw;
  }
}

TESSERA_CASE(tiled_launch_on_the_cpu_accelerator_throws, "PFE-10,ERR-5", expect::throws<tessera::unsupported_feature>) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(accelerator(accelerator::cpu_accelerator).get_default_view(), v.extent.tile<4>(),  // expect: throws
                    [=] restrict_amp (tiled_index<4> t) { v[t] = 1; });
}

// The error code and message of a launch of `n` points in tiles of D0 (D0 == 0: non-tiled) on `where`;
// 0 and an empty message when it does not throw.
template <int D0>
unsigned launch_error(const accelerator_view& where, int n, std::string& what) {
  try {
    if constexpr (D0 == 0) {
      parallel_for_each(where, extent<1>(n), [=] restrict_amp (index<1>) {});
    } else {
      parallel_for_each(where, extent<1>(n).tile<D0>(), [=] restrict_amp (tiled_index<D0>) {});
    }
  } catch (const runtime_exception& e) {
    what = e.what();
    return e.get_error_code();
  }
  what.clear();
  return 0;
}

// PFE-9: each reason a launch throws, with its type's code (E_INVALIDARG for a bad domain, E_NOTIMPL for
// an unsupported target) and a message that says what is wrong.
TESSERA_CASE(launch_errors_have_their_code_and_message, "PFE-9,ERR-4,ERR-5", expect::pass) {
  const auto cpu = accelerator(accelerator::cpu_accelerator).get_default_view();
  std::string w[4];
  const unsigned indivisible = launch_error<4>(ctx.view(), 10, w[0]);
  const unsigned too_big = launch_error<1>(ctx.view(), 65536, w[1]);
  const unsigned empty = launch_error<0>(ctx.view(), 0, w[2]);
  const unsigned on_cpu = launch_error<0>(cpu, 4, w[3]);
  ctx.output("codes", std::vector<unsigned>{indivisible, too_big, empty, on_cpu},
             std::vector<unsigned>{0x80070057u, 0x80070057u, 0x80070057u, 0x80004001u});
  ctx.require(w[0].find("not divisible") != std::string::npos, "indivisible: the message says so");
  ctx.require(w[1].find("65536 tiles") != std::string::npos, "too big: the message names the tile count");
  ctx.require(w[2].find("zero size") != std::string::npos, "empty: the message says so");
  ctx.require(w[3].find("stores data only") != std::string::npos, "cpu: the message says why");
}

}  // namespace
