// ATOM-1, ATOM-2, ATOM-3: every fetch operation, and atomic_exchange, on int and unsigned int, on global
// memory (array_view elements) and on tile_static memory.
//
// Each case runs one operation two ways, for int and for unsigned:
//   - uncontended: every thread applies the operation to its own slot (slot = a[i], operand b[i]); the
//     returned value must be a[i] (the old value, ATOM-3) and the slot must end as a[i] op b[i];
//   - contended: the 64 threads of a tile apply it to one cell per tile (starting at `init`); the cell
//     must end as the fold of init and the tile's operands (exact in any order: every fetch operation is
//     commutative and associative; for exchange, the sorted old values plus the final value must be
//     exactly init and the operands), and the 64 old
//     values returned must form a valid history: replayed in some order, each thread saw the value its
//     predecessor left (checked greedily on the host; the operands are chosen so the history is unique).
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

template <class T>
T wrap_add(T a, T b) { return static_cast<T>(static_cast<unsigned>(a) + static_cast<unsigned>(b)); }
template <class T>
T wrap_sub(T a, T b) { return static_cast<T>(static_cast<unsigned>(a) - static_cast<unsigned>(b)); }

template <class T>
std::vector<T> in_range(context& ctx, int count, int lo, int hi) {
  if constexpr (std::is_same_v<T, int>) return ctx.random_ints(count, lo, hi);
  else if (lo < 0) return full_range<T>(ctx, count);  // unsigned: a range reaching below zero means any value
  else return ctx.random_uints(count, static_cast<unsigned>(lo), static_cast<unsigned>(hi));
}
template <class T>
T one_of(context& ctx, int lo, int hi) { return in_range<T>(ctx, 1, lo, hi)[0]; }

// --- the operations: the device call, the host oracle, and inputs that keep the history unique ------------

