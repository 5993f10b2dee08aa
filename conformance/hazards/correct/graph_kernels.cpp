// Correct graph and irregular kernels, the fixed versions of buggy/graph_irregular.cpp: pushes to the
// neighbours with atomic_fetch_min (their plain reads of a vertex's own distance are compatible with the
// atomics, MEM-3), pulls from one buffer into another across launches, worklists and claims made with
// atomics (a guard that does protect), degrees and transposed products counted atomically, row-wise
// sparse products that only share reads, and a colouring computed in rounds. Graphs are random (seeded),
// every result is deterministic (intermediate values may differ with the thread order, the fixed points
// do not), and each is recorded against a serial oracle.
#include "../csr_graph.hpp"

#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <deque>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index
using tessera::hazards::csr;
using tessera::hazards::random_undirected;

constexpr int n = 64;
constexpr int unreached = 1 << 20;

std::vector<int> bfs_levels(const csr& g, int source) {
  std::vector<int> level(g.vertices(), unreached);
  std::deque<int> queue{source};
  level[source] = 0;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    for (int e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
      if (level[g.targets[e]] == unreached) {
        level[g.targets[e]] = level[v] + 1;
        queue.push_back(g.targets[e]);
      }
  }
  return level;
}

int deepest(const std::vector<int>& level) {
  int deepest = 0;
  for (int l : level)
    if (l != unreached) deepest = std::max(deepest, l);
  return deepest;
}

// Breadth-first search, one launch per level: a vertex of the current level lowers its neighbours' levels
// with atomic_fetch_min, so two vertices reaching one neighbour both store the same minimum atomically.
TESSERA_CASE(bfs_levels_pushed_with_atomic_min, "ATOM-3,PFE-6", expect::pass) {
  const csr g = random_undirected(n, 150, ctx.rng());
  const std::vector<int> want = bfs_levels(g, 0);
  std::vector<int> dist(n, unreached);
  dist[0] = 0;
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> d(n, dist);
  for (int level = 0; level <= deepest(want); ++level) {
    parallel_for_each(ctx.view(), d.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      const int v = t.global[0];
      if (d[v] != level) return;
      for (int e = offsets[v]; e < offsets[v + 1]; ++e) atomic_fetch_min(&d[targets[e]], level + 1);
    });
  }
  d.synchronize();
  ctx.output("levels", dist, want);
}

// Breadth-first search pulling from the previous level's array into the next one (double-buffered across
// launches): a vertex reads its neighbours' levels and writes only its own.
TESSERA_CASE(bfs_levels_pulled_double_buffered, "PFE-6,MEM-3", expect::pass) {
  const csr g = random_undirected(n, 150, ctx.rng());
  const std::vector<int> want = bfs_levels(g, 0);
  std::vector<int> first(n, unreached), second(n, unreached);
  first[0] = 0;
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> x(n, first), y(n, second);
  const int levels = deepest(want) + 1;
  for (int level = 0; level < levels; ++level) {
    array_view<int, 1> cur = level % 2 == 0 ? x : y, next = level % 2 == 0 ? y : x;
    parallel_for_each(ctx.view(), cur.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      const int v = t.global[0];
      int mine = cur[v];
      if (mine == unreached)
        for (int e = offsets[v]; e < offsets[v + 1]; ++e)
          if (cur[targets[e]] == level) mine = level + 1;
      next[v] = mine;
    });
  }
  array_view<int, 1> last = levels % 2 == 0 ? x : y;
  last.synchronize();
  ctx.output("levels", levels % 2 == 0 ? first : second, want);
}

// Label propagation (non-tiled, double-buffered): every point takes the smallest label among itself and
// its neighbours from one array into the other, for a fixed number of rounds.
TESSERA_CASE(label_propagation_double_buffered, "PFE-5,PFE-6", expect::pass) {
  const csr g = random_undirected(n, 70, ctx.rng());
  constexpr int rounds = 12;
  std::vector<int> first(n), second(n, 0);
  for (int v = 0; v < n; ++v) first[v] = v;
  std::vector<int> want = first;
  for (int r = 0; r < rounds; ++r) {
    std::vector<int> next(want);
    for (int v = 0; v < n; ++v)
      for (int e = g.offsets[v]; e < g.offsets[v + 1]; ++e) next[v] = std::min(next[v], want[g.targets[e]]);
    want = next;
  }
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> x(n, first), y(n, second);
  for (int r = 0; r < rounds; ++r) {
    array_view<int, 1> cur = r % 2 == 0 ? x : y, next = r % 2 == 0 ? y : x;
    parallel_for_each(ctx.view(), cur.extent, [=] restrict_amp (index<1> i) {
      const int v = i[0];
      int best = cur[v];
      for (int e = offsets[v]; e < offsets[v + 1]; ++e) best = best < cur[targets[e]] ? best : cur[targets[e]];
      next[v] = best;
    });
  }
  x.synchronize();
  ctx.output("labels", first, want);
}

