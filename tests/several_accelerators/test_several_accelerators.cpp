// Several accelerators (ACC-1, ACC-9, ARR-9, AV-4..AV-6, PFE-8, PFE-9): the emulated devices that
// TESSERA_EMULATOR_DEVICES presents, how data_home moves data between devices (device to device where the
// backend can, through the host where not), and the errors. A program of its own: the device registry
// is listed once per process, and this one lists three emulated devices (main below).
#include <tessera/amp.hpp>
#include <tessera/detail/data_home.hpp>
#include <tessera/emulator/devices.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// --- TESSERA_EMULATOR_DEVICES ------------------------------------------------------------------------

TEST(EmulatorDevices, UnsetOrEmptyMeansOneDevice) {
  EXPECT_EQ(emulator::parse_device_count(nullptr), 1u);
  EXPECT_EQ(emulator::parse_device_count(""), 1u);
}

TEST(EmulatorDevices, AWholeNumberFromOneToTheMaximumIsTheCount) {
  EXPECT_EQ(emulator::parse_device_count("1"), 1u);
  EXPECT_EQ(emulator::parse_device_count("2"), 2u);
  EXPECT_EQ(emulator::parse_device_count("64"), emulator::max_devices);
}

TEST(EmulatorDevices, ABadCountThrowsNamingTheVariableAndTheFix) {
  for (const char* bad : {"0", "65", "-1", "two", "2x", " 2", "1.5", "0000002"}) {
    try {
      (void)emulator::parse_device_count(bad);
      ADD_FAILURE() << "accepted \"" << bad << "\"";
    } catch (const runtime_exception& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("TESSERA_EMULATOR_DEVICES=\"" + std::string(bad) + "\""), std::string::npos) << what;
      EXPECT_NE(what.find("from 1 to 64"), std::string::npos) << what;
      EXPECT_EQ(e.get_error_code(), static_cast<unsigned>(error_code::invalid_argument));
    }
  }
}

// --- the listing (this program runs with TESSERA_EMULATOR_DEVICES=3) ----------------------------------

TEST(EmulatorDevices, ThreeDevicesAreListedAsEmulatorColonN) {
  std::vector<std::string> emulated;
  for (const auto& a : accelerator::get_all())
    if (a.get_device_path().rfind("emulator", 0) == 0) emulated.push_back(a.get_device_path());
  EXPECT_EQ(emulated, (std::vector<std::string>{"emulator:0", "emulator:1", "emulator:2"}));
  for (const char* path : {"emulator:0", "emulator:1", "emulator:2"}) {
    const accelerator a(path);
    EXPECT_TRUE(a.get_is_emulated()) << path;
    EXPECT_EQ(a.get_version(), 1u << 16) << path;
    EXPECT_TRUE(a.get_supports_cpu_shared_memory()) << path;
    EXPECT_NE(a.get_description().find(std::string("device ") + path[9] + " of 3"), std::string::npos) << a.get_description();
  }
}

TEST(EmulatorDevices, EmulatorNamesTheFirstDevice) {
  EXPECT_EQ(accelerator("emulator"), accelerator("emulator:0"));
  EXPECT_EQ(accelerator(accelerator::emulator_accelerator).get_device_path(), "emulator:0");
  EXPECT_NE(accelerator("emulator:0"), accelerator("emulator:1"));
  EXPECT_NE(accelerator("emulator:1").get_default_view(), accelerator("emulator:2").get_default_view());
  EXPECT_THROW(accelerator("emulator:3"), runtime_exception);
}

TEST(EmulatorDevices, ALaunchOnEachDeviceComputes) {
  for (const char* path : {"emulator:0", "emulator:1", "emulator:2"}) {
    std::vector<int> data(40);
    std::iota(data.begin(), data.end(), 0);
    array_view<int, 1> v(40, data);
    parallel_for_each(accelerator(path).get_default_view(), v.extent.tile<8>(),
                      [=] restrict_amp (tiled_index<8> t) { v[t] = v[t] * 2 + t.tile[0]; });
    v.synchronize();
    for (int i = 0; i < 40; ++i) EXPECT_EQ(data[i], i * 2 + i / 8) << path << " element " << i;
  }
}

// --- data between devices ------------------------------------------------------------------------------

// A device other than the first computes in memory of its own: the host container is not written until
// synchronize() (or the last view goes), as with a GPU.
TEST(EmulatorDevices, ASecondDeviceComputesInMemoryOfItsOwn) {
  std::vector<int> data(16, 1);
  {
    array_view<int, 1> v(16, data);
    parallel_for_each(accelerator("emulator:1").get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = 7; });
    EXPECT_EQ(data[3], 1) << "the launch wrote the host container directly";
    v.synchronize();
    EXPECT_EQ(data[3], 7);
    parallel_for_each(accelerator("emulator:2").get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] + 1; });
  }
  EXPECT_EQ(data[3], 8) << "the last view writes the current data back (AV-13)";
}

