#!/usr/bin/env bash
# The conformance suite's CUDA side on one GPU and spread over every GPU of the host, compared: the same
# cases, seed and settings on 1 GPU and on all N, one emulator run as the reference both are diffed
# against. Writes OUTDIR/gpus.md (wall time on 1 and on N, cases and mismatches per GPU) and the runs in
# OUTDIR/gpus/; then `ctest -L '^(conformance|gpu)$'`, each GPU test on a GPU of its own (CTest's resource
# specification file of the GPUs, written at build time). Run by scripts/gpu_run.sh (--steps gpus) on a
# host where BUILD is built with CUDA; fits one 10-minute call on such a host (ctest gets what is left).
#
#   scripts/gpu_spread.sh BUILD OUTDIR
set -uo pipefail
build="$(cd "${1:?usage: scripts/gpu_spread.sh BUILD OUTDIR}" && pwd)"
mkdir -p "${2:?usage: scripts/gpu_spread.sh BUILD OUTDIR}"
out="$(cd "$2" && pwd)"
status=0
gpus_started=$(date +%s)
gpus_dir="$out/gpus"
rm -rf "$gpus_dir"
mkdir -p "$gpus_dir"
report="$out/gpus.md"
"$build/conformance/conform_cuda" --list-gpus | tee "$gpus_dir/gpus.txt"
n=$(grep -c '^cuda:' "$gpus_dir/gpus.txt")
# The settings of both runs: every case, the sanitizer pass over every case (spread over the GPUs too),
# one timing sample per case (the wall time of the run is what is compared, not kernel times).
settings=(--seed 20261122 --repeat 1 --timeout 60 --sanitizer all --quiet)
{
  echo "## The suite's CUDA side on 1 GPU and on $n"
  echo
  echo "Host: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | sort | uniq -c | sed 's/^ *//' | paste -sd, -), $(nproc) cores, $(date -u +%Y-%m-%d)."
  echo "Both runs: \`conform_cuda ${settings[*]}\` (every case, compute-sanitizer on every case), diffed against one emulator run of the same seed."
  echo
} >"$report"
if [ "$n" -lt 2 ]; then
  echo "not run: this host has $n GPU(s); spreading the suite needs at least 2" | tee -a "$report"
else
  "$build/conformance/conform_emulator" --out "$gpus_dir/emulator" --seed 20261122 --repeat 1 --timeout 60 --quiet >"$gpus_dir/emulator.log" 2>&1
  tail -1 "$gpus_dir/emulator.log"
  echo "Reference: $(grep -E '^emulator: [0-9]+ passed' "$gpus_dir/emulator.log" | tail -1)." >>"$report"
  echo >>"$report"
  echo "| GPUs | wall time of the CUDA side | cases | diff against the emulator |" >>"$report"
  echo "|---|---|---|---|" >>"$report"
  declare -A wall
  for g in 1 "$n"; do
    dir="$gpus_dir/on-$g"
    mkdir -p "$dir"
    start=$(date +%s%N)
    "$build/conformance/conform_cuda" --out "$dir" --gpus "$g" "${settings[@]}" >"$dir/cuda.log" 2>&1
    rc=$?
    wall[$g]=$(( ($(date +%s%N) - start) / 1000000 ))
    [ $rc -le 1 ] || { echo "conform_cuda --gpus $g stopped with status $rc"; status=1; }
    [ $rc -eq 1 ] && status=1
    # The reference beside the run (blobs are content-addressed: the folders merge).
    cp "$gpus_dir/emulator/emulator.json" "$dir/" && { [ ! -d "$gpus_dir/emulator/blobs" ] || cp -rn "$gpus_dir/emulator/blobs" "$dir/"; }
    "$build/conformance/tessera-conform" report "$dir" >"$dir/report.txt" 2>&1 || status=1
    cases=$(grep -E '^cuda: [0-9]+ passed' "$dir/cuda.log" | tail -1)
    diffline=$(grep -E '^diff cuda vs emulator' "$dir/report.txt" | sed 's/^diff cuda vs emulator: //')
    printf '| %s | %d.%03d s | %s | %s |\n' "$g" $((wall[$g] / 1000)) $((wall[$g] % 1000)) "${cases#cuda: }" "$diffline" >>"$report"
  done
  {
    echo
    printf 'Speed-up of the CUDA side on %s GPUs against 1 GPU (wall time, same host and run): %s\n' "$n" \
      "$(awk -v a="${wall[1]}" -v b="${wall[$n]}" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "not measured" }')"
    echo
    echo "Cases per GPU (the run on $n): $(grep -E '^cuda per GPU:' "$gpus_dir/on-$n/cuda.log" | sed 's/^cuda per GPU: //')"
    echo
    echo "Mismatches per GPU (the run on $n, against the emulator): $(grep -E '^  per GPU:' "$gpus_dir/on-$n/report.txt" | sed 's/^  per GPU: //')"
    echo
    echo "compute-sanitizer on 1 GPU: $(grep -E '^compute-sanitizer:' "$gpus_dir/on-1/cuda.log" | tail -1 | sed 's/^compute-sanitizer: //')"
    echo
    echo "compute-sanitizer on $n GPUs: $(grep -E '^compute-sanitizer:' "$gpus_dir/on-$n/cuda.log" | tail -1 | sed 's/^compute-sanitizer: //')"
  } >>"$report"
fi
# CTest: every case a test; each CUDA one takes a GPU of the resource specification file written at
# build time (build-gpu/conformance/conform_cuda_resources.json), which ctest reads without a flag.
spec="$build/conformance/conform_cuda_resources.json"
{
  echo
  echo "### ctest -L '^(conformance|gpu)\$' --parallel $(nproc)"
  echo
  if [ -f "$spec" ]; then echo "Resource specification file: $(tr -d ' \n' <"$spec")"; else echo "No resource specification file (no GPU found at build time)."; fi
  echo
} >>"$report"
# The step fits one call of 10 minutes on a host already built (--steps build first): ctest gets what
# is left of 9 minutes, and the report says so when it was stopped.
start=$(date +%s)
left=$(( 540 - (start - gpus_started) ))
[ $left -lt 60 ] && left=60
(cd "$build" && timeout -k 10 "$left" ctest --parallel "$(nproc)" --timeout 300 -L '^(conformance|gpu)$' >"$gpus_dir/ctest.log" 2>&1)
rc=$?
[ $rc -eq 0 ] || status=1
{
  grep -E "tests passed|tests failed|\(Failed\)|Timeout|Not Run" "$gpus_dir/ctest.log" | head -40
  echo
  if [ $rc -eq 124 ]; then echo "ctest was stopped after $left s (the step's time was up): the lines above are the tests it finished."
  else echo "ctest took $(( $(date +%s) - start )) s."; fi
} >>"$report"
cat "$report"
exit $status
