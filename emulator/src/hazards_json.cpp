#include <tessera/emulator/hazards_json.hpp>

#include <nlohmann/json.hpp>

namespace tessera::emulator {
namespace {

nlohmann::json access_json(const hazard_detected::access& a) {
  return {{"site", a.site}, {"thread", a.thread}, {"access", a.kind}};
}

}  // namespace

std::string hazards_json(const hazard_detected& failure) {
  nlohmann::json out = nlohmann::json::array();
  for (const hazard_detected::hazard& h : failure.hazards())
    out.push_back({{"kind", h.kind},
                   {"memory", h.memory},
                   {"offset", h.offset},
                   {"location", h.location},
                   {"interval", h.interval},
                   {"first", access_json(h.first)},
                   {"second", h.second.site.empty() ? nlohmann::json(nullptr) : access_json(h.second)}});
  return out.dump();
}

}  // namespace tessera::emulator
