// The order in which the threads of a tile run within one barrier phase.
//
// Seed 0: local-index order, always. Any other seed: a permutation drawn from (seed, tile, phase) alone,
// so it is the same at every worker count and on every run, and differs between phases so that code
// relying on one thread running before another shows itself.
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::emulator::detail {

inline std::uint64_t mix(std::uint64_t x) noexcept {  // splitmix64 finalizer
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

inline void schedule_order(std::uint64_t seed, std::int64_t tile, std::uint64_t phase, int* order, int n) {
  for (int i = 0; i < n; ++i) order[i] = i;
  if (seed == 0) return;
  std::uint64_t state = mix(seed ^ mix(static_cast<std::uint64_t>(tile) ^ mix(phase)));
  for (int i = n - 1; i > 0; --i) {  // Fisher-Yates
    state = mix(state);
    const int j = static_cast<int>(state % static_cast<std::uint64_t>(i + 1));
    const int t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

inline void schedule_order(std::uint64_t seed, std::int64_t tile, std::uint64_t phase, std::vector<int>& order) {
  schedule_order(seed, tile, phase, order.data(), static_cast<int>(order.size()));
}

}  // namespace tessera::emulator::detail
