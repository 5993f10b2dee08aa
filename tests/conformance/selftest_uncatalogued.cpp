// A case citing a clause the catalog lacks: the executor linking it must refuse to run.
#include <tessera/conformance/case.hpp>

namespace {
TESSERA_CASE(cites_a_typo, "IDX-1,BAR-99", expect::pass) { ctx.output("answer", 42, 42); }
}  // namespace
