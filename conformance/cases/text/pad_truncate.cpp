// TEXT-3, TEXT-6: pad() rounds every dimension up to a multiple of its tile size, truncate() rounds it
// down, both keep the tile sizes; a launch must be divisible, and pad + guard or truncate are the fixes.
#include <tessera/conformance/case.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

constexpr int n_threads = 256;

int round_up(int x, int t) { return (x + t - 1) / t * t; }
int round_down(int x, int t) { return x / t * t; }

// pad() and truncate() computed in kernel code on seeded extents, at ranks 1, 2 and 3; the spec's
// example: (20,24) tiled <8,8> pads to (24,24) and truncates to (16,24).
TESSERA_CASE(pad_up_truncate_down_in_every_dimension, "TEXT-3", expect::pass) {
  auto in = ctx.random_ints(n_threads * 3, 1, 200);
  in[0] = 20;
  in[1] = 24;
  const int per = 2 + 4 + 6;
  std::vector<int> out(n_threads * per, -1);
  array_view<const int, 2> a(n_threads, 3, in);
  array_view<int, 2> o(n_threads, per, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    const tiled_extent<7> t1 = extent<1>(a(r, 0));
    const tiled_extent<8, 8> t2 = extent<2>(a(r, 0), a(r, 1));
    const tiled_extent<3, 5, 16> t3 = extent<3>(a(r, 0), a(r, 1), a(r, 2));
    const tiled_extent<7> p1 = t1.pad(), q1 = t1.truncate();
    const tiled_extent<8, 8> p2 = t2.pad(), q2 = t2.truncate();
    const tiled_extent<3, 5, 16> p3 = t3.pad(), q3 = t3.truncate();
    o(r, 0) = p1[0];
    o(r, 1) = q1[0];
    for (int d = 0; d < 2; ++d) {
      o(r, 2 + d) = p2[d];
      o(r, 4 + d) = q2[d];
    }
    for (int d = 0; d < 3; ++d) {
      o(r, 6 + d) = p3[d];
      o(r, 9 + d) = q3[d];
    }
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int* x = &in[r * 3];
    for (int v : {round_up(x[0], 7), round_down(x[0], 7), round_up(x[0], 8), round_up(x[1], 8), round_down(x[0], 8),
                  round_down(x[1], 8), round_up(x[0], 3), round_up(x[1], 5), round_up(x[2], 16), round_down(x[0], 3),
                  round_down(x[1], 5), round_down(x[2], 16)})
      want.push_back(v);
  }
  ctx.output("pad_truncate", out, want);
  ctx.require(out[2] == 24 && out[3] == 24 && out[4] == 16 && out[5] == 24, "(20,24) tiled <8,8>: pad (24,24), truncate (16,24)");
}

// An extent already divisible by its tile is unchanged by pad() and truncate(), and both results keep
// the tile sizes (same type, equal to the original).
TESSERA_CASE(divisible_extent_unchanged_by_pad_and_truncate, "TEXT-3,TEXT-5", expect::pass) {
  const auto t2 = extent<2>(32, 48).tile<16, 8>();
  const auto t3 = extent<3>(4, 9, 10).tile<2, 3, 5>();
  static_assert(std::is_same_v<decltype(t2.pad()), tiled_extent<16, 8>>);
  static_assert(std::is_same_v<decltype(t3.truncate()), tiled_extent<2, 3, 5>>);
  ctx.require(t2.pad() == t2 && t2.truncate() == t2, "rank 2: divisible extent unchanged");
  ctx.require(t3.pad() == t3 && t3.truncate() == t3, "rank 3: divisible extent unchanged");
  ctx.require(extent<1>(1024).tile<1024>().pad()[0] == 1024 && extent<1>(1).tile<1>().truncate()[0] == 1, "rank 1 edges");
  std::vector<int> out(4, -1);
  array_view<int, 1> o(4, out);
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1>) {
    const auto k = extent<2>(32, 48).tile<16, 8>();
    o[0] = k.pad() == k ? 1 : 0;
    o[1] = k.truncate() == k ? 1 : 0;
    o[2] = extent<1>(5).tile<8>().truncate()[0];  // rounds down to 0 (the launch of it is refused)
    o[3] = extent<1>(5).tile<8>().pad()[0];
  });
  o.synchronize();
  ctx.output("values", out, std::vector<int>{1, 1, 0, 8});
}

