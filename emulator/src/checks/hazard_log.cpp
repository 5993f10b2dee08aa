#include "hazard_log.hpp"

#include "../code_sites.hpp"
#include "cross_tile_table.hpp"

#include <tessera/kernel_failures.hpp>

#include <algorithm>
#include <atomic>
#include <set>
#include <vector>

namespace tessera::emulator::detail {
namespace {

thread_local hazard_log* current_log = nullptr;

const char* access_name(access_kind a) { return a == access_kind::read ? "read" : a == access_kind::write ? "write" : "atomic"; }

std::string interval_text(const raw_hazard& h) {
  if (h.interval < 0) return "";
  return "interval " + std::to_string(h.interval) + " of the tile, " +
         (h.barrier.file == nullptr ? std::string("from the start of the kernel")
                                    : "since the barrier at " + std::string(h.barrier.file) + ":" + std::to_string(h.barrier.line));
}

// What the finding means and how to fix it, after the accesses.
std::string explanation(const raw_hazard& h) {
  switch (h.kind) {
    case hazard_kind::uninitialized: return " before any thread of the tile wrote it (TS-4)";
    case hazard_kind::over_budget:
      return ": the tile's tile_static accesses span more than the model's 32768 bytes (TS-7; an estimate from the lowest "
             "and highest byte touched)";
    case hazard_kind::cross_tile:
      return ": nothing orders two tiles of a launch (BAR-11); give each tile its own elements or use atomics";
    case hazard_kind::cross_thread:
      return ": nothing orders the threads of a non-tiled launch; give each thread its own elements or use atomics";
    case hazard_kind::host_memory:
      return ": kernel code may only reach memory through arrays and array_views it captures (a GPU cannot address "
             "host memory); capture an array_view over it, by value";
    case hazard_kind::spin_wait:
      return h.hung ? ": the thread polls this memory without a barrier and nothing can change it any more (no "
                      "thread changed it in 8 scheduler rounds, and every other thread that could is parked at a "
                      "barrier, finished or waiting too), a hang (threads have no forward-progress guarantee "
                      "without a barrier); use tile_barrier::wait to wait for other threads"
                    : ": the thread polled this memory without a barrier until another thread changed it, which "
                      "only happened because the emulator let the other thread run (threads have no "
                      "forward-progress guarantee without a barrier); use tile_barrier::wait";
    default:
      return " in the same barrier interval (nothing orders them); separate them with a barrier whose fence covers "
             "this memory, or make both atomic";
  }
}

}  // namespace

hazard_log* hazard_log::current() noexcept { return current_log; }

// A worker counts as one running task of the launch for as long as it runs a share of its tiles or points:
// counted per share, not per tile, because a shared counter written for every tile of a small-tile
// launch is a cache line that every worker fights over (it capped the scaling of 16 workers).
hazard_log::scope::scope(hazard_log* log) noexcept : previous_(current_log) {
  current_log = log;
  if (log != nullptr) log->running_.fetch_add(1, std::memory_order_relaxed);
}
hazard_log::scope::~scope() {
  if (current_log != nullptr) current_log->running_.fetch_sub(1, std::memory_order_relaxed);
  current_log = previous_;
}

hazard_log::hazard_log(const launch_memory& launch, bool tiled, thread_namer names, std::uint64_t seed, check_config config)
    : launch_(launch), tiled_(tiled), names_(std::move(names)), seed_(seed), config_(config),
      tiles_(std::make_unique<cross_tile_table>()) {
  static std::atomic<std::uint64_t> launches{0};
  id_ = ++launches;
}
hazard_log::~hazard_log() = default;

void hazard_log::record(const raw_hazard& h) {
  std::lock_guard g(mutex_);
  const auto key = std::make_tuple(static_cast<int>(h.kind), h.first_pc, h.second_pc);
  auto it = by_sites_.find(key);
  // A spin-wait that ended in a hang is kept over one that did not at the same line (a wait that was
  // satisfied once and then hung is a hang); otherwise the lowest tile's, so the order tiles ran in does
  // not matter.
  if (it == by_sites_.end()) {
    by_sites_.emplace(key, h);
    return;
  }
  raw_hazard& kept = it->second;
  const std::array<const void*, 10> callers = kept.first_caller_count > 0 ? kept.first_callers : h.first_callers;
  const int caller_count = std::max(kept.first_caller_count, h.first_caller_count);
  if (std::make_tuple(!h.hung, h.tile, h.offset, h.first_thread, h.second_thread) <
      std::make_tuple(!kept.hung, kept.tile, kept.offset, kept.first_thread, kept.second_thread))
    kept = h;
  // The same access has the same callers, whichever worker saw it first and captured them.
  if (kept.first_caller_count == 0) {
    kept.first_callers = callers;
    kept.first_caller_count = caller_count;
  }
}

void hazard_log::note_tile_static_modules(const memory_map& map) {
  std::call_once(modules_once_, [&] { tile_static_modules_ = map.tile_static_modules(); });
}

std::string hazard_log::location_of(const raw_hazard& h) const {
  switch (h.memory) {
    case memory_class::tile_static:
      return name_tile_static(tile_static_modules_, h.unit, h.offset);
    case memory_class::global: return name_global(launch_, h.unit, h.offset);
    default: return name_host(h.unit);
  }
}

namespace {

// The first access's line: its own, or, when that lies in library code, the first caller's that is the user's.
std::string site_of_first(const raw_hazard& h) {
  if (h.first_caller_count > 0) {
    std::vector<const void*> stack{h.first_pc};
    stack.insert(stack.end(), h.first_callers.begin(), h.first_callers.begin() + h.first_caller_count);
    if (std::string user = first_user_site(stack); !user.empty()) return user;
  }
  return code_site(h.first_pc);
}

}  // namespace

std::exception_ptr hazard_log::report(std::int64_t stopped_tile) {
  if (stopped_tile < 0 && config_.enabled.has(check::global_races))
    tiles_->report_into(*this, launch_, tiled_ ? hazard_kind::cross_tile : hazard_kind::cross_thread);
  std::lock_guard g(mutex_);
  std::vector<raw_hazard> all;
  for (const auto& [key, h] : by_sites_)
    if (stopped_tile < 0 || h.tile == stopped_tile) all.push_back(h);
  if (all.empty()) return nullptr;
  struct entry {
    hazard_detected::hazard out;
    const raw_hazard* raw;
  };
  std::vector<entry> entries;
  for (const auto& h : all) {
    hazard_detected::hazard out;
    out.kind = name_of(h.kind);
    out.memory = h.memory == memory_class::global ? "global" : h.memory == memory_class::tile_static ? "tile_static" : "host";
    out.offset = h.offset;
    out.location = location_of(h);
    out.interval = interval_text(h);
    out.first = {site_of_first(h), names_(h.tile, h.first_thread), access_name(h.first_access)};
    if (h.second_pc != nullptr)
      out.second = {code_site(h.second_pc), names_(h.second_tile >= 0 ? h.second_tile : h.tile, h.second_thread),
                    access_name(h.second_access)};
    entries.push_back(entry{std::move(out), &h});
  }
  // Deterministic order: by kind, then by the sites' text (addresses differ from build to build).
  std::sort(entries.begin(), entries.end(), [](const entry& x, const entry& y) {
    const auto& a = x.out;
    const auto& b = y.out;
    return std::tie(a.kind, a.first.site, a.second.site, a.first.thread, a.offset) <
           std::tie(b.kind, b.first.site, b.second.site, b.first.thread, b.offset);
  });
  // One finding per kind and pair of source lines: several instructions of one line (or the two orders
  // of one pair) are one problem to the reader. The first in the order above stands for them.
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  std::erase_if(entries, [&](const entry& e) {
    const auto& [a, b] = std::minmax(e.out.first.site, e.out.second.site);
    return !seen.emplace(e.out.kind, a, b).second;
  });
  // In stop mode one finding is kept: the first in that order (the launch stopped at it).
  if (config_.stop_at_first && entries.size() > 1) entries.erase(entries.begin() + 1, entries.end());
  std::string msg = std::to_string(entries.size()) + (entries.size() == 1 ? " memory hazard" : " memory hazards") +
                    " in kernel code (thread order: TESSERA_SEED=" + std::to_string(seed_) + ")" +
                    (config_.stop_at_first ? ", the launch stopped at the first:" : ":");
  std::vector<hazard_detected::hazard> hazards;
  for (const entry& e : entries) {
    const auto& h = e.out;
    msg += "\n  " + h.kind + " on " + h.location + ": " + h.first.kind + " at " + h.first.site + " by " + h.first.thread;
    if (!h.second.site.empty()) msg += ", then " + h.second.kind + " at " + h.second.site + " by " + h.second.thread;
    if (!h.interval.empty()) msg += ", in " + h.interval;
    msg += explanation(*e.raw);
    hazards.push_back(h);
  }
  return std::make_exception_ptr(hazard_detected(msg, std::move(hazards)));
}

}  // namespace tessera::emulator::detail
