// array_view<T,N>: a shallow, possibly cached view over an array or host data (AV-1..AV-16).
//
// Layout: a pointer to element (0,...,0) of the view, the view's extent and a stride per dimension (in
// elements). Sections and projections only move the pointer and drop or keep strides, so a section of a
// section of a projection is as cheap to index as the original. array_view<const T,N> is the read-only
// form; it converts from array_view<T,N>.
#pragma once

#include <tessera/access_type.hpp>
#include <tessera/accelerator.hpp>
#include <tessera/completion_future.hpp>
#include <tessera/detail/bounds.hpp>
#include <tessera/detail/config.hpp>
#include <tessera/detail/data_home.hpp>
#include <tessera/detail/home_handle.hpp>
#include <tessera/detail/launch_capture.hpp>
#include <tessera/detail/running_launches.hpp>
#include <tessera/exceptions.hpp>
#include <tessera/extent.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>

namespace tessera {

template <class T, int N>
class array;

namespace detail {
template <class C, class T>
concept contiguous_source = requires(C& c) {
  { c.data() } -> std::convertible_to<T*>;
  { c.size() } -> std::convertible_to<std::size_t>;
};
}  // namespace detail

template <class T, int N = 1>
class array_view {
  static_assert(N > 0, "array_view rank must be at least 1");
  static_assert(sizeof(T) % 4 == 0, "array_view elements must be a multiple of 4 bytes (ARR-1); widen the element type");
  static_assert(!std::is_pointer_v<T>, "array_view elements cannot be pointers (ARR-1: not amp-compatible, as in C++ AMP); "
                                       "a host address means nothing on another device: store indices instead");

  using nonconst_value_type = std::remove_const_t<T>;

 public:
  // T itself: const U for a read-only view, as in C++ AMP (AV-15).
  using value_type = T;
  static constexpr int rank = N;

  // The view's shape (read it; assigning to it is not supported).
  tessera::extent<N> extent;

  // --- construction over host data (AV-2) --------------------------------------------------------------
  template <detail::contiguous_source<T> Container>
  array_view(const tessera::extent<N>& e, Container& source)
      : array_view(e, source.data(), static_cast<std::size_t>(source.size())) {}
  // A raw pointer carries no size: the caller vouches for extent.size() elements (AV-2).
  // In kernel code (C++ AMP allows building a view over a pointer there, e.g. another view's data()) the
  // view only addresses the memory: the data is already where the kernel runs, and a home is host
  // bookkeeping. (While a launch runs, the emulator cannot tell a kernel's host code from another host
  // thread's, so a view built over a pointer by another host thread then has no home either: on a GPU
  // its data is not mirrored. Build such views before or after launches.)
  TESSERA_HD array_view(const tessera::extent<N>& e, T* source) : extent(e), data_(source) {
#if !TESSERA_DEVICE_PASS
    // Kernel code run by a host backend (a launch is running) likewise: no home, so kernel code does
    // not allocate host memory. Host code built during another thread's launch gets none either.
    if (!detail::launch_running()) {
      adopt_host_source(static_cast<std::size_t>(-1));
      return;
    }
#endif
    set_dense_strides();
  }

  template <detail::contiguous_source<T> Container>
    requires(N == 1)
  array_view(int e0, Container& source) : array_view(tessera::extent<1>(e0), source) {}
  template <detail::contiguous_source<T> Container>
    requires(N == 2)
  array_view(int e0, int e1, Container& source) : array_view(tessera::extent<2>(e0, e1), source) {}
  template <detail::contiguous_source<T> Container>
    requires(N == 3)
  array_view(int e0, int e1, int e2, Container& source) : array_view(tessera::extent<3>(e0, e1, e2), source) {}
  TESSERA_HD array_view(int e0, T* source) requires(N == 1) : array_view(tessera::extent<1>(e0), source) {}
  TESSERA_HD array_view(int e0, int e1, T* source) requires(N == 2) : array_view(tessera::extent<2>(e0, e1), source) {}
  TESSERA_HD array_view(int e0, int e1, int e2, T* source) requires(N == 3) : array_view(tessera::extent<3>(e0, e1, e2), source) {}

