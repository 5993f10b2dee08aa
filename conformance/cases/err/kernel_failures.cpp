// PROJ-9, PROJ-10, ERR-1, ERR-3: failures inside kernel code on the emulator reach the caller of
// parallel_for_each as typed exceptions (kernel_exception with the original nested, stack_overflow,
// out_of_memory), and the emulator keeps working afterwards. Emulator only (expectations/cuda.tsv):
// amp code cannot throw on a GPU, and a GPU has no guard pages or fiber stacks.
#include <tessera/conformance/case.hpp>

#include <tessera/emulator/options.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Throws std::logic_error (so the case fails) when the caught exception's message lacks `part`.
void require_message(const std::exception& e, const std::string& part) {
  if (std::string(e.what()).find(part) == std::string::npos)
    throw std::logic_error("the message does not name \"" + part + "\": " + e.what());
}

// A correct launch with a barrier, run after a failure: the emulator must still compute it right.
void require_next_launch_works(const accelerator_view& where) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(where, v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    v[t] = s[31 - t.local[0]];
  });
  v.synchronize();
  for (int g = 0; g < 64; ++g)
    if (out[g] != g / 32 * 32 + 31 - g % 32) throw std::logic_error("the launch after the failure computed a wrong result");
}

// PROJ-9: a tiled kernel thread that throws makes the launch throw kernel_exception; its what() names
// the original's type and message and the thread (tile, local, global), and the original is nested.
TESSERA_CASE(kernel_throw_in_tiled_launch_is_kernel_exception_with_original_nested, "PROJ-9,ERR-1",
             expect::throws<tessera::kernel_exception>) {
  try {
    parallel_for_each(ctx.view(), extent<2>(8, 8).tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {  // expect: throws
#if !TESSERA_DEVICE_PASS
      if (t.global == index<2>(6, 1)) throw std::invalid_argument("bad cell");
#endif
    });
  } catch (const kernel_exception& e) {
    require_message(e, "std::invalid_argument: bad cell");
    require_message(e, "tile (1,0) local (2,1) global (6,1)");
    try {
      e.rethrow_nested();
    } catch (const std::invalid_argument& original) {
      if (std::string(original.what()) != "bad cell") throw std::logic_error("the nested exception is not the original");
    } catch (...) {
      throw std::logic_error("the nested exception is not the std::invalid_argument thrown");
    }
    require_next_launch_works(ctx.view());
    throw;
  }
}

// PROJ-9: in a non-tiled launch the thread is named by its point.
TESSERA_CASE(kernel_throw_in_non_tiled_launch_names_the_point, "PROJ-9,ERR-1", expect::throws<tessera::kernel_exception>) {
  try {
    parallel_for_each(ctx.view(), extent<2>(4, 5), [=] restrict_amp (index<2> i) {  // expect: throws
#if !TESSERA_DEVICE_PASS
      if (i == index<2>(3, 1)) throw std::logic_error("bad point");
#endif
    });
  } catch (const kernel_exception& e) {
    require_message(e, "bad point");
    require_message(e, "thread (3,1)");
    throw;
  }
}

// PROJ-9: something that is not a std::exception is nested as it is.
TESSERA_CASE(kernel_throw_of_a_non_standard_type_is_nested_as_is, "PROJ-9", expect::throws<tessera::kernel_exception>) {
  try {
    parallel_for_each(ctx.view(), extent<1>(8).tile<4>(), [=] restrict_amp (tiled_index<4> t) {  // expect: throws
#if !TESSERA_DEVICE_PASS
      if (t.global[0] == 5) throw 42;
#endif
    });
  } catch (const kernel_exception& e) {
    require_message(e, "non-standard exception");
    try {
      std::rethrow_if_nested(e);
      throw std::logic_error("nothing nested");
    } catch (int v) {
      if (v != 42) throw std::logic_error("the nested int is not 42");
    }
    throw;
  }
}

