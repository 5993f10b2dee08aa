// parallel_for_each: the launch (PFE-1..PFE-12).
//
// A launch travels one way: the domain is validated here, once for every backend; the accelerator_view
// names the backend that runs it (detail/backend_dispatch.hpp); the backend returns when every side
// effect is visible (PFE-6) or throws the kernel's failure as a typed exception.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/compute_domain.hpp>
#include <tessera/detail/backend_dispatch.hpp>
#include <tessera/detail/launch_capture.hpp>
#include <tessera/detail/launch_observer.hpp>
#include <tessera/detail/running_launches.hpp>
#include <tessera/extent.hpp>
#include <tessera/tiled_index.hpp>

#include <memory>
#include <type_traits>

namespace tessera {

namespace detail {
// PFE-8: a launch given no accelerator_view runs on the view of the arrays its kernel captures, else on the
// default accelerator's default view. A kernel holds array_views (nvcc takes no reference captures, and
// tessera-port turns a captured array into a view of it), so a view whose data is an array placed on an
// accelerator_view names it, as the array itself would in C++ AMP. Found by a dry copy of the kernel.
template <class Kernel>
accelerator_view launch_view_of(const Kernel& kernel) {
  std::shared_ptr<const accelerator_view> found;
  launch_capture probe;
  probe.infer_view = &found;
  {
    const Kernel copy = capture_kernel(kernel, probe);
    (void)copy;
  }
  return found ? *found : accelerator().get_default_view();
}
}  // namespace detail

template <int N, class Kernel>
void parallel_for_each(const accelerator_view& view, const extent<N>& domain, const Kernel& kernel) {
  static_assert(std::is_invocable_v<const Kernel&, index<N>>,
                "a kernel over extent<N> must be callable with index<N> (and must not be mutable)");
  detail::validate(domain);
  const detail::observed_launch observed(view);
  const detail::running_launch running;
  detail::dispatch(view, domain, kernel);
}

template <int D0, int D1, int D2, class Kernel>
void parallel_for_each(const accelerator_view& view, const tiled_extent<D0, D1, D2>& domain, const Kernel& kernel) {
  static_assert(std::is_invocable_v<const Kernel&, tiled_index<D0, D1, D2>>,
                "a kernel over tiled_extent<D0,D1,D2> must take tiled_index<D0,D1,D2> with the same tile sizes (TIDX-5)");
  detail::validate(domain);
  const detail::observed_launch observed(view);
  const detail::running_launch running;
  detail::dispatch(view, domain, kernel);
}

// Without a view: the view of the arrays the kernel captures, else the default accelerator's (PFE-8).
template <int N, class Kernel>
void parallel_for_each(const extent<N>& domain, const Kernel& kernel) {
  parallel_for_each(detail::launch_view_of(kernel), domain, kernel);
}

template <int D0, int D1, int D2, class Kernel>
void parallel_for_each(const tiled_extent<D0, D1, D2>& domain, const Kernel& kernel) {
  parallel_for_each(detail::launch_view_of(kernel), domain, kernel);
}

}  // namespace tessera
