//===- ArrayInterfaces.td - array dialect interfaces -------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYINTERFACES_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYINTERFACES_TD

include "mlir/IR/OpBase.td"

def Array_ElementwiseOpInterface : OpInterface<"ElementwiseOpInterface"> {
  let cppNamespace = "::mlir::array";
  let description = [{
    An op whose result element `i` is a function of the operand elements at
    `i` after NumPy broadcasting. The interface gives the op's type rule
    (the result element type for given operand element types) and its
    scalar computation, so that one verifier and one lowering pattern serve
    every elementwise op.

    Verification: the operands are ranked tensors that broadcast to the
    result shape (`Broadcast.h`), and the result element type is the one
    `inferResultElementType` gives.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the result element type for these operand element types, or
        fails after reporting why through `emitError`. By default, the NumPy
        promotion of the operand types (`TypePromotion.h`).
      }],
      "::mlir::FailureOr<::mlir::Type>", "inferResultElementType",
      (ins "::mlir::TypeRange":$operandTypes,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{
        return ::mlir::array::promoteElementTypes(operandTypes, emitError);
      }]>,
    InterfaceMethod<[{
        Builds the scalar computation of one result element from the
        operands' scalars `args` (in the operands' own element types) as
        arith/math ops, returning a value of `resultType`.
      }],
      "::mlir::Value", "buildScalar",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::ValueRange":$args, "::mlir::Type":$resultType)>,
  ];
  let verify = [{
    return ::mlir::array::verifyElementwiseOp($_op);
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYINTERFACES_TD
