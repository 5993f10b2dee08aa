#!/usr/bin/env bash
# The one CTest test of bench/peers (the benchmark itself is not a test): bench_peers on the smallest size
# of each workload with a tiny time limit, and the detection of one buggy and one correct hazard kernel.
# It passes when the report has a column for every configuration, a row for every workload with a value
# or a limit in every cell (none failed or unavailable; the compiled path's two may be n/a where
# tessera-phases is not built), both detection rows as expected, and the chart.
# Exit 77 (skipped) when POCL or Oclgrind is not installed (scripts/setup.sh --peers).
#
#   smoke_test.sh BENCH_PEERS OUTDIR COMPILED_BUILT(0|1)
set -uo pipefail
driver=$1
out=$2
compiled_built=${3:-1}
rm -rf "$out"
mkdir -p "$out"
"$driver" --smallest --limit 5 --budget 0.2 --hazard-limit 20 --require-all \
  --twins neighbour_read_without_barrier,exchange_across_tile_static_fence "$out/peers.md" >"$out/log.txt" 2>&1
rc=$?
if [ "$rc" -eq 77 ]; then
  grep -m1 '^SKIP' "$out/log.txt"
  exit 77
fi
fail() {
  echo "FAIL: $*"
  cat "$out/log.txt"
  exit 1
}
[ "$rc" -eq 0 ] || fail "bench_peers exited with $rc"
[ -s "$out/peers.md" ] || fail "no report"
header=$(grep -m1 '^| workload | size' "$out/peers.md") || fail "no timing table"
for c in "Tessera, checks off" "Tessera, compiled path" "Tessera, checked" "Tessera, compiled path checked" "POCL" "Oclgrind" \
  "Oclgrind --data-races"; do
  grep -qF "| $c |" <<<"$header" || fail "no column for $c"
done
for row in "tile average 2x2 | N=256" "tile average 16x16 | N=256" "matmul 16x16 tiles | N=128" "reduction 256-wide | 2^16"; do
  line=$(grep -m1 -F "| $row |" "$out/peers.md") || fail "no row for $row"
  # Without tessera-phases (no LibTooling) the compiled path's cells (the fourth and sixth) say n/a, and why.
  [ "$compiled_built" = 1 ] || line=$(awk -F'|' 'BEGIN { OFS = "|" } { $5 = " not built "; $7 = " not built "; print }' <<<"$line")
  if grep -qE 'FAILED|n/a' <<<"$line"; then fail "a configuration failed or is missing: $line"; fi
done
grep -qF '| `hazards.neighbour_read_without_barrier` |' "$out/peers.md" || fail "no detection row for the buggy kernel"
grep -F '`hazards.neighbour_read_without_barrier`' "$out/peers.md" | grep -qF '| both |' || fail "the buggy kernel was not caught by both"
grep -F '`hazards.exchange_across_tile_static_fence`' "$out/peers.md" | grep -qF '| both clean |' || fail "the correct kernel was not clean on both"
[ "$(grep -c 'class="legend-item"' "$out/peers.svg")" -eq 7 ] || fail "the chart does not name the seven configurations"
echo "bench_peers smoke run: every configuration present ($out/peers.md)"
