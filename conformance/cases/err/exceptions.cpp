// ERR-1..ERR-5, ERR-7, ERR-9, BAR-10: the exceptions of the model, their types, error codes
// (get_error_code) and messages, and where each comes from; a barrier in a restrict(amp, cpu) helper.
#include <tessera/conformance/case.hpp>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Throws std::logic_error (so the case fails) when the caught exception's message lacks `part`.
void require_message(const std::exception& e, const std::string& part) {
  if (std::string(e.what()).find(part) == std::string::npos)
    throw std::logic_error("the message does not name \"" + part + "\": " + e.what());
}

static_assert(std::is_base_of_v<std::exception, runtime_exception>);
static_assert(std::is_base_of_v<runtime_exception, out_of_memory>);
static_assert(std::is_base_of_v<runtime_exception, invalid_compute_domain>);
static_assert(std::is_base_of_v<runtime_exception, unsupported_feature>);
static_assert(std::is_base_of_v<runtime_exception, accelerator_view_removed>);
static_assert(std::is_base_of_v<runtime_exception, kernel_exception> && std::is_base_of_v<std::nested_exception, kernel_exception>);
static_assert(std::is_base_of_v<runtime_exception, stack_overflow> && std::is_base_of_v<runtime_exception, out_of_bounds>);

// Every error is a runtime_exception carrying an HRESULT-style code: E_FAIL by default, E_OUTOFMEMORY,
// E_INVALIDARG, E_NOTIMPL and DXGI_ERROR_DEVICE_REMOVED for the typed ones; what() keeps the message.
TESSERA_CASE(every_error_is_a_runtime_exception_with_a_code, "ERR-2,ERR-9,ERR-3", expect::pass) {
  const runtime_exception plain("plain");
  const out_of_memory oom("no memory");
  const invalid_compute_domain icd("bad domain");
  const unsupported_feature uf("no feature");
  const accelerator_view_removed removed("gone", 7u);
  ctx.output("codes", std::vector<unsigned>{plain.get_error_code(), oom.get_error_code(), icd.get_error_code(), uf.get_error_code(),
                                            removed.get_error_code(), removed.get_view_removed_reason()},
             std::vector<unsigned>{0x80004005u, 0x8007000Eu, 0x80070057u, 0x80004001u, 0x887A0005u, 7u});
  ctx.require(std::string(oom.what()) == "no memory" && std::string(plain.what()) == "plain", "what() keeps the message");
  // A real one, caught as the base class.
  bool caught = false;
  try {
    parallel_for_each(ctx.view(), extent<1>(6).tile<4>(), [=] restrict_amp (tiled_index<4>) {});
  } catch (const runtime_exception& e) {
    caught = e.get_error_code() == 0x80070057u && std::string(e.what()).size() > 20;
  }
  ctx.require(caught, "an invalid_compute_domain is caught as runtime_exception with E_INVALIDARG and a message");
}

// ERR-4: invalid_compute_domain's what() names the extent, the tile, the dimension and the fix.
TESSERA_CASE(invalid_compute_domain_names_the_problem_and_the_fix, "ERR-4", expect::throws<tessera::invalid_compute_domain>) {
  try {
    parallel_for_each(ctx.view(), extent<2>(12, 10).tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4>) {});  // expect: throws
  } catch (const invalid_compute_domain& e) {
    require_message(e, "(12,10)");
    require_message(e, "(4,4)");
    require_message(e, "dimension 1");
    require_message(e, "pad()");
    if (e.get_error_code() != 0x80070057u) throw std::logic_error("invalid_compute_domain's code is not E_INVALIDARG");
    throw;
  }
}

// ERR-7, ACC-2: an unknown device path throws runtime_exception (exactly that type) listing the known paths.
TESSERA_CASE(unknown_accelerator_path_throws, "ERR-7,ACC-2", expect::throws<tessera::runtime_exception>) {
  try {
    const accelerator a("no-such-device:9");  // expect: throws
    (void)a;
  } catch (const runtime_exception& e) {
    if (typeid(e) != typeid(runtime_exception)) throw std::logic_error(std::string("not a plain runtime_exception: ") + e.what());
    require_message(e, "no-such-device:9");
    require_message(e, "emulator");
    require_message(e, "cpu");
    throw;
  }
}

// ERR-7: an array extent <= 0 throws runtime_exception (ARR-3).
TESSERA_CASE(array_of_zero_extent_throws, "ERR-7,ERR-9", expect::throws<tessera::runtime_exception>) {
  try {
    array<int, 2> a(extent<2>(3, 0));  // expect: throws
    (void)a;
  } catch (const runtime_exception& e) {
    require_message(e, "extent component 1");
    throw;
  }
}

// ERR-7: a copy whose extents do not match throws runtime_exception (§5.3.2): (4,4) into (4,5).
TESSERA_CASE(copy_between_different_extents_throws, "ERR-7,ERR-9", expect::throws<tessera::runtime_exception>) {
  std::vector<int> src(16, 1), dst(20, 0);
  array_view<int, 2> s(4, 4, src), d(4, 5, dst);
  copy(s, d);  // expect: throws
}

