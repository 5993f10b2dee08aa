#include "memory_map.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

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

std::string demangle(const char* name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> d(abi::__cxa_demangle(name, nullptr, nullptr, &status), std::free);
  return status == 0 && d ? d.get() : name;
}

// The last component of a qualified name: "f()::{lambda...}::operator()(...) const::s" -> "s".
std::string short_name(const std::string& qualified) {
  const auto colons = qualified.rfind("::");
  return colons == std::string::npos ? qualified : qualified.substr(colons + 2);
}

// The main program's file (dl_iterate_phdr names it ""); readelf needs the real path, not /proc/self/exe,
// which would be readelf's own.
std::string executable_path() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

struct data_symbol {
  std::size_t value, size;
  bool tls;  // value is an offset in the module's TLS segment
  std::string name;
};

// The data symbols (objects and TLS) an ELF file defines, from its symbol table (binutils' readelf, once
// per module).
const std::vector<data_symbol>& data_symbols(const std::string& module) {
  static std::mutex m;
  static std::map<std::string, std::vector<data_symbol>> cache;
  std::lock_guard g(m);
  if (auto it = cache.find(module); it != cache.end()) return it->second;
  std::vector<data_symbol> symbols;
  const std::string command = "readelf -sW '" + module + "' 2>/dev/null";
  if (FILE* p = popen(command.c_str(), "r")) {
    char line[8192];
    while (std::fgets(line, sizeof line, p) != nullptr) {
      unsigned long long value = 0;
      char size[64], type[32], section[32], name[4096];
      if (std::sscanf(line, " %*[0-9]: %llx %63s %31s %*s %*s %31s %4095s", &value, size, type, section, name) != 5) continue;
      const std::string t(type);
      if ((t != "TLS" && t != "OBJECT") || std::string(section) == "UND") continue;
      std::string mangled(name);
      if (auto at = mangled.find('@'); at != std::string::npos) mangled.erase(at);  // symbol version
      symbols.push_back(data_symbol{static_cast<std::size_t>(value), static_cast<std::size_t>(std::strtoull(size, nullptr, 0)),
                                    t == "TLS", short_name(demangle(mangled.c_str()))});
    }
    pclose(p);
  }
  return cache.emplace(module, std::move(symbols)).first->second;
}

// The symbol of `module` covering `value` (TLS offsets or addresses relative to the load bias), or null.
const data_symbol* symbol_at(const std::string& module, std::size_t value, bool tls) {
  for (const data_symbol& s : data_symbols(module))
    if (s.tls == tls && value >= s.value && value < s.value + (s.size == 0 ? 1 : s.size)) return &s;
  return nullptr;
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
          m->tls_.push_back(tls_block{begin, begin + info->dlpi_phdr[i].p_memsz, m->tls_bytes_, std::move(module)});
          m->tls_bytes_ += info->dlpi_phdr[i].p_memsz;
        }
        return 0;
      },
      this);
  constant_segments();
}

void memory_map::set_launch(const launch_memory& launch, const void* descriptor, std::size_t descriptor_bytes,
                            const void* extent_dims, std::size_t extent_bytes) {
  launch_ = &launch;
  arguments_.clear();
  auto add = [&](const void* p, std::size_t n) {
    const auto b = reinterpret_cast<std::uintptr_t>(p);
    arguments_.push_back(span{b, b + n});
  };
  add(launch.kernel, launch.kernel_bytes);
  add(descriptor, descriptor_bytes);
  if (extent_dims != nullptr) add(extent_dims, extent_bytes);
}

classified memory_map::classify(std::uintptr_t a) const noexcept {
  if (a >= stack_low_ && a < stack_high_) return {memory_class::private_stack, 0, 0};
  for (std::size_t i = 0; i < tls_.size(); ++i)
    if (a >= tls_[i].begin && a < tls_[i].end) return {memory_class::tile_static, i, a - tls_[i].begin};
  for (std::size_t i = 0; i < launch_->global_count; ++i) {
    const auto b = reinterpret_cast<std::uintptr_t>(launch_->globals[i].begin);
    if (a >= b && a < b + launch_->globals[i].bytes) return {memory_class::global, i, a - b};
  }
  for (const span& s : arguments_)
    if (a >= s.begin && a < s.end) return {memory_class::argument, 0, 0};
  for (const segment& s : constant_segments())
    if (a >= s.begin && a < s.end) return {memory_class::constant, 0, 0};
  return {memory_class::host, 0, a};
}

std::vector<std::string> memory_map::tile_static_modules() const {
  std::vector<std::string> modules;
  for (const tls_block& b : tls_) modules.push_back(b.module);
  return modules;
}

std::string name_tile_static(const std::vector<std::string>& modules, std::size_t module, std::size_t offset) {
  if (module < modules.size())
    if (const data_symbol* s = symbol_at(modules[module], offset, true))
      return "tile_static `" + s->name + "`, byte " + std::to_string(offset - s->value);
  return "tile_static storage, byte " + std::to_string(offset);
}

std::string name_global(const launch_memory& launch, std::size_t view, std::size_t offset) {
  if (view >= launch.global_count) return "global memory, byte " + std::to_string(offset);
  const auto& g = launch.globals[view];
  const std::size_t element = g.element_bytes == 0 ? offset : offset / g.element_bytes;
  return "element " + std::to_string(element) + " of captured view " + std::to_string(view + 1) + " (" + demangle(g.view_type->name()) +
         ")";
}

std::string name_host(std::uintptr_t address) {
  // No address in the text: it changes from run to run, and reports must not.
  const std::string name = "host memory";
  Dl_info info{};
  link_map* module = nullptr;
  if (dladdr1(reinterpret_cast<void*>(address), &info, reinterpret_cast<void**>(&module), RTLD_DL_LINKMAP) != 0 &&
      module != nullptr) {
    const std::string path = module->l_name != nullptr && module->l_name[0] != '\0' ? module->l_name : executable_path();
    if (const data_symbol* s = symbol_at(path, address - module->l_addr, false))
      return name + " (global variable `" + s->name + "`)";
  }
  return name + " (the heap or a host thread's stack)";
}

}  // namespace tessera::emulator::detail