  // A view with no data source: storage is allocated here and starts undefined (AV-3).
  explicit array_view(const tessera::extent<N>& e) requires(!std::is_const_v<T>)
      : extent(e), home_(new detail::data_home(checked_size(e) * sizeof(T))) {
    data_ = static_cast<T*>(home_->host());
    set_dense_strides();
  }
  explicit array_view(int e0) requires(N == 1 && !std::is_const_v<T>) : array_view(tessera::extent<1>(e0)) {}
  array_view(int e0, int e1) requires(N == 2 && !std::is_const_v<T>) : array_view(tessera::extent<2>(e0, e1)) {}
  array_view(int e0, int e1, int e2) requires(N == 3 && !std::is_const_v<T>)
      : array_view(tessera::extent<3>(e0, e1, e2)) {}

  // Copies are shallow: every copy refers to the same data (AV-1). A copy made while a launch captures
  // its kernel points at the data where the launch runs (detail/launch_capture.hpp).
  TESSERA_HD array_view(const array_view& other) : extent(other.extent), data_(other.data_), home_(other.home_) {
    for (int d = 0; d < N; ++d) stride_[d] = other.stride_[d];
#if !TESSERA_DEVICE_PASS
    if (const detail::launch_capture* c = detail::active_capture(); c != nullptr && home_) {
      data_ = static_cast<T*>(c->locate(*home_.get(), const_cast<nonconst_value_type*>(data_), !std::is_const_v<T>, typeid(array_view), sizeof(T)));
      // The launch's copy points at the data where the kernel computes, made current there by locate, and
      // carries no home: its element accesses are kernel code, with no bookkeeping of where the data is
      // current (in a mirror - a GPU's memory, an emulated device's own, emulator:0's copy of a container -
      // prepare_host_access would bring the data home in the middle of the launch; in host memory it would
      // test, at every access, what locate has just made so). The caller's views keep the home alive.
      if (!c->dry()) home_ = detail::home_handle();
    }
#endif
  }
  array_view& operator=(const array_view&) = default;
  array_view(array_view&&) noexcept = default;
  array_view& operator=(array_view&&) noexcept = default;

  // array_view<const T,N> from array_view<T,N> (AV-15).
  template <class U>
    requires(std::is_const_v<T> && std::is_same_v<const U, T>)
  TESSERA_HD array_view(const array_view<U, N>& other)
      : extent(other.extent), data_(other.data_), home_(other.home_) {
    for (int d = 0; d < N; ++d) stride_[d] = other.stride_[d];
  }

  TESSERA_HD tessera::extent<N> get_extent() const { return extent; }

  // --- element access (AV-9) ----------------------------------------------------------------------------
  TESSERA_HD T& operator[](const index<N>& idx) const { return *element_at(idx); }
  TESSERA_HD T& operator()(const index<N>& idx) const { return (*this)[idx]; }
  TESSERA_HD T& get_ref(const index<N>& idx) const { return (*this)[idx]; }
  TESSERA_HD T& operator()(int i0, int i1) const requires(N == 2) { return (*this)[index<2>(i0, i1)]; }
  TESSERA_HD T& operator()(int i0, int i1, int i2) const requires(N == 3) { return (*this)[index<3>(i0, i1, i2)]; }

  // Rank 1: the element. Rank >= 2: the projection on dimension 0, an array_view<T,N-1>.
  TESSERA_HD decltype(auto) operator[](int i) const {
    if constexpr (N == 1) {
      return (*this)[index<1>(i)];
    } else {
      detail::check_bounds<array_view>(index<1>(i), tessera::extent<1>(extent[0]));
      array_view<T, N - 1> p;
      for (int d = 1; d < N; ++d) {
        p.extent[d - 1] = extent[d];
        p.stride_[d - 1] = stride_[d];
      }
      p.data_ = data_ + static_cast<std::ptrdiff_t>(i) * stride_[0];
      p.home_ = home_;
      return p;
    }
  }
  TESSERA_HD decltype(auto) operator()(int i) const { return (*this)[i]; }

