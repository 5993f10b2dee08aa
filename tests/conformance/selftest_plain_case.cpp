// The plain case of the --jobs self-test executor (selftest_jobs_cases.cpp): run alone, timed.
#include <tessera/conformance/case.hpp>

namespace {

using namespace tessera;

TESSERA_CASE(c_plain_case, "IDX-1", expect::pass) { ctx.output("answer", 42, 42); }

}  // namespace
