// Kernels inside macros: a lambda written whole in a macro argument or in a macro's definition is edited
// where it is spelled; a macro that is exactly a restriction is converted where it is used; a lambda whose
// "(" and restriction are spelled in different places cannot be edited (TESSERA-PORT-001).
#include <amp.h>
#include <vector>

using namespace concurrency;

#define LAUNCH(view, body) parallel_for_each((view).extent, body)
#define INCREMENT_KERNEL(v) [=](index<1> i) restrict(amp) { v[i] += 1; }
#define AMP_ONLY restrict(amp)
#define KERNEL_OF(params, body) [=] params restrict(amp) body

int main() {
  std::vector<int> data(16, 0);
  array_view<int, 1> v(16, data);
  parallel_for_each(v.extent, KERNEL_OF((index<1> i), { v[i] += 8; }));
  LAUNCH(v, [=](index<1> i) restrict(amp) { v[i] += 2; });
  parallel_for_each(v.extent, INCREMENT_KERNEL(v));
  parallel_for_each(v.extent, [=](index<1> i) AMP_ONLY { v[i] += 4; });
  v.synchronize();
  return data[0] == 15 ? 0 : 1;
}