  // Rank 1 only: the address of element 0 (AV-11).
  TESSERA_HD T* data() const requires(N == 1) {
    prepare_host_access();
    return data_;
  }

  // --- sections (AV-10) ---------------------------------------------------------------------------------
  // Host and kernel code alike (C++ AMP code takes sections inside kernels): a section only moves the
  // pointer, so in kernel code it addresses the data where the kernel runs. Range checks are the host's.
  TESSERA_HD array_view section(const index<N>& origin, const tessera::extent<N>& ext) const {
#if !TESSERA_DEVICE_PASS
    detail::check_section("array_view", origin, ext, extent);
#endif
    array_view s = *this;
    s.extent = ext;
    s.data_ = data_ + offset(origin);
    return s;
  }
  TESSERA_HD array_view section(const index<N>& origin) const { return section(origin, extent - origin); }
  TESSERA_HD array_view section(const tessera::extent<N>& ext) const { return section(index<N>(), ext); }
  TESSERA_HD array_view section(int i0, int e0) const requires(N == 1) { return section(index<1>(i0), tessera::extent<1>(e0)); }
  TESSERA_HD array_view section(int i0, int i1, int e0, int e1) const requires(N == 2) {
    return section(index<2>(i0, i1), tessera::extent<2>(e0, e1));
  }
  TESSERA_HD array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const requires(N == 3) {
    return section(index<3>(i0, i1, i2), tessera::extent<3>(e0, e1, e2));
  }

  // Rank 1 only (a view's innermost dimension is contiguous: offset): the same bytes seen as another
  // element type (ARR-8). A read-only view gives a read-only view: array_view<const float,1>::
  // reinterpret_as<int>() is an array_view<const int,1> (AV-15).
  template <class U, class R = std::conditional_t<std::is_const_v<T>, const U, U>>
  TESSERA_HD array_view<R, 1> reinterpret_as() const requires(N == 1) {
    const std::size_t bytes = static_cast<std::size_t>(extent[0]) * sizeof(T);
#if !TESSERA_DEVICE_PASS
    if (bytes % sizeof(U) != 0)
      throw runtime_exception("reinterpret_as: " + std::to_string(bytes) + " bytes are not a whole number of " +
                              std::to_string(sizeof(U)) + "-byte elements; choose an element type that divides them");
#endif
    return array_view<R, 1>(tessera::extent<1>(static_cast<int>(bytes / sizeof(U))), reinterpret_cast<R*>(data_), home_);
  }
  template <int K>
  TESSERA_HD array_view<T, K> view_as(const tessera::extent<K>& e) const requires(N == 1) {
#if !TESSERA_DEVICE_PASS
    if (e.size() > extent.size())
      throw runtime_exception("view_as: the new extent has more elements than the view; use an extent of at most " +
                              std::to_string(extent.size()) + " elements");
#endif
    return array_view<T, K>(e, data_, home_);
  }

  // --- deep copies (ARR-9, §5.2.3) ------------------------------------------------------------------------
  // v.copy_to(dest) is copy(v, dest): the extents must match (ARR-10). Defined in array.hpp.
  void copy_to(array<nonconst_value_type, N>& dest) const;
  void copy_to(const array_view<nonconst_value_type, N>& dest) const;

