// Checked indexing for arrays and views on the host and in the emulator (AV-8, ARR-6).
//
// On the GPU an out-of-bounds access is undefined and unchecked; everywhere Tessera runs host code it
// throws out_of_bounds naming the index, the extent and the container's type, with the call stack, which
// the host backend turns into the kernel's file:line and the thread that did it. The host backend can
// switch the check off (host_runtime.hpp).
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/detail/host_runtime.hpp>
#include <tessera/extent.hpp>

#include <typeinfo>

namespace tessera::detail {

[[noreturn]] void throw_out_of_bounds(const std::type_info& container, const int* index, const int* extent, int rank);
[[noreturn]] void throw_bad_section(const char* container, const int* origin, const int* section, const int* extent,
                                    int rank);

template <class Container, int N>
TESSERA_NOT_CHECKED TESSERA_HD inline void check_bounds([[maybe_unused]] const index<N>& idx,
                                                        [[maybe_unused]] const extent<N>& ext) {
#if !TESSERA_DEVICE_PASS
  if (host_backend.bounds_checking && !ext.contains(idx)) {
    int i[N], e[N];
    for (int d = 0; d < N; ++d) {
      i[d] = idx[d];
      e[d] = ext[d];
    }
    throw_out_of_bounds(typeid(Container), i, e, N);
  }
#endif
}

// A section must lie inside its parent (AV-10: Tessera rejects out-of-range sections).
template <int N>
inline void check_section(const char* container, const index<N>& origin, const extent<N>& section, const extent<N>& ext) {
  for (int d = 0; d < N; ++d) {
    // An empty section, or one whose origin lies outside the parent, is refused too (C++ AMP throws).
    if (origin[d] < 0 || origin[d] >= ext[d] || section[d] <= 0 || origin[d] + section[d] > ext[d]) {
      int o[N], s[N], e[N];
      for (int k = 0; k < N; ++k) {
        o[k] = origin[k];
        s[k] = section[k];
        e[k] = ext[k];
      }
      throw_bad_section(container, o, s, e, N);
    }
  }
}

}  // namespace tessera::detail
