#!/usr/bin/env bash
# port_external_suite.sh SUITE_DIR OUTDIR [--sample N] [--seed S | --list FILE] [--gpu] [--bundle DIR] [--jobs J] [--timeout SEC]
#                        [--port-only | --ported DIR | --original-only]
# port_external_suite.sh --run-bundle BUNDLE OUTDIR
#
# Measures how a C++ AMP test suite laid out as Microsoft's C++ AMP conformance suite (SUITE_DIR/Tests/**/
# test.cpp, SUITE_DIR/amp_test_lib/{inc,src}, `//# Expects ...: error` marking negative tests, `*.conf` files
# with 'compile_only' => 1) fares through tessera-port. For every executable test (negative and
# compile-only tests are counted, not evaluated), or a stratified random sample of them:
#   1. the original, built for the emulator (compat headers) and run;
#   2. the test, every header under Tests/ it includes and the suite's support library ported with
#      tessera-port (into OUTDIR/ported, in the same layout, so that relative includes still resolve);
#   3. the ported source built for the emulator and run;
#   4. the ported source built with nvcc (linked where Tessera's CUDA library is built, else compiled
#      only) and, with --gpu on a machine with a GPU, run.
# A run passes when it exits 0, is skipped on 2 and fails otherwise (the suite's runall convention).
# --sample N: a stratified random sample of N executable tests (strata: the first two folder levels under
# Tests/, proportional shares; --seed S makes it reproducible); --list FILE: the tests FILE names.
# Tests whose .conf gives 'definitions' (build variants) are built once, with the first variant's.
# --bundle DIR packs the nvcc-built binaries (stripped) and the table into DIR and DIR.tar.xz, for a GPU host
# without the suite, the compilers or LibTooling: `--run-bundle DIR[.tar.xz] OUTDIR` there runs them and
# prints the table with the GPU column.
# --port-only ports and builds nothing else (fast; for a machine without the GPU's 16 cores); --ported DIR
# then takes DIR/ported (an OUTDIR of that run) instead of porting, so that a GPU host without Clang's
# LibTooling builds and runs every column there. --original-only evaluates the original on the emulator
# alone (does every test that compiles pass on the emulator?).
# The suite's support library names clang as the only compiler it knows (amptest/platform.h); with another
# compiler (g++ on a GPU host) a two-line stand-in for that header, under OUTDIR/compiler_shim, is put first
# on the include path.
# Prints a table (OUTDIR/results.tsv) and totals (OUTDIR/summary.txt); logs per test under OUTDIR/logs.
# Nothing of the suite is kept here: SUITE_DIR is only read; ported copies go under OUTDIR.
#
# Environment: TESSERA_SRC (default: this checkout), TESSERA_BUILD (a build folder holding
# libtessera_emulator.a and libtessera_model.a; default TESSERA_SRC/build), TESSERA_PORT (default
# the tessera-port under TESSERA_BUILD/tools), CXX_EMU (default clang++-16, else c++), NVCC (default
# /usr/local/cuda/bin/nvcc), NVCC_HOST (nvcc's -ccbin; default clang++-16), CUDA_ARCH (default 90).
set -uo pipefail

