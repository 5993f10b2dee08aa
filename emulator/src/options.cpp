#include <tessera/emulator/options.hpp>

#include <tessera/detail/bounds.hpp>
#include <tessera/exceptions.hpp>

#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace tessera::emulator {
namespace {

std::uint64_t parse_number(const char* name, const char* text, bool allow_suffix) {
  char* end = nullptr;
  if (*text == '-') throw runtime_exception(std::string(name) + "=\"" + text + "\" is negative; give a number >= 0");
  const unsigned long long v = std::strtoull(text, &end, 10);
  std::uint64_t scale = 1;
  if (allow_suffix && end != nullptr && (*end == 'K' || *end == 'k')) { scale = 1024; ++end; }
  else if (allow_suffix && end != nullptr && (*end == 'M' || *end == 'm')) { scale = 1024 * 1024; ++end; }
  if (end == text || *end != '\0')
    throw runtime_exception(std::string(name) + "=\"" + text + "\" is not a number; unset it or give a number");
  return v * scale;
}

check_mode parse_mode(const char* text) {
  const std::string t(text);
  if (t == "report" || t == "1") return check_mode::report;
  if (t == "stop") return check_mode::stop;
  if (t == "off" || t == "0") return check_mode::off;
  throw runtime_exception("TESSERA_CHECKS=\"" + t + "\" is not a check mode; use report, stop or off");
}

check_summary parse_summary(const char* text) {
  const std::string t(text);
  if (t == "exit" || t == "1") return check_summary::at_exit;
  if (t == "launch") return check_summary::per_launch;
  if (t == "off" || t == "0") return check_summary::off;
  throw runtime_exception("TESSERA_CHECKS_SUMMARY=\"" + t + "\" is not a summary mode; use exit, launch or off");
}

check_set parse_disabled(const char* text) {
  check_set s;
  std::string list(text);
  std::size_t begin = 0;
  while (begin <= list.size()) {
    std::size_t end = list.find(',', begin);
    if (end == std::string::npos) end = list.size();
    std::string name = list.substr(begin, end - begin);
    while (!name.empty() && name.front() == ' ') name.erase(name.begin());
    while (!name.empty() && name.back() == ' ') name.pop_back();
    if (!name.empty()) s = s.without(check_named(name));
    begin = end + 1;
  }
  return s;
}

void validate(const options& o) {
  if (o.seeds == 0) throw runtime_exception("TESSERA_SEEDS=0 tries no thread order; give 1 (the default) or more");
  if (o.stack_bytes < 16 * 1024)
    throw runtime_exception("emulator stack size " + std::to_string(o.stack_bytes) + " bytes is too small; use at least 16K");
}

// The parsers option_table.hpp names: each sets one member from the variable's text.
template <class T>
void count(const char* name, const char* text, T& field) {
  field = static_cast<T>(parse_number(name, text, false));
}
void bytes(const char* name, const char* text, std::size_t& field) { field = parse_number(name, text, true); }
void flag(const char* name, const char* text, bool& field) { field = parse_number(name, text, false) != 0; }
void check_mode(const char*, const char* text, emulator::check_mode& field) { field = parse_mode(text); }
void check_list(const char*, const char* text, check_set& field) { field = parse_disabled(text); }
void summary(const char*, const char* text, check_summary& field) { field = parse_summary(text); }

options from_environment() {
  options o;
#define TESSERA_READ_OPTION(variable, field, parse, doc) \
  if (const char* text = std::getenv(#variable); text && *text) parse(#variable, text, o.field);
  TESSERA_EMULATOR_OPTIONS(TESSERA_READ_OPTION)
#undef TESSERA_READ_OPTION
  if (const char* c = std::getenv("TESSERA_CHECKS"); c && *c) o.checks_from_environment = true;
  validate(o);
  return o;
}

std::mutex& lock() {
  static std::mutex m;
  return m;
}
// Indexing checks live in the model (detail::host_backend); the emulator's options switch them.
void apply(const options& o) {
  tessera::detail::host_backend.bounds_checking = o.checks != check_mode::off && o.enabled_checks.has(check::out_of_bounds);
}

options& current() {
  static options o = [] {
    options e = from_environment();
    apply(e);
    return e;
  }();
  return o;
}

}  // namespace

options get_options() {
  std::lock_guard g(lock());
  return current();
}

void set_options(const options& o) {
  validate(o);
  std::lock_guard g(lock());
  current() = o;
  apply(o);
}

void set_workers(unsigned workers) {
  options o = get_options();
  o.workers = workers;
  set_options(o);
}

void set_seed(std::uint64_t seed) {
  options o = get_options();
  o.seed = seed;
  set_options(o);
}

void set_seeds(unsigned orders) {
  options o = get_options();
  o.seeds = orders;
  set_options(o);
}

unsigned effective_workers() {
  const unsigned w = get_options().workers;
  if (w != 0) return w;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

}  // namespace tessera::emulator
