// The Mandelbrot set: a class renders it, its launch in a private member function, the iteration count
// of each pixel in an array captured by reference.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

class mandelbrot {
 public:
  mandelbrot(int width, int height, int max_iterations)
      : width_(width), height_(height), max_iterations_(max_iterations), counts_(height, width) {}

  std::vector<int> render() {
    compute();
    std::vector<int> result(width_ * height_);
    copy(counts_, result.begin());
    return result;
  }

  static int iterations(float cx, float cy, int max_iterations) restrict(amp, cpu) {
    float x = 0.0f, y = 0.0f;
    int i = 0;
    while (i < max_iterations && x * x + y * y < 4.0f) {
      const float t = x * x - y * y + cx;
      y = 2.0f * x * y + cy;
      x = t;
      ++i;
    }
    return i;
  }

  float real(int col) const restrict(amp, cpu) { return -2.0f + 3.0f * static_cast<float>(col) / static_cast<float>(width_); }

 private:
  void compute() {
    array<int, 2>& counts = counts_;
    const int width = width_, height = height_, max_iterations = max_iterations_;
    parallel_for_each(counts.extent, [=, &counts](index<2> idx) restrict(amp) {
      const float cx = -2.0f + 3.0f * static_cast<float>(idx[1]) / static_cast<float>(width);
      const float cy = -1.25f + 2.5f * static_cast<float>(idx[0]) / static_cast<float>(height);
      counts[idx] = iterations(cx, cy, max_iterations);
    });
  }

  int width_, height_, max_iterations_;
  array<int, 2> counts_;
};

int main(int argc, char** argv) {
  const int w = 96, h = 64, iterations = 64;
  mandelbrot m(w, h, iterations);
  const std::vector<int> counts = m.render();
  // The escape-time values are exact small integers; the host computes the same ones except where one
  // rounding of the contracted multiply-add moves a point across the escape radius, which does not
  // happen on the emulator.
  bool ok = true;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const float cx = -2.0f + 3.0f * static_cast<float>(x) / static_cast<float>(w);
      const float cy = -1.25f + 2.5f * static_cast<float>(y) / static_cast<float>(h);
      ok = ok && counts[y * w + x] == mandelbrot::iterations(cx, cy, iterations);
    }
  corpus::results out("mandelbrot", argc, argv);
  out.output("iterations", counts);
  return out.finish(ok, "Mandelbrot set, 96x64 pixels, 64 iterations");
}
