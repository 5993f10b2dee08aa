#include "hazard_report.hpp"

#include "code_sites.hpp"
#include "symbolizer.hpp"

#include <tessera/emulator/hazards_json.hpp>

#include <nlohmann/json.hpp>

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <set>
#include <tuple>

namespace tessera::emulator::detail {
namespace {

// --- the memory a finding is about ----------------------------------------------------------------

std::string demangle(const char* name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> d(abi::__cxa_demangle(name, nullptr, nullptr, &status), std::free);
  return status == 0 && d ? d.get() : name;
}

// The main program's file (dl_iterate_phdr and the link map name it "").
std::string executable_path() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

// "tile_static `s`, byte 12": the TLS symbol of modules[module] at that offset, when the module has a
// symbol table.
std::string name_tile_static(const std::vector<std::string>& modules, std::size_t module, std::size_t offset) {
  if (module < modules.size())
    if (const auto s = data_symbol_at(modules[module], offset, true))
      return "tile_static `" + s->name + "`, byte " + std::to_string(offset - s->value);
  return "tile_static storage, byte " + std::to_string(offset);
}

// "element 5 of captured view 2 (tessera::array_view<float, 1>)"
std::string name_global(const launch_memory& launch, std::size_t view, std::size_t offset) {
  if (view >= launch.global_count) return "global memory, byte " + std::to_string(offset);
  const auto& g = launch.globals[view];
  const std::size_t element = g.element_bytes == 0 ? offset : offset / g.element_bytes;
  return "element " + std::to_string(element) + " of captured view " + std::to_string(view + 1) + " (" + demangle(g.view_type->name()) +
         ")";
}

// "host memory (global variable `counter`)" or "host memory (the heap or a host thread's stack)"
std::string name_host(std::uintptr_t address) {
  // No address in the text: it changes from run to run, and reports must not.
  const std::string name = "host memory";
  Dl_info info{};
  link_map* module = nullptr;
  if (dladdr1(reinterpret_cast<void*>(address), &info, reinterpret_cast<void**>(&module), RTLD_DL_LINKMAP) != 0 &&
      module != nullptr) {
    const std::string path = module->l_name != nullptr && module->l_name[0] != '\0' ? module->l_name : executable_path();
    if (const auto s = data_symbol_at(path, address - module->l_addr, false)) return name + " (global variable `" + s->name + "`)";
  }
  return name + " (the heap or a host thread's stack)";
}

std::string location_of(const finding& f, const report_input& in) {
  switch (f.memory) {
    case memory_class::tile_static: return name_tile_static(in.tile_static_modules, f.unit, f.offset);
    case memory_class::global: return name_global(in.launch, f.unit, f.offset);
    default: return name_host(f.unit);
  }
}

memory_space space_of(memory_class m) {
  return m == memory_class::global ? memory_space::global_memory
         : m == memory_class::tile_static ? memory_space::tile_static_memory
                                          : memory_space::host_memory;
}

// --- the text ------------------------------------------------------------------------------------

std::string interval_text(int number, const source_line& barrier) {
  if (number < 0) return "";
  return "interval " + std::to_string(number) + " of the tile, " +
         (barrier.empty() ? std::string("from the start of the kernel") : "since the barrier at " + barrier.text());
}

// What the finding means and how to fix it, after the accesses.
std::string explanation(hazard_kind kind, bool hung) {
  switch (kind) {
    case hazard_kind::read_after_write:
    case hazard_kind::write_after_read:
    case hazard_kind::write_after_write:
    case hazard_kind::write_next_to_atomic:
      return " in the same barrier interval (nothing orders them); separate them with a barrier whose fence covers "
             "this memory, or make both atomic";
    case hazard_kind::uninitialized_read: return " before any thread of the tile wrote it (TS-4)";
    case hazard_kind::tile_static_over_budget:
      return ": the tile's tile_static accesses span more than the model's 32768 bytes (TS-7; an estimate from the lowest "
             "and highest byte touched)";
    case hazard_kind::race_between_tiles:
      return ": nothing orders two tiles of a launch (BAR-11); give each tile its own elements or use atomics";
    case hazard_kind::race_between_threads:
      return ": nothing orders the threads of a non-tiled launch; give each thread its own elements or use atomics";
    case hazard_kind::host_memory_access:
      return ": kernel code may only reach memory through arrays and array_views it captures (a GPU cannot address "
             "host memory); capture an array_view over it, by value";
    case hazard_kind::spin_wait:
      return hung ? ": the thread polls this memory without a barrier and nothing can change it any more (no "
                    "thread changed it in 8 scheduler rounds, and every other thread that could is parked at a "
                    "barrier, finished or waiting too), a hang (threads have no forward-progress guarantee "
                    "without a barrier); use tile_barrier::wait to wait for other threads"
                  : ": the thread polled this memory without a barrier until another thread changed it, which "
                    "only happened because the emulator let the other thread run (threads have no "
                    "forward-progress guarantee without a barrier); use tile_barrier::wait";
  }
  return "";
}

// Which thread orders found the findings: "thread order: TESSERA_SEED=0, 1 order tried" or "thread
// orders: TESSERA_SEED=5 to 8, 4 orders tried (TESSERA_SEEDS=4)".
std::string orders_text(std::uint64_t seed, unsigned orders) {
  if (orders <= 1) return "thread order: TESSERA_SEED=" + std::to_string(seed) + ", 1 order tried";
  return "thread orders: TESSERA_SEED=" + std::to_string(seed) + " to " + std::to_string(seed + orders - 1) + ", " +
         std::to_string(orders) + " orders tried (TESSERA_SEEDS=" + std::to_string(orders) + ")";
}

// One line of what().
std::string line_of(const hazard_detected::hazard& h, bool hung) {
  std::string line = h.kind + " on " + h.location + ": " + h.first.kind + " at " + h.first.site + " by " + h.first.thread;
  if (h.has_second()) line += ", then " + h.second.kind + " at " + h.second.site + " by " + h.second.thread;
  if (!h.interval.empty()) line += ", in " + h.interval;
  return line + explanation(h.type, hung);
}

hazard_detected::access access_of(const source_line& line, std::string thread, access_kind op) {
  return hazard_detected::access{line.text(), std::move(thread), name_of(op), line, op};
}

// The line of a code address, and whether it had line information (else `missing` keeps it).
source_line line_at(const void* pc, const void*& missing) {
  bool found = false;
  source_line line = user_line(pc, &found);
  missing = found ? nullptr : pc;
  return line;
}

// The first access's line: its own, or, when that lies in library code, the first caller's that is the
// user's.
source_line first_line_of(const finding& f, const void*& missing) {
  if (f.first_caller_count > 0) {
    std::vector<const void*> stack{f.first_pc};
    stack.insert(stack.end(), f.first_callers.begin(), f.first_callers.begin() + f.first_caller_count);
    if (std::optional<source_line> user = first_user_line(stack)) {
      missing = nullptr;
      return *user;
    }
  }
  return line_at(f.first_pc, missing);
}

}  // namespace

hazard_report make_hazard_report(const std::vector<finding>& findings, const report_input& in) {
  hazard_report out;
  if (findings.empty()) return out;
  struct entry {
    hazard_detected::hazard h;
    bool hung;
    const void* missing[2];  // code addresses without line information
  };
  std::vector<entry> entries;
  for (const finding& f : findings) {
    hazard_detected::hazard h;
    h.type = f.kind;
    h.kind = name_of(f.kind);
    h.space = space_of(f.memory);
    h.memory = name_of(h.space);
    h.offset = f.offset;
    h.location = location_of(f, in);
    h.interval_number = f.interval;
    if (f.interval >= 0 && f.barrier.file != nullptr) h.interval_barrier = source_line{f.barrier.file, f.barrier.line};
    h.interval = interval_text(h.interval_number, h.interval_barrier);
    const void* missing[2] = {nullptr, nullptr};
    h.first = access_of(first_line_of(f, missing[0]), in.names(f.tile, f.first_thread), f.first_access);
    if (f.second_pc != nullptr)
      h.second = access_of(line_at(f.second_pc, missing[1]), in.names(f.second_tile >= 0 ? f.second_tile : f.tile, f.second_thread),
                           f.second_access);
    entries.push_back(entry{std::move(h), f.hung, {missing[0], missing[1]}});
  }
  // Deterministic order: by kind, then by the sites' text (addresses differ from build to build).
  std::sort(entries.begin(), entries.end(), [](const entry& x, const entry& y) {
    const auto& a = x.h;
    const auto& b = y.h;
    return std::tie(a.kind, a.first.site, a.second.site, a.first.thread, a.offset) <
           std::tie(b.kind, b.first.site, b.second.site, b.first.thread, b.offset);
  });
  // One finding per kind and pair of source lines: several instructions of one line (or the two orders
  // of one pair) are one problem to the reader. The first in the order above stands for them.
  std::set<std::tuple<hazard_kind, std::string, std::string>> seen;
  std::erase_if(entries, [&](const entry& e) {
    const auto& [a, b] = std::minmax(e.h.first.site, e.h.second.site);
    return !seen.emplace(e.h.type, a, b).second;
  });
  // In stop mode one finding is kept: the first in that order (the launch stopped at it).
  if (in.stop_at_first && entries.size() > 1) entries.erase(entries.begin() + 1, entries.end());
  std::string msg = std::to_string(entries.size()) + (entries.size() == 1 ? " memory hazard" : " memory hazards") +
                    " in kernel code (" + orders_text(in.seed, in.orders) + ")" +
                    (in.stop_at_first ? ", the launch stopped at the first:" : ":");
  std::vector<hazard_detected::hazard> hazards;
  std::set<const void*> missing;
  for (entry& e : entries) {
    msg += "\n  " + line_of(e.h, e.hung);
    hazards.push_back(std::move(e.h));
    for (const void* pc : e.missing)
      if (pc != nullptr) missing.insert(pc);
  }
  out.symbolization_failures = missing.size();
  if (out.symbolization_failures > 0)
    msg += "\n  note: " + std::to_string(out.symbolization_failures) +
           (out.symbolization_failures == 1 ? " code address has" : " code addresses have") +
           " no line information, so a module and offset stand for the line; build the kernels with -g "
           "(tessera_checked_kernels adds -g1)";
  out.reported = hazards.size();
  out.error = std::make_exception_ptr(hazard_detected(msg, std::move(hazards)));
  return out;
}

}  // namespace tessera::emulator::detail

namespace tessera::emulator {
namespace {

nlohmann::json access_json(const hazard_detected::access& a) {
  return {{"site", a.line.text()}, {"file", a.line.file}, {"line", a.line.line}, {"thread", a.thread}, {"access", name_of(a.op)}};
}

}  // namespace

std::string hazards_json(const hazard_detected& failure) {
  nlohmann::json out = nlohmann::json::array();
  for (const hazard_detected::hazard& h : failure.hazards())
    out.push_back({{"kind", name_of(h.type)},
                   {"memory", name_of(h.space)},
                   {"offset", h.offset},
                   {"location", h.location},
                   {"interval", h.interval},
                   {"interval_number", h.interval_number},
                   {"first", access_json(h.first)},
                   {"second", h.has_second() ? access_json(h.second) : nlohmann::json(nullptr)}});
  return out.dump();
}

}  // namespace tessera::emulator
