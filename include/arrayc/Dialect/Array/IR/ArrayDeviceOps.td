//===- ArrayDeviceOps.td - queries of the GPU a program runs on -*- tablegen -*-===//
//
// Ops that the GPU lowering creates to size its kernels for the device the
// program runs on (not known when it is compiled).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYDEVICEOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYDEVICEOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Array_MultiprocessorCountOp : Array_Op<"multiprocessor_count", [Pure]> {
  let summary = "The number of streaming multiprocessors of the GPU.";
  let description = [{
    The number of SMs of the GPU the program runs on (132 on an H100 or
    H200 SXM), read once from the driver. `array-gpu-map-linalg` sizes
    grid-stride kernels with it so that all their blocks run in one wave;
    `convert-array-to-runtime` lowers it to `arrayrt_multiprocessor_count`.
    Host code only, on the CUDA target.

    ```mlir
    %sms = array.multiprocessor_count : index
    ```
  }];
  let results = (outs Index:$count);
  let assemblyFormat = "attr-dict `:` type($count)";
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYDEVICEOPS_TD
