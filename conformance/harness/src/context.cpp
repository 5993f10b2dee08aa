#include <tessera/conformance/context.hpp>

#include <cstring>
#include <string>

namespace tessera::conformance {

namespace {
// Uniform draws written out here rather than through <random>'s distributions, whose algorithms the
// standard leaves to each library: the same seed must give the same inputs on every machine and compiler,
// so that runs made on different machines can be diffed.
std::uint64_t below(std::mt19937_64& rng, std::uint64_t n) { return n == 0 ? 0 : rng() % n; }
double unit(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
}  // namespace

std::vector<int> context::random_ints(std::size_t n, int lo, int hi) {
  std::vector<int> v(n);
  const std::uint64_t span = static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) - lo + 1);
  for (auto& x : v) x = static_cast<int>(lo + static_cast<std::int64_t>(below(rng_, span)));
  return v;
}

std::vector<unsigned> context::random_uints(std::size_t n, unsigned lo, unsigned hi) {
  std::vector<unsigned> v(n);
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - lo + 1;
  for (auto& x : v) x = static_cast<unsigned>(lo + below(rng_, span));
  return v;
}

std::vector<float> context::random_floats(std::size_t n, float lo, float hi) {
  std::vector<float> v(n);
  for (auto& x : v) x = static_cast<float>(lo + (static_cast<double>(hi) - lo) * unit(rng_));
  return v;
}

std::vector<double> context::random_doubles(std::size_t n, double lo, double hi) {
  std::vector<double> v(n);
  for (auto& x : v) x = lo + (hi - lo) * unit(rng_);
  return v;
}

std::vector<float> context::random_integral_floats(std::size_t n, int lo, int hi) {
  std::vector<float> v(n);
  const std::uint64_t span = static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) - lo + 1);
  for (auto& x : v) x = static_cast<float>(lo + static_cast<std::int64_t>(below(rng_, span)));
  return v;
}

void context::require(bool holds, std::string_view what) {
  if (!holds) fail("requirement failed: " + std::string(what));
}

void context::fail(std::string message) { failures_.push_back(std::move(message)); }

void context::record(std::string_view name, element_type type, const void* got, std::size_t got_count,
                     const void* oracle, std::size_t oracle_count, ulp_bound bound) {
  for (const auto& o : outputs_)
    if (o.name == name) {
      fail("output `" + std::string(name) + "` recorded twice: give each output its own name");
      return;
    }
  conformance::output o;
  o.name = std::string(name);
  o.type = type;
  o.count = got_count;
  o.ulps = bound.across_backends;
  const std::size_t size = size_of(type);
  o.bytes.resize(got_count * size);
  if (got_count != 0) std::memcpy(o.bytes.data(), got, got_count * size);
  outputs_.push_back(std::move(o));

  if (got_count != oracle_count) {
    fail("output `" + std::string(name) + "`: " + std::to_string(got_count) + " elements, the oracle has " +
         std::to_string(oracle_count));
    return;
  }
  const auto* g = static_cast<const unsigned char*>(got);
  const auto* w = static_cast<const unsigned char*>(oracle);
  const output_comparison c = compare(type, g, w, got_count, bound.ulps);
  if (c.differing == 0) return;
  std::string m = "output `" + std::string(name) + "` differs from the oracle in " + std::to_string(c.differing) + " of " +
                  std::to_string(got_count) + " elements; first at [" + std::to_string(c.first) +
                  "]: " + element_text(type, g + c.first * size) + ", oracle " + element_text(type, w + c.first * size);
  if (is_float(type))
    m += " (" + std::to_string(c.first_ulps) + " ulp, bound " + std::to_string(bound.ulps) + ")";
  fail(std::move(m));
}

std::vector<accelerator> context::accelerators() const {
  const accelerator mine = view_.get_accelerator();
  std::vector<accelerator> all{mine};
  for (const accelerator& a : accelerator::get_all())
    if (a != mine && !a.get_default_view().device().backend.empty() &&
        a.get_default_view().device().backend == view_.device().backend)
      all.push_back(a);
  return all;
}

std::vector<accelerator> context::require_accelerators(std::size_t n) const {
  std::vector<accelerator> all = accelerators();
  if (all.size() >= n) {
    all.resize(n);
    return all;
  }
  const std::string& b = view_.device().backend;
  std::string how;
  if (b == "emulator")
    how = "set TESSERA_EMULATOR_DEVICES=" + std::to_string(n) + " (or more) for that many emulated accelerators";
  else if (b == "cuda")
    how = (all.size() == 1 ? std::string("one GPU on this host") : std::to_string(all.size()) + " GPUs on this host") +
          ", or visible through CUDA_VISIBLE_DEVICES";
  else
    how = "this backend lists no more";
  skip("needs " + std::to_string(n) + " accelerators of the " + b + " backend; found " + std::to_string(all.size()) + " (" + how + ")");
}

void context::skip(const std::string& reason) const { throw case_skipped(reason); }

}  // namespace tessera::conformance
