#!/usr/bin/env bash
# Downloads the Debian packages Tessera builds with into a folder (default .debs/), for a GPU host that
# has CUDA but no package registry: scripts/gpu_run.sh OUTDIR --deps .debs unpacks them there.
# Clang's LibTooling (about 130 MB of packages) is left out: such a host builds the C++ AMP corpus from
# sources ported here (scripts/port_corpus.sh --export, then gpu_run.sh --ported-corpus DIR).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$here/.debs}"
mkdir -p "$dir"
cd "$dir"
apt-get download libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15 \
  libboost1.74-dev libboost-context1.74-dev libboost-context1.74.0 \
  libdw-dev libdw1 libelf-dev libelf1 zlib1g-dev liblzma-dev \
  libgtest-dev nlohmann-json3-dev libcli11-dev libxxhash-dev libpugixml-dev libpugixml1v5 >/dev/null
ls "$dir"