// A worklist push whose slots come from an atomic counter: every pusher stores into its own slot. The
// order of the list depends on the thread order, so it is compared sorted.
TESSERA_CASE(worklist_push_with_atomic_slots, "ATOM-3,MEM-3", expect::pass) {
  const std::vector<int> frontier = ctx.random_ints(n, 0, 2);
  std::vector<int> items(n, -1), count(1, 0);
  array_view<const int, 1> in_frontier(n, frontier);
  array_view<int, 1> worklist(n, items), size(1, count);
  parallel_for_each(ctx.view(), in_frontier.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (in_frontier[t] == 0) {
      const int slot = atomic_fetch_inc(&size[0]);
      worklist[slot] = t.global[0];
    }
  });
  worklist.synchronize();
  size.synchronize();
  std::vector<int> pushed(items.begin(), items.begin() + std::min(count[0], n)), want;
  std::sort(pushed.begin(), pushed.end());
  for (int v = 0; v < n; ++v)
    if (frontier[v] == 0) want.push_back(v);
  ctx.output("length", count, std::vector<int>{static_cast<int>(want.size())});
  ctx.output("pushed", pushed, want);
}

// The frontier's vertices claim their neighbours with a compare-exchange (a plain look first, which is
// compatible with the atomics): exactly one claim succeeds per neighbour, whoever makes it.
TESSERA_CASE(neighbours_claimed_with_compare_exchange, "ATOM-4,MEM-3", expect::pass) {
  const csr g = random_undirected(n, 100, ctx.rng());
  const std::vector<int> frontier = ctx.random_ints(n, 0, 3);
  std::vector<int> visited(n, 0), claims(1, 0);
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets), in_frontier(n, frontier);
  array_view<int, 1> seen(n, visited), claimed(1, claims);
  parallel_for_each(ctx.view(), seen.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int v = t.global[0];
    if (in_frontier[v] != 0) return;
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) {
      const int u = targets[e];
      int expected = 0;
      if (seen[u] == 0 && atomic_compare_exchange(&seen[u], &expected, 1)) atomic_fetch_inc(&claimed[0]);
    }
  });
  seen.synchronize();
  claimed.synchronize();
  std::vector<int> want(n, 0);
  for (int v = 0; v < n; ++v)
    if (frontier[v] == 0)
      for (int e = g.offsets[v]; e < g.offsets[v + 1]; ++e) want[g.targets[e]] = 1;
  int distinct = 0;
  for (int x : want) distinct += x;
  ctx.output("visited", visited, want);
  ctx.output("claims", claims, std::vector<int>{distinct});
}

// Degrees counted from the edge list, one point per edge, with atomic increments at both endpoints.
TESSERA_CASE(degree_count_from_edge_list_with_atomics, "PFE-5,ATOM-2", expect::pass) {
  const csr g = random_undirected(n, 120, ctx.rng());
  const auto [source, target] = tessera::hazards::edge_list(g);
  std::vector<int> degrees(n, 0);
  array_view<const int, 1> src(g.edges(), source), dst(g.edges(), target);
  array_view<int, 1> degree(n, degrees);
  parallel_for_each(ctx.view(), src.extent, [=] restrict_amp (index<1> e) {
    atomic_fetch_inc(&degree[src[e]]);
    atomic_fetch_inc(&degree[dst[e]]);
  });
  degree.synchronize();
  std::vector<int> want(n);
  for (int v = 0; v < n; ++v) want[v] = 2 * (g.offsets[v + 1] - g.offsets[v]);
  ctx.output("degrees", degrees, want);
}

