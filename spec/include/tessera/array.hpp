// array<T,N>: a dense, row-major container that owns its data (ARR-1..ARR-8).
//
// Arrays are values: copies are deep (ARR-2). Element access, sections and projections behave exactly as
// on an array_view over the whole array, so they are implemented by one.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/array_view.hpp>
#include <tessera/detail/elementwise.hpp>
#include <tessera/detail/running_launches.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

namespace tessera {

template <class T, int N = 1>
class array {
  static_assert(!std::is_const_v<T>, "array elements cannot be const; use array_view<const T,N> for read-only access");

 public:
  using value_type = T;
  static constexpr int rank = N;

  // The array's shape (read it; assigning to it is not supported).
  tessera::extent<N> extent;

  explicit array(const tessera::extent<N>& e) : extent(e), view_(checked(e)) {
    view_.home_->mark_array(nullptr);
    if (auto on = accelerator::default_if_chosen(); on && on->default_refuses_host()) host_refused_ = guarded_ = true;
  }
  explicit array(int e0) requires(N == 1) : array(tessera::extent<1>(e0)) {}
  array(int e0, int e1) requires(N == 2) : array(tessera::extent<2>(e0, e1)) {}
  array(int e0, int e1, int e2) requires(N == 3) : array(tessera::extent<3>(e0, e1, e2)) {}

  // From a range of at least extent.size() elements (ARR-4: a shorter range is an error, not UB).
  template <std::input_iterator It>
  array(const tessera::extent<N>& e, It first, It last) : array(e) {
    fill_from(first, last);
  }
  template <std::input_iterator It>
  array(const tessera::extent<N>& e, It first) : array(e) {
    std::copy_n(first, extent.size(), begin());
  }
  template <std::input_iterator It>
  array(int e0, It first, It last) requires(N == 1) : array(tessera::extent<1>(e0), first, last) {}
  template <std::input_iterator It>
  array(int e0, int e1, It first, It last) requires(N == 2) : array(tessera::extent<2>(e0, e1), first, last) {}
  template <std::input_iterator It>
  array(int e0, int e1, int e2, It first, It last) requires(N == 3)
      : array(tessera::extent<3>(e0, e1, e2), first, last) {}
  // From a begin iterator alone: the caller vouches for extent.size() elements (ARR-4, §5.1.2).
  template <std::input_iterator It>
  array(int e0, It first) requires(N == 1) : array(tessera::extent<1>(e0), first) {}
  template <std::input_iterator It>
  array(int e0, int e1, It first) requires(N == 2) : array(tessera::extent<2>(e0, e1), first) {}
  template <std::input_iterator It>
  array(int e0, int e1, int e2, It first) requires(N == 3) : array(tessera::extent<3>(e0, e1, e2), first) {}
  // From an array_view's contents.
  explicit array(const array_view<const T, N>& src) : array(src.extent) { detail::copy_elements(src, view_); }

