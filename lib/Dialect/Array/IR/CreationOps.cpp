//===- CreationOps.cpp - array creation ops -------------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "FillLiteral.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"

#include <charconv>
#include <cmath>

using namespace mlir;
using namespace mlir::array;
using namespace mlir::array::detail;

// The fill literals of array.full, also used by array.pad (ShapeOps.cpp).

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

/// `number` as array.full writes it: `nan`, `inf`, `-inf`, or the shortest
/// digits that round-trip in its type, with the '.' an MLIR float literal
/// needs (42 -> 42.0, 1e+30 -> 1.0e+30).
static std::string formatFloatLiteral(const APFloat &number) {
  if (number.isNaN())
    return "nan";
  if (number.isInfinity())
    return number.isNegative() ? "-inf" : "inf";
  char buffer[64];
  char *end;
  if (&number.getSemantics() == &APFloat::IEEEdouble()) {
    end = std::to_chars(buffer, buffer + sizeof(buffer),
                        number.convertToDouble())
              .ptr;
  } else {
    // f32, f16 and bf16 values are floats: float's shortest digits read
    // back to the same value in the narrower type.
    APFloat single = number;
    bool losesInfo = false;
    single.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                   &losesInfo);
    end = std::to_chars(buffer, buffer + sizeof(buffer),
                        single.convertToFloat())
              .ptr;
  }
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
    return llvm::toString(intAttr.getValue(), 10, /*Signed=*/true);
  return formatFloatLiteral(cast<FloatAttr>(literal).getValue());
}

/// Converts an untyped literal (parsed as i64, i65 or f64) to `elementType`,
/// rejecting values that the element type cannot hold.
FailureOr<TypedAttr>
array::detail::castLiteral(Attribute literal, Type elementType,
                           function_ref<InFlightDiagnostic()> emitError) {
  if (!isArrayElementType(elementType))
    return emitError() << "expected a tensor of an array element type (i1, "
                          "i8-i64, ui8-ui64, f16, bf16, f32, f64), found "
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
    if (width == 1) {
      if (!value.isZero() && !value.isOne())
        return emitError() << "expected 0 or 1 for a bool (i1) array, found "
                           << describeLiteral(literal);
      return TypedAttr(IntegerAttr::get(intType, value.trunc(1)));
    }
    // Unsigned types take 0 to 2^width - 1 (NumPy 2 rejects -1 for uint8).
    bool fits = intType.isUnsigned()
                    ? !value.isNegative() && value.getActiveBits() <= width
                    : value.getSignificantBits() <= width;
    if (!fits)
      return emitError() << "value " << describeLiteral(literal)
                         << " does not fit in element type " << elementType;
    return TypedAttr(IntegerAttr::get(intType, value.sextOrTrunc(width)));
  }
  auto floatType = cast<FloatType>(elementType);
  APFloat value(0.0);
  if (auto floatAttr = dyn_cast<FloatAttr>(literal))
    value = floatAttr.getValue();
  else
    value.convertFromAPInt(cast<IntegerAttr>(literal).getValue(),
                           /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
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
/// `inf`/`nan`, optionally negated. The result is an i64 attribute, an i65
/// one for the uint64 values above INT64_MAX, or an f64 one, which
/// castLiteral then converts to the element type.
ParseResult array::detail::parseFillLiteral(OpAsmParser &parser,
                                           Attribute &literal) {
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
    // From INT64_MIN (-2^63) to UINT64_MAX (2^64 - 1).
    APInt value = magnitude.zextOrTrunc(65);
    if (magnitude.getActiveBits() > 64 ||
        (negative && value.ugt(APInt::getOneBitSet(65, 63))))
      return parser.emitError(loc, "integer value out of the range of i64 "
                                   "and ui64");
    if (negative)
      value.negate();
    literal = value.isSignedIntN(64)
                  ? builder.getI64IntegerAttr(value.getSExtValue())
                  : builder.getIntegerAttr(builder.getIntegerType(65), value);
    return success();
  }
  double value;
  if (parser.parseFloat(value))
    return failure();
  literal = builder.getF64FloatAttr(sign * value);
  return success();
}