// A stale copy is never read: after a device wrote, a host write, a launch elsewhere and a launch back
// each see the newest data.
TEST(EmulatorDevices, StaleDataIsNotReadAfterAMoveBetweenDevices) {
  std::vector<int> data(8, 0);
  array_view<int, 1> v(8, data);
  const accelerator_view d1 = accelerator("emulator:1").get_default_view();
  const accelerator_view d2 = accelerator("emulator:2").get_default_view();
  parallel_for_each(d1, v.extent, [=] restrict_amp (index<1> i) { v[i] = 10 + i[0]; });
  parallel_for_each(d2, v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * 2; });  // from d1's memory
  v[index<1>(0)] = -1;                                                                    // host write
  parallel_for_each(d1, v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] + 1; });   // d1's copy is stale
  parallel_for_each(accelerator("emulator:0").get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * 3; });
  v.synchronize();
  std::vector<int> want(8);
  for (int i = 0; i < 8; ++i) want[i] = ((10 + i) * 2 + 1) * 3;
  want[0] = 0;
  EXPECT_EQ(data, want);
}

// ARR-9: a copy between arrays placed on two devices lands in the destination's memory; the source keeps
// its data.
TEST(EmulatorDevices, CopyBetweenArraysOnTwoDevicesLandsOnTheDestination) {
  std::vector<int> src(12);
  std::iota(src.begin(), src.end(), 0);
  const accelerator_view d1 = accelerator("emulator:1").get_default_view();
  const accelerator_view d2 = accelerator("emulator:2").get_default_view();
  array<int, 1> a(12, src.begin(), src.end(), d1);
  array<int, 1> b(12, d2);
  array_view<int, 1> av = a;
  parallel_for_each(d1, av.extent, [=] restrict_amp (index<1> i) { av[i] = av[i] + 100; });
  copy(a, b);
  array_view<int, 1> bv = b;
  parallel_for_each(d2, bv.extent, [=] restrict_amp (index<1> i) { bv[i] = bv[i] * 2; });
  copy_async(b, a).get();
  const std::vector<int> got_a = a, got_b = b;
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(got_b[i], (i + 100) * 2);
    EXPECT_EQ(got_a[i], (i + 100) * 2);
  }
}

// PFE-8, PFE-9: a launch that captures an array placed on another device throws runtime_exception naming
// both devices; another view of the array's own device may use it.
TEST(EmulatorDevices, ALaunchWithAnArrayOfAnotherDeviceThrows) {
  array<int, 1> a(4, accelerator("emulator:1").get_default_view());
  array_view<int, 1> v = a;
  for (const char* other : {"emulator:0", "emulator:2"}) {
    try {
      parallel_for_each(accelerator(other).get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = 1; });
      ADD_FAILURE() << "a launch on " << other << " used an array of emulator:1";
    } catch (const runtime_exception& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(other), std::string::npos) << what;
      EXPECT_NE(what.find("emulator:1"), std::string::npos) << what;
      EXPECT_NE(what.find("PFE-8"), std::string::npos) << what;
    }
  }
  parallel_for_each(accelerator("emulator:1").create_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = 5; });
  EXPECT_EQ(std::vector<int>(a), std::vector<int>(4, 5));
  // An array built without a view follows the launch, as a view of host memory does.
  array<int, 1> unplaced(4);
  array_view<int, 1> fv = unplaced;
  parallel_for_each(accelerator("emulator:2").get_default_view(), fv.extent, [=] restrict_amp (index<1> i) { fv[i] = 3; });
  EXPECT_EQ(std::vector<int>(unplaced), std::vector<int>(4, 3));
}

// --- data_home's choice with fake mirrors: peer copy where the backend can, the host where not -----------

struct mirror_log {
  int uploads = 0, downloads = 0, direct = 0, refused = 0;
};
mirror_log g_log;

// A mirror of a fake backend: bytes in host memory, counting every transfer. Mirrors of the "peer"
// factory copy from each other directly; those of the "no peer" factory refuse.
template <bool Peer>
class fake_mirror final : public tessera::detail::device_mirror {
 public:
  fake_mirror(int device, std::size_t bytes) : device_(device), memory_(bytes, std::byte{0xCD}) {}
  void* address() const noexcept override { return const_cast<std::byte*>(memory_.data()); }
  int device() const noexcept override { return device_; }
  void upload(const void* host, std::size_t bytes) override {
    ++g_log.uploads;
    std::memcpy(memory_.data(), host, bytes);
  }
  void download(void* host, std::size_t bytes) const override {
    ++g_log.downloads;
    std::memcpy(host, memory_.data(), bytes);
  }
  bool copy_from(const tessera::detail::device_mirror& source, std::size_t bytes) override {
    const auto* other = dynamic_cast<const fake_mirror*>(&source);
    if (!Peer || other == nullptr) {
      ++g_log.refused;
      return false;
    }
    ++g_log.direct;
    std::memcpy(memory_.data(), other->memory_.data(), bytes);
    return true;
  }

 private:
  int device_;
  std::vector<std::byte> memory_;
};

template <bool Peer>
std::unique_ptr<tessera::detail::device_mirror> make_fake(int device, std::size_t bytes) {
  return std::make_unique<fake_mirror<Peer>>(device, bytes);
}

