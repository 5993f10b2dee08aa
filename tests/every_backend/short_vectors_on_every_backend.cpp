// Short vector types in kernels (SV-1..SV-5), run on every compute accelerator this build can use: the
// emulator always, and each CUDA GPU when this source is compiled by nvcc (its twin,
// test_short_vectors_on_every_backend_cuda). The twin also proves that every operator and accessor used
// here, tile_static short vectors included, compiles for the device. Every result is exact.
//
// Kernels live in free functions taking the accelerator_view: nvcc does not allow an extended
// __host__ __device__ lambda inside a TEST body (a private member function).
#include <tessera/amp.hpp>
#include <tessera/short_vectors.hpp>

#include <gtest/gtest.h>

#include "every_backend.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace every_backend_short_vectors {
using namespace tessera;
using namespace tessera::graphics;
using tessera::index;  // POSIX declares an index() function in the global namespace
using namespace every_backend_support;
using tessera::graphics::norm;  // CUDA's math library declares a function ::norm, which nvcc always includes

namespace {

// float_4 elements through tile_static: each tile reverses its vectors, swaps x and y with a swizzle,
// scales and offsets them.
std::vector<float_4> reverse_swizzle_scale(const accelerator_view& where) {
  std::vector<float_4> in(128), out(128);
  for (int k = 0; k < 128; ++k) in[k] = float_4(float(k), float(-k), float(k % 7), 0.5f);
  array_view<const float_4, 1> a(128, in);
  array_view<float_4, 1> b(128, out);
  b.discard_data();
  parallel_for_each(where, b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static float_4 s[32];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    float_4 v = s[31 - t.local[0]];
    v.set_xy(v.get_yx());
    v.w += 1.0f;
    b[t] = v * 2.0f + float_4(1.0f, 0.0f, -1.0f, 0.0f);
  });
  b.synchronize();
  return out;
}

// Integer vectors: every integer operator, negation, ++/--, component and swizzle writes.
std::vector<int_4> integer_operators(const accelerator_view& where) {
  std::vector<int_4> out(64);
  array_view<int_4, 1> b(64, out);
  b.discard_data();
  parallel_for_each(where, b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int g = t.global[0];
    int_4 v(g, g + 1, g + 2, g + 3);
    const int_4 m = (v % 5) ^ int_4(3);
    int_4 r = (m & int_4(6)) | (int_4(1) << int_4(0, 1, 2, 3));
    r += -int_4(g) >> int_4(1);
    ++r;
    r.set_wzyx(r);
    r.ref_y() -= ~int_4(0).get_x();
    uint_2 u(static_cast<unsigned int>(g), 7u);
    u <<= uint_2(2u);
    u %= uint_2(9u);
    r.set_zw(int_2(u));
    b[t] = r;
  });
  b.synchronize();
  return out;
}

// norm and unorm vectors: construction and arithmetic clamp on every backend, conversions to float.
std::vector<float> normalized(const accelerator_view& where) {
  std::vector<float> out(64 * 4);
  array_view<float, 2> b(64, 4, out);
  b.discard_data();
  parallel_for_each(where, extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const float f = (t.global[0] - 32) / 8.0f;  // -4 .. 3.875, exact in binary
    const norm_2 n(f, -f);
    const unorm_2 u = unorm_2(n) + unorm_2(0.25f, 0.25f);
    norm_4 w(f);
    ++w;
    const float_4 as_float(w);
    b(t.global[0], 0) = static_cast<float>(n.get_x()) + static_cast<float>(n.get_y());
    b(t.global[0], 1) = static_cast<float>(u.get_r());
    b(t.global[0], 2) = static_cast<float>(u.get_g());
    b(t.global[0], 3) = as_float.get_a();
  });
  b.synchronize();
  return out;
}

// Double vectors and conversions between component types.
std::vector<double_2> conversions(const accelerator_view& where) {
  std::vector<double_2> out(32);
  array_view<double_2, 1> b(32, out);
  b.discard_data();
  parallel_for_each(where, b.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    const int g = t.global[0];
    const float_3 f = float_3(int_3(g, -g, 2 * g)) * 0.5f;
    const int_3 back = int_3(f);
    b[t] = double_2(float_2(f.get_zx())) + double_2(back.get_y(), 0.25);
  });
  b.synchronize();
  return out;
}

}  // namespace

TEST(ShortVectorsOnEveryBackend, TileStaticFloat4SwizzleAndScaleAreExact) {
  std::vector<float_4> want(128);
  for (int k = 0; k < 128; ++k) {
    const int m = (k / 32) * 32 + 31 - k % 32;
    want[k] = float_4(2.0f * -m + 1.0f, 2.0f * m, 2.0f * (m % 7) - 1.0f, 3.0f);
  }
  for (const auto& v : compute_views()) {
    const auto got = reverse_swizzle_scale(v);
    for (int k = 0; k < 128; ++k) EXPECT_TRUE(got[k] == want[k]) << "element " << k << " on " << name(v);
  }
}

TEST(ShortVectorsOnEveryBackend, IntegerOperatorsGiveTheHostsResults) {
  std::vector<int_4> want(64);
  for (int g = 0; g < 64; ++g) {
    const int v[4] = {g, g + 1, g + 2, g + 3};
    int r[4];
    for (int c = 0; c < 4; ++c) r[c] = ((((v[c] % 5) ^ 3) & 6) | (1 << c)) + ((-g) >> 1) + 1;
    int w[4] = {r[3], r[2], r[1], r[0]};
    w[1] -= ~0;
    w[2] = static_cast<int>((static_cast<unsigned>(g) << 2) % 9u);
    w[3] = static_cast<int>((7u << 2) % 9u);
    want[g] = int_4(w[0], w[1], w[2], w[3]);
  }
  for (const auto& v : compute_views()) {
    const auto got = integer_operators(v);
    for (int g = 0; g < 64; ++g) EXPECT_TRUE(got[g] == want[g]) << "element " << g << " on " << name(v);
  }
}

TEST(ShortVectorsOnEveryBackend, NormAndUnormClampInKernels) {
  std::vector<float> want(64 * 4);
  for (int g = 0; g < 64; ++g) {
    const float f = (g - 32) / 8.0f;
    const float nx = std::clamp(f, -1.0f, 1.0f), ny = std::clamp(-f, -1.0f, 1.0f);
    want[g * 4 + 0] = nx + ny;
    want[g * 4 + 1] = std::clamp(std::clamp(nx, 0.0f, 1.0f) + 0.25f, 0.0f, 1.0f);
    want[g * 4 + 2] = std::clamp(std::clamp(ny, 0.0f, 1.0f) + 0.25f, 0.0f, 1.0f);
    want[g * 4 + 3] = std::clamp(std::clamp(f, -1.0f, 1.0f) + 1.0f, -1.0f, 1.0f);
  }
  for (const auto& v : compute_views()) EXPECT_EQ(normalized(v), want) << "on " << name(v);
}

TEST(ShortVectorsOnEveryBackend, ConversionsBetweenComponentTypesGoComponentByComponent) {
  std::vector<double_2> want(32);
  for (int g = 0; g < 32; ++g) want[g] = double_2(double(g) + double(-g / 2), g * 0.5 + 0.25);
  for (const auto& v : compute_views()) {
    const auto got = conversions(v);
    for (int g = 0; g < 32; ++g) EXPECT_TRUE(got[g] == want[g]) << "element " << g << " on " << name(v);
  }
}

TEST(ShortVectorsOnEveryBackend, EveryBackendListedRunsKernels) {
  every_backend_support::expect_every_listed_backend_runs_its_own_code();
}

}  // namespace every_backend_short_vectors
