// A second case named like one of selftest_cases.cpp: the executor linking both must refuse to run.
#include <tessera/conformance/case.hpp>

namespace {
TESSERA_CASE(k_passes_after_everything, "IDX-1", expect::pass) { ctx.output("answer", 42, 42); }
}  // namespace
