// TS-1, TS-2, TS-5: tile_static variables of every amp-compatible kind (int, unsigned, float, double, a
// struct of 4-byte members, arrays of one to three dimensions), declared at kernel scope, in a nested
// block, in a loop body and in a helper function the kernel calls. Each is written, crossed by a barrier
// and read back by other threads of the tile: exact results on every backend.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// A struct of 4-byte members (amp-compatible: no pointers, references or containers).
struct cell {
  int i;
  float f;
  unsigned u;
};

// Oracle of "out[g] = in[origin + (tile - 1 - l)]" over tiles of `tile` elements.
template <class T>
std::vector<T> reversed_within_tiles(const std::vector<T>& in, int tile) {
  std::vector<T> out(in.size());
  for (std::size_t g = 0; g < in.size(); ++g) out[g] = in[g / tile * tile + tile - 1 - g % tile];
  return out;
}

// An int scalar written by one thread and read by all: correct only because a barrier sits between the
// write and the reads (the declaration itself is not one, TS-6).
TESSERA_CASE(int_scalar_broadcast_from_one_thread, "TS-1,TS-2,TS-6", expect::pass) {
  constexpr int tile = 64, tiles = 4;
  auto in = ctx.random_ints(tiles, -100000, 100000);
  std::vector<int> out(tile * tiles, 0);
  array_view<const int, 1> a(tiles, in);
  array_view<int, 1> b(tile * tiles, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int value;
    if (t.local[0] == tile - 1) value = a[t.tile];
    t.barrier.wait();
    b[t] = value + t.local[0];
  });
  b.synchronize();
  std::vector<int> want(tile * tiles);
  for (int g = 0; g < tile * tiles; ++g) want[g] = in[g / tile] + g % tile;
  ctx.output("broadcast", out, want);
}

// An unsigned array, reversed within the tile.
TESSERA_CASE(unsigned_array_reversed_within_a_tile, "TS-1,TS-2", expect::pass) {
  const int n = 256;
  auto in = ctx.random_uints(n, 0, 0xffffffffu);
  std::vector<unsigned> out(n, 0);
  array_view<const unsigned, 1> a(n, in);
  array_view<unsigned, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<128>(), [=] restrict_amp (tiled_index<128> t) {
    tile_static unsigned s[128];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    b[t] = s[127 - t.local[0]];
  });
  b.synchronize();
  ctx.output("reversed", out, reversed_within_tiles(in, 128));
}

// A float array: sums of three small integral floats are exact in any order.
TESSERA_CASE(float_array_neighbour_sums_are_exact, "TS-1,MEM-7", expect::pass) {
  const int n = 128;
  auto in = ctx.random_integral_floats(n, -1000, 1000);
  std::vector<float> out(n, 0.0f);
  array_view<const float, 1> a(n, in);
  array_view<float, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static float s[32];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    b[t] = s[(l + 31) % 32] + s[l] + s[(l + 1) % 32];
  });
  b.synchronize();
  std::vector<float> want(n);
  for (int g = 0; g < n; ++g) {
    const int o = g / 32 * 32, l = g % 32;
    want[g] = in[o + (l + 31) % 32] + in[g] + in[o + (l + 1) % 32];
  }
  ctx.output("sums", out, want);
}

// A double array. x * 0.5 is exact, so x * 0.5 + y rounds once whether or not it is fused: bit-exact.
TESSERA_CASE(double_array_exchanged_exactly, "TS-1,TS-2", expect::pass) {
  const int n = 128;
  auto in = ctx.random_doubles(n, -1.0e6, 1.0e6);
  std::vector<double> out(n, 0.0);
  array_view<const double, 1> a(n, in);
  array_view<double, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static double s[64];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    b[t] = s[t.local[0]] * 0.5 + s[63 - t.local[0]];
  });
  b.synchronize();
  std::vector<double> want(n);
  for (int g = 0; g < n; ++g) want[g] = in[g] * 0.5 + in[g / 64 * 64 + 63 - g % 64];
  ctx.output("values", out, want);
}

// An array of a struct of 4-byte members: each thread fills its element, another reads every field.
TESSERA_CASE(struct_of_four_byte_members, "TS-5,TS-1", expect::pass) {
  const int n = 96;
  auto ints = ctx.random_ints(n, -1000, 1000);
  auto floats = ctx.random_integral_floats(n, -1000, 1000);
  std::vector<int> out_i(n, 0);
  std::vector<float> out_f(n, 0.0f);
  std::vector<unsigned> out_u(n, 0);
  array_view<const int, 1> ai(n, ints);
  array_view<const float, 1> af(n, floats);
  array_view<int, 1> bi(n, out_i);
  array_view<float, 1> bf(n, out_f);
  array_view<unsigned, 1> bu(n, out_u);
  parallel_for_each(ctx.view(), bi.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static cell cells[32];
    const int l = t.local[0];
    cells[l].i = ai[t];
    cells[l].f = af[t];
    cells[l].u = static_cast<unsigned>(t.global[0]) * 2654435761u;
    t.barrier.wait();
    const cell c = cells[(l + 7) % 32];
    bi[t] = c.i;
    bf[t] = c.f;
    bu[t] = c.u;
  });
  bi.synchronize();
  bf.synchronize();
  bu.synchronize();
  std::vector<int> wi(n);
  std::vector<float> wf(n);
  std::vector<unsigned> wu(n);
  for (int g = 0; g < n; ++g) {
    const int src = g / 32 * 32 + (g % 32 + 7) % 32;
    wi[g] = ints[src];
    wf[g] = floats[src];
    wu[g] = static_cast<unsigned>(src) * 2654435761u;
  }
  ctx.output("field_i", out_i, wi);
  ctx.output("field_f", out_f, wf);
  ctx.output("field_u", out_u, wu);
}

