//===- ArrayOps.td - array dialect operations --------------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

// Checks that the operands broadcast to the result shape under NumPy rules
// and share one element type. Implemented once in C++ (Broadcast.cpp).
def Array_Broadcastable : NativeOpTrait<"Broadcastable"> {
  let cppNamespace = "::mlir::array::OpTrait";
}

//===----------------------------------------------------------------------===//
// Elementwise operations
//===----------------------------------------------------------------------===//

class Array_BinaryElementwiseOp<string mnemonic, list<Trait> traits = [],
                                Type operandType = Array_Tensor>
    : Array_Op<mnemonic, !listconcat(traits, [Pure, Array_Broadcastable])> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

def Array_AddOp : Array_BinaryElementwiseOp<"add", [Commutative]> {
  let summary = "Elementwise addition with NumPy broadcasting (`numpy.add`).";
  let description = [{
    Adds `lhs` and `rhs` element by element after broadcasting both to the
    result shape. Integers wrap around on overflow, as in NumPy.

    ```mlir
    %0 = array.add %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
    ```
  }];
}

def Array_SubOp : Array_BinaryElementwiseOp<"sub"> {
  let summary = "Elementwise subtraction with NumPy broadcasting "
                "(`numpy.subtract`).";
  let description = [{
    Computes `lhs - rhs` element by element after broadcasting.

    ```mlir
    %0 = array.sub %a, %b : (tensor<?x3xf64>, tensor<1x3xf64>) -> tensor<?x3xf64>
    ```
  }];
}

def Array_MulOp : Array_BinaryElementwiseOp<"mul", [Commutative]> {
  let summary = "Elementwise multiplication with NumPy broadcasting "
                "(`numpy.multiply`).";
  let description = [{
    Computes `lhs * rhs` element by element after broadcasting.

    ```mlir
    %0 = array.mul %a, %b : (tensor<8xi32>, tensor<1xi32>) -> tensor<8xi32>
    ```
  }];
}

def Array_DivOp : Array_BinaryElementwiseOp<"div", [], Array_FloatTensor> {
  let summary = "Elementwise true division with NumPy broadcasting "
                "(`numpy.divide`).";
  let description = [{
    Computes `lhs / rhs` element by element after broadcasting, with IEEE
    semantics (division by zero gives `inf` or `nan`). Defined on
    floating-point tensors: NumPy's true division of integers produces
    floating-point results, so integer operands must be converted first.

    ```mlir
    %0 = array.div %a, %b : (tensor<4x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
    ```
  }];
}

def Array_MaximumOp : Array_BinaryElementwiseOp<"maximum", [Commutative]> {
  let summary = "Elementwise maximum with NumPy broadcasting "
                "(`numpy.maximum`).";
  let description = [{
    Takes the larger of `lhs` and `rhs` element by element after
    broadcasting. As in NumPy, a NaN in either operand gives NaN.

    ```mlir
    %0 = array.maximum %a, %zero : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
    ```
  }];
}

class Array_UnaryElementwiseOp<string mnemonic, list<Trait> traits = [],
                               Type operandType = Array_Tensor>
    : Array_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType])> {
  let arguments = (ins operandType:$operand);
  let results = (outs operandType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def Array_NegOp : Array_UnaryElementwiseOp<"neg"> {
  let summary = "Elementwise negation (`numpy.negative`).";
  let description = [{
    Computes `-operand` element by element. Integers wrap around, so the
    most negative value maps to itself, as in NumPy.

    ```mlir
    %0 = array.neg %a : tensor<4x?xf32>
    ```
  }];
}

def Array_ExpOp : Array_UnaryElementwiseOp<"exp", [], Array_FloatTensor> {
  let summary = "Elementwise natural exponential (`numpy.exp`).";
  let description = [{
    Computes `e ** operand` element by element on floating-point tensors.

    ```mlir
    %0 = array.exp %a : tensor<1024xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

def Array_ConstantOp : Array_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "An array with the given elements (`numpy.array`).";
  let description = [{
    Produces a tensor holding the elements of a dense attribute.

    ```mlir
    %0 = array.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Array_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

def Array_FullOp : Array_Op<"full", [Pure]> {
  let summary = "An array filled with one value (`numpy.full`).";
  let description = [{
    Produces a tensor of the result type with every element equal to
    `value`. A dynamic dimension takes its size from an `index` operand,
    given in order in parentheses. The value is written without a type: it
    takes the result's element type and must be representable in it.

    ```mlir
    %0 = array.full 1.5 : tensor<4x3xf32>
    %1 = array.full(%n) 0 : tensor<?x8xi64>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamicSizes, TypedAttrInterface:$value);
  let results = (outs Array_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

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

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_TD
