//===- ArrayProfileOps.td - named ranges for profilers ------*- tablegen -*-===//
//
// Ops that mark the structure of a program for profilers: Nsight Systems
// (NVTX ranges), ARRAYRT_PROFILE and ARRAYRT_TRACE.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYPROFILEOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYPROFILEOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Dialect/GPU/IR/GPUBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The range ops take part in the stream order of the GPU work around them
// (gpu::AsyncOpInterface): `array-gpu-streams` queues them on their stream
// instead of synchronizing with the host as it would before a call, so a
// range costs no synchronization. They write the default memory resource,
// which keeps them in program order with the ops that print or save.
class Array_RangeOp<string mnemonic>
    : Array_Op<mnemonic, [GPU_AsyncOpInterface, MemoryEffects<[MemWrite]>]> {
  let results = (outs Optional<GPU_AsyncToken>:$asyncToken);
}

def Array_RangePushOp : Array_RangeOp<"range_push"> {
  let summary = "Opens a named range of the program for profilers.";
  let description = [{
    Opens a range named `name` that the next `array.range_pop` (in program
    order on the same thread) closes; ranges nest. A profiler sees it as:

    - an NVTX range of that name (Nsight Systems shows the program's
      structure around the ranges the runtime opens for each array op);
    - with `ARRAYRT_PROFILE=1`, a row of the table under "ranges": its calls
      and the device span of the work queued inside (first start to last
      end; on the CPU target, or without device work, the host time);
    - with `ARRAYRT_TRACE=trace.json`, an event on the trace's ranges
      track.

    With profiling off it costs one test of a flag in the runtime.
    `convert-array-to-runtime` (CPU) and `array-gpu-op-context` (CUDA, after
    `array-gpu-streams` has given it a place in the stream order) lower it to
    `arrayrt_range_push`. The async dependencies and token exist for that
    placement; programs write neither.

    ```mlir
    array.range_push "normalize"
    %m = array.max %x axes [1] keepdims : tensor<4x8xf32> -> tensor<4x1xf32>
    %y = array.sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    array.range_pop
    ```
  }];
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       StrAttr:$name);
  let assemblyFormat = [{
    $name (` ` `[` $asyncDependencies^ `]`)? attr-dict
    (`:` type($asyncToken)^)?
  }];
  let hasVerifier = 1;
}

def Array_RangePopOp : Array_RangeOp<"range_pop"> {
  let summary = "Closes the innermost open range of the program.";
  let description = [{
    Closes the range the last unclosed `array.range_push` opened; see
    there. A pop without an open range is ignored at run time. Lowered to
    `arrayrt_range_pop`.

    ```mlir
    array.range_push "step"
    array.range_pop
    ```
  }];
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies);
  let assemblyFormat = [{
    (` ` `[` $asyncDependencies^ `]`)? attr-dict (`:` type($asyncToken)^)?
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYPROFILEOPS_TD
