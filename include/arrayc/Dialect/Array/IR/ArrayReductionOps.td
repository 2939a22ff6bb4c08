//===- ArrayReductionOps.td - array reductions -------------*- tablegen -*-===//
//
// NumPy's reductions over `axes` (all axes when absent; negative axes count
// from the end), with `keepdims`. Result element types and accumulator types
// follow NumPy (ReductionOps.cpp): integer sums and products accumulate and
// return int64, float16/bfloat16 accumulate in float32 and float32 in
// float64, means of integers are float64.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYREDUCTIONOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYREDUCTIONOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Array_ReductionOp<string mnemonic, list<Trait> traits = []>
    : Array_Op<mnemonic, !listconcat(traits, [Pure])> {
  let arguments = (ins Array_Tensor:$operand,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       UnitAttr:$keepdims);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $operand (`axes` $axes^)? (`keepdims` $keepdims^)? attr-dict `:`
    type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The reduced dimensions, normalized (non-negative, sorted); all of
    /// them when `axes` is absent.
    ::llvm::SmallVector<int64_t> getReducedDims();
  }];
}

def Array_SumOp : Array_ReductionOp<"sum"> {
  let summary = "Sum of the elements over the given axes (`numpy.sum`).";
  let description = [{
    Adds the elements over `axes`. Integers and bool accumulate and return
    int64 (as NumPy on 64-bit Linux); float16 and bfloat16 accumulate in
    float32, float32 in float64, and the result has the operand's type.

    ```mlir
    %0 = array.sum %x axes [1] : tensor<4x5xf32> -> tensor<4xf32>
    %1 = array.sum %x axes [-1] keepdims : tensor<4x5xf32> -> tensor<4x1xf32>
    %2 = array.sum %i : tensor<8xi32> -> tensor<i64>
    ```
  }];
}

def Array_ProdOp : Array_ReductionOp<"prod"> {
  let summary = "Product of the elements over the given axes (`numpy.prod`).";
  let description = [{
    Multiplies the elements over `axes`, with the accumulator and result
    types of `array.sum`.

    ```mlir
    %0 = array.prod %x axes [0] : tensor<3x2xf64> -> tensor<2xf64>
    ```
  }];
}

def Array_MaxOp : Array_ReductionOp<"max"> {
  let summary = "Largest element over the given axes (`numpy.max`).";
  let description = [{
    The maximum over `axes`, in the operand's type. A NaN anywhere in a
    reduced slice gives NaN, as in NumPy. Reducing an empty slice is an
    error in NumPy; here it gives the identity (-inf, or the smallest
    integer).

    ```mlir
    %0 = array.max %x axes [1] keepdims : tensor<4x5xf32> -> tensor<4x1xf32>
    ```
  }];
}

def Array_MinOp : Array_ReductionOp<"min"> {
  let summary = "Smallest element over the given axes (`numpy.min`).";
  let description = [{
    The minimum over `axes`, in the operand's type, NaN propagating as in
    NumPy (empty slices give +inf or the largest integer).

    ```mlir
    %0 = array.min %x : tensor<4x5xi32> -> tensor<i32>
    ```
  }];
}

def Array_MeanOp : Array_ReductionOp<"mean"> {
  let summary = "Arithmetic mean over the given axes (`numpy.mean`).";
  let description = [{
    The sum over `axes` divided by the number of elements reduced. Integer
    and bool operands give float64; floats keep their type (accumulating as
    `array.sum` does).

    ```mlir
    %0 = array.mean %x axes [0] : tensor<100x3xf32> -> tensor<3xf32>
    ```
  }];
}

class Array_MomentOp<string mnemonic> : Array_ReductionOp<mnemonic> {
  let arguments = (ins Array_Tensor:$operand,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       UnitAttr:$keepdims,
                       DefaultValuedAttr<I64Attr, "0">:$ddof);
  let assemblyFormat = [{
    $operand (`axes` $axes^)? (`keepdims` $keepdims^)? (`ddof` $ddof^)?
    attr-dict `:` type($operand) `->` type($result)
  }];
}

def Array_VarOp : Array_MomentOp<"var"> {
  let summary = "Variance over the given axes (`numpy.var`).";
  let description = [{
    `sum((x - mean(x))**2) / (n - ddof)` over `axes`, computed in two passes
    (the mean first), with the result types of `array.mean`.

    ```mlir
    %0 = array.var %x axes [1] ddof 1 : tensor<4x5xf64> -> tensor<4xf64>
    ```
  }];
}

