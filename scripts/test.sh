#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs every test through CTest.
# GPU tests skip themselves with a one-line reason on machines without a GPU.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/scripts/setup.sh"
"$here/scripts/build.sh" "$here/build"
cd "$here/build"
ctest --output-on-failure --parallel "$(nproc)" --timeout 600
