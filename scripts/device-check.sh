#!/usr/bin/env bash
# A whole GPU check run, in two halves (the GPU machine has no MLIR):
#
#   scripts/device-check.sh prepare [BUILD]   here: compile everything into
#                                             .device/ (end-to-end programs,
#                                             the random suite, generated
#                                             programs),
#                                             .device-bench/ (benchmarks) and
#                                             .device-sparse/ (sparse ones),
#                                             packed in .device-pack/device.txz
#   scripts/device-check.sh run OUT           there, from the repository
#                                             root (with .device-pack, or
#                                             the two folders): run it all,
#                                             results and logs under OUT
#   scripts/device-check.sh sanitize OUT      there: the sanitizer part
#                                             of `run` alone (which
#                                             DEVICE_CHECK_SANITIZE=0 then
#                                             leaves out: each fits a call)
#   scripts/device-check.sh run-sparse OUT    there: the end-to-end
#                                             programs (sparse ones under
#                                             memcheck), the random suite,
#                                             more random sparse cases and
#                                             bench/sparse.py with its table
#   scripts/device-check.sh prepare-sharded [BUILD]
#                                             here: the sharded examples
#                                             and programs for the GPU on
#                                             one process, with Open MPI's
#                                             runtime, in .device-pack
#   scripts/device-check.sh run-sharded OUT   there: each against NumPy
#                                             (NCCL with one rank), two
#                                             loops' graph regions (their
#                                             collectives in the graphs)
#                                             and ARRAYRT_GRAPHS=0, then
#                                             bench/sharded.py on the GPUs
#                                             there
#   scripts/device-check.sh prepare-persistent [BUILD]
#                                             here: the end-to-end programs
#                                             and 400 generated ones built
#                                             with --persistent-loops (the
#                                             default, named), the launch
#                                             benchmarks and issue 7's CG
#                                             both ways
#   scripts/device-check.sh run-persistent OUT
#                                             there: those against NumPy
#                                             (loops under memcheck and
#                                             racecheck), the persistent CG
#                                             micro-benchmark, the launch
#                                             benchmarks with the option,
#                                             the small CG one with
#                                             --register-loops=false and
#                                             without the option too, issue
#                                             7's CG both ways
#
# `run` does: the end-to-end programs and examples against NumPy
# (scripts/gpu_check.py), the random-input suite (every op, every dtype),
# the generated programs against their NumPy twins
# (test/Integration/Inputs/random_programs.py: DEVICE_CHECK_PROGRAMS of
# seed DEVICE_CHECK_SEED, 1000 of 2026 by default), both once more with
# ARRAYRT_POISON_MEMORY=1 (allocations start as 0xFF bytes), compute-sanitizer's
# memcheck, racecheck and initcheck over every end-to-end program
# (gpu_check.py sanitize) and over the first 200 generated programs, the
# stream checks (scripts/streams_check.py: many streams under
# memcheck, the two-stream copy/compute overlap), the allocator benchmark
# (arrayrt-alloc-bench), the library ABI (scripts/interop_check.sh), the
# profiling hooks' cost (arrayrt-hook-bench), the user-kernel examples
# (scripts/kernels_check.py: against NumPy, under memcheck, racecheck,
# synccheck and initcheck, the transpose against cupy.RawModule), and
# bench/run.py (ours vs CuPy and PyTorch: the issue-4 workloads, then the
# matrix products), bench/launch.py (loops of small operations) and
# bench/sparse.py (the sparse products) unless
# DEVICE_CHECK_BENCH=0 (which `prepare` then skips too). Exit status 1 if
# any check failed.
set -u
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}

# There, before either run: the folders from the pack (if one came),
# cuSPARSE for the sparse programs and cuDNN for the attention ones (the
# toolkit's, else a wheel's).
unpack_and_find_libraries() {
  if [ -f .device-pack/device.txz ]; then
    rm -rf .device .device-bench .device-sparse .device-interop &&
      $python -c "import tarfile; tarfile.open('.device-pack/device.txz').extractall()" ||
      exit 1
  fi
  cusparse=$(cd .device-sparse && $python -c \
    "import sparse; print(sparse.find_cusparse() or '')" 2>/dev/null)
  [ -n "$cusparse" ] && export ARRAYRT_CUSPARSE_LIB=$cusparse
  # cuDNN for the attention programs (the toolkit's, else a wheel's).
  cudnn=$($python scripts/find_cudnn.py 2>/dev/null)
  [ -n "$cudnn" ] && export ARRAYRT_CUDNN_LIB=$cudnn
}