# summarize OUT HAVE_NVCC LINK_CUDA WANT_GPU HAVE_GPU: the totals of OUT/results.tsv (OUT/summary.txt) and
# the table, on stdout.
summarize() {
python3 - "$@" <<'PY'
import sys, csv, os
mode = os.environ.get("MODE", "all")
out, have_nvcc, link, want_gpu, have_gpu = sys.argv[1], sys.argv[2] == "1", sys.argv[3] == "1", sys.argv[4] == "1", sys.argv[5] == "1"
rows = list(csv.DictReader(open(f"{out}/results.tsv"), delimiter="\t"))
n = len(rows)
def cnt(pred): return sum(1 for r in rows if pred(r))
def pct(a, b): return f"{100*a/b:.1f}%" if b else "n/a"
eo = [r for r in rows if r["emu_orig"] == "pass"]
lines = []
lines.append(f"tests evaluated: {n}")
lines.append(f"original on the emulator: pass {len(eo)}, skip {cnt(lambda r: r['emu_orig']=='skip')}, fail {cnt(lambda r: r['emu_orig'].startswith('fail') or r['emu_orig']=='timeout')}, did not build {cnt(lambda r: r['emu_orig']=='nobuild')}")
ep = [r for r in eo if r["emu_ported"] == "pass"]
if mode == "original_only":
    lines.append("ported: not evaluated (--original-only)")
elif mode == "port_only":
    lines.append("builds and runs: none (--port-only)")
else:
    lines.append(f"ported on the emulator, of the {len(eo)} passing originals: pass {len(ep)} ({pct(len(ep), len(eo))})")
if have_nvcc:
    ok = [r for r in eo if r["nvcc"] in ("compiled", "linked")]
    lines.append(f"ported built by nvcc ({'compiled and linked' if link else 'compiled only: no libtessera_cuda.a in the build'}), of the {len(eo)} passing originals: {len(ok)} ({pct(len(ok), len(eo))})")
else:
    lines.append("nvcc: not run (" + ("--" + mode.replace("_", "-") if mode in ("original_only", "port_only") else "no nvcc") + ")")
if want_gpu and have_gpu and link:
    g = [r for r in eo if r["gpu"] == "pass"]
    lines.append(f"ported on the GPU, of the {len(eo)} passing on the emulator: pass {len(g)} ({pct(len(g), len(eo))}); of the {len([r for r in eo if r['nvcc']=='linked'])} that nvcc built: {len(g)}")
else:
    lines.append("GPU: not run (" + ("no --gpu" if not want_gpu else "no GPU on this machine" if not have_gpu else "nothing linked for CUDA") + ")")
w = sum(1 for r in rows if r["port_warnings"] != "-")
lines.append(f"tests with tessera-port warnings: {w}")
txt = "\n".join(lines)
open(f"{out}/summary.txt", "w").write(txt + "\n")
print()
for r in sorted(rows, key=lambda r: r["test"]):
    print(f"{r['test'][:70]:70} {r['emu_orig']:8} {r['emu_ported']:8} {r['nvcc']:9} {r['gpu']:8} {r['port_warnings']}")
print()
print(txt)
PY
}

