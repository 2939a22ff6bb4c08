//===- ArrayLinalgOps.td - linear algebra ops --------------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYLINALGOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYLINALGOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Array_ProductOp<string mnemonic> : Array_Op<mnemonic, [Pure]> {
  let arguments = (ins Array_Tensor:$lhs, Array_Tensor:$rhs,
                       OptionalAttr<StrAttr>:$precision);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Array_MatmulOp : Array_ProductOp<"matmul"> {
  let summary = "Matrix product with NumPy's matmul rules (`numpy.matmul`, "
                "`@`).";
  let description = [{
    The product over the last axis of `lhs` and the second-to-last of `rhs`.
    As in NumPy: a 1-D `lhs` is a row vector and a 1-D `rhs` a column
    vector, and that dimension is removed from the result; dimensions before
    the last two are batch dimensions and broadcast. The element type is
    the promotion of the operands'; float16 and bfloat16 accumulate in
    float32, integers in their own type (wrapping, as NumPy does). The
    contracted sizes must agree (checked at run time when dynamic).

    `precision = "tf32"` (float32 operands only) lets the CUDA target round
    the operands to TF32 (10-bit mantissa) on tensor cores, accumulating in
    float32, as `torch.backends.cuda.matmul.allow_tf32` does; `"highest"`,
    like no attribute, keeps float32 exact (`arrayc --matmul-tf32` makes
    TF32 the default). The CPU target always computes in float32.

    ```mlir
    %0 = array.matmul %a, %b : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
    %1 = array.matmul %x, %w : (tensor<8x?x32xbf16>, tensor<32x32xbf16>) -> tensor<8x?x32xbf16>
    %2 = array.matmul %v, %m : (tensor<32xf64>, tensor<32x4xf64>) -> tensor<4xf64>
    ```
  }];
}

def Array_DotOp : Array_ProductOp<"dot"> {
  let summary = "Dot product with NumPy's dot rules (`numpy.dot`).";
  let description = [{
    For 1-D operands the inner product (a 0-d result); for 2-D operands the
    matrix product; for an N-D `lhs` and 1-D `rhs` the sum product over the
    last axis of `lhs`; in general `dot(a, b)[i, j, k, m] =
    sum(a[i, j, :] * b[k, :, m])`: the last axis of `lhs` against the
    second-to-last of `rhs` (its only axis when 1-D), without broadcasting.
    Element types and `precision` as `array.matmul`.

    ```mlir
    %0 = array.dot %u, %v : (tensor<128xf32>, tensor<128xf32>) -> tensor<f32>
    %1 = array.dot %x, %w : (tensor<100x3xf64>, tensor<3xf64>) -> tensor<100xf64>
    ```
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYLINALGOPS_TD