  // --- coherence with the home location (AV-4..AV-7) -----------------------------------------------------
  // Copy the current data back into the home (host) memory, so the source container shows it.
  void synchronize(access_type = access_type::read) const {
    if (home_) home_->synchronize();
  }
  // synchronize(), as an operation with a future (AV-4): done when it returns (PROJ-17); an error of the
  // copy back is thrown by the future's get().
  completion_future synchronize_async(access_type type = access_type::read) const {
    return detail::run_to_completion([view = *this, type] { view.synchronize(type); });
  }
  // Make the current data available to launches and copies on `av` (AV-4). Every accelerator's launches
  // find a view's data in its home (host) memory, a GPU mirroring it on use (PROJ-16), so this is
  // synchronize(): the data is brought home.
  void synchronize_to(const accelerator_view& av, access_type type = access_type::read) const {
    (void)av;
    synchronize(type);
  }
  completion_future synchronize_to_async(const accelerator_view& av, access_type type = access_type::read) const {
    return detail::run_to_completion([view = *this, av, type] { view.synchronize_to(av, type); });
  }

  // Where the data source is (AV-14): the "cpu" accelerator's default view for a view over host memory,
  // the array's accelerator_view for a view of an array. A view built from an extent alone has no data
  // source: runtime_exception (PROJ-18).
  accelerator_view get_source_accelerator_view() const {
    switch (home_ ? home_->source_kind() : detail::data_home::source::none) {
      case detail::data_home::source::host_memory:
        return accelerator(accelerator::cpu_accelerator).get_default_view();
      case detail::data_home::source::array:
        return home_->array_view_on() ? *home_->array_view_on() : accelerator().get_default_view();
      case detail::data_home::source::none:
        break;
    }
    throw runtime_exception("array_view::get_source_accelerator_view: this view was built from an extent alone and has "
                            "no data source (PROJ-18); build it over a container, a pointer or an array to give it one");
  }
  // The source was changed directly on the host: drop every cached copy.
  void refresh() const {
    if (home_) home_->refresh();
  }
  // The current contents need not be copied to the next place the view is used.
  void discard_data() const {
    if (home_) home_->discard();
  }

  // Runtime plumbing (copy() to an output iterator): the element at idx as the current copy holds it,
  // read without making the host's copy current: C++ AMP's copy out of a view leaves the container under
  // it as it was until the program synchronizes (AV-4). A device's copy is brought into `scratch` once.
  const T& current_element(const index<N>& idx, std::unique_ptr<std::byte[]>& scratch) const {
    check_index(idx);
    const T* at = data_ + offset(idx);
    const detail::device_mirror* mirror = home_ ? home_->current_mirror() : nullptr;
    if (mirror == nullptr) return *at;
    if (!scratch) {
      scratch.reset(new std::byte[home_->bytes()]);
      mirror->download(scratch.get(), home_->bytes());
    }
    const std::ptrdiff_t byte = reinterpret_cast<const std::byte*>(at) - static_cast<const std::byte*>(home_->host());
    return *reinterpret_cast<const T*>(scratch.get() + byte);
  }

  // Runtime plumbing (copy(), detail/elementwise.hpp): the home when this view covers all of it, densely
  // and from its first byte; else nullptr.
  detail::data_home* whole_home() const noexcept {
    if (!home_ || static_cast<const void*>(data_) != home_->host() || extent.size() * sizeof(T) != home_->bytes()) return nullptr;
    int s = 1;
    for (int d = N - 1; d >= 0; --d) {
      if (stride_[d] != s) return nullptr;
      s *= extent[d];
    }
    return home_.get();
  }

 private:
  template <class U, int M>
  friend class array_view;
  template <class U, int M>
  friend class array;

  array_view() = default;  // used by projections

  array_view(const tessera::extent<N>& e, T* source, std::size_t available) : extent(e), data_(source) {
    adopt_host_source(available);
  }
  // The home of a view built over host memory: `available` elements at data_ (size_t(-1): unknown).
  void adopt_host_source(std::size_t available) {
    const std::size_t needed = checked_size(extent);
    if (available < needed)
      throw runtime_exception("array_view: the source holds " + std::to_string(available) + " elements but the extent needs " +
                              std::to_string(needed) + "; give a larger source or a smaller extent");
    home_ = detail::home_handle(new detail::data_home(const_cast<nonconst_value_type*>(data_), needed * sizeof(T)));
    set_dense_strides();
  }
  TESSERA_HD array_view(const tessera::extent<N>& e, T* data, detail::home_handle home)
      : extent(e), data_(data), home_(std::move(home)) {
    set_dense_strides();
  }

