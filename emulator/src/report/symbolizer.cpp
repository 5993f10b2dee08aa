#include "symbolizer.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace tessera::emulator::detail {
namespace {

std::atomic<std::uint64_t> failures{0};

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

// This process's modules, as libdwfl sees them (from /proc/self/maps), with their line tables. libdwfl
// is not thread-safe: every use holds `mutex`.
class process_dwarf {
 public:
  process_dwarf() {
    callbacks_.find_elf = dwfl_linux_proc_find_elf;
    callbacks_.find_debuginfo = dwfl_standard_find_debuginfo;  // also .gnu_debuglink and build-id files
    callbacks_.debuginfo_path = &debuginfo_path_;
    dwfl_ = dwfl_begin(&callbacks_);
    report_modules();
  }
  ~process_dwarf() {
    if (dwfl_ != nullptr) dwfl_end(dwfl_);
  }
  process_dwarf(const process_dwarf&) = delete;
  process_dwarf& operator=(const process_dwarf&) = delete;

  std::vector<source_line> lines_at(Dwarf_Addr pc) {
    std::vector<source_line> lines;
    if (dwfl_ == nullptr) return lines;
    Dwfl_Module* module = dwfl_addrmodule(dwfl_, pc);
    if (module == nullptr) {  // loaded since the modules were read (dlopen)
      report_modules();
      module = dwfl_addrmodule(dwfl_, pc);
    }
    if (module == nullptr) return lines;
    Dwarf_Addr bias = 0;
    Dwarf_Die cu_die;
    Dwarf_Die* cu = compile_unit_at(module, pc, bias, cu_die);
    if (cu == nullptr) return lines;
    Dwarf_Line* line = dwarf_getsrc_die(cu, pc - bias);
    if (line == nullptr) return lines;
    int number = 0;
    const char* file = dwarf_linesrc(line, nullptr, nullptr);
    if (file == nullptr || dwarf_lineno(line, &number) != 0 || number <= 0) return lines;
    int column = 0;
    dwarf_linecol(line, &column);
    lines.push_back(source_line{file, number, 0, column});
    // The inlined calls around the instruction, innermost first: each one's call site is the next line
    // out. dwarf_getscopes gives the innermost scope (followed by its abstract origin's, for name
    // lookup); the DIEs that contain that scope in the code's own tree are the chain of inlined calls
    // (as eu-addr2line -i finds them).
    Dwarf_Files* files = nullptr;
    std::size_t file_count = 0;
    if (dwarf_getsrcfiles(cu, &files, &file_count) != 0) files = nullptr;
    const unit_scopes& unit = scopes_of(module, cu);
    for (int i = unit.innermost(pc - bias); i >= 0; i = unit.scopes[static_cast<std::size_t>(i)].parent) {
      Dwarf_Die die = unit.scopes[static_cast<std::size_t>(i)].die;
      if (dwarf_tag(&die) != DW_TAG_inlined_subroutine) continue;
      Dwarf_Attribute attr;
      Dwarf_Word call_file = 0, call_line = 0, call_column = 0;
      if (dwarf_formudata(dwarf_attr(&die, DW_AT_call_file, &attr), &call_file) != 0 ||
          dwarf_formudata(dwarf_attr(&die, DW_AT_call_line, &attr), &call_line) != 0 || call_line == 0)
        continue;
      const char* name = files != nullptr && call_file < file_count ? dwarf_filesrc(files, call_file, nullptr, nullptr) : nullptr;
      dwarf_formudata(dwarf_attr(&die, DW_AT_call_column, &attr), &call_column);  // optional
      if (name != nullptr) lines.push_back(source_line{name, static_cast<int>(call_line), 0, static_cast<int>(call_column)});
    }
    return lines;
  }

 private:
  // The DIEs of one compile unit that hold code (functions, inlined calls, blocks), each with the nearest
  // such DIE around it: one walk of the unit, then each address is a scan of ranges. (libdw's
  // dwarf_getscopes and dwarf_getscopes_die walk the unit for every address, twice; clang writes no
  // DW_AT_sibling, so every step over a type walks all its members: tens of milliseconds an address in a
  // unit of many templates, paid by every barrier whose call the compiler copied.)
  struct unit_scopes {
    struct scope {
      Dwarf_Die die;
      int parent;  // index of the enclosing scope; -1: none
      std::vector<std::pair<Dwarf_Addr, Dwarf_Addr>> ranges;
      int depth;
    };
    std::vector<scope> scopes;  // in the walk's order: a scope before the scopes inside it

