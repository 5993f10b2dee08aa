// What the atom family's every-operation cases share: their launch shape (8 tiles of 64 threads) and
// seeded operands over the whole range of int or unsigned.
#pragma once

#include <tessera/conformance/context.hpp>

#include <climits>
#include <type_traits>
#include <vector>

namespace tessera::conformance::atom_cases {

constexpr int tile_size = 64;
constexpr int tiles = 8;
constexpr int n = tile_size * tiles;

// `count` values spread over every int (or every unsigned).
template <class T>
std::vector<T> full_range(context& ctx, int count) {
  if constexpr (std::is_same_v<T, int>) return ctx.random_ints(count, INT_MIN, INT_MAX);
  else return ctx.random_uints(count, 0u, UINT_MAX);
}

}  // namespace tessera::conformance::atom_cases
