#!/usr/bin/env bash
# Installs what Tessera builds with, from Debian's packages. Safe to run again: it installs only what is
# missing. CUDA is used when /usr/local/cuda (or nvcc on PATH) is present; nothing here installs it.
#
#   scripts/setup.sh           # what the build and the tests need
#   scripts/setup.sh --peers   # also the OpenCL peers of bench/peers (POCL, Oclgrind, the OpenCL headers and loader)
set -euo pipefail

packages=(cmake ninja-build g++ clang-16 libclang-16-dev libclang-cpp16-dev llvm-16-dev pkgconf libtbb-dev libboost-context-dev libdw-dev libgtest-dev nlohmann-json3-dev libcli11-dev libxxhash-dev libpugixml-dev libxml2-utils chromium)
for arg in "$@"; do
  case "$arg" in
    --peers) packages+=(pocl-opencl-icd oclgrind ocl-icd-opencl-dev opencl-headers) ;;
    *) echo "setup: unknown option $arg (known: --peers)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
