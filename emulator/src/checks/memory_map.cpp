#include "memory_map.hpp"

#include <link.h>
#include <unistd.h>

#include <algorithm>

namespace tessera::emulator::detail {
namespace {

struct segment {
  std::uintptr_t begin, end;
};

// The read-only segments of every module loaded when checks first ran (read-only PT_LOAD segments, and
// the RELRO parts of writable ones).
const std::vector<segment>& constant_segments() {
  static const std::vector<segment> segments = [] {
    std::vector<segment> out;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* data) {
          auto* out = static_cast<std::vector<segment>*>(data);
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const auto& ph = info->dlpi_phdr[i];
            const bool read_only_load = ph.p_type == PT_LOAD && (ph.p_flags & PF_W) == 0;
            if (!read_only_load && ph.p_type != PT_GNU_RELRO) continue;
            const std::uintptr_t begin = info->dlpi_addr + ph.p_vaddr;
            out->push_back(segment{begin, begin + ph.p_memsz});
          }
          return 0;
        },
        &out);
    return out;
  }();
  return segments;
}

// The main program's file (dl_iterate_phdr names it ""), for the report to read its symbols.
std::string executable_path() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

}  // namespace

void memory_map::prepare_worker() {
  if (!tls_.empty()) return;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* self) {
        auto* m = static_cast<memory_map*>(self);
        if (info->dlpi_tls_data == nullptr) return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          if (info->dlpi_phdr[i].p_type != PT_TLS) continue;
          const auto begin = reinterpret_cast<std::uintptr_t>(info->dlpi_tls_data);
          std::string module = info->dlpi_name != nullptr && info->dlpi_name[0] != '\0' ? info->dlpi_name : executable_path();
          // A block's shadow starts at the same offset in a 64-byte line as the block, so a word of the block
          // is a word of the shadow (the race shadow keeps a cell per word).
          const std::size_t shadow_offset = m->tls_bytes_ + ((begin - m->tls_bytes_) & 63);
          m->tls_.push_back(tls_block{begin, begin + info->dlpi_phdr[i].p_memsz, shadow_offset, std::move(module)});
          m->tls_bytes_ = shadow_offset + info->dlpi_phdr[i].p_memsz;
          m->tls_low_ = m->tls_.size() == 1 ? begin : std::min(m->tls_low_, begin);
          m->tls_high_ = std::max(m->tls_high_, begin + info->dlpi_phdr[i].p_memsz);
        }
        return 0;
      },
      this);
  constant_segments();
}

void memory_map::set_launch(std::uint64_t number, const launch_memory& launch, const void* descriptor, std::size_t descriptor_bytes,
                            const void* extent_dims, std::size_t extent_bytes) {
  // Every tile of a launch passes the same spans: set them once (the default mode pays this per tile,
  // even for kernels that never reach the checks).
  const void* key[launch_key_size] = {reinterpret_cast<const void*>(static_cast<std::uintptr_t>(number)),
                                       &launch,
                                       launch.kernel,
                                       reinterpret_cast<const void*>(launch.kernel_bytes),
                                       descriptor,
                                       reinterpret_cast<const void*>(descriptor_bytes),
                                       extent_dims,
                                       reinterpret_cast<const void*>(extent_bytes)};
  if (launch_ == &launch && std::equal(key, key + launch_key_size, last_launch_key_)) return;
  std::copy(key, key + launch_key_size, last_launch_key_);
  launch_ = &launch;
  arguments_[0] = span{reinterpret_cast<std::uintptr_t>(launch.kernel), launch.kernel_bytes};
  arguments_[1] = span{reinterpret_cast<std::uintptr_t>(descriptor), descriptor_bytes};
  arguments_[2] = extent_dims != nullptr ? span{reinterpret_cast<std::uintptr_t>(extent_dims), extent_bytes} : span{};
  hot_view_ = span{};
  own_bytes_ = 0;
  for (std::size_t i = 0; i < launch.global_count && i < 64; ++i) {
    const auto begin = reinterpret_cast<std::uintptr_t>(launch.globals[i].begin);
    const std::uintptr_t end = begin + launch.globals[i].bytes;
    bool shared = false;
    for (std::size_t k = 0; k < i && !shared; ++k) {
      const auto other = reinterpret_cast<std::uintptr_t>(launch.globals[k].begin);
      shared = begin < other + launch.globals[k].bytes && other < end;
    }
    if (!shared) own_bytes_ |= std::uint64_t{1} << i;
  }
}

// The blocks one by one, after a range test of them all in classify: every library with TLS (libc,
// libstdc++, libdw, ...) adds a block, and an access to other memory would otherwise pass them all.
bool memory_map::in_other_tls_block(std::uintptr_t a, classified& c) const noexcept {
  for (std::size_t i = 0; i < tls_.size(); ++i)
    if (a >= tls_[i].begin && a < tls_[i].end) {
      hot_tls_ = i;  // a kernel's tile_static variables are in one module's block: first from now on
      hot_tls_begin_ = tls_[i].begin;
      hot_tls_bytes_ = tls_[i].end - tls_[i].begin;
      hot_tls_shadow_ = tls_[i].shadow_offset;
      c = {memory_class::tile_static, i, a - tls_[i].begin, tls_[i].shadow_offset + (a - tls_[i].begin)};
      return true;
    }
  return false;
}

classified memory_map::classify_rest(std::uintptr_t a) const noexcept {
  for (const span& s : arguments_)
    if (a - s.begin < s.bytes) return {memory_class::argument, 0, 0};
  for (const segment& s : constant_segments())
    if (a >= s.begin && a < s.end) return {memory_class::constant, 0, 0};
  return {memory_class::host, 0, a};
}

std::vector<std::string> memory_map::tile_static_modules() const {
  std::vector<std::string> modules;
  for (const tls_block& b : tls_) modules.push_back(b.module);
  return modules;
}

}  // namespace tessera::emulator::detail
