#!/usr/bin/env bash
# bench/peers' runner on the checked compiled path (bench_peers_tessera_phased_checked) for a host that
# cannot build tessera-phases (no Clang LibTooling, as on a GPU host): the sources are rewritten where the
# tool exists, carried over, and compiled on the host with the command its own build gives the fiber
# path's checked runner.
#
#   bench/sanitizer/phased_runner.sh export BUILD_DIR OUT   (where tessera-phases was built: BUILD_DIR's
#       rewritten copies of the runner's sources, from building bench_peers_tessera_phased_checked, to OUT)
#   bench/sanitizer/phased_runner.sh build BUILD_DIR SOURCES   (on the host: builds bench_peers_tessera_checked
#       in BUILD_DIR, then the checked compiled-path runner from SOURCES beside it; prints its path)
#
# scripts/gpu_run.sh --phased-sources SOURCES runs `build` before the benchmark of the checks against
# compute-sanitizer, which then times the checked compiled path too.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
usage="usage: phased_runner.sh export BUILD_DIR OUT | build BUILD_DIR SOURCES"
what="${1:?$usage}"
build="$(cd "${2:?$usage}" && pwd)"
dir="${3:?$usage}"
rewritten="bench/peers/CMakeFiles/bench_peers_tessera_phased_checked.dir/tessera_runner.cpp.o.phased"

case "$what" in
  export)
    cmake --build "$build" --target bench_peers_tessera_phased_checked >&2
    [ -d "$build/$rewritten" ] || { echo "phased_runner: $build/$rewritten is missing (was tessera-phases built there?)" >&2; exit 1; }
    rm -rf "$dir" && mkdir -p "$dir"
    cp -r "$build/$rewritten/." "$dir/"
    # Where the copies were made, and the checkout they came from: the forwarding headers name both.
    printf '%s\n%s\n' "$build/$rewritten" "$here" >"$dir/origin.txt"
    echo "$dir"
    ;;
  build)
    sources="$(cd "$dir" && pwd)"
    [ -f "$sources/origin.txt" ] || { echo "phased_runner: $sources/origin.txt is missing (make SOURCES with \`export\`)" >&2; exit 1; }
    origin="$(sed -n 1p "$sources/origin.txt")"
    checkout="$(sed -n 2p "$sources/origin.txt")"
    # The forwarding headers name the copies by the folder they were last adapted to (first, the exporting
    # machine's): this folder's instead.
    { grep -rl --include='*.hpp' --include='*.h' "$origin" "$sources/include" 2>/dev/null || true; } | xargs -r sed -i "s|$origin|$sources|g"
    printf '%s\n%s\n' "$sources" "$checkout" >"$sources/origin.txt"  # where they point now
    cmake --build "$build" --target bench_peers_tessera_checked >&2
    obj="bench/peers/CMakeFiles/bench_peers_tessera_checked.dir/tessera_runner.cpp.o"
    compile="$(cd "$build" && ninja -t commands bench_peers_tessera_checked | grep -E " -c [^ ]*bench/peers/tessera_runner.cpp" | tail -1)"
    link="$(cd "$build" && ninja -t commands bench_peers_tessera_checked | tail -1)"
    [ -n "$compile" ] && [ -n "$link" ] || { echo "phased_runner: no compile command for the checked runner in $build (a Ninja build is needed)" >&2; exit 1; }
    # The copies' own folders' originals for quoted includes (what tessera-phases adds), the copies'
    # forwarding headers first on the include path, no dependency file.
    quoted=""
    while IFS= read -r d; do quoted="$quoted -iquote $here/${d#"$sources/root$checkout/"}"; done < <(find "$sources/root$checkout" -type f -printf '%h\n' | sort -u)
    # (Where tessera-phases exists it is the checked runner's launcher, counting rounds: the compiler alone.)
    compile="$(sed -E "s#^[^ ]*tessera-phases (--[a-z]+ )*##; s# -MD -MT [^ ]+ -MF [^ ]+##; s# -o $obj # -o $obj.phased_checked.o #; s# -c [^ ]*bench/peers/tessera_runner.cpp# -c $sources/root$checkout/bench/peers/tessera_runner.cpp#" <<<"$compile")"
    compile="$(sed -E "s#^([^ ]+) #\1 -I$sources/include$quoted #" <<<"$compile")"
    link="$(sed -E "s# $obj # $obj.phased_checked.o #; s# -o bench/peers/bench_peers_tessera_checked # -o bench/peers/bench_peers_tessera_phased_checked #" <<<"$link")"
    (cd "$build" && eval "$compile" && eval "$link") >&2
    echo "$build/bench/peers/bench_peers_tessera_phased_checked"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
