//===- ArrayProfileOps.td - named ranges for profilers ------*- tablegen -*-===//
//
// Ops that mark the structure of a program for profilers: Nsight Systems
// (NVTX ranges), ARRAYRT_PROFILE and ARRAYRT_TRACE.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYPROFILEOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYPROFILEOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The range ops write the default memory resource, which keeps them in
// program order with the ops that print or save.
class Array_RangeOp<string mnemonic>
    : Array_Op<mnemonic, [MemoryEffects<[MemWrite]>]>;

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
    - with `ARRAYRT_TRACE=trace.json`, when device work was queued
      inside, an event on the trace's ranges track.

    With profiling off it costs one test of a flag in the runtime.
    `convert-array-to-linalg` turns it into `arrayrt.range_push`, which
    `convert-arrayrt-to-calls` lowers to `arrayrt_range_push`; on the CUDA
    target it uses no buffer, so `array-gpu-streams` adds no
    synchronization for it.

    ```mlir
    array.range_push "normalize"
    %m = array.max %x axes [1] keepdims : tensor<4x8xf32> -> tensor<4x1xf32>
    %y = array.sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    array.range_pop
    ```
  }];
  let arguments = (ins StrAttr:$name);
  let assemblyFormat = "$name attr-dict";
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
  let assemblyFormat = "attr-dict";
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYPROFILEOPS_TD
