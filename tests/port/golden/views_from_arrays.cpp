// Arrays captured by reference and used where the kernel turns them into views anyway: constructing a
// view, or given to a parameter that takes a view (by value or const reference), of a function or of a
// constructor, in a template too (its primary template's constructors decide, before any instantiation).
// A view of the array's data stands in for the array there with the same meaning.
#include <amp.h>

using namespace concurrency;

template <typename T, int N>
struct holder {
  holder(const array_view<T, N>& v) restrict(amp) : view(v) {}
  holder(extent<N> e, T* p) restrict(amp) : view(e, p) {}
  array_view<T, N> view;
};

// Its constructor takes the array itself, which the port turns into a view parameter.
template <typename T>
struct array_holder {
  array_holder(array<T, 1>& a) restrict(amp) : view(a) {}
  array_view<T, 1> view;
};

struct plain_holder {
  plain_holder(array_view<int, 1> v) restrict(amp) : view(v) {}
  array_view<int, 1> view;
};

int read_first(const array_view<int, 1>& v) restrict(amp) { return v[0]; }

// Never instantiated in this file (a header's template).
template <typename T>
void in_template(array<T, 1>& a, array<T, 1>& b, array<T, 1>& c) {
  parallel_for_each(a.get_extent(), [&](index<1> i) restrict(amp) {
    holder<T, 1> h(a);
    array_holder<T> g(c);
    array_view<T, 1> v(b);
    h.view[i] = v[i] + g.view[i];
  });
}

void not_in_template(array<int, 1>& a, array<int, 1>& b) {
  parallel_for_each(a.get_extent(), [&](index<1> i) restrict(amp) {
    holder<int, 1> h(a);
    plain_holder p(b);
    array_view<const int, 1> v(b);
    h.view[i] = v[i] + p.view[i] + read_first(b);
  });
}

int main() {
  array<int, 1> a(4), b(4);
  not_in_template(a, b);
  return 0;
}