// PROJ-9: when several threads of one tile throw, the lowest local index's exception is reported, at
// every seed (the harness's seed orders the tile's threads).
TESSERA_CASE(kernel_throw_by_several_threads_of_a_tile_reports_the_lowest, "PROJ-9,PROJ-11", expect::throws<tessera::kernel_exception>) {
  try {
    parallel_for_each(ctx.view(), extent<1>(64).tile<64>(), [=] restrict_amp (tiled_index<64> t) {  // expect: throws
#if !TESSERA_DEVICE_PASS
      if (t.local[0] % 10 == 7) throw std::runtime_error("from local " + std::to_string(t.local[0]) + ";");
#endif
    });
  } catch (const kernel_exception& e) {
    require_message(e, "from local 7;");
    throw;
  }
}

// Recursion that never ends; noinline and a volatile frame keep the compiler from removing it.
[[gnu::noinline]] int recurse_forever(int depth, volatile int* sink) {
  volatile char frame[2048];
  frame[0] = static_cast<char>(depth);
  *sink = frame[0];
  if (depth >= 0) *sink = *sink + recurse_forever(depth + 1, sink);
  return frame[depth % 2048];
}

// PROJ-10: a tiled kernel thread that runs past its stack makes the launch throw stack_overflow naming
// the thread and the fix; the next launch works.
TESSERA_CASE(kernel_stack_overflow_in_tiled_launch_is_stack_overflow, "PROJ-10", expect::throws<tessera::stack_overflow>) {
  try {
    parallel_for_each(ctx.view(), extent<1>(16).tile<8>(), [=] restrict_amp (tiled_index<8> t) {  // expect: throws
#if !TESSERA_DEVICE_PASS
      volatile int sink = 0;
      if (t.global[0] == 13) recurse_forever(0, &sink);
#endif
    });
  } catch (const stack_overflow& e) {
    require_message(e, "stack overflow in kernel code");
    require_message(e, "tile (1) local (5) global (13)");
    require_message(e, "TESSERA_STACK_SIZE");
    require_next_launch_works(ctx.view());
    throw;
  }
}

// ERR-3: an OS allocation the emulator cannot make is out_of_memory (E_OUTOFMEMORY): here fiber stacks of
// 1 PiB each, more address space than a process has. The options are restored and a launch works again.
TESSERA_CASE(emulator_cannot_map_stacks_is_out_of_memory, "ERR-3", expect::throws<tessera::out_of_memory>) {
  const emulator::options saved = emulator::get_options();
  emulator::options huge = saved;
  huge.stack_bytes = std::size_t{1} << 50;
  emulator::set_options(huge);
  try {
    parallel_for_each(ctx.view(), extent<1>(8).tile<8>(), [=] restrict_amp (tiled_index<8>) {});  // expect: throws
  } catch (const out_of_memory& e) {
    emulator::set_options(saved);
    if (e.get_error_code() != 0x8007000Eu) throw std::logic_error("out_of_memory's code is not E_OUTOFMEMORY");
    require_message(e, "TESSERA_STACK_SIZE");
    require_next_launch_works(ctx.view());
    throw;
  } catch (...) {
    emulator::set_options(saved);
    throw;
  }
  emulator::set_options(saved);
}

// PROJ-9, ERR-1: the host program catches the kernel_exception at the call site, finds the original in it,
// and goes on: the next launch computes correctly.
TESSERA_CASE(kernel_exception_caught_then_the_program_goes_on, "PROJ-9,ERR-1", expect::pass) {
  bool caught = false;
  try {
    parallel_for_each(ctx.view(), extent<1>(32).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
#if !TESSERA_DEVICE_PASS
      if (t.global[0] == 20) throw std::out_of_range("index 20");
#endif
    });
  } catch (const kernel_exception& e) {
    caught = true;
    ctx.require(std::string(e.what()).find("std::out_of_range: index 20") != std::string::npos, "what() names the original");
    bool nested = false;
    try {
      e.rethrow_nested();
    } catch (const std::out_of_range&) {
      nested = true;
    } catch (...) {
    }
    ctx.require(nested, "the original std::out_of_range is nested");
  }
  ctx.require(caught, "the launch threw kernel_exception");
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    v[t] = s[31 - t.local[0]];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = g / 32 * 32 + 31 - g % 32;
  ctx.output("next_launch", out, want);
}

}  // namespace
