#!/usr/bin/env bash
# Downloads the Debian packages Tessera builds with into a folder (default .debs/), for a GPU host that
# has CUDA but no package registry: scripts/gpu_run.sh OUTDIR --deps .debs unpacks them there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$here/.debs}"
mkdir -p "$dir"
cd "$dir"
apt-get download libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15 \
  libboost1.74-dev libboost-context1.74-dev libboost-context1.74.0 \
  libdw-dev libdw1 libelf-dev libelf1 zlib1g-dev liblzma-dev \
  libgtest-dev nlohmann-json3-dev libcli11-dev libxxhash-dev libpugixml-dev libpugixml1v5 \
  clang-16 libclang-16-dev libclang-cpp16 libclang-cpp16-dev libclang-common-16-dev llvm-16-dev llvm-16 libllvm16 \
  libz3-4 >/dev/null
ls "$dir"
