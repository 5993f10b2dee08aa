#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs the ported C++ AMP examples on every backend
# this machine has (the emulator always; the GPU when nvcc built the CUDA twins and a GPU is present),
# checking each program's documented output.
#   scripts/main.sh [OUTDIR]    (OUTDIR: where the log goes; default build/reports)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/build/reports}"
"$here/scripts/setup.sh"
"$here/scripts/build.sh" "$here/build"
mkdir -p "$out"
cd "$here/build"
# -V shows each program's output; the summary at the end says which backends ran and which were skipped.
ctest -L example -V --output-junit "$out/examples-junit.xml" 2>&1 | grep -vE '^(UpdateCTestConfiguration|Parse |Add coverage|Test project|Constructing|Checking test|Test timeout|[0-9]+: Test command|[0-9]+: Working Directory|[0-9]+: Environment)' | tee "$out/main.log"
