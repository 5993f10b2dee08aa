// ACC-1..ACC-3, ACC-6..ACC-8, PROJ-12: accelerators (paths, identity, properties, the default) and
// accelerator_views (identity, queuing mode, in-order execution of launches on one view).
#include <tessera/conformance/case.hpp>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

bool lists(const std::vector<accelerator>& all, const std::string& path) {
  for (const auto& a : all)
    if (a.get_device_path() == path) return true;
  return false;
}

// ACC-1, ACC-3, PROJ-12: get_all() lists "cpu" and "emulator" (and the backend's device); the backend's
// accelerator is one of them, has a path and a description, and "cpu" is never where kernels run.
TESSERA_CASE(get_all_lists_cpu_emulator_and_the_backend_device, "ACC-1,ACC-3,PROJ-12", expect::pass) {
  const auto all = accelerator::get_all();
  ctx.require(lists(all, "cpu"), "get_all() lists cpu");
  // "emulator", or with several emulated devices (TESSERA_EMULATOR_DEVICES) "emulator:0" ..., which the
  // path "emulator" still names.
  ctx.require(lists(all, "emulator") || lists(all, accelerator("emulator").get_device_path()), "get_all() lists emulator");
  const accelerator mine = ctx.view().get_accelerator();
  ctx.require(lists(all, mine.get_device_path()), "the backend's accelerator is in get_all()");
  ctx.require(mine.get_device_path() != "cpu", "kernels never run on cpu");
  ctx.require(!mine.get_description().empty(), "the accelerator has a description");
  if (ctx.backend() == "cuda") ctx.require(mine.get_device_path().rfind("cuda:", 0) == 0, "CUDA devices are cuda:N");
  for (const auto& a : all) {
    if (a.get_device_path().rfind("cuda:", 0) == 0) {
      const std::string n = a.get_device_path().substr(5);
      ctx.require(!n.empty() && n.find_first_not_of("0123456789") == std::string::npos, "cuda:N has a number N");
    }
  }
}

// ACC-2, PROJ-12: each path names one device; accelerators made from one path compare equal (a copy is
// the same device), different paths differ, and "default" names the default accelerator.
TESSERA_CASE(paths_name_devices_and_equal_paths_compare_equal, "ACC-2,PROJ-12", expect::pass) {
  const accelerator emu1(accelerator::emulator_accelerator), emu2("emulator");
  const accelerator cpu(accelerator::cpu_accelerator);
  const accelerator copy = emu1;
  ctx.require(emu1 == emu2 && copy == emu1, "accelerator(\"emulator\") twice is one device");
  ctx.require(cpu != emu1, "cpu and emulator differ");
  ctx.require(accelerator(accelerator::default_accelerator) == accelerator(), "\"default\" is the default accelerator");
  ctx.require(std::string(accelerator::default_accelerator) == "default" && std::string(accelerator::cpu_accelerator) == "cpu",
              "the path constants");
  for (const auto& a : accelerator::get_all())
    ctx.require(accelerator(a.get_device_path()) == a, "every listed path resolves to its device: " + a.get_device_path());
  const accelerator mine = ctx.view().get_accelerator();
  ctx.require(accelerator(mine.get_device_path()) == mine, "the backend's path resolves to its device");
}

// ACC-2: an unknown path throws runtime_exception.
TESSERA_CASE(unknown_path_throws, "ACC-2", expect::throws<tessera::runtime_exception>) {
  const accelerator a("direct3d\\warp-that-is-not-here");  // expect: throws
  (void)a;
}

// ACC-3, PFE-10: cpu's default view is not a compute target: a launch on it throws unsupported_feature.
TESSERA_CASE(cpu_default_view_is_not_a_compute_target, "ACC-3,PFE-10", expect::throws<tessera::unsupported_feature>) {
  const accelerator cpu(accelerator::cpu_accelerator);
  parallel_for_each(cpu.get_default_view(), extent<2>(2, 2), [=] restrict_amp (index<2>) {});  // expect: throws
}

// ACC-6, PROJ-12: the default is a compute device (never cpu): TESSERA_DEFAULT_ACCELERATOR when set, else
// the first device that is not emulated, else the emulator; once chosen, set_default() returns false.
TESSERA_CASE(default_accelerator_is_chosen_once_and_never_cpu, "ACC-6,PROJ-12", expect::pass) {
  const accelerator def;
  const auto all = accelerator::get_all();
  std::string want = "emulator";
  if (const char* env = std::getenv("TESSERA_DEFAULT_ACCELERATOR"); env != nullptr && *env != '\0') {
    want = env;
  } else {
    for (const auto& a : all)
      if (!a.get_is_emulated()) {
        want = a.get_device_path();
        break;
      }
  }
  ctx.require(def.get_device_path() != "cpu", "the default is never cpu");
  ctx.require(def == accelerator(want), "the default is " + want + ", not " + def.get_device_path());
  ctx.require(!accelerator::set_default("emulator"), "set_default after the default was chosen returns false");
  ctx.require(accelerator() == def, "the default did not change");
}

