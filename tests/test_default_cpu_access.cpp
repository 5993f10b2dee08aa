// accelerator::set_default_cpu_access_type succeeds once, and only before an array took the default
// (ACC-7, ACC-10). That state lasts for the process, so this program has its own executable, and each
// test touches a device no other test here touches: the outcome does not depend on which tests ran first.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// ACC-10: the first call before any use sets the default; every later call returns false and changes
// nothing, whatever it asks for; arrays built with access_type_auto take the value set.
TEST(DefaultCpuAccessType, IsSetByTheFirstCallOnlyAndLaterCallsReturnFalse) {
  const accelerator emu("emulator");
  EXPECT_EQ(emu.get_default_cpu_access_type(), access_type_read_write);  // the built-in choice
  EXPECT_TRUE(emu.set_default_cpu_access_type(access_type_read));
  EXPECT_EQ(emu.get_default_cpu_access_type(), access_type_read);
  EXPECT_EQ(accelerator("emulator").get_default_cpu_access_type(), access_type_read);  // the device's setting
  EXPECT_FALSE(emu.set_default_cpu_access_type(access_type_write));
  EXPECT_FALSE(accelerator("emulator").set_default_cpu_access_type(access_type_auto));
  EXPECT_EQ(emu.get_default_cpu_access_type(), access_type_read);
  array<int, 1> a(4, emu.get_default_view());
  EXPECT_EQ(a.get_cpu_access_type(), access_type_read);
  array<int, 1> b(4, emu.create_view(), access_type_read_write);  // an explicit type is not the default
  EXPECT_EQ(b.get_cpu_access_type(), access_type_read_write);
}

// ACC-10: once an array took the built-in default, no call can change it.
TEST(DefaultCpuAccessType, CannotBeSetOnceAnArrayTookTheDefault) {
  const accelerator cpu(accelerator::cpu_accelerator);
  array<int, 2> a(2, 2, cpu.get_default_view());  // access_type_auto: takes the default now
  EXPECT_EQ(a.get_cpu_access_type(), access_type_read_write);
  EXPECT_FALSE(cpu.set_default_cpu_access_type(access_type_none));
  EXPECT_EQ(cpu.get_default_cpu_access_type(), access_type_read_write);
  array<int, 1> later(4, cpu.get_default_view());
  EXPECT_EQ(later.get_cpu_access_type(), access_type_read_write);
}

// A device that stores data but shares no memory with the CPU (a discrete GPU's, as the CUDA backend
// registers them): this build's own devices all share it, so the test registers one.
std::vector<detail::device_info> device_without_shared_memory() {
  detail::device_info d;
  d.path = "test:no_cpu_shared_memory";
  d.description = "a data-only test device without CPU shared memory";
  d.supports_cpu_shared_memory = false;
  return {d};
}

accelerator registered_device_without_shared_memory() {
  detail::register_device_enumerator(&device_without_shared_memory);
  return accelerator("test:no_cpu_shared_memory");
}

// ACC-7, ARR-5: on a device without CPU shared memory the default CPU access type is none, and a type
// the device cannot give is refused with runtime_exception rather than a quiet false, by the accelerator
// and by an array's constructor alike; none and auto are accepted.
TEST(DefaultCpuAccessType, ATypeTheDeviceCannotGiveThrows) {
  const accelerator acc = registered_device_without_shared_memory();
  ASSERT_FALSE(acc.get_supports_cpu_shared_memory());
  EXPECT_EQ(acc.get_default_cpu_access_type(), access_type_none);
  EXPECT_THROW(acc.set_default_cpu_access_type(access_type_read_write), runtime_exception);
  EXPECT_THROW(acc.set_default_cpu_access_type(access_type_read), runtime_exception);
  EXPECT_EQ(acc.get_default_cpu_access_type(), access_type_none);
  const accelerator_view v = acc.get_default_view();
  EXPECT_THROW((array<int, 1>(4, v, access_type_read)), runtime_exception);
  EXPECT_THROW((array<int, 1>(4, v, access_type_read_write)), runtime_exception);
  EXPECT_NO_THROW((array<int, 1>(4, v, access_type_none)));
  array<int, 1> automatic(4, v, access_type_auto);
  EXPECT_EQ(automatic.get_cpu_access_type(), access_type_none);
  EXPECT_NE(automatic.data(), nullptr);  // the device's own default none keeps the host copy (PROJ-16)
}

std::vector<detail::device_info> device_whose_default_the_program_chooses() {
  detail::device_info d;
  d.path = "test:default_chosen";
  d.description = "a test device whose default CPU access type the test chooses (nothing is launched on it)";
  d.backend = "test";  // a compute device's arrays may shut host code out; the cpu accelerator's never do
  return {d};
}

// ACC-10, ARR-6, ARR-7: where the program chose none as the accelerator's default, an array that takes
// the default is shut out of host code as if it had asked for none: element access throws, data() is
// nullptr; a copy still moves its contents.
TEST(DefaultCpuAccessType, NoneChosenAsTheDefaultShutsHostCodeOutOfTheArraysThatTakeIt) {
  detail::register_device_enumerator(&device_whose_default_the_program_chooses);
  const accelerator acc("test:default_chosen");
  ASSERT_TRUE(acc.set_default_cpu_access_type(access_type_none));
  const std::vector<int> in{1, 2, 3, 4};
  array<int, 1> a(4, in.begin(), in.end(), acc.get_default_view());
  EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  EXPECT_THROW((void)a[index<1>(0)], runtime_exception);
  EXPECT_EQ(a.data(), nullptr);
  std::vector<int> out(4);
  copy(a, out.begin());
  EXPECT_EQ(out, in);
}

std::vector<detail::device_info> default_device_whose_default_the_program_chooses() {
  detail::device_info d;
  d.path = "test:default_accelerator";
  d.description = "a test device made the default accelerator, its default CPU access type chosen (nothing is launched on it)";
  d.backend = "test";
  return {d};
}

// ACC-6, ACC-10, ARR-7: an array built without a view is on the default accelerator; where the program chose
// none as that accelerator's default, host code is shut out of it as out of arrays built on its views.
TEST(DefaultCpuAccessType, NoneChosenForTheDefaultAcceleratorShutsHostCodeOutOfArraysBuiltWithoutAView) {
  detail::register_device_enumerator(&default_device_whose_default_the_program_chooses);
  ASSERT_TRUE(accelerator::set_default("test:default_accelerator"));
  ASSERT_TRUE(accelerator().set_default_cpu_access_type(access_type_none));
  const std::vector<int> in{1, 2, 3, 4};
  array<int, 1> a(4, in.begin(), in.end());
  array<int, 2> b(2, 2);
  EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(a.data(), nullptr);
  EXPECT_EQ(b.data(), nullptr);
  EXPECT_THROW((void)a[index<1>(0)], runtime_exception);
  std::vector<int> out(4);
  copy(a, out.begin());
  EXPECT_EQ(out, in);
}

}  // namespace
