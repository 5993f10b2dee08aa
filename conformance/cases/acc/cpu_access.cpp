// The accelerator's default CPU access type (ACC-7) and C++ AMP's unscoped access_type names.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// ACC-7: the default CPU access type follows CPU shared memory; access_type_auto arrays take it (ARR-5);
// access_type_read_write and access_type::read_write are one value, and either synchronizes a view (AV-4).
TESSERA_CASE(default_cpu_access_type_follows_shared_memory, "ACC-7,ARR-5,AV-4,PROJ-16", expect::pass) {
  static_assert(access_type_read_write == access_type::read_write && access_type_auto == access_type::automatic &&
                access_type_none == access_type::none && access_type_read == access_type::read &&
                access_type_write == access_type::write);
  const accelerator acc = ctx.view().get_accelerator();
  const access_type d = acc.get_default_cpu_access_type();
  ctx.require(d == (acc.get_supports_cpu_shared_memory() ? access_type_read_write : access_type_none),
              "read_write with CPU shared memory, none without");
  array<int, 1> a(32, ctx.view());
  ctx.require(a.get_cpu_access_type() == d, "an access_type_auto array takes the accelerator's default");
  const auto in = ctx.random_ints(32, -50, 50);
  std::vector<int> out(32, 0);
  array_view<const int, 1> src(32, in);
  array_view<int, 1> dst(32, out);
  parallel_for_each(ctx.view(), dst.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { dst[t] = src[t] - 1; });
  dst.synchronize(access_type_read_write);
  std::vector<int> want(in);
  for (int& x : want) x -= 1;
  ctx.output("minus_one", out, want);
}

}  // namespace
