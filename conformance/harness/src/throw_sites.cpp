#include "throw_sites.hpp"

#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <execinfo.h>
#include <unistd.h>
#include <unwind.h>

#include <cstdlib>
#include <mutex>

namespace tessera::conformance {
namespace {

// The stacks of the first raise of the last few exception objects raised on this thread, and which of
// them was raised last: the exception leaving a case's body is always the last one raised (its first
// raise, or a `throw;` that raises it again), so its stack is the one asked for.
struct raised {
  const void* exception = nullptr;
  void* frames[48];
  int count = 0;
};
struct recorded_stacks {
  bool recording = false;
  bool rethrowing = false;  // the next raise is a `throw;` of an object raised before
  raised entries[8];
  int last = -1;  // entries[last] was raised last
  int next = 0;   // the entry a new object takes
};
thread_local recorded_stacks recorded;

// The lines of one code address, innermost first (the line, then the call line of each inlined call
// around it). libdwfl is not thread-safe: callers hold `dwarf_mutex`.
class process_lines {
 public:
  process_lines() {
    callbacks_.find_elf = dwfl_linux_proc_find_elf;
    callbacks_.find_debuginfo = dwfl_standard_find_debuginfo;
    callbacks_.debuginfo_path = &debuginfo_path_;
    dwfl_ = dwfl_begin(&callbacks_);
    if (dwfl_ == nullptr) return;
    dwfl_report_begin(dwfl_);
    dwfl_linux_proc_report(dwfl_, getpid());
    dwfl_report_end(dwfl_, nullptr, nullptr);
  }
  ~process_lines() {
    if (dwfl_ != nullptr) dwfl_end(dwfl_);
  }
  process_lines(const process_lines&) = delete;
  process_lines& operator=(const process_lines&) = delete;

  void lines_at(Dwarf_Addr pc, std::vector<std::string>& out) {
    if (dwfl_ == nullptr) return;
    Dwfl_Module* module = dwfl_addrmodule(dwfl_, pc);
    if (module == nullptr) return;
    Dwarf_Addr bias = 0;
    Dwarf_Die* cu = dwfl_module_addrdie(module, pc, &bias);
    if (cu == nullptr) return;
    Dwarf_Line* line = dwarf_getsrc_die(cu, pc - bias);
    int number = 0;
    const char* file = line != nullptr ? dwarf_linesrc(line, nullptr, nullptr) : nullptr;
    if (file == nullptr || dwarf_lineno(line, &number) != 0 || number <= 0) return;
    out.push_back(std::string(file) + ":" + std::to_string(number));
    Dwarf_Files* files = nullptr;
    std::size_t file_count = 0;
    if (dwarf_getsrcfiles(cu, &files, &file_count) != 0) return;
    Dwarf_Die* innermost = nullptr;
    if (dwarf_getscopes(cu, pc - bias, &innermost) <= 0) return;
    Dwarf_Die scope = innermost[0];
    std::free(innermost);
    Dwarf_Die* scopes = nullptr;
    const int n = dwarf_getscopes_die(&scope, &scopes);
    for (int i = 0; i < n; ++i) {
      if (dwarf_tag(&scopes[i]) != DW_TAG_inlined_subroutine) continue;
      Dwarf_Attribute attr;
      Dwarf_Word call_file = 0, call_line = 0;
      if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_file, &attr), &call_file) != 0 ||
          dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line, &attr), &call_line) != 0 || call_line == 0 ||
          call_file >= file_count)
        continue;
      if (const char* name = dwarf_filesrc(files, call_file, nullptr, nullptr))
        out.push_back(std::string(name) + ":" + std::to_string(call_line));
    }
    std::free(scopes);
  }

 private:
  Dwfl_Callbacks callbacks_{};
  char* debuginfo_path_ = nullptr;
  Dwfl* dwfl_ = nullptr;
};

std::mutex dwarf_mutex;

}  // namespace

void record_throws() {
  recorded.recording = true;
  recorded.last = -1;
  for (raised& r : recorded.entries) r = raised{};
}

std::vector<std::string> last_throw_sites() {
  std::vector<std::string> sites;
  if (recorded.last < 0) return sites;
  const raised& last = recorded.entries[recorded.last];
  const std::lock_guard guard(dwarf_mutex);
  static process_lines lines;  // the modules of the process once the first case threw
  // Frame 0 is the hook below; a return address's call is the instruction before it.
  for (int i = 1; i < last.count; ++i) lines.lines_at(reinterpret_cast<Dwarf_Addr>(last.frames[i]) - 1, sites);
  return sites;
}

}  // namespace tessera::conformance

// Every exception raised (throw, `throw;`, std::rethrow_exception) passes here on its way to the unwinder:
// the executable's definition takes the place of libgcc's for the C++ runtime, which calls it through the
// dynamic linker. The stack is only copied (a few hundred nanoseconds); nothing is looked up here.
extern "C" _Unwind_Reason_Code _Unwind_RaiseException(_Unwind_Exception* exception) {
  using raise_fn = _Unwind_Reason_Code (*)(_Unwind_Exception*);
  static const raise_fn next = reinterpret_cast<raise_fn>(dlsym(RTLD_NEXT, "_Unwind_RaiseException"));
  auto& r = tessera::conformance::recorded;
  // `throw;` raises the same object again: its first raise is where it was thrown from. (A rethrown
  // exception_ptr is a new object: a kernel failure counts as thrown by the launch that rethrows it.)
  if (r.recording) {
    // Only a `throw;` raises an object seen before: any other raise is a new object, even at the address
    // of one that was destroyed.
    int at = -1;
    for (int i = 0; i < 8 && at < 0; ++i)
      if (r.entries[i].exception == exception) at = i;
    // Without the __cxa_rethrow hook (a statically linked C++ runtime), a raise of an object seen before
    // is taken for a `throw;`: wrong only for a new exception allocated where a destroyed one was.
    if (at >= 0 && TESSERA_HOOK_CXA_RETHROW && !r.rethrowing) r.entries[at].exception = nullptr, at = -1;
    if (at < 0) {
      at = r.next;
      r.next = (r.next + 1) % 8;
      r.entries[at].exception = exception;
      r.entries[at].count = backtrace(r.entries[at].frames, 48);
    }
    r.rethrowing = false;
    r.last = at;
  }
  return next(exception);
}

#if TESSERA_HOOK_CXA_RETHROW
// `throw;` (the C++ runtime's __cxa_rethrow, called from the program's code): marks the raise that follows
// as one of an object raised before.
extern "C" [[noreturn]] void __cxa_rethrow() {
  using rethrow_fn = void (*)();
  static const rethrow_fn next = reinterpret_cast<rethrow_fn>(dlsym(RTLD_NEXT, "__cxa_rethrow"));
  tessera::conformance::recorded.rethrowing = true;
  next();
  __builtin_unreachable();
}
#endif
