// A kernel built without line information (no_line_info_kernel.cpp is compiled with -g0), for the test
// that such code is still reported, by module and offset, and counted as a symbolization failure.
#pragma once

#include <vector>

// Threads of one tile all store to element 0: a race.
void race_in_code_without_line_information(std::vector<int>& out);
