// Where a corpus program puts its outputs: a results file of the conformance suite (one case,
// "corpus.<program>", its named outputs), which `tessera-conform diff` compares across backends, and the
// raw bytes of the outputs (<prefix>.bin), which the bit-for-bit test compares between the original
// program and its ported source. Not part of the C++ AMP programs themselves: their checks and outputs
// go through it so that every program reports the same way. Only small inline code here (the
// writing is in corpus_results.cpp, built once, without <amp.h>): the programs parse quickly, for
// tessera-port as for the compilers.
#pragma once

#include "corpus_outputs.hpp"

#include <amp.h>
#include <tessera/conformance/output.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace corpus {

class results {
 public:
  // argv[1], when given, is the prefix of the files written.
  results(std::string program, int argc, char** argv) : program_(std::move(program)) {
    if (argc > 1) prefix_ = argv[1];
  }

  // An output; floats computed differently on a GPU (contracted multiply-adds, other sqrt) may lie
  // `ulps` apart from the emulator's.
  template <class T>
  void output(const std::string& name, const std::vector<T>& values, std::uint64_t ulps = 0) {
    tessera::conformance::output o;
    o.name = name;
    o.type = tessera::conformance::element_type_of<T>();
    o.count = values.size();
    o.ulps = ulps;
    o.bytes.resize(values.size() * sizeof(T));
    if (!values.empty()) std::memcpy(o.bytes.data(), values.data(), o.bytes.size());
    outputs_.push_back(std::move(o));
  }

  // Writes the files; prints the program's verdict and returns its exit status.
  int finish(bool ok, const std::string& what) {
    std::printf("%s: %s\n", ok ? "ok" : "FAIL", what.c_str());
    if (!prefix_.empty()) write_outputs(prefix_, program_, concurrency::accelerator().get_device_path(), ok, outputs_);
    return ok ? 0 : 1;
  }

 private:
  std::string program_;
  std::string prefix_;
  std::vector<tessera::conformance::output> outputs_;
};

}  // namespace corpus
