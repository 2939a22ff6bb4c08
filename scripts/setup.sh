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
# compiler, GoogleTest, OpenBLAS (the CPU target's matrix products, loaded
# at run time; NumPy then uses it too), NumPy and Python's headers for
# /usr/bin/python3 (the
# Python package's C extension is built and tested), and the CUDA toolkit
# (for ptxas/fatbinary and headers; expected at /usr/local/cuda, or set
# CUDAToolkit_ROOT). No GPU is needed to build or to run the tests.
#
# It says what it does on stderr: which packages it installs (their
# installer's output goes to build/setup-apt.log, shown on failure), when it
# configures, and the build's progress every 5 % (the first build takes
# about ten minutes on two cores; a later run only rebuilds what changed).
set -euo pipefail

started=$SECONDS
say() { echo "setup: $*" >&2; }
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ARRAYC_BUILD_DIR:-$root/build}
packages=(libdlpack-dev llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
          lld-22 python3-numpy python3-dev cmake ninja-build g++ libgtest-dev
          zlib1g-dev libopenblas-dev libomp-22-dev libopenmpi-dev openmpi-bin
          ${ARRAYC_EXTRA_PACKAGES:-})

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  say "installing ${#missing[@]} packages with apt-get (a few minutes the" \
      "first time): ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  mkdir -p "$build"
  log="$build/setup-apt.log"
  if ! { $sudo apt-get update -q &&
         DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
           "${missing[@]}"; } > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    say "error: apt-get failed (the whole log: $log)"
    exit 1
  fi
  say "packages installed ($((SECONDS - started)) s)"
fi

cuda=${CUDAToolkit_ROOT:-/usr/local/cuda}
if [ ! -x "$cuda/bin/ptxas" ]; then
  echo "setup: error: the CUDA toolkit was not found at $cuda (need its" \
       "ptxas, fatbinary and headers; CUDA 13.0 is expected). Install it or" \
       "set CUDAToolkit_ROOT." >&2
  exit 1
fi

if [ ! -f "$build/build.ninja" ]; then
  say "configuring $build"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCUDAToolkit_ROOT="$cuda" ${ARRAYC_CMAKE_ARGS:-} > "$build.configure.log" 2>&1 ||
    { cat "$build.configure.log" >&2; say "error: cmake failed"; exit 1; }
  mv "$build.configure.log" "$build/configure.log"
fi
# Ninja's [done/total] lines become a progress line every 5 %; anything
# else it prints (warnings, errors) passes through.
say "building $build"
cmake --build "$build" ${ARRAYC_BUILD_TARGETS:+--target $ARRAYC_BUILD_TARGETS} 2>&1 |
  awk -v prefix="setup: building" '
    /^\[[0-9]+\/[0-9]+\] / {
      split(substr($1, 2), n, "/")
      step = int(n[1] * 20 / n[2])
      if (step > last) { printf "%s: %d/%d steps\n", prefix, n[1], n[2] > "/dev/stderr"; last = step }
      next
    }
    /^ninja: no work to do/ { next }
    /^ninja: Entering directory/ { next }
    { print > "/dev/stderr" }'
status=${PIPESTATUS[0]}
if [ "$status" != 0 ]; then
  say "error: the build failed"
  exit "$status"
fi
say "ready in $((SECONDS - started)) s ($build/bin: arrayc, array-opt, array-translate, array-lsp-server)"
