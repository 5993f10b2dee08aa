#!/usr/bin/env bash
# The whole GPU side in one go, on a machine with an NVIDIA GPU: build with CUDA; run the conformance
# suite on the emulator and on CUDA and diff them (reports in OUTDIR/conformance); show that the differ
# catches a deliberately broken CUDA backend; run the C++ AMP corpus that tessera-port ported on the GPU and
# diff it (scripts/port_corpus.sh); run every test (the GPU ones included), the benchmark of the emulator's
# checks against compute-sanitizer, and the GPU benchmark.
#
#   scripts/gpu_run.sh OUTDIR [--deps DIR] [--ported-corpus DIR] [--steps LIST]
#
# --deps DIR: a folder of Debian .deb files (scripts/fetch_debs.sh makes it) to unpack into the build tree
# when the machine lacks Tessera's packages and cannot install them (an offline GPU host).
# --ported-corpus DIR: the C++ AMP corpus as tessera-port ported it on another machine
# (scripts/port_corpus.sh --export), for a host without Clang's LibTooling.
# --steps LIST: some of suite,corpus,tests,bench,gpus,build (default: suite,corpus,tests,bench,gpus), so
# that the run can be split over several calls on one machine; the build is incremental, each step builds
# what it needs (build: everything, and nothing run; a fresh host's first call).
# gpus: the CUDA side of the suite on 1 GPU and then spread over all N (the same cases, seed and
# settings; the emulator's side once, as the reference both are diffed against): wall time on 1 and on N,
# cases and mismatches per GPU, in OUTDIR/gpus.md; then `ctest -L 'conformance|gpu'`, each GPU test on a
# GPU of its own (CTest's resource specification file of the GPUs, made at build time).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: scripts/gpu_run.sh OUTDIR [--deps DIR] [--ported-corpus DIR] [--steps suite,corpus,tests,bench,gpus,build]"
out="${1:?$usage}"
shift
debs=""
ported=""
steps="suite,corpus,tests,bench,gpus"
while [ $# -gt 0 ]; do
  case "$1" in
    --deps) debs="$(cd "${2:?--deps needs a folder}" && pwd)"; shift 2 ;;
    --ported-corpus) ported="$(cd "${2:?--ported-corpus needs a folder}" && pwd)"; shift 2 ;;
    --steps) steps="${2:?--steps needs a list}"; shift 2 ;;
    *) echo "gpu_run: unknown option $1 ($usage)" >&2; exit 2 ;;
  esac
