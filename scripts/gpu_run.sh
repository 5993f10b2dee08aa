#!/usr/bin/env bash
# The whole GPU side in one go, on a machine with an NVIDIA GPU: build with CUDA, run every test (the GPU
# ones included), run the examples on the GPU (printing their output), run the GPU benchmark. Logs and reports go to OUTDIR.
#
#   scripts/gpu_run.sh OUTDIR [--deps DIR]
#
# --deps DIR: a folder of Debian .deb files (oneTBB, Boost.Context) to unpack into the build tree when the
# machine lacks those packages and cannot install them (an offline GPU host).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/gpu_run.sh OUTDIR [--deps DIR]}"
shift
debs=""
if [ "${1:-}" = "--deps" ]; then debs="$(cd "${2:?--deps needs a folder}" && pwd)"; fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
build="$here/build-gpu"
status=0
step() { printf '\n== %s ==\n' "$*"; }

{
  step "machine"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
  nvcc --version | tail -1
  nproc

  step "build"
  cmake_args=(-DCMAKE_BUILD_TYPE=Release)
  if [ -n "$debs" ]; then
    mkdir -p "$build/deps"
    for d in "$debs"/*.deb; do dpkg -x "$d" "$build/deps"; done
    cmake_args+=(-DCMAKE_PREFIX_PATH="$build/deps/usr" -DBoost_NO_SYSTEM_PATHS=ON -DBOOST_ROOT="$build/deps/usr")
    export LD_LIBRARY_PATH="$build/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  elif command -v apt-get >/dev/null; then
    "$here/scripts/setup.sh" || true
  fi
  cmake -S "$here" -B "$build" -G Ninja "${cmake_args[@]}" && cmake --build "$build" --parallel "$(nproc)" || { echo "BUILD FAILED"; exit 1; }

  step "tests and examples, on the emulator and the GPU"
  # The examples' GPU twins are CTest tests (label example) that check the documented output.
  (cd "$build" && ctest -V -L example --output-junit "$out/examples-junit.xml" | grep -E "^[0-9]+: [^TWE]|Test +#") || status=1
  (cd "$build" && ctest --output-on-failure --parallel 4 --timeout 600 --output-junit "$out/ctest-junit.xml") || status=1

  step "GPU benchmark: Tessera against hand-written CUDA"
  "$build/bench/cuda/tessera_vs_cuda" | tee "$out/bench-cuda.md" || status=1

  step "result"
  [ $status -eq 0 ] && echo "GPU RUN PASSED" || echo "GPU RUN FAILED"
  exit $status
} 2>&1 | tee "$out/gpu-run.log"
exit "${PIPESTATUS[0]}"
