// parallel_for_each: the launch (PFE-1..PFE-12).
//
// A launch travels one way: the domain is validated here, once for every backend; the accelerator_view
// names the backend that runs it (detail/backend_dispatch.hpp); the backend returns when every side
// effect is visible (PFE-6) or throws the kernel's failure as a typed exception.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/compute_domain.hpp>
#include <tessera/detail/backend_dispatch.hpp>
#include <tessera/detail/launch_observer.hpp>
#include <tessera/detail/running_launches.hpp>
#include <tessera/extent.hpp>
#include <tessera/tiled_index.hpp>

#include <type_traits>

namespace tessera {

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

// Without a view: the default accelerator's default view (PFE-8).
template <int N, class Kernel>
void parallel_for_each(const extent<N>& domain, const Kernel& kernel) {
  parallel_for_each(accelerator().get_default_view(), domain, kernel);
}

template <int D0, int D1, int D2, class Kernel>
void parallel_for_each(const tiled_extent<D0, D1, D2>& domain, const Kernel& kernel) {
  parallel_for_each(accelerator().get_default_view(), domain, kernel);
}

}  // namespace tessera
