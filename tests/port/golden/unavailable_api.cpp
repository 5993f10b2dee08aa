// A C++ AMP program that uses textures, which Tessera does not have: it does not parse with the compat
// headers, so it stays untouched, and tessera-port names TESSERA-PORT-010.
#include <amp.h>
#include <amp_graphics.h>

using namespace concurrency;

int main() {
  graphics::texture<int, 1> t(16);
  return 0;
}
