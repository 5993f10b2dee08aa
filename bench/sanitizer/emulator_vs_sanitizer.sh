#!/usr/bin/env bash
# The emulator's checks against NVIDIA compute-sanitizer, whole process, on the same conformance cases:
# the checked emulator (conform_emulator, every worker of this machine) against conform_cuda under
# racecheck, memcheck and initcheck on the GPU, and conform_cuda without a sanitizer for scale. Each
# command runs REPEAT times; the table gives the median wall time and the ratio to the checked emulator,
# with the machine, GPU, compilers and date.
#
#   [LOG=FILE] bench/sanitizer/emulator_vs_sanitizer.sh BUILD_DIR [FAMILY...]   (default families: algo bar mem;
#   every command's output goes to LOG, a temporary file by default)
#
# Cases caught, side by side, come from the conformance run's report (tessera-conform run --sanitizer):
# this script measures time only.
set -uo pipefail
build="${1:?usage: emulator_vs_sanitizer.sh BUILD_DIR [FAMILY...]}"
shift
families=("$@")
[ ${#families[@]} -eq 0 ] && families=(algo bar mem)
repeat="${REPEAT:-3}"
emulator="$build/conformance/conform_emulator"
cuda="$build/conformance/conform_cuda"
sanitizer="${TESSERA_COMPUTE_SANITIZER:-$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")/compute-sanitizer}"
for p in "$emulator" "$cuda" "$sanitizer"; do
  [ -x "$p" ] || { echo "not run: $p is missing (build conform_emulator and conform_cuda on a machine with a GPU and compute-sanitizer)"; exit 0; }
done
cores="$(nproc)"

median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
# seconds of one run of "$@" (its output goes to the log)
timed() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >>"$log" 2>&1
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f\n", b - a}'
}
log="${LOG:-$(mktemp)}"
echo "# The emulator's checks and compute-sanitizer, whole process, same cases"
echo
echo "- date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "- host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $cores cores"
echo "- GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
echo "- nvcc: $(nvcc --version 2>/dev/null | tail -1); $("$sanitizer" --version 2>/dev/null | grep -m1 Version)"
echo "- each command $repeat times, median wall time of the whole process (start-up, every case of the family, exit)"
echo
echo "| family | cases | checked emulator ($cores workers) | CUDA, no sanitizer | racecheck | memcheck | initcheck | racecheck / checked emulator |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for family in "${families[@]}"; do
  filter="$family.*"
  cases="$("$emulator" --list --filter "$filter" 2>/dev/null | tail -1 | awk '{print $1}')"
  # positive cases only: the negative ones expect a diagnostic the GPU build does not raise
  common=(--filter "$filter" --no-isolation --repeat 1 --no-sweep --quiet)
  e=$(for _ in $(seq "$repeat"); do timed "$emulator" "${common[@]}" --workers "$cores"; done | median)
  c=$(for _ in $(seq "$repeat"); do timed "$cuda" "${common[@]}" --sanitizer off; done | median)
  row="| $family | $cases | $e s | $c s"
  for tool in racecheck memcheck initcheck; do
    t=$(for _ in $(seq "$repeat"); do timed "$sanitizer" --tool "$tool" --print-limit 10 "$cuda" "${common[@]}" --sanitizer off; done | median)
    row="$row | $t s"
    [ "$tool" = racecheck ] && r="$t"
  done
  ratio=$(awk -v a="$r" -v b="$e" 'BEGIN {if (b > 0) printf "%.1fx", a / b; else print "n/a"}')
  echo "$row | $ratio |"
done
echo
echo "A ratio above 1 means the checked emulator finished first. In families with diagnostic cases (bar, mem) the emulator"
echo "also diagnoses those, which the CUDA runs without --sanitizer skip; algo has none. Log of every command: $log"
