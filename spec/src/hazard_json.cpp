// hazard_detected as JSON: one object per hazard, fields as in kernel_failures.hpp.
#include <tessera/kernel_failures.hpp>

#include <cstdio>
#include <string>

namespace tessera {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", static_cast<unsigned>(c));
      out += esc;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string access_json(const hazard_detected::access& a) {
  return "{\"site\":" + quoted(a.site) + ",\"thread\":" + quoted(a.thread) + ",\"access\":" + quoted(a.kind) + "}";
}

}  // namespace

std::string hazard_detected::json() const {
  std::string out = "[";
  for (std::size_t i = 0; i < hazards_.size(); ++i) {
    const hazard& h = hazards_[i];
    out += (i ? "," : "");
    out += "{\"kind\":" + quoted(h.kind) + ",\"memory\":" + quoted(h.memory) + ",\"offset\":" + std::to_string(h.offset) +
           ",\"location\":" + quoted(h.location) + ",\"interval\":" + quoted(h.interval) +
           ",\"first\":" + access_json(h.first) + ",\"second\":" + (h.second.site.empty() ? std::string("null") : access_json(h.second)) +
           "}";
  }
  return out + "]";
}

}  // namespace tessera