// A padded launch with a bounds guard: every thread of the padded domain runs once (counted per point
// of the padded domain), and every data element is processed exactly once; rank 1, 2 and 3.
TESSERA_CASE(padded_launch_with_guard_processes_each_element_once, "TEXT-3,TEXT-6", expect::pass) {
  const int n = 1000;
  auto in1 = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out1(n, 0), seen1(1024, 0);
  array_view<const int, 1> a1(n, in1);
  array_view<int, 1> b1(n, out1), s1(1024, seen1);
  parallel_for_each(ctx.view(), b1.extent.tile<256>().pad(), [=] restrict_amp (tiled_index<256> t) {
    s1[t] += 1;
    if (b1.extent.contains(t.global)) b1[t] += a1[t] * 3 + 1;
  });
  b1.synchronize();
  s1.synchronize();
  std::vector<int> want1(n);
  for (int i = 0; i < n; ++i) want1[i] = in1[i] * 3 + 1;
  ctx.output("rank1", out1, want1);
  ctx.output("rank1_threads", seen1, std::vector<int>(1024, 1));

  std::vector<int> out2(13 * 19, 0), seen2(16 * 24, 0);
  array_view<int, 2> b2(13, 19, out2), s2(16, 24, seen2);
  parallel_for_each(ctx.view(), b2.extent.tile<8, 8>().pad(), [=] restrict_amp (tiled_index<8, 8> t) {
    s2[t] += 1;
    if (b2.extent.contains(t.global)) b2[t] += t.global[0] * 100 + t.global[1] + 1;
  });
  b2.synchronize();
  s2.synchronize();
  std::vector<int> want2;
  for (int y = 0; y < 13; ++y)
    for (int x = 0; x < 19; ++x) want2.push_back(y * 100 + x + 1);
  ctx.output("rank2", out2, want2);
  ctx.output("rank2_threads", seen2, std::vector<int>(16 * 24, 1));

  std::vector<int> out3(5 * 7 * 9, 0), seen3(6 * 10 * 12, 0);
  array_view<int, 3> b3(5, 7, 9, out3), s3(6, 10, 12, seen3);
  parallel_for_each(ctx.view(), b3.extent.tile<2, 5, 4>().pad(), [=] restrict_amp (tiled_index<2, 5, 4> t) {
    s3[t] += 1;
    if (b3.extent.contains(t.global)) b3[t] += t.global[0] * 10000 + t.global[1] * 100 + t.global[2] + 1;
  });
  b3.synchronize();
  s3.synchronize();
  std::vector<int> want3;
  for (int z = 0; z < 5; ++z)
    for (int y = 0; y < 7; ++y)
      for (int x = 0; x < 9; ++x) want3.push_back(z * 10000 + y * 100 + x + 1);
  ctx.output("rank3", out3, want3);
  ctx.output("rank3_threads", seen3, std::vector<int>(6 * 10 * 12, 1));
}

// A truncated launch processes the leading whole tiles and never touches the leftover elements.
TESSERA_CASE(truncated_launch_leaves_the_remainder_untouched, "TEXT-3,TEXT-6", expect::pass) {
  std::vector<int> out(21 * 30, -7);
  array_view<int, 2> b(21, 30, out);
  parallel_for_each(ctx.view(), b.extent.tile<4, 8>().truncate(), [=] restrict_amp (tiled_index<4, 8> t) {
    b[t] = t.tile[0] * 10 + t.tile[1];
  });
  b.synchronize();
  std::vector<int> want;
  for (int y = 0; y < 21; ++y)
    for (int x = 0; x < 30; ++x) want.push_back(y < 20 && x < 24 ? y / 4 * 10 + x / 8 : -7);
  ctx.output("values", out, want);
}

// Throws std::logic_error (so the case fails) when the caught exception's message lacks `part`.
void require_message(const std::exception& e, const std::string& part) {
  if (std::string(e.what()).find(part) == std::string::npos)
    throw std::logic_error("the message does not name \"" + part + "\": " + e.what());
}

// Rank 2: dimension 1 not divisible (dimension 0 is) throws invalid_compute_domain naming dimension 1,
// and nothing runs.
TESSERA_CASE(indivisible_rank2_dimension1_throws, "TEXT-6,PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  std::vector<int> out(16 * 10, 0);
  array_view<int, 2> v(16, 10, out);
  try {
    parallel_for_each(ctx.view(), v.extent.tile<8, 4>(), [=] restrict_amp (tiled_index<8, 4> t) { v[t] = 1; });  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "dimension 1");
    v.synchronize();
    for (int x : out)
      if (x != 0) throw std::logic_error("a refused launch ran kernel threads");
    throw;
  }
}

// Rank 2: dimension 0 not divisible throws invalid_compute_domain naming dimension 0.
TESSERA_CASE(indivisible_rank2_dimension0_throws, "TEXT-6,PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<2>(9, 8).tile<2, 8>(), [=] restrict_amp (tiled_index<2, 8>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "dimension 0");
    throw;
  }
}

// Rank 3: each dimension on its own not divisible throws, naming that dimension.
TESSERA_CASE(indivisible_rank3_dimension0_throws, "TEXT-6,PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<3>(3, 4, 4).tile<2, 2, 2>(), [=] restrict_amp (tiled_index<2, 2, 2>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "dimension 0");
    throw;
  }
}

TESSERA_CASE(indivisible_rank3_dimension1_throws, "TEXT-6,PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<3>(4, 5, 4).tile<2, 2, 2>(), [=] restrict_amp (tiled_index<2, 2, 2>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "dimension 1");
    throw;
  }
}

TESSERA_CASE(indivisible_rank3_dimension2_throws, "TEXT-6,PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<3>(4, 4, 6).tile<2, 2, 4>(), [=] restrict_amp (tiled_index<2, 2, 4>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "dimension 2");
    throw;
  }
}

// truncate() of an extent smaller than its tile rounds down to 0; launching that is refused (PROJ-1).
TESSERA_CASE(launch_of_truncated_to_zero_throws, "TEXT-3,PROJ-1", expect::throws<tessera::invalid_compute_domain>) {
  const auto t = extent<1>(5).tile<8>().truncate();
  if (t[0] != 0) throw std::logic_error("truncate() of 5 by 8 is not 0");
  parallel_for_each(ctx.view(), t, [=] restrict_amp (tiled_index<8>) {});  // expect: throws
}

}  // namespace