/// Prints a fill value so that parseFillLiteral reads it back exactly.
void array::detail::printFillLiteral(OpAsmPrinter &printer, TypedAttr value) {
  // Unsigned values, and bool's true, print as the non-negative numbers
  // the parser takes (true is 1, not the -1 of its one-bit sign).
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    printer << llvm::toString(intAttr.getValue(), 10,
                              /*Signed=*/!intAttr.getType().isUnsignedInteger() &&
                                  !intAttr.getType().isInteger(1));
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

/// Checks that a creation op has one `index` operand per dynamic dimension
/// of its (one) result.
static LogicalResult verifyDynamicSizes(Operation *op,
                                        ValueRange dynamicSizes) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (static_cast<int64_t>(dynamicSizes.size()) != type.getNumDynamicDims())
    return op->emitOpError("expected ")
           << type.getNumDynamicDims()
           << " dynamic size operands for result type " << type << ", found "
           << dynamicSizes.size();
  return success();
}

LogicalResult FullOp::verify() {
  RankedTensorType type = getType();
  if (getValue().getType() != type.getElementType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from result element type "
           << type.getElementType();
  return verifyDynamicSizes(*this, getDynamicSizes());
}

//===----------------------------------------------------------------------===//
// EmptyOp
//===----------------------------------------------------------------------===//

LogicalResult EmptyOp::verify() {
  return verifyDynamicSizes(*this, getDynamicSizes());
}

//===----------------------------------------------------------------------===//
// ArangeOp
//===----------------------------------------------------------------------===//

/// Parses `start, stop, step` (or `start, stop`) as untyped literals.
static ParseResult parseLiterals(OpAsmParser &parser,
                                 SmallVectorImpl<Attribute> &literals) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    Attribute literal;
    SMLoc loc = parser.getCurrentLocation();
    if (parseFillLiteral(parser, literal))
      return failure();
    // The literals are kept as i64 or f64 attributes.
    if (auto intAttr = dyn_cast<IntegerAttr>(literal);
        intAttr && !intAttr.getType().isInteger(64))
      return parser.emitError(loc, "integer value out of the range of i64");
    literals.push_back(literal);
    return success();
  });
}

static void printLiteral(OpAsmPrinter &printer, Attribute literal) {
  printFillLiteral(printer, cast<TypedAttr>(literal));
}

static double literalValue(Attribute literal) {
  if (auto intAttr = dyn_cast<IntegerAttr>(literal))
    return static_cast<double>(intAttr.getInt());
  return cast<FloatAttr>(literal).getValueAsDouble();
}

ParseResult ArangeOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Attribute> literals;
  Type type;
  if (parseLiterals(parser, literals) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  if (literals.size() != 3)
    return parser.emitError(loc, "expected start, stop and step, found ")
           << literals.size() << " values";
  result.addAttribute(getStartAttrName(result.name), literals[0]);
  result.addAttribute(getStopAttrName(result.name), literals[1]);
  result.addAttribute(getStepAttrName(result.name), literals[2]);
  result.addTypes(type);
  return success();
}

void ArangeOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printLiteral(printer, getStart());
  printer << ", ";
  printLiteral(printer, getStop());
  printer << ", ";
  printLiteral(printer, getStep());
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getStartAttrName(), getStopAttrName(), getStepAttrName()});
  printer << " : " << getType();
}

/// A 1-D static result of a numeric (not bool) element type.
static LogicalResult verifyNumericVector(Operation *op) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (type.getRank() != 1 || type.isDynamicDim(0))
    return op->emitOpError("expected a 1-D result of static size, found ")
           << type;
  if (type.getElementType().isInteger(1))
    return op->emitOpError("expected a numeric element type, found i1 (bool)");
  return success();
}

