// The corpus programs' results files (corpus_outputs.hpp).
#include "corpus_outputs.hpp"

#include <tessera/conformance/results.hpp>

#include <fstream>

namespace corpus {

void write_outputs(const std::string& prefix, const std::string& program, const std::string& device_path, bool ok,
                   const std::vector<tessera::conformance::output>& outputs) {
  namespace tc = tessera::conformance;
  tc::run_results run;
  run.backend = device_path.rfind("cuda", 0) == 0 ? "cuda" : "emulator";
  run.device = device_path;
  tc::case_record c;
  c.id = "corpus." + program;
  c.family = "corpus";
  c.name = program;
  c.expectation = "pass";
  c.status = ok ? tc::case_status::pass : tc::case_status::fail;
  c.outputs = outputs;
  run.cases.push_back(c);
  tc::write_results(run, prefix + ".json");
  std::ofstream bin(prefix + ".bin", std::ios::binary);
  for (const auto& o : outputs) bin.write(reinterpret_cast<const char*>(o.bytes.data()), static_cast<std::streamsize>(o.bytes.size()));
}

}  // namespace corpus
