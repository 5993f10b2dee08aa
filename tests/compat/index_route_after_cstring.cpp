// <amp.h> after <cstring>, which has declared POSIX's ::index: the fallback macro renames `index` from
// <amp.h> on (compat/index_macro.hpp). std::variant's index() cannot be called after it: whether
// <variant> was declared before the macro depends on which standard headers include it (libstdc++ 13's
// do, through <amp.h>'s own), so this unit asks the variant with holds_alternative instead.
#include <cstring>
#include <amp.h>
#include <string>
#include <variant>

#include "index_routes.hpp"

using namespace concurrency;

route_result after_cstring() {
  route_result r;
#ifdef TESSERA_AMP_INDEX_IS_A_MACRO
  r.index_is_a_macro = true;
#endif
  index<1> i(3);
  concurrency::index<2> j(1, 2);
  Concurrency::index<3> k(4, 5, 6);
  r.coordinates = i[0] + j[1] + k[2];
  std::variant<int, float> v = 1.5f;
  r.variant_index = std::holds_alternative<float>(v) ? 1 : 0;
  r.strchr_found = std::strchr("tessera", 's') != nullptr;
  std::vector<int> out(4, 0);
  array_view<int, 1> view(4, out);
  parallel_for_each(view.extent, [=](index<1> idx) restrict(amp) { view[idx] = idx[0] * 2; });
  view.synchronize();
  r.kernel_sum = out[0] + out[1] + out[2] + out[3];
  return r;
}
