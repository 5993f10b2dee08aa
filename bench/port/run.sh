#!/usr/bin/env bash
# tessera-port's benchmark (not a test): porting time per 1,000 lines, and the corpus's rewrite counts.
#
#   bench/port/run.sh [BUILD_DIR]      (default: build)
#
# Three inputs, each ported REPEAT times with --out-dir into a scratch folder (median wall time):
#   corpus      the fourteen programs of tests/port/corpus, in one run of the tool (cache cold and warm),
#               and in one run per file (cache warm)
#   one-file    a generated C++ AMP file of about 700 lines (40 kernels with helpers and [&] array captures)
#   baseline    `clang++-16 -fsyntax-only` of the same inputs: what parsing alone costs, measured in the
#               same run; the ratio says what the tool adds to a parse.
# Prints a Markdown report (bench/port/RESULTS.md holds the last one, with the machine it ran on).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:-$here/build}"
tool="$build/tools/tessera-port"
repeat="${REPEAT:-5}"
[ -x "$tool" ] || { echo "bench/port: build tessera-port first (cmake --build $build --target tessera-port)" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The programs (not corpus_results.cpp, the outputs' writer they link with).
corpus=()
for f in "$here"/tests/port/corpus/*.cpp; do [ "$(basename "$f")" = corpus_results.cpp ] || corpus+=("$f"); done
includes=(-I"$here/conformance/results/include" -I"$here/spec/include/tessera/compat" -I"$here/spec/include" -I"$build/generated/include")

# The generated file: kernels as C++ AMP users write them, each with its own helper and captures.
big="$scratch/generated.cpp"
{
  echo '#include <amp.h>'
  echo '#include <vector>'
  echo 'using namespace concurrency;'
  for k in $(seq 1 40); do
    cat <<KERNEL
float helper_$k(float x, float y) restrict(amp, cpu) {
  return x * $k.0f + y;
}

void kernel_$k(array<float, 1>& a, array<float, 1>& b, std::vector<float>& out) {
  array_view<float, 1> o(static_cast<int>(out.size()), out);
  o.discard_data();
  parallel_for_each(o.extent.tile<64>(), [&](tiled_index<64> t) restrict(amp) {
    tile_static float s[64];
    s[t.local[0]] = a[t.global] + b[t.global];
    t.barrier.wait();
    float sum = 0.0f;
    for (int i = 0; i < 64; ++i) sum += s[i];
    o[t.global] = helper_$k(sum, s[63 - t.local[0]]);
  });
  o.synchronize();
}

KERNEL
  done
} >"$big"

median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
time_it() {  # seconds of wall time, median of $repeat runs
  for _ in $(seq "$repeat"); do
    local t0 t1
    [ "${cold:-0}" = 1 ] && rm -rf "$TESSERA_PORT_CACHE"
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
  done | median
}
lines() { cat "$@" | wc -l; }

corpus_lines=$(lines "${corpus[@]}")
big_lines=$(lines "$big")
# The precompiled <amp.h> is kept between runs (docs/porting.md): "cold" rows start each run without it,
# "warm" rows find it made by an earlier run.
export TESSERA_PORT_CACHE="$scratch/pch-cache"
t_corpus=$(cold=1 time_it "$tool" --out-dir "$scratch/out1" "${corpus[@]}" -- -std=c++20 "${includes[@]:0:1}")
t_corpus_jobs=$(cold=1 time_it "$tool" -j "$(nproc)" --out-dir "$scratch/out6" "${corpus[@]}" -- -std=c++20 "${includes[@]:0:1}")
t_corpus_warm=$(time_it "$tool" --out-dir "$scratch/out7" "${corpus[@]}" -- -std=c++20 "${includes[@]:0:1}")
t_corpus_files=$(time_it bash -c 'for f in "${@:2}"; do "$1" --out-dir "'"$scratch"'/out8" "$f" -- -std=c++20 '"${includes[0]}"'; done' _ "$tool" "${corpus[@]}")
t_corpus_nopch=$(time_it "$tool" --no-pch --out-dir "$scratch/out2" "${corpus[@]}" -- -std=c++20 "${includes[@]:0:1}")
t_big=$(cold=1 time_it "$tool" --out-dir "$scratch/out3" "$big" -- -std=c++20)
t_parse_corpus=$(time_it bash -c 'for f in "$@"; do clang++-16 -std=c++20 -fsyntax-only -w '"${includes[*]}"' "$f"; done' _ "${corpus[@]}")
t_parse_big=$(time_it clang++-16 -std=c++20 -fsyntax-only -w "${includes[@]}" "$big")
per_k() { echo "scale=2; $1 * 1000 / $2" | bc -l; }
ratio() { echo "scale=2; $1 / $2" | bc -l; }

stats="$("$tool" --out-dir "$scratch/out4" "${corpus[@]}" -- -std=c++20 "${includes[@]:0:1}" 2>"$scratch/warnings.txt" | tail -2)"
big_stats="$("$tool" --out-dir "$scratch/out5" "$big" -- -std=c++20 2>/dev/null | tail -1)"

cat <<REPORT
## tessera-port: porting time

Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; the tool
built with $(g++ --version | head -1), on libclang-cpp $(llvm-config-16 --version 2>/dev/null || echo 16);
$(uptime | sed 's/.*load average/load average/'). Median of $repeat runs, wall time.

| input | lines | tessera-port | per 1,000 lines | clang++-16 -fsyntax-only (baseline) | tool / parse |
|---|---|---|---|---|---|
| corpus: ${#corpus[@]} files, one run, cache warm | $corpus_lines | ${t_corpus_warm} s | $(per_k "$t_corpus_warm" "$corpus_lines") s | ${t_parse_corpus} s | $(ratio "$t_corpus_warm" "$t_parse_corpus") |
| corpus: ${#corpus[@]} runs of one file each, cache warm | $corpus_lines | ${t_corpus_files} s | $(per_k "$t_corpus_files" "$corpus_lines") s | ${t_parse_corpus} s | $(ratio "$t_corpus_files" "$t_parse_corpus") |
| corpus: ${#corpus[@]} files, one run, cache cold | $corpus_lines | ${t_corpus} s | $(per_k "$t_corpus" "$corpus_lines") s | ${t_parse_corpus} s | $(ratio "$t_corpus" "$t_parse_corpus") |
| corpus, -j $(nproc), cache cold (files in parallel; the baseline parses them one after another) | $corpus_lines | ${t_corpus_jobs} s | $(per_k "$t_corpus_jobs" "$corpus_lines") s | ${t_parse_corpus} s | $(ratio "$t_corpus_jobs" "$t_parse_corpus") |
| corpus, --no-pch | $corpus_lines | ${t_corpus_nopch} s | $(per_k "$t_corpus_nopch" "$corpus_lines") s | ${t_parse_corpus} s | $(ratio "$t_corpus_nopch" "$t_parse_corpus") |
| one generated file, 40 kernels, cache cold | $big_lines | ${t_big} s | $(per_k "$t_big" "$big_lines") s | ${t_parse_big} s | $(ratio "$t_big" "$t_parse_big") |

## Rewrite counts (the corpus)

\`$(echo "$stats" | head -1)\`

\`$(echo "$stats" | tail -1)\`

Generated file: \`$big_stats\`

| program | lines | constructs converted | warnings |
|---|---|---|---|
REPORT
for f in "${corpus[@]}"; do
  last="$("$tool" --out-dir "$scratch/one" "$f" -- -std=c++20 "${includes[@]:0:1}" 2>/dev/null | tail -1)"
  printf '| %s | %s | %s | %s |\n' "$(basename "$f" .cpp)" "$(lines "$f")" \
    "$(sed -n 's/.*constructs=\([0-9]*\).*/\1/p' <<<"$last")" "$(sed -n 's/.*warnings=\([0-9]*\).*/\1/p' <<<"$last")"
done