def Array_StdOp : Array_MomentOp<"std"> {
  let summary = "Standard deviation over the given axes (`numpy.std`).";
  let description = [{
    The square root of `array.var` with the same `ddof`.

    ```mlir
    %0 = array.std %x axes [-1] keepdims : tensor<4x5xf32> -> tensor<4x1xf32>
    ```
  }];
}

def Array_AnyOp : Array_ReductionOp<"any"> {
  let summary = "Whether any element over the given axes is true "
                "(`numpy.any`).";
  let description = [{
    Logical or over `axes` of the operand's truth values (nonzero, NaN
    included); the result is bool.

    ```mlir
    %0 = array.any %mask axes [0] : tensor<4x5xi1> -> tensor<5xi1>
    ```
  }];
}

def Array_AllOp : Array_ReductionOp<"all"> {
  let summary = "Whether all elements over the given axes are true "
                "(`numpy.all`).";
  let description = [{
    Logical and over `axes` of the operand's truth values; the result is
    bool.

    ```mlir
    %0 = array.all %x : tensor<4x5xf32> -> tensor<i1>
    ```
  }];
}

def Array_LogSumExpOp : Array_ReductionOp<"logsumexp"> {
  let summary = "log(sum(exp(x))) over the given axes, computed stably "
                "(`scipy.special.logsumexp`).";
  let description = [{
    Subtracts the slice's maximum before exponentiating, as SciPy does, so
    large inputs do not overflow: `m + log(sum(exp(x - m)))` (with `m` taken
    as 0 when it is not finite). Integer inputs compute in the float NumPy
    uses for their float functions.

    ```mlir
    %0 = array.logsumexp %x axes [1] : tensor<4x5xf32> -> tensor<4xf32>
    ```
  }];
}

class Array_ArgReductionOp<string mnemonic> : Array_Op<mnemonic, [Pure]> {
  let arguments = (ins Array_Tensor:$operand, OptionalAttr<I64Attr>:$axis,
                       UnitAttr:$keepdims);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = [{
    $operand (`axis` $axis^)? (`keepdims` $keepdims^)? attr-dict `:`
    type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Array_ArgMaxOp : Array_ArgReductionOp<"argmax"> {
  let summary = "Index of the largest element along an axis "
                "(`numpy.argmax`).";
  let description = [{
    The index (int64) of the first maximum along `axis`; without `axis`,
    the index into the flattened (C-order) array. As in NumPy, the first NaN
    counts as the maximum.

    ```mlir
    %0 = array.argmax %x axis 1 : tensor<4x5xf32> -> tensor<4xi64>
    %1 = array.argmax %x : tensor<4x5xf32> -> tensor<i64>
    ```
  }];
}

def Array_ArgMinOp : Array_ArgReductionOp<"argmin"> {
  let summary = "Index of the smallest element along an axis "
                "(`numpy.argmin`).";
  let description = [{
    The index (int64) of the first minimum along `axis` (or into the
    flattened array); the first NaN counts as the minimum.

    ```mlir
    %0 = array.argmin %d axis 1 : tensor<100x8xf32> -> tensor<100xi64>
    ```
  }];
}

class Array_ScanOp<string mnemonic> : Array_Op<mnemonic, [Pure]> {
  let arguments = (ins Array_Tensor:$operand, I64Attr:$axis);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $operand `axis` $axis attr-dict `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Array_CumSumOp : Array_ScanOp<"cumsum"> {
  let summary = "Cumulative sum along an axis (`numpy.cumsum`).";
  let description = [{
    Element `j` along `axis` is the sum of elements `0..j`. Result types as
    `array.sum` (integers give int64), same shape as the operand.

    ```mlir
    %0 = array.cumsum %x axis 1 : tensor<4x5xf32> -> tensor<4x5xf32>
    ```
  }];
}

def Array_CumProdOp : Array_ScanOp<"cumprod"> {
  let summary = "Cumulative product along an axis (`numpy.cumprod`).";
  let description = [{
    Element `j` along `axis` is the product of elements `0..j`, with the
    result types of `array.prod`.

    ```mlir
    %0 = array.cumprod %x axis 0 : tensor<6xi32> -> tensor<6xi64>
    ```
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYREDUCTIONOPS_TD
