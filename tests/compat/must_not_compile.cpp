// C++ AMP source the compat header must refuse, or cannot rescue. tests/compat/CMakeLists.txt compiles
// this file once per case with -DCASE=<n> and expects the compiler to fail with the diagnostic the case
// names; CASE=0 is the control, which must compile.
#if CASE == 0
// Control: <cstring> first (the fallback), a restrict(amp, cpu) helper and a restrict(cpu) one.
#include <cstring>
#include <amp.h>
using namespace concurrency;
int twice(int x) restrict(amp, cpu) { return 2 * x; }
int thrice(int x) restrict(cpu) { return 3 * x; }
void f() {
  index<1> i(1);
  array_view<int, 1> v(8);
  parallel_for_each(v.extent, [=](index<1> idx) restrict(amp) { v[idx] = twice(idx[0]); });
  (void)thrice(i[0]);
}
#elif CASE == 1
// A restriction C++ AMP does not define is an error naming it, not silently dropped.
#include <amp.h>
int twice(int x) restrict(ampp) { return 2 * x; }
#elif CASE == 2
// Why the fallback exists: with it turned off and ::index declared before <amp.h>, an unqualified
// index<1> after `using namespace concurrency;` is ambiguous.
#define TESSERA_AMP_NO_INDEX_MACRO
#include <cstring>
#include <amp.h>
using namespace concurrency;
void f() {
  index<1> i(1);
  (void)i;
}
#elif CASE == 3
// What the fallback costs (docs/porting.md): a std::variant declared before <amp.h> keeps its member
// named index, which the macro renames at the call.
#include <cstring>
#include <variant>
#include <amp.h>
int f() {
  std::variant<int, float> v = 1.0f;
  return static_cast<int>(v.index());
}
#elif CASE == 4
// As in Microsoft's headers, concurrency is an alias of Concurrency, and an alias cannot be reopened
// (MSVC: C2757); reopen Concurrency instead.
#include <amp.h>
namespace concurrency {
int helper();
}
#else
#error "unknown CASE"
#endif
