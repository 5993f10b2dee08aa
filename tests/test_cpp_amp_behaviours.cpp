// Behaviours C++ AMP programs rely on beyond the clauses' wording, pinned one per test: the unscoped
// access_type constants, where an array's elements may be touched from (ARR-6, PFE-10), the launch
// error of a data-only accelerator, copies from reversed ranges (ARR-9), and when a view's container
// shows a kernel's writes (AV-4, AV-5, AV-13).
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

constexpr const char* cpp_amp_launch_message = "concurrency::parallel_for_each is not supported on the selected accelerator \"CPU accelerator\".";

// ACC-7, ARR-5: access_type is an unscoped enum, as in C++ AMP: its constants convert to int and
// combine with | and &, and the combinations are the named values.
TEST(CppAmpBehaviours, AccessTypeConstantsAreUnscopedAndCombineAsBits) {
  static_assert(std::is_convertible_v<access_type, int>);
  static_assert((access_type_read | access_type_write) == access_type_read_write);
  static_assert((access_type_read_write & access_type_write) != 0 && (access_type_read & access_type_write) == 0);
  static_assert(static_cast<access_type>(access_type_read | access_type_write) == access_type::read_write);
  const access_type t = accelerator("emulator").get_default_cpu_access_type();
  EXPECT_TRUE((t & access_type_read) != 0);  // the emulator's arrays are in memory the CPU reaches
  int as_int = access_type_none;
  EXPECT_EQ(as_int, 0);
}

// ARR-6, ARR-7, ARR-5: an array whose CPU access type is none cannot be touched by host code: element
// access throws runtime_exception and data() is nullptr, as with Microsoft's runtime. A kernel on the same
// accelerator still reads and writes it, and a copy still moves its contents (copies are the runtime's,
// not host element access).
TEST(CppAmpBehaviours, ArrayWithCpuAccessNoneRefusesHostElementAccessAndHasNoData) {
  const accelerator_view emu = accelerator("emulator").get_default_view();
  array<int, 1> a(8, emu, access_type_none);
  EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  EXPECT_THROW((void)a[index<1>(0)], runtime_exception);
  EXPECT_THROW((void)a(0), runtime_exception);
  EXPECT_EQ(a.data(), nullptr);
  const array<int, 1>& c = a;
  EXPECT_EQ(c.data(), nullptr);
  array_view<int, 1> v = a;  // a view and a kernel are how such an array is used
  parallel_for_each(emu, a.extent, [=] restrict_amp (index<1> i) { v[i] = i[0] * 3; });
  std::vector<int> out(8, -1);
  copy(a, out.begin());
  EXPECT_EQ(out, (std::vector<int>{0, 3, 6, 9, 12, 15, 18, 21}));
  array<int, 2> m(2, 2, emu, access_type_none);
  EXPECT_THROW((void)m(1, 1), runtime_exception);
  EXPECT_THROW((void)m[1], runtime_exception);
}

// An array with a CPU access type other than none is touched on the host as before.
TEST(CppAmpBehaviours, ArrayWithCpuAccessReadWriteIsTouchedOnTheHost) {
  array<int, 1> a(4, accelerator("emulator").get_default_view(), access_type_read_write);
  a[index<1>(2)] = 7;
  EXPECT_EQ(a.data()[2], 7);
}

// PFE-10: a launch on the cpu accelerator's view throws runtime_exception (unsupported_feature) whose
// message begins with C++ AMP's own sentence, which programs match on.
TEST(CppAmpBehaviours, LaunchOnTheCpuAcceleratorThrowsWithCppAmpsMessage) {
  std::vector<int> data(16, 1);
  array_view<int, 1> v(16, data);
  try {
    parallel_for_each(accelerator(accelerator::cpu_accelerator).get_default_view(), v.extent,
                      [=] restrict_amp (index<1> i) { v[i] += 1; });
    FAIL() << "the launch on the cpu accelerator ran";
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::strstr(e.what(), cpp_amp_launch_message), nullptr) << e.what();
  }
  EXPECT_EQ(data[0], 1);
}

// PFE-10: a kernel that touches an array placed on the cpu accelerator (C++ AMP would have launched it
// there, and refused) throws runtime_exception carrying the same sentence.
TEST(CppAmpBehaviours, KernelTouchingAnArrayOnTheCpuAcceleratorThrowsWithCppAmpsMessage) {
  std::vector<int> init(64, 5);
  array<int, 1> arr(64, init.begin(), accelerator(accelerator::cpu_accelerator).get_default_view());
  array<int, 1>* p = &arr;  // as `[&arr]` would reach it
  try {
    parallel_for_each(extent<1>(64), [=] restrict_amp (index<1> i) { (*p)[i] += 1; });
    FAIL() << "the kernel touched an array on the cpu accelerator";
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::strstr(e.what(), cpp_amp_launch_message), nullptr) << e.what();
  }
  EXPECT_EQ(arr[index<1>(0)], 5);  // host code may still touch it
}

