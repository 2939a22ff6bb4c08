#!/usr/bin/env bash
# The GPU check of the library ABI (docs/abi.md), in two halves:
#
#   scripts/interop_check.sh prepare [BUILD]   here: compile the libraries
#                                              (cuda target) and headers into
#                                              .device-interop/
#   scripts/interop_check.sh run OUT           there (the GPU machine, from
#                                              the repository root): build
#                                              the C++ callers with nvcc,
#                                              run them and the Python
#                                              examples, results under OUT
#
# `run` checks: the C++ softmax caller (its own cudaMalloc'd arrays and
# stream) with ARRAYRT_PROFILE (no copy rows: the inputs are used in place)
# and ARRAYRT_TRACE (the kernels on the caller's stream), the same under
# compute-sanitizer memcheck; the executable with @main arguments on the GPU;
# bfloat16 .npy files of NumPy + ml_dtypes (scripts/interop_bf16.py); the
# Python examples on PyTorch and CuPy arrays (their current streams);
# results computed in the caller's out= arrays (scripts/interop_results.py);
# and the call-overhead benchmark (bench/interop: C++ and Python against a
# bare launch, CuPy's ElementwiseKernel and a PyTorch op, same arrays, one
# run). Exit status 1 if any check failed.
set -u
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
dir=.device-interop

case "${1:-}" in
prepare)
  build=${2:-build}
  arrayc=$build/bin/arrayc
  rm -rf $dir && mkdir -p $dir/lib $dir/bin $dir/include/dlpack || exit 1
  # The callers include the generated headers, which include DLPack's (the
  # GPU machine may not have it).
  cp /usr/include/dlpack/dlpack.h $dir/include/dlpack/ || exit 1
  $arrayc --emit=shared examples/interop/softmax.mlir -o $dir/lib/libsoftmax.so || exit 1
  $arrayc --emit=shared examples/interop/layernorm.mlir -o $dir/lib/liblayernorm.so || exit 1
  $arrayc --emit=shared bench/interop/scale.mlir -o $dir/lib/libscale.so || exit 1
  $arrayc --emit=shared bench/interop/results.mlir -o $dir/lib/libresults.so || exit 1
  $arrayc examples/interop/softmax-main.mlir -o $dir/bin/softmax-main || exit 1
  $arrayc test/Integration/npy-bf16.mlir -o $dir/bin/npy-bf16 || exit 1
  $arrayc --target=cpu test/Integration/npy-bf16.mlir -o $dir/bin/npy-bf16-cpu || exit 1
  du -sh $dir
  ;;
run)
  out=${2:?usage: interop_check.sh run OUT}
  mkdir -p "$out"
  status=0
  nvcc=${NVCC:-nvcc}
  command -v $nvcc > /dev/null || nvcc=/usr/local/cuda/bin/nvcc
  lib=$(cd $dir/lib && pwd)

  # The C++ caller: correct results, no copies, the caller's stream.
  $nvcc -O2 -std=c++17 -I$lib -I$dir/include examples/interop/softmax_caller.cpp -L$lib \
    -lsoftmax -Xlinker -rpath,$lib -o $dir/bin/softmax_caller || exit 1
  ARRAYRT_PROFILE=1 ARRAYRT_TRACE="$out/softmax-trace.json" \
    $dir/bin/softmax_caller 4096 1000 > "$out/softmax-caller.txt" \
    2> "$out/softmax-profile.txt" || status=1
  cat "$out/softmax-caller.txt"
  echo "profile rows (the inputs used in place and the _into result computed"
  echo "in the caller's array: no copy row):"
  cat "$out/softmax-profile.txt"
  if grep -q "copy [DH]to[DH]" "$out/softmax-profile.txt"; then
    echo "FAIL: the profile has a copy"
    status=1
  fi
  $python - "$out/softmax-trace.json" <<'EOF' || status=1
import json, sys
trace = json.load(open(sys.argv[1]))["traceEvents"]
tracks = {e["tid"]: e["args"]["name"] for e in trace if e.get("ph") == "M" and e.get("name") == "thread_name"}
kernels = [e for e in trace if e.get("ph") == "X" and e.get("cat", "") != "range"]
by_track = {}
for e in kernels:
    by_track.setdefault(tracks.get(e["tid"], e["tid"]), []).append(e["name"])
for track, names in by_track.items():
    print(f"trace: {len(names)} operations on {track}: {sorted(set(names))[:6]}")
EOF
  compute-sanitizer --tool memcheck --error-exitcode 3 $dir/bin/softmax_caller 512 1000 \
    > "$out/softmax-memcheck.txt" 2>&1 || status=1
  echo "memcheck softmax_caller: $(tail -1 "$out/softmax-memcheck.txt")"

  # The executable with @main arguments, on the GPU.
  $python - "$dir" <<'EOF' || status=1
import subprocess, sys, numpy as np
d = sys.argv[1]
x = np.random.default_rng(1).standard_normal((300, 70)).astype(np.float32)
np.save(f"{d}/x.npy", x)
subprocess.run([f"{d}/bin/softmax-main", f"{d}/x.npy", "2.0", "-o", f"{d}/y.npy"], check=True)
s = x / np.float32(2.0)
e = np.exp(s - s.max(axis=-1, keepdims=True))
ref = e / e.sum(axis=-1, keepdims=True)
err = float(np.abs(np.load(f"{d}/y.npy") - ref).max())
print(f"softmax-main x.npy 2.0 -o y.npy: max error {err:.3g}")
sys.exit(0 if err < 1e-6 else 1)
EOF
  bad=$($dir/bin/softmax-main $dir/y.npy 2>&1 >/dev/null; echo "exit $?")
  echo "softmax-main with a wrong argument count: $bad"

  # bfloat16 .npy files written and read by NumPy + ml_dtypes themselves.
  for program in npy-bf16 npy-bf16-cpu; do
    $python scripts/interop_bf16.py $dir $program || status=1
  done

  # Python: PyTorch and CuPy arrays, in place, on their current streams,
  # through the package's C hot path (built here for this Python).
  export PYTHONPATH=$PWD/python${PYTHONPATH:+:$PYTHONPATH}
  $python python/build_fastcall.py || status=1
  $python examples/interop/layernorm_frameworks.py --library $lib/liblayernorm.so \
    2>&1 | tee "$out/layernorm-frameworks.txt"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  # Results computed in the caller's arrays, and where they must not be.
  $python scripts/interop_results.py $lib/libresults.so \
    2>&1 | tee "$out/results-in-place.txt"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1

  # Call overhead, C++ and Python, in this one run.
  $nvcc -O2 -std=c++17 -I$lib -I$dir/include bench/interop/call_overhead.cu -L$lib -lscale \
    -Xlinker -rpath,$lib -o $dir/bin/call_overhead || exit 1
  $dir/bin/call_overhead | tee "$out/call-overhead-cpp.json" || status=1
  $python bench/interop/call_overhead.py --library $lib/libscale.so \
    | tee "$out/call-overhead-python.json" || status=1
  exit $status
  ;;
*)
  sed -n '2,20p' "$0"
  exit 2
  ;;
esac
