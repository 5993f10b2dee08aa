// ATOM-4: atomic_compare_exchange(dest, expected*, value): it stores only when *dest equals *expected,
// always writes the value it read into *expected, and returns whether it stored. ATOM-1 and ATOM-3 for
// float: atomic_exchange is the one float atomic, and it returns the old value.
//
// The model lets compare_exchange fail spuriously (ATOM-4), so a thread that must succeed retries while
// the value it read is still the one it expected: that is the portable form, and what these kernels do.
#include "atom_inputs.hpp"

#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <climits>
#include <string>

namespace {
using namespace tessera;
using tessera::index;
using tessera::conformance::context;
using namespace tessera::conformance::atom_cases;

// One compare_exchange per thread on its own slot; even threads expect the slot's value, odd threads a
// different one. Writes whether it stored and what it left in `expected`.
template <class T>
restrict_amp bool compare_exchange_once(T* slot, T& expected, T value) {
  const T wanted = expected;
  bool stored = atomic_compare_exchange(slot, &expected, value);
  while (!stored && expected == wanted) stored = atomic_compare_exchange(slot, &expected, value);  // spurious failure
  return stored;
}

template <class T>
void uncontended(context& ctx, bool tile_static_memory, const char* type) {
  const auto a = full_range<T>(ctx, n);
  const auto b = full_range<T>(ctx, n);
  std::vector<T> expected(n);
  for (int i = 0; i < n; ++i) expected[i] = i % 2 == 0 ? a[i] : static_cast<T>(a[i] ^ T(1 + (i % 5)));
  std::vector<T> slots(a), expected_after(expected);
  std::vector<int> stored(n, -1);
  array_view<const T, 1> va(n, a), vb(n, b);
  array_view<T, 1> vs(n, slots), ve(n, expected_after);
  array_view<int, 1> vst(n, stored);
  if (!tile_static_memory) {
    parallel_for_each(ctx.view(), vs.extent.template tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
      T e = ve[t];
      vst[t] = compare_exchange_once(&vs[t], e, vb[t]) ? 1 : 0;
      ve[t] = e;
    });
  } else {
    parallel_for_each(ctx.view(), vs.extent.template tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
      tile_static T slot[tile_size];
      const int l = t.local[0];
      slot[l] = va[t];
      t.barrier.wait();
      T e = ve[t];
      vst[t] = compare_exchange_once(&slot[l], e, vb[t]) ? 1 : 0;
      ve[t] = e;
      t.barrier.wait();
      vs[t] = slot[l];
    });
  }
  vs.synchronize();
  ve.synchronize();
  vst.synchronize();
  std::vector<int> want_stored(n);
  std::vector<T> want_slots(n);
  for (int i = 0; i < n; ++i) {
    want_stored[i] = i % 2 == 0 ? 1 : 0;
    want_slots[i] = i % 2 == 0 ? b[i] : a[i];
  }
  const std::string p(type);
  ctx.output(p + "_stored", stored, want_stored);
  ctx.output(p + "_expected_after", expected_after, a);  // always the value read: a[i], matched or not
  ctx.output(p + "_slots_after", slots, want_slots);
}

// compare_exchange on array_view elements: stores when expected matches, returns false and updates
// expected when it does not (int and unsigned).
TESSERA_CASE(compare_exchange_global_success_and_failure, "ATOM-4,ATOM-2", expect::pass) {
  uncontended<int>(ctx, false, "int");
  uncontended<unsigned>(ctx, false, "unsigned");
}

// The same on tile_static memory.
TESSERA_CASE(compare_exchange_tile_static_success_and_failure, "ATOM-4,ATOM-2", expect::pass) {
  uncontended<int>(ctx, true, "int");
  uncontended<unsigned>(ctx, true, "unsigned");
}

// A compare_exchange loop builds an operation the model lacks. Global memory: every thread of 8 tiles adds
// its int into one cell and multiplies its odd unsigned into another (products wrap mod 2^32, exact in
// any order).
TESSERA_CASE(compare_exchange_loop_global_is_exact, "ATOM-4,ATOM-2", expect::pass) {
  const auto add = ctx.random_ints(n, -100000, 100000);
  auto mul = ctx.random_uints(n, 0u, UINT_MAX);
  for (auto& m : mul) m |= 1u;
  std::vector<int> sum(1, 0);
  std::vector<unsigned> product(1, 1u);
  array_view<const int, 1> va(n, add);
  array_view<const unsigned, 1> vm(n, mul);
  array_view<int, 1> vsum(1, sum);
  array_view<unsigned, 1> vprod(1, product);
  parallel_for_each(ctx.view(), va.extent.tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    int seen = 0;  // a guess: a failed exchange puts the value it read here, and the loop retries with it
    while (!atomic_compare_exchange(&vsum[0], &seen, seen + va[t])) {
    }
    unsigned p = 1u;
    while (!atomic_compare_exchange(&vprod[0], &p, p * vm[t])) {
    }
  });
  vsum.synchronize();
  vprod.synchronize();
  int want_sum = 0;
  unsigned want_product = 1u;
  for (int i = 0; i < n; ++i) {
    want_sum += add[i];
    want_product *= mul[i];
  }
  ctx.output("sum", sum, std::vector<int>{want_sum});
  ctx.output("product", product, std::vector<unsigned>{want_product});
}

