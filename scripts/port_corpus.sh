#!/usr/bin/env bash
# The C++ AMP corpus (tests/port/corpus) on the GPU: each program as tessera-port ported it, run on the
# emulator and, built by nvcc, on cuda:0; `tessera-conform diff` compares the two results files. Prints one
# table: program, constructs ported, warnings, GPU against emulator. Needs a build with CUDA whose corpus
# targets are built (scripts/gpu_run.sh builds them); without a usable GPU the last column says why not.
#
#   scripts/port_corpus.sh BUILD_DIR OUTDIR
#   scripts/port_corpus.sh --export BUILD_DIR DIR   # the ported sources and their statistics, for a host
#                                                   # without LibTooling (cmake -DTESSERA_PORTED_CORPUS=DIR)
set -uo pipefail
if [ "${1:-}" = "--export" ]; then
  from="${2:?usage: scripts/port_corpus.sh --export BUILD_DIR DIR}/tests/port/corpus/ported"
  to="${3:?usage: scripts/port_corpus.sh --export BUILD_DIR DIR}"
  ls "$from"/*.cpp >/dev/null 2>&1 || { echo "port_corpus: no ported sources in $from (build the port_corpus_*_ported targets first)" >&2; exit 1; }
  mkdir -p "$to" && cp "$from"/*.cpp "$from"/*.cpp.log "$to"/ && echo "port_corpus: $(ls "$to"/*.cpp | wc -l) ported sources in $to"
  exit
fi
build="${1:?usage: scripts/port_corpus.sh BUILD_DIR OUTDIR}"
out="${2:?usage: scripts/port_corpus.sh BUILD_DIR OUTDIR}"
corpus="$build/tests/port/corpus"
differ="$build/conformance/tessera-conform"
probe="$build/backends/cuda/tessera_cuda_probe"
mkdir -p "$out"
status=0
gpu_reason=""
if [ ! -x "$probe" ]; then
  gpu_reason="not run: this build has no CUDA backend"
elif ! reason="$("$probe" 2>&1)"; then
  gpu_reason="not run: ${reason#SKIP: }"
fi
printf '| program | constructs ported | warnings | GPU vs emulator |\n|---|---|---|---|\n'
for ported in "$corpus"/ported/*.cpp; do
  program="$(basename "$ported" .cpp)"
  stats="$(tail -1 "$ported.log" 2>/dev/null)"
  constructs="$(sed -n 's/.*constructs=\([0-9]*\).*/\1/p' <<<"$stats")"
  warnings="$(sed -n 's/.*warnings=\([0-9]*\).*/\1/p' <<<"$stats")"
  verdict="$gpu_reason"
  if [ -z "$verdict" ]; then
    if ! "$corpus/port_corpus_${program}_ported" "$out/$program.emulator" >"$out/$program.emulator.log" 2>&1; then
      verdict="emulator run failed"; status=1
    elif ! TESSERA_DEFAULT_ACCELERATOR=cuda:0 "$corpus/port_corpus_${program}_cuda" "$out/$program.cuda" >"$out/$program.cuda.log" 2>&1; then
      verdict="GPU run failed ($out/$program.cuda.log)"; status=1
    elif "$differ" diff "$out/$program.emulator.json" "$out/$program.cuda.json" >"$out/$program.diff.txt" 2>&1; then
      verdict="identical"
    else
      verdict="mismatch ($out/$program.diff.txt)"; status=1
    fi
  fi
  printf '| %s | %s | %s | %s |\n' "$program" "${constructs:-?}" "${warnings:-?}" "$verdict"
done
exit $status