struct fetch_add_op {
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_fetch_add(p, v); }
  template <class T> static T fold(T a, T b) { return wrap_add(a, b); }
  // Positive operands: the cell only grows, so the history is unique. Unsigned starts near the top and wraps.
  template <class T> static std::vector<T> operands(context& ctx) { return in_range<T>(ctx, n, 1, 1000000); }
  template <class T> static T init(context& ctx) {
    if constexpr (std::is_same_v<T, int>) return one_of<T>(ctx, -1000000, 1000000);
    else return UINT_MAX - 5000000u;
  }
  template <class T> static std::vector<T> slots(context& ctx) { return in_range<T>(ctx, n, -1000000, 1000000); }
};
struct fetch_sub_op {
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_fetch_sub(p, v); }
  template <class T> static T fold(T a, T b) { return wrap_sub(a, b); }
  template <class T> static std::vector<T> operands(context& ctx) { return in_range<T>(ctx, n, 1, 1000000); }
  template <class T> static T init(context& ctx) {
    if constexpr (std::is_same_v<T, int>) return one_of<T>(ctx, -1000000, 1000000);
    else return 5000000u;  // goes below zero and wraps
  }
  template <class T> static std::vector<T> slots(context& ctx) { return in_range<T>(ctx, n, -1000000, 1000000); }
};
struct fetch_max_op {
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_fetch_max(p, v); }
  template <class T> static T fold(T a, T b) { return std::max(a, b); }
  template <class T> static std::vector<T> operands(context& ctx) { return full_range<T>(ctx, n); }
  template <class T> static T init(context& ctx) { return full_range<T>(ctx, 1)[0]; }
  template <class T> static std::vector<T> slots(context& ctx) { return full_range<T>(ctx, n); }
};
struct fetch_min_op {
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_fetch_min(p, v); }
  template <class T> static T fold(T a, T b) { return std::min(a, b); }
  template <class T> static std::vector<T> operands(context& ctx) { return full_range<T>(ctx, n); }
  template <class T> static T init(context& ctx) { return full_range<T>(ctx, 1)[0]; }
  template <class T> static std::vector<T> slots(context& ctx) { return full_range<T>(ctx, n); }
};
struct fetch_and_op {
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_fetch_and(p, v); }
  template <class T> static T fold(T a, T b) { return a & b; }
  // Each operand clears one bit, so some bits of the all-ones cell survive a tile.
  template <class T> static std::vector<T> operands(context& ctx) {
    std::vector<T> v(n);
    const auto bits = ctx.random_ints(n, 0, 31);
    for (int i = 0; i < n; ++i) v[i] = static_cast<T>(~(1u << bits[i]));
    return v;
  }
  template <class T> static T init(context&) { return static_cast<T>(~0u); }
  template <class T> static std::vector<T> slots(context& ctx) { return full_range<T>(ctx, n); }
};
struct fetch_or_op {
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_fetch_or(p, v); }
  template <class T> static T fold(T a, T b) { return a | b; }
  template <class T> static std::vector<T> operands(context& ctx) {
    std::vector<T> v(n);
    const auto bits = ctx.random_ints(n, 0, 31);
    for (int i = 0; i < n; ++i) v[i] = static_cast<T>(1u << bits[i]);
    return v;
  }
  template <class T> static T init(context&) { return T(0); }
  template <class T> static std::vector<T> slots(context& ctx) { return full_range<T>(ctx, n); }
};
struct fetch_xor_op {
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_fetch_xor(p, v); }
  template <class T> static T fold(T a, T b) { return a ^ b; }
  // Random 32-bit operands: a tile's running xor revisits a value with negligible probability (~2^-20).
  template <class T> static std::vector<T> operands(context& ctx) { return full_range<T>(ctx, n); }
  template <class T> static T init(context& ctx) { return full_range<T>(ctx, 1)[0]; }
  template <class T> static std::vector<T> slots(context& ctx) { return full_range<T>(ctx, n); }
};
struct exchange_op {
  static constexpr bool final_value_is_order_free = false;  // the last exchanger's value stays
  template <class T> static restrict_amp T apply(T* p, T v) { return atomic_exchange(p, v); }
  template <class T> static T fold(T, T b) { return b; }
  // Distinct operands (the low 12 bits are the thread's index), and an init that is none of them.
  template <class T> static std::vector<T> operands(context& ctx) {
    const auto r = ctx.random_uints(n, 0u, UINT_MAX);
    std::vector<T> v(n);
    for (int i = 0; i < n; ++i) v[i] = static_cast<T>((r[i] & ~0xFFFu) | static_cast<unsigned>(i));
    return v;
  }
  template <class T> static T init(context&) { return static_cast<T>(0x12345FFFu); }
  template <class T> static std::vector<T> slots(context& ctx) { return full_range<T>(ctx, n); }
};
struct fetch_inc_op {
  template <class T> static restrict_amp T apply(T* p, T) { return atomic_fetch_inc(p); }
  template <class T> static T fold(T a, T) { return wrap_add(a, T(1)); }
  template <class T> static std::vector<T> operands(context&) { return std::vector<T>(n, T(0)); }
  template <class T> static T init(context& ctx) {
    if constexpr (std::is_same_v<T, int>) return one_of<T>(ctx, -1000, 1000);
    else return UINT_MAX - 10u;  // wraps through zero
  }
  template <class T> static std::vector<T> slots(context& ctx) { return in_range<T>(ctx, n, -1000000, 1000000); }
};
struct fetch_dec_op {
  template <class T> static restrict_amp T apply(T* p, T) { return atomic_fetch_dec(p); }
  template <class T> static T fold(T a, T) { return wrap_sub(a, T(1)); }
  template <class T> static std::vector<T> operands(context&) { return std::vector<T>(n, T(0)); }
  template <class T> static T init(context& ctx) {
    if constexpr (std::is_same_v<T, int>) return one_of<T>(ctx, -1000, 1000);
    else return 10u;  // wraps below zero
  }
  template <class T> static std::vector<T> slots(context& ctx) { return in_range<T>(ctx, n, -1000000, 1000000); }
};

template <class Op>
constexpr bool order_free() {
  if constexpr (requires { Op::final_value_is_order_free; }) return Op::final_value_is_order_free;
  else return true;
}

// --- the two kernels -------------------------------------------------------------------------------------

struct results {
  template <class T>
  struct of {
    std::vector<T> olds, slots, cells, cell_olds;
  };
};

