// What each translation unit of the index_routes program found (no Tessera or C++ AMP names here: the
// two units include <amp.h> in different orders).
#pragma once

#include <vector>

struct route_result {
  bool index_is_a_macro = false;
  int coordinates = 0;
  int variant_index = -1;
  bool strchr_found = false;
  int kernel_sum = 0;
};

route_result header_first();
route_result after_cstring();
