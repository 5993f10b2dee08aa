#include "hazard_log.hpp"

#include "cross_tile_table.hpp"

#include "../thread_names.hpp"

#include <tessera/kernel_failures.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <unordered_map>
#include <vector>

namespace tessera::emulator::detail {
namespace {

std::atomic<hazard_log*> current_log{nullptr};

const char* access_name(int a) { return a == 0 ? "read" : a == 1 ? "write" : "atomic"; }

}  // namespace

hazard_log* hazard_log::current() noexcept { return current_log.load(std::memory_order_acquire); }

hazard_log::hazard_log(const tiled_launch& launch, std::uint64_t seed)
    : launch_(launch), seed_(seed), tiles_(std::make_unique<cross_tile_table>()) { current_log.store(this, std::memory_order_release); }
hazard_log::~hazard_log() { current_log.store(nullptr, std::memory_order_release); }

void hazard_log::record(const raw_hazard& h) {
  std::lock_guard g(mutex_);
  const auto key = std::make_tuple(h.kind, h.first_pc, h.second_pc);
  auto it = by_sites_.find(key);
  if (it == by_sites_.end()) by_sites_.emplace(key, h);
  else if (std::tie(h.tile, h.offset, h.first_thread, h.second_thread) <
           std::tie(it->second.tile, it->second.offset, it->second.first_thread, it->second.second_thread))
    it->second = h;
}

std::exception_ptr hazard_log::report() {
  tiles_->report_into(*this, launch_);
  std::lock_guard g(mutex_);
  if (by_sites_.empty()) return nullptr;
  std::vector<raw_hazard> all;
  for (const auto& [key, h] : by_sites_) all.push_back(h);
  std::vector<hazard_detected::hazard> hazards;
  for (const auto& h : all) {
    hazard_detected::hazard out;
    out.kind = kind_names[h.kind];
    out.memory = h.memory == global ? "global" : "tile_static";
    out.offset = h.offset;
    out.first = {symbolize(h.first_pc), thread_description(launch_, h.tile, h.first_thread), access_name(h.first_access)};
    if (h.second_pc != nullptr)
      out.second = {symbolize(h.second_pc), thread_description(launch_, h.second_tile >= 0 ? h.second_tile : h.tile, h.second_thread),
                    access_name(h.second_access)};
    hazards.push_back(std::move(out));
  }
  // Deterministic order: by kind, then by the sites' text (addresses differ from build to build).
  std::sort(hazards.begin(), hazards.end(), [](const auto& a, const auto& b) {
    return std::tie(a.kind, a.first.site, a.second.site, a.first.thread) < std::tie(b.kind, b.first.site, b.second.site, b.first.thread);
  });
  std::string msg = std::to_string(hazards.size()) + (hazards.size() == 1 ? " memory hazard" : " memory hazards") +
                    " in kernel code (thread order: TESSERA_SEED=" + std::to_string(seed_) + "):";
  for (const auto& h : hazards) {
    msg += "\n  " + h.kind + " on " + h.memory + " memory (byte " + std::to_string(h.offset) + "): " + h.first.kind + " at " +
           h.first.site + " by " + h.first.thread;
    if (!h.second.site.empty()) msg += ", and " + h.second.kind + " at " + h.second.site + " by " + h.second.thread;
    if (h.kind == "uninitialized read") msg += " before any thread of the tile wrote it";
    else if (h.kind == "tile_static over budget")
      msg += ": the tile's tile_static accesses span more than the model's 32768 bytes (TS-7; an estimate from "
             "the lowest and highest byte touched)";
    else if (h.kind == "race between tiles") msg += ": nothing orders two tiles of a launch (only atomics may share)";
    else msg += " in the same barrier interval (nothing orders them)";
  }
  msg += "\n  fix: within a tile, separate the accesses with a barrier whose fence covers that memory; across "
         "tiles, give each tile its own elements or use atomics";
  return std::make_exception_ptr(hazard_detected(msg, std::move(hazards)));
}

std::string symbolize(const void* pc) {
  static std::mutex m;
  static std::unordered_map<const void*, std::string> cache;
  std::lock_guard g(m);
  if (auto it = cache.find(pc); it != cache.end()) return it->second;
  std::string result = "<unknown>";
  Dl_info info{};
  if (dladdr(pc, &info) != 0 && info.dli_fname != nullptr) {
    // The return address follows the hook's call; one byte back is inside the access's instruction.
    const auto offset = reinterpret_cast<std::uintptr_t>(pc) - 1 - reinterpret_cast<std::uintptr_t>(info.dli_fbase);
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%zx", static_cast<std::size_t>(offset));
    result = std::string(info.dli_fname) + "+" + hex;
    const std::string command = std::string("addr2line -e '") + info.dli_fname + "' " + hex + " 2>/dev/null";
    if (FILE* p = popen(command.c_str(), "r")) {
      char line[4096];
      if (std::fgets(line, sizeof line, p) != nullptr && line[0] != '?') {
        std::string s(line);
        while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
        if (auto d = s.find(" (discriminator"); d != std::string::npos) s.erase(d);
        result = s;
      }
      pclose(p);
    }
  }
  cache.emplace(pc, result);
  return result;
}

}  // namespace tessera::emulator::detail
