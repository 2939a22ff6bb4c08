//===- ArrayOps.cpp - array dialect operations ----------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include "llvm/ADT/SmallString.h"

#include <cmath>

using namespace mlir;
using namespace mlir::array;

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  ElementsAttr value;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseAttribute(value))
    return failure();
  result.addAttribute(getValueAttrName(result.name), value);
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDict((*this)->getAttrs(), {getValueAttrName()});
  printer << ' ' << getValue();
}

//===----------------------------------------------------------------------===//
// FullOp
//===----------------------------------------------------------------------===//

/// Converts an untyped literal (parsed as i64 or f64) to `elementType`,
/// rejecting values that the element type cannot hold.
static FailureOr<TypedAttr> castLiteral(Attribute literal, Type elementType,
                                        function_ref<InFlightDiagnostic()> emitError) {
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    auto intAttr = dyn_cast<IntegerAttr>(literal);
    if (!intAttr)
      return emitError() << "expected an integer value for element type "
                         << elementType << ", found " << literal;
    APInt value = intAttr.getValue();
    unsigned width = intType.getWidth();
    if (value.getSignificantBits() > width)
      return emitError() << "value " << value.getSExtValue()
                         << " does not fit in element type " << elementType;
    return TypedAttr(IntegerAttr::get(intType, value.sextOrTrunc(width)));
  }
  auto floatType = cast<FloatType>(elementType);
  double value;
  if (auto floatAttr = dyn_cast<FloatAttr>(literal))
    value = floatAttr.getValueAsDouble();
  else if (auto intAttr = dyn_cast<IntegerAttr>(literal))
    value = static_cast<double>(intAttr.getValue().getSExtValue());
  else
    return emitError() << "expected a numeric value for element type "
                       << elementType << ", found " << literal;
  return TypedAttr(FloatAttr::get(floatType, value));
}

/// Parses the fill value of array.full: an integer or float literal, or
/// `inf`/`nan`, optionally negated. The result is an i64 or f64 attribute
/// that castLiteral then converts to the element type.
static ParseResult parseFillLiteral(OpAsmParser &parser, Attribute &literal) {
  Builder &builder = parser.getBuilder();
  bool negative = succeeded(parser.parseOptionalMinus());
  double sign = negative ? -1.0 : 1.0;
  if (succeeded(parser.parseOptionalKeyword("inf"))) {
    literal = builder.getF64FloatAttr(sign * INFINITY);
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("nan"))) {
    literal = builder.getF64FloatAttr(NAN);
    return success();
  }
  APInt integer;
  OptionalParseResult parsedInteger =
      parser.parseOptionalDecimalInteger(integer);
  if (parsedInteger.has_value()) {
    if (failed(*parsedInteger))
      return failure();
    if (integer.getActiveBits() > 63)
      return parser.emitError(parser.getCurrentLocation(),
                              "integer value out of the range of i64");
    int64_t value = static_cast<int64_t>(integer.getZExtValue());
    literal = builder.getI64IntegerAttr(negative ? -value : value);
    return success();
  }
  double value;
  if (parser.parseFloat(value))
    return failure();
  literal = builder.getF64FloatAttr(sign * value);
  return success();
}

/// Prints a fill value so that parseFillLiteral reads it back exactly.
static void printFillLiteral(OpAsmPrinter &printer, TypedAttr value) {
  if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    printer << intAttr.getValue().getSExtValue();
    return;
  }
  APFloat number = cast<FloatAttr>(value).getValue();
  if (number.isNaN()) {
    printer << "nan";
    return;
  }
  if (number.isInfinity()) {
    printer << (number.isNegative() ? "-inf" : "inf");
    return;
  }
  // The shortest digits that round-trip in the element type, written as an
  // MLIR float literal (which needs a '.').
  SmallString<32> text;
  number.toString(text, /*FormatPrecision=*/0, /*FormatMaxPadding=*/0,
                  /*TruncateZero=*/false);
  std::string literal = text.str().str();
  if (literal.find('.') == std::string::npos) {
    size_t exponent = literal.find('E');
    literal.insert(exponent == std::string::npos ? literal.size() : exponent,
                   ".0");
  }
  printer << literal;
}

ParseResult FullOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> sizes;
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(sizes) || parser.parseRParen())
      return failure();
  }
  SMLoc valueLoc = parser.getCurrentLocation();
  Attribute literal;
  RankedTensorType type;
  if (parseFillLiteral(parser, literal) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();

  FailureOr<TypedAttr> value =
      castLiteral(literal, type.getElementType(),
                  [&] { return parser.emitError(valueLoc); });
  if (failed(value))
    return failure();
  result.addAttribute(getValueAttrName(result.name), *value);
  result.addTypes(type);
  return parser.resolveOperands(sizes, parser.getBuilder().getIndexType(),
                                result.operands);
}

void FullOp::print(OpAsmPrinter &printer) {
  if (!getDynamicSizes().empty())
    printer << '(' << getDynamicSizes() << ')';
  printer << ' ';
  printFillLiteral(printer, getValue());
  printer.printOptionalAttrDict((*this)->getAttrs(), {getValueAttrName()});
  printer << " : " << getType();
}

LogicalResult FullOp::verify() {
  RankedTensorType type = getType();
  if (getValue().getType() != type.getElementType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from result element type "
           << type.getElementType();
  if (static_cast<int64_t>(getDynamicSizes().size()) != type.getNumDynamicDims())
    return emitOpError("expected ")
           << type.getNumDynamicDims()
           << " dynamic size operands for result type " << type << ", found "
           << getDynamicSizes().size();
  return success();
}

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

void PrintOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Printing writes to standard output, modelled as the default resource, so
  // prints stay in program order and are never removed.
  effects.emplace_back(MemoryEffects::Write::get());
  if (isa<MemRefType>(getInput().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getInputMutable());
}

#define GET_OP_CLASSES
#include "arrayc/Dialect/Array/IR/ArrayOps.cpp.inc"
