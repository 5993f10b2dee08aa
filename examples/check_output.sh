#!/usr/bin/env bash
# Runs an example and compares what it prints with its documented output.
#   check_output.sh PROGRAM EXPECTED [GPU_PROBE]
# With GPU_PROBE (a program exiting 77 when no GPU is usable), the example runs on the GPU, or the test
# is skipped (exit 77) with the probe's one-line reason.
set -uo pipefail
program="$1" expected="$2" probe="${3:-}"
if [ -n "$probe" ]; then
  "$probe" || exit $?
  export TESSERA_DEFAULT_ACCELERATOR=cuda:0
fi
actual="$("$program")" || { echo "$program exited with status $?"; printf '%s\n' "$actual"; exit 1; }
printf '%s\n' "$actual"
if ! diff -u "$expected" <(printf '%s\n' "$actual"); then
  echo "output differs from the documented output ($expected)"
  exit 1
fi
echo "documented output reproduced"
