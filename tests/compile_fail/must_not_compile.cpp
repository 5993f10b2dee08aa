// Code that must not compile. tests/CMakeLists.txt compiles this file once per case with -DCASE=<n> and
// expects the compiler to fail with the diagnostic the case names; CASE=0 is the control, which must
// compile, so that a failure of the others means the rejection and not a broken harness.
#include <tessera/amp.hpp>
#include <tessera/short_vectors.hpp>

#include <vector>

using namespace tessera;
using namespace tessera::graphics;

void must_not_compile() {
#if CASE == 0
  // Control: a well-formed tiled and non-tiled launch, a const view read, an array of int.
  array_view<int, 1> v(8);
  parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { v[t] = 1; });
  parallel_for_each(v.extent, [=] restrict_amp (tessera::index<1> i) { v[i] += 1; });
  array_view<const int, 1> r = v;
  (void)r[0];
  array<int, 1> a(4);
  (void)a;
  // Rank 4 and above: coordinates from an int array.
  const int c4[] = {1, 2, 3, 4};
  int m4[] = {1, 2, 3, 4};
  (void)index<4>(c4);
  (void)extent<4>(m4);
  // PFE-4: tiles at the limits launch; shapes over them are types a program may name and compute with
  // (C++ AMP's own example, tiled_extent<64,16,4>, has 4096 threads); only launching them is refused.
  parallel_for_each(extent<1>(1024).tile<1024>(), [=] restrict_amp (tiled_index<1024>) {});
  parallel_for_each(extent<2>(32, 32).tile<32, 32>(), [=] restrict_amp (tiled_index<32, 32>) {});
  parallel_for_each(extent<3>(64, 4, 4).tile<64, 4, 4>(), [=] restrict_amp (tiled_index<64, 4, 4>) {});
  static_assert(tiled_extent<64, 16, 4>::tile_dim0 == 64 && tiled_extent<64, 16, 4>::tile_extent.size() == 4096);
  (void)extent<2>(2000, 2000).tile<1000, 1000>().pad();
  // Short vectors: integer operators on int and uint, negation on signed types, explicit conversions,
  // swizzles of the components a vector has.
  (void)(int_2(6) & int_2(3));
  (void)(-float_2(1.0f));
  (void)float_2(int_2(1, 2));
  (void)int_3(1, 2, 3).get_xz();
#elif CASE == 1
  // TIDX-5: the kernel's tiled_index must have the launch's tile sizes.
  parallel_for_each(extent<1>(64).tile<8>(), [] restrict_amp (tiled_index<4>) {});
#elif CASE == 2
  // PFE-1: a non-tiled launch takes a kernel over index<N>.
  parallel_for_each(extent<1>(64), [] restrict_amp (tiled_index<8>) {});
#elif CASE == 3
  // PFE-7: the kernel's operator() is const (a mutable lambda is not a kernel).
  int n = 0;
  parallel_for_each(extent<1>(64), [=] restrict_amp (tessera::index<1>) mutable { ++n; });
#elif CASE == 4
  // TEXT-1: tile sizes are positive.
  tiled_extent<0> t;
  (void)t;
#elif CASE == 5
  // ARR-1: elements are a multiple of 4 bytes.
  char bytes[8] = {};
  array_view<char, 1> v(8, bytes);
  (void)v;
#elif CASE == 6
  // AV-15: a const view cannot be written through.
  const int data[4] = {};
  array_view<const int, 1> v(4, data);
  v[0] = 1;
#elif CASE == 7
  // IDX-2: index has coordinate constructors at ranks 1 to 3 only; rank 4 takes an int array.
  tessera::index<4> i(1, 2, 3, 4);
  (void)i;
#elif CASE == 8
  // EXT-1, IDX-2: so has extent.
  extent<4> e(1, 2, 3, 4);
  (void)e;
#elif CASE == 9
  // PFE-4, PROJ-4: a launched tile holds at most 1024 threads; the shape is known when the launch compiles.
  array_view<int, 1> v(1025);
  parallel_for_each(v.extent.tile<1025>(), [=] restrict_amp (tiled_index<1025> t) { v[t] = 1; });
#elif CASE == 10
  // The same at rank 2: 33 * 32 = 1056 threads.
  parallel_for_each(extent<2>(33, 32).tile<33, 32>(), [=] restrict_amp (tiled_index<33, 32>) {});
#elif CASE == 11
  // The same at rank 3: 2 * 2 * 257 = 1028 threads.
  parallel_for_each(extent<3>(2, 2, 257).tile<2, 2, 257>(), [=] restrict_amp (tiled_index<2, 2, 257>) {});
  // ARR-9: copies with iterators of the container's element type, in both directions.
  std::vector<int> host(4, 1);
  copy(host.begin(), host.end(), a);
  copy(host.begin(), a);
  copy(a, host.begin());
#elif CASE == 12
  // PFE-4, PROJ-4: a rank-3 tile is at most 64 in dimension 0, here with only 512 threads.
  parallel_for_each(extent<3>(128, 2, 2).tile<128, 2, 2>(), [=] restrict_amp (tiled_index<128, 2, 2>) {});
#elif CASE == 13
  // A product that overflows int is still the limit's error, not an overflow in a constant expression.
  parallel_for_each(tiled_extent<2147483647, 2147483647, 2147483647>(), [=] restrict_amp (tiled_index<2147483647, 2147483647, 2147483647>) {});
#elif CASE == 21
  // SV-4: bitwise operators exist for int and uint vectors only.
  (void)(float_2(1.0f) & float_2(2.0f));
#elif CASE == 22
  // SV-4: unary minus exists for signed component types only (not uint, not unorm).
  (void)(-uint_2(1u, 2u));
#elif CASE == 23
  // SV-1: conversions between short vector types are explicit.
  float_2 f = int_2(1, 2);
  (void)f;
#elif CASE == 24
  // SV-5: a swizzle names components the vector has; int_2 has no z.
  (void)int_2(1, 2).get_xz();
#elif CASE == 25
  // ARR-9: copying a range of float into an array of int is refused, as C++ AMP refuses it.
  std::vector<float> host(4, 1.0f);
  array<int, 1> a(4);
  copy(host.begin(), host.end(), a);
#elif CASE == 26
  // ARR-9: so is copying an array_view of int out to an iterator over float.
  std::vector<float> host(4, 1.0f);
  array_view<int, 1> v(4);
  copy(v, host.begin());
#elif CASE == 27
  // ARR-1: pointers are not amp-compatible elements; reinterpret_as<int*>() is refused as C++ AMP refuses it.
  array_view<int, 1> v(4);
  (void)v.reinterpret_as<int*>();
#else
#error "unknown CASE"
#endif
}
