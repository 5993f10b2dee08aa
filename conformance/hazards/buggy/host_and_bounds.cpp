// Buggy kernels that reach memory they may not: indices outside a view's extent (AV-8, out_of_bounds)
// and host memory no captured view holds (a variable captured by reference, a heap buffer behind a raw
// pointer, a global variable: host memory access). Each case must be reported as expected, at a line
// marked `// expect:`; on CUDA these are listed by @out_of_bounds and @hazard (expectations/cuda.tsv).
#include <tessera/conformance/case.hpp>

#include <memory>
#include <vector>

// A host global variable (external linkage, so the compiler must load it, hence outside the anonymous
// namespace): kernels cannot reach it.
namespace tessera_hazards_cases {
int host_scale = 3;
}  // namespace tessera_hazards_cases

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Each thread reads the element after its own: the last thread reads one past the end.
TESSERA_CASE(read_one_past_the_end, "AV-8,PROJ-7", expect::out_of_bounds) {
  std::vector<int> in(64, 1), out(64);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t] = a[t.global[0] + 1];  // expect: out of bounds
  });
  v.synchronize();
}

// Each thread writes the element to the left of its own in a 2-D view: column 0 writes column -1 (whose
// linear offset is still inside the data, except in row 0).
TESSERA_CASE(write_at_negative_column_index, "AV-8,PROJ-7", expect::out_of_bounds) {
  std::vector<float> data(16 * 16, 0.0f);
  array_view<float, 2> m(16, 16, data);
  parallel_for_each(ctx.view(), m.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    m(t.global[0], t.global[1] - 1) = 1.0f;  // expect: out of bounds
  });
  m.synchronize();
}

// Each thread writes the element above its own in a 2-D view: row 0 writes row -1.
TESSERA_CASE(write_at_negative_row_index, "AV-8,PROJ-7", expect::out_of_bounds) {
  std::vector<int> data(64);
  array_view<int, 2> v(8, 8, data);
  parallel_for_each(ctx.view(), v.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    v(t.global[0] - 1, t.global[1]) = 1;  // expect: out of bounds
  });
  v.synchronize();
}

// A host variable captured by reference and written by the kernel. nvcc rejects a by-reference capture
// in an extended lambda (GEN-5 bans it for anything but arrays), so the case exists on the emulator only.
TESSERA_CASE(host_variable_captured_by_reference, "PFE-7,GEN-5", expect::hazard("host memory access")) {
#if !defined(__CUDACC__)
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  int seen = 0;
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=, &seen] restrict_amp (tiled_index<16> t) {
    v[t] = t.local[0];
    if (t.global[0] == 0) seen = 1;  // expect: host memory access
  });
  v.synchronize();
#endif
}

// A heap buffer read through a raw pointer captured by value: no array_view holds it.
TESSERA_CASE(heap_buffer_through_raw_pointer, "GEN-4,PFE-7", expect::hazard("host memory access")) {
  auto heap = std::make_unique<int[]>(16);
  for (int i = 0; i < 16; ++i) heap[i] = i * i;
  const int* weights = heap.get();
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t] = weights[t.local[0]] * 2;  // expect: host memory access
  });
  v.synchronize();
}

// nvcc's device pass cannot name a host variable at all; it compiles the kernel with the constant (the
// case is emulator-only, listed by @hazard).
#if TESSERA_DEVICE_PASS
#define TESSERA_HAZARDS_HOST_SCALE 3
#else
#define TESSERA_HAZARDS_HOST_SCALE tessera_hazards_cases::host_scale
#endif

// A host global variable read by the kernel.
TESSERA_CASE(host_global_variable_read, "PFE-7,GEN-5", expect::hazard("host memory access")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t] = t.local[0] * TESSERA_HAZARDS_HOST_SCALE;  // expect: host memory access
  });
  v.synchronize();
}

}  // namespace
