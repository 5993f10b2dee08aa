// The C++ AMP short vector shim compiles on its own, included twice, with nothing before it (GEN-2):
// C++ AMP code that includes only <amp_short_vectors.h> finds every name it expects.
#include <tessera/compat/amp_short_vectors.h>
#include <tessera/compat/amp_short_vectors.h>

namespace ported {
// Code written against C++ AMP's qualified names.
inline concurrency::graphics::float_4 blend(const concurrency::graphics::float_4& a,
                                            const concurrency::graphics::float_4& b, concurrency::graphics::unorm t) {
  const float w = t;
  return a * (1.0f - w) + b * w;
}
}  // namespace ported

void uses_the_cxx_amp_names() {
  using namespace concurrency::graphics;
  const int_3 i(1, 2, 3);
  const direct3d::float2 f = float_2(i.get_zy());
  const unorm u = UNORM_MAX;
  const norm n = NORM_MIN;
  (void)ported::blend(float_4(f.x), float_4(f.y), u);
  (void)short_vector<uint, 4>::type(7u);
  (void)short_vector_traits<norm_2>::size;
  (void)n;
}
