// ARRAYRT_PROFILE and ARRAYRT_TRACE on a CPU program: the host time of each
// op (array-cpu-profile-spans brackets each op's work; the runtime times the
// spans on the thread that runs them), named as the CUDA target's profile
// names kernels. See docs/profiling.md.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: env ARRAYRT_PROFILE=1 %t.cpu > %t.out 2> %t.profile
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=PROFILE --input-file=%t.profile
// RUN: env ARRAYRT_TRACE=%t.trace.json %t.cpu > /dev/null
// RUN: %numpy-python %S/Inputs/check_host_trace.py %t.trace.json --span "array.random_normal @ =1" --span "array.matmul @ =1" --span "array.max @ =3" --span "array.div @ =3" --span "array.sum @ =1" --span "array.print @ =1" --span "array.save_npy @ =1" | FileCheck %s --check-prefix=TRACE
// Under ARRAYRT_BENCH the table covers the timed runs only.
// RUN: env ARRAYRT_BENCH=2 ARRAYRT_BENCH_WARMUP=1 ARRAYRT_BENCH_OUT=%t.json ARRAYRT_PROFILE=1 %t.cpu 2>&1 > /dev/null | FileCheck %s --check-prefix=BENCH
// RUN: %numpy-python %S/../arrayc/Inputs/check_bench_json.py %t.json --timer host-clock --iterations 2 --warmup 1

// OUT: {{^-?[0-9]}}

// PROFILE: arrayrt profile: 1 run of the program, host times from the steady clock (nothing was queued on a GPU)
// PROFILE-NEXT: host time by op, on the thread that ran the program:
// PROFILE-NEXT: {{^}}  share     total ms     calls      mean us  name{{$}}
// PROFILE-DAG: {{^ +[0-9.]+% +[0-9.]+ +1 +[0-9.]+  }}array.random_normal @ {{.*}}profile-host.mlir:39:8{{$}}
// PROFILE-DAG: {{^ +[0-9.]+% +[0-9.]+ +1 +[0-9.]+  }}array.matmul @ {{.*}}profile-host.mlir:40:8{{$}}
// PROFILE-DAG: {{^ +[0-9.]+% +[0-9.]+ +3 +[0-9.]+  }}array.max @ {{.*}}profile-host.mlir:48:10{{$}}
// PROFILE-DAG: {{^ +[0-9.]+% +[0-9.]+ +3 +[0-9.]+  }}array.div @ {{.*}}profile-host.mlir:49:10{{$}}
// PROFILE-DAG: {{^ +[0-9.]+% +[0-9.]+ +1 +[0-9.]+  }}array.sum @ {{.*}}profile-host.mlir:53:8{{$}}
// PROFILE-DAG: {{^ +[0-9.]+% +[0-9.]+ +1 +[0-9.]+  }}array.print @ {{.*}}profile-host.mlir:54:3{{$}}
// PROFILE-DAG: {{^ +[0-9.]+% +[0-9.]+ +1 +[0-9.]+  }}array.save_npy @ {{.*}}profile-host.mlir:55:3{{$}}
// PROFILE: host time in ops: {{[0-9.]+}} ms in all, {{[0-9.]+}} ms per run ({{[0-9.]+}}% of the runs' wall time)
// PROFILE-NEXT: ranges (first start to last end of the device work queued inside; host time without any):
// PROFILE-NEXT: {{^ +- +[0-9.]+ +1 +[0-9.]+ +-  }}steps{{$}}
// PROFILE-NOT: {{.}}

// TRACE: track 1: program thread (tid {{[0-9]+}}), 11 spans

// BENCH: arrayrt profile: 2 runs of the program (1 warm-up run not counted), host times from the steady clock (nothing was queued on a GPU)
// BENCH: {{^ +[0-9.]+% +[0-9.]+ +6 +[0-9.]+  }}array.max @

func.func @main() {
  %x = array.random_normal seed 3 : tensor<96x96xf32>
  %y = array.matmul %x, %x : (tensor<96x96xf32>, tensor<96x96xf32>) -> tensor<96x96xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  array.range_push "steps"
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %y) -> (tensor<96x96xf32>) {
    // A reduction that feeds back: a kernel per op and iteration. The loop
    // carries the division's new buffer as it is (no copy at the yield).
    %m = array.max %t : tensor<96x96xf32> -> tensor<f32>
    %e = array.div %t, %m : (tensor<96x96xf32>, tensor<f32>) -> tensor<96x96xf32>
    scf.yield %e : tensor<96x96xf32>
  }
  array.range_pop
  %s = array.sum %r : tensor<96x96xf32> -> tensor<f32>
  array.print %s : tensor<f32>
  array.save_npy %r, "r.npy" : tensor<96x96xf32>
  return
}
