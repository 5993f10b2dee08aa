#include <tessera/emulator/options.hpp>

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

void validate(const options& o) {
  if (o.stack_bytes < 16 * 1024)
    throw runtime_exception("emulator stack size " + std::to_string(o.stack_bytes) + " bytes is too small; use at least 16K");
}

options from_environment() {
  options o;
  if (const char* w = std::getenv("TESSERA_WORKERS"); w && *w) o.workers = static_cast<unsigned>(parse_number("TESSERA_WORKERS", w, false));
  if (const char* s = std::getenv("TESSERA_SEED"); s && *s) o.seed = parse_number("TESSERA_SEED", s, false);
  if (const char* k = std::getenv("TESSERA_STACK_SIZE"); k && *k) o.stack_bytes = parse_number("TESSERA_STACK_SIZE", k, true);
  if (const char* c = std::getenv("TESSERA_CHECKS"); c && *c) o.checks = parse_number("TESSERA_CHECKS", c, false) != 0;
  validate(o);
  return o;
}

std::mutex& lock() {
  static std::mutex m;
  return m;
}
options& current() {
  static options o = from_environment();
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

unsigned effective_workers() {
  const unsigned w = get_options().workers;
  if (w != 0) return w;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

}  // namespace tessera::emulator
