#include "warnings.hpp"

#include <cstdio>

namespace tessera::port {

std::string code_of(warning w) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "TESSERA-PORT-%03d", static_cast<int>(w));
  return buf;
}

const char* text_of(warning w) {
  switch (w) {
#define TESSERA_PORT_WARNING(number, name, text) \
  case warning::name:                            \
    return text;
#include "warnings.def"
#undef TESSERA_PORT_WARNING
  }
  return "";
}

std::string message_of(warning w) { return code_of(w) + ": " + text_of(w); }

}  // namespace tessera::port
