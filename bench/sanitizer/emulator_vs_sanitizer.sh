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
# Then bench/peers' workloads at their largest sizes (WORKLOADS="name:size ..." to choose): the checked
# emulator (bench_peers_tessera_checked, TESSERA_CHECKS=report) against the same source built by nvcc
# (bench_peers_tessera_cuda) under racecheck, whole process, one launch each after the inputs and the serial
# oracle (the same work on both sides); the kernels are correct, so every finding is listed. Where the
# build has the checked compiled path's runner (bench_peers_tessera_phased_checked: tessera-phases was
# built, or PHASED_CHECKED names one, e.g. from bench/sanitizer/phased_runner.sh), it is timed the same way,
# beside the fiber path.
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
[ -x "$sanitizer" ] || { echo "not run: $sanitizer is missing (compute-sanitizer comes with the CUDA Toolkit)"; exit 0; }
# The families need the conformance executors; without them that table says so and the workloads still run.
families_missing=""
for p in "$emulator" "$cuda"; do
  [ -x "$p" ] || families_missing="$p is missing (build conform_emulator and conform_cuda on a machine with a GPU)"
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
[ -n "$families_missing" ] && { echo "The conformance families: not run, $families_missing."; families=(); }
[ ${#families[@]} -gt 0 ] && echo "| family | cases | checked emulator ($cores workers) | CUDA, no sanitizer | racecheck | memcheck | initcheck | racecheck / checked emulator |"
[ ${#families[@]} -gt 0 ] && echo "|---|---:|---:|---:|---:|---:|---:|---:|"
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

checked="$build/bench/peers/bench_peers_tessera_checked"
compiled="${PHASED_CHECKED:-$build/bench/peers/bench_peers_tessera_phased_checked}"
gpu_runner="$build/bench/peers/bench_peers_tessera_cuda"
echo
echo "## bench/peers' workloads at their largest sizes"
echo
if [ ! -x "$checked" ] || [ ! -x "$gpu_runner" ]; then
  echo "not run: $checked or $gpu_runner is missing (both are built with the conformance suite, the second where nvcc is)"
  exit 0
fi
# The twin runs where the default accelerator is: a GPU, or else the emulator, which would compare nothing.
if ! "$gpu_runner" --workload reduction_256 --size 65536 --budget 0 2>/dev/null | grep -q '"device":"cuda:'; then
  echo "not run: $gpu_runner did not run on a GPU here (no usable CUDA device)"
  exit 0
fi
have_compiled=0
[ -x "$compiled" ] && have_compiled=1
echo "| workload | size | checked emulator ($cores workers) | checked compiled path ($cores workers) | CUDA, no sanitizer | racecheck | racecheck findings | racecheck / checked emulator | racecheck / checked compiled path |"
echo "|---|---:|---:|---:|---:|---:|---|---:|---:|"
for item in ${WORKLOADS:-tile_average_2x2:2048 tile_average_16x16:2048 matmul_16x16:512 reduction_256:1048576}; do
  w=${item%%:*}; n=${item##*:}
  args=(--workload "$w" --size "$n" --budget 0)
  e=$(for _ in $(seq "$repeat"); do TESSERA_CHECKS=report TESSERA_WORKERS="$cores" timed "$checked" "${args[@]}"; done | median)
  p="not built"
  if [ "$have_compiled" = 1 ]; then
    p=$(for _ in $(seq "$repeat"); do TESSERA_CHECKS=report TESSERA_WORKERS="$cores" timed "$compiled" "${args[@]}"; done | median)
  fi
  c=$(for _ in $(seq "$repeat"); do timed "$gpu_runner" "${args[@]}"; done | median)
  r=$(for _ in $(seq "$repeat"); do timed "$sanitizer" --tool racecheck --print-limit 10 "$gpu_runner" "${args[@]}"; done | median)
  # the last racecheck run's own summary line
  found=$("$sanitizer" --tool racecheck --print-limit 10 "$gpu_runner" "${args[@]}" 2>&1 | grep -m1 -E "RACECHECK SUMMARY|ERROR SUMMARY" | sed 's/^========= //')
  ratio=$(awk -v a="$r" -v b="$e" 'BEGIN {if (b > 0) printf "%.1fx", a / b; else print "n/a"}')
  pratio="not compared (the runner was not built: tessera-phases needs Clang's LibTooling; bench/sanitizer/phased_runner.sh builds it from sources rewritten elsewhere)"
  [ "$have_compiled" = 1 ] && pratio=$(awk -v a="$r" -v b="$p" 'BEGIN {if (b > 0) printf "%.1fx", a / b; else print "n/a"}') && p="$p s"
  echo "| $w | $n | $e s | $p | $c s | $r s | ${found:-none printed} | $ratio | $pratio |"
done
echo
echo "Whole process on each side: inputs, the serial oracle, one launch, the check of the results against the oracle."
