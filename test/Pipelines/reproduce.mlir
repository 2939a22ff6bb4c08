// Every step of both pipelines can be replayed with array-opt: the textual
// pipeline array-opt prints gives the same output as the registered one.
// RUN: array-opt %s --array-to-cpu-pipeline -o %t.cpu.registered
// RUN: array-opt %s --array-to-cpu-pipeline --dump-pass-pipeline -o /dev/null 2>&1 | tail -n +2 | tr -d '\n' > %t.cpu.pipeline
// RUN: bash -c 'array-opt %s --pass-pipeline="$(cat %t.cpu.pipeline)" -o %t.cpu.replayed'
// RUN: diff %t.cpu.registered %t.cpu.replayed
// RUN: array-opt %s --array-to-cuda-pipeline="format=isa" -o %t.cuda.registered
// RUN: array-opt %s --array-to-cuda-pipeline="format=isa" --dump-pass-pipeline -o /dev/null 2>&1 | tail -n +2 | tr -d '\n' > %t.cuda.pipeline
// RUN: bash -c 'array-opt %s --pass-pipeline="$(cat %t.cuda.pipeline)" -o %t.cuda.replayed'
// RUN: FileCheck %s --input-file=%t.cuda.pipeline
// RUN: diff <(sed 's/properties = {[^}]*}//' %t.cuda.registered) <(sed 's/properties = {[^}]*}//' %t.cuda.replayed)

// CHECK: array-flatten-stream-regions
// CHECK-SAME: convert-array-to-linalg
// CHECK-SAME: one-shot-bufferize
// CHECK-SAME: array-gpu-map-linalg
// CHECK-SAME: array-gpu-device-memory
// CHECK-SAME: gpu-kernel-outlining
// CHECK-SAME: array-gpu-streams
// CHECK-SAME: array-gpu-op-context
// CHECK-SAME: convert-arrayrt-to-calls
// CHECK-SAME: nvvm-attach-target
// CHECK-SAME: gpu-to-llvm
// CHECK-SAME: gpu-module-to-binary

func.func @main() {
  %a = array.full 2.0 : tensor<8xf32>
  %b = array.exp %a : tensor<8xf32>
  array.print %b : tensor<8xf32>
  return
}
