// The emulated accelerators ("emulator", or "emulator:0" ... with TESSERA_EMULATOR_DEVICES), and the
// emulator as the model's host backend.
#include <tessera/accelerator.hpp>
#include <tessera/detail/host_runtime.hpp>
#include <tessera/emulator/devices.hpp>
#include <tessera/exceptions.hpp>

#include <execinfo.h>
#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tessera::emulator {
namespace {

// The memory of an emulated device (emulator:0's copies of the program's containers; all the data of the
// others): host memory this device owns. A fresh one is filled with 0xCD, so a launch that reads data the
// runtime failed to bring here sees a recognisable pattern, not a lucky old copy. Emulated devices reach
// each other's memory directly, as GPUs with peer access do.
class host_mirror final : public tessera::detail::device_mirror {
 public:
  host_mirror(int device, std::size_t bytes) : device_(device), bytes_(bytes), memory_(device_bytes(bytes)) {
    std::memset(memory_.get(), 0xCD, bytes);
  }
  void* address() const noexcept override { return memory_.get(); }
  int device() const noexcept override { return device_; }
  void upload(const void* host, std::size_t bytes) override { std::memcpy(memory_.get(), host, bytes); }
  void download(void* host, std::size_t bytes) const override { std::memcpy(host, memory_.get(), bytes); }
  bool copy_from(const tessera::detail::device_mirror& source, std::size_t bytes) override {
    const auto* other = dynamic_cast<const host_mirror*>(&source);
    if (other == nullptr || bytes > bytes_ || bytes > other->bytes_) return false;
    std::memcpy(memory_.get(), other->memory_.get(), bytes);
    return true;
  }

 private:
  // A large mirror in large pages where the kernel gives them: it is filled, copied in and out whole, and
  // in 4 KiB pages a 16 MiB view cost 4,096 page faults on the launching thread (and as many TLB entries
  // to the kernel's threads).
  struct release {
    std::size_t mapped = 0;  // bytes mapped; 0: from new[]
    void operator()(std::byte* p) const noexcept {
      if (mapped != 0) munmap(p, mapped);
      else delete[] p;
    }
  };
  using device_memory = std::unique_ptr<std::byte[], release>;
  static constexpr std::size_t large_bytes = std::size_t{2} << 20;
  static device_memory device_bytes(std::size_t bytes) {
    if (bytes >= large_bytes) {
      void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m != MAP_FAILED) {
        madvise(m, bytes, MADV_HUGEPAGE);  // a hint: refused, the pages stay small
        return device_memory(static_cast<std::byte*>(m), release{bytes});
      }
    }
    return device_memory(new std::byte[bytes], release{});
  }

  int device_;
  std::size_t bytes_;
  device_memory memory_;
};

std::unique_ptr<tessera::detail::device_mirror> make_host_mirror(int device, std::size_t bytes) {
  return std::make_unique<host_mirror>(device, bytes);
}

std::vector<tessera::detail::device_info> enumerate() {
  const unsigned n = device_count();
  std::vector<tessera::detail::device_info> devices;
  for (unsigned i = 0; i < n; ++i) {
    tessera::detail::device_info d;
    d.path = accelerator::emulator_accelerator;
    d.description = "Tessera emulator (deterministic CPU reference with checks)";
    if (n > 1) {
      d.path += ":" + std::to_string(i);
      d.description += ", device " + std::to_string(i) + " of " + std::to_string(n);
      if (i == 0) d.alias = accelerator::emulator_accelerator;
    }
    // emulator:0 computes in host memory but for the program's containers; the others in memory of their own
    if (i == 0) d.make_container_mirror = &make_host_mirror;
    else d.make_mirror = &make_host_mirror;
    d.backend = "emulator";
    d.ordinal = static_cast<int>(i);
    d.version = 1u << 16;
    devices.push_back(std::move(d));
  }
  return devices;
}

// The stack of the code that called the model's throwing function, for code_sites to find the kernel's
// line in (frame 0, this function, is left out; the model's own frames are skipped when symbolized).
std::vector<const void*> call_stack() {
  void* frames[16];
  const int n = backtrace(frames, 16);
  return std::vector<const void*>(frames + (n > 1 ? 1 : n), frames + n);
}

}  // namespace

unsigned parse_device_count(const char* text) {
  if (text == nullptr || *text == '\0') return 1;
  const std::string t(text);
  const bool digits = t.find_first_not_of("0123456789") == std::string::npos && t.size() <= 3;
  const unsigned long n = digits ? std::strtoul(t.c_str(), nullptr, 10) : 0;
  if (!digits || n < 1 || n > max_devices)
    throw runtime_exception("TESSERA_EMULATOR_DEVICES=\"" + t + "\" is not a device count; set it to a whole number from 1 to " +
                                std::to_string(max_devices) + " (the emulated accelerators emulator:0 ... emulator:N-1), or unset it "
                                "for the one \"emulator\" device",
                            error_code::invalid_argument);
  return static_cast<unsigned>(n);
}

unsigned device_count() { return parse_device_count(std::getenv("TESSERA_EMULATOR_DEVICES")); }

void register_devices() {
  static std::once_flag once;
  std::call_once(once, [] {
    tessera::detail::host_backend.call_stack = &call_stack;
    tessera::detail::register_device_enumerator(&enumerate);
  });
}

}  // namespace tessera::emulator
