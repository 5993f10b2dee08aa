// What every emulator benchmark shares: naming the machine it ran on, and timing with medians.
//
// Timing is plain std::chrono::steady_clock. A benchmark times each of its variants (the emulator and
// its baseline) once per round, alternating, for several rounds, and reports medians: load from other
// processes that comes and goes then hits both sides of a ratio alike.
#pragma once

#include <algorithm>
#include <chrono>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace bench {

// "AMD EPYC, 2 cores, 2 hardware threads, load average 0.50": the CPU model and its core count from
// /proc/cpuinfo, and the load when the benchmark started (on a shared machine, a reason to trust the
// ratios more than the absolute times).
inline std::string machine() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, model = "unknown CPU", physical = "0";
  std::set<std::string> cores;
  while (std::getline(cpuinfo, line)) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (line.rfind("model name", 0) == 0 && model == "unknown CPU") model = value;
    else if (line.rfind("physical id", 0) == 0) physical = value;
    else if (line.rfind("core id", 0) == 0) cores.insert(physical + "/" + value);
  }
  std::string text = model + ", ";
  if (!cores.empty()) text += std::to_string(cores.size()) + " cores, ";
  text += std::to_string(std::thread::hardware_concurrency()) + " hardware threads";
  std::ifstream loadavg("/proc/loadavg");
  std::string load;
  if (loadavg >> load) text += ", load average " + load;
  return text;
}

// "g++ 12.2.0, RelWithDebInfo, CUDA found, native fiber switch": what built this benchmark. The
// emulator's speed must not depend on it (bench/README.md), so every result names it. The build facts
// come from bench/CMakeLists.txt.
inline std::string build() {
#if defined(__clang__)
  std::string text = "clang " + std::string(__clang_version__);
#elif defined(__GNUC__)
  std::string text = "g++ " + std::string(__VERSION__);
#else
  std::string text = "unknown compiler";
#endif
#ifdef TESSERA_BENCH_BUILD_TYPE
  text += std::string(", ") + (TESSERA_BENCH_BUILD_TYPE[0] != '\0' ? TESSERA_BENCH_BUILD_TYPE : "no build type");
#endif
#ifdef TESSERA_BENCH_CUDA
  text += TESSERA_BENCH_CUDA ? ", CUDA found" : ", no CUDA";
#endif
#ifdef TESSERA_BENCH_FIBER_SWITCH
  text += std::string(", ") + TESSERA_BENCH_FIBER_SWITCH + " fiber switch";
#endif
  return text;
}

// Seconds one call of f takes.
template <class F>
double seconds(F&& f) {
  const auto a = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace bench