LogicalResult ArangeOp::verify() {
  if (failed(verifyNumericVector(*this)))
    return failure();
  RankedTensorType type = getType();
  Type elementType = type.getElementType();
  int64_t size = type.getDimSize(0);
  int64_t expected;
  if (isa<IntegerType>(elementType)) {
    auto start = dyn_cast<IntegerAttr>(getStart());
    auto stop = dyn_cast<IntegerAttr>(getStop());
    auto step = dyn_cast<IntegerAttr>(getStep());
    if (!start || !stop || !step)
      return emitOpError("integer element type ")
             << elementType << " needs integer start, stop and step";
    int64_t first = start.getInt(), last = stop.getInt(), delta = step.getInt();
    if (delta == 0)
      return emitOpError("step cannot be zero");
    // ceil((stop - start) / step) in 128 bits, so nothing overflows.
    __int128 span = static_cast<__int128>(last) - first;
    __int128 count = delta > 0 ? (span + delta - 1) / delta
                               : (span + delta + 1) / delta;
    expected = count > 0 ? static_cast<int64_t>(count) : 0;
    if (expected > 0) {
      __int128 final = first + static_cast<__int128>(expected - 1) * delta;
      unsigned width = elementType.getIntOrFloatBitWidth();
      __int128 low = -(static_cast<__int128>(1) << (width - 1));
      __int128 high = (static_cast<__int128>(1) << (width - 1)) - 1;
      for (__int128 value : {static_cast<__int128>(first), final})
        if (value < low || value > high)
          return emitOpError("value ")
                 << static_cast<int64_t>(value)
                 << " of the range does not fit in element type "
                 << elementType;
    }
  } else {
    double first = literalValue(getStart()), last = literalValue(getStop()),
           delta = literalValue(getStep());
    if (delta == 0)
      return emitOpError("step cannot be zero");
    double count = std::ceil((last - first) / delta);
    if (!std::isfinite(count))
      return emitOpError("the range has no finite length");
    expected = count > 0 ? static_cast<int64_t>(count) : 0;
  }
  if (size != expected)
    return emitOpError("result has ")
           << size << " elements, but the range has " << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// LinspaceOp
//===----------------------------------------------------------------------===//

ParseResult LinspaceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Attribute> literals;
  Type type;
  if (parseLiterals(parser, literals) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  if (literals.size() != 2)
    return parser.emitError(loc, "expected start and stop, found ")
           << literals.size() << " values";
  Builder &b = parser.getBuilder();
  result.addAttribute(getStartAttrName(result.name),
                      b.getF64FloatAttr(literalValue(literals[0])));
  result.addAttribute(getStopAttrName(result.name),
                      b.getF64FloatAttr(literalValue(literals[1])));
  result.addTypes(type);
  return success();
}

void LinspaceOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printLiteral(printer, getStartAttr());
  printer << ", ";
  printLiteral(printer, getStopAttr());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getStartAttrName(), getStopAttrName()});
  printer << " : " << getType();
}

LogicalResult LinspaceOp::verify() { return verifyNumericVector(*this); }

//===----------------------------------------------------------------------===//
// EyeOp
//===----------------------------------------------------------------------===//

LogicalResult EyeOp::verify() {
  RankedTensorType type = getType();
  if (type.getRank() != 2 || !type.hasStaticShape())
    return emitOpError("expected a 2-D result of static shape, found ")
           << type;
  return success();
}

//===----------------------------------------------------------------------===//
// RandomUniformOp, RandomNormalOp
//===----------------------------------------------------------------------===//

LogicalResult RandomUniformOp::verify() {
  return verifyDynamicSizes(*this, getDynamicSizes());
}

LogicalResult RandomNormalOp::verify() {
  return verifyDynamicSizes(*this, getDynamicSizes());
}
