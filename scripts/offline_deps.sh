# Sourced by the scripts that build on an offline GPU host (gpu_run.sh, bench_emulator.sh):
#   unpack_debs DEBS_DIR DEST
# unpacks the Debian .debs (scripts/fetch_debs.sh makes the folder) into DEST, appends to the array
# `cmake_deps_args` the CMake arguments that find them there, and exports the library and program paths.
unpack_debs() {
  local debs="$1" dest="$2" d
  mkdir -p "$dest"
  for d in "$debs"/*.deb; do dpkg -x "$d" "$dest"; done
  cmake_deps_args+=(-DCMAKE_PREFIX_PATH="$dest/usr;$dest/usr/share/cmake" -DBoost_NO_SYSTEM_PATHS=ON -DBOOST_ROOT="$dest/usr"
                    -DCMAKE_CXX_FLAGS="-isystem $dest/usr/include" -DCMAKE_CUDA_FLAGS="-isystem $dest/usr/include"
                    -DCMAKE_EXE_LINKER_FLAGS="-L$dest/usr/lib/x86_64-linux-gnu")
  export LD_LIBRARY_PATH="$dest/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export PATH="$dest/usr/bin:$PATH"
  # libdw and libelf are found through pkg-config (their .pc files, and those of zlib and liblzma they name)
  export PKG_CONFIG_PATH="$dest/usr/lib/x86_64-linux-gnu/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
}