# Every staged end-to-end program under memcheck, racecheck and initcheck.
sanitize_suite() {
  local out=$1 code=0
  $python scripts/gpu_check.py sanitize "$out/sanitize" --jobs "$(nproc)" \
    > "$out/sanitize.txt" 2>&1 || code=1
  grep -E "^FAIL" "$out/sanitize.txt" | head -20
  grep -E "vendor code" "$out/sanitize.txt" | head -5
  tail -1 "$out/sanitize.txt"
  return $code
}

case "${1:-}" in
prepare)
  build=${2:-build}
  [ -x /usr/bin/python3 ] && python=/usr/bin/python3  # NumPy is there
  $python scripts/gpu_check.py prepare "$build" || exit 1
  $python test/Integration/Inputs/random_suite.py --arrayc "$build/bin/arrayc" \
    --target cuda --workdir .device/random --prepare || exit 1
  $python test/Integration/Inputs/random_programs.py --arrayc "$build/bin/arrayc" \
    --target cuda --workdir .device/generated --prepare --quiet --jobs 2 \
    --seed "${DEVICE_CHECK_SEED:-2026}" --count "${DEVICE_CHECK_PROGRAMS:-1000}" || exit 1
  cp "$build/bin/arrayrt-alloc-bench" "$build/bin/arrayrt-hook-bench" .device/bin/ || exit 1
  scripts/interop_check.sh prepare "$build" || exit 1
  $python scripts/streams_check.py prepare "$build" .device/streams || exit 1
  # The user-kernel examples (array.cuda_kernel, scripts/kernels_check.py).
  mkdir -p .device/kernels
  for program in histogram transpose scan activation leaky_relu; do
    "$build/bin/arrayc" --target=cuda "examples/kernels/$program.mlir" \
      -o ".device/kernels/$program" || exit 1
  done
  mkdir -p .device-bench .device-sparse
  if [ "${DEVICE_CHECK_BENCH:-1}" != 0 ]; then
    $python bench/run.py prepare || exit 1
    $python bench/launch.py prepare --build "$build" || exit 1
    $python bench/sparse.py prepare --build "$build" --out .device-sparse || exit 1
  fi
  # More sparse cases (fresh seeds): the suite has one per value type.
  for k in 1 2 3 4 5 6 7 8; do
    $python test/Integration/Inputs/random_suite.py --arrayc "$build/bin/arrayc" \
      --target cuda --workdir .device/random-sparse/$k --only '^sparse' \
      --prepare > /dev/null || exit 1
  done
  # One compressed file travels more easily than ~300 MB of executables
  # (xz: about a quarter of gzip's size, under the 64 MiB a run carries).
  mkdir -p .device-pack
  tar -cf - .device .device-bench .device-sparse .device-interop | xz -6 -T0 > .device-pack/device.txz || exit 1
  du -sh .device .device-bench .device-sparse .device-interop .device-pack/device.txz
  ;;
