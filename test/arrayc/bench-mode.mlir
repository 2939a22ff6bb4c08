// ARRAYRT_BENCH runs the program W+N times and reports N timings as JSON;
// ARRAYRT_PROFILE prints a table of the device operations, and on the CPU
// of each op's host time (Integration/profile-host.mlir has the details).
// On the CPU the benchmark's timer is the host clock. A CUDA executable, run
// here against the fake driver (runtime/test/FakeDriver.cpp, which runs no
// kernel), times its kernels and copies with CUDA events; its trace has no
// host spans.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -f %t.json
// RUN: env ARRAYRT_BENCH=3 ARRAYRT_BENCH_WARMUP=1 ARRAYRT_BENCH_OUT=%t.json %t.cpu > %t.out
// RUN: FileCheck %s --check-prefix=FOUR --input-file=%t.out
// RUN: %numpy-python %S/Inputs/check_bench_json.py %t.json --timer host-clock --iterations 3 --warmup 1
//
// The report goes to stderr without ARRAYRT_BENCH_OUT; warm-up defaults to 3.
// RUN: env ARRAYRT_BENCH=2 %t.cpu 2>&1 >/dev/null | %numpy-python %S/Inputs/check_bench_json.py - --timer host-clock --iterations 2 --warmup 3
// ARRAYRT_BENCH_MAX_SECONDS stops after one warm-up and one timed run here.
// RUN: env ARRAYRT_BENCH=25 ARRAYRT_BENCH_MAX_SECONDS=0.000001 ARRAYRT_BENCH_OUT=%t.max.json %t.cpu | FileCheck %s --check-prefix=TWO
// RUN: %numpy-python %S/Inputs/check_bench_json.py %t.max.json --timer host-clock --iterations 1 --warmup 1 --requested 25
// RUN: env ARRAYRT_BENCH=0 ARRAYRT_BENCH_WARMUP=5 %t.cpu 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: env ARRAYRT_PROFILE=1 %t.cpu 2>&1 | FileCheck %s --check-prefix=CPUPROFILE
//
// Bad settings stop the program before it runs.
// RUN: env ARRAYRT_BENCH=3x not %t.cpu > %t.bad.out 2> %t.bad.err
// RUN: count 0 < %t.bad.out
// RUN: FileCheck %s --check-prefix=BADBENCH --input-file=%t.bad.err
// RUN: env ARRAYRT_BENCH=3 ARRAYRT_BENCH_WARMUP=-1 not %t.cpu 2>&1 | FileCheck %s --check-prefix=BADWARMUP
// RUN: env ARRAYRT_PROFILE=on not %t.cpu 2>&1 | FileCheck %s --check-prefix=BADPROFILE
// RUN: env ARRAYRT_BENCH=3 ARRAYRT_BENCH_MAX_SECONDS=soon not %t.cpu 2>&1 | FileCheck %s --check-prefix=BADMAX
// RUN: env ARRAYRT_BENCH=1 ARRAYRT_BENCH_OUT=%t.missing/r.json not %t.cpu > %t.badout.out 2> %t.badout.err
// RUN: count 0 < %t.badout.out
// RUN: FileCheck %s --check-prefix=BADOUT --input-file=%t.badout.err
//
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver ARRAYRT_BENCH=2 ARRAYRT_BENCH_WARMUP=1 ARRAYRT_BENCH_OUT=%t.cuda.json ARRAYRT_PROFILE=1 %t.cuda > %t.cuda.out 2> %t.cuda.err
// RUN: %numpy-python %S/Inputs/check_bench_json.py %t.cuda.json --timer cuda-events --iterations 2 --warmup 1 --operation kernel:array.div --operation copy-dtoh:copy
// RUN: FileCheck %s --check-prefix=CUDAPROFILE --input-file=%t.cuda.err
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver ARRAYRT_TRACE=%t.cuda.trace.json %t.cuda > /dev/null
// RUN: %numpy-python %S/../Integration/Inputs/check_host_trace.py %t.cuda.trace.json --no-host

// FOUR-COUNT-4: [0.5 1.  1.5]
// FOUR-NOT: {{.}}
// TWO-COUNT-2: [0.5 1.  1.5]
// TWO-NOT: {{.}}
// ONCE: [0.5 1.  1.5]
// ONCE-NOT: {{.}}
// CPUPROFILE: [0.5 1.  1.5]
// CPUPROFILE-NEXT: arrayrt profile: 1 run of the program, host times from the steady clock (nothing was queued on a GPU)
// CPUPROFILE-NEXT: host time by op, on the thread that ran the program:
// CPUPROFILE: array.div @ {{.*}}bench-mode.mlir:{{[0-9]+}}:8
// CPUPROFILE: host time in ops:
// BADBENCH: arrayrt: error: ARRAYRT_BENCH must be the number of timed iterations, a whole number from 0 (off) to 1000000, but is '3x'
// BADWARMUP: arrayrt: error: ARRAYRT_BENCH_WARMUP must be the number of untimed iterations, a whole number from 0 to 1000000, but is '-1'
// BADPROFILE: arrayrt: error: ARRAYRT_PROFILE must be 1 (on) or 0 (off), but is 'on'
// BADMAX: arrayrt: error: ARRAYRT_BENCH_MAX_SECONDS must be a positive number of seconds, but is 'soon'
// BADOUT: arrayrt: error: cannot write the benchmark report to '{{.*}}r.json' (ARRAYRT_BENCH_OUT): No such file or directory
// CUDAPROFILE: arrayrt profile: 2 runs of the program (1 warm-up run not counted), device times from CUDA events
// CUDAPROFILE-NEXT: share     total ms     calls      mean us      GB/s  name
// The kernel is named after the array op that launched it, with the bytes
// of its buffers (three f32 elements in, three out) over its time.
// CUDAPROFILE-NEXT: 100.0% {{[0-9. ]+}} array.div @ {{.*}}bench-mode.mlir:{{[0-9]+}}:8
// CUDAPROFILE: device time: {{[0-9.]+}} ms in all, {{[0-9.]+}} ms per run
// CUDAPROFILE: copy DtoH
// CUDAPROFILE: host<->device transfers (not device time)

func.func @main() {
  %a = array.arange 1, 4, 1 : tensor<3xi64>
  %h = array.astype %a : tensor<3xi64> -> tensor<3xf32>
  %two = array.full 2.0 : tensor<f32>
  %b = array.div %h, %two : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  array.print %b : tensor<3xf32>
  return
}
