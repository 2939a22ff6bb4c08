//===- ArrayIOOps.td - array input and output ops ----------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYIOOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYIOOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Array_PrintOp : Array_Op<"print",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Prints an array to standard output as NumPy's `print` does.";
  let description = [{
    Writes the elements of `input` to standard output, followed by a newline,
    in the format of NumPy's `print(a)` (`str(a)` with default print
    options). Before bufferization the operand is a tensor; bufferization
    turns it into a buffer, which the lowering hands to the runtime.

    ```mlir
    array.print %0 : tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Array_TensorOrBuffer:$input);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYIOOPS_TD
