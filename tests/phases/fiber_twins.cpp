#include "fiber_twins.hpp"

#include "phases_kernels.hpp"

namespace fiber_twins {
std::vector<int> tile_sums(const std::vector<int>& input, int n) { return ::tile_sums(input, n); }
std::vector<int> run_order(int tiles) { return ::run_order(tiles); }
void threads_that_skip_the_barrier(int tiles) { ::threads_that_skip_the_barrier(tiles); }
void two_barriers_on_one_line() { ::two_barriers_on_one_line(); }
void reads_out_of_bounds() { ::reads_out_of_bounds(); }
std::vector<int> large_locals() { return ::large_locals(); }
std::vector<int> neighbour_through_helper(int tiles) { return ::neighbour_through_helper(tiles); }
std::vector<int> kept_locals(int tiles, int rounds) { return ::kept_locals(tiles, rounds); }
void fails_on_both_sides_of_a_loop_header() { ::fails_on_both_sides_of_a_loop_header(); }
}  // namespace fiber_twins
