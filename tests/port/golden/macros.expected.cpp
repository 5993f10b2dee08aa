// Kernels inside macros: a lambda written whole in a macro argument or in a macro's definition is edited
// where it is spelled; a macro that is exactly a restriction is converted where it is used; a lambda whose
// "(" and restriction are spelled in different places cannot be edited (TESSERA-PORT-001).
#include <amp.h>
#include <vector>

using namespace concurrency;

#define LAUNCH(view, body) parallel_for_each((view).extent, body)
#define INCREMENT_KERNEL(v) [=] restrict_amp (index<1> i) { v[i] += 1; }
#define AMP_ONLY restrict(amp)
#define KERNEL_OF(params, body) [=] params restrict(amp) body

int main() {
  std::vector<int> data(16, 0);
  array_view<int, 1> v(16, data);
  // TESSERA-PORT-001: restrict(amp) comes from a macro that also spells other parts of the lambda or function; nvcc needs restrict_amp between the capture list and the parameter list (in front of a function): write it there by hand and drop restrict(amp) from the macro
  parallel_for_each(v.extent, KERNEL_OF((index<1> i), { v[i] += 8; }));
  LAUNCH(v, [=] restrict_amp (index<1> i) { v[i] += 2; });
  parallel_for_each(v.extent, INCREMENT_KERNEL(v));
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] += 4; });
  v.synchronize();
  return data[0] == 15 ? 0 : 1;
}