run)
  out=${2:?usage: device-check.sh run OUT}
  mkdir -p "$out"
  unpack_and_find_libraries
  status=0
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/device.txt"
  # Sparse programs (cuSPARSE handles, pool buffers) under memcheck too.
  $python scripts/gpu_check.py run "$out" \
    --memcheck "${DEVICE_CHECK_MEMCHECK:-/sparse}" 2>&1 |
    tee "$out/gpu-check.txt" | tail -3
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  $python test/Integration/Inputs/random_suite.py --workdir .device/random --run \
    > "$out/random-suite.txt" 2>&1 || status=1
  tail -2 "$out/random-suite.txt"
  generated=test/Integration/Inputs/random_programs.py
  $python $generated --workdir .device/generated --run --quiet \
    > "$out/generated.txt" 2>&1 || status=1
  tail -12 "$out/generated.txt"
  # Again with every device allocation filled with 0xFF bytes first: a
  # result read from memory no kernel wrote differs from NumPy's then.
  mkdir -p "$out/poison"
  ARRAYRT_POISON_MEMORY=1 $python scripts/gpu_check.py run "$out/poison" \
    > "$out/poison/gpu-check.txt" 2>&1 || status=1
  echo "poisoned memory, gpu_check: $(tail -1 "$out/poison/gpu-check.txt")"
  ARRAYRT_POISON_MEMORY=1 $python $generated --workdir .device/generated \
    --run --quiet > "$out/poison/generated.txt" 2>&1 || status=1
  echo "poisoned memory, generated: $(grep -E 'programs:' "$out/poison/generated.txt" | tail -1)"
  # Every end-to-end program (unless DEVICE_CHECK_SANITIZE=0: then
  # `device-check.sh sanitize OUT`, a call of its own) and 200 generated
  # ones under each tool.
  if [ "${DEVICE_CHECK_SANITIZE:-1}" != 0 ]; then
    sanitize_suite "$out" || status=1
  fi
  for tool in memcheck racecheck initcheck; do
    $python $generated --workdir .device/generated --run --quiet --first 200 \
      --sanitizer $tool > "$out/generated-$tool.txt" 2>&1 || status=1
    echo "generated, $tool: $(grep -E '^(SANITIZER|MISMATCH|CRASH)' "$out/generated-$tool.txt" | head -3)$(grep -E 'programs|passed' "$out/generated-$tool.txt" | tail -1)"
  done
  for program in test_Integration__elementwise-vector test_Integration__unsigned \
                 test_Integration__gpu-reductions test_Integration__gpu-row-kernels \
                 examples__softmax; do
    (cd .device/bin && compute-sanitizer --tool memcheck --error-exitcode 3 \
       "./$program" > /dev/null 2> "$out/memcheck-$program.txt")
    code=$?
    echo "memcheck $program: exit $code, $(grep -c '=========' "$out/memcheck-$program.txt") sanitizer lines"
    [ $code = 0 ] || status=1
  done
  # Libraries called from C++ and Python on the callers' arrays and
  # streams, executables with arguments, bf16 files, the cost of a call.
  scripts/interop_check.sh run "$out/interop" > "$out/interop.txt" 2>&1 || status=1
  grep -E "OK|FAILED|error|_us" "$out/interop.txt" | head -40
  # Streams: many streams under memcheck, the two-stream overlap.
  $python scripts/streams_check.py run "$out/streams" .device/streams \
    > "$out/streams.txt" 2>&1 || status=1
  grep -E "^(memcheck|many_streams|overlap|stream-stress)" "$out/streams.txt"
  # User kernels: the examples against NumPy, under the sanitizers, and the
  # tiled transpose against cupy.RawModule with the same source.
  $python scripts/kernels_check.py --bin .device/kernels --out "$out/kernels" \
    --sanitizer-tools memcheck,racecheck,synccheck,initcheck > "$out/kernels.txt" 2>&1 || status=1
  grep -E "FAIL|ours|cupy|within|error" "$out/kernels.txt" | head -20
  tail -1 "$out/kernels.txt"
  if [ "${DEVICE_CHECK_BENCH:-1}" != 0 ]; then
    (cd .device-bench && $python run.py run --results "$out/bench" \
       --ours-max-seconds "${BENCH_OURS_SECONDS:-20}" 2>&1 | tail -32)
    # Matrix products (cuBLASLt) against CuPy and PyTorch.
    (cd .device-bench && $python run.py matmul --results "$out/bench" \
       2>&1 | tail -12)
    # Loops of small operations against PyTorch (eager, CUDA graph), CuPy.
    $python bench/launch.py run --results "$out/launch" 2>&1 | tail -4
    (cd .device-sparse && timeout 300 $python sparse.py run \
       --results "$out/sparse" 2>&1 | tail -24)
  fi
  # Allocation+free pairs per second and fragmentation, per allocator.
  timeout "${ALLOC_BENCH_SECONDS:-120}" .device/bin/arrayrt-alloc-bench pool async direct \
    > "$out/alloc-bench.txt" 2>&1 || status=1
  # CuPy's pool, timed the same way (from Python).
  $python bench/alloc_cupy.py >> "$out/alloc-bench.txt" 2>&1
  grep "alloc-bench:" "$out/alloc-bench.txt"
  # What the profiling hooks cost per kernel launch, off and on.
  timeout 60 .device/bin/arrayrt-hook-bench /tmp > "$out/hook-bench.txt" 2>&1 || status=1
  grep "hook-bench:" "$out/hook-bench.txt"
  exit $status
  ;;