# --run-bundle BUNDLE OUTDIR (on the GPU host): runs the nvcc-built tests a --bundle run packed (their
# binaries only: no suite, compiler or LibTooling needed there) and writes the same table and totals,
# with the GPU column filled.
if [ "${1:-}" = --run-bundle ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --run-bundle BUNDLE OUTDIR (BUNDLE, or BUNDLE.tar.xz, from a run with --bundle)" >&2; exit 2; }
  BUNDLE=$2; OUT=$3; mkdir -p "$OUT"
  if [ -f "$BUNDLE" ]; then  # the packed form: unpacked into OUTDIR
    tar -xJf "$BUNDLE" -C "$OUT" || { echo "error: cannot unpack $BUNDLE" >&2; exit 2; }
    BUNDLE="$OUT/$(tar -tJf "$BUNDLE" | head -1 | cut -d/ -f1)"
  fi
  [ -f "$BUNDLE/results.tsv" ] && [ -d "$BUNDLE/bin" ] || { echo "error: $BUNDLE holds no results.tsv and bin/: give a folder made by --bundle" >&2; exit 2; }
  BUNDLE=$(cd "$BUNDLE" && pwd); TIMEOUT=${TIMEOUT:-300}
  mkdir -p "$OUT/logs" && OUT=$(cd "$OUT" && pwd)
  HAVE_GPU=0; command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && HAVE_GPU=1
  python3 - "$BUNDLE" "$OUT" "$TIMEOUT" "$HAVE_GPU" <<'PY'
import csv, os, subprocess, sys
bundle, out, timeout, have_gpu = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
rows = list(csv.DictReader(open(f"{bundle}/results.tsv"), delimiter="\t"))
for r in rows:
    exe = os.path.join(bundle, "bin", r["test"].replace("/", "_") + ".cuda")
    if not have_gpu or r["nvcc"] != "linked" or not os.path.exists(exe):
        continue
    log = open(os.path.join(out, "logs", r["test"].replace("/", "_") + ".gpu.run"), "w")
    try:
        rc = subprocess.run([exe], cwd=os.path.dirname(exe), stdout=log, stderr=subprocess.STDOUT, timeout=timeout).returncode
        r["gpu"] = {0: "pass", 2: "skip"}.get(rc, f"fail({rc % 256})")
    except subprocess.TimeoutExpired:
        r["gpu"] = "timeout"
    print(f"  {r['test']}: gpu={r['gpu']}", flush=True)
with open(f"{out}/results.tsv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), delimiter="\t", lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
  summarize "$OUT" 1 1 1 "$HAVE_GPU"
  exit 0
fi

usage() { printf "usage: %s SUITE_DIR OUTDIR [--sample N] [--seed S | --list FILE] [--gpu] [--bundle DIR] [--jobs J] [--timeout SEC] [--port-only | --ported DIR | --original-only]\n       %s --run-bundle BUNDLE OUTDIR\n" "$0" "$0" >&2; exit 2; }
[ $# -ge 2 ] || usage
SUITE=$(cd "$1" 2>/dev/null && pwd) || { echo "error: SUITE_DIR '$1' is not a folder" >&2; exit 2; }
OUT=$2; shift 2
SAMPLE=0; SEED=1; LIST=""; GPU=0; BUNDLE=""; JOBS=$(nproc); TIMEOUT=300; MODE=all; PORTED_FROM=
while [ $# -gt 0 ]; do
  case $1 in
    --sample) SAMPLE=$2; shift 2;;
    --seed) SEED=$2; shift 2;;
    --list) LIST=$(realpath "$2") || usage; shift 2;;
    --gpu) GPU=1; shift;;
    --bundle) BUNDLE=$2; shift 2;;
    --jobs) JOBS=$2; shift 2;;
    --timeout) TIMEOUT=$2; shift 2;;
    --port-only) MODE=port_only; shift;;
    --original-only) MODE=original_only; shift;;
    --ported) MODE=ported; PORTED_FROM=$(cd "$2" 2>/dev/null && pwd) || { echo "error: --ported $2 is not a folder" >&2; exit 2; }
      [ -d "$PORTED_FROM/ported/Tests" ] || { echo "error: $PORTED_FROM/ported/Tests missing: give the OUTDIR of a --port-only run" >&2; exit 2; }
      shift 2;;
    *) usage;;
  esac
done
[ -d "$SUITE/Tests" ] && [ -d "$SUITE/amp_test_lib/inc" ] && [ -d "$SUITE/amp_test_lib/src" ] || {
  echo "error: $SUITE does not hold Tests/ and amp_test_lib/{inc,src}: give the suite's root folder" >&2; exit 2; }
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=${TESSERA_SRC:-$(cd "$HERE/.." && pwd)}
BUILD=${TESSERA_BUILD:-$SRC/build}
PORT=${TESSERA_PORT:-$(find "$BUILD/tools" -name tessera-port -type f -perm -u+x -print -quit 2>/dev/null)}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
ARCH=${CUDA_ARCH:-90}
if [ -z "${CXX_EMU:-}" ]; then command -v clang++-16 >/dev/null && CXX_EMU=clang++-16 || CXX_EMU=c++; fi
EMU_LIB=$(find "$BUILD" -name libtessera_emulator.a -print -quit 2>/dev/null)
MODEL_LIB=$(find "$BUILD" -name libtessera_model.a -print -quit 2>/dev/null)
CUDA_LIB=$(find "$BUILD" -name libtessera_cuda.a -print -quit 2>/dev/null)
[ -n "$EMU_LIB" ] && [ -n "$MODEL_LIB" ] || {
  echo "error: no libtessera_emulator.a / libtessera_model.a under $BUILD: build the targets tessera_emulator tessera_model (or set TESSERA_BUILD)" >&2; exit 2; }
if [ "$MODE" = all ] || [ "$MODE" = port_only ]; then
  [ -n "$PORT" ] && [ -x "$PORT" ] || { echo "error: no tessera-port at $PORT: build the target tessera-port (or set TESSERA_PORT)" >&2; exit 2; }
