// The judge's own tests: right diagnostics pass, and every wrong one it is fed fails - the wrong kind, a
// wrong line, a marked line of another case, a line of another file, a site left unmarked, a marked line
// never reported, nothing at all, a base class of the expected exception or one thrown elsewhere. The
// case sources are in memory, so nothing runs but the judge.
#include "judge.hpp"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {
namespace {

// Two hazard cases in one file, a helper before the first that belongs to it, and a case of each other
// kind. Line numbers are those of the vector (1-based) and are named in the tests.
const std::vector<std::string> kernels = {
    "// Fixture cases; `// expect: <kind>` in prose like this line marks nothing.",  // 1
    "void helper(int* p) {",                                                          // 2
    "  p[0] = 1;  // expect: write after write",                                      // 3
    "}",                                                                              // 4
    "TESSERA_CASE(first, \"MEM-3\", expect::hazard(\"write after write\")) {",          // 5
    "  helper(p);",                                                                   // 6
    "  p[0] = 2;  // expect: write after write",                                      // 7
    "  p[1] = 3;",                                                                    // 8
    "}",                                                                              // 9
    "TESSERA_CASE(second, \"MEM-3\", expect::hazard(\"write after write\")) {",         // 10
    "  q[0] = 4;  // expect: write after write",                                      // 11
    "  if (x) { q[1] = 5; }  // expect: read after write",                            // 12
    "}",                                                                              // 13
    "TESSERA_CASE(diverges, \"BAR-6\", expect::divergence) {",                          // 14
    "  if (t.local[0] % 2) {",                                                        // 15
    "    t.barrier.wait();  // expect: barrier divergence",                           // 16
    "  } else {",                                                                     // 17
    "    t.barrier.wait();  // expect: barrier divergence",                           // 18
    "  }",                                                                            // 19
    "}",                                                                              // 20
    "TESSERA_CASE(past_the_end, \"AV-8\", expect::out_of_bounds) {",                    // 21
    "  v[t.global[0] + 1] = 0;  // expect: out of bounds",                            // 22
    "}",                                                                              // 23
    "TESSERA_CASE(bad_domain, \"PFE-3\", expect::throws<tessera::invalid_compute_domain>) {",  // 24
    "  setup();",                                                                     // 25
    "  parallel_for_each(e.tile<5>(), k);  // expect: throws",                        // 26
    "}",                                                                              // 27
    "TESSERA_CASE(pushes, \"MEM-6\", expect::hazard(\"race between tiles\")) {",     // 28
    "  const int slot = size[0];  // expect: race between tiles",                     // 29
    "  list[slot] = x;  // expect when tiles interleave: race between tiles",         // 30
    "  size[0] = slot + 1;  // expect: race between tiles",                           // 31
    "}",                                                                              // 32
};
const std::string file = "/src/conformance/hazards/buggy/fixture.cpp";
const std::string other_file = "/src/conformance/hazards/buggy/elsewhere.cpp";

const std::vector<std::string>* fixture(const std::string& path) { return path == file ? &kernels : nullptr; }

case_info declared(const char* name, int line, expectation e) { return case_info{"hazards", name, "MEM-3", e, nullptr, file.c_str(), line}; }

const case_info first = declared("first", 5, expect::hazard("write after write"));
const case_info second = declared("second", 10, expect::hazard("write after write"));
const case_info diverges = declared("diverges", 14, expect::divergence);
const case_info past_the_end = declared("past_the_end", 21, expect::out_of_bounds);
const case_info bad_domain = declared("bad_domain", 24, expect::throws<invalid_compute_domain>);
const case_info any_error = declared("bad_domain", 24, expect::throws<runtime_exception>);

std::string at(int line, const std::string& in = file) { return in + ":" + std::to_string(line); }

hazard_detected::hazard finding(const std::string& kind, const std::string& a, const std::string& b = "") {
  hazard_detected::hazard h;
  h.kind = kind;
  h.first.site = a;
  h.first.kind = "write";
  if (!b.empty()) {
    h.second.site = b;
    h.second.kind = "write";
  }
  return h;
}

observed reported(std::vector<hazard_detected::hazard> hs) {
  observed o;
  o.threw = true;
  o.type = "tessera::hazard_detected";
  o.what = "memory hazards";
  o.hazards = std::move(hs);
  o.thrown = std::make_exception_ptr(std::runtime_error("stand-in"));
  return o;
}

observed threw(const std::string& type, const std::string& what, std::exception_ptr e = nullptr) {
  observed o;
  o.threw = true;
  o.type = type;
  o.what = what;
  o.thrown = e ? e : std::make_exception_ptr(std::runtime_error(what));
  return o;
}

std::string verdict(const case_info& c, const observed& o) { return judge(c, o, fixture); }

// --- hazards -------------------------------------------------------------------------------------

TEST(Judge, AFindingAtEveryMarkedLineOfTheCaseWithItsKindPasses) {
  EXPECT_EQ(verdict(first, reported({finding("write after write", at(7), at(3))})), "");
}

TEST(Judge, AFindingOfAnotherKindFails) {
  EXPECT_NE(verdict(first, reported({finding("read after write", at(7), at(3))})), "");
}

TEST(Judge, AFindingAtAnUnmarkedLineFails) {
  EXPECT_NE(verdict(first, reported({finding("write after write", at(7), at(3)), finding("write after write", at(8), at(8))})), "");
}

TEST(Judge, AFindingAtAMarkedLineOfAnotherCaseFails) {
  // Line 11 is marked with the same kind, but in the second case.
  EXPECT_NE(verdict(first, reported({finding("write after write", at(7), at(3)), finding("write after write", at(11), at(11))})), "");
  EXPECT_NE(verdict(second, reported({finding("write after write", at(11), at(7))})), "");
}

TEST(Judge, AFindingInAnotherFileAtAMarkedLineNumberFails) {
  EXPECT_NE(verdict(first, reported({finding("write after write", at(7), at(3)), finding("write after write", at(7, other_file))})), "");
}

TEST(Judge, BothSitesOfARaceMustBeMarked) {
  EXPECT_NE(verdict(first, reported({finding("write after write", at(7), at(8)), finding("write after write", at(3))})), "");
}

TEST(Judge, AMarkedLineNoFindingNamesFails) {
  // Line 3 (the helper's store, part of the first case) is never reported.
  const std::string why = verdict(first, reported({finding("write after write", at(7), at(7))}));
  EXPECT_NE(why.find(":3"), std::string::npos) << why;
}

TEST(Judge, AMarkerOfAnotherKindMustBeReportedWithThatKind) {
  // The second case marks line 12 `read after write`: reporting it as a write after write is wrong, and
  // leaving it out misses it.
  EXPECT_NE(verdict(second, reported({finding("write after write", at(11), at(12))})), "");
  EXPECT_NE(verdict(second, reported({finding("write after write", at(11), at(11))})), "");
  EXPECT_EQ(verdict(second, reported({finding("write after write", at(11), at(11)), finding("read after write", at(12), at(12))})), "");
}

TEST(Judge, NothingThrownOrAnotherExceptionOrNoFindingFails) {
  EXPECT_NE(verdict(first, observed{}), "");
  EXPECT_NE(verdict(first, threw("tessera::barrier_divergence", "barrier divergence at " + at(7))), "");
  EXPECT_NE(verdict(first, reported({})), "");
}

TEST(Judge, ASiteThatIsNotFileAndLineFails) {
  EXPECT_NE(verdict(first, reported({finding("write after write", "a.out+0x1234", at(7)), finding("write after write", at(3))})), "");
}

TEST(Judge, ALineMarkedForInterleavedTilesMayBeNamedButNeedNotBe) {
  const case_info pushes = declared("pushes", 28, expect::hazard("race between tiles"));
  EXPECT_EQ(verdict(pushes, reported({finding("race between tiles", at(31), at(29))})), "");
  EXPECT_EQ(verdict(pushes, reported({finding("race between tiles", at(31), at(29)), finding("race between tiles", at(30), at(30))})), "");
  EXPECT_NE(verdict(pushes, reported({finding("race between tiles", at(31), at(29)), finding("write after write", at(30), at(30))})), "");
  EXPECT_NE(verdict(pushes, reported({finding("race between tiles", at(30), at(30))})), "");  // the required lines are missed
}

// --- divergence and out of bounds: the message names the lines --------------------------------------

TEST(Judge, ADivergenceNamingBothMarkedBarriersPasses) {
  EXPECT_EQ(verdict(diverges, threw("tessera::barrier_divergence", "8 threads wait at " + at(16) + ":5 (wait), 8 at " + at(18) + ":5 (wait)")), "");
}

TEST(Judge, ADivergenceNamingOneOfTwoMarkedBarriersFails) {
  EXPECT_NE(verdict(diverges, threw("tessera::barrier_divergence", "16 threads wait at " + at(16) + ", the others ended")), "");
}

TEST(Judge, ADivergenceNamingAnUnmarkedLineOrAnotherFileFails) {
  EXPECT_NE(verdict(diverges, threw("tessera::barrier_divergence", "wait at " + at(16) + ", " + at(18) + " and " + at(15))), "");
  EXPECT_NE(verdict(diverges, threw("tessera::barrier_divergence", "wait at " + at(16) + ", " + at(18) + " and " + at(16, other_file))), "");
  EXPECT_NE(verdict(diverges, threw("tessera::barrier_divergence", "wait at " + at(16, other_file) + ", " + at(18, other_file))), "");
}

TEST(Judge, ADivergenceNamingNoLineOrAnotherTypeFails) {
  EXPECT_NE(verdict(diverges, threw("tessera::barrier_divergence", "the threads of a tile must all reach the same barrier")), "");
  EXPECT_NE(verdict(diverges, threw("tessera::kernel_exception", "at " + at(16) + " and " + at(18))), "");
  EXPECT_NE(verdict(diverges, observed{}), "");
}

TEST(Judge, AnOutOfBoundsAtTheMarkedLinePassesAndElsewhereFails) {
  EXPECT_EQ(verdict(past_the_end, threw("tessera::out_of_bounds", "index (64) outside extent (64) at " + at(22))), "");
  EXPECT_NE(verdict(past_the_end, threw("tessera::out_of_bounds", "index (64) outside extent (64) at " + at(7))), "");
  EXPECT_NE(verdict(past_the_end, threw("tessera::out_of_bounds", "index (64) outside extent (64) at " + at(22, other_file))), "");
  EXPECT_NE(verdict(past_the_end, threw("tessera::runtime_exception", "at " + at(22))), "");
}

// --- exceptions: exactly the type, from the statement marked -------------------------------------------

observed thrown_from(std::exception_ptr e, const std::string& type, std::vector<std::string> stack) {
  observed o = threw(type, "refused", std::move(e));
  o.throw_sites = std::move(stack);
  return o;
}

const std::string library_frame = "/src/spec/include/tessera/parallel_for_each.hpp:88";

TEST(Judge, TheExactTypeFromTheMarkedStatementPasses) {
  const auto e = std::make_exception_ptr(invalid_compute_domain("not divisible"));
  EXPECT_EQ(verdict(bad_domain, thrown_from(e, "tessera::invalid_compute_domain", {library_frame, at(26)})), "");
}

TEST(Judge, TheExactTypeFromAnotherStatementFails) {
  const auto e = std::make_exception_ptr(invalid_compute_domain("not divisible"));
  EXPECT_NE(verdict(bad_domain, thrown_from(e, "tessera::invalid_compute_domain", {library_frame, at(25), at(26)})), "");
  EXPECT_NE(verdict(bad_domain, thrown_from(e, "tessera::invalid_compute_domain", {library_frame})), "");
  EXPECT_NE(verdict(bad_domain, thrown_from(e, "tessera::invalid_compute_domain", {})), "");
  EXPECT_NE(verdict(bad_domain, thrown_from(e, "tessera::invalid_compute_domain", {at(26, other_file)})), "");
}

TEST(Judge, ADerivedTypeDoesNotSatisfyAnExpectedBaseNorABaseAnExpectedDerivedType) {
  const auto derived = std::make_exception_ptr(invalid_compute_domain("not divisible"));
  const auto base = std::make_exception_ptr(runtime_exception("refused"));
  EXPECT_NE(verdict(any_error, thrown_from(derived, "tessera::invalid_compute_domain", {at(26)})), "");
  EXPECT_NE(verdict(bad_domain, thrown_from(base, "tessera::runtime_exception", {at(26)})), "");
  EXPECT_EQ(verdict(any_error, thrown_from(base, "tessera::runtime_exception", {at(26)})), "");
}

TEST(Judge, NothingThrownFailsAnExceptionCase) { EXPECT_NE(verdict(bad_domain, observed{}), ""); }

TEST(Judge, WhatTheCaseCheckedBeforeTheThrowMustHold) {
  observed o = thrown_from(std::make_exception_ptr(invalid_compute_domain("x")), "tessera::invalid_compute_domain", {at(26)});
  o.failures = {"the view kept its data"};
  EXPECT_NE(verdict(bad_domain, o), "");
}

// --- positive cases --------------------------------------------------------------------------------------

TEST(Judge, APositiveCasePassesOnlyWithoutAnExceptionOrAFailedCheck) {
  const case_info positive = declared("first", 5, expect::pass);
  EXPECT_EQ(verdict(positive, observed{}), "");
  EXPECT_NE(verdict(positive, threw("tessera::runtime_exception", "x")), "");
  observed failed;
  failed.failures = {"output differs"};
  EXPECT_NE(verdict(positive, failed), "");
}

TEST(Judge, ACaseWhoseSourceCannotBeReadFails) {
  case_info lost = first;
  lost.file = "/nowhere/lost.cpp";
  EXPECT_NE(verdict(lost, reported({finding("write after write", "/nowhere/lost.cpp:7")})), "");
}

}  // namespace
}  // namespace tessera::conformance
