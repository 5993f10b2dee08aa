// PROJ-11 (PFE-5): when several kernel threads fail, the failure of the lowest tile (lowest point) is the
// one reported, the same at every worker count and seed. The out_of_bounds case is run by the harness at
// 1, 2 and 8 workers and three seeds; the kernel_exception case runs its launch at 1, 2 and 8 workers
// itself (emulator only: a GPU kernel cannot throw).
#include <tessera/conformance/case.hpp>

#include <tessera/emulator/options.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Tiles 0-2 are correct; tile 3 indexes out of bounds at the marked line; every later tile does so at
// another line. The report must name the marked line at every worker count and seed.
TESSERA_CASE(lowest_tile_out_of_bounds_is_reported_at_every_worker_count, "PROJ-11,PFE-5", expect::out_of_bounds) {
  std::vector<int> out(16 * 32, 0);
  array_view<int, 1> v(16 * 32, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    if (t.tile[0] == 3 && t.local[0] == 5) v[t.global[0] + 1000] = 1;  // expect: out of bounds
    if (t.tile[0] > 3 && t.local[0] == 2) v[t.global[0] + 2000] = 2;
    v[t] = t.global[0];
  });
  v.synchronize();
}

// The same in a non-tiled launch: the lowest failing point (row-major) is reported.
TESSERA_CASE(lowest_point_out_of_bounds_is_reported_at_every_worker_count, "PROJ-11,PFE-5", expect::out_of_bounds) {
  std::vector<int> out(40 * 40, 0);
  array_view<int, 2> v(40, 40, out);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<2> i) {
    if (i == index<2>(7, 3)) v(i[0], i[1] + 40) = 1;  // expect: out of bounds
    if (i[0] > 7 && i[1] == 0) v(i[0] + 40, i[1]) = 2;
    v[i] = 3;
  });
  v.synchronize();
}

// Threads in tiles 2, 5, 9 and 13 throw, with different messages; at 1, 2 and 8 workers the launch
// reports tile 2's thread (local 6), with its original nested.
TESSERA_CASE(kernel_exception_lowest_thread_reported_at_every_worker_count, "PROJ-11,PROJ-9",
             expect::throws<tessera::kernel_exception>) {
  const emulator::options saved = emulator::get_options();
  std::string first;
  for (unsigned workers : {1u, 2u, 8u}) {
    emulator::set_workers(workers);
    try {
      parallel_for_each(ctx.view(), extent<1>(16 * 16).tile<16>(), [=] restrict_amp (tiled_index<16> t) {  // expect: throws
#if !TESSERA_DEVICE_PASS
        if ((t.tile[0] == 2 && t.local[0] == 6) || (t.tile[0] > 2 && t.tile[0] % 4 == 1 && t.local[0] == 1))
          throw std::runtime_error("thrown by global " + std::to_string(t.global[0]));
#endif
      });
      emulator::set_options(saved);
      throw std::logic_error("the launch did not throw");
    } catch (const kernel_exception& e) {
      const std::string what = e.what();
      if (first.empty()) first = what;
      if (what != first) {
        emulator::set_options(saved);
        throw std::logic_error("at " + std::to_string(workers) + " workers the report differs: " + what + " / " + first);
      }
      if (what.find("thrown by global 38") == std::string::npos || what.find("tile (2) local (6) global (38)") == std::string::npos) {
        emulator::set_options(saved);
        throw std::logic_error("not the lowest thread's failure: " + what);
      }
      if (workers == 8u) {
        emulator::set_options(saved);
        throw;
      }
    }
  }
  emulator::set_options(saved);
}

// A correct kernel: each 64-thread tile reverses itself through tile_static and adds its neighbour's
// value across a second barrier.
std::vector<int> reverse_and_add(const accelerator_view& where, const std::vector<int>& in) {
  std::vector<int> data(in);
  array_view<int, 1> v(static_cast<int>(data.size()), data);
  parallel_for_each(where, v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = v[t];
    t.barrier.wait();
    const int mine = s[63 - t.local[0]];
    t.barrier.wait();
    s[t.local[0]] = mine;
    t.barrier.wait();
    v[t] = mine + s[(t.local[0] + 1) % 64];
  });
  v.synchronize();
  return data;
}

// PROJ-11, PFE-5: a race-free kernel's results are the same at 1, 2 and 8 emulator workers (the worker
// count does nothing on other backends, where the results must be the same too).
TESSERA_CASE(same_results_at_every_worker_count, "PROJ-11,PFE-5", expect::pass) {
  const auto in = ctx.random_ints(64 * 8, -1000, 1000);
  std::vector<int> want(in.size());
  for (std::size_t g = 0; g < in.size(); ++g) {
    const std::size_t base = g / 64 * 64, l = g % 64;
    want[g] = in[base + 63 - l] + in[base + 63 - (l + 1) % 64];
  }
  const emulator::options saved = emulator::get_options();
  for (unsigned workers : {1u, 2u, 8u}) {
    emulator::set_workers(workers);
    ctx.output("workers_" + std::to_string(workers), reverse_and_add(ctx.view(), in), want);
  }
  emulator::set_options(saved);
}

}  // namespace
