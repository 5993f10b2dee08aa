// Arrays captured by reference and used where the kernel turns them into views anyway: constructing a
// view, or given to a parameter that takes a view (by value or const reference), of a function or of a
// constructor, in a template too (its primary template's constructors decide, before any instantiation).
// A view of the array's data stands in for the array there with the same meaning.
#include <amp.h>

using namespace concurrency;

template <typename T, int N>
struct holder {
  restrict_amp holder(const array_view<T, N>& v) : view(v) {}
  restrict_amp holder(extent<N> e, T* p) : view(e, p) {}
  array_view<T, N> view;
};

// Its constructor takes the array itself, which the port turns into a view parameter.
template <typename T>
struct array_holder {
  restrict_amp array_holder(const array_view<T, 1>& a) : view(a) {}
  array_view<T, 1> view;
};

struct plain_holder {
  restrict_amp plain_holder(array_view<int, 1> v) : view(v) {}
  array_view<int, 1> view;
};

restrict_amp int read_first(const array_view<int, 1>& v) { return v[0]; }

// Never instantiated in this file (a header's template).
template <typename T>
void in_template(array<T, 1>& a, array<T, 1>& b, array<T, 1>& c) {
  concurrency::array_view<T, 1> a_view(a);
  concurrency::array_view<T, 1> c_view(c);
  concurrency::array_view<T, 1> b_view(b);
  parallel_for_each(a.get_extent(), [=] restrict_amp (index<1> i) {
    holder<T, 1> h(a_view);
    array_holder<T> g(c_view);
    array_view<T, 1> v(b_view);
    h.view[i] = v[i] + g.view[i];
  });
}

void not_in_template(array<int, 1>& a, array<int, 1>& b) {
  concurrency::array_view<int, 1> a_view(a);
  concurrency::array_view<int, 1> b_view(b);
  parallel_for_each(a.get_extent(), [=] restrict_amp (index<1> i) {
    holder<int, 1> h(a_view);
    plain_holder p(b_view);
    array_view<const int, 1> v(b_view);
    h.view[i] = v[i] + p.view[i] + read_first(b_view);
  });
}

int main() {
  array<int, 1> a(4), b(4);
  not_in_template(a, b);
  return 0;
}
