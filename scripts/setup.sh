#!/usr/bin/env bash
# Installs what Arrayc needs (idempotent; fast when everything is present)
# and builds it in build/.
#
#   scripts/setup.sh            install dependencies, configure, build
#
# ARRAYC_BUILD_DIR builds elsewhere; ARRAYC_CMAKE_ARGS (words) configures a
# new build directory differently, ARRAYC_EXTRA_PACKAGES (words) installs
# more packages and ARRAYC_BUILD_TARGETS (words) builds only those targets
# (scripts/sanitize.sh and scripts/fuzz.sh use them).
#
# Dependencies: LLVM/MLIR 22 from Debian's packages, CMake, Ninja, a C++
# compiler, GoogleTest, NumPy and Python's headers for /usr/bin/python3 (the
# Python package's C extension is built and tested), and the CUDA toolkit
# (for ptxas/fatbinary and headers; expected at /usr/local/cuda, or set
# CUDAToolkit_ROOT). No GPU is needed to build or to run the tests.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${ARRAYC_BUILD_DIR:-$root/build}
packages=(libdlpack-dev llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
          lld-22 python3-numpy python3-dev cmake ninja-build g++ libgtest-dev
          zlib1g-dev ${ARRAYC_EXTRA_PACKAGES:-})

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

cuda=${CUDAToolkit_ROOT:-/usr/local/cuda}
if [ ! -x "$cuda/bin/ptxas" ]; then
  echo "setup: error: the CUDA toolkit was not found at $cuda (need its" \
       "ptxas, fatbinary and headers; CUDA 13.0 is expected). Install it or" \
       "set CUDAToolkit_ROOT." >&2
  exit 1
fi

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCUDAToolkit_ROOT="$cuda" ${ARRAYC_CMAKE_ARGS:-}
fi
cmake --build "$build" ${ARRAYC_BUILD_TARGETS:+--target $ARRAYC_BUILD_TARGETS}
