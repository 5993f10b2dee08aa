// A kernel whose threads reach one barrier call in different rounds of its loop, for the tests of both
// paths that count the rounds: the checked fiber path (test_loop_rounds.cpp) and the compiled path
// (tests/phases/test_compiled_path.cpp). Internal linkage: the two builds' kernels differ.
#pragma once

#include <tessera/amp.hpp>

#include <vector>

namespace {

// Each thread skips one of four rounds (a different one for every fourth thread) and waits in the others:
// three waits each, at one line.
inline void continue_in_a_different_round(int threads) {
  std::vector<int> out(static_cast<std::size_t>(threads), 0);
  tessera::array_view<int, 1> v(threads, out);
  tessera::parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tessera::tiled_index<16> t) {
    int done = 0;
    for (int round = 0; round < 4; ++round) {
      if ((t.local[0] + round) % 4 == 0) continue;
      ++done;
      t.barrier.wait();
    }
    v[t] = done;
  });
  v.synchronize();
}

}  // namespace
