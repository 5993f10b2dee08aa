// A 3x3 box blur of a grey image, clamping at the borders with a restrict(cpu, amp) helper.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

int clamp_to(int v, int lo, int hi) restrict(cpu, amp) { return v < lo ? lo : (v > hi ? hi : v); }

float blurred(const array_view<const float, 2>& img, int y, int x) restrict(cpu, amp) {
  const int h = img.extent[0], w = img.extent[1];
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) sum += img(clamp_to(y + dy, 0, h - 1), clamp_to(x + dx, 0, w - 1));
  return sum / 9.0f;
}

int main(int argc, char** argv) {
  const int h = 48, w = 64;
  std::vector<float> pixels(h * w), out(h * w);
  for (int i = 0; i < h * w; ++i) pixels[i] = static_cast<float>((i * 17) % 256);
  array_view<const float, 2> image(h, w, pixels);
  array_view<float, 2> result(h, w, out);
  result.discard_data();
  parallel_for_each(result.extent, [=](index<2> idx) restrict(amp) {
    result[idx] = blurred(image, idx[0], idx[1]);
  });
  result.synchronize();
  bool ok = true;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) ok = ok && out[y * w + x] == blurred(image, y, x);
  corpus::results results("image_blur", argc, argv);
  results.output("blurred", out);
  return results.finish(ok, "3x3 box blur of a 48x64 image");
}