fi
GEN=$BUILD/generated/include
[ -d "$GEN" ] || { echo "error: $GEN missing: configure $BUILD with cmake first" >&2; exit 2; }
HAVE_NVCC=0; [ -x "$NVCC" ] && [ "$MODE" != port_only ] && [ "$MODE" != original_only ] && HAVE_NVCC=1
HAVE_GPU=0; [ $GPU = 1 ] && command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && HAVE_GPU=1
LINK_CUDA=0; [ $HAVE_NVCC = 1 ] && [ -n "$CUDA_LIB" ] && LINK_CUDA=1

# The suite's test macros (ACCESS_TYPE ...) take their defaults as its CMake build gives them.
DEFS="-DACCESS_TYPE=access_type_none -DDEF_ACCESS_TYPE1=access_type_none -DDEF_ACCESS_TYPE2=access_type_none"
TESS_INC="-I$SRC/spec/include/tessera/compat -I$SRC/emulator/include -I$SRC/spec/include -I$GEN"
EMU_FLAGS="-DTESSERA_BACKEND_EMULATOR=1 $TESS_INC -std=c++20 -w -O0 -g1 -fstack-clash-protection"
# The libraries from the system, or from the folders LD_LIBRARY_PATH names (a GPU host whose packages were
# unpacked into the build tree: scripts/offline_deps.sh).
LIBDIRS=""
IFS=: read -ra ld_dirs <<< "${LD_LIBRARY_PATH:-}"
for d in "${ld_dirs[@]}"; do [ -d "$d" ] && LIBDIRS="$LIBDIRS -L$d"; done
SYSLIBS="$LIBDIRS -ltbb -ldw -lelf -ldl -lpthread"
# The suite's support library accepts clang alone (its platform.h), so nvcc's host compiler is clang
# where there is one (NVCC_HOST overrides).
NVCC_HOST=${NVCC_HOST:-$(command -v clang++-16 || command -v clang++ || echo "")}
CU_FLAGS="${NVCC_HOST:+-ccbin $NVCC_HOST }-x cu -std=c++20 -O2 --generate-code=arch=compute_$ARCH,code=[sm_$ARCH] --extended-lambda --expt-relaxed-constexpr -fmad=false -Xcudafe --diag_suppress=esa_on_defaulted_function_ignored -w -DTESSERA_BACKEND_CUDA=1 -DTESSERA_BACKEND_EMULATOR=1 -I$SRC/backends/cuda/include $TESS_INC"
# The stand-in for the support library's compiler check, where the compilers are not clang.
SHIM=""
if ! $CXX_EMU --version 2>/dev/null | grep -qi clang || { [ $HAVE_NVCC = 1 ] && [ -z "$NVCC_HOST" ]; }; then
  mkdir -p "$OUT/compiler_shim/amptest"
  printf '#pragma once\n// Stands in for the suite'"'"'s amptest/platform.h, which accepts clang alone.\n#define AMP_TEST_API\n#define AMP_NOEXCEPT noexcept\n' > "$OUT/compiler_shim/amptest/platform.h"
  SHIM="-I$OUT/compiler_shim"
  EMU_FLAGS="$SHIM $EMU_FLAGS"
  CU_FLAGS="$SHIM $CU_FLAGS"
fi
export MODE PORTED_FROM
export SUITE OUT PORT NVCC CXX_EMU EMU_LIB MODEL_LIB CUDA_LIB DEFS EMU_FLAGS SYSLIBS CU_FLAGS HAVE_NVCC HAVE_GPU LINK_CUDA TIMEOUT TESS_INC

# ---- 1. the tests and the sample -------------------------------------------------------------------
python3 - "$SUITE" "$OUT" "$SAMPLE" "$SEED" "$LIST" <<'PY' || exit 2
import os, re, random, sys
suite, out, n, seed, listed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
root = os.path.join(suite, "Tests")
def conf_compile_only(d):
    # The nearest *.conf from the test's folder up to Tests/ (the suite runner's rule).
    while True:
        confs = [f for f in os.listdir(d) if f.endswith(".conf")]
        if confs:
            return re.search(r"'compile_only'\s*=>\s*1", open(os.path.join(d, confs[0]), errors="replace").read()) is not None
        if os.path.samefile(d, root): return False
        d = os.path.dirname(d)
