// What a case body gets: where to run its kernels, seeded inputs, and the place to record outputs.
//
//   auto in = ctx.random_floats(n, -1, 1);          // seeded from the run's seed and the case's id
//   ... parallel_for_each(ctx.view(), ...) ...
//   ctx.output("sum", got, oracle);                  // recorded for the diff, checked against the oracle
//   ctx.require(t == u, "tile_dim0 equals D0");      // a property with no output to keep
//
// A mismatch or a failed requirement fails the case without stopping the body, so one run reports every
// output; an exception the case did not declare fails it with the exception's message.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/conformance/output.hpp>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::conformance {

// Thrown by context::skip(): the case cannot run here (the runner records it as skipped, with the reason).
class case_skipped : public std::runtime_error {
 public:
  explicit case_skipped(const std::string& reason) : std::runtime_error(reason) {}
};

class context {
 public:
  context(accelerator_view view, std::string backend, std::uint64_t case_seed)
      : view_(std::move(view)), backend_(std::move(backend)), seed_(case_seed), rng_(case_seed) {}

  // The accelerator_view of the backend under test: launch every kernel on it.
  const accelerator_view& view() const noexcept { return view_; }
  // "emulator", "cuda", ...
  const std::string& backend() const noexcept { return backend_; }
  // Every compute accelerator of the backend under test (every cuda:N; every emulated device, of which
  // TESSERA_EMULATOR_DEVICES sets the number), view()'s accelerator first, the others in get_all() order.
  std::vector<accelerator> accelerators() const;
  // The first `n` of accelerators(); with fewer, skips the case saying how many it needs and found, and
  // how to get more.
  std::vector<accelerator> require_accelerators(std::size_t n) const;
  // Ends the case here as skipped, with `reason` (throws case_skipped).
  [[noreturn]] void skip(const std::string& reason) const;
  // This case's seed: the run's seed mixed with the case's id (the same on every backend).
  std::uint64_t seed() const noexcept { return seed_; }
  std::mt19937_64& rng() noexcept { return rng_; }

  // Seeded inputs, uniform in [lo, hi].
  std::vector<int> random_ints(std::size_t n, int lo, int hi);
  std::vector<unsigned> random_uints(std::size_t n, unsigned lo, unsigned hi);
  std::vector<float> random_floats(std::size_t n, float lo, float hi);
  std::vector<double> random_doubles(std::size_t n, double lo, double hi);
  // Floats that are small integers (in [lo, hi]): sums and products of a few of them are exact in any
  // order, so such outputs can demand bit-exact agreement (ulp bound 0) between backends.
  std::vector<float> random_integral_floats(std::size_t n, int lo, int hi);

  // Records an output and checks it against the oracle: integers exactly, floats within `bound`.
  template <class T>
  void output(std::string_view name, const std::vector<T>& got, const std::vector<T>& oracle, ulp_bound bound = exact) {
    record(name, element_type_of<T>(), got.data(), got.size(), oracle.data(), oracle.size(), bound);
  }
  template <class T>
    requires std::is_arithmetic_v<T>
  void output(std::string_view name, T got, T oracle, ulp_bound bound = exact) {
    record(name, element_type_of<T>(), &got, 1, &oracle, 1, bound);
  }
  // A property that must hold; fails the case with `what` when it does not.
  void require(bool holds, std::string_view what);

  // --- for the harness -------------------------------------------------------------------------------
  const std::vector<conformance::output>& outputs() const noexcept { return outputs_; }
  const std::vector<std::string>& failures() const noexcept { return failures_; }
  void fail(std::string message);

 private:
  void record(std::string_view name, element_type type, const void* got, std::size_t got_count, const void* oracle,
              std::size_t oracle_count, ulp_bound bound);

  accelerator_view view_;
  std::string backend_;
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  std::vector<conformance::output> outputs_;
  std::vector<std::string> failures_;
};

}  // namespace tessera::conformance
