//===- ArrayOps.cpp - array dialect operations ----------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include <charconv>
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

/// The element types array tensors hold (Array_ElementType in ODS).
static bool isArrayElementType(Type type) {
  return type.isF32() || type.isF64() || type.isSignlessInteger(32) ||
         type.isSignlessInteger(64);
}

/// `number` as array.full writes it: `nan`, `inf`, `-inf`, or the shortest
/// digits that round-trip in its type, with the '.' an MLIR float literal
/// needs (42 -> 42.0, 1e+30 -> 1.0e+30).
static std::string formatFloatLiteral(const APFloat &number) {
  if (number.isNaN())
    return "nan";
  if (number.isInfinity())
    return number.isNegative() ? "-inf" : "inf";
  char buffer[64];
  bool isSingle = &number.getSemantics() == &APFloat::IEEEsingle();
  char *end = isSingle ? std::to_chars(buffer, buffer + sizeof(buffer),
                                       number.convertToFloat())
                             .ptr
                       : std::to_chars(buffer, buffer + sizeof(buffer),
                                       number.convertToDouble())
                             .ptr;
  std::string literal(buffer, end);
  if (literal.find('.') == std::string::npos) {
    size_t exponent = literal.find('e');
    literal.insert(exponent == std::string::npos ? literal.size() : exponent,
                   ".0");
  }
  return literal;
}

/// A fill literal as the user wrote it, for messages.
static std::string describeLiteral(Attribute literal) {
  if (auto intAttr = dyn_cast<IntegerAttr>(literal))
    return std::to_string(intAttr.getValue().getSExtValue());
  return formatFloatLiteral(cast<FloatAttr>(literal).getValue());
}

/// Converts an untyped literal (parsed as i64 or f64) to `elementType`,
/// rejecting values that the element type cannot hold.
static FailureOr<TypedAttr>
castLiteral(Attribute literal, Type elementType,
            function_ref<InFlightDiagnostic()> emitError) {
  if (!isArrayElementType(elementType))
    return emitError() << "expected a tensor of f32, f64, i32 or i64, found "
                          "element type "
                       << elementType;
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    auto intAttr = dyn_cast<IntegerAttr>(literal);
    if (!intAttr)
      return emitError() << "expected an integer value for element type "
                         << elementType << ", found "
                         << describeLiteral(literal);
    APInt value = intAttr.getValue();
    unsigned width = intType.getWidth();
    if (value.getSignificantBits() > width)
      return emitError() << "value " << value.getSExtValue()
                         << " does not fit in element type " << elementType;
    return TypedAttr(IntegerAttr::get(intType, value.sextOrTrunc(width)));
  }
  auto floatType = cast<FloatType>(elementType);
  APFloat value(0.0);
  if (auto floatAttr = dyn_cast<FloatAttr>(literal))
    value = floatAttr.getValue();
  else
    value = APFloat(static_cast<double>(
        cast<IntegerAttr>(literal).getValue().getSExtValue()));
  bool wasInfinite = value.isInfinity();
  bool losesInfo = false;
  APFloat::opStatus status = value.convert(
      floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
  if ((status & APFloat::opOverflow) && !wasInfinite)
    return emitError() << "value " << describeLiteral(literal)
                       << " is out of the range of element type "
                       << elementType;
  return TypedAttr(FloatAttr::get(floatType, value));
}

/// Parses the fill value of array.full: an integer or float literal, or
/// `inf`/`nan`, optionally negated. The result is an i64 or f64 attribute
/// that castLiteral then converts to the element type.
static ParseResult parseFillLiteral(OpAsmParser &parser, Attribute &literal) {
  Builder &builder = parser.getBuilder();
  SMLoc loc = parser.getCurrentLocation();
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
  APInt magnitude;
  OptionalParseResult parsedInteger =
      parser.parseOptionalDecimalInteger(magnitude);
  if (parsedInteger.has_value()) {
    if (failed(*parsedInteger))
      return failure();
    // |INT64_MIN| = 2^63 is representable only when negated.
    APInt limit = APInt::getOneBitSet(65, 63);
    APInt wide = magnitude.zextOrTrunc(65);
    if (magnitude.getActiveBits() > 64 || wide.ugt(limit) ||
        (!negative && wide == limit))
      return parser.emitError(loc, "integer value out of the range of i64");
    APInt value = wide.trunc(64);
    literal = builder.getI64IntegerAttr(
        static_cast<int64_t>((negative ? -value : value).getZExtValue()));
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
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    printer << intAttr.getValue().getSExtValue();
  else
    printer << formatFloatLiteral(cast<FloatAttr>(value).getValue());
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
