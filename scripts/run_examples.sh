#!/usr/bin/env bash
# Builds Tessera and runs every ported C++ AMP example (examples/), checking each program's output against
# its documented output (examples/expected/<name>.txt) with the same check as its CTest test
# (examples/check_output.cmake). Each program's output is printed under a header; the last line is
# "N passed, N failed". Exits non-zero if the build or any example fails.
#
#   scripts/run_examples.sh [OUTDIR]
#
# OUTDIR: where examples.log (a copy of everything printed) goes. The build directory is build/, or
# $TESSERA_BUILD_DIR. Where nvcc built GPU twins of the examples (example_<name>_cuda), they run too, on
# the GPU; without a usable GPU they are reported as skipped and count neither as passed nor as failed.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TESSERA_BUILD_DIR:-$here/build}"
out="${1:-}"
if [ -n "$out" ]; then
  mkdir -p "$out" || exit 1
  out="$(cd "$out" && pwd)"
  exec > >(tee "$out/examples.log") 2>&1
  tee_pid=$!
fi
# finish STATUS: exits with STATUS once the log has everything.
finish() {
  if [ -n "${tee_pid:-}" ]; then
    exec >&- 2>&-
    wait "$tee_pid"
  fi
  exit "$1"
}

echo "== build ($build) =="
if [ -x "$here/scripts/build.sh" ]; then
  "$here/scripts/build.sh" "$build"
else
  cmake -S "$here" -B "$build" -G Ninja >/dev/null && cmake --build "$build" --parallel "$(nproc)"
fi
build_rc=$?
if [ $build_rc -ne 0 ]; then
  echo "BUILD FAILED (status $build_rc)"
  echo "0 passed, 1 failed"
  finish 1
fi

passed=0 failed=0 skipped=0
failures=()
probe="$build/backends/cuda/tessera_cuda_probe"
# run_one NAME PROGRAM [PROBE]
run_one() {
  local name="$1" program="$2" probe_arg=()
  [ $# -ge 3 ] && probe_arg=(-DPROBE="$3")
  echo
  echo "== example $name =="
  if [ ! -x "$program" ]; then
    echo "missing program: $program"
    failed=$((failed + 1)); failures+=("$name"); return
  fi
  local log rc
  log="$(cmake -DPROGRAM="$program" -DEXPECTED="$here/examples/expected/${name%.cuda}.txt" "${probe_arg[@]}" \
               -P "$here/examples/check_output.cmake" 2>&1)"
  rc=$?
  printf '%s\n' "$log"
  if [ $rc -eq 0 ] && [[ "$log" == "SKIP: "* ]]; then
    echo "-- skipped"
    skipped=$((skipped + 1))
  elif [ $rc -eq 0 ]; then
    echo "-- passed"
    passed=$((passed + 1))
  else
    echo "-- FAILED"
    failed=$((failed + 1)); failures+=("$name")
  fi
}

shopt -s nullglob
expected_files=("$here"/examples/expected/*.txt)
if [ ${#expected_files[@]} -eq 0 ]; then
  echo "no examples found under examples/expected/"
  echo "0 passed, 1 failed"
  finish 1
fi
for expected in "${expected_files[@]}"; do
  name="$(basename "$expected" .txt)"
  run_one "$name" "$build/examples/example_$name"
  if [ -e "$build/examples/example_${name}_cuda" ]; then
    run_one "$name.cuda" "$build/examples/example_${name}_cuda" "$probe"
  fi
done

echo
[ ${#failures[@]} -gt 0 ] && echo "failed: ${failures[*]}"
[ $skipped -gt 0 ] && echo "$skipped skipped (GPU twins, no usable GPU)"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && finish 0 || finish 1
