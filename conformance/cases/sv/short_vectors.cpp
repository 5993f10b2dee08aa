// Short vector types, norm and unorm (SV-1..SV-5, §10.7-§10.10): in kernels, as view elements and in
// tile_static memory, with the results of the same operations done on the host.
#include <tessera/conformance/case.hpp>
#include <tessera/short_vectors.hpp>

#include <algorithm>
#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using namespace tessera::graphics;
using tessera::index;
using tessera::graphics::norm;  // CUDA's math library declares a function ::norm, which nvcc always includes

constexpr int n = 256;

// SV-1, SV-4, SV-5: float_4 elements pass through tile_static; each thread reads its mirror in the tile,
// swaps x and y with a swizzle, writes w through its data member, and scales with a scalar operand.
TESSERA_CASE(float4_through_tile_static_with_swizzles, "SV-1,SV-4,SV-5", expect::pass) {
  const auto xs = ctx.random_integral_floats(n, -100, 100);
  std::vector<float_4> in(n), out(n);
  for (int k = 0; k < n; ++k) in[k] = float_4(xs[k], -xs[k], xs[(k + 1) % n], 1.0f);
  array_view<const float_4, 1> a(n, in);
  array_view<float_4, 1> b(n, out);
  b.discard_data();
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static float_4 s[64];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    float_4 v = s[63 - t.local[0]];
    v.set_xy(v.get_yx());
    v.w = v.get_z() + v.w;
    b[t] = v * 2.0f - float_4(0.0f, 0.0f, 0.0f, 1.0f);
  });
  b.synchronize();
  std::vector<float> got, want;
  for (int k = 0; k < n; ++k) {
    const int m = (k / 64) * 64 + 63 - k % 64;
    const float z = xs[(m + 1) % n];
    const float w[4] = {-2 * xs[m], 2 * xs[m], 2 * z, 2 * (z + 1) - 1};
    for (int c = 0; c < 4; ++c) want.push_back(w[c]);
    got.insert(got.end(), {out[k].x, out[k].y, out[k].z, out[k].w});
  }
  ctx.output("float_4", got, want);
}

// SV-4: % ^ | & << >> ~, unary minus and ++ on int_4 and uint_4, component by component.
TESSERA_CASE(integer_vector_operators, "SV-4,SV-5", expect::pass) {
  const auto r = ctx.random_ints(4 * n, -5000, 5000);
  std::vector<int_4> in(n), out(n);
  std::vector<uint_2> uout(n);
  for (int k = 0; k < n; ++k) in[k] = int_4(r[4 * k], r[4 * k + 1], r[4 * k + 2], r[4 * k + 3]);
  array_view<const int_4, 1> a(n, in);
  array_view<int_4, 1> b(n, out);
  array_view<uint_2, 1> u(n, uout);
  b.discard_data();
  u.discard_data();
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    const int_4 v = a[t];
    int_4 w = ((v % int_4(7, 11, 13, 17)) ^ int_4(5)) | (v & int_4(0x30));
    w += -(v >> int_4(3)) + (int_4(1) << int_4(0, 1, 2, 3));
    ++w;
    b[t] = ~w;
    uint_2 x(static_cast<unsigned int>(v.x), static_cast<unsigned int>(v.y));
    x *= uint_2(2654435761u);
    x >>= uint_2(7u, 9u);
    u[t] = x;
  });
  b.synchronize();
  u.synchronize();
  std::vector<int> got, want;
  std::vector<unsigned int> ugot, uwant;
  const int mod[4] = {7, 11, 13, 17};
  for (int k = 0; k < n; ++k) {
    const int* v = &r[4 * k];
    for (int c = 0; c < 4; ++c) want.push_back(~((((v[c] % mod[c]) ^ 5) | (v[c] & 0x30)) + -(v[c] >> 3) + (1 << c) + 1));
    got.insert(got.end(), {out[k].x, out[k].y, out[k].z, out[k].w});
    uwant.push_back((static_cast<unsigned int>(v[0]) * 2654435761u) >> 7);
    uwant.push_back((static_cast<unsigned int>(v[1]) * 2654435761u) >> 9);
    ugot.insert(ugot.end(), {uout[k].x, uout[k].y});
  }
  ctx.output("int_4", got, want);
  ctx.output("uint_2", ugot, uwant);
}

