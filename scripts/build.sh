#!/usr/bin/env bash
# Configures and builds Tessera into a build directory (default: build/). The configure step prints one
# line saying whether CUDA is on, and why not (scripts/configure.sh); its full output is in
# <build>/configure.log.
#   scripts/build.sh [build-dir] [extra cmake arguments...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
shift || true
"$here/scripts/configure.sh" "$build" "$@"
cmake --build "$build" --parallel "$(nproc)"
