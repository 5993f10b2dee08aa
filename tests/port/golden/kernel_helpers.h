// A header of amp functions named on the command line: read as C++ (the compiler driver alone would take
// a .h for C and refuse -std=c++20) and ported as a source file is.
#pragma once
#include <amp.h>

inline float squared(float x) restrict(amp, cpu) { return x * x; }

template <typename T>
void double_all(concurrency::array_view<T, 1> v) {
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] *= 2; });
}