  // --- on an explicit accelerator_view, with a CPU access type (ARR-5, §5.1.2) ------------------------
  // The view is where the array belongs: get_accelerator_view() returns it and copies keep it (ARR-2).
  // On a compute device the array is placed there (accelerator.hpp): a launch on that accelerator (any
  // of its views) uses it, one on another accelerator throws (PFE-8, PFE-9), and a whole copy() into
  // it lands in that device's memory. Its data is mirrored there on first use (detail/data_home.hpp).
  // A CPU access type other than none or auto on an accelerator without CPU shared memory throws
  // runtime_exception (ARR-5); auto becomes the accelerator's get_default_cpu_access_type().
  array(const tessera::extent<N>& e, accelerator_view av, access_type cpu_access_type = access_type_auto)
      : array(e) {
    place(std::move(av), accelerator_view(), cpu_access_type);
  }
  array(int e0, accelerator_view av, access_type cpu = access_type_auto) requires(N == 1)
      : array(tessera::extent<1>(e0), std::move(av), cpu) {}
  array(int e0, int e1, accelerator_view av, access_type cpu = access_type_auto) requires(N == 2)
      : array(tessera::extent<2>(e0, e1), std::move(av), cpu) {}
  array(int e0, int e1, int e2, accelerator_view av, access_type cpu = access_type_auto) requires(N == 3)
      : array(tessera::extent<3>(e0, e1, e2), std::move(av), cpu) {}
  template <std::input_iterator It>
  array(const tessera::extent<N>& e, It first, It last, accelerator_view av, access_type cpu = access_type_auto)
      : array(e, std::move(av), cpu) {
    fill_from(first, last);
  }
  template <std::input_iterator It>
  array(const tessera::extent<N>& e, It first, accelerator_view av, access_type cpu = access_type_auto)
      : array(e, std::move(av), cpu) {
    std::copy_n(first, extent.size(), begin());
  }
  template <std::input_iterator It>
  array(int e0, It first, It last, accelerator_view av, access_type cpu = access_type_auto) requires(N == 1)
      : array(tessera::extent<1>(e0), first, last, std::move(av), cpu) {}
  template <std::input_iterator It>
  array(int e0, int e1, It first, It last, accelerator_view av, access_type cpu = access_type_auto) requires(N == 2)
      : array(tessera::extent<2>(e0, e1), first, last, std::move(av), cpu) {}
  template <std::input_iterator It>
  array(int e0, int e1, int e2, It first, It last, accelerator_view av, access_type cpu = access_type_auto)
    requires(N == 3)
      : array(tessera::extent<3>(e0, e1, e2), first, last, std::move(av), cpu) {}
  template <std::input_iterator It>
  array(int e0, It first, accelerator_view av, access_type cpu = access_type_auto) requires(N == 1)
      : array(tessera::extent<1>(e0), first, std::move(av), cpu) {}
  template <std::input_iterator It>
  array(int e0, int e1, It first, accelerator_view av, access_type cpu = access_type_auto) requires(N == 2)
      : array(tessera::extent<2>(e0, e1), first, std::move(av), cpu) {}
  template <std::input_iterator It>
  array(int e0, int e1, int e2, It first, accelerator_view av, access_type cpu = access_type_auto) requires(N == 3)
      : array(tessera::extent<3>(e0, e1, e2), first, std::move(av), cpu) {}
  array(const array_view<const T, N>& src, accelerator_view av, access_type cpu = access_type_auto)
      : array(src.extent, std::move(av), cpu) {
    detail::copy_elements(src, view_);
  }

  // --- staging arrays: a view and an associated view (ARR-5, §5.1.2.1) ---------------------------------
  // The associated view is stored and returned by get_associated_accelerator_view(); the data lives in
  // host memory either way, so it is already staged for any accelerator.
  array(const tessera::extent<N>& e, accelerator_view av, accelerator_view associated_av) : array(e) {
    place(std::move(av), std::move(associated_av), access_type_auto);
  }
  array(int e0, accelerator_view av, accelerator_view assoc) requires(N == 1)
      : array(tessera::extent<1>(e0), std::move(av), std::move(assoc)) {}
  array(int e0, int e1, accelerator_view av, accelerator_view assoc) requires(N == 2)
      : array(tessera::extent<2>(e0, e1), std::move(av), std::move(assoc)) {}
  array(int e0, int e1, int e2, accelerator_view av, accelerator_view assoc) requires(N == 3)
      : array(tessera::extent<3>(e0, e1, e2), std::move(av), std::move(assoc)) {}
  template <std::input_iterator It>
  array(const tessera::extent<N>& e, It first, It last, accelerator_view av, accelerator_view assoc)
      : array(e, std::move(av), std::move(assoc)) {
    fill_from(first, last);
  }
  template <std::input_iterator It>
  array(const tessera::extent<N>& e, It first, accelerator_view av, accelerator_view assoc)
      : array(e, std::move(av), std::move(assoc)) {
    std::copy_n(first, extent.size(), begin());
  }
  template <std::input_iterator It>
  array(int e0, It first, It last, accelerator_view av, accelerator_view assoc) requires(N == 1)
      : array(tessera::extent<1>(e0), first, last, std::move(av), std::move(assoc)) {}
  template <std::input_iterator It>
  array(int e0, int e1, It first, It last, accelerator_view av, accelerator_view assoc) requires(N == 2)
      : array(tessera::extent<2>(e0, e1), first, last, std::move(av), std::move(assoc)) {}
  template <std::input_iterator It>
  array(int e0, int e1, int e2, It first, It last, accelerator_view av, accelerator_view assoc) requires(N == 3)
      : array(tessera::extent<3>(e0, e1, e2), first, last, std::move(av), std::move(assoc)) {}
  template <std::input_iterator It>
  array(int e0, It first, accelerator_view av, accelerator_view assoc) requires(N == 1)
      : array(tessera::extent<1>(e0), first, std::move(av), std::move(assoc)) {}
  template <std::input_iterator It>
  array(int e0, int e1, It first, accelerator_view av, accelerator_view assoc) requires(N == 2)
      : array(tessera::extent<2>(e0, e1), first, std::move(av), std::move(assoc)) {}
  template <std::input_iterator It>
  array(int e0, int e1, int e2, It first, accelerator_view av, accelerator_view assoc) requires(N == 3)
      : array(tessera::extent<3>(e0, e1, e2), first, std::move(av), std::move(assoc)) {}
  array(const array_view<const T, N>& src, accelerator_view av, accelerator_view assoc)
      : array(src.extent, std::move(av), std::move(assoc)) {
    detail::copy_elements(src, view_);
  }

