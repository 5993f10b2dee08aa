// Launch shapes, buffers and oracles of the OpenCL twins (hazard_twins.hpp). Each entry follows its corpus
// case (conformance/hazards/buggy/*.cpp, correct/*.cpp): the same sizes and tile shapes, the same
// constant inputs, and seeded random ones where the case draws random inputs (the values differ from the
// corpus's, which come from its own seed; each twin is checked against its own oracle).
#include "hazard_twins.hpp"

#include <numeric>
#include <stdexcept>

namespace peers {
namespace {

using buffers_t = std::vector<std::vector<int>>;

std::function<std::vector<int>(std::mt19937&)> filled(std::size_t n, int value) {
  return [=](std::mt19937&) { return std::vector<int>(n, value); };
}
std::function<std::vector<int>(std::mt19937&)> random_ints(std::size_t n, int lo, int hi) {
  return [=](std::mt19937& g) {
    std::uniform_int_distribution<int> d(lo, hi);
    std::vector<int> v(n);
    for (auto& x : v) x = d(g);
    return v;
  };
}
std::function<std::vector<int>(std::mt19937&)> from(std::size_t n, std::function<int(int)> f) {
  return [=](std::mt19937&) {
    std::vector<int> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = f(static_cast<int>(i));
    return v;
  };
}

// "" when buffer `which` after the launch equals want(before), else the first difference.
std::function<std::string(const buffers_t&, const buffers_t&)> expect(std::size_t which,
                                                                   std::function<std::vector<int>(const buffers_t&)> want) {
  return [=](const buffers_t& before, const buffers_t& after) -> std::string {
    const std::vector<int> w = want(before);
    const std::vector<int>& got = after.at(which);
    if (got.size() != w.size()) return "size " + std::to_string(got.size()) + ", expected " + std::to_string(w.size());
    for (std::size_t i = 0; i < w.size(); ++i)
      if (got[i] != w[i])
        return "element " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected " + std::to_string(w[i]);
    return "";
  };
}

std::vector<int> tile_sums(const std::vector<int>& in, int tile) {
  std::vector<int> s(in.size() / tile, 0);
  for (std::size_t i = 0; i < in.size(); ++i) s[i / tile] += in[i];
  return s;
}

twin one_d(std::string name, std::string bug, std::size_t global, std::size_t local,
           std::vector<std::function<std::vector<int>(std::mt19937&)>> buffers,
           std::function<std::string(const buffers_t&, const buffers_t&)> check = {}) {
  return twin{std::move(name), std::move(bug), 1, {global, 1}, {local, 1}, std::move(buffers), std::move(check)};
}
twin two_d(std::string name, std::string bug, std::array<std::size_t, 2> global, std::array<std::size_t, 2> local,
           std::vector<std::function<std::vector<int>(std::mt19937&)>> buffers,
           std::function<std::string(const buffers_t&, const buffers_t&)> check = {}) {
  return twin{std::move(name), std::move(bug), 2, global, local, std::move(buffers), std::move(check)};
}

std::vector<twin> make_twins() {
  std::vector<twin> t;
  // Buggy: races in tile_static (__local) memory.
  t.push_back(one_d("documentation_total_race", "tile_static race", 64, 16, {filled(64, 1), filled(4, 0)}));
  t.push_back(one_d("neighbour_read_without_barrier", "tile_static race", 64, 16, {filled(64, 0)}));
  t.push_back(one_d("tree_reduction_missing_barrier_in_loop", "tile_static race", 256, 64, {filled(256, 1), filled(4, 0)}));
  t.push_back(two_d("matmul_missing_barrier_before_next_load", "tile_static race", {32, 32}, {16, 16},
                    {filled(1024, 1), filled(1024, 2), filled(1024, 0)}));
  t.push_back(one_d("tile_static_store_next_to_atomic", "tile_static race (store next to atomic)", 32, 16, {filled(32, 0)}));
  // Buggy: a barrier or fence that does not cover the memory exchanged.
  t.push_back(one_d("exchange_across_global_fence", "wrong fence (tile_static across a global fence)", 64, 16, {filled(64, 0)}));
  t.push_back(one_d("fence_function_is_not_a_barrier", "wrong fence (a fence, no barrier)", 64, 16, {filled(64, 0)}));
  t.push_back(one_d("global_exchange_across_tile_static_only_fence", "wrong fence (global across a tile_static fence)", 64, 16,
                    {filled(64, 0), filled(64, 0)}));
  // Buggy: global races inside a tile.
  t.push_back(one_d("global_exchange_without_barrier", "global race within a tile", 64, 16, {filled(64, 0), filled(64, 0)}));
  t.push_back(one_d("scatter_with_colliding_targets", "global race within a tile", 64, 16,
                    {from(64, [](int i) { return i / 2; }), filled(32, 0)}));
  // Buggy: races between tiles.
  t.push_back(one_d("two_tiles_write_one_element", "race between tiles", 64, 16, {filled(16, 0)}));
  t.push_back(one_d("tile_reads_next_tile_before_it_writes", "race between tiles", 64, 16, {filled(64, 1)}));
  t.push_back(one_d("global_counter_without_atomics", "race between tiles", 64, 16, {filled(1, 0)}));
  // Buggy: uninitialized tile_static reads.
  t.push_back(one_d("half_the_slots_never_written", "uninitialized tile_static read", 64, 16, {filled(64, 0)}));
  t.push_back(one_d("read_before_anyone_wrote", "uninitialized tile_static read", 64, 16, {filled(64, 5), filled(64, 0)}));
  t.push_back(one_d("stencil_halo_never_loaded", "uninitialized tile_static read", 64, 16, {filled(64, 3), filled(64, 0)}));
  // Buggy: barrier divergence, a spin-wait.
  t.push_back(one_d("barrier_in_even_branch", "barrier divergence", 32, 16, {filled(32, 0)}));
  t.push_back(one_d("early_return_before_barrier", "barrier divergence", 32, 16, {filled(32, 0)}));
  t.push_back(one_d("loop_trip_count_depends_on_local", "barrier divergence", 32, 16, {filled(32, 0)}));
  t.push_back(one_d("hand_rolled_barrier", "spin-wait without a barrier", 16, 16, {filled(16, 0)}));
  // Buggy: out of bounds.
  t.push_back(one_d("read_one_past_the_end", "out of bounds", 64, 16, {filled(64, 1), filled(64, 0)}));
  t.push_back(two_d("write_at_negative_row_index", "out of bounds (row -1)", {8, 8}, {4, 4}, {filled(64, 0)}));
  t.push_back(two_d("write_at_negative_column_index", "out of bounds (column -1: inside the buffer but row 0)", {16, 16}, {4, 4},
                    {filled(256, 0)}));

  // Correct, each with its oracle.
  t.push_back(one_d("exchange_across_tile_static_fence", "correct", 64, 16, {filled(64, 0)}, expect(0, [](const buffers_t&) {
                      std::vector<int> w(64);
                      for (int g = 0; g < 64; ++g) w[g] = ((g / 16) * 16 + 15 - g % 16) * 10;
                      return w;
                    })));
  t.push_back(one_d("exchange_through_global_across_global_fence", "correct", 64, 16, {filled(64, 0), filled(64, 0)},
                    expect(1, [](const buffers_t&) {
                      std::vector<int> w(64);
                      for (int g = 0; g < 64; ++g) w[g] = (g / 16) * 16 + (g % 16 + 3) % 16 + 100;
                      return w;
                    })));
  t.push_back(one_d("different_fields_of_one_struct", "correct", 32, 16, {filled(32, 0)}, expect(0, [](const buffers_t&) {
                      std::vector<int> w(32);
                      for (int g = 0; g < 32; ++g) w[g] = 11 * (g / 16 + 1) + g % 16;
                      return w;
                    })));
  t.push_back(one_d("broadcast_one_value", "correct", 128, 32, {random_ints(128, -1000, 1000), filled(128, 0)},
                    expect(1, [](const buffers_t& b) {
                      std::vector<int> w(128);
                      for (int i = 0; i < 128; ++i) w[i] = b[0][i] - b[0][(i / 32) * 32];
                      return w;
                    })));
  t.push_back(one_d("tile_static_reused_across_phases", "correct", 64, 16, {random_ints(64, -500, 500), filled(64, 0)},
                    expect(1, [](const buffers_t& b) {
                      std::vector<int> w(64);
                      for (int g = 0; g < 64; ++g) w[g] = 2 * b[0][(g / 16) * 16 + 15 - (g % 16 + 1) % 16];
                      return w;
                    })));
  t.push_back(one_d("reduction_interleaved_addressing", "correct", 512, 64, {random_ints(512, -30, 59), filled(8, 0)},
                    expect(1, [](const buffers_t& b) { return tile_sums(b[0], 64); })));
  t.push_back(one_d("reduction_combined_atomically", "correct", 1024, 128, {random_ints(1024, -21, 42), filled(1, 0)},
                    expect(1, [](const buffers_t& b) { return std::vector<int>{std::accumulate(b[0].begin(), b[0].end(), 0)}; })));
  t.push_back(one_d("tile_static_histogram_with_atomics", "correct", 512, 128, {random_ints(512, 0, 15), filled(64, 0)},
                    expect(1, [](const buffers_t& b) {
                      std::vector<int> w(64, 0);
                      for (int i = 0; i < 512; ++i) ++w[(i / 128) * 16 + b[0][i]];
                      return w;
                    })));
  t.push_back(one_d("hillis_steele_scan_in_place", "correct", 128, 16, {random_ints(128, -10, 19), filled(128, 0)},
                    expect(1, [](const buffers_t& b) {
                      std::vector<int> w(128);
                      for (int i = 0; i < 128; ++i) w[i] = b[0][i] + (i % 16 == 0 ? 0 : w[i - 1]);
                      return w;
                    })));
  t.push_back(one_d("stencil_with_halo", "correct", 128, 16, {random_ints(128, -100, 100), filled(128, 0)},
                    expect(1, [](const buffers_t& b) {
                      const auto& in = b[0];
                      const int n = 128;
                      std::vector<int> w(n);
                      for (int i = 0; i < n; ++i) w[i] = in[i > 0 ? i - 1 : i] + in[i] + in[i < n - 1 ? i + 1 : i];
                      return w;
                    })));
  t.push_back(two_d("matmul_16x16_tiles", "correct", {32, 32}, {16, 16},
                    {random_ints(32 * 48, -4, 4), random_ints(48 * 32, -4, 4), filled(32 * 32, 0)},
                    expect(2, [](const buffers_t& b) {
                      const int m = 32, k = 48, n = 32;
                      std::vector<int> w(m * n);
                      for (int i = 0; i < m; ++i)
                        for (int j = 0; j < n; ++j) {
                          int sum = 0;
                          for (int p = 0; p < k; ++p) sum += b[0][i * k + p] * b[1][p * n + j];
                          w[i * n + j] = sum;
                        }
                      return w;
                    })));
  return t;
}

}  // namespace

const std::vector<twin>& twins() {
  static const std::vector<twin> all = make_twins();
  return all;
}

const twin& twin_named(const std::string& name) {
  for (const auto& t : twins())
    if (t.name == name) return t;
  throw std::invalid_argument("no OpenCL twin named '" + name + "'");
}

}  // namespace peers
