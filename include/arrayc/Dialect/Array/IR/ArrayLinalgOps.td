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

def Array_BlasMatmulOp : Array_Op<"blas_matmul", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DestinationStyleOpInterface]> {
  let summary = "A matrix product with a fused epilogue, computed by cuBLASLt "
                "on the CUDA target.";
  let description = [{
    `init = epilogue(alpha * op(lhs) @ op(rhs) + beta * init [+ bias])`
    (init is read only when `beta` is not 0), where op swaps
    the last two dimensions of `lhs` (of `rhs`) when `transpose_lhs`
    (`transpose_rhs`) is set: op(lhs) is `[..., M, K]`, op(rhs)
    `[..., K, N]` and `init` `[..., M, N]`. The batch dimensions (all but
    the last two) of each operand either equal the result's, right-aligned,
    or are all 1 (one matrix for every batch). `bias`, a vector of N
    elements, is added to every row. `epilogue` is `"none"`, `"relu"`
    (max(x, 0)) or `"gelu_tanh"` (the tanh approximation of GELU, which is
    what cuBLASLt's GELU epilogue computes; the erf form is never mapped to
    it). All operands have one element type: f16 and bf16 accumulate in
    f32, f32 in f32 (on TF32 tensor cores when `tf32` is set), f64 in f64.

    `array-gpu-matmul-to-blas` creates it from `array.matmul` and
    `array.dot` and the scaling, matrix add (`beta`), bias add and
    activation that follow them;
    it works on tensors (destination style: the result is `init`'s tensor)
    and, after bufferization, on buffers, where `convert-array-to-runtime`
    lowers it to a call of `arrayrt_matmul`. The CUDA target only.

    ```mlir
    %y = array.blas_matmul %a, %w bias %b : tensor<1024xbf16> into %init
        {epilogue = "gelu_tanh", transpose_rhs}
        : tensor<64x4096xbf16>, tensor<1024x4096xbf16>, tensor<64x1024xbf16>
        -> tensor<64x1024xbf16>
    ```
  }];
  let arguments = (ins
    AnyShaped:$lhs, AnyShaped:$rhs, Optional<AnyShaped>:$bias,
    AnyShaped:$init,
    UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs,
    DefaultValuedStrAttr<StrAttr, "none">:$epilogue,
    DefaultValuedAttr<F64Attr, "1.0">:$alpha,
    DefaultValuedAttr<F64Attr, "0.0">:$beta,
    UnitAttr:$tf32);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`bias` $bias^ `:` type($bias))? `into` $init attr-dict
    `:` type($lhs) `,` type($rhs) `,` type($init) (`->` type($result)^)?
  }];
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() { return getInitMutable(); }
  }];
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYLINALGOPS_TD
