// The catalog of numbered warnings (warnings.def): what tessera-port leaves in place with an inline
// comment "TESSERA-PORT-nnn: what, and what to do".
#pragma once

#include <string>

namespace tessera::port {

enum class warning {
#define TESSERA_PORT_WARNING(number, name, text) name = number,
#include "warnings.def"
#undef TESSERA_PORT_WARNING
};

// "TESSERA-PORT-004"
std::string code_of(warning w);
// The text of the catalog.
const char* text_of(warning w);
// "TESSERA-PORT-004: the kernel writes ..."
std::string message_of(warning w);

}  // namespace tessera::port