// The same loops on a tile_static cell per tile (int sum, unsigned product), then written out per tile.
TESSERA_CASE(compare_exchange_loop_tile_static_is_exact, "ATOM-4,ATOM-2", expect::pass) {
  const auto add = ctx.random_ints(n, -100000, 100000);
  auto mul = ctx.random_uints(n, 0u, UINT_MAX);
  for (auto& m : mul) m |= 1u;
  std::vector<int> sums(tiles, 0);
  std::vector<unsigned> products(tiles, 0u);
  array_view<const int, 1> va(n, add);
  array_view<const unsigned, 1> vm(n, mul);
  array_view<int, 1> vsum(tiles, sums);
  array_view<unsigned, 1> vprod(tiles, products);
  parallel_for_each(ctx.view(), va.extent.tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    tile_static int sum;
    tile_static unsigned product;
    if (t.local[0] == 0) {
      sum = 0;
      product = 1u;
    }
    t.barrier.wait();
    int s = 0;
    while (!atomic_compare_exchange(&sum, &s, s + va[t])) {
    }
    unsigned p = 1u;
    while (!atomic_compare_exchange(&product, &p, p * vm[t])) {
    }
    t.barrier.wait();
    if (t.local[0] == 0) {
      vsum[t.tile[0]] = sum;
      vprod[t.tile[0]] = product;
    }
  });
  vsum.synchronize();
  vprod.synchronize();
  std::vector<int> want_sums(tiles, 0);
  std::vector<unsigned> want_products(tiles, 1u);
  for (int i = 0; i < n; ++i) {
    want_sums[i / tile_size] += add[i];
    want_products[i / tile_size] *= mul[i];
  }
  ctx.output("tile_sums", sums, want_sums);
  ctx.output("tile_products", products, want_products);
}

// --- float exchange ------------------------------------------------------------------------------------------

// Replays exchanges on one cell: the thread whose old value is the current one went next.
bool exchange_history(float init, const float* b, const float* olds, int count, float last) {
  std::vector<bool> taken(count, false);
  float cur = init;
  for (int step = 0; step < count; ++step) {
    int pick = -1;
    for (int k = 0; k < count && pick < 0; ++k)
      if (!taken[k] && olds[k] == cur) pick = k;
    if (pick < 0) return false;
    taken[pick] = true;
    cur = b[pick];
  }
  return cur == last;
}

// Distinct integral floats (thread i's value is i plus a seeded multiple of 4096), and an init none equals.
std::vector<float> distinct_floats(context& ctx) {
  const auto r = ctx.random_ints(n, -1000, 1000);
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = static_cast<float>(r[i] * 4096 + i);
  return v;
}
constexpr float float_init = 0.5f;

void check_float_exchange(context& ctx, const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& olds,
                          const std::vector<float>& slots, const std::vector<float>& cells, const std::vector<float>& cell_olds) {
  ctx.output("returned_old", olds, a);
  ctx.output("slots_after", slots, b);
  std::vector<float> got_values, want_values;
  bool history = true;
  for (int tile = 0; tile < tiles; ++tile) {
    std::vector<float> g(cell_olds.begin() + tile * tile_size, cell_olds.begin() + (tile + 1) * tile_size);
    std::vector<float> w(b.begin() + tile * tile_size, b.begin() + (tile + 1) * tile_size);
    history = history && exchange_history(float_init, w.data(), g.data(), tile_size, cells[tile]);
    g.push_back(cells[tile]);
    w.push_back(float_init);
    std::sort(g.begin(), g.end());
    std::sort(w.begin(), w.end());
    got_values.insert(got_values.end(), g.begin(), g.end());
    want_values.insert(want_values.end(), w.begin(), w.end());
  }
  ctx.output("contended_olds_and_final_sorted", got_values, want_values);
  ctx.require(history, "the contended old values chain: each exchanger saw the value its predecessor stored");
}

// atomic_exchange(float*) on array_view elements: returns the old value; contended, the values chain.
TESSERA_CASE(exchange_float_global, "ATOM-1,ATOM-3,ATOM-2", expect::pass) {
  const auto a = ctx.random_integral_floats(n, -100000, 100000);
  const auto b = distinct_floats(ctx);
  std::vector<float> olds(n), slots(a), cells(tiles, float_init), cell_olds(n);
  array_view<const float, 1> vb(n, b);
  array_view<float, 1> vo(n, olds), vs(n, slots), vc(tiles, cells), vco(n, cell_olds);
  parallel_for_each(ctx.view(), vs.extent.tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    vo[t] = atomic_exchange(&vs[t], vb[t]);
    vco[t] = atomic_exchange(&vc[t.tile[0]], vb[t]);
  });
  vo.synchronize();
  vs.synchronize();
  vc.synchronize();
  vco.synchronize();
  check_float_exchange(ctx, a, b, olds, slots, cells, cell_olds);
}

// atomic_exchange(float*) on tile_static memory.
TESSERA_CASE(exchange_float_tile_static, "ATOM-1,ATOM-3,ATOM-2", expect::pass) {
  const auto a = ctx.random_integral_floats(n, -100000, 100000);
  const auto b = distinct_floats(ctx);
  std::vector<float> olds(n), slots(n), cells(tiles), cell_olds(n);
  array_view<const float, 1> va(n, a), vb(n, b);
  array_view<float, 1> vo(n, olds), vs(n, slots), vc(tiles, cells), vco(n, cell_olds);
  parallel_for_each(ctx.view(), vs.extent.tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    tile_static float slot[tile_size];
    tile_static float cell;
    const int l = t.local[0];
    slot[l] = va[t];
    if (l == 0) cell = float_init;
    t.barrier.wait();
    vo[t] = atomic_exchange(&slot[l], vb[t]);
    vco[t] = atomic_exchange(&cell, vb[t]);
    t.barrier.wait();
    vs[t] = slot[l];
    if (l == 0) vc[t.tile[0]] = cell;
  });
  vo.synchronize();
  vs.synchronize();
  vc.synchronize();
  vco.synchronize();
  check_float_exchange(ctx, a, b, olds, slots, cells, cell_olds);
}

}  // namespace
