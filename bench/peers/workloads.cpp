// Sizes, inputs, oracles and barrier counts of the workloads (workloads.hpp). The oracles are the shared
// kernels' own (tessera/kernels/*_oracle.hpp), which follow each kernel's order of additions.
#include "workloads.hpp"

#include <tessera/kernels/matmul_oracle.hpp>
#include <tessera/kernels/reduction_oracle.hpp>
#include <tessera/kernels/tile_average_oracle.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace peers {

const std::vector<workload>& workloads() {
  static const std::vector<workload> all{
      {kind::tile_average_2x2, "tile_average_2x2", "tile average 2x2", "N", {256, 1024, 2048}},
      {kind::tile_average_16x16, "tile_average_16x16", "tile average 16x16", "N", {256, 1024, 2048}},
      {kind::matmul_16x16, "matmul_16x16", "matmul 16x16 tiles", "N", {128, 256, 512}},
      {kind::reduction_256, "reduction_256", "reduction 256-wide", "floats", {1L << 16, 1L << 18, 1L << 20}},
  };
  return all;
}

const workload& workload_named(const std::string& id) {
  for (const auto& w : workloads())
    if (w.id == id) return w;
  throw std::invalid_argument("no workload named '" + id + "'");
}

std::string size_label(const workload& w, long size) {
  if (w.k == kind::reduction_256) {
    int p = 0;
    while ((1L << p) < size) ++p;
    if ((1L << p) == size) return "2^" + std::to_string(p);
  }
  return w.size_name + "=" + std::to_string(size);
}

namespace {

// Element i of a stream: splitmix64 of the seed and i. Each element on its own, in one multiply-xorshift
// chain, so 4 million inputs take milliseconds, not the tens of milliseconds of a Mersenne twister and a
// distribution (the inputs are made in every process bench/sanitizer times, on both sides), and the same
// values come from every compiler and standard library.
std::uint64_t mixed(std::uint64_t seed, std::uint64_t i) noexcept {
  std::uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

inputs make_inputs(const workload& w, long size) {
  // One fixed seed per workload and size: every configuration of a row computes from the same inputs.
  std::uint64_t seed = 20261122u + static_cast<unsigned>(w.k) * 7919u + static_cast<std::uint64_t>(size);
  inputs in;
  // Integers lo..hi (the high half of a 32-bit draw times the range), scaled: sums stay exact in floats.
  const auto fill = [&](std::vector<float>& v, std::size_t count, int lo, int hi, float scale) {
    const auto range = static_cast<std::uint64_t>(hi - lo + 1);
    v.resize(count);
    for (std::size_t i = 0; i < count; ++i)
      v[i] = static_cast<float>(lo + static_cast<int>(((mixed(seed, i) >> 32) * range) >> 32)) * scale;
    seed += 0x632be59bd9b4e019ull;  // the next array's stream
  };
  switch (w.k) {
    case kind::tile_average_2x2:
    case kind::tile_average_16x16: fill(in.a, static_cast<std::size_t>(size) * size, 1, 64, 0.25f); break;
    case kind::matmul_16x16:
      fill(in.a, static_cast<std::size_t>(size) * size, 1, 8, 1.0f);
      fill(in.b, static_cast<std::size_t>(size) * size, 1, 8, 1.0f);
      break;
    case kind::reduction_256: fill(in.a, static_cast<std::size_t>(size), 1, 64, 0.25f); break;
  }
  return in;
}

std::size_t output_count(const workload& w, long size) {
  return w.k == kind::reduction_256 ? static_cast<std::size_t>(size / 256) : static_cast<std::size_t>(size) * size;
}

std::vector<float> oracle(const workload& w, long size, const inputs& in) {
  namespace o = tessera::kernels::oracle;
  const int n = static_cast<int>(size);
  switch (w.k) {
    case kind::tile_average_2x2: return o::tile_average(in.a, n, n, 2, 2);
    case kind::tile_average_16x16: return o::tile_average(in.a, n, n, 16, 16);
    case kind::matmul_16x16: return o::matmul(in.a, in.b, n, n, n);
    case kind::reduction_256: return o::tile_reduce<256>(in.a);
  }
  return {};
}

std::size_t mismatches(const std::vector<float>& got, const std::vector<float>& want, std::string& first) {
  if (got.size() != want.size()) {
    first = std::to_string(got.size()) + " results, expected " + std::to_string(want.size());
    return want.size();
  }
  std::size_t bad = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
      if (bad++ == 0) {
        char text[128];
        std::snprintf(text, sizeof text, "element %zu: %.9g, expected %.9g", i, got[i], want[i]);
        first = text;
      }
    }
  return bad;
}

double barrier_crossings(const workload& w, long size) {
  const double n = static_cast<double>(size);
  switch (w.k) {
    case kind::tile_average_2x2: return n * n;                   // one barrier per thread
    case kind::tile_average_16x16: return n * n * (1 + 8);       // after the load, then one per tree step (256 = 2^8)
    case kind::matmul_16x16: return n * n * 2 * (n / 16);        // two per step of the inner dimension
    case kind::reduction_256: return n * (1 + 8);                // after the load, then one per tree step
  }
  return 0;
}

}  // namespace peers
