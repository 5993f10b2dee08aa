// Small graphs in compressed sparse rows for the hazard corpus's graph kernels (buggy/graph_irregular.cpp,
// correct/graph_kernels.cpp): the edges of vertex v are targets[offsets[v]] .. targets[offsets[v+1]-1].
#pragma once

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace tessera::hazards {

struct csr {
  std::vector<int> offsets, targets;
  int vertices() const { return static_cast<int>(offsets.size()) - 1; }
  int edges() const { return static_cast<int>(targets.size()); }
};

// n vertices, each with edges to both ring neighbours and to two chords far away (so that most vertices
// have neighbours in other tiles, and many vertices share neighbours): the buggy kernels' fixed graph.
inline csr ring_with_chords(int n) {
  csr g;
  g.offsets.push_back(0);
  for (int v = 0; v < n; ++v) {
    for (int u : {(v + 1) % n, (v + n - 1) % n, (v * 5 + 3) % n, (v * 11 + 7) % n}) g.targets.push_back(u);
    g.offsets.push_back(static_cast<int>(g.targets.size()));
  }
  return g;
}

// An undirected graph (every edge stored in both directions, no self-loops or duplicates) with n vertices
// and `edges` random edges, drawn from `rng` (the case's seeded generator, so every backend gets the same).
inline csr random_undirected(int n, int edges, std::mt19937_64& rng) {
  std::vector<std::vector<int>> adjacent(static_cast<std::size_t>(n));
  std::uniform_int_distribution<int> pick(0, n - 1);
  for (int k = 0; k < edges; ++k) {
    const int a = pick(rng), b = pick(rng);
    if (a == b || std::find(adjacent[a].begin(), adjacent[a].end(), b) != adjacent[a].end()) continue;
    adjacent[a].push_back(b);
    adjacent[b].push_back(a);
  }
  csr g;
  g.offsets.push_back(0);
  for (auto& list : adjacent) {
    std::sort(list.begin(), list.end());
    g.targets.insert(g.targets.end(), list.begin(), list.end());
    g.offsets.push_back(static_cast<int>(g.targets.size()));
  }
  return g;
}

// The edge list of g: (source, target) for every stored edge, in order.
inline std::pair<std::vector<int>, std::vector<int>> edge_list(const csr& g) {
  std::pair<std::vector<int>, std::vector<int>> list;
  for (int v = 0; v < g.vertices(); ++v)
    for (int e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
      list.first.push_back(v);
      list.second.push_back(g.targets[e]);
    }
  return list;
}

}  // namespace tessera::hazards
