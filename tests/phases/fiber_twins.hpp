// The kernels of phases_kernels.hpp as the fiber path runs them (fiber_twins.cpp, built without the
// rewrite): the reference the compiled path's results and reports are compared with.
#pragma once

#include <vector>

namespace fiber_twins {
std::vector<int> tile_sums(const std::vector<int>& input, int n);
std::vector<int> run_order(int tiles);
void threads_that_skip_the_barrier(int tiles);
void two_barriers_on_one_line();
void reads_out_of_bounds();
std::vector<int> large_locals();
std::vector<int> neighbour_through_helper(int tiles);
std::vector<int> kept_locals(int tiles, int rounds);
void fails_on_both_sides_of_a_loop_header();
}  // namespace fiber_twins
