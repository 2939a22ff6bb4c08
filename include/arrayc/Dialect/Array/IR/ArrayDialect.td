//===- ArrayDialect.td - The array dialect -----------------*- tablegen -*-===//
//
// The `array` dialect: NumPy-semantics operations on ranked tensors.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYDIALECT_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

def Array_Dialect : Dialect {
  let name = "array";
  let summary = "NumPy-semantics array operations on ranked tensors.";
  let description = [{
    The `array` dialect models the programs CuPy and NumPy users write:
    elementwise operations with NumPy broadcasting, array creation and
    printing, on ranked tensors with static or dynamic dimensions. Arrayc
    lowers it through `linalg` to GPU kernels (NVVM/PTX) or CPU loops.

    Broadcasting follows NumPy: shapes are aligned at their trailing
    dimension; a dimension of static size 1 stretches to the other operand's
    size. A dynamic dimension (`?`) is never assumed to be 1: where it meets
    another dimension, the two must be equal at run time; the lowering checks
    it, and a mismatch stops the program with a message that names the
    operation and its source location (exit status 1).

    Result types are exact: an elementwise op's result shape is the
    broadcast of its operand shapes, with the same static and dynamic
    dimensions, and every operand has the result's element type.
  }];
  let cppNamespace = "::mlir::array";
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

class Array_Op<string mnemonic, list<Trait> traits = []>
    : Op<Array_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// NumPy's bool, int8-int64, uint8-uint64, float16, float32, float64, and
// bfloat16. Signed integers are MLIR's signless ones; unsigned are ui8-ui64.
defvar Array_ElementTypes = [I1, I8, I16, I32, I64, UI8, UI16, UI32, UI64,
                             F16, BF16, F32, F64];

def Array_ElementType : AnyTypeOf<Array_ElementTypes,
    "bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or "
    "f64">;

// A dense array: a ranked tensor without an encoding. Sparse matrices (a
// `#sparse_tensor.encoding`, see ArraySparseOps.td) are operands of the
// sparse ops only; `array.to_dense` turns one into a dense array.
def Array_IsDense : CPred<
    "::llvm::cast<::mlir::RankedTensorType>($_self).getEncoding() == nullptr">;

def Array_Tensor : RankedTensorOf<[Array_ElementType], [Array_IsDense]>;


#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYDIALECT_TD
