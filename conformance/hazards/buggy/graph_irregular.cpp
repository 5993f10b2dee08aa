// Buggy graph and irregular kernels of the kind race benchmarks collect from graph analytics codes: push
// updates to neighbours with plain stores, check-then-store guards that do not protect, pulls that read
// labels other threads are overwriting in place, worklists whose length is kept with plain stores, a plain
// store next to neighbours' atomics, and "something changed" flags every thread sets. The graphs are fixed
// (a ring with chords, so that neighbours sit in other tiles), so every run has the same collisions. Each
// case must be reported with one of its kinds, every finding pointing at a line marked `// expect:`; the
// fixed versions are in correct/graph_kernels.cpp.
#include "../csr_graph.hpp"

#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index
using tessera::hazards::csr;
using tessera::hazards::ring_with_chords;

constexpr int n = 64;

// Bellman-Ford relaxation pushed to the neighbours with a check-then-store: two vertices may both find the
// neighbour's distance too large and both store, and the vertex's own distance is read while others lower it.
TESSERA_CASE(relaxation_check_then_store_does_not_protect, "MEM-6,BAR-11", expect::hazard("race between tiles,read after write,write after read,write after write")) {
  const csr g = ring_with_chords(n);
  std::vector<int> dist(n);
  for (int v = 0; v < n; ++v) dist[v] = v == 0 ? 0 : (v * 37) % 61 + 1;
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> d(n, dist);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int v = t.global[0];
    const int dv = d[v];  // expect: race between tiles, read after write, write after read
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) {
      const int u = targets[e];
      if (d[u] > dv + 1) d[u] = dv + 1;  // expect: race between tiles, read after write, write after read, write after write
    }
  });
  d.synchronize();
}

// Label propagation pulling the smallest label of the neighbours, in place: a point reads labels its
// neighbours' points are overwriting.
TESSERA_CASE(label_propagation_pull_in_place, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  const csr g = ring_with_chords(n);
  std::vector<int> labels(n);
  for (int v = 0; v < n; ++v) labels[v] = (v * 29) % n;
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> label(n, labels);
  parallel_for_each(ctx.view(), extent<1>(n), [=] restrict_amp (index<1> i) {
    const int v = i[0];
    int best = label[v];
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) best = best < label[targets[e]] ? best : label[targets[e]];  // expect: race between threads
    label[v] = best;  // expect: race between threads
  });
  label.synchronize();
}

// A worklist push that reads the length, stores at that slot and stores the length plus one, all with
// plain accesses: two threads take one slot.
TESSERA_CASE(worklist_push_with_plain_length, "MEM-6,ATOM-6", expect::hazard("race between tiles,read after write,write after read,write after write")) {
  std::vector<int> frontier(n), items(n, -1), length(1, 0);
  for (int v = 0; v < n; ++v) frontier[v] = v % 3 == 0;
  array_view<const int, 1> in_frontier(n, frontier);
  array_view<int, 1> worklist(n, items), size(1, length);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (in_frontier[t] != 0) {
      const int slot = size[0];  // expect: race between tiles, read after write, write after read
      worklist[slot] = t.global[0];  // expect when tiles interleave: race between tiles, write after write
      size[0] = slot + 1;  // expect: race between tiles, write after read, write after write, read after write
    }
  });
  size.synchronize();
}

// A worklist whose slots come from an atomic counter, but whose length is then stored by every pusher:
// the stores of the length race with each other.
TESSERA_CASE(worklist_slot_atomic_but_length_stored_plainly, "MEM-6,ATOM-6", expect::hazard("race between tiles,write after write")) {
  std::vector<int> frontier(n), items(n, -1), counter(1, 0), length(1, 0);
  for (int v = 0; v < n; ++v) frontier[v] = v % 2;
  array_view<const int, 1> in_frontier(n, frontier);
  array_view<int, 1> worklist(n, items), next(1, counter), size(1, length);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (in_frontier[t] != 0) {
      const int slot = atomic_fetch_inc(&next[0]);
      worklist[slot] = t.global[0];
      size[0] = slot + 1;  // expect: race between tiles, write after write
    }
  });
  size.synchronize();
}

// A tile expands the neighbours of its vertices into a tile_static visited map with a test and a plain
// store: two threads find one neighbour unvisited and both mark it (and count it).
TESSERA_CASE(visited_map_test_then_set_in_tile_static, "MEM-6,TS-9", expect::hazard("read after write,write after read,write after write")) {
  const csr g = ring_with_chords(n);
  std::vector<int> discovered(4, 0);
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> found(4, discovered);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int visited[n];
    const int l = t.local[0];
    for (int k = l; k < n; k += 16) visited[k] = 0;
    t.barrier.wait();
    const int v = t.global[0];
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) {
      const int u = targets[e];
      if (visited[u] == 0) {  // expect: read after write, write after read
        visited[u] = 1;       // expect: write after write, write after read, read after write
        atomic_fetch_inc(&found[t.tile[0]]);
      }
    }
  });
  found.synchronize();
}

// Vertex degrees counted from an edge list, one point per edge, with plain increments.
TESSERA_CASE(degree_count_from_edge_list_with_plain_increments, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  const csr g = ring_with_chords(n);
  const auto [source, target] = tessera::hazards::edge_list(g);
  const int edges = g.edges();
  std::vector<int> degrees(n, 0);
  array_view<const int, 1> src(edges, source), dst(edges, target);
  array_view<int, 1> degree(n, degrees);
  parallel_for_each(ctx.view(), extent<1>(edges), [=] restrict_amp (index<1> e) {
    degree[src[e]] += 1;  // expect: race between threads
    degree[dst[e]] += 1;  // expect: race between threads
  });
  degree.synchronize();
}

