// The OpenCL side of the benchmark: the host program that runs the .cl kernels on whichever OpenCL
// platform it finds, printing its result as one JSON object. The driver runs it as a child process with a
// time limit, plainly (POCL, through the ICD loader) or under `oclgrind` (which preloads Oclgrind's
// runtime in place of the loader, so Oclgrind is then the only platform).
//
//   bench_peers_opencl platforms                                   # what is there; exit 77 when nothing
//   bench_peers_opencl workload --workload matmul_16x16 --size 256 --platform Portable [--budget 2]
//   bench_peers_opencl hazard --name neighbour_read_without_barrier
//
// A timed launch is enqueueNDRangeKernel and finish, with the inputs already on the device; building the
// program, creating buffers and uploading are not timed, and the output buffer is filled with NaNs
// before every launch so that each launch's result is checked afresh against the serial oracle.
#include "hazard_twins.hpp"
#include "timing.hpp"
#include "workloads.hpp"

#define CL_HPP_ENABLE_EXCEPTIONS
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_TARGET_OPENCL_VERSION 120
#include <CL/opencl.hpp>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <stdexcept>

#ifndef TESSERA_PEERS_KERNELS_DIR
#define TESSERA_PEERS_KERNELS_DIR "."
#endif

namespace {

// cl::Error's what() is only the failing function's name; add the code.
std::string describe(const cl::Error& e) { return std::string(e.what()) + " failed with OpenCL error " + std::to_string(e.err()); }

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct target {
  cl::Platform platform;
  cl::Device device;
  cl::Context context;
  cl::CommandQueue queue;
};

// The first platform whose name contains `wanted` (any platform when empty), and its first device.
target open_target(const std::string& wanted, nlohmann::json& result) {
  std::vector<cl::Platform> platforms;
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error&) {
    platforms.clear();  // the ICD loader's "no platform" (-1001)
  }
  for (auto& p : platforms) {
    const std::string name = p.getInfo<CL_PLATFORM_NAME>();
    if (!wanted.empty() && name.find(wanted) == std::string::npos) continue;
    std::vector<cl::Device> devices;
    p.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    if (devices.empty()) continue;
    target t{p, devices.front(), cl::Context(devices.front()), {}};
    t.queue = cl::CommandQueue(t.context, t.device);
    result["platform"] = name;
    result["platform_version"] = p.getInfo<CL_PLATFORM_VERSION>();
    result["device"] = t.device.getInfo<CL_DEVICE_NAME>();
    result["compute_units"] = t.device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    return t;
  }
  throw std::runtime_error(wanted.empty() ? "no OpenCL platform with a device" : "no OpenCL platform named like '" + wanted + "'");
}

cl::Program build(const target& t, const std::string& file, const std::string& options) {
  cl::Program program(t.context, read_text(file));
  try {
    program.build({t.device}, options.c_str());
  } catch (const cl::Error&) {
    throw std::runtime_error("building " + file + " (" + options + ") failed:\n" + program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(t.device));
  }
  return program;
}

cl::Buffer upload(const target& t, const std::vector<float>& v) {
  return cl::Buffer(t.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, v.size() * sizeof(float), const_cast<float*>(v.data()));
}

void run_workload(const std::string& id, long size, const std::string& platform, const std::string& kernels, double budget,
                  nlohmann::json& result) {
  const peers::workload& w = peers::workload_named(id);
  const peers::inputs in = peers::make_inputs(w, size);
  const std::vector<float> want = peers::oracle(w, size, in);
  const target t = open_target(platform, result);

  const std::string file = kernels + "/workloads.cl";
  const std::size_t n = static_cast<std::size_t>(size);
  std::string options, name;
  cl::NDRange global, local;
  switch (w.k) {
    case peers::kind::tile_average_2x2: options = "-DTY=2 -DTX=2", name = "tile_average", global = {n, n}, local = {2, 2}; break;
    case peers::kind::tile_average_16x16: options = "-DTY=16 -DTX=16", name = "tile_average", global = {n, n}, local = {16, 16}; break;
    case peers::kind::matmul_16x16: options = "-DTILE=16", name = "matmul", global = {n, n}, local = {16, 16}; break;
    case peers::kind::reduction_256: options = "-DWIDTH=256", name = "reduce", global = {n}, local = {256}; break;
  }
  cl::Program program = build(t, file, options);
  cl::Kernel kernel(program, name.c_str());
  const std::vector<float> out_init(peers::output_count(w, size), std::numeric_limits<float>::quiet_NaN());
  cl::Buffer a = upload(t, in.a);
  cl::Buffer b = in.b.empty() ? cl::Buffer() : upload(t, in.b);
  cl::Buffer out(t.context, CL_MEM_READ_WRITE, out_init.size() * sizeof(float));
  int arg = 0;
  kernel.setArg(arg++, a);
  if (w.k == peers::kind::matmul_16x16) kernel.setArg(arg++, b);
  kernel.setArg(arg++, out);
  if (w.k != peers::kind::reduction_256) kernel.setArg(arg++, static_cast<cl_int>(size));

  std::vector<float> got(out_init.size());
  const peers::timed timing = peers::time_launches(
      [&] {
        t.queue.enqueueWriteBuffer(out, CL_TRUE, 0, out_init.size() * sizeof(float), out_init.data());
        const double s = bench::seconds([&] {
          t.queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local);
          t.queue.finish();
        });
        t.queue.enqueueReadBuffer(out, CL_TRUE, 0, got.size() * sizeof(float), got.data());
        std::string first;
        if (const std::size_t bad = peers::mismatches(got, want, first))
          throw std::runtime_error(std::to_string(bad) + " results differ from the serial oracle; " + first);
        return s;
      },
      budget);
  result.update(peers::to_json(timing));
}

