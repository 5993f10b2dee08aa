#include "hazard_log.hpp"

#include "../report/hazard_report.hpp"
#include "check_pack.hpp"
#include "cross_tile_table.hpp"

#include <algorithm>
#include <atomic>

namespace tessera::emulator::detail {
// A worker counts as one running task of the launch for as long as it runs a share of its tiles or points:
// counted per share, not per tile, because a shared counter written for every tile of a small-tile
// launch is a cache line that every worker fights over (it capped the scaling of 16 workers). The
// accesses the checks saw in the share are added to the launch at its end, for the same reason.
hazard_log::share::share(hazard_log& log) noexcept : log_(log) { log_.running_.fetch_add(1, std::memory_order_relaxed); }
hazard_log::share::~share() {
  log_.running_.fetch_sub(1, std::memory_order_relaxed);
  if (accesses_ != 0) log_.accesses_.fetch_add(accesses_, std::memory_order_relaxed);
}

hazard_log::hazard_log(const launch_memory& launch, bool tiled, thread_namer names, std::uint64_t seed, check_config config)
    : launch_(launch), tiled_(tiled), names_(std::move(names)), seed_(seed), config_(config),
      tiles_(std::make_unique<cross_tile_table>(launch)) {
  static std::atomic<std::uint64_t> launches{0};
  id_ = ++launches;
}
hazard_log::~hazard_log() = default;

void hazard_log::record(const finding& f) {
  std::lock_guard g(mutex_);
  ++recorded_;
  const auto key = std::make_tuple(static_cast<int>(f.kind), f.first_pc, f.second_pc);
  auto it = by_sites_.find(key);
  // A spin-wait that ended in a hang is kept over one that did not at the same line (a wait that was
  // satisfied once and then hung is a hang); otherwise the lowest tile's, so the order tiles ran in does
  // not matter.
  if (it == by_sites_.end()) {
    by_sites_.emplace(key, f);
    return;
  }
  finding& kept = it->second;
  const std::array<const void*, 10> callers = kept.first_caller_count > 0 ? kept.first_callers : f.first_callers;
  const int caller_count = std::max(kept.first_caller_count, f.first_caller_count);
  if (std::make_tuple(!f.hung, f.tile, f.offset, f.first_thread, f.second_thread) <
      std::make_tuple(!kept.hung, kept.tile, kept.offset, kept.first_thread, kept.second_thread))
    kept = f;
  // The same access has the same callers, whichever worker saw it first and captured them.
  if (kept.first_caller_count == 0) {
    kept.first_callers = callers;
    kept.first_caller_count = caller_count;
  }
}

void hazard_log::note_tile_static_modules(const memory_map& map) {
  std::call_once(modules_once_, [&] { tile_static_modules_ = map.tile_static_modules(); });
}

void hazard_log::end_launch_checks() {
  if (launch_checks_ended_) return;
  launch_checks_ended_ = true;
  for_each_check_type([&]<class Check>() {
    if (config_.enabled.has(check_of<Check>::value)) Check::on_launch_end(*this);
  });
}

void hazard_log::absorb(hazard_log& other) {
  other.end_launch_checks();
  std::vector<finding> theirs;
  std::uint64_t merged = 0;
  {
    std::lock_guard g(other.mutex_);
    for (const auto& [key, f] : other.by_sites_) theirs.push_back(f);
    merged = other.recorded_ - other.by_sites_.size();
  }
  for (const finding& f : theirs) record(f);
  std::lock_guard g(mutex_);
  recorded_ += merged;
  accesses_.fetch_add(other.accesses_.load(std::memory_order_relaxed), std::memory_order_relaxed);
}

std::exception_ptr hazard_log::report(std::int64_t stopped_tile) {
  if (stopped_tile < 0) end_launch_checks();
  std::lock_guard g(mutex_);
  std::vector<finding> kept;
  for (const auto& [key, f] : by_sites_)
    if (stopped_tile < 0 || f.tile == stopped_tile) kept.push_back(f);
  const report_input in{launch_, tile_static_modules_, names_, seed_, orders_, config_.stop_at_first};
  hazard_report out = make_hazard_report(kept, in);
  report_made_ = true;
  reported_ = out.reported;
  symbolization_failures_ = out.symbolization_failures;
  return out.error;
}

check_counters hazard_log::counters() const noexcept {
  std::lock_guard g(mutex_);
  check_counters c;
  c.launches = 1;
  c.accesses = accesses_.load(std::memory_order_relaxed);
  c.findings = reported_;
  c.merged = report_made_ ? recorded_ - reported_ : 0;
  c.symbolization_failures = symbolization_failures_;
  return c;
}

}  // namespace tessera::emulator::detail
