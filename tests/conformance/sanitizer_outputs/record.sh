#!/bin/bash
# Records compute-sanitizer's text and XML output for each planted bug of probe.cu, on a machine with an
# NVIDIA GPU and the CUDA toolkit: the files this folder keeps were cut from such a run.
#   tests/conformance/sanitizer_outputs/record.sh OUTDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: record.sh OUTDIR}
mkdir -p "$out/logs"
cd "$out"
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
{ nvidia-smi; nvcc --version; "$cs" --version; } > logs/env.txt 2>&1
nvcc -std=c++17 -arch=sm_90 -lineinfo -o probe "$here/probe.cu" || exit 1
run() {  # tool kernel [tool options...]
  local tool=$1 c=$2
  shift 2
  timeout -s KILL 25 "$cs" --tool "$tool" "$@" ./probe "$c" > "logs/$tool.$c.txt" 2>&1
  timeout -s KILL 25 "$cs" --tool "$tool" "$@" --xml --save "logs/$tool.$c.xml" ./probe "$c" > /dev/null 2>&1
  echo "$tool $c done"
}
for c in shared_race shared_rbw global_race global_between correct; do run racecheck $c; done
run racecheck shared_race --racecheck-report hazard
for c in divergent divergent_two correct; do run synccheck $c; done
for c in oob_write oob_read host correct; do run memcheck $c; done
for c in uninit correct oob_read; do run initcheck $c; done