// Global memory: slots and cells are elements of array_views.
template <class Op, class T>
results::of<T> run_global(const accelerator_view& where, const std::vector<T>& a, const std::vector<T>& b, T init) {
  results::of<T> r{std::vector<T>(n), a, std::vector<T>(tiles, init), std::vector<T>(n)};
  array_view<const T, 1> vb(n, b);
  array_view<T, 1> vo(n, r.olds), vs(n, r.slots), vc(tiles, r.cells), vco(n, r.cell_olds);
  parallel_for_each(where, vs.extent.template tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    vo[t] = Op::apply(&vs[t], vb[t]);
    vco[t] = Op::apply(&vc[t.tile[0]], vb[t]);
  });
  vo.synchronize();
  vs.synchronize();
  vc.synchronize();
  vco.synchronize();
  return r;
}

// tile_static memory: the same, with the slots and the cell in tile_static arrays.
template <class Op, class T>
results::of<T> run_tile_static(const accelerator_view& where, const std::vector<T>& a, const std::vector<T>& b, T init) {
  results::of<T> r{std::vector<T>(n), std::vector<T>(n), std::vector<T>(tiles), std::vector<T>(n)};
  array_view<const T, 1> va(n, a), vb(n, b);
  array_view<T, 1> vo(n, r.olds), vs(n, r.slots), vc(tiles, r.cells), vco(n, r.cell_olds);
  parallel_for_each(where, vs.extent.template tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    tile_static T slot[tile_size];
    tile_static T cell;
    const int l = t.local[0];
    slot[l] = va[t];
    if (l == 0) cell = init;
    t.barrier.wait();
    vo[t] = Op::apply(&slot[l], vb[t]);
    vco[t] = Op::apply(&cell, vb[t]);
    t.barrier.wait();
    vs[t] = slot[l];
    if (l == 0) vc[t.tile[0]] = cell;
  });
  vo.synchronize();
  vs.synchronize();
  vc.synchronize();
  vco.synchronize();
  return r;
}

// Replays one tile's contended history: at each step take a thread whose old value is the current one,
// preferring those whose operation leaves it unchanged; every thread must be taken, ending at `last`.
template <class Op, class T>
bool replays(T init, const T* b, const T* olds, int count, T last) {
  std::vector<bool> taken(count, false);
  T cur = init;
  for (int step = 0; step < count; ++step) {
    int pick = -1;
    for (int k = 0; k < count && pick < 0; ++k)
      if (!taken[k] && olds[k] == cur && Op::fold(cur, b[k]) == cur) pick = k;
    for (int k = 0; k < count && pick < 0; ++k)
      if (!taken[k] && olds[k] == cur) pick = k;
    if (pick < 0) return false;
    taken[pick] = true;
    cur = Op::fold(cur, b[pick]);
  }
  return cur == last;
}

template <class Op, class T>
void check_one_type(context& ctx, bool tile_static_memory, const char* type) {
  const auto a = Op::template slots<T>(ctx);
  const auto b = Op::template operands<T>(ctx);
  const T init = Op::template init<T>(ctx);
  const auto r = tile_static_memory ? run_tile_static<Op, T>(ctx.view(), a, b, init) : run_global<Op, T>(ctx.view(), a, b, init);

  std::vector<T> want_slots(n), want_cells(tiles, init);
  for (int i = 0; i < n; ++i) {
    want_slots[i] = Op::fold(a[i], b[i]);
    want_cells[i / tile_size] = Op::fold(want_cells[i / tile_size], b[i]);
  }
  const std::string p(type);
  ctx.output(p + "_returned_old", r.olds, a);
  ctx.output(p + "_slots_after", r.slots, want_slots);
  if constexpr (order_free<Op>()) {
    ctx.output(p + "_contended_cells", r.cells, want_cells);
  } else {
    // Exchange: which value stays depends on the order, but the old values and the final value are,
    // together, exactly init and the tile's operands.
    std::vector<T> got_values, want_values;
    for (int tile = 0; tile < tiles; ++tile) {
      std::vector<T> g(r.cell_olds.begin() + tile * tile_size, r.cell_olds.begin() + (tile + 1) * tile_size);
      std::vector<T> w(b.begin() + tile * tile_size, b.begin() + (tile + 1) * tile_size);
      g.push_back(r.cells[tile]);
      w.push_back(init);
      std::sort(g.begin(), g.end());
      std::sort(w.begin(), w.end());
      got_values.insert(got_values.end(), g.begin(), g.end());
      want_values.insert(want_values.end(), w.begin(), w.end());
    }
    ctx.output(p + "_contended_olds_and_final_sorted", got_values, want_values);
  }
  bool history = true;
  for (int tile = 0; tile < tiles; ++tile)
    history = history && replays<Op, T>(init, &b[tile * tile_size], &r.cell_olds[tile * tile_size], tile_size, r.cells[tile]);
  ctx.require(history, p + ": the contended old values form a history of the operation (each saw its predecessor's result)");
}