// Relaxation with atomic_fetch_min, except that the source vertex resets its own distance with a plain
// store while its neighbours lower it atomically (the same location, atomic and plain).
TESSERA_CASE(source_reset_plainly_next_to_atomic_relaxation, "ATOM-6,MEM-3", expect::hazard("write next to atomic,race between tiles")) {
  const csr g = ring_with_chords(n);
  std::vector<int> dist(n, 1000);
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> d(n, dist);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int v = t.global[0];
    if (v == 0) d[0] = 0;  // expect: write next to atomic, race between tiles
    const int reach = v == 0 ? 0 : v % 7;
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) atomic_fetch_min(&d[targets[e]], reach + 1);  // expect: write next to atomic, race between tiles
  });
  d.synchronize();
}

// PageRank pushed to the out-neighbours with a plain +=.
TESSERA_CASE(pagerank_push_with_plain_accumulation, "MEM-6,BAR-11", expect::hazard("race between tiles,read after write,write after read,write after write")) {
  const csr g = ring_with_chords(n);
  std::vector<int> rank(n, 1024), next(n, 0);
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets), r(n, rank);
  array_view<int, 1> nr(n, next);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int v = t.global[0];
    const int degree = offsets[v + 1] - offsets[v];
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) nr[targets[e]] += r[v] / degree;  // expect: race between tiles, read after write, write after read, write after write
  });
  nr.synchronize();
}

// Greedy colouring in place: each point picks the smallest colour none of its neighbours has, reading
// colours its neighbours' points are choosing at the same time.
TESSERA_CASE(greedy_colouring_in_place, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  const csr g = ring_with_chords(n);
  std::vector<int> colours(n, 0);
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> colour(n, colours);
  parallel_for_each(ctx.view(), extent<1>(n), [=] restrict_amp (index<1> i) {
    const int v = i[0];
    int used = 0;  // bit c: a neighbour has colour c
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) used |= 1 << colour[targets[e]];  // expect: race between threads
    int c = 0;
    while ((used >> c) & 1) ++c;
    colour[v] = c;  // expect: race between threads
  });
  colour.synchronize();
}

// Connected components by hooking: for every edge the larger endpoint's parent is lowered to the smaller
// endpoint with a check and a plain store; edges sharing an endpoint store to one parent.
TESSERA_CASE(component_hooking_with_plain_stores, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  const csr g = ring_with_chords(n);
  const auto [source, target] = tessera::hazards::edge_list(g);
  const int edges = g.edges();
  std::vector<int> parents(n);
  for (int v = 0; v < n; ++v) parents[v] = v;
  array_view<const int, 1> src(edges, source), dst(edges, target);
  array_view<int, 1> parent(n, parents);
  parallel_for_each(ctx.view(), extent<1>(edges), [=] restrict_amp (index<1> e) {
    const int a = src[e], b = dst[e];
    const int hi = a > b ? a : b, lo = a > b ? b : a;
    if (parent[hi] > lo) parent[hi] = lo;  // expect: race between threads
  });
  parent.synchronize();
}

// The transposed sparse matrix-vector product y = A^T x with a thread per row of A: each row scatters into
// y with a plain +=, and rows share columns.
TESSERA_CASE(transposed_spmv_scatter_with_plain_add, "MEM-6,BAR-11", expect::hazard("race between tiles,read after write,write after read,write after write")) {
  const csr g = ring_with_chords(n);
  std::vector<int> values(g.targets.size()), hx(n), hy(n, 0);
  for (std::size_t k = 0; k < values.size(); ++k) values[k] = static_cast<int>(k % 5) + 1;
  for (int v = 0; v < n; ++v) hx[v] = v % 4;
  array_view<const int, 1> offsets(n + 1, g.offsets), columns(g.edges(), g.targets),
      vals(static_cast<int>(values.size()), values), x(n, hx);
  array_view<int, 1> y(n, hy);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int row = t.global[0];
    for (int k = offsets[row]; k < offsets[row + 1]; ++k) y[columns[k]] += vals[k] * x[row];  // expect: race between tiles, read after write, write after read, write after write
  });
  y.synchronize();
}

// A BFS level whose distances are lowered atomically, but whose "something changed" flag is set with a
// plain store by every thread that lowered one (the same value: still a race, MEM-6).
TESSERA_CASE(changed_flag_set_plainly_by_every_updater, "MEM-6,MEM-3", expect::hazard("race between tiles,write after write")) {
  const csr g = ring_with_chords(n);
  std::vector<int> dist(n, 1000), flag(1, 0);
  for (int v = 0; v < n; v += 8) dist[v] = 0;
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> d(n, dist), changed(1, flag);
  parallel_for_each(ctx.view(), extent<1>(n).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int v = t.global[0];
    if (v % 8 == 0) {
      for (int e = offsets[v]; e < offsets[v + 1]; ++e)
        if (atomic_fetch_min(&d[targets[e]], 1) > 1) changed[0] = 1;  // expect: race between tiles, write after write
    }
  });
  changed.synchronize();
}

}  // namespace
