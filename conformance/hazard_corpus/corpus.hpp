// The hazard corpus: kernels with known bugs and kernels known to be correct, each tied to a clause of
// the model, for the emulator's checks (docs/checks.md). run_corpus.cpp runs every case at several
// worker counts and seeds and demands 100% recall and no false positives.
//
// Marker convention: every source line a report may point at ends with `// expect: <kind>[, <kind>...]`
// (a hazard kind as hazard_detected spells it, or "out of bounds" / "barrier divergence"). A buggy case
// must be reported with its kind, and every finding must point at a line marked with the finding's kind.
// A correct case must not be reported and checks its own result (it throws wrong_result).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace corpus {

enum class expectation { clean, hazard, out_of_bounds, barrier_divergence };

struct corpus_case {
  const char* name;    // also the test's name
  const char* clause;  // spec/clauses/clauses.tsv
  expectation expect;
  const char* kind;    // expectation::hazard: the kinds of which one must be reported, comma-separated
  const char* file;    // the source holding the case's markers
  void (*run)();
};

struct wrong_result : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline std::vector<corpus_case>& cases() {
  static std::vector<corpus_case> all;
  return all;
}

// A case registers itself at static initialization: `const registrar r{{...}};`.
struct registrar {
  explicit registrar(const corpus_case& c) { cases().push_back(c); }
};

// Throws wrong_result unless `got` equals `want` element by element.
template <class T>
void check_equal(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) throw wrong_result(std::string(what) + ": size differs");
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == want[i]))
      throw wrong_result(std::string(what) + ": element " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected " +
                         std::to_string(want[i]));
}

}  // namespace corpus
