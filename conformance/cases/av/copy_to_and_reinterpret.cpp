// array_view::copy_to(array&) and copy_to(array_view&) (ARR-9, §5.2.3), and reinterpret_as on a
// read-only view giving a read-only view (AV-15).
#include <tessera/conformance/case.hpp>

#include <cstring>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// What a kernel wrote through a view reaches an array and another view through copy_to; the copies are
// deep (ARR-9) and a shape mismatch throws (ARR-10).
TESSERA_CASE(view_copy_to_array_and_view, "ARR-9,ARR-10,AV-1", expect::pass) {
  const auto in = ctx.random_ints(16 * 8, -1000, 1000);
  std::vector<int> host(in), out(16 * 8, 0);
  array_view<int, 2> v(16, 8, host);
  parallel_for_each(ctx.view(), v.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { v[t] = v[t] * 2; });
  array<int, 2> a(16, 8, ctx.view());
  v.copy_to(a);
  array_view<int, 2> w(16, 8, out);
  array_view<const int, 2>(v).copy_to(w);
  w.synchronize();
  std::vector<int> want(in);
  for (int& x : want) x *= 2;
  ctx.output("to_array", std::vector<int>(a), want);
  ctx.output("to_view", out, want);
  bool threw = false;
  try {
    array<int, 2> wrong(8, 16);
    v.copy_to(wrong);
  } catch (const runtime_exception&) {
    threw = true;
  }
  ctx.require(threw, "copy_to an array of another extent throws runtime_exception");
}

// array_view<const float,1>::reinterpret_as<int>() is an array_view<const int,1> over the same bytes; a
// kernel reads the bits through it.
TESSERA_CASE(read_only_view_reinterprets_read_only, "AV-15,ARR-8", expect::pass) {
  const auto f = ctx.random_integral_floats(64, -1000, 1000);
  std::vector<int> out(64, 0);
  array_view<const float, 1> v(64, f);
  array_view<const int, 1> bits = v.reinterpret_as<int>();
  array_view<int, 1> o(64, out);
  parallel_for_each(ctx.view(), o.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { o[t] = bits[t]; });
  o.synchronize();
  std::vector<int> want(64);
  std::memcpy(want.data(), f.data(), 64 * sizeof(float));
  ctx.output("bits", out, want);
}

}  // namespace
