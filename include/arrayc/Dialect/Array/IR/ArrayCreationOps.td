//===- ArrayCreationOps.td - array creation ops ------------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYCREATIONOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYCREATIONOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

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

def Array_EmptyOp : Array_Op<"empty", [Pure]> {
  let summary = "An array whose elements are not initialized "
                "(`numpy.empty`).";
  let description = [{
    Produces a tensor of the result type whose element values are
    unspecified: nothing is written to its memory. Use it for the output of
    an `array.cuda_kernel` or `array.gpu_kernel` that writes every element,
    where `array.full` would spend a kernel filling memory that is
    overwritten. A dynamic dimension takes its size from an `index`
    operand, given in order in parentheses.

    ```mlir
    %0 = array.empty : tensor<4x3xf32>
    %1 = array.empty(%n) : tensor<?x8xi64>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamicSizes);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = "(`(` $dynamicSizes^ `)`)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

// Array creation from a formula of the element index. None of them reads
// memory, so each lowers to one all-parallel linalg.generic (one GPU kernel).
// `numpy.zeros` and `numpy.ones` need no op of their own: they are
// `array.full 0` and `array.full 1`.

def Array_ArangeOp : Array_Op<"arange", [Pure]> {
  let summary = "Evenly spaced values in a half-open interval "
                "(`numpy.arange`).";
  let description = [{
    Produces `start, start + step, ...` up to but not including `stop`, in
    the element type of the 1-D result, whose size must be NumPy's length
    `ceil((stop - start) / step)` (0 when negative). The values are
    computed as NumPy does: element `i` is `first + i * delta`, where
    `first` is `start` and `delta` is `(start + step) - start`, both in the
    element type (floats narrower than f32 compute in f32). An integer
    result needs integer `start`, `stop` and `step`, and every value must
    fit the element type. bool is not supported.

    ```mlir
    %0 = array.arange 0, 10, 2 : tensor<5xi64>
    %1 = array.arange -1.0, 1.0, 0.25 : tensor<8xf32>
    ```
  }];
  let arguments = (ins AnyAttrOf<[I64Attr, F64Attr]>:$start,
                       AnyAttrOf<[I64Attr, F64Attr]>:$stop,
                       AnyAttrOf<[I64Attr, F64Attr]>:$step);
  let results = (outs Array_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Array_LinspaceOp : Array_Op<"linspace", [Pure]> {
  let summary = "Evenly spaced values over a closed interval "
                "(`numpy.linspace`, `endpoint=True`).";
  let description = [{
    Produces `num` values from `start` to `stop` inclusive, where `num` is
    the static size of the 1-D result. As in NumPy, the values are
    computed in float64 (`start + i * ((stop - start) / (num - 1))`, the
    last one exactly `stop`) and then converted to the element type;
    integer results take the floor first. bool is not supported.

    ```mlir
    %0 = array.linspace 0.0, 1.0 : tensor<5xf32>
    %1 = array.linspace 2, -2 : tensor<9xf64>
    ```
  }];
  let arguments = (ins F64Attr:$start, F64Attr:$stop);
  let results = (outs Array_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Array_EyeOp : Array_Op<"eye", [Pure]> {
  let summary = "A 2-D array with ones on a diagonal and zeros elsewhere "
                "(`numpy.eye`).";
  let description = [{
    Element `[i, j]` is 1 where `j - i == k` and 0 elsewhere; `k` (default
    0) selects the main diagonal, a positive `k` an upper and a negative `k`
    a lower diagonal. `N` and `M` are the result's static sizes.

    ```mlir
    %0 = array.eye : tensor<3x3xf32>
    %1 = array.eye k 1 : tensor<3x4xi32>
    ```
  }];
  let arguments = (ins DefaultValuedAttr<I64Attr, "0">:$k);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = "(`k` $k^)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

class Array_RandomOp<string mnemonic> : Array_Op<mnemonic, [Pure]> {
  let arguments = (ins Variadic<Index>:$dynamicSizes, I64Attr:$seed);
  let results = (outs RankedTensorOf<[F16, BF16, F32, F64]>:$result);
  let assemblyFormat = [{
    (`(` $dynamicSizes^ `)`)? `seed` $seed attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Array_RandomUniformOp : Array_RandomOp<"random_uniform"> {
  let summary = "Uniform random floats in [0, 1) from a seed, the same on "
                "every target (like `numpy.random.Generator.random`).";
  let description = [{
    Element `i` (row-major linear index) is a function of `(seed, i)` only:
    the counter-based generator Philox-4x32-10 (Salmon et al., SC'11, as in
    Random123, cuRAND and JAX) runs with key `(seed & 0xffffffff, seed >>
    32)` on counter `(i & 0xffffffff, i >> 32, 0, 0)`, and its first output
    words are scaled into [0, 1) with as many random bits as the type's
    significand: 53 for f64 (`((x0 << 32 | x1) >> 11) * 2^-53`), 24 for f32
    (`(x0 >> 8) * 2^-24`), 11 for f16 and 8 for bf16. The values are
    therefore identical on the CPU and the GPU, independent of the launch
    configuration; they differ from NumPy's generator, which is stateful.
    A dynamic dimension takes its size from an `index` operand.

    ```mlir
    %0 = array.random_uniform seed 42 : tensor<4x3xf32>
    %1 = array.random_uniform(%n) seed 7 : tensor<?xf64>
    ```
  }];
}

def Array_RandomNormalOp : Array_RandomOp<"random_normal"> {
  let summary = "Standard normal random floats from a seed, the same on "
                "every target (like `numpy.random.Generator.standard_normal`).";
  let description = [{
    Element `i` is `sqrt(-2 ln u1) * cos(2 pi u2)` (Box-Muller), where `u1`
    in (0, 1] and `u2` in [0, 1) come from the Philox-4x32-10 output for
    `(seed, i)` that `array.random_uniform` uses: words `x0` and `x1` (24
    bits each, computed in f32) for f32, f16 and bf16; `(x0, x1)` and `(x2,
    x3)` (53 bits each, computed in f64) for f64. Deterministic per
    `(seed, i)` on every target; `log` and `cos` may differ in the last bit
    between the CPU's libm and the GPU's libdevice.

    ```mlir
    %0 = array.random_normal seed 42 : tensor<1000xf32>
    ```
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYCREATIONOPS_TD