// Runs one twin once. Whatever the platform reports about the kernel (Oclgrind's diagnostics) goes to
// stderr, where the driver reads it; here: whether the launch completed and, for a correct kernel,
// whether its result equals the oracle's.
void run_twin(const std::string& name, const std::string& platform, const std::string& kernels, nlohmann::json& result) {
  const peers::twin& tw = peers::twin_named(name);
  const target t = open_target(platform, result);
  cl::Program program = build(t, kernels + "/hazards.cl", "");
  cl::Kernel kernel(program, name.c_str());
  std::mt19937 gen(20261122u);
  std::vector<std::vector<int>> before, after;
  std::vector<cl::Buffer> buffers;
  for (std::size_t i = 0; i < tw.buffers.size(); ++i) {
    before.push_back(tw.buffers[i](gen));
    buffers.emplace_back(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, before.back().size() * sizeof(int), before.back().data());
    kernel.setArg(static_cast<cl_uint>(i), buffers.back());
  }
  const cl::NDRange global = tw.dims == 1 ? cl::NDRange(tw.global[0]) : cl::NDRange(tw.global[0], tw.global[1]);
  const cl::NDRange local = tw.dims == 1 ? cl::NDRange(tw.local[0]) : cl::NDRange(tw.local[0], tw.local[1]);
  t.queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local);
  t.queue.finish();
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    after.emplace_back(before[i].size());
    t.queue.enqueueReadBuffer(buffers[i], CL_TRUE, 0, after.back().size() * sizeof(int), after.back().data());
  }
  result["completed"] = true;
  if (tw.check) {
    const std::string wrong = tw.check(before, after);
    result["result"] = wrong.empty() ? "equals the oracle" : "WRONG: " + wrong;
    if (!wrong.empty()) throw std::runtime_error("the result differs from the oracle: " + wrong);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Runs the benchmark's OpenCL kernels (workloads and hazard-corpus twins) and prints the result as JSON."};
  app.require_subcommand(1);
  std::string workload_id, twin_name, platform, kernels = TESSERA_PEERS_KERNELS_DIR;
  long size = 0;
  double budget = 2;
  app.add_option("--kernels", kernels, "Folder of workloads.cl and hazards.cl")->capture_default_str();
  auto* platforms_cmd = app.add_subcommand("platforms", "List the OpenCL platforms and devices; exit 77 when there are none");
  auto* workload_cmd = app.add_subcommand("workload", "Time one workload at one size");
  workload_cmd->add_option("--workload", workload_id, "tile_average_2x2, tile_average_16x16, matmul_16x16, reduction_256")->required();
  workload_cmd->add_option("--size", size, "N (matrices N x N) or the number of floats (reduction)")->required()->check(CLI::PositiveNumber);
  workload_cmd->add_option("--platform", platform, "Use the first platform whose name contains this (default: the first)");
  workload_cmd->add_option("--budget", budget, "Seconds of launches to repeat within after the first")->capture_default_str();
  auto* hazard_cmd = app.add_subcommand("hazard", "Run one hazard-corpus twin once");
  hazard_cmd->add_option("--name", twin_name, "The corpus case it copies (hazards.<name>)")->required();
  hazard_cmd->add_option("--platform", platform, "Use the first platform whose name contains this (default: the first)");
  CLI11_PARSE(app, argc, argv);

  nlohmann::json result;
  int status = 0;
  try {
    if (platforms_cmd->parsed()) {
      std::vector<cl::Platform> platforms;
      try {
        cl::Platform::get(&platforms);
      } catch (const cl::Error&) {
        platforms.clear();
      }
      result["platforms"] = nlohmann::json::array();
      for (auto& p : platforms) {
        std::vector<cl::Device> devices;
        try {
          p.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        } catch (const cl::Error&) {
        }
        nlohmann::json names = nlohmann::json::array();
        for (auto& d : devices) names.push_back(d.getInfo<CL_DEVICE_NAME>());
        result["platforms"].push_back({{"name", p.getInfo<CL_PLATFORM_NAME>()}, {"version", p.getInfo<CL_PLATFORM_VERSION>()}, {"devices", names}});
      }
      std::cout << result.dump() << std::endl;
      return platforms.empty() ? 77 : 0;
    }
    if (workload_cmd->parsed()) run_workload(workload_id, size, platform, kernels, budget, result);
    else run_twin(twin_name, platform, kernels, result);
    result["ok"] = true;
  } catch (const cl::Error& e) {
    result["ok"] = false;
    result["error"] = describe(e);
    status = 1;
  } catch (const std::exception& e) {
    result["ok"] = false;
    result["error"] = e.what();
    status = 1;
  }
  std::cout << result.dump() << std::endl;
  return status;
}
