// A non-tiled launch, helpers marked restrict(amp, cpu) and restrict(cpu), precise_math and fast_math,
// the Concurrency spelling of the namespace, an explicit accelerator_view, a view with another queuing
// mode, copy_async and its completion_future, and the exceptions a launch throws, as C++ AMP programs
// write them.
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <iostream>
#include <vector>

using namespace concurrency;

// Callable from kernels and from the host.
float hypotenuse(float x, float y) restrict(amp, cpu) { return precise_math::sqrt(x * x + y * y); }

// Host only.
bool close_enough(float got, float want) restrict(cpu) { return std::fabs(got - want) <= 1e-4f * std::fabs(want) + 1e-6f; }

int main() {
  int wrong = 0;
  const int size = 1000;
  std::vector<float> xs(size), ys(size), exact(size), fast(size);
  for (int i = 0; i < size; ++i) {
    xs[i] = 0.5f * static_cast<float>(i);
    ys[i] = static_cast<float>(size - i) / 3.0f;
  }

  accelerator acc;
  accelerator_view view = acc.get_default_view();
  array_view<const float, 1> x(size, xs);
  array_view<const float, 1> y(size, ys);
  array_view<float, 1> out_exact(size, exact);
  array_view<float, 1> out_fast(size, fast);
  Concurrency::extent<1> domain(size);
  parallel_for_each(view, domain, [=](index<1> idx) restrict(amp) {
    out_exact[idx] = hypotenuse(x[idx], y[idx]);
    out_fast[idx] = fast_math::sqrtf(x[idx] * x[idx] + y[idx] * y[idx]);
  });
  out_exact.synchronize();
  out_fast.synchronize();
  for (int i = 0; i < size; ++i) {
    const float want = hypotenuse(xs[i], ys[i]);
    if (exact[i] != want) {
      if (wrong++ < 5) std::cerr << "precise_math::sqrt at " << i << ": " << exact[i] << ", want " << want << "\n";
    }
    if (!close_enough(fast[i], want)) {
      if (wrong++ < 5) std::cerr << "fast_math::sqrtf at " << i << ": " << fast[i] << ", want about " << want << "\n";
    }
  }

  // A copy through copy_async, on a view made with queuing_mode_immediate.
  accelerator_view immediate = acc.create_view(queuing_mode_immediate);
  if (immediate.get_queuing_mode() != queuing_mode_immediate) ++wrong;
  std::vector<float> copied(size, 0.0f);
  array_view<float, 1> copy_dest(size, copied);
  completion_future done = copy_async(out_exact, copy_dest);
  done.get();
  copy_dest.synchronize();
  if (copied != exact) {
    ++wrong;
    std::cerr << "copy_async did not copy\n";
  }

  // index and extent arithmetic in both spellings of the namespace.
  Concurrency::index<2> corner(3, 4);
  concurrency::extent<2> box(4, 5);
  if (!box.contains(corner) || box.contains(corner + index<2>(1, 0)) || box.size() != 20) {
    ++wrong;
    std::cerr << "index/extent arithmetic\n";
  }

  // An extent the tile does not divide: invalid_compute_domain, and no thread runs.
  std::vector<int> untouched(10, 0);
  array_view<int, 1> u(10, untouched);
  try {
    parallel_for_each(u.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) { u[t] = 1; });
    ++wrong;
    std::cerr << "a launch over 10 threads in tiles of 4 did not throw\n";
  } catch (const invalid_compute_domain& e) {
    std::cout << "refused as expected: " << e.what() << "\n";
  }
  // The padded launch runs, guarded by the real extent.
  parallel_for_each(u.extent.tile<4>().pad(), [=](tiled_index<4> t) restrict(amp) {
    if (u.extent.contains(t.global)) u[t] = 1;
  });
  u.synchronize();
  for (int v : untouched)
    if (v != 1) ++wrong;

  // Every launch error is a runtime_exception.
  try {
    parallel_for_each(Concurrency::extent<1>(0), [=](index<1>) restrict(amp) {});
    ++wrong;
    std::cerr << "an empty launch did not throw\n";
  } catch (const runtime_exception& e) {
    if (e.get_error_code() == 0) ++wrong;
  }

  std::cout << (wrong ? "FAIL" : "ok") << ": math, restrictions and launch errors, " << wrong << " wrong\n";
  return wrong ? 1 : 0;
}
