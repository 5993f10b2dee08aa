// Writing a corpus program's outputs (corpus_results.cpp): host code without <amp.h>, so that one build of
// it serves the programs built for the emulator and their nvcc builds alike.
#pragma once

#include <tessera/conformance/output.hpp>

#include <string>
#include <vector>

namespace corpus {

// Writes <prefix>.json (a results file with one case, "corpus.<program>", pass or fail by `ok`, on the
// backend `device_path` names) and <prefix>.bin (the outputs' bytes, one after another).
void write_outputs(const std::string& prefix, const std::string& program, const std::string& device_path, bool ok,
                   const std::vector<tessera::conformance::output>& outputs);

}  // namespace corpus