    // The innermost scope holding pc (the deepest; the first found among equals); -1: none.
    int innermost(Dwarf_Addr pc) const {
      int best = -1;
      for (std::size_t i = 0; i < scopes.size(); ++i) {
        const scope& s = scopes[i];
        if (best >= 0 && s.depth <= scopes[static_cast<std::size_t>(best)].depth) continue;
        for (const auto& [low, high] : s.ranges)
          if (pc >= low && pc < high) {
            best = static_cast<int>(i);
            break;
          }
      }
      return best;
    }
  };

  // The walk goes through every DIE that holds code and every DIE that can hold a function: with full
  // debug information (-g) GCC puts a local class's member functions - the call operator of a kernel
  // lambda written in a function, and what is inlined into it - inside the enclosing function's DIE,
  // whose own code does not hold them (-g1 puts them at the top).
  static void add_scopes(Dwarf_Die* die, int parent, int depth, unit_scopes& unit) {
    Dwarf_Die child;
    if (dwarf_child(die, &child) != 0) return;
    do {
      int here = parent;
      std::vector<std::pair<Dwarf_Addr, Dwarf_Addr>> ranges;
      Dwarf_Addr base = 0, low = 0, high = 0;
      for (std::ptrdiff_t offset = 0; (offset = dwarf_ranges(&child, offset, &base, &low, &high)) > 0;)
        ranges.emplace_back(low, high);
      if (!ranges.empty()) {
        here = static_cast<int>(unit.scopes.size());
        unit.scopes.push_back(unit_scopes::scope{child, parent, std::move(ranges), depth});
      }
      switch (dwarf_tag(&child)) {
        case DW_TAG_subprogram:
        case DW_TAG_inlined_subroutine:
        case DW_TAG_lexical_block:
        case DW_TAG_namespace:
        case DW_TAG_class_type:
        case DW_TAG_structure_type:
        case DW_TAG_union_type:
          add_scopes(&child, here, depth + 1, unit);
          break;
        default:
          if (here != parent) add_scopes(&child, here, depth + 1, unit);
          break;
      }
    } while (dwarf_siblingof(&child, &child) == 0);
  }

  const unit_scopes& scopes_of(Dwfl_Module* module, Dwarf_Die* cu) {
    const auto key = std::make_pair(module, dwarf_dieoffset(cu));
    auto it = units_.find(key);
    if (it == units_.end()) {
      unit_scopes unit;
      add_scopes(cu, -1, 0, unit);
      it = units_.emplace(key, std::move(unit)).first;
    }
    return it->second;
  }

  // The compile unit holding `pc`. libdwfl finds it through .debug_aranges, which only some compilers
  // write (g++ does, clang does not): in a module that mixes them, the units without an entry there are
  // found by their own address ranges.
  static Dwarf_Die* compile_unit_at(Dwfl_Module* module, Dwarf_Addr pc, Dwarf_Addr& bias, Dwarf_Die& storage) {
    if (Dwarf_Die* cu = dwfl_module_addrdie(module, pc, &bias)) return cu;
    Dwarf* dwarf = dwfl_module_getdwarf(module, &bias);
    if (dwarf == nullptr) return nullptr;
    Dwarf_Off offset = 0, next = 0;
    std::size_t header_size = 0;
    while (dwarf_nextcu(dwarf, offset, &next, &header_size, nullptr, nullptr, nullptr) == 0) {
      if (dwarf_offdie(dwarf, offset + header_size, &storage) != nullptr && dwarf_haspc(&storage, pc - bias) > 0) return &storage;
      offset = next;
    }
    return nullptr;
  }

  void report_modules() {
    if (dwfl_ == nullptr) return;
    units_.clear();  // their DIEs point into modules the report may drop (a library dlclose'd since)
    dwfl_report_begin(dwfl_);
    dwfl_linux_proc_report(dwfl_, getpid());
    dwfl_report_end(dwfl_, nullptr, nullptr);
  }

