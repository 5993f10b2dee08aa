#!/usr/bin/env bash
# The whole GPU side in one go, on a machine with an NVIDIA GPU: build with CUDA; run the conformance
# suite on the emulator and on CUDA and diff them (reports in OUTDIR/conformance); show that the differ
# catches a deliberately broken CUDA backend; run the C++ AMP corpus that tessera-port ported on the GPU and
# diff it (scripts/port_corpus.sh); run every test (the GPU ones included), the benchmark of the emulator's
# checks against compute-sanitizer, and the GPU benchmark.
#
#   scripts/gpu_run.sh OUTDIR [--deps DIR] [--ported-corpus DIR] [--phased-sources DIR] [--peers-bundle DIR] [--external-bundle DIR]
#                      [--external-suite SUITE --external-ported DIR [--external-list FILE]] [--steps LIST]
#
# --deps DIR: a folder of Debian .deb files (scripts/fetch_debs.sh makes it) to unpack into the build tree
# when the machine lacks Tessera's packages and cannot install them (an offline GPU host).
# --ported-corpus DIR: the C++ AMP corpus as tessera-port ported it on another machine
# (scripts/port_corpus.sh --export), for a host without Clang's LibTooling.
# --phased-sources DIR: bench/peers' runner rewritten by tessera-phases --checked on another machine
# (bench/sanitizer/phased_runner.sh export), so that the step "bench" times the checked compiled path
# against compute-sanitizer on a host without Clang's LibTooling.
# --peers-bundle DIR: bench/peers' programs, kernels and OpenCL packages (bench/peers/bundle.sh pack), for
# the step "peers": the emulator beside POCL and Oclgrind on this host's cores, in OUTDIR/peers.md.
# --external-bundle DIR: a C++ AMP test suite ported and built by nvcc on another machine
# (scripts/port_external_suite.sh --bundle DIR), run here by the step "external".
# --external-suite SUITE (the suite's root folder, or a .tar.xz of it) with --external-ported DIR (a
# `port_external_suite.sh --port-only` OUTDIR made on a machine with LibTooling, or a .tar.xz of it): the
# step "external" builds that run's tests here, the original and the ported for the emulator and the
# ported with nvcc, all cores at a time, and runs them (the GPU column too); the step "external-emulator"
# builds and runs every executable test of the suite, unported, on the emulator. --external-list FILE: the
# tests the step "external" evaluates (default: all the --port-only run ported, its sample.txt), so that a
# whole suite can be split over several calls.
# --steps LIST: some of suite,corpus,tests,bench,gpus,peers,external,external-emulator,build (default: all
# but peers and the external ones), so
# that the run can be split over several calls on one machine; the build is incremental, each step builds
# what it needs (build: everything, and nothing run; a fresh host's first call).
# gpus: the CUDA side of the suite on 1 GPU and then spread over all N (the same cases, seed and
# settings; the emulator's side once, as the reference both are diffed against): wall time on 1 and on N,
# cases and mismatches per GPU, in OUTDIR/gpus.md; then `ctest -L '^(conformance|gpu)$'`, each GPU test on a
# GPU of its own (CTest's resource specification file of the GPUs, made at build time).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: scripts/gpu_run.sh OUTDIR [--deps DIR] [--ported-corpus DIR] [--phased-sources DIR] [--peers-bundle DIR] [--external-bundle DIR] [--external-suite SUITE --external-ported DIR [--external-list FILE]] [--steps suite,corpus,tests,bench,gpus,peers,external,external-emulator,build]"
out="${1:?$usage}"
shift
debs=""
ported=""
phased=""
peers_bundle=""
external=""
external_suite=""
external_ported=""
external_list=""
steps="suite,corpus,tests,bench,gpus"
while [ $# -gt 0 ]; do
  case "$1" in
    --deps) debs="$(cd "${2:?--deps needs a folder}" && pwd)"; shift 2 ;;
    --ported-corpus) ported="$(cd "${2:?--ported-corpus needs a folder}" && pwd)"; shift 2 ;;
    --phased-sources) phased="$(cd "${2:?--phased-sources needs a folder}" && pwd)"; shift 2 ;;
    --peers-bundle) peers_bundle="$(cd "${2:?--peers-bundle needs a folder}" && pwd)"; shift 2 ;;
    --steps) steps="${2:?--steps needs a list}"; shift 2 ;;
    --external-bundle) external="$(cd "${2:?--external-bundle needs a folder}" && pwd)"; shift 2 ;;
    --external-suite) external_suite="$(realpath "${2:?--external-suite needs a folder or .tar.xz}")"; shift 2 ;;
    --external-ported) external_ported="$(realpath "${2:?--external-ported needs a folder or .tar.xz}")"; shift 2 ;;
    --external-list) external_list="$(realpath "${2:?--external-list needs a file}")"; shift 2 ;;
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

  # Every step but peers (which brings its programs) builds here.
  builds=false
  for one in ${steps//,/ }; do [ "$one" = peers ] || builds=true; done
  if $builds; then
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
  fi

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
    compiled=""
    if [ -n "$phased" ] && [ ! -x "$build/tools/tessera-phases" ]; then
      compiled="$("$here/bench/sanitizer/phased_runner.sh" build "$build" "$phased" 2>"$out/phased-runner.log")" ||
        { echo "the checked compiled path's runner did not build from $phased (see phased-runner.log)"; compiled=""; status=1; }
    fi
    PHASED_CHECKED="$compiled" LOG="$out/bench-sanitizer.log" "$here/bench/sanitizer/emulator_vs_sanitizer.sh" "$build" algo bar mem | tee "$out/bench-sanitizer.md" || status=1

    step "GPU benchmark: Tessera against hand-written CUDA"
    "$build/bench/cuda/tessera_vs_cuda" | tee "$out/bench-cuda.md" || status=1
  fi

  if wants peers; then
    step "benchmark: the emulator beside POCL and Oclgrind on $(nproc) cores (bench/peers)"
    if [ -n "$peers_bundle" ]; then
      "$here/bench/peers/bundle.sh" run "$peers_bundle" "$out" 2>"$out/peers.log" | tail -n +2 || status=1
    else
      echo "not run: no --peers-bundle DIR (bench/peers/bundle.sh pack makes one where POCL and Oclgrind are installed)"
    fi
  fi

  # unpacked FOLDER_OR_TAR_XZ: the folder itself, or the one folder the archive holds, unpacked under OUTDIR.
  unpacked() {
    if [ -f "$1" ]; then
      mkdir -p "$out/unpacked" && tar -xJf "$1" -C "$out/unpacked" && echo "$out/unpacked/$(tar -tJf "$1" | head -1 | cut -d/ -f1)"
    else
      echo "$1"
    fi
  }
  if wants external; then
    if [ -n "$external_suite" ] && [ -n "$external_ported" ]; then
      step "a C++ AMP test suite, ported elsewhere: built here (emulator, nvcc) and run, the GPU too"
      suite_dir="$(unpacked "$external_suite")"
      ported_dir="$(unpacked "$external_ported")"
      TESSERA_BUILD="$build" "$here/scripts/port_external_suite.sh" "$suite_dir" "$out/external" --ported "$ported_dir" \
        --list "${external_list:-$ported_dir/sample.txt}" --gpu --jobs "$(nproc)" --timeout 120 | tail -n 8 || status=1
    elif [ -n "${external:-}" ]; then
      step "a C++ AMP test suite, ported and built by nvcc elsewhere, run on the GPU"
      "$here/scripts/port_external_suite.sh" --run-bundle "$external" "$out/external" | tail -n 12 || status=1
    else
      echo "external: not run: no --external-suite with --external-ported, and no --external-bundle"
    fi
  fi
  if wants external-emulator; then
    step "every executable test of a C++ AMP test suite, unported, on the emulator"
    if [ -n "$external_suite" ]; then
      TESSERA_BUILD="$build" "$here/scripts/port_external_suite.sh" "$(unpacked "$external_suite")" "$out/external-emulator" --original-only \
        --jobs "$(nproc)" --timeout 120 | tail -n 6 || status=1
    else
      echo "external-emulator: not run: no --external-suite"
    fi
  fi

  if wants gpus; then
    step "the suite's CUDA side on 1 GPU and on every GPU (the same cases, seed and settings)"
    "$here/scripts/gpu_spread.sh" "$build" "$out" || status=1
  fi

  step "result"
  [ $status -eq 0 ] && echo "GPU RUN PASSED" || echo "GPU RUN FAILED"
  exit $status
} 2>&1 | tee "$out/gpu-run.log"
exit "${PIPESTATUS[0]}"