done
wants() { [[ ",$steps," == *",$1,"* ]]; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
build="$here/build-gpu"
status=0
step() { printf '\n== %s ==\n' "$*"; }

{
  step "machine"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
  nvcc --version | tail -1
  g++ --version | head -1
  echo "$(nproc) cores"

  step "build"
  cmake_args=(-DCMAKE_BUILD_TYPE=Release)
  [ -n "$ported" ] && cmake_args+=(-DTESSERA_PORTED_CORPUS="$ported")
  if [ -n "$debs" ]; then
    # shellcheck source=offline_deps.sh
    . "$here/scripts/offline_deps.sh"
    cmake_deps_args=()
    unpack_debs "$debs" "$build/deps"
    cmake_args+=("${cmake_deps_args[@]}")
  elif command -v apt-get >/dev/null; then
    "$here/scripts/setup.sh" || true
  fi
  # The suite first, so that its run does not wait for (or fail with) the rest of the tree.
  cmake -S "$here" -B "$build" -G Ninja "${cmake_args[@]}" &&
    cmake --build "$build" --parallel "$(nproc)" --target conformance_suite conform_cuda_broken || { echo "BUILD FAILED"; exit 1; }

  if wants suite; then
    step "conformance suite: emulator and CUDA, diffed; every case on CUDA under compute-sanitizer too"
    # --sanitizer all: diagnostic cases under the tool that can see their bug, every correct case under
    # racecheck, memcheck and initcheck; the report's "diagnostics side by side" sets them beside the emulator.
    "$build/conformance/tessera-conform" run --backends emulator,cuda --out "$out/conformance" --repeat 5 --quiet \
      --sanitizer all --timeout 60 || status=1
    [ -f "$out/conformance/summary.md" ] && sed -n '/Diagnostics side by side/,/<details>/p' "$out/conformance/summary.md"

    step "the differ against a deliberately broken CUDA backend (tile-local index dimensions swapped)"
    broken_dir="$out/broken-backend"
    "$build/conformance/conform_cuda_broken" --out "$broken_dir" --quiet --filter 'tidx.*' --filter 'algo.*' >/dev/null
    "$build/conformance/tessera-conform" diff "$out/conformance/emulator.json" "$broken_dir/cuda.json" >"$out/broken-backend.txt" 2>&1
    rc=$?
    head -c 3000 "$out/broken-backend.txt"
    if [ $rc -eq 1 ]; then
      echo "caught: the broken backend's outputs differ from the emulator's (above)"
    elif [ $rc -eq 0 ]; then
      echo "NOT CAUGHT: the differ found no difference from the broken backend"; status=1
    else
      echo "the differ could not compare (status $rc): see above"; status=1
    fi
  fi

  if wants corpus || wants tests || wants bench || wants gpus || wants build; then
    step "build: everything else"
    cmake --build "$build" --parallel "$(nproc)" || { echo "BUILD FAILED"; status=1; }
  fi

  if wants corpus; then
    step "C++ AMP corpus: ported by tessera-port, built by nvcc, run on the GPU, diffed against the emulator"
    if [ -d "$build/tests/port/corpus/ported" ]; then
      "$here/scripts/port_corpus.sh" "$build" "$out/port-corpus" | tee "$out/port-corpus.md" || status=1
    else
      echo "not run: this host has no tessera-port (Clang's LibTooling 16) and no --ported-corpus DIR was given"
    fi
  fi

  if wants tests; then
    step "tests (emulator and GPU)"
    (cd "$build" && ctest --output-on-failure --parallel "$(nproc)" --timeout 600 --output-junit "$out/ctest-junit.xml" -LE conformance |
       grep -vE "^ *[0-9]+/[0-9]+ Test +#") || status=1
    (cd "$build" && ctest --parallel "$(nproc)" --timeout 600 -L conformance | grep -E "tests passed|tests failed|\(Failed\)|Timeout") || status=1
  fi

  if wants bench; then
    step "benchmark: the emulator's checks on $(nproc) cores against compute-sanitizer on the GPU"
    LOG="$out/bench-sanitizer.log" "$here/bench/sanitizer/emulator_vs_sanitizer.sh" "$build" algo bar mem | tee "$out/bench-sanitizer.md" || status=1

    step "GPU benchmark: Tessera against hand-written CUDA"
    "$build/bench/cuda/tessera_vs_cuda" | tee "$out/bench-cuda.md" || status=1
  fi

  if wants gpus; then
    step "the suite's CUDA side on 1 GPU and on every GPU (the same cases, seed and settings)"
    gpus_dir="$out/gpus"
    rm -rf "$gpus_dir"
    mkdir -p "$gpus_dir"
    report="$out/gpus.md"
    "$build/conformance/conform_cuda" --list-gpus | tee "$gpus_dir/gpus.txt"
    n=$(grep -c '^cuda:' "$gpus_dir/gpus.txt")
    # The settings of both runs: every case, the sanitizer pass over every case (spread over the GPUs too),
    # one timing sample per case (the wall time of the run is what is compared, not kernel times).
    settings=(--seed 20261122 --repeat 1 --timeout 60 --sanitizer all --quiet)
    {
      echo "## The suite's CUDA side on 1 GPU and on $n"
      echo
      echo "Host: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | sort | uniq -c | sed 's/^ *//' | paste -sd, -), $(nproc) cores, $(date -u +%Y-%m-%d)."
      echo "Both runs: \`conform_cuda ${settings[*]}\` (every case, compute-sanitizer on every case), diffed against one emulator run of the same seed."
      echo
    } >"$report"
    if [ "$n" -lt 2 ]; then
      echo "not run: this host has $n GPU(s); spreading the suite needs at least 2" | tee -a "$report"
    else
      "$build/conformance/conform_emulator" --out "$gpus_dir/emulator" --seed 20261122 --repeat 1 --timeout 60 --quiet >"$gpus_dir/emulator.log" 2>&1
      tail -1 "$gpus_dir/emulator.log"
      echo "| GPUs | wall time of the CUDA side | cases | diff against the emulator |" >>"$report"
      echo "|---|---|---|---|" >>"$report"
      declare -A wall
      for g in 1 "$n"; do
        dir="$gpus_dir/on-$g"
        mkdir -p "$dir"
        start=$(date +%s%N)
        "$build/conformance/conform_cuda" --out "$dir" --gpus "$g" "${settings[@]}" >"$dir/cuda.log" 2>&1
        rc=$?
        wall[$g]=$(( ($(date +%s%N) - start) / 1000000 ))
        [ $rc -le 1 ] || { echo "conform_cuda --gpus $g stopped with status $rc"; status=1; }
        [ $rc -eq 1 ] && status=1
        # The reference beside the run (blobs are content-addressed: the folders merge).
        cp "$gpus_dir/emulator/emulator.json" "$dir/" && { [ ! -d "$gpus_dir/emulator/blobs" ] || cp -rn "$gpus_dir/emulator/blobs" "$dir/"; }
        "$build/conformance/tessera-conform" report "$dir" >"$dir/report.txt" 2>&1 || status=1
        cases=$(grep -E '^cuda: [0-9]+ passed' "$dir/cuda.log" | tail -1)
        diffline=$(grep -E '^diff cuda vs emulator' "$dir/report.txt" | sed 's/^diff cuda vs emulator: //')
        printf '| %s | %d.%03d s | %s | %s |\n' "$g" $((wall[$g] / 1000)) $((wall[$g] % 1000)) "${cases#cuda: }" "$diffline" >>"$report"
      done
      {
        echo
        printf 'Speed-up of the CUDA side on %s GPUs against 1 GPU (wall time, same host and run): %s\n' "$n" \
          "$(awk -v a="${wall[1]}" -v b="${wall[$n]}" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "not measured" }')"
        echo
        echo "Cases per GPU (the run on $n): $(grep -E '^cuda per GPU:' "$gpus_dir/on-$n/cuda.log" | sed 's/^cuda per GPU: //')"
        echo
        echo "Mismatches per GPU (the run on $n, against the emulator): $(grep -E '^  per GPU:' "$gpus_dir/on-$n/report.txt" | sed 's/^  per GPU: //')"
        echo
        echo "compute-sanitizer, on 1: $(grep -E '^compute-sanitizer:' "$gpus_dir/on-1/cuda.log" | tail -1)"
        echo "compute-sanitizer, on $n: $(grep -E '^compute-sanitizer:' "$gpus_dir/on-$n/cuda.log" | tail -1)"
      } >>"$report"
    fi
    # CTest: every case a test; each CUDA one takes a GPU of the resource specification file written at
    # build time (build-gpu/conformance/conform_cuda_resources.json), which ctest reads without a flag.
    spec="$build/conformance/conform_cuda_resources.json"
    {
      echo
      echo "### ctest -L 'conformance|gpu' --parallel $(nproc)"
      echo
      if [ -f "$spec" ]; then echo "Resource specification file: $(tr -d ' \n' <"$spec")"; else echo "No resource specification file (no GPU found at build time)."; fi
      echo
    } >>"$report"
    start=$(date +%s)
    (cd "$build" && ctest --parallel "$(nproc)" --timeout 300 -L 'conformance|gpu' >"$gpus_dir/ctest.log" 2>&1) || status=1
    { grep -E "tests passed|tests failed|\(Failed\)|Timeout|Not Run" "$gpus_dir/ctest.log" | head -40; echo; echo "ctest took $(( $(date +%s) - start )) s."; } >>"$report"
    cat "$report"
  fi

  step "result"
  [ $status -eq 0 ] && echo "GPU RUN PASSED" || echo "GPU RUN FAILED"
  exit $status
} 2>&1 | tee "$out/gpu-run.log"
exit "${PIPESTATUS[0]}"
