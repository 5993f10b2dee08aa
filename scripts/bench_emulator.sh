#!/usr/bin/env bash
# The emulator's benchmarks on this machine, in every build configuration whose speed must not differ:
# the README's build (RelWithDebInfo) and the GPU run's (Release), with CUDA found and without, with each
# compiler installed among g++-12, g++-13 and clang++-16, and with the Boost.Context switch for
# comparison. Each configuration runs bench_barrier_crossing; the README's build also runs
# bench_tile_average, bench_check_cost and bench_scaling (--large: the checked 2048x2048 matmul too).
#
#   scripts/bench_emulator.sh OUTDIR [--deps DIR] [--large]
#
# OUTDIR/<configuration>.md holds each program's output; OUTDIR/summary.md the headline lines.
# --deps DIR: as for scripts/gpu_run.sh, Debian .debs unpacked into the build tree (an offline host).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/bench_emulator.sh OUTDIR [--deps DIR] [--large]}"
shift
debs="" large=""
while [ $# -gt 0 ]; do
  case "$1" in
    --deps) debs="$(cd "${2:?--deps needs a folder}" && pwd)"; shift 2 ;;
    --large) large="--large"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"
status=0

common=(-G Ninja -DTESSERA_BUILD_TESTS=OFF -DTESSERA_BUILD_CONFORMANCE=OFF -DTESSERA_BUILD_EXAMPLES=OFF -DTESSERA_BUILD_BENCH=ON)
if [ -n "$debs" ]; then
  # shellcheck source=offline_deps.sh
  . "$here/scripts/offline_deps.sh"
  cmake_deps_args=()
  unpack_debs "$debs" "$here/build-bench-deps"
  common+=("${cmake_deps_args[@]}")
elif command -v apt-get >/dev/null; then
  "$here/scripts/setup.sh" >/dev/null || true
fi

# name, compiler, then CMake arguments
configs=("readme g++ -DCMAKE_BUILD_TYPE=RelWithDebInfo"
         "release g++ -DCMAKE_BUILD_TYPE=Release"
         "readme-no-cuda g++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSERA_ENABLE_CUDA=OFF"
         "boost-switch g++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSERA_FIBER_SWITCH=boost")
for cxx in g++-12 g++-13 clang++-16; do
  command -v "$cxx" >/dev/null && configs+=("readme-${cxx//+/x} $cxx -DCMAKE_BUILD_TYPE=RelWithDebInfo")
done

{
  echo "# Emulator benchmarks, $(date -u +%Y-%m-%d)"
  echo
  echo "machine: $(nproc) hardware threads, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo
} > "$out/summary.md"

for config in "${configs[@]}"; do
  read -r name cxx args <<<"$config"
  build="$here/build-bench-$name"
  log="$out/$name.md"
  printf '\n== %s (%s %s) ==\n' "$name" "$cxx" "$args"
  # shellcheck disable=SC2086  # args are separate CMake arguments
  if ! CXX="$cxx" cmake -S "$here" -B "$build" "${common[@]}" $args >"$out/$name.configure.log" 2>&1 ||
     ! cmake --build "$build" --parallel "$(nproc)" >"$out/$name.build.log" 2>&1; then
    echo "BUILD FAILED: see $out/$name.build.log"; status=1; continue
  fi
  "$build/bench/bench_barrier_crossing" | tee "$log" || status=1
  if [ "$name" = readme ]; then
    for program in bench_tile_average bench_check_cost; do "$build/bench/$program" | tee -a "$log" || status=1; done
    "$build/bench/bench_scaling" $large | tee -a "$log" || status=1
  fi
  { echo "## $name ($cxx, $args)"; grep -E "^build:|^goal|^\| (64|256|1024) \||^\| .*worker|^\| (2x2|16x16)|^checked" "$log"; echo; } >> "$out/summary.md"
done
echo
cat "$out/summary.md"
exit $status