// ACC-7: the properties: the emulator is emulated, version 1.0 packed as major << 16 | minor, supports
// double precision (and therefore limited double precision); the backend's accelerator reports its own,
// consistently; a view reports its accelerator's version and debug flag.
TESSERA_CASE(accelerator_properties, "ACC-7", expect::pass) {
  const accelerator emu(accelerator::emulator_accelerator);
  ctx.require(emu.get_is_emulated(), "the emulator is emulated");
  ctx.require(emu.get_version() >> 16 == 1u && (emu.get_version() & 0xFFFFu) == 0u, "emulator version 1.0");
  ctx.require(emu.get_supports_double_precision(), "the emulator supports double precision");
  const accelerator cpu(accelerator::cpu_accelerator);
  ctx.require(cpu.get_is_emulated() && !cpu.get_has_display(), "cpu is emulated and has no display");
  const accelerator mine = ctx.view().get_accelerator();
  ctx.require(!mine.get_supports_double_precision() || mine.get_supports_limited_double_precision(),
              "double precision implies limited double precision");
  ctx.require(ctx.view().get_version() == mine.get_version() && ctx.view().get_is_debug() == mine.get_is_debug(),
              "the view reports its accelerator's version and debug flag");
  if (ctx.backend() == "cuda") {
    ctx.require(!mine.get_is_emulated(), "a CUDA device is not emulated");
    ctx.require(mine.get_dedicated_memory() > 1024u * 1024u, "a GPU reports its memory in KB (more than 1 GiB)");
    ctx.require(mine.get_version() >> 16 >= 3u, "compute capability major >= 3");
  } else {
    ctx.require(mine.get_is_emulated(), "the emulator backend's device is emulated");
  }
  // Double arithmetic in a kernel where the device says it is supported.
  if (mine.get_supports_double_precision()) {
    std::vector<double> out(4, 0.0);
    array_view<double, 1> v(4, out);
    parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<1> i) {
      double x = 1.0;
      for (int k = 0; k < i[0] + 30; ++k) x *= 0.5;
      v[i] = x + 1.0;
    });
    v.synchronize();
    ctx.output("doubles", out, std::vector<double>{1.0 + 0x1p-30, 1.0 + 0x1p-31, 1.0 + 0x1p-32, 1.0 + 0x1p-33});
  }
}

// ACC-8: a view is made by copy (the copy is the same view) or by create_view (a new one on the same
// accelerator); the default view is automatic, create_view takes the mode asked for.
TESSERA_CASE(view_identity_and_queuing_mode, "ACC-8", expect::pass) {
  const accelerator mine = ctx.view().get_accelerator();
  const accelerator_view copy = ctx.view();
  const accelerator_view other = mine.create_view();
  const accelerator_view immediate = mine.create_view(queuing_mode::immediate);
  ctx.require(copy == ctx.view(), "a copy of a view is the same view");
  ctx.require(other != ctx.view() && immediate != other, "create_view makes a new view");
  ctx.require(other.get_accelerator() == mine && immediate.get_accelerator() == mine, "on the same accelerator");
  ctx.require(mine.get_default_view() == mine.get_default_view(), "the default view is one view");
  ctx.require(mine.get_default_view().get_queuing_mode() == queuing_mode::automatic, "the default view is automatic");
  ctx.require(immediate.get_queuing_mode() == queuing_mode::immediate && other.get_queuing_mode() == queuing_mode::automatic,
              "create_view takes the mode asked for (automatic by default)");
}

// ACC-8: launches on one view run in submission order: each of 8 launches reads what the previous one
// wrote, with no host synchronization between them; wait() then accounts for all of them.
TESSERA_CASE(launches_on_one_view_run_in_order, "ACC-8,PFE-6", expect::pass) {
  const int n = 512;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> a(in), b(n, 0);
  array_view<int, 1> va(n, a), vb(n, b);
  for (int step = 0; step < 8; ++step) {
    if (step % 2 == 0) {
      parallel_for_each(ctx.view(), va.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { vb[t] = va[t] * 2 + step; });
    } else {
      parallel_for_each(ctx.view(), va.extent, [=] restrict_amp (index<1> i) { va[i] = vb[i] - 3; });
    }
  }
  ctx.view().wait();
  va.synchronize();
  vb.synchronize();
  std::vector<int> wa(in), wb(n, 0);
  for (int step = 0; step < 8; ++step)
    for (int i = 0; i < n; ++i) {
      if (step % 2 == 0) wb[i] = wa[i] * 2 + step;
      else wa[i] = wb[i] - 3;
    }
  ctx.output("a", a, wa);
  ctx.output("b", b, wb);
}

// ACC-8: a launch on a second view of the backend's accelerator computes the same, and flush() and
// wait() on it return.
TESSERA_CASE(launch_on_a_created_view, "ACC-8,PFE-8", expect::pass) {
  const accelerator_view other = ctx.view().get_accelerator().create_view(queuing_mode::immediate);
  std::vector<int> out(96, 0);
  array_view<int, 2> v(8, 12, out);
  parallel_for_each(other, v.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { v[t] = t.global[0] * 12 + t.global[1]; });
  other.flush();
  other.wait();
  v.synchronize();
  std::vector<int> want(96);
  for (int i = 0; i < 96; ++i) want[i] = i;
  ctx.output("values", out, want);
}

}  // namespace