sanitize)
  out=${2:?usage: device-check.sh sanitize OUT}
  mkdir -p "$out"
  unpack_and_find_libraries
  sanitize_suite "$out"
  exit $?
  ;;
run-sparse)
  out=${2:?usage: device-check.sh run-sparse OUT}
  mkdir -p "$out"
  unpack_and_find_libraries
  status=0
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  $python scripts/gpu_check.py run "$out" --memcheck /sparse \
    > "$out/gpu-check.txt" 2>&1 || status=1
  grep -E "sparse|^FAIL|passed" "$out/gpu-check.txt" | cut -c1-150
  $python test/Integration/Inputs/random_suite.py --workdir .device/random \
    --run > "$out/random-suite.txt" 2>&1 || status=1
  tail -1 "$out/random-suite.txt"
  for dir in .device/random-sparse/*; do
    $python test/Integration/Inputs/random_suite.py --workdir "$dir" --run \
      > "$out/random-sparse-${dir##*/}.txt" 2>&1 || status=1
    seed=$($python -c "import json; print(json.load(open('$dir/manifest.json'))['seed'])")
    echo "random sparse, seed $seed: $(grep -E '^FAIL' "$out/random-sparse-${dir##*/}.txt" | head -2 | cut -c1-300)$(tail -1 "$out/random-sparse-${dir##*/}.txt")"
  done
  if [ "${DEVICE_CHECK_BENCH:-1}" != 0 ]; then
    (cd .device-sparse && timeout 300 $python sparse.py run \
       --results "$out/sparse" > "$out/sparse.txt" 2>&1) || status=1
    grep -E "^(sparse-|check)" "$out/sparse.txt" | tail -4
    $python .device-sparse/sparse_summary.py "$out/sparse/sparse.json"
  fi
  exit $status
  ;;
prepare-persistent)
  # Everything with array-gpu-persistent-loops (and register loops) on,
  # as by default but named: the end-to-end suite, generated programs, and
  # the launch benchmarks and issue 7's CG both ways (the other with
  # --persistent-loops=false).
  build=${2:-build}
  [ -x /usr/bin/python3 ] && python=/usr/bin/python3  # NumPy is there
  flag=--persistent-loops
  $python scripts/gpu_check.py prepare "$build" --arrayc-flag "$flag" || exit 1
  for seed in 3001 3002; do
    $python test/Integration/Inputs/random_programs.py --arrayc "$build/bin/arrayc" \
      --target cuda --arrayc-flag=$flag --workdir .device/generated-$seed \
      --prepare --quiet --jobs 2 --seed $seed --count 200 || exit 1
  done
  rm -rf .device-bench && mkdir -p .device-bench
  $python bench/launch.py prepare --build "$build" --stage .device-bench/launch \
    --arrayc-flag=$flag || exit 1
  $python bench/launch.py prepare --build "$build" \
    --stage .device-bench/launch-launches --arrayc-flag=--persistent-loops=false || exit 1
  $python bench/launch.py prepare --build "$build" \
    --stage .device-bench/launch-persistent --arrayc-flag=$flag \
    --arrayc-flag=--register-loops=false || exit 1
  $python bench/sparse.py prepare --build "$build" --out .device-bench/sparse-on \
    --arrayc-flag=$flag || exit 1
  $python bench/sparse.py prepare --build "$build" --out .device-bench/sparse-off \
    --arrayc-flag=--persistent-loops=false || exit 1
  mkdir -p .device-pack
  tar -cf - .device .device-bench | xz -6 -T0 > .device-pack/device.txz || exit 1
  du -sh .device .device-bench .device-pack/device.txz
  ;;