kinds = {"run": [], "negative": [], "compile_only": []}
for d, _, files in os.walk(root):
    if "test.cpp" not in files: continue
    rel = os.path.relpath(d, root)
    text = open(os.path.join(d, "test.cpp"), errors="replace").read()
    if re.search(r"//#\s*Expects\s*\d*\s*:\s*(warning|error)", text, re.I): kinds["negative"].append(rel)
    elif conf_compile_only(d): kinds["compile_only"].append(rel)
    else: kinds["run"].append(rel)
for k in kinds: kinds[k].sort()
with open(os.path.join(out, "tests_by_kind.txt"), "w") as f:
    for k, v in kinds.items():
        for t in v: f.write(f"{k}\t{t}\n")
run = kinds["run"]
if listed:
    # The tests a file names (folders relative to Tests/, one a line), e.g. another run's sample.txt.
    wanted = [l.strip() for l in open(listed) if l.strip() and not l.startswith("#")]
    unknown = [t for t in wanted if t not in run]
    if unknown:
        sys.exit(f"error: {listed} names {len(unknown)} tests that are not executable tests of {root}, e.g. {unknown[0]}")
    chosen = sorted(wanted)
elif n <= 0 or n >= len(run):
    chosen = run
else:
    # Stratified by the first two folder levels, proportional allocation (largest remainder), then a
    # seeded random choice within each stratum: the same suite, N and seed give the same sample.
    strata = {}
    for t in run: strata.setdefault("/".join(t.split("/")[:2]), []).append(t)
    keys = sorted(strata)
    quota = {k: n * len(strata[k]) / len(run) for k in keys}
    alloc = {k: int(quota[k]) for k in keys}
    rest = n - sum(alloc.values())
    for k in sorted(keys, key=lambda k: (-(quota[k] - alloc[k]), k))[:rest]: alloc[k] += 1
    rng = random.Random(seed)
    chosen = []
    for k in keys: chosen += rng.sample(strata[k], min(alloc[k], len(strata[k])))
    chosen.sort()
open(os.path.join(out, "sample.txt"), "w").write("".join(t + "\n" for t in chosen))
print(f"tests: {len(run)} executable, {len(kinds['negative'])} negative, {len(kinds['compile_only'])} compile-only (not evaluated); evaluating {len(chosen)}" + (f" (listed in {listed})" if listed else f" (stratified sample, seed {seed})" if len(chosen) < len(run) else ""))
PY

# ---- 2. the support library: original and ported -----------------------------------------------------
mkdir -p "$OUT/logs" "$OUT/lib" "$OUT/ported" "$OUT/bin"
# port_file SRC_FILE DEST_DIR [extra args]: writes the ported file (or the original, when nothing changed)
port_file() {
  local f=$1 dest=$2; shift 2
  mkdir -p "$dest"
  local lang=""; case $f in *.h|*.hpp) lang="-x c++";; esac  # a header alone would be read as C
  "$PORT" --out-dir "$dest" "$f" -- $lang -std=c++20 -w -DTESSERA_BACKEND_EMULATOR=1 $TESS_INC $DEFS "$@" > "$dest/$(basename "$f").port.out" 2> "$dest/$(basename "$f").port.err"
  local rc=$?
  [ -f "$dest/$(basename "$f")" ] || cp "$f" "$dest/"
  return $rc
}
export -f port_file
# --ported DIR: the ported tree of an earlier --port-only run, as it is.
if [ "$MODE" = ported ] && [ "$PORTED_FROM" != "$OUT" ]; then
  rm -rf "$OUT/ported" && cp -a "$PORTED_FROM/ported" "$OUT/ported"