// Bellman-Ford with weights, one launch per round of relaxations by atomic_fetch_min. The distances a
// vertex reads during a round may already be lowered (compatible plain reads), which only speeds
// convergence: after as many rounds as rounds of synchronous relaxation need, they are the shortest
// distances.
TESSERA_CASE(bellman_ford_with_atomic_min, "ATOM-3,PFE-6", expect::pass) {
  const csr g = random_undirected(n, 130, ctx.rng());
  const std::vector<int> weights = ctx.random_ints(static_cast<std::size_t>(g.edges()), 1, 9);
  std::vector<int> want(n, unreached);
  want[0] = 0;
  int rounds = 0;
  for (bool changed = true; changed; ++rounds) {  // synchronous rounds until nothing changes
    std::vector<int> next(want);
    for (int v = 0; v < n; ++v)
      if (want[v] != unreached)
        for (int e = g.offsets[v]; e < g.offsets[v + 1]; ++e) next[g.targets[e]] = std::min(next[g.targets[e]], want[v] + weights[e]);
    changed = next != want;
    want = next;
  }
  std::vector<int> dist(n, unreached);
  dist[0] = 0;
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets), w(g.edges(), weights);
  array_view<int, 1> d(n, dist);
  for (int round = 0; round < rounds; ++round) {
    parallel_for_each(ctx.view(), d.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      const int v = t.global[0];
      const int dv = d[v];
      if (dv == unreached) return;
      for (int e = offsets[v]; e < offsets[v + 1]; ++e) atomic_fetch_min(&d[targets[e]], dv + w[e]);
    });
  }
  d.synchronize();
  ctx.output("distances", dist, want);
}

// PageRank in integers, pulled: each vertex adds its neighbours' shares from the previous array into its
// own element of the next (double-buffered across launches).
TESSERA_CASE(pagerank_pulled_double_buffered, "PFE-6,MEM-3", expect::pass) {
  const csr g = random_undirected(n, 160, ctx.rng());
  constexpr int rounds = 5;
  std::vector<int> first(n, 1000), second(n, 0);
  std::vector<int> want = first;
  for (int r = 0; r < rounds; ++r) {
    std::vector<int> next(n);
    for (int v = 0; v < n; ++v) {
      int sum = 0;
      for (int e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const int u = g.targets[e];
        sum += want[u] / (g.offsets[u + 1] - g.offsets[u]);
      }
      next[v] = (15 * 1000 + 85 * sum) / 100;
    }
    want = next;
  }
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> x(n, first), y(n, second);
  for (int r = 0; r < rounds; ++r) {
    array_view<int, 1> cur = r % 2 == 0 ? x : y, next = r % 2 == 0 ? y : x;
    parallel_for_each(ctx.view(), cur.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      const int v = t.global[0];
      int sum = 0;
      for (int e = offsets[v]; e < offsets[v + 1]; ++e) {
        const int u = targets[e];
        sum += cur[u] / (offsets[u + 1] - offsets[u]);
      }
      next[v] = (15 * 1000 + 85 * sum) / 100;
    });
  }
  y.synchronize();
  ctx.output("ranks", second, want);
}

// Connected components by hooking over the edge list: each round, an edge lowers the label of its larger
// end to the smaller end's label with atomic_fetch_min. Run for as many rounds as synchronous propagation
// needs to settle, every label is then its component's smallest vertex.
TESSERA_CASE(component_hooking_with_atomic_min, "ATOM-3,PFE-5", expect::pass) {
  const csr g = random_undirected(n, 60, ctx.rng());
  const auto [source, target] = tessera::hazards::edge_list(g);
  std::vector<int> labels(n);
  for (int v = 0; v < n; ++v) labels[v] = v;
  std::vector<int> want = labels;
  int rounds = 0;
  for (bool changed = true; changed; ++rounds) {  // synchronous rounds until nothing changes
    std::vector<int> next(want);
    for (int e = 0; e < g.edges(); ++e) next[target[e]] = std::min(next[target[e]], want[source[e]]);
    changed = next != want;
    want = next;
  }
  array_view<const int, 1> src(g.edges(), source), dst(g.edges(), target);
  array_view<int, 1> label(n, labels);
  for (int round = 0; round < rounds; ++round) {
    parallel_for_each(ctx.view(), src.extent, [=] restrict_amp (index<1> e) {
      const int la = label[src[e]], lb = label[dst[e]];
      if (la < lb) atomic_fetch_min(&label[dst[e]], la);
    });
  }
  label.synchronize();
  ctx.output("components", labels, want);
}

