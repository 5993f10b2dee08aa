// array<T,N>: a dense, row-major container that owns its data (ARR-1..ARR-8).
//
// Arrays are values: copies are deep (ARR-2). Element access, sections and projections behave exactly as
// on an array_view over the whole array, so they are implemented by one.
#pragma once

#include <tessera/array_view.hpp>
#include <tessera/detail/elementwise.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

namespace tessera {

class accelerator_view;

template <class T, int N = 1>
class array {
  static_assert(!std::is_const_v<T>, "array elements cannot be const; use array_view<const T,N> for read-only access");

 public:
  using value_type = T;
  static constexpr int rank = N;

  // The array's shape (read it; assigning to it is not supported).
  tessera::extent<N> extent;

  explicit array(const tessera::extent<N>& e) : extent(e), view_(checked(e)) {}
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
  // From an array_view's contents.
  explicit array(const array_view<const T, N>& src) : array(src.extent) { detail::copy_elements(src, view_); }

  // Deep copies (ARR-2); moves steal the storage.
  array(const array& other) : array(other.extent) { std::copy(other.begin(), other.end(), begin()); }
  array& operator=(const array& other) {
    if (this != &other) {
      array copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  array(array&&) noexcept = default;
  array& operator=(array&&) noexcept = default;

  tessera::extent<N> get_extent() const { return extent; }

  T& operator[](const index<N>& idx) { return view_[idx]; }
  const T& operator[](const index<N>& idx) const { return view_[idx]; }
  T& operator()(const index<N>& idx) { return view_[idx]; }
  const T& operator()(const index<N>& idx) const { return view_[idx]; }
  T& operator()(int i0, int i1) requires(N == 2) { return view_(i0, i1); }
  const T& operator()(int i0, int i1) const requires(N == 2) { return view_(i0, i1); }
  T& operator()(int i0, int i1, int i2) requires(N == 3) { return view_(i0, i1, i2); }
  const T& operator()(int i0, int i1, int i2) const requires(N == 3) { return view_(i0, i1, i2); }
  // Rank 1: the element; rank >= 2: a projection on dimension 0 (ARR-6).
  decltype(auto) operator[](int i) { return view_[i]; }
  decltype(auto) operator[](int i) const { return const_view()[i]; }

  // The linearized data, element 0 first (ARR-7).
  T* data() { return host_data(true); }
  const T* data() const { return host_data(false); }

  array_view<T, N> section(const index<N>& origin, const tessera::extent<N>& e) { return view_.section(origin, e); }
  array_view<T, N> section(const index<N>& origin) { return view_.section(origin); }
  array_view<T, N> section(const tessera::extent<N>& e) { return view_.section(e); }
  template <class U>
  array_view<U, 1> reinterpret_as() requires(N == 1) { return view_.template reinterpret_as<U>(); }
  template <int K>
  array_view<T, K> view_as(const tessera::extent<K>& e) requires(N == 1) { return view_.view_as(e); }

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
  // The host copy of the elements, made current first (a GPU may hold the newer one).
  T* host_data(bool write) const {
    view_.home_->use_on_host(write);
    return view_.data_;
  }
  T* begin() const { return host_data(true); }
  T* end() const { return begin() + extent.size(); }

  array_view<T, N> view_;
};

}  // namespace tessera
