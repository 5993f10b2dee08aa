// N-body: one step of gravitational acceleration and integration, with a small vector type whose
// operators are restrict(amp, cpu), and the softened inverse distance from <amp_math.h>.
#include <amp.h>
#include <amp_math.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

// C++ AMP samples often call this type float3; CUDA declares a global float3 of its own in every file nvcc
// compiles, so a program meant for both names its vector type differently (tessera-port warns about the
// clash: TESSERA-PORT-011).
struct vec3 {
  float x, y, z;
  vec3() restrict(amp, cpu) : x(0), y(0), z(0) {}
  vec3(float a, float b, float c) restrict(amp, cpu) : x(a), y(b), z(c) {}
  vec3 operator+(const vec3& o) const restrict(amp, cpu) { return vec3(x + o.x, y + o.y, z + o.z); }
  vec3 operator-(const vec3& o) const restrict(amp, cpu) { return vec3(x - o.x, y - o.y, z - o.z); }
  vec3 operator*(float s) const restrict(amp, cpu) { return vec3(x * s, y * s, z * s); }
  float dot(const vec3& o) const restrict(amp, cpu) { return x * o.x + y * o.y + z * o.z; }
};

struct particle {
  vec3 position;
  vec3 velocity;
  float mass;
};

static const float softening = 0.01f;
static const float dt = 0.005f;

int main(int argc, char** argv) {
  const int n = 512;
  std::vector<particle> bodies(n);
  for (int i = 0; i < n; ++i) {
    bodies[i].position = vec3(static_cast<float>(i % 8), static_cast<float>((i / 8) % 8), static_cast<float>(i / 64));
    bodies[i].velocity = vec3(0.0f, 0.0f, 0.0f);
    bodies[i].mass = 1.0f + static_cast<float>(i % 3);
  }
  array<particle, 1> in(n, bodies.begin(), bodies.end());
  array<particle, 1> out(n);
  parallel_for_each(in.extent, [&](index<1> idx) restrict(amp) {
    particle p = in[idx];
    vec3 acc;
    for (int j = 0; j < n; ++j) {
      vec3 r = in[j].position - p.position;
      float dist2 = r.dot(r) + softening;
      float inv = 1.0f / precise_math::sqrt(dist2);
      acc = acc + r * (in[j].mass * inv * inv * inv);
    }
    p.velocity = p.velocity + acc * dt;
    p.position = p.position + p.velocity * dt;
    out[idx] = p;
  });
  std::vector<particle> result(n);
  copy(out, result.begin());

  std::vector<float> positions;
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    positions.push_back(result[i].position.x);
    positions.push_back(result[i].position.y);
    positions.push_back(result[i].position.z);
    // Symmetric lattice: every body moves, and by less than one lattice unit in one step.
    const vec3 moved = result[i].position - bodies[i].position;
    ok = ok && moved.dot(moved) < 1.0f;
  }
  // Momentum is conserved up to rounding.
  vec3 momentum;
  for (int i = 0; i < n; ++i) momentum = momentum + result[i].velocity * result[i].mass;
  ok = ok && momentum.dot(momentum) < 1e-3f;
  corpus::results results("nbody", argc, argv);
  results.output("positions", positions, 4096);
  return results.finish(ok, "n-body step of 512 bodies");
}