// ARR-9: copy(end, begin, dest), a reversed range, throws runtime_exception instead of walking off the
// container.
TEST(CppAmpBehaviours, CopyFromAReversedRangeThrows) {
  std::vector<int> src(3, 5);
  array<int, 1> dest(3, accelerator(accelerator::cpu_accelerator).get_default_view());
  EXPECT_THROW(copy(src.end(), src.begin(), dest), runtime_exception);
  array_view<int, 1> v(3);
  EXPECT_THROW(copy(src.end(), src.begin(), v), runtime_exception);
}

// AV-4, AV-13: the container a view is built over shows a kernel's writes only once the program
// synchronizes (synchronize(), host access through the view, the last view's destruction), as on a GPU
// and with Microsoft's runtime, which programs and test suites written for it rely on.
TEST(CppAmpBehaviours, TheContainerShowsAKernelsWritesOnlyOnceSynchronized) {
  std::vector<int> data(16, 2);
  {
    array_view<int, 1> v(16, data);
    parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] += 1; });
    EXPECT_EQ(data[3], 2);
    v.synchronize();
    EXPECT_EQ(data[3], 3);
    parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] += 1; });
    EXPECT_EQ(v[3], 4);
    EXPECT_EQ(data[3], 4);
    parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] += 1; });
    EXPECT_EQ(data[3], 4);
  }
  EXPECT_EQ(data[3], 5);
}

// AV-5: discard_data() after a kernel keeps the kernel's writes out of the container, through the view
// and through a section of it.
TEST(CppAmpBehaviours, DiscardAfterAKernelKeepsItsWritesOutOfTheContainer) {
  std::vector<int> data(16, 20);
  array_view<int, 1> v(16, data);
  array_view<int, 1> part = v.section(4, 8);
  parallel_for_each(part.extent, [=] restrict_amp (index<1> i) { part[i] = 7; });
  part.discard_data();
  v.synchronize();
  EXPECT_EQ(data, std::vector<int>(16, 20));
}

// AV-4: copy() out of a view reads the current copy (the kernel's results) without bringing the view's
// container up to date: that happens when the program synchronizes.
TEST(CppAmpBehaviours, CopyOutOfAViewLeavesItsContainerAsItWas) {
  std::vector<int> data(12, 2), out(12);
  array_view<int, 1> v(12, data);
  array_view<int, 1> middle = v.section(4, 4);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = 7; });
  copy(v, out.begin());
  EXPECT_EQ(out, std::vector<int>(12, 7));
  std::vector<int> four(4);
  copy(middle, four.begin());
  EXPECT_EQ(four, std::vector<int>(4, 7));
  EXPECT_EQ(data, std::vector<int>(12, 2));
  v.synchronize();
  EXPECT_EQ(data, std::vector<int>(12, 7));
}

// AV-6: refresh() says the program changed its own memory outside the views. A view of an array or one
// without a data source has no such memory (the runtime owns it), so refresh() keeps what a kernel wrote.
TEST(CppAmpBehaviours, RefreshOnAViewOfAnArrayOrWithoutASourceKeepsAKernelsWrites) {
  array<int, 1> a(8);
  array_view<int, 1> v(a);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = 17; });
  v.refresh();
  EXPECT_EQ(v[3], 17);
  array_view<int, 1> none(8);
  parallel_for_each(none.extent, [=] restrict_amp (index<1> i) { none[i] = 5; });
  none.refresh();
  EXPECT_EQ(none[7], 5);
}

// ARR-6, PFE-10: an array on the cpu accelerator is host memory: host code reaches it whatever CPU access
// type it was given, as with C++ AMP's runtime (test suites modify such arrays on the host).
TEST(CppAmpBehaviours, AnArrayOnTheCpuAcceleratorIsReachedFromTheHostWhateverItsCpuAccessType) {
  array<int, 1> a(4, accelerator(accelerator::cpu_accelerator).get_default_view(), access_type_none);
  a[index<1>(1)] = 5;
  EXPECT_EQ(a(1), 5);
  EXPECT_NE(a.data(), nullptr);
}

}  // namespace
