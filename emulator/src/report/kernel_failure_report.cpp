#include "kernel_failure_report.hpp"

#include "code_sites.hpp"
#include "thread_names.hpp"

#include <tessera/kernel_failures.hpp>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <typeinfo>

namespace tessera::emulator::detail {
namespace {

std::string demangled(const std::type_info& t) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(t.name(), nullptr, nullptr, &status), std::free);
  return status == 0 && name ? name.get() : t.name();
}

// The tile_barrier member a thread called, as the user wrote it.
const char* barrier_call(memory_scope s) {
  switch (s) {
    case memory_scope::all_memory: return "wait";
    case memory_scope::global_memory: return "wait_with_global_memory_fence";
    case memory_scope::tile_static_memory: return "wait_with_tile_static_memory_fence";
  }
  return "wait";
}

std::string place(const source_line& where, bool column) {
  return column && where.column > 0 ? where.text() + ":" + std::to_string(where.column) : where.text();
}

// "kernels.cpp:4 (wait)", "kernels.cpp:4:7 (wait) called from kernels.cpp:9:5", or "end of kernel".
std::string stop_site(const thread_stop& s) {
  if (s.at_end) return "end of kernel";
  std::string site = place(s.call, s.name_column) + " (" + barrier_call(s.scope) + ")";
  for (std::size_t c = 0; c < s.callers.size(); ++c) site += (c == 0 ? " called from " : " < ") + place(s.callers[c], true);
  if (!s.rounds.empty()) site += " in " + s.rounds;
  return site;
}

}  // namespace

std::exception_ptr divergence_error(const tiled_launch& l, std::int64_t tile, const std::vector<thread_stop>& threads) {
  std::vector<barrier_divergence::group> groups;
  for (std::size_t i = 0; i < threads.size(); ++i) {
    const std::string site = stop_site(threads[i]);
    std::size_t g = 0;
    while (g < groups.size() && groups[g].site != site) ++g;
    if (g == groups.size()) groups.push_back({site, {}});
    groups[g].locals.push_back(local_name(l, static_cast<int>(i)));
  }
  const std::string tile_text = tile_name(l, tile);
  std::string msg = "barrier divergence in tile " + tile_text + " (BAR-6): the threads of a tile must all reach the same barrier";
  for (const auto& g : groups) {
    msg += "\n  " + std::to_string(g.locals.size()) + (g.locals.size() == 1 ? " thread " : " threads ") +
           (g.site == "end of kernel" ? std::string("reached the end of the kernel") : "wait at " + g.site) + ": local";
    const std::size_t shown = g.locals.size() < 16 ? g.locals.size() : 16;
    for (std::size_t k = 0; k < shown; ++k) msg += " " + g.locals[k];
    if (shown < g.locals.size()) msg += " ... and " + std::to_string(g.locals.size() - shown) + " more";
  }
  msg += "\n  fix: make every condition, loop bound and early return around a barrier the same for all threads of a tile";
  return std::make_exception_ptr(barrier_divergence(msg, tile_text, std::move(groups)));
}

std::exception_ptr kernel_threw(std::exception_ptr thrown, const std::string& where) {
  try {
    std::rethrow_exception(thrown);
  } catch (const out_of_bounds& e) {
    const std::string site = first_user_site(e.call_stack());
    return std::make_exception_ptr(
        out_of_bounds(std::string(e.what()) + (site.empty() ? "" : " at " + site) + " (" + where + ")", e.call_stack()));
  } catch (const std::exception& e) {
    return std::make_exception_ptr(
        kernel_exception("kernel code threw " + demangled(typeid(e)) + ": " + e.what() + " (" + where + "); the original is nested"));
  } catch (...) {
    return std::make_exception_ptr(kernel_exception("kernel code threw a non-standard exception (" + where + "); the original is nested"));
  }
}

std::exception_ptr stack_overflow_error(const tiled_launch& l, std::int64_t tile, int local, std::size_t stack_bytes) {
  return std::make_exception_ptr(stack_overflow(
      "stack overflow in kernel code (" + thread_description(l, tile, local) + "): each emulated thread has " +
      std::to_string(stack_bytes / 1024) +
      " KiB of stack; move large local arrays to tile_static or global memory, or raise TESSERA_STACK_SIZE"));
}

}  // namespace tessera::emulator::detail