// SV-2: norm keeps to [-1, 1] and unorm to [0, 1] through construction, arithmetic, ++ and conversions.
TESSERA_CASE(norm_and_unorm_clamp_in_kernels, "SV-2,SV-1", expect::pass) {
  const auto fs = ctx.random_integral_floats(n, -24, 24);  // /8 below: -3 .. 3 in eighths, all exact
  std::vector<float> in(fs), out(4 * n);
  array_view<const float, 1> a(n, in);
  array_view<float, 2> b(n, 4, out);
  b.discard_data();
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const float f = a[t] / 8.0f;
    const norm_2 nv(f, -f);
    const unorm_2 uv = unorm_2(nv) + unorm_2(0.5f, 0.5f);
    norm w(f);
    ++w;
    const unorm back(-norm(f));
    b(t.global[0], 0) = static_cast<float>(nv.x) - static_cast<float>(nv.get_y());
    b(t.global[0], 1) = static_cast<float>(uv.get_r()) + static_cast<float>(uv.get_g());
    b(t.global[0], 2) = static_cast<float>(w);
    b(t.global[0], 3) = static_cast<float>(back);
  });
  b.synchronize();
  std::vector<float> want;
  for (int k = 0; k < n; ++k) {
    const float f = fs[k] / 8.0f;
    const float nx = std::clamp(f, -1.0f, 1.0f), ny = std::clamp(-f, -1.0f, 1.0f);
    want.push_back(nx - ny);
    want.push_back(std::min(std::max(nx, 0.0f) + 0.5f, 1.0f) + std::min(std::max(ny, 0.0f) + 0.5f, 1.0f));
    want.push_back(std::clamp(nx + 1.0f, -1.0f, 1.0f));
    want.push_back(std::max(-nx, 0.0f));
  }
  ctx.output("clamped", out, want);
}

// SV-1: conversions between vectors of one length are component-wise static_casts; double vectors work
// in kernels (on accelerators with double support, as every Tessera accelerator has: MATH-4).
TESSERA_CASE(conversions_between_component_types, "SV-1", expect::pass) {
  const auto r = ctx.random_ints(3 * n, -1000, 1000);
  std::vector<int_3> in(n);
  std::vector<double_3> out(n);
  for (int k = 0; k < n; ++k) in[k] = int_3(r[3 * k], r[3 * k + 1], r[3 * k + 2]);
  array_view<const int_3, 1> a(n, in);
  array_view<double_3, 1> b(n, out);
  b.discard_data();
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    const float_3 f = float_3(a[t]) * 0.25f;
    const int_3 truncated(f);
    b[t] = double_3(f) + double_3(truncated) * 2.0;
  });
  b.synchronize();
  std::vector<double> got, want;
  for (int k = 0; k < n; ++k) {
    for (int c = 0; c < 3; ++c) {
      const float f = static_cast<float>(r[3 * k + c]) * 0.25f;
      want.push_back(static_cast<double>(f) + static_cast<double>(static_cast<int>(f)) * 2.0);
    }
    got.insert(got.end(), {out[k].x, out[k].y, out[k].z});
  }
  ctx.output("double_3", got, want);
}

// SV-3: short_vector<T, N>::type and short_vector_traits name the types; the vectors are packed.
TESSERA_CASE(short_vector_templates_name_the_types, "SV-3,SV-1", expect::pass) {
  static_assert(std::is_same_v<short_vector<float, 4>::type, float_4> && std::is_same_v<short_vector<int, 1>::type, int>);
  static_assert(std::is_same_v<short_vector<unorm, 2>::type, unorm_2> && std::is_same_v<short_vector<double, 3>::type, double_3>);
  static_assert(short_vector_traits<uint_3>::size == 3 && std::is_same_v<short_vector_traits<uint_3>::value_type, unsigned int>);
  static_assert(short_vector_traits<float>::size == 1 && std::is_same_v<short_vector_traits<norm>::value_type, norm>);
  static_assert(std::is_same_v<direct3d::float4, float_4> && std::is_same_v<direct3d::uint2, uint_2>);
  ctx.require(sizeof(float_3) == 12 && sizeof(double_4) == 32 && sizeof(norm_2) == 8, "components are packed");
  ctx.require(int_4().x == 0 && float_2().y == 0.0f && static_cast<float>(unorm_3().z) == 0.0f,
              "default construction zeroes every component");
}

}  // namespace