template <class Op>
void check(context& ctx, bool tile_static_memory) {
  check_one_type<Op, int>(ctx, tile_static_memory, "int");
  check_one_type<Op, unsigned>(ctx, tile_static_memory, "unsigned");
}

// --- global memory -----------------------------------------------------------------------------------------

// atomic_fetch_add on array_view elements returns the old value; a contended cell gets the exact sum.
TESSERA_CASE(fetch_add_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_add_op>(ctx, false); }
// atomic_fetch_sub on array_view elements returns the old value; unsigned wraps below zero.
TESSERA_CASE(fetch_sub_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_sub_op>(ctx, false); }
// atomic_fetch_max on array_view elements, over the full int and unsigned ranges.
TESSERA_CASE(fetch_max_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_max_op>(ctx, false); }
// atomic_fetch_min on array_view elements, over the full int and unsigned ranges.
TESSERA_CASE(fetch_min_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_min_op>(ctx, false); }
// atomic_fetch_and on array_view elements; each contender clears one bit of an all-ones cell.
TESSERA_CASE(fetch_and_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_and_op>(ctx, false); }
// atomic_fetch_or on array_view elements; each contender sets one bit of a zero cell.
TESSERA_CASE(fetch_or_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_or_op>(ctx, false); }
// atomic_fetch_xor on array_view elements returns the old value; a contended cell gets the xor of all.
TESSERA_CASE(fetch_xor_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_xor_op>(ctx, false); }
// atomic_exchange (int, unsigned) on array_view elements: the old values chain the contenders' values.
TESSERA_CASE(exchange_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<exchange_op>(ctx, false); }
// atomic_fetch_inc on array_view elements: a contended cell's old values are init, init+1, ... (wrapping).
TESSERA_CASE(fetch_inc_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_inc_op>(ctx, false); }
// atomic_fetch_dec on array_view elements: a contended cell's old values count down (unsigned wraps).
TESSERA_CASE(fetch_dec_global, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_dec_op>(ctx, false); }

// --- tile_static memory --------------------------------------------------------------------------------------

// atomic_fetch_add on tile_static slots and a tile_static cell.
TESSERA_CASE(fetch_add_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_add_op>(ctx, true); }
// atomic_fetch_sub on tile_static memory.
TESSERA_CASE(fetch_sub_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_sub_op>(ctx, true); }
// atomic_fetch_max on tile_static memory.
TESSERA_CASE(fetch_max_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_max_op>(ctx, true); }
// atomic_fetch_min on tile_static memory.
TESSERA_CASE(fetch_min_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_min_op>(ctx, true); }
// atomic_fetch_and on tile_static memory.
TESSERA_CASE(fetch_and_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_and_op>(ctx, true); }
// atomic_fetch_or on tile_static memory.
TESSERA_CASE(fetch_or_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_or_op>(ctx, true); }
// atomic_fetch_xor on tile_static memory.
TESSERA_CASE(fetch_xor_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_xor_op>(ctx, true); }
// atomic_exchange (int, unsigned) on tile_static memory.
TESSERA_CASE(exchange_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<exchange_op>(ctx, true); }
// atomic_fetch_inc on tile_static memory.
TESSERA_CASE(fetch_inc_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_inc_op>(ctx, true); }
// atomic_fetch_dec on tile_static memory.
TESSERA_CASE(fetch_dec_tile_static, "ATOM-1,ATOM-2,ATOM-3", expect::pass) { check<fetch_dec_op>(ctx, true); }

}  // namespace
