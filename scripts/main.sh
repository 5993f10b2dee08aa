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
ctest -L example --output-on-failure --output-junit "$out/examples-junit.xml" 2>&1 | tee "$out/main.log"
