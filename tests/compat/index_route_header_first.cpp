// <amp.h> before every other header: POSIX's ::index is never declared (compat/hide_posix_index.hpp), no
// macro renames `index`, and later standard headers keep their own index members.
#include <amp.h>
#include <cstring>
#include <string>
#include <variant>

#include "index_routes.hpp"

using namespace concurrency;

route_result header_first() {
  route_result r;
#ifdef TESSERA_AMP_INDEX_IS_A_MACRO
  r.index_is_a_macro = true;
#endif
  index<1> i(3);
  concurrency::index<2> j(1, 2);
  Concurrency::index<3> k(4, 5, 6);
  r.coordinates = i[0] + j[1] + k[2];  // 3 + 2 + 6
  std::variant<int, float> v = 1.5f;
  r.variant_index = static_cast<int>(v.index());
  r.strchr_found = std::strchr("tessera", 's') != nullptr;
  std::vector<int> out(4, 0);
  array_view<int, 1> view(4, out);
  parallel_for_each(view.extent, [=](index<1> idx) restrict(amp) { view[idx] = idx[0] * 2; });
  view.synchronize();
  r.kernel_sum = out[0] + out[1] + out[2] + out[3];  // 0 + 2 + 4 + 6
  return r;
}
