// A host loop whose body queues several operations runs as CUDA graphs:
// compiled for the CUDA target and run against the fake driver, which
// captures and replays graphs (kernels do nothing there; only the runtime's
// recording, keys and replays are tested). FAKE_CUDA_PARAM_BYTES tells the
// fake driver the kernels' parameters are 8 bytes each (pointers, indices).
// The loop's arrays are small: --persistent-loops=false (the default) keeps
// it a loop of launches rather than one persistent kernel.
// RUN: arrayc --target=cuda --persistent-loops=false %s -o %t.cuda
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver FAKE_CUDA_PARAM_BYTES=8 ARRAYRT_GRAPHS=2 %t.cuda 2>&1 >/dev/null | FileCheck %s
// Every run is recorded, the first too (looking up the kernels and growing
// the pool do not end a recording); the buffers the loop carries are new
// each iteration, and the pool's addresses for them settle into a cycle
// after a few runs: five graphs, replayed.
// CHECK: arrayrt: graph main: scf.for at {{.*}}graphs-fake.mlir:[[@LINE+21]]:{{[0-9]+}}: 100 runs, 95 replayed, 5 captured (0 into an existing graph), 0 not recorded{{$}}
// Off: nothing is recorded.
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver FAKE_CUDA_PARAM_BYTES=8 ARRAYRT_GRAPHS=0 ARRAYRT_BENCH=1 ARRAYRT_BENCH_OUT=%t.off.json %t.cuda > /dev/null
// RUN: FileCheck %s --check-prefix=OFF < %t.off.json
// OFF-NOT: "kind": "graph"
// OFF: "name": "array.sum @ {{.*}}", "kind": "kernel", "calls": 100
// Under ARRAYRT_BENCH a replay is one timed operation.
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver FAKE_CUDA_PARAM_BYTES=8 ARRAYRT_BENCH=1 ARRAYRT_BENCH_OUT=%t.on.json %t.cuda > /dev/null
// RUN: FileCheck %s --check-prefix=BENCH < %t.on.json
// BENCH: "name": "graph main: scf.for at {{.*}}", "kind": "graph", "calls": 100
// Per-operation profiling times every kernel: no graphs.
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver FAKE_CUDA_PARAM_BYTES=8 ARRAYRT_PROFILE=1 ARRAYRT_GRAPHS=2 %t.cuda 2>&1 >/dev/null | FileCheck %s --check-prefix=PROFILE
// PROFILE: {{ +[0-9.]+% +[0-9.]+ +}}100 {{.*}} array.sum @
// PROFILE-NOT: arrayrt: graph

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100 : index
  %a0 = array.full 1.0 : tensor<1000xf32>
  %b0 = array.full 0.5 : tensor<37xf32>
  %a, %b = scf.for %i = %c0 to %n step %c1 iter_args(%ai = %a0, %bi = %b0) -> (tensor<1000xf32>, tensor<37xf32>) {
    %sa = array.sum %ai : tensor<1000xf32> -> tensor<f32>
    %b2 = array.mul %bi, %sa : (tensor<37xf32>, tensor<f32>) -> tensor<37xf32>
    %sb = array.sum %b2 : tensor<37xf32> -> tensor<f32>
    %a2 = array.sub %ai, %sb : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
    scf.yield %a2, %b2 : tensor<1000xf32>, tensor<37xf32>
  }
  array.print %b : tensor<37xf32>
  return
}
