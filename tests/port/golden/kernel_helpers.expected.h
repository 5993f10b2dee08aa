// A header of amp functions named on the command line: read as C++ (the compiler driver alone would take
// a .h for C and refuse -std=c++20) and ported as a source file is.
#pragma once
#include <amp.h>

restrict_amp inline float squared(float x) { return x * x; }

template <typename T>
void double_all(concurrency::array_view<T, 1> v) {
  concurrency::parallel_for_each(v.extent, [=] restrict_amp (concurrency::index<1> i) { v[i] *= 2; });
}
