#!/usr/bin/env bash
# Sets up, builds, then compiles and runs an example program: on the GPU when
# one is usable, otherwise for the CPU target.
#
#   scripts/run-example.sh [examples/NAME.mlir]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${ARRAYC_BUILD_DIR:-$root/build}
example=${1:-$root/examples/gaussian.mlir}
"$root/scripts/setup.sh" > /dev/null

if reason=$("$build/bin/arrayrt-device-info" 2>&1); then
  target=cuda
  echo "GPU: $reason"
else
  target=cpu
  echo "No usable GPU (${reason#*no usable GPU: }); compiling for the CPU."
fi
output="$build/examples/$(basename "${example%.mlir}")-$target"
mkdir -p "$(dirname "$output")"
echo "+ arrayc --target=$target $example -o $output && $output"
"$build/bin/arrayc" --target="$target" "$example" -o "$output"
"$output"