  // Deep copies (ARR-2); moves steal the storage.
  // A copy stays on its source's accelerator_view (ARR-2).
  // A kernel that captures an array by value (C++ AMP forbids it; a host compiler accepts it) copies it
  // into the launch's arguments: on a GPU that copy's storage is host memory the kernel cannot reach, so
  // the launch is refused there, naming the fix.
  array(const array& other) : array(other.extent) {
    if (const detail::launch_capture* c = detail::active_capture(); c != nullptr && c->on_device)
      throw unsupported_feature("a kernel captured an array by value: its copy lives in host memory, which a GPU kernel "
                                "cannot reach (ARR-2, PFE-11); capture an array_view of it instead: "
                                "array_view<T, N> v = a; and use v in the kernel");
    view_on_ = other.view_on_;
    associated_ = other.associated_;
    cpu_access_ = other.cpu_access_;
    host_refused_ = other.host_refused_;
    guarded_ = other.guarded_;
    if (view_on_) {
      view_.home_->mark_array(std::make_shared<const accelerator_view>(view_on_));
      if (!view_on_.device().backend.empty()) view_.home_->place_on(&view_on_.device(), view_on_.device().place());
    }
    detail::copy_elements(other.const_view(), view_);
  }
  array& operator=(const array& other) {
    if (this != &other) {
      array copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  array(array&&) noexcept = default;
  array& operator=(array&&) noexcept = default;
  // Copy a view's contents into this array: copy(src, *this), so the extents must match (ARR-9, ARR-10).
  // The array keeps its accelerator_view.
  array& operator=(const array_view<const T, N>& src) {
    detail::copy_elements(src, view_);
    return *this;
  }

  tessera::extent<N> get_extent() const { return extent; }

  // The properties of ARR-7 (§5.1.3). An array built without a view is on the default accelerator's
  // default view (chosen when first asked, so building an array does not fix the default: ACC-6); an
  // array that is not a staging array is its own associated view.
  accelerator_view get_accelerator_view() const { return view_on_ ? view_on_ : accelerator().get_default_view(); }
  accelerator_view get_associated_accelerator_view() const { return associated_ ? associated_ : get_accelerator_view(); }
  // An array built without a view takes the default accelerator's default CPU access type when first
  // asked, and from then on that default can no longer be set (ACC-10).
  access_type get_cpu_access_type() const {
    return cpu_access_ != access_type::automatic ? cpu_access_ : get_accelerator_view().get_accelerator().take_default_cpu_access_type();
  }

  // Element access and data() refuse host code where the CPU cannot reach the storage, and kernels where
  // the array sits on an accelerator that runs none (guard()).
  T& operator[](const index<N>& idx) { return guard(), view_[idx]; }
  const T& operator[](const index<N>& idx) const { return guard(), view_[idx]; }
  T& operator()(const index<N>& idx) { return guard(), view_[idx]; }
  const T& operator()(const index<N>& idx) const { return guard(), view_[idx]; }
  T& operator()(int i0, int i1) requires(N == 2) { return guard(), view_(i0, i1); }
  const T& operator()(int i0, int i1) const requires(N == 2) { return guard(), view_(i0, i1); }
  T& operator()(int i0, int i1, int i2) requires(N == 3) { return guard(), view_(i0, i1, i2); }
  const T& operator()(int i0, int i1, int i2) const requires(N == 3) { return guard(), view_(i0, i1, i2); }
  // Rank 1: the element; rank >= 2: a projection on dimension 0 (ARR-6).
  decltype(auto) operator[](int i) { return guard(), view_[i]; }
  decltype(auto) operator[](int i) const { return guard(), const_view()[i]; }
  decltype(auto) operator()(int i) { return guard(), view_[i]; }
  decltype(auto) operator()(int i) const { return guard(), const_view()[i]; }

  // The linearized data, element 0 first (ARR-7).
  // ARR-7: on the host, an array whose storage the CPU may not reach has no data pointer: nullptr, as with
  // C++ AMP's runtime (element access throws instead).
  T* data() { return host_shut_out() ? nullptr : (guard(), host_data(true)); }
  const T* data() const { return host_shut_out() ? nullptr : (guard(), host_data(false)); }

  array_view<T, N> section(const index<N>& origin, const tessera::extent<N>& e) { return view_.section(origin, e); }
  array_view<T, N> section(const index<N>& origin) { return view_.section(origin); }
  array_view<T, N> section(const tessera::extent<N>& e) { return view_.section(e); }
  // section(i0[, i1[, i2]], e0[, e1[, e2]]): origin and extent as ints (ARR-8, §5.1.5).
  array_view<T, N> section(int i0, int e0) requires(N == 1) { return view_.section(i0, e0); }
  array_view<T, N> section(int i0, int i1, int e0, int e1) requires(N == 2) { return view_.section(i0, i1, e0, e1); }
  array_view<T, N> section(int i0, int i1, int i2, int e0, int e1, int e2) requires(N == 3) {
    return view_.section(i0, i1, i2, e0, e1, e2);
  }
  // On a const array, read-only sections (ARR-8).
  array_view<const T, N> section(const index<N>& origin, const tessera::extent<N>& e) const {
    return const_view().section(origin, e);
  }
  array_view<const T, N> section(const index<N>& origin) const { return const_view().section(origin); }
  array_view<const T, N> section(const tessera::extent<N>& e) const { return const_view().section(e); }
  array_view<const T, N> section(int i0, int e0) const requires(N == 1) { return const_view().section(i0, e0); }
  array_view<const T, N> section(int i0, int i1, int e0, int e1) const requires(N == 2) {
    return const_view().section(i0, i1, e0, e1);
  }
  array_view<const T, N> section(int i0, int i1, int i2, int e0, int e1, int e2) const requires(N == 3) {
    return const_view().section(i0, i1, i2, e0, e1, e2);
  }
  // An array is dense at every rank, so unlike array_view's these take any rank: the elements in
  // row-major order seen as a rank-1 view of another type, or through another extent (ARR-8, §5.1.5).
  template <class U>
  array_view<U, 1> reinterpret_as() { return flat().template reinterpret_as<U>(); }
  template <class U>
  array_view<const U, 1> reinterpret_as() const { return const_flat().template reinterpret_as<U>(); }
  template <int K>
  array_view<T, K> view_as(const tessera::extent<K>& e) { return flat().view_as(e); }
  // On a const array, a read-only view (ARR-8).
  template <int K>
  array_view<const T, K> view_as(const tessera::extent<K>& e) const { return const_flat().view_as(e); }

  operator array_view<T, N>() { return view_; }
  operator array_view<const T, N>() const { return const_view(); }
  operator std::vector<T>() const { return std::vector<T>(begin(), end()); }

  void copy_to(array& dest) const { detail::copy_elements(const_view(), dest.view_); }
  void copy_to(const array_view<T, N>& dest) const { detail::copy_elements(const_view(), dest); }

 private:
  static array_view<T, N> checked(const tessera::extent<N>& e) {
    for (int d = 0; d < N; ++d) {
      if (e[d] <= 0)
        throw runtime_exception("array: extent component " + std::to_string(d) + " is " + std::to_string(e[d]) +
                                "; every dimension of an array must be at least 1 (ARR-3)");
    }
    return array_view<T, N>(e);
  }

  template <class It>
  void fill_from(It first, It last) {
    T* out = begin();
    T* const end_out = end();
    for (; first != last && out != end_out; ++first, ++out) *out = *first;
    if (out != end_out)
      throw runtime_exception("array: the source range holds " + std::to_string(out - begin()) +
                              " elements but the extent needs " + std::to_string(extent.size()) +
                              "; give a longer range or a smaller extent");
    // A longer range is refused as well: silently dropping its tail would hide a wrong extent.
    if (first != last)
      throw runtime_exception("array: the source range holds more than the " + std::to_string(extent.size()) +
                              " elements of the extent; give a range of exactly extent.size() elements or a larger extent");
  }

  array_view<const T, N> const_view() const { return array_view<const T, N>(view_); }
  // Every element, in row-major order, as one rank-1 view.
  array_view<T, 1> flat() const {
    return array_view<T, 1>(tessera::extent<1>(static_cast<int>(extent.size())), view_.data_, view_.home_);
  }
  array_view<const T, 1> const_flat() const {
    return array_view<const T, 1>(tessera::extent<1>(static_cast<int>(extent.size())), view_.data_, view_.home_);
  }
  // The host copy of the elements, made current first (a GPU may hold the newer one).
  T* host_data(bool write) const {
    view_.home_->use_on_host(write);
    return view_.data_;
  }
  T* begin() const { return host_data(true); }

  void place(accelerator_view av, accelerator_view associated, access_type cpu) {
    if (cpu != access_type::none && cpu != access_type::automatic && !av.device().supports_cpu_shared_memory)
      throw runtime_exception("array: " + av.device().path + " has no memory shared with the CPU, so the array's CPU "
                              "access type can only be access_type_none or access_type_auto (ARR-5)");
    // access_type_none shuts host code out where the program chose it, for the array or as the
    // accelerator's default; an array that took none as a GPU's own default keeps its host copy
    // reachable, as PROJ-16 promises; and an array on the cpu accelerator, which is host memory, is
    // always reachable, as with C++ AMP's runtime.
    const bool automatic = cpu == access_type::automatic;
    if (automatic) cpu = av.get_accelerator().take_default_cpu_access_type();
    const bool host_refused = cpu == access_type::none && !av.device().backend.empty() &&
                              (!automatic || av.get_accelerator().default_cpu_access_type_chosen());
    view_.home_->mark_array(std::make_shared<const accelerator_view>(av));
    if (!av.device().backend.empty()) view_.home_->place_on(&av.device(), av.device().place());
    view_on_ = std::move(av);
    associated_ = std::move(associated);
    cpu_access_ = cpu;
    host_refused_ = host_refused;
    guarded_ = host_refused || view_on_.device().backend.empty();
  }

  // ARR-6: host code touching an array whose storage the CPU may not reach (built with access_type_none)
  // gets a runtime_exception, as in C++ AMP; so does kernel code touching an array on an accelerator that runs
  // no kernels (the cpu accelerator): C++ AMP would have chosen that accelerator for the launch (PFE-10).
  // One load of a flag for every other array.
  void guard() const {
    if (!guarded_) [[likely]]
      return;
    if (detail::launch_running()) {
      if (view_on_.device().backend.empty())
        throw runtime_exception("concurrency::parallel_for_each is not supported on the selected accelerator \"" +
                                view_on_.device().description + "\". A kernel touched an array placed on the \"" +
                                view_on_.device().path + "\" accelerator, which stores data only (PFE-10); place the array "
                                "on \"emulator\" or a GPU");
      return;
    }
    if (host_refused_)
      throw runtime_exception("array: its CPU access type is access_type_none, so host code cannot touch its elements (ARR-6; "
                              "data() is nullptr); copy it into a host container, or build it with access_type_read_write");
  }
  T* end() const { return begin() + extent.size(); }
  // data()'s test: an array built without a view before the default accelerator was chosen learns the
  // default's CPU access type here (this chooses the default, as asking get_cpu_access_type() does).
  bool host_shut_out() const {
    if (detail::launch_running()) return false;
    return host_refused_ || (!view_on_ && accelerator().default_refuses_host());
  }

  array_view<T, N> view_;
  accelerator_view view_on_;     // names no view: the default accelerator's default view
  accelerator_view associated_;  // names no view: the array's own view
  access_type cpu_access_ = access_type::automatic;
  bool host_refused_ = false;  // built with access_type_none: host code may not touch the elements
  bool guarded_ = false;       // guard() has something to check
};

template <class T, int N>
void array_view<T, N>::copy_to(array<nonconst_value_type, N>& dest) const {
  detail::copy_elements(array_view<const nonconst_value_type, N>(*this), static_cast<array_view<nonconst_value_type, N>>(dest));
}
template <class T, int N>
void array_view<T, N>::copy_to(const array_view<nonconst_value_type, N>& dest) const {
  detail::copy_elements(array_view<const nonconst_value_type, N>(*this), dest);
}

}  // namespace tessera
