#!/usr/bin/env bash
# Tessera next to OpenCL peers, from a fresh clone, in one command: installs the packages (scripts/setup.sh
# --peers), configures and builds what the benchmark needs in build-peers/ (Release; only the hazard
# family of the conformance suite, which the detection table uses), runs it, and writes OUTDIR/peers.md
# (also printed) and OUTDIR/peers.svg. About 8 minutes on a 2-core machine, plus the build the first time.
#
#   bench/peers/run.sh OUTDIR [bench_peers options...]     # e.g. --limit 30, --no-detection
#
# TESSERA_PEERS_BUILD (default <repo>/build-peers) and TESSERA_PEERS_BUILD_TYPE (default Release) choose
# the build.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: bench/peers/run.sh OUTDIR [bench_peers options...]}
shift
build=${TESSERA_PEERS_BUILD:-$root/build-peers}
build_type=${TESSERA_PEERS_BUILD_TYPE:-Release}

"$root/scripts/setup.sh" --peers
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DTESSERA_ENABLE_CUDA=OFF \
  -DTESSERA_BUILD_EXAMPLES=OFF -DTESSERA_CONFORMANCE_ONLY=hazards >/dev/null
ninja -C "$build" -j"$(nproc)" bench_peers
mkdir -p "$out"
"$build/bench/peers/bench_peers" "$out/peers.md" "$@"
