#!/usr/bin/env bash
# Sets up, builds and runs every test: the lit suite (dialect, passes,
# pipelines, arrayc, end-to-end against NumPy; GPU tests run only where a
# GPU is detected) and the runtime's unit tests (ctest).
#
#   scripts/test.sh
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${ARRAYC_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"

lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)
"$lit" -sv "$build/test"
ctest --test-dir "$build" --output-on-failure
