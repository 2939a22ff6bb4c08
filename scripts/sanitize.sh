#!/usr/bin/env bash
# Builds arrayc and arrayrt with AddressSanitizer and UndefinedBehaviorSanitizer
# (clang-22, -DARRAYC_SANITIZE="address;undefined", with the project's
# assertions on) in build-sanitize/ and
# runs the whole test suite under them: lit and ctest, the tools, the
# runtime's unit tests and every program arrayc compiles (they link the
# instrumented runtime). Fails when a test fails or when any process wrote a
# sanitizer report, even one inside a test that expects a failure.
#
#   scripts/sanitize.sh
#
# Every process stops at its first report (halt_on_error). LeakSanitizer is
# on for all of them; scripts/lsan-suppressions.txt lists the leaks that are
# not the project's to fix. The reports are kept in build-sanitize/reports/.
# ARRAYC_SANITIZE_BUILD_DIR builds elsewhere.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${ARRAYC_SANITIZE_BUILD_DIR:-$root/build-sanitize}
llvm=/usr/lib/llvm-22
start=$SECONDS

export ARRAYC_BUILD_DIR=$build
export ARRAYC_EXTRA_PACKAGES="libclang-rt-22-dev"
export ARRAYC_CMAKE_ARGS="-DCMAKE_C_COMPILER=clang-22
  -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld
  -DARRAYC_SANITIZE=address;undefined -DARRAYC_ENABLE_ASSERTIONS=ON"
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
"$root/scripts/setup.sh"
built=$SECONDS

reports=$build/reports
rm -rf "$reports"
mkdir -p "$reports"
export ASAN_SYMBOLIZER_PATH=$llvm/bin/llvm-symbolizer
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:log_path=$reports/asan"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$reports/ubsan"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan-suppressions.txt:print_suppressions=0"

status=0
lit=$(command -v lit || echo $llvm/bin/lit)
"$lit" -sv "$build/test" || status=1
ctest --test-dir "$build" --output-on-failure || status=1

shopt -s nullglob
found=("$reports"/*)
if ((${#found[@]})); then
  for report in "${found[@]}"; do
    echo "==== $report"
    cat "$report"
  done
  echo "sanitize: ${#found[@]} sanitizer report(s) in $reports" >&2
  status=1
else
  echo "sanitize: no sanitizer reports"
fi
echo "sanitize: set-up and build $((built - start)) s, tests" \
     "$((SECONDS - built)) s"
exit $status