fi
# The support library is ported once per OUTDIR and tool (a stamp names the tool and its time).
stamp="$PORT $( [ -n "$PORT" ] && stat -c %Y "$PORT")"
if { [ "$MODE" = all ] || [ "$MODE" = port_only ]; } && [ "$(cat "$OUT/ported/amp_test_lib.stamp" 2>/dev/null)" != "$stamp" ]; then
echo "porting the support library ..."
rm -rf "$OUT/ported/amp_test_lib" "$OUT/lib"
( cd "$SUITE/amp_test_lib" && find inc src -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' \) ) | while read -r f; do
  port_file "$SUITE/amp_test_lib/$f" "$OUT/ported/amp_test_lib/$(dirname "$f")" -I"$SUITE/amp_test_lib/inc" >/dev/null
done
echo "$stamp" > "$OUT/ported/amp_test_lib.stamp"
fi
mkdir -p "$OUT/lib"
build_lib() {  # build_lib NAME COMPILER FLAGS LIBSRC INC
  local name=$1 cc=$2 flags=$3 src=$4 inc=$5 objs=() ok=1
  mkdir -p "$OUT/lib/$name"
  for f in "$src"/*.cpp; do
    local o="$OUT/lib/$name/$(basename "${f%.cpp}").o"
    [ "$o" -nt "$f" ] && { objs+=("$o"); continue; }  # built before from this source
    nice $cc $flags -I"$inc" -c "$f" -o "$o" >> "$OUT/logs/lib_$name.log" 2>&1 || ok=0
    objs+=("$o")
  done
  rm -f "$OUT/lib/$name/libamptest.a"
  [ $ok = 1 ] && ar rcs "$OUT/lib/$name/libamptest.a" "${objs[@]}"
  [ $ok = 1 ] && echo "  $name: built" || echo "  $name: FAILED (see logs/lib_$name.log)"
}
echo "building the support library ..."
[ "$MODE" != port_only ] && build_lib emu_orig "$CXX_EMU" "$EMU_FLAGS $DEFS" "$SUITE/amp_test_lib/src" "$SUITE/amp_test_lib/inc" &
[ "$MODE" != port_only ] && [ "$MODE" != original_only ] && build_lib emu_port "$CXX_EMU" "$EMU_FLAGS $DEFS" "$OUT/ported/amp_test_lib/src" "$OUT/ported/amp_test_lib/inc" &
[ $HAVE_NVCC = 1 ] && build_lib cuda "$NVCC" "$CU_FLAGS $DEFS" "$OUT/ported/amp_test_lib/src" "$OUT/ported/amp_test_lib/inc" &
wait

# ---- 3. one test -----------------------------------------------------------------------------------
# conf_definitions TEST_DIR: the first build variant the nearest *.conf gives ('definitions' => [ { 'K' => 'V',
# ... }, ... ]), one -DK=V a line; nothing when it gives none. The suite's runner builds every variant; one
# is built here, the first, so that a test written for its variants compiles at all.
conf_definitions() {
  python3 - "$1" "$SUITE/Tests" <<'PY'
import os, re, sys
d, root = sys.argv[1], sys.argv[2]
while True:
    confs = [f for f in os.listdir(d) if f.endswith(".conf")]
    if confs:
        text = open(os.path.join(d, confs[0]), errors="replace").read()
        m = re.search(r"'definitions'\s*=>\s*\[\s*\{([^}]*)\}", text)
        if m:
            for k, v in re.findall(r"'(\w+)'\s*=>\s*'([^']*)'", m.group(1)):
                print(f"-D{k}={v}")
        break
    if os.path.samefile(d, root): break
    d = os.path.dirname(d)
PY
}
export -f conf_definitions
# Writes OUT/results/<id>.tsv: test, emu_orig, emu_port, nvcc, gpu, warnings, note
one_test() {
  local rel=$1 id; id=$(echo "$rel" | tr '/' '_')
  local tdir="$SUITE/Tests/$rel" pdir="$OUT/ported/Tests/$rel" log="$OUT/logs/$id"
  local eo=- ep=- nv=- gpu=- note="" warn=0
  local -a V; mapfile -t V < <(conf_definitions "$tdir")
  rm -f "$log.hwarn"
  run_bin() { ( cd "$(dirname "$1")" && timeout "$TIMEOUT" "$1" ) > "$2" 2>&1; local rc=$?
    case $rc in 0) echo pass;; 2) echo skip;; 124) echo timeout;; *) echo "fail($rc)";; esac; }
  # original on the emulator
  if [ "$MODE" = port_only ]; then eo=-
  elif nice $CXX_EMU $EMU_FLAGS $DEFS "${V[@]}" -I"$SUITE/amp_test_lib/inc" "$tdir/test.cpp" -o "$OUT/bin/$id.orig" \
       "$OUT/lib/emu_orig/libamptest.a" "$EMU_LIB" "$MODEL_LIB" $SYSLIBS > "$log.orig.build" 2>&1; then
    eo=$(run_bin "$OUT/bin/$id.orig" "$log.orig.run")
  else eo=nobuild; fi
  if [ "$MODE" = original_only ]; then
    printf "%s\t%s\t-\t-\t-\t-\t\n" "$rel" "$eo" > "$OUT/results/$id.tsv"
    echo "  $rel: emu=$eo"
    return
  fi
  # port: test.cpp and every header of Tests/ it includes (as the preprocessor finds them), each into the
  # same place under OUT/ported/Tests, so that relative includes still find them
  mkdir -p "$pdir"
  local h hrel
  for h in $(nice $CXX_EMU $EMU_FLAGS $DEFS "${V[@]}" -I"$SUITE/amp_test_lib/inc" -MM "$tdir/test.cpp" 2>/dev/null | tr -d '\\' | tr ' ' '\n' | sed '/^$/d' | xargs -r realpath -m | grep "^$SUITE/Tests/" | grep -v "/test.cpp$" | sort -u); do
    hrel=${h#"$SUITE/Tests/"}
    [ -f "$OUT/ported/Tests/$hrel" ] || [ "$MODE" = ported ] || port_file "$h" "$OUT/ported/Tests/$(dirname "$hrel")" "${V[@]}" -I"$SUITE/amp_test_lib/inc" -I"$(dirname "$h")" >/dev/null
    warn=$((warn + $(cat "$OUT/ported/Tests/$hrel.port.err" 2>/dev/null | grep -c "warning: TESSERA-PORT")))
    grep -oh "TESSERA-PORT-[0-9]*" "$OUT/ported/Tests/$hrel.port.err" >> "$log.hwarn" 2>/dev/null
  done
  local prc=0
  if [ "$MODE" = ported ]; then
    [ -f "$pdir/test.cpp" ] || { prc=1; echo "error: not ported in $PORTED_FROM" > "$pdir/test.cpp.port.err"; cp "$tdir/test.cpp" "$pdir/"; }
  else
    port_file "$tdir/test.cpp" "$pdir" "${V[@]}" -I"$SUITE/amp_test_lib/inc" -I"$tdir"
    prc=$?
  fi
  warn=$((warn + $(grep -c "warning: TESSERA-PORT" "$pdir/test.cpp.port.err")))
  local wcodes; wcodes=$(cat "$pdir/test.cpp.port.err" "$log.hwarn" 2>/dev/null | grep -oh "TESSERA-PORT-[0-9]*" | sort | uniq -c | awk '{printf "%s%sx%s", (NR>1?",":""), $2, $1}' | sed 's/TESSERA-PORT-//g')
  [ $prc != 0 ] && note="port exit $prc: $(grep -m1 -E "error" "$pdir/test.cpp.port.err" | cut -c1-160)"
  # The measure is over the tests whose original passes on the emulator: the others are ported (their
  # warnings count) but not built again.
  local built=1
  if [ "$MODE" != port_only ] && [ "$eo" != pass ]; then built=0; [ -z "$note" ] && note="ported only: the original does not pass on the emulator"; fi
  # ported on the emulator
  if [ "$MODE" = port_only ] || [ $built = 0 ]; then ep=-
  elif nice $CXX_EMU $EMU_FLAGS $DEFS "${V[@]}" -I"$OUT/ported/amp_test_lib/inc" "$pdir/test.cpp" -o "$OUT/bin/$id.port" \
       "$OUT/lib/emu_port/libamptest.a" "$EMU_LIB" "$MODEL_LIB" $SYSLIBS > "$log.port.build" 2>&1; then
    ep=$(run_bin "$OUT/bin/$id.port" "$log.port.run")
  else ep=nobuild; fi
  # ported with nvcc
  if [ "$HAVE_NVCC" = 1 ] && [ $built = 1 ]; then
    if nice "$NVCC" $CU_FLAGS $DEFS "${V[@]}" -I"$OUT/ported/amp_test_lib/inc" "$pdir/test.cpp" -c -o "$OUT/bin/$id.cu.o" > "$log.nvcc" 2>&1; then
      nv=compiled
      if [ "$LINK_CUDA" = 1 ]; then
        if "$NVCC" -o "$OUT/bin/$id.cuda" "$OUT/bin/$id.cu.o" "$OUT/lib/cuda/libamptest.a" "$CUDA_LIB" "$EMU_LIB" "$MODEL_LIB" $SYSLIBS >> "$log.nvcc" 2>&1
        then nv=linked; else nv=nolink; note="nvcc link: $(grep -m1 -E "error|undefined" "$log.nvcc" | cut -c1-200)"; fi
      fi
    else
      nv=error; [ -z "$note" ] && note="nvcc: $(grep -m1 -E "error" "$log.nvcc" | sed "s|$OUT/||" | cut -c1-200)"
    fi
    if [ "$HAVE_GPU" = 1 ] && [ "$nv" = linked ]; then gpu=$(run_bin "$OUT/bin/$id.cuda" "$log.gpu.run"); fi
  fi
  [ "$eo" = pass ] && [ "$ep" != pass ] && [ -z "$note" ] && note="ported emulator: $(tail -c 160 "$log.port.run" 2>/dev/null | tr '\n' ' ')"
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$rel" "$eo" "$ep" "$nv" "$gpu" "${wcodes:--}" "$note" > "$OUT/results/$id.tsv"
  echo "  $rel: emu=$eo ported-emu=$ep nvcc=$nv gpu=$gpu warnings=${wcodes:--}"
}
export -f one_test
mkdir -p "$OUT/results"; rm -f "$OUT/results"/*.tsv
echo "running $(wc -l < "$OUT/sample.txt") tests, $JOBS at a time ..."
xargs -a "$OUT/sample.txt" -P "$JOBS" -I{} bash -c 'one_test "$@"' _ {}

# ---- 4. table and totals ---------------------------------------------------------------------------
{ printf "test\temu_orig\temu_ported\tnvcc\tgpu\tport_warnings\tfirst_problem\n"; cat "$OUT/results"/*.tsv | sort; } > "$OUT/results.tsv"
summarize "$OUT" "$HAVE_NVCC" "$LINK_CUDA" "$GPU" "$HAVE_GPU"

# --bundle DIR: the nvcc-built tests, stripped, and the table, for --run-bundle on a GPU host.
if [ -n "$BUNDLE" ]; then
  mkdir -p "$BUNDLE/bin"
  cp "$OUT/results.tsv" "$BUNDLE/"
  rm -f "$BUNDLE"/bin/*.cuda
  awk -F'\t' 'NR > 1 && $4 == "linked" { gsub("/", "_", $1); print $1 }' "$OUT/results.tsv" | while read -r id; do
    strip -o "$BUNDLE/bin/$id.cuda" "$OUT/bin/$id.cuda"
  done
  # Packed too: the binaries share most of their bytes (the runtime), which xz finds across files.
  tar -cJf "$BUNDLE.tar.xz" -C "$(dirname "$BUNDLE")" "$(basename "$BUNDLE")"
  echo "bundle: $BUNDLE ($(ls "$BUNDLE/bin" | wc -l) binaries, $(du -sh "$BUNDLE" | cut -f1)), packed: $BUNDLE.tar.xz ($(du -sh "$BUNDLE.tar.xz" | cut -f1))"
  echo "on the GPU host: $0 --run-bundle $(basename "$BUNDLE").tar.xz OUTDIR"
fi