// A 2-D tile_static array in a 2-D tile: a transpose of each 16x16 block.
TESSERA_CASE(two_dimensional_array_transposes_a_block, "TS-1,TS-2", expect::pass) {
  const int rows = 32, cols = 48;
  auto in = ctx.random_ints(rows * cols, -1000, 1000);
  std::vector<int> out(rows * cols, 0);
  array_view<const int, 2> a(rows, cols, in);
  array_view<int, 2> b(rows, cols, out);
  parallel_for_each(ctx.view(), b.extent.tile<16, 16>(), [=] restrict_amp (tiled_index<16, 16> t) {
    tile_static int s[16][16];
    s[t.local[0]][t.local[1]] = a[t];
    t.barrier.wait();
    b[t] = s[t.local[1]][t.local[0]];
  });
  b.synchronize();
  std::vector<int> want(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int sr = r / 16 * 16 + c % 16, sc = c / 16 * 16 + r % 16;
      want[r * cols + c] = in[sr * cols + sc];
    }
  ctx.output("block_transposed", out, want);
}

// A 3-D tile_static array filled by a 1-D tile: the array's layout is the usual row-major one.
TESSERA_CASE(three_dimensional_array_in_a_one_dimensional_tile, "TS-1,TS-2", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[4][4][4];
    const int l = t.local[0];
    s[l / 16][l / 4 % 4][l % 4] = a[t];
    t.barrier.wait();
    b[t] = s[l % 4][l / 4 % 4][l / 16];  // swap the first and last coordinates
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) {
    const int l = g % 64;
    want[g] = in[g / 64 * 64 + (l % 4) * 16 + (l / 4 % 4) * 4 + l / 16];
  }
  ctx.output("swapped", out, want);
}

// tile_static declared in a nested block of the kernel (block scope is allowed).
TESSERA_CASE(declared_in_a_nested_block, "TS-1,TS-2", expect::pass) {
  const int n = 64;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    int result = 0;
    {
      tile_static int inner[32];
      inner[t.local[0]] = a[t];
      t.barrier.wait();
      result = inner[(t.local[0] + 1) % 32];
    }
    b[t] = result;
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) want[g] = in[g / 32 * 32 + (g % 32 + 1) % 32];
  ctx.output("neighbour", out, want);
}

// tile_static declared in a loop body: every iteration writes it before reading it, and the iterations
// are separated by barriers.
TESSERA_CASE(declared_in_a_loop_body, "TS-1,TS-3", expect::pass) {
  const int n = 64;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int l = t.local[0];
    int x = a[t];
    for (int r = 0; r < 5; ++r) {
      tile_static int round_slots[16];
      round_slots[l] = x;
      t.barrier.wait();
      x = round_slots[(l + 1) % 16] + r;
      t.barrier.wait();
    }
    b[t] = x;
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) want[g] = in[g / 16 * 16 + (g % 16 + 5) % 16] + 0 + 1 + 2 + 3 + 4;
  ctx.output("rotated", out, want);
}

// tile_static declared in a helper function that the kernel calls: still one instance per tile.
restrict_amp int tile_sum_in_helper(const tile_barrier& b, int l, int value) {
  tile_static int partial[32];
  partial[l] = value;
  b.wait();
  for (int stride = 16; stride > 0; stride /= 2) {
    if (l < stride) partial[l] += partial[l + stride];
    b.wait();
  }
  return partial[0];
}

TESSERA_CASE(declared_in_a_helper_function, "TS-1,TS-2", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    b[t] = tile_sum_in_helper(t.barrier, t.local[0], a[t]) - a[t];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) {
    int sum = 0;
    for (int k = g / 32 * 32; k < g / 32 * 32 + 32; ++k) sum += in[k];
    want[g] = sum - in[g];
  }
  ctx.output("sum_of_the_others", out, want);
}

// Two tile_static variables declared side by side are distinct objects: writing one leaves the other.
TESSERA_CASE(two_variables_are_distinct_objects, "TS-1,TS-2", expect::pass) {
  const int n = 64;
  std::vector<int> out(2 * n, 0);
  array_view<int, 2> b(n, 2, out);
  parallel_for_each(ctx.view(), extent<1>(n).tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int first[32];
    tile_static int second[32];
    const int l = t.local[0];
    first[l] = l;
    second[l] = -l - 1;
    t.barrier.wait();
    b(t.global[0], 0) = first[31 - l];
    b(t.global[0], 1) = second[31 - l];
  });
  b.synchronize();
  std::vector<int> want(2 * n);
  for (int g = 0; g < n; ++g) {
    want[2 * g] = 31 - g % 32;
    want[2 * g + 1] = -(31 - g % 32) - 1;
  }
  ctx.output("both", out, want);
}

}  // namespace
