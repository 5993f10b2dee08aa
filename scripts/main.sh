#!/usr/bin/env bash
# The main job: installs what is missing, builds the conformance suite, runs it on every backend this
# machine has (the emulator always; CUDA when nvcc built it and a GPU is present), diffs every backend
# against the emulator and writes the reports: report.html, junit.xml and summary.md.
#   scripts/main.sh [OUTDIR] [tessera-conform run options...]    (OUTDIR default: build/conformance-report)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/build/conformance-report}"
shift || true
"$here/scripts/setup.sh"
"$here/scripts/configure.sh" "$here/build"
cmake --build "$here/build" --parallel "$(nproc)" --target conformance_suite
exec "$here/build/conformance/tessera-conform" run --out "$out" "$@"