// ERR-5, BAR-10: a barrier wait called from host code throws unsupported_feature naming the call's line.
// (A host program has no tile_barrier of its own: it takes one from the runtime's factory, as a
// restrict(amp, cpu) helper would be handed one.)
TESSERA_CASE(barrier_wait_on_the_host_throws, "ERR-5,BAR-10", expect::throws<tessera::unsupported_feature>) {
  const auto t = detail::make_tiled_index<4, 0, 0>(index<1>(0), index<1>(1));
  try {
    t.barrier.wait();  // expect: throws
  } catch (const unsupported_feature& e) {
    require_message(e, "exceptions.cpp:" + std::to_string(__LINE__ - 2));
    if (e.get_error_code() != 0x80004001u) throw std::logic_error("unsupported_feature's code is not E_NOTIMPL");
    throw;
  }
}

// BAR-10: a restrict(amp, cpu) helper that waits at a barrier is ordinary kernel code: called from a
// tiled kernel it rendezvous with its tile like an inline wait (only a call from host code throws, as the
// cases above pin). Each thread hands its value to its right-hand neighbour through tile_static memory.
restrict_amp int pass_right(const tiled_index<64>& t, int* shared, int value) {
  shared[t.local[0]] = value;
  t.barrier.wait();
  return shared[(t.local[0] + 63) % 64];
}

TESSERA_CASE(barrier_in_an_amp_cpu_helper_works_in_a_kernel, "BAR-10,BAR-2", expect::pass) {
  const int n = 256;
  const auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0), oracle(n);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> r(n, out);
  r.discard_data();
  parallel_for_each(ctx.view(), r.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int shared[64];
    r[t.global] = pass_right(t, shared, a[t.global]);
  });
  r.synchronize();
  for (int i = 0; i < n; ++i) oracle[i] = in[(i / 64) * 64 + (i % 64 + 63) % 64];
  ctx.output("neighbour", out, oracle);
}

// ERR-5, BAR-10: the free fences too.
TESSERA_CASE(fence_on_the_host_throws, "ERR-5,BAR-10", expect::throws<tessera::unsupported_feature>) {
  const auto t = detail::make_tiled_index<2, 2, 0>(index<2>(0, 0), index<2>(1, 0));
  tile_static_memory_fence(t.barrier);  // expect: throws
}

// ERR-1: amp code does not throw; a kernel that finds bad input reports it through data, which the host
// turns into an exception or a decision. Here each thread validates its element and writes a status.
TESSERA_CASE(device_errors_reported_through_data, "ERR-1", expect::pass) {
  const int n = 256;
  auto in = ctx.random_ints(n, -20, 100);
  std::vector<int> status(n, -1), result(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> s(n, status), r(n, result);
  parallel_for_each(ctx.view(), s.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    const int x = a[t];
    if (x < 0) {
      s[t] = 1;  // invalid input: no throw in amp code
      r[t] = 0;
      return;
    }
    s[t] = 0;
    r[t] = x * x;
  });
  s.synchronize();
  r.synchronize();
  std::vector<int> ws(n), wr(n);
  for (int i = 0; i < n; ++i) {
    ws[i] = in[i] < 0 ? 1 : 0;
    wr[i] = in[i] < 0 ? 0 : in[i] * in[i];
  }
  ctx.output("status", status, ws);
  ctx.output("result", result, wr);
}

// ERR-7: the valid forms next to the stated throws: a known device path, an array of positive extent and
// a copy between equal extents all work.
TESSERA_CASE(valid_forms_next_to_the_stated_throws, "ERR-7", expect::pass) {
  const accelerator emu(accelerator::emulator_accelerator);
  ctx.require(accelerator(emu.get_device_path()) == emu && emu.get_device_path().rfind("emulator", 0) == 0,
              "a known path names its device");
  array<int, 2> a(3, 4);
  ctx.require(a.extent == extent<2>(3, 4), "an array of positive extent is made");
  auto in = ctx.random_ints(12, -50, 50);
  std::vector<int> out(12, 0);
  array_view<int, 2> s(3, 4, in), d(3, 4, out);
  copy(s, a);
  copy(a, d);
  d.synchronize();
  ctx.output("copied", out, in);
}

// A tiled kernel thread that uses 16 KiB of stack (within the emulator's 64 KiB per thread, and a GPU's
// local memory) runs normally: the valid form next to stack_overflow (PROJ-10).
TESSERA_CASE(deep_stack_use_within_the_limit_runs, "PROJ-10", expect::pass) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    volatile int local[4096];  // 16 KiB of this thread's stack
    for (int k = 0; k < 4096; ++k) local[k] = k ^ t.global[0];
    int sum = 0;
    for (int k = 0; k < 4096; k += 64) sum += local[k];
    v[t] = sum;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    int sum = 0;
    for (int k = 0; k < 4096; k += 64) sum += k ^ g;
    want[g] = sum;
  }
  ctx.output("sums", out, want);
}

}  // namespace