// Sparse matrix-vector product, one row per thread: rows share the vector x (reads only).
TESSERA_CASE(spmv_row_per_thread_shares_only_reads, "MEM-3,BAR-11", expect::pass) {
  const csr g = random_undirected(n, 200, ctx.rng());
  const std::vector<int> values = ctx.random_ints(static_cast<std::size_t>(g.edges()), -5, 5), hx = ctx.random_ints(n, -9, 9);
  std::vector<int> hy(n, 0);
  array_view<const int, 1> offsets(n + 1, g.offsets), columns(g.edges(), g.targets), vals(g.edges(), values), x(n, hx);
  array_view<int, 1> y(n, hy);
  parallel_for_each(ctx.view(), y.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int row = t.global[0];
    int sum = 0;
    for (int k = offsets[row]; k < offsets[row + 1]; ++k) sum += vals[k] * x[columns[k]];
    y[t] = sum;
  });
  y.synchronize();
  std::vector<int> want(n, 0);
  for (int r = 0; r < n; ++r)
    for (int k = g.offsets[r]; k < g.offsets[r + 1]; ++k) want[r] += values[k] * hx[g.targets[k]];
  ctx.output("y", hy, want);
}

// The transposed product y = A^T x, one row of A per thread, scattered into y with atomic adds.
TESSERA_CASE(transposed_spmv_scatter_with_atomic_add, "ATOM-2,MEM-3", expect::pass) {
  const csr g = random_undirected(n, 200, ctx.rng());
  const std::vector<int> values = ctx.random_ints(static_cast<std::size_t>(g.edges()), -5, 5), hx = ctx.random_ints(n, -9, 9);
  std::vector<int> hy(n, 0);
  array_view<const int, 1> offsets(n + 1, g.offsets), columns(g.edges(), g.targets), vals(g.edges(), values), x(n, hx);
  array_view<int, 1> y(n, hy);
  parallel_for_each(ctx.view(), x.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int row = t.global[0];
    for (int k = offsets[row]; k < offsets[row + 1]; ++k) atomic_fetch_add(&y[columns[k]], vals[k] * x[row]);
  });
  y.synchronize();
  std::vector<int> want(n, 0);
  for (int r = 0; r < n; ++r)
    for (int k = g.offsets[r]; k < g.offsets[r + 1]; ++k) want[g.targets[k]] += values[k] * hx[r];
  ctx.output("y", hy, want);
}

// Distinct priorities for the colouring (37 is odd, so v -> 37v + 11 is a permutation modulo 64); the
// kernel computes the same expression.
int colouring_priority(int v) { return (v * 37 + 11) % n; }

// Graph colouring in rounds (Jones-Plassmann): an uncoloured vertex whose priority beats every uncoloured
// neighbour's takes the smallest colour its coloured neighbours do not have, reading one array and writing
// the other; priorities are distinct, so neighbours never choose in the same round.
TESSERA_CASE(colouring_in_rounds_double_buffered, "PFE-6,MEM-3", expect::pass) {
  const csr g = random_undirected(n, 140, ctx.rng());
  std::vector<int> want(n, -1);
  int rounds = 0;
  while (std::count(want.begin(), want.end(), -1) > 0) {
    std::vector<int> next(want);
    for (int v = 0; v < n; ++v) {
      if (want[v] >= 0) continue;
      bool best = true;
      int used = 0;
      for (int e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const int u = g.targets[e];
        if (want[u] < 0 && colouring_priority(u) > colouring_priority(v)) best = false;
        if (want[u] >= 0) used |= 1 << want[u];
      }
      if (best) {
        int c = 0;
        while ((used >> c) & 1) ++c;
        next[v] = c;
      }
    }
    want = next;
    ++rounds;
  }
  std::vector<int> first(n, -1), second(n, -1);
  array_view<const int, 1> offsets(n + 1, g.offsets), targets(g.edges(), g.targets);
  array_view<int, 1> x(n, first), y(n, second);
  for (int r = 0; r < rounds; ++r) {
    array_view<int, 1> cur = r % 2 == 0 ? x : y, next = r % 2 == 0 ? y : x;
    parallel_for_each(ctx.view(), cur.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      const int v = t.global[0];
      int mine = cur[v];
      if (mine < 0) {
        const int pv = (v * 37 + 11) % n;
        bool best = true;
        int used = 0;
        for (int e = offsets[v]; e < offsets[v + 1]; ++e) {
          const int u = targets[e];
          const int cu = cur[u];
          if (cu < 0 && (u * 37 + 11) % n > pv) best = false;
          if (cu >= 0) used |= 1 << cu;
        }
        if (best) {
          mine = 0;
          while ((used >> mine) & 1) ++mine;
        }
      }
      next[v] = mine;
    });
  }
  array_view<int, 1> last = rounds % 2 == 0 ? x : y;
  last.synchronize();
  ctx.output("colours", rounds % 2 == 0 ? first : second, want);
}

}  // namespace
