//===- ArrayShapeOps.td - array shape ops ------------------*- tablegen -*-===//
//
// NumPy's shape manipulation: reshape, transpose, broadcast_to, expand_dims,
// squeeze, basic slicing, concatenate, stack, pad and take. None of them
// computes anything: each moves or selects elements. Axes may be negative
// and count from the end, as in NumPy; the verifiers check them against the
// rank and say which rank they were checked against.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYSHAPEOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYSHAPEOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Ops with one operand and one result, written `%a ... : T -> R`.
class Array_ShapeOp<string mnemonic, list<Trait> traits = []>
    : Array_Op<mnemonic, !listconcat(traits, [Pure])> {
  let results = (outs Array_Tensor:$result);
  let hasVerifier = 1;
}

def Array_ReshapeOp : Array_ShapeOp<"reshape"> {
  let summary = "Gives an array a new shape with the same elements "
                "(`numpy.reshape`, C order).";
  let description = [{
    Returns the elements of `operand`, read in row-major (C) order, in the
    static shape of the result. The element counts must agree. The operand
    may have dynamic dimensions; its element count is then checked at run
    time, and a mismatch stops the program with the op's location. The
    result shape is always static (NumPy's `-1` is resolved by the writer of
    the result type).

    ```mlir
    %0 = array.reshape %a : tensor<4x3xf32> -> tensor<2x6xf32>
    %1 = array.reshape %v : tensor<?xi64> -> tensor<3x4xi64>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  // reshape(reshape(x)) is reshape(x); a reshape to the same type is x.
  let hasFolder = 1;
}

def Array_TransposeOp : Array_ShapeOp<"transpose"> {
  let summary = "Permutes the axes of an array (`numpy.transpose`).";
  let description = [{
    Result axis `i` is operand axis `permutation[i]`. Without a
    permutation the axes are reversed, as NumPy does when `axes` is None.

    ```mlir
    %0 = array.transpose %a : tensor<4x3xf32> -> tensor<3x4xf32>
    %1 = array.transpose %b permutation [1, 0, 2] : tensor<2x?x5xf64> -> tensor<?x2x5xf64>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand,
                       OptionalAttr<DenseI64ArrayAttr>:$permutation);
  let assemblyFormat = [{
    $operand (`permutation` $permutation^)? attr-dict `:` type($operand)
    `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The permutation, with NumPy's default (reversed axes) filled in.
    ::llvm::SmallVector<int64_t> getEffectivePermutation();
  }];
  // transpose(transpose(x)) is one transpose, or x; the identity
  // permutation is x.
  let hasFolder = 1;
}

def Array_BroadcastToOp : Array_ShapeOp<"broadcast_to"> {
  let summary = "Broadcasts an array to a larger shape "
                "(`numpy.broadcast_to`).";
  let description = [{
    Repeats `operand` along the result's leading axes and along its own
    axes of static size 1, under NumPy's broadcasting rules (operand axes
    align with the trailing result axes). A dynamic operand axis is never
    stretched: it must equal the result's size, which is checked at run
    time where the result size is static. A dynamic result axis takes its
    size from the operand axis aligned with it, which must be dynamic too.

    ```mlir
    %0 = array.broadcast_to %a : tensor<3xf32> -> tensor<4x3xf32>
    %1 = array.broadcast_to %b : tensor<?x1xi32> -> tensor<2x?x5xi32>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  // broadcast_to(broadcast_to(x)) is broadcast_to(x); to the same type, x.
  let hasFolder = 1;
}

def Array_ExpandDimsOp : Array_ShapeOp<"expand_dims"> {
  let summary = "Inserts an axis of size 1 (`numpy.expand_dims`).";
  let description = [{
    The result has the operand's axes with a new axis of size 1 at position
    `axis` of the result. A negative axis counts from the end of the
    result: `-1` appends the new axis.

    ```mlir
    %0 = array.expand_dims %a axis 0 : tensor<3xf32> -> tensor<1x3xf32>
    %1 = array.expand_dims %a axis -1 : tensor<3xf32> -> tensor<3x1xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand, I64Attr:$axis);
  let assemblyFormat = [{
    $operand `axis` $axis attr-dict `:` type($operand) `->` type($result)
  }];
}

def Array_SqueezeOp : Array_ShapeOp<"squeeze"> {
  let summary = "Removes axes of size 1 (`numpy.squeeze`).";
  let description = [{
    Removes the operand axes listed in `axes`, each of which must have
    static size 1. Without `axes`, removes every axis of static size 1 (a
    dynamic axis is never assumed to be 1).

    ```mlir
    %0 = array.squeeze %a : tensor<1x3x1xf32> -> tensor<3xf32>
    %1 = array.squeeze %a axes [-1] : tensor<1x3x1xf32> -> tensor<1x3xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let assemblyFormat = [{
    $operand (`axes` $axes^)? attr-dict `:` type($operand) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The squeezed axes, normalized and sorted, with NumPy's default (every
    /// static size-1 axis) filled in.
    ::llvm::SmallVector<int64_t> getEffectiveAxes();
  }];
}

def Array_SliceOp : Array_ShapeOp<"slice"> {
  let summary = "Selects a strided sub-array, as basic slicing `a[1:7:2, ::-1]` "
                "does (`numpy.ndarray.__getitem__` with slices).";
  let description = [{
    Each operand axis takes a Python slice `start:stop:step`; any part may
    be omitted, negative `start`/`stop` count from the end, a negative
    `step` walks backwards, and axes not listed are taken whole. The parser
    resolves the slices against the operand shape as Python's
    `slice.indices` does and stores the result (`start`, `stop`, `step`,
    with `stop = -1` meaning "through index 0" for a negative step); the
    result size of each axis is the slice's length. The operand shape must
    be static for now.

    ```mlir
    %0 = array.slice %a [1:7:2, ::-1] : tensor<8x4xf32> -> tensor<3x4xf32>
    %1 = array.slice %a [-2:] : tensor<8x4xf32> -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand, DenseI64ArrayAttr:$start,
                       DenseI64ArrayAttr:$stop, DenseI64ArrayAttr:$step);
  let hasCustomAssemblyFormat = 1;
}

def Array_ConcatenateOp : Array_Op<"concatenate", [Pure]> {
  let summary = "Joins arrays along an existing axis (`numpy.concatenate`).";
  let description = [{
    The operands have the same rank and agree in every axis but `axis`
    (default 0; negative counts from the end). The result element type is
    the NumPy promotion of the operands' element types. A dynamic size that
    meets another size in a non-concatenated axis must equal it at run time.

    ```mlir
    %0 = array.concatenate %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
    %1 = array.concatenate %a, %c axis 1 : (tensor<2x3xf32>, tensor<2x1xf64>) -> tensor<2x4xf64>
    ```
  }];
  let arguments = (ins Variadic<Array_Tensor>:$inputs,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $inputs (`axis` $axis^)? attr-dict `:` functional-type($inputs, $result)
  }];
  let hasVerifier = 1;
}

def Array_StackOp : Array_Op<"stack", [Pure]> {
  let summary = "Joins arrays of one shape along a new axis (`numpy.stack`).";
  let description = [{
    The operands have the same shape; the result has a new axis at position
    `axis` of the result (default 0; negative counts from the end of the
    result) whose size is the number of operands. The result element type
    is the NumPy promotion of the operands' element types.

    ```mlir
    %0 = array.stack %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = array.stack %a, %b axis -1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Variadic<Array_Tensor>:$inputs,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $inputs (`axis` $axis^)? attr-dict `:` functional-type($inputs, $result)
  }];
  let hasVerifier = 1;
}

def Array_PadOp : Array_ShapeOp<"pad"> {
  let summary = "Pads an array with a constant (`numpy.pad`, "
                "`mode='constant'`).";
  let description = [{
    Adds `low[i]` elements before and `high[i]` elements after axis `i`,
    all equal to `value` (default 0), as
    `numpy.pad(a, [(low[0], high[0]), ...], constant_values=value)` does.
    Widths are non-negative. The value is written without a type, as in
    `array.full`, and takes the element type.

    ```mlir
    %0 = array.pad %a low [1, 0] high [0, 2] value 1.5 : tensor<2x3xf32> -> tensor<3x5xf32>
    %1 = array.pad %v low [2] high [2] : tensor<?xi32> -> tensor<?xi32>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand, DenseI64ArrayAttr:$low,
                       DenseI64ArrayAttr:$high, TypedAttrInterface:$value);
  let hasCustomAssemblyFormat = 1;
}

def Array_TakeOp : Array_Op<"take", [Pure]> {
  let summary = "Gathers elements along an axis by index (`numpy.take`, "
                "`mode='clip'`).";
  let description = [{
    Selects slices of `operand` along `axis` at the positions in `indices`
    (i32 or i64, any shape). The result shape is the operand shape with
    axis `axis` replaced by the shape of `indices`:
    `a.shape[:axis] + indices.shape + a.shape[axis+1:]`.

    Out-of-range indices are clipped, as with NumPy's `mode='clip'`: an
    index below 0 (including every negative index) reads position 0, one
    past the end reads the last position. NumPy's default mode raises
    instead; compiled code never traps on an index.

    ```mlir
    %0 = array.take %a, %i axis 0 : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
    %1 = array.take %a, %j axis 1 : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<5x2x2xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$operand,
                       RankedTensorOf<[I32, I64]>:$indices, I64Attr:$axis);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices `axis` $axis attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYSHAPEOPS_TD
