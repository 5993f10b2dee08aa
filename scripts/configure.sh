#!/usr/bin/env bash
# Configures Tessera into a build directory, keeping CMake's output in <build>/configure.log instead of
# the terminal, and prints one line saying whether the CUDA backend (and with it every GPU test) is on,
# and why not when it is off: a machine without nvcc must not lose its GPU tests unseen.
#   scripts/configure.sh BUILD_DIR [extra cmake arguments...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:?usage: scripts/configure.sh BUILD_DIR [cmake arguments...]}"
shift
mkdir -p "$build"
if ! cmake -S "$here" -B "$build" -G Ninja "$@" >"$build/configure.log" 2>&1; then
  cat "$build/configure.log"
  echo "configure failed (log above, kept in $build/configure.log)" >&2
  exit 1
fi
cache="$build/CMakeCache.txt"
enabled="$(sed -n 's/^TESSERA_ENABLE_CUDA:BOOL=//p' "$cache")"
# The compiler CMake found for CUDA (not cached: it is in the language's own file), and whether the
# build holds the CUDA executor, which is what registers the GPU tests.
nvcc="$(sed -n 's/^set(CMAKE_CUDA_COMPILER "\(.*\)")$/\1/p' "$build"/CMakeFiles/*/CMakeCUDACompiler.cmake 2>/dev/null | head -1)"
has_cuda_executor=no
if [ -f "$build/build.ninja" ] && grep -q '^build conformance/conform_cuda:' "$build/build.ninja"; then has_cuda_executor=yes; fi
if [ "${enabled^^}" = "OFF" ]; then
  echo "CUDA: off (TESSERA_ENABLE_CUDA=OFF was given): no CUDA executor, no GPU tests"
elif [ -z "$nvcc" ]; then
  echo "CUDA: off (no nvcc: not in /usr/local/cuda/bin, \$CUDACXX or CMAKE_CUDA_COMPILER; see $build/configure.log): no CUDA executor, no GPU tests"
elif [ "$has_cuda_executor" = no ]; then
  echo "CUDA: nvcc $nvcc was found but the build has no CUDA executor (see $build/configure.log)"
else
  sanitizer="not found, diagnostic cases skip on CUDA"
  [ -x "$(dirname "$nvcc")/compute-sanitizer" ] && sanitizer="$(dirname "$nvcc")/compute-sanitizer"
  echo "CUDA: on ($nvcc); compute-sanitizer: $sanitizer; GPU tests skip at run time where no GPU is"
fi