run-persistent)
  out=${2:?usage: device-check.sh run-persistent OUT}
  mkdir -p "$out"
  unpack_and_find_libraries
  status=0
  # A deadlocked grid barrier hangs its program: a minute each at most.
  export GPU_CHECK_TIMEOUT=${GPU_CHECK_TIMEOUT:-60}
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/device.txt"
  # What one hand-written persistent CG costs (the grid barriers' price).
  nvcc -O3 -gencode=arch=compute_90a,code=sm_90a bench/micro/persistent_cg.cu \
    -o "$out/persistent_cg" && timeout 60 "$out/persistent_cg" | tee "$out/persistent_cg.txt"
  # The launch benchmarks with the option, and the CG one without it, in
  # the same run.
  timeout 200 $python bench/launch.py run --stage .device-bench/launch \
    --results "$out/launch" 2>&1 | tail -8
  timeout 60 $python bench/launch.py run --stage .device-bench/launch-launches \
    --results "$out/launch-launches" --only cg_poisson256_x1000 2>&1 | tail -4
  timeout 60 $python bench/launch.py run --stage .device-bench/launch-persistent \
    --results "$out/launch-persistent" --only cg_poisson256_x1000 2>&1 | tail -4
  # Issue 7's CG (4096 x 4096, too large for the persistent kernel: the
  # loop as before behind the size test) both ways, alternately.
  timeout 200 $python .device-bench/sparse-on/sparse.py cg-ab \
    --bin .device-bench/sparse-on/bin --other-bin .device-bench/sparse-off/bin \
    2>&1 | tail -2
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  $python scripts/gpu_check.py run "$out" \
    --memcheck "${DEVICE_CHECK_MEMCHECK:-loops|cg|while|graph|sparse}" 2>&1 |
    tee "$out/gpu-check.txt" | tail -3
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  generated=test/Integration/Inputs/random_programs.py
  for seed in 3001 3002; do
    timeout 150 $python $generated --workdir .device/generated-$seed --run --quiet --jobs 8 \
      > "$out/generated-$seed.txt" 2>&1 || status=1
    echo "generated $seed: $(grep -E '^(MISMATCH|CRASH)' "$out/generated-$seed.txt" | head -3)$(grep -E 'programs:' "$out/generated-$seed.txt" | tail -1)"
  done
  # The loop kernels under racecheck (and synccheck), each in a folder
  # with the inputs its NumPy lines write.
  $python scripts/gpu_check.py sanitize "$out/sanitize" --tools racecheck,synccheck \
    --only 'loops-(persistent|register)' --jobs 4 > "$out/sanitize.txt" 2>&1 || status=1
  grep -E "^(PASS|FAIL)" "$out/sanitize.txt"
  exit $status
  ;;