  static std::size_t checked_size(const tessera::extent<N>& e) {
    std::size_t n = 1;
    for (int d = 0; d < N; ++d) {
      if (e[d] <= 0)
        throw runtime_exception("array_view: extent component " + std::to_string(d) + " is " + std::to_string(e[d]) +
                                "; every dimension must be at least 1");
      n *= static_cast<std::size_t>(e[d]);
    }
    return n;
  }

  TESSERA_HD void set_dense_strides() {
    int s = 1;
    for (int d = N - 1; d >= 0; --d) {
      stride_[d] = s;
      s *= extent[d];
    }
  }

  // AV-8, PROJ-7: indexing outside the extent throws out_of_bounds, but for host code of a program built
  // through the compat header that stays inside the data's storage (host_runtime.hpp says why).
  // The test inline, what follows a failed one out of line: clang inlined no bounds check whole.
  TESSERA_NOT_CHECKED TESSERA_HD void check_index([[maybe_unused]] const index<N>& idx) const {
#if !TESSERA_DEVICE_PASS
    if (!inside_extent(idx)) [[unlikely]] outside_extent(idx);
#endif
  }
  [[gnu::noinline]] TESSERA_NOT_CHECKED void outside_extent(const index<N>& idx) const {
    if (!(detail::host_backend.host_indexing_as_cpp_amp && inside_storage(idx) && !detail::launch_running()))
      detail::check_bounds<array_view>(idx, extent);
  }
  TESSERA_NOT_CHECKED TESSERA_HD bool inside_extent(const index<N>& idx) const noexcept {
    bool inside = true;
    for (int d = 0; d < N; ++d) inside &= idx.component(d) >= 0 && idx.component(d) < extent.component(d);
    return inside;
  }
  // The element at `idx`'s address: bounds checked, the data made current for host code. The view's own
  // fields are the launch's arguments, which no check watches: in a checked build this is one call out
  // of the checks' sight, where reading them in kernel code cost a hook each (seven an element of a 2D
  // view, and two calls); the element's own load or store stays in the kernel's code, checked. `idx` by
  // value: in registers, not stored to the stack for the call.
  TESSERA_NOT_CHECKED TESSERA_HD T* element_at(index<N> idx) const {
    check_index(idx);
    prepare_host_access();
    return data_ + offset(idx);
  }
  bool inside_storage(const index<N>& idx) const {
    if (!home_) return false;
    const auto* at = reinterpret_cast<const std::byte*>(data_ + offset(idx));
    const auto* begin = static_cast<const std::byte*>(home_->host());
    return at >= begin && at + sizeof(T) <= begin + home_->bytes();
  }

  // Host code touching the data: bring the current copy home first (a no-op unless a GPU wrote it).
  TESSERA_NOT_CHECKED TESSERA_HD void prepare_host_access() const {
#if !TESSERA_DEVICE_PASS
    if (home_) home_->use_on_host(!std::is_const_v<T>);
#endif
  }

  // The innermost dimension is contiguous in every view (dense strides, projections and sections keep
  // it): its index is added as it is, one multiply fewer at every element access.
  TESSERA_NOT_CHECKED TESSERA_HD std::ptrdiff_t offset(const index<N>& idx) const {
    std::ptrdiff_t o = idx.component(N - 1);
    for (int d = 0; d < N - 1; ++d) o += static_cast<std::ptrdiff_t>(idx.component(d)) * stride_[d];
    return o;
  }

  T* data_ = nullptr;
  int stride_[N] = {};
  detail::home_handle home_;
};

}  // namespace tessera

// array_view::copy_to needs array (and array.hpp needs array_view).
#include <tessera/array.hpp>
