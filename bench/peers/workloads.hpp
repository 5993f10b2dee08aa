// The benchmark's workloads, as the Tessera runner, the OpenCL runner and the driver all see them: their
// names and sizes, their seeded inputs, their serial oracles and their barrier counts. One definition, so
// both sides compute from the same inputs and are checked against the same oracle.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace peers {

enum class kind { tile_average_2x2, tile_average_16x16, matmul_16x16, reduction_256 };

struct workload {
  kind k;
  std::string id;     // on command lines: "tile_average_2x2", ...
  std::string title;  // in tables: "tile average 2x2"
  std::string size_name;  // what the size counts: "N" (N x N matrices) or "floats"
  std::vector<long> sizes;
};

// Every workload with the sizes the benchmark runs, in table order.
const std::vector<workload>& workloads();
const workload& workload_named(const std::string& id);  // throws std::invalid_argument

// "N=1024", "2^18"
std::string size_label(const workload& w, long size);

// The inputs of one run: seeded, never zero, and small multiples of 1/4 (tile averages, reduction) or
// small integers (matmul) held in floats, so every sum the kernels form is exact and a correct result
// equals the oracle's bit for bit on every backend, whatever the compiler contracts or reorders.
struct inputs {
  std::vector<float> a;  // the matrix or vector
  std::vector<float> b;  // matmul's second matrix; empty otherwise
};
inputs make_inputs(const workload& w, long size);
std::size_t output_count(const workload& w, long size);

// The serial oracle: the kernels' own order of additions.
std::vector<float> oracle(const workload& w, long size, const inputs& in);

// How many elements of `got` differ from `want` (bit for bit), with the first difference described in
// `first` ("element 17: 3.25, expected 3.5").
std::size_t mismatches(const std::vector<float>& got, const std::vector<float>& want, std::string& first);

// Barrier crossings of one launch: every kernel thread's tile_barrier::wait calls, added up (the unit of
// bench/bench_barrier_crossing).
double barrier_crossings(const workload& w, long size);

}  // namespace peers