prepare-sharded)
  # Sharded programs for the CUDA target on one process (NCCL with one
  # rank): the sharded examples and end-to-end programs, compiled with
  # --processes=1, and the MPI runtime they link (Open MPI's libraries and
  # components: the GPU machine has none of its own).
  build=${2:-build}
  rm -rf .device-sharded && mkdir -p .device-sharded/bin .device-sharded/src \
    .device-sharded/lib || exit 1
  for program in examples/sharded/*.mlir test/Integration/sharded*.mlir; do
    name=$(basename "$program" .mlir)
    sed 's/shape = [0-9][0-9]*)/shape = ?)/' "$program" > .device-sharded/src/$name.mlir
    "$build/bin/arrayc" --processes=1 .device-sharded/src/$name.mlir \
      -o .device-sharded/bin/$name || exit 1
  done
  for library in $(ldd .device-sharded/bin/cg | awk '/=>/ {print $3}' |
                   grep -vE '/lib(c|m)\.so'); do
    cp -L "$library" .device-sharded/lib/ || exit 1
  done
  cp -r "$(dirname "$(ldd .device-sharded/bin/cg | awk '/libmpi.so/ {print $3}')")/openmpi/lib/openmpi3" \
    .device-sharded/openmpi || exit 1
  # The all-reduce and scaling benchmarks (bench/sharded.py).
  $python bench/sharded.py prepare --build "$build" \
    --stage .device-sharded/bench --gpus "${SHARDED_BENCH_GPUS:-1,2,4,8}" || exit 1
  mkdir -p .device-pack
  tar -cf - .device-sharded | xz -6 -T0 > .device-pack/sharded.txz || exit 1
  du -sh .device-sharded .device-pack/sharded.txz
  ;;
run-sharded)
  # There: each program on one process (one NCCL rank) against NumPy.
  out=${2:?usage: device-check.sh run-sharded OUT}
  mkdir -p "$out"
  if [ -f .device-pack/sharded.txz ]; then
    rm -rf .device-sharded &&
      $python -c "import tarfile; tarfile.open('.device-pack/sharded.txz').extractall()" ||
      exit 1
  fi
  root=$PWD/.device-sharded
  export LD_LIBRARY_PATH=$root/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export OMPI_MCA_mca_base_component_path=$root/openmpi
  # One process started without mpirun: no Open MPI daemon.
  export OMPI_MCA_ess_singleton_isolated=1
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  if [ -z "${ARRAYRT_NCCL_LIB:-}" ] && ! ldconfig -p | grep -q libnccl.so.2; then
    nccl=$($python -c "import nvidia.nccl, os; print(os.path.join(list(nvidia.nccl.__path__)[0], 'lib', 'libnccl.so.2'))" 2>/dev/null)
    [ -f "$nccl" ] || nccl=$(find / -name libnccl.so.2 -not -path '/proc/*' 2>/dev/null | head -1)
    [ -n "$nccl" ] && export ARRAYRT_NCCL_LIB=$nccl
  fi
  echo "NCCL: ${ARRAYRT_NCCL_LIB:-libnccl.so.2 from the library path}"
  status=0
  for source in "$root"/src/*.mlir; do
    name=$(basename "$source" .mlir)
    work=$out/$name && mkdir -p "$work"
    (cd "$work" && $python "$OLDPWD/test/Integration/numpy_ref.py" "$source" > ref.txt &&
      timeout 60 "$root/bin/$name" > out.txt 2> err.txt &&
      $python "$OLDPWD/test/Integration/numpy_ref.py" --compare out.txt "$source" \
        > compare.txt 2>&1)
    if [ $? = 0 ]; then echo "PASS $name"; else echo "FAIL $name"; tail -5 "$work"/err.txt "$work"/compare.txt; status=1; fi
  done
  # The loops' collectives inside their CUDA graphs: each region's counts
  # (ARRAYRT_GRAPHS=2), and the same results with graphs off.
  for name in cg sharded-while; do
    work=$out/$name
    (cd "$work" && ARRAYRT_GRAPHS=2 timeout 60 "$root/bin/$name" > graphs.txt 2> graphs-err.txt)
    echo "graph regions of $name:"; grep "runs, " "$work/graphs-err.txt" | head -6
    (cd "$work" && ARRAYRT_GRAPHS=0 timeout 60 "$root/bin/$name" > out-nographs.txt &&
      $python "$OLDPWD/test/Integration/numpy_ref.py" --compare out-nographs.txt "$root/src/$name.mlir" \
        > /dev/null 2>&1 && cmp -s out.txt out-nographs.txt) &&
      echo "PASS $name with ARRAYRT_GRAPHS=0 (same output)" ||
      { echo "FAIL $name with ARRAYRT_GRAPHS=0"; status=1; }
  done
  # Ours against NCCL's own all-reduce, and the scaling, on the GPUs here.
  timeout 900 $python bench/sharded.py run --stage "$root/bench" \
    --results "$out/bench" 2>&1 | tail -12
  exit $status
  ;;
*)
  sed -n '2,45p' "$0"
  exit 2
  ;;
esac
