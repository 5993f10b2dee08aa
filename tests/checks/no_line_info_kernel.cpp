#include "no_line_info_kernel.hpp"

#include <tessera/amp.hpp>

void race_in_code_without_line_information(std::vector<int>& out) {
  using namespace tessera;
  array_view<int, 1> v(static_cast<int>(out.size()), out);
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[0] = t.local[0]; });
  v.synchronize();
}