int* at(void* p) { return static_cast<int*>(p); }

TEST(DataHomeBetweenDevices, ALaunchElsewhereCopiesMirrorToMirrorWhereTheBackendCan) {
  g_log = {};
  std::vector<int> host{1, 2, 3, 4};
  tessera::detail::data_home home(host.data(), sizeof(int) * 4);
  at(home.use_on_device(0, true, &make_fake<true>))[2] = 30;  // device 0 writes
  EXPECT_EQ(g_log.uploads, 1);
  int* on1 = at(home.use_on_device(1, false, &make_fake<true>));
  EXPECT_EQ(on1[2], 30);
  EXPECT_EQ(g_log.direct, 1);
  EXPECT_EQ(g_log.downloads, 0) << "a peer copy does not go through the host";
  EXPECT_EQ(g_log.uploads, 1);
  EXPECT_EQ(host[2], 3) << "the host copy is untouched until asked for";
  home.synchronize();
  EXPECT_EQ(host[2], 30);
  EXPECT_EQ(g_log.downloads, 1);
}

TEST(DataHomeBetweenDevices, ALaunchElsewhereGoesThroughTheHostWhereTheBackendCannot) {
  g_log = {};
  std::vector<int> host{1, 2, 3, 4};
  tessera::detail::data_home home(host.data(), sizeof(int) * 4);
  at(home.use_on_device(0, true, &make_fake<false>))[1] = 20;
  int* on1 = at(home.use_on_device(1, true, &make_fake<false>));
  EXPECT_EQ(on1[1], 20);
  EXPECT_EQ(g_log.refused, 1);
  EXPECT_EQ(g_log.downloads, 1);
  EXPECT_EQ(g_log.uploads, 2);
  EXPECT_EQ(host[1], 20) << "the copy through the host left the host current too";
}

TEST(DataHomeBetweenDevices, DevicesOfTwoBackendsWithOneNumberNeverShareAMirror) {
  g_log = {};
  std::vector<int> host{1, 2, 3, 4};
  tessera::detail::data_home home(host.data(), sizeof(int) * 4);
  at(home.use_on_device(1, true, &make_fake<true>))[0] = 9;
  int* other = at(home.use_on_device(1, false, &make_fake<false>));  // device 1 of another backend
  EXPECT_EQ(other[0], 9);
  EXPECT_EQ(g_log.refused, 1);
  EXPECT_EQ(g_log.downloads, 1);
}

TEST(DataHomeBetweenDevices, ADiscardedCopyIsNotMovedBetweenDevices) {
  g_log = {};
  std::vector<int> host{1, 2, 3, 4};
  tessera::detail::data_home home(host.data(), sizeof(int) * 4);
  home.use_on_device(0, true, &make_fake<true>);
  home.discard();
  home.use_on_device(1, true, &make_fake<true>);
  EXPECT_EQ(g_log.direct, 0);
  EXPECT_EQ(g_log.downloads, 0);
  EXPECT_EQ(g_log.uploads, 1);
}

TEST(DataHomeBetweenDevices, AWholeCopyLandsOnThePlacedDevicePeerOrThroughTheHost) {
  for (const bool peer : {true, false}) {
    g_log = {};
    const auto make = peer ? &make_fake<true> : &make_fake<false>;
    std::vector<int> a{1, 2, 3, 4}, b(4, 0);
    tessera::detail::data_home src(a.data(), sizeof(int) * 4), dst(b.data(), sizeof(int) * 4);
    dst.place_on(&g_log, {make, 1});  // any address names the device here
    at(src.use_on_device(0, true, make))[3] = 40;  // src's data is on device 0
    dst.assign_from(src);
    EXPECT_EQ(g_log.direct, peer ? 1 : 0);
    EXPECT_EQ(g_log.downloads, peer ? 0 : 1);
    EXPECT_EQ(g_log.uploads, peer ? 1 : 2);
    const int* on1 = at(dst.use_on_device(1, false, make));
    EXPECT_EQ(on1[3], 40);
    EXPECT_EQ(g_log.uploads, peer ? 1 : 2) << "the copy is already current on the destination's device";
    EXPECT_EQ(b[3], 0);
    dst.synchronize();
    EXPECT_EQ(b, (std::vector<int>{1, 2, 3, 40}));
  }
}

TEST(DataHomeBetweenDevices, AWholeCopyToAHostHomeBringsTheSourceHome) {
  g_log = {};
  std::vector<int> a{1, 2, 3, 4}, b(4, 0);
  tessera::detail::data_home src(a.data(), sizeof(int) * 4), dst(b.data(), sizeof(int) * 4);
  at(src.use_on_device(0, true, &make_fake<true>))[0] = 11;
  dst.assign_from(src);
  EXPECT_EQ(b, (std::vector<int>{11, 2, 3, 4}));
  EXPECT_EQ(a[0], 11);
  EXPECT_EQ(g_log.downloads, 1);
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything lists the devices: three emulated accelerators, so two of them keep memory of their own.
  setenv("TESSERA_EMULATOR_DEVICES", "3", 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
