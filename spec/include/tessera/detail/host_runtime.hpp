// What the backend that runs kernel code on the host tells the model's own host-side code.
//
// The model checks indexing on the host (AV-8) and the exceptions it throws carry the caller's stack, so
// that a backend running kernels on the host can name the kernel's line. Both are the host backend's
// business: it switches the checks (the emulator's TESSERA_CHECKS_OFF=out_of_bounds) and it knows how
// to capture a stack it can symbolize. The model only reads these; without a host backend indexing is
// checked and exceptions carry no stack.
#pragma once

#include <vector>

namespace tessera::detail {

struct host_runtime {
  // Whether host-side indexing is checked (read on every access in checked code: one load).
  bool bounds_checking = true;
  // C++ AMP's own indexing is unchecked (AV-8: undefined), and programs written against it read a view
  // outside its extent on the host and get the element at that address, e.g. a section's loop running
  // past the section into its parent. The compat header <amp.h> sets this, so that host code of such a
  // program (not kernel code, and not Tessera's own API, PROJ-7) gets that element when the address lies
  // inside the data's storage; outside the storage it still throws out_of_bounds.
  bool host_indexing_as_cpp_amp = false;
  // The code addresses of the caller's stack, innermost first, for a report naming the kernel's line.
  std::vector<const void*> (*call_stack)() = nullptr;
};

inline host_runtime host_backend;

}  // namespace tessera::detail
