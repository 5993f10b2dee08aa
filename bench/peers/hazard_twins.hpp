// The OpenCL twins of hazard-corpus cases (kernels/hazards.cl), as data: which case each copies, what kind
// of bug it has (or that it is correct), its launch shape, its buffers with their seeded contents, and,
// for a correct kernel, the check of its result against a serial oracle. The OpenCL runner launches them;
// the driver asks Tessera's corpus executor about the same case names and lays both answers side by side.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace peers {

struct twin {
  std::string name;      // the corpus case hazards.<name>, and the kernel's name in hazards.cl
  std::string bug;       // "tile_static race", ..., or "correct"
  int dims = 1;          // 1 or 2
  std::array<std::size_t, 2> global{};  // OpenCL's order: [0] is the column (Tessera's last dimension)
  std::array<std::size_t, 2> local{};
  // Every kernel argument is an int buffer: its initial contents.
  std::vector<std::function<std::vector<int>(std::mt19937&)>> buffers;
  // A correct kernel's oracle: the buffers before and after the launch in, "" or what is wrong out.
  std::function<std::string(const std::vector<std::vector<int>>& before, const std::vector<std::vector<int>>& after)> check;
  bool buggy() const { return bug != "correct"; }
};

const std::vector<twin>& twins();
const twin& twin_named(const std::string& name);  // throws std::invalid_argument

}  // namespace peers
