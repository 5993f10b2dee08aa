#!/usr/bin/env bash
# bench/peers on a host that can neither install packages nor build tessera-phases (an offline GPU host):
# `pack` gathers, on a machine that built bench_peers (bench/peers/run.sh), its programs, the OpenCL
# kernels and the Debian packages of POCL, Oclgrind and the libraries they load; `run` unpacks them on the
# host, beside the system (nothing is installed), and runs the benchmark there on all its cores.
#
#   bench/peers/bundle.sh pack BUILD_DIR BUNDLE     # BUILD_DIR: a Ninja build of bench_peers (build-peers)
#   bench/peers/bundle.sh run BUNDLE OUTDIR [bench_peers options...]   # writes OUTDIR/peers.md and .svg
#
# BUNDLE/bin holds the programs, BUNDLE/kernels the kernels, and the packages are in three folders of at
# most about 55 MB each, so that a host reached through size-limited transfers can take them in turns:
# debs-pocl (POCL and LLVM 15), debs-oclgrind (Oclgrind and LLVM 14), debs-libs (the libraries the
# programs and LLVM load). Of debs-libs, a library the host already has (same soname, `ldconfig -p`) is
# not used: the host's own is newer and its programs rely on it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
usage="usage: bench/peers/bundle.sh pack BUILD_DIR BUNDLE | run BUNDLE OUTDIR [bench_peers options...]"
what="${1:?$usage}"
programs=(bench_peers bench_peers_opencl bench_peers_tessera bench_peers_tessera_checked bench_peers_tessera_phased
          bench_peers_tessera_phased_checked)
# The programs' own libraries (always ours: the programs were linked against these versions).
own_libs=(libtbb12 libtbbmalloc2 libhwloc15 libpugixml1v5 libdw1 libelf1 ocl-icd-libopencl1)
# What POCL, Oclgrind and LLVM load that a host usually has already.
base_libs=(zlib1g liblzma5 libbz2-1.0 libz3-4 libedit2 libffi8 libxml2 libicu72 libreadline8 libtinfo6 libbsd0 libmd0)

case "$what" in
  pack)
    build="$(cd "${2:?$usage}" && pwd)"
    bundle="${3:?$usage}"
    ninja -C "$build" bench_peers >&2
    for p in "${programs[@]}"; do
      [ -x "$build/bench/peers/$p" ] || { echo "bundle: $build/bench/peers/$p is missing (is tessera-phases built there, and OpenCL found?)" >&2; exit 1; }
    done
    rm -rf "$bundle" && mkdir -p "$bundle"/{bin,debs-pocl,debs-oclgrind,debs-libs}
    bundle="$(cd "$bundle" && pwd)"
    for p in "${programs[@]}"; do cp "$build/bench/peers/$p" "$bundle/bin/"; done
    cp "$build/conformance/conform_emulator" "$bundle/bin/"
    cp -r "$here/bench/peers/kernels" "$bundle/kernels"
    (cd "$bundle/debs-pocl" && apt-get download pocl-opencl-icd libpocl2 libpocl2-common libllvm15 libclang-cpp15 libclang-common-15-dev) >&2
    (cd "$bundle/debs-oclgrind" && apt-get download oclgrind liboclgrind-21.10 libllvm14 libclang-common-14-dev) >&2
    (cd "$bundle/debs-libs" && apt-get download "${own_libs[@]}" "${base_libs[@]}") >&2
    du -sh "$bundle"/* >&2
    echo "$bundle"
    ;;
  run)
    bundle="$(cd "${2:?$usage}" && pwd)"
    out="${3:?$usage}"
    shift 3
    root="$bundle/root"     # every package but the host's libraries
    spare="$bundle/spare"   # base_libs, of which only what the host lacks is used
    for d in bin kernels debs-pocl debs-oclgrind debs-libs; do
      [ -n "$(ls -A "$bundle/$d" 2>/dev/null)" ] ||
        { echo "bundle: $bundle/$d is missing or empty (make BUNDLE with \`bench/peers/bundle.sh pack\` and bring all of it)" >&2; exit 1; }
    done
    export PATH="$PATH:/sbin:/usr/sbin"  # ldconfig
    rm -rf "$root" "$spare" && mkdir -p "$root" "$spare/lib"
    for d in "$bundle"/debs-pocl/*.deb "$bundle"/debs-oclgrind/*.deb; do dpkg -x "$d" "$root"; done
    for d in "$bundle"/debs-libs/*.deb; do
      name="$(dpkg-deb -f "$d" Package)"
      if [[ " ${own_libs[*]} " == *" $name "* ]]; then dpkg -x "$d" "$root"; else dpkg -x "$d" "$spare/unpacked"; fi
    done
    used=()
    while IFS= read -r lib; do
      soname="$(basename "$lib")"
      if ! ldconfig -p | grep -q "^[[:space:]]*$soname "; then ln -sf "$lib" "$spare/lib/$soname"; used+=("$soname"); fi
    done < <(find "$spare/unpacked" -name 'lib*.so.*' \( -type f -o -type l \) | grep -E '\.so\.[0-9]+$')
    echo "bundle: of the usual libraries, the host lacks: ${used[*]:-none}"
    lib="$root/usr/lib/x86_64-linux-gnu"
    export LD_LIBRARY_PATH="$lib:$spare/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export OCL_ICD_VENDORS="$root/etc/OpenCL/vendors"
    export POCL_CACHE_DIR="$bundle/pocl-cache"
    b="$bundle/bin"
    mkdir -p "$out"
    "$b/bench_peers" "$out/peers.md" --tessera "$b/bench_peers_tessera" --tessera-checked "$b/bench_peers_tessera_checked" \
      --tessera-compiled "$b/bench_peers_tessera_phased" --tessera-compiled-checked "$b/bench_peers_tessera_phased_checked" \
      --opencl "$b/bench_peers_opencl" --conform "$b/conform_emulator" --oclgrind "$root/usr/bin/oclgrind" \
      --kernels "$bundle/kernels" "$@"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
