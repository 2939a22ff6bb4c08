//===- FillLiteral.h - Fill values written without a type -------*- C++ -*-===//
//
// The untyped fill value of array.full and array.pad (`1.5`, `-7`, `inf`,
// `nan`): parsed as i64 or f64, converted to the element type with range
// checks, and printed back with the shortest digits that round-trip.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_DIALECT_ARRAY_IR_FILLLITERAL_H
#define ARRAYC_LIB_DIALECT_ARRAY_IR_FILLLITERAL_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir::array::detail {

/// Parses an integer or float literal, or `inf`/`nan`, optionally negated,
/// into an i64 or f64 attribute.
ParseResult parseFillLiteral(OpAsmParser &parser, Attribute &literal);

/// Converts a parsed literal to `elementType`, rejecting values the type
/// cannot hold.
FailureOr<TypedAttr>
castLiteral(Attribute literal, Type elementType,
            function_ref<InFlightDiagnostic()> emitError);

/// Prints a fill value so that parseFillLiteral reads it back exactly.
void printFillLiteral(OpAsmPrinter &printer, TypedAttr value);

} // namespace mlir::array::detail

#endif // ARRAYC_LIB_DIALECT_ARRAY_IR_FILLLITERAL_H
