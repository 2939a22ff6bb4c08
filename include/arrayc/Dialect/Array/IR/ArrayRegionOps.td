//===- ArrayRegionOps.td - custom kernels ------------------*- tablegen -*-===//
//
// CuPy's ElementwiseKernel and ReductionKernel: the user writes the scalar
// code (arith/math ops) in a region; the compiler broadcasts, fuses and
// maps it like any built-in op.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYREGIONOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYREGIONOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "arrayc/Dialect/Array/IR/ArrayInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Array_MapOp : Array_Op<"map", [
    Pure, DeclareOpInterfaceMethods<Array_ElementwiseOpInterface,
                              ["buildScalar", "inferResultElementType"]>]> {
  let summary = "A custom elementwise kernel over broadcast operands "
                "(CuPy's `ElementwiseKernel`).";
  let description = [{
    Applies the scalar body to the elements of the operands after NumPy
    broadcasting. The body's arguments have the operands' element types; it
    yields one value of the result's element type. arith computes on
    signless integers, so an unsigned element (`ui8`-`ui64`) arrives as the
    signless integer of its width (`i8` for `ui8`: choose `arith.divui`,
    `arith.cmpi ult`, ... for unsigned semantics), and an unsigned result is
    yielded as its signless bits. The body may use arith
    and math ops (anything that lowers on both targets); it must not have
    side effects.

    ```mlir
    // y = a * x + b, one fused kernel
    %y = array.map %x, %a, %b : (tensor<1024xf32>, tensor<f32>, tensor<1024xf32>) -> tensor<1024xf32> {
    ^bb0(%xi: f32, %ai: f32, %bi: f32):
      %0 = arith.mulf %ai, %xi : f32
      %1 = arith.addf %0, %bi : f32
      array.yield %1 : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Array_Tensor>:$inputs);
  let results = (outs Array_Tensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $inputs attr-dict `:` functional-type($inputs, results) $body
  }];
  let hasRegionVerifier = 1;
}

def Array_ReduceOp : Array_Op<"reduce", [Pure]> {
  let summary = "A custom reduction kernel (CuPy's `ReductionKernel`).";
  let description = [{
    Reduces `operand` over `axes` (all when absent; negative allowed) with
    `keepdims`: each element goes through the `map` region, the mapped
    values are folded into an accumulator that starts at `identity` with the
    `combine` region (which must be associative for the result not to
    depend on the order; today it is applied in C order), and the optional
    `post` region turns the accumulator into the result element. The
    accumulator type is `identity`'s type. As in `array.map`, the regions
    see an unsigned element as the signless integer of its width, and a
    signless result gives an unsigned result type its bits.

    ```mlir
    // L2 norm of each row
    %n = array.reduce %x axes [1] identity 0.0 : f32 : tensor<8x16xf32> -> tensor<8xf32>
      map {
      ^bb0(%v: f32):
        %sq = arith.mulf %v, %v : f32
        array.yield %sq : f32
      } combine {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        array.yield %s : f32
      } post {
      ^bb0(%acc: f32):
        %r = math.sqrt %acc : f32
        array.yield %r : f32
      }
    ```
  }];
  let arguments = (ins Array_Tensor:$operand,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       UnitAttr:$keepdims, TypedAttrInterface:$identity);
  let results = (outs Array_Tensor:$result);
  let regions = (region SizedRegion<1>:$map, SizedRegion<1>:$combine,
                        AnyRegion:$post);
  let assemblyFormat = [{
    $operand (`axes` $axes^)? (`keepdims` $keepdims^)? `identity` $identity
    attr-dict `:` type($operand) `->` type($result)
    `map` $map `combine` $combine (`post` $post^)?
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The reduced dimensions, normalized and sorted.
    ::llvm::SmallVector<int64_t> getReducedDims();
  }];
}

def Array_YieldOp : Array_Op<"yield", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["MapOp", "ReduceOp"]>]> {
  let summary = "Yields the scalar result of an array.map or array.reduce "
                "region.";
  let description = [{
    ```mlir
    array.yield %0 : f32
    ```
  }];
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYREGIONOPS_TD
