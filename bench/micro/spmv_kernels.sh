#!/usr/bin/env bash
# On the GPU machine: compile bench/micro/spmv_kernels.cu with its nvcc, run
# a correctness pass on small matrices (100003 rows, 13 entries per row so
# that rows start unaligned, alpha 2, beta -0.5, the four dtypes), then the
# timed run at issue 7's size (4M x 4M). About 2 minutes.
#
#   bench/micro/spmv_kernels.sh OUT [options for the timed run]
#
# writes under OUT: device.txt (nvidia-smi), build.txt (nvcc's output and
# the build time), check.txt and check.json (the small pass),
# spmv_kernels.txt and spmv_kernels.json (the timed run). Exit status 1 if
# the build failed or any variant's result was wrong.
set -u -o pipefail
out=${1:?usage: spmv_kernels.sh OUT [options]}
shift
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
bin=${TMPDIR:-/tmp}/spmv_kernels
flags=(-O3 -std=c++17 -arch=sm_90a -Xcompiler -fopenmp
  "$here/spmv_kernels.cu" -o "$bin")

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem \
  --format=csv,noheader >"$out/device.txt" 2>&1
start=$SECONDS
if ! "$nvcc" "${flags[@]}" -lcusparse -lgomp >"$out/build.txt" 2>&1; then
  # No libcusparse in the toolkit: a Python wheel's, as bench/sparse.py
  # finds it.
  lib=$(python3 -c 'import glob, sys
print(next(iter(sorted(p for r in sys.path for p in glob.glob(
    r + "/nvidia/*/lib/libcusparse.so.12"))), ""))')
  if [ -z "$lib" ] || ! "$nvcc" "${flags[@]}" "$lib" \
    -Xlinker -rpath="$(dirname "$lib")" -lgomp >>"$out/build.txt" 2>&1; then
    cat "$out/build.txt"
    exit 1
  fi
fi
echo "built in $((SECONDS - start)) s" | tee -a "$out/build.txt"

status=0
"$bin" --rows 100003 --per-row 13 --alpha 2 --beta -0.5 \
  --dtypes f32i32,f64i32,f32i64,f64i64 --reps 5 --one-shot-reps 3 \
  --json "$out/check.json" >"$out/check.txt" 2>&1 || status=1
echo "small pass:"
grep -E "WRONG|skipped|wrong|spmv_kernels:" "$out/check.txt"

"$bin" --json "$out/spmv_kernels.json" "$@" 2>&1 |
  tee "$out/spmv_kernels.txt" || status=1
exit $status