  std::map<std::pair<Dwfl_Module*, Dwarf_Off>, unit_scopes> units_;  // by module and unit
  Dwfl_Callbacks callbacks_{};
  char* debuginfo_path_ = nullptr;
  Dwfl* dwfl_ = nullptr;
};

std::mutex code_mutex;

// The data symbols (objects and TLS) an ELF file defines, from its symbol tables (.symtab and .dynsym).
// False when the file cannot be read as ELF.
bool read_data_symbols(const std::string& path, std::vector<data_symbol>& out) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  elf_version(EV_CURRENT);
  Elf* elf = elf_begin(fd, ELF_C_READ_MMAP, nullptr);
  if (elf == nullptr || elf_kind(elf) != ELF_K_ELF) {
    if (elf != nullptr) elf_end(elf);
    close(fd);
    return false;
  }
  for (Elf_Scn* section = elf_nextscn(elf, nullptr); section != nullptr; section = elf_nextscn(elf, section)) {
    GElf_Shdr header;
    if (gelf_getshdr(section, &header) == nullptr) continue;
    if ((header.sh_type != SHT_SYMTAB && header.sh_type != SHT_DYNSYM) || header.sh_entsize == 0) continue;
    Elf_Data* data = elf_getdata(section, nullptr);
    if (data == nullptr) continue;
    const std::size_t count = header.sh_size / header.sh_entsize;
    for (std::size_t i = 0; i < count; ++i) {
      GElf_Sym symbol;
      if (gelf_getsym(data, static_cast<int>(i), &symbol) == nullptr) continue;
      const int type = GELF_ST_TYPE(symbol.st_info);
      if ((type != STT_OBJECT && type != STT_TLS) || symbol.st_shndx == SHN_UNDEF) continue;
      const char* name = elf_strptr(elf, header.sh_link, symbol.st_name);
      if (name == nullptr || *name == '\0') continue;
      out.push_back(data_symbol{static_cast<std::size_t>(symbol.st_value), static_cast<std::size_t>(symbol.st_size), type == STT_TLS,
                                short_name(demangle(name))});
    }
  }
  elf_end(elf);
  close(fd);
  return true;
}

}  // namespace

code_frames frames_at(const void* return_address, bool counted) {
  static std::unordered_map<const void*, code_frames> cache;
  static std::unordered_map<const void*, bool> failure_counted;  // addresses without lines: counted yet?
  std::lock_guard g(code_mutex);
  const auto count_failure = [&](const code_frames& f) {
    if (!f.lines.empty() || !counted) return;
    if (bool& done = failure_counted[return_address]; !done) {
      done = true;
      failures.fetch_add(1, std::memory_order_relaxed);
    }
  };
  if (auto it = cache.find(return_address); it != cache.end()) {
    count_failure(it->second);
    return it->second;
  }
  code_frames result;
  result.module = source_line{"<unknown>", 0, 0};
  Dl_info info{};
  if (dladdr(return_address, &info) != 0 && info.dli_fname != nullptr) {
    // One byte back from the return address is inside the calling instruction.
    result.module = source_line{info.dli_fname, 0,
                                reinterpret_cast<std::uintptr_t>(return_address) - 1 - reinterpret_cast<std::uintptr_t>(info.dli_fbase)};
    // On a thread of its own: a lookup may come from a kernel thread's fiber (a barrier comparing its
    // callers), whose stack (64 KiB by default) is too small for libdw's line-table reader.
    const auto pc = reinterpret_cast<Dwarf_Addr>(return_address) - 1;
    std::thread([&] {
      static process_dwarf dwarf;
      result.lines = dwarf.lines_at(pc);
    }).join();
  }
  count_failure(result);
  return cache.emplace(return_address, std::move(result)).first->second;
}

std::optional<data_symbol> data_symbol_at(const std::string& module, std::size_t value, bool tls) {
  static std::mutex m;
  static std::map<std::string, std::vector<data_symbol>> cache;
  std::lock_guard g(m);
  auto it = cache.find(module);
  if (it == cache.end()) {
    std::vector<data_symbol> symbols;
    if (!read_data_symbols(module, symbols)) failures.fetch_add(1, std::memory_order_relaxed);
    it = cache.emplace(module, std::move(symbols)).first;
  }
  for (const data_symbol& s : it->second)
    if (s.tls == tls && value >= s.value && value < s.value + (s.size == 0 ? 1 : s.size)) return s;
  return std::nullopt;
}

std::uint64_t symbolization_failures() noexcept { return failures.load(std::memory_order_relaxed); }

}  // namespace tessera::emulator::detail
