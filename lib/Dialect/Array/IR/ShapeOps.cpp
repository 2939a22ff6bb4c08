//===- ShapeOps.cpp - array shape ops -------------------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Support/ShapeText.h"

#include "FillLiteral.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <numeric>

using namespace mlir;
using namespace mlir::array;

/// `axis` made non-negative for an array of rank `rank` (NumPy counts
/// negative axes from the end), or an error.
static FailureOr<int64_t> normalizeAxis(Operation *op, int64_t axis,
                                        int64_t rank,
                                        StringRef whose = "") {
  if (axis < -rank || axis >= rank) {
    InFlightDiagnostic diag = op->emitOpError("axis ")
                              << axis << " is out of range for rank " << rank;
    if (!whose.empty())
      diag << " (" << whose << ")";
    return diag;
  }
  return axis < 0 ? axis + rank : axis;
}

static LogicalResult verifySameElementType(Operation *op, Type operand,
                                           Type result) {
  Type a = cast<RankedTensorType>(operand).getElementType();
  Type b = cast<RankedTensorType>(result).getElementType();
  if (a != b)
    return op->emitOpError("result element type ")
           << b << " differs from the operand's " << a;
  return success();
}

static LogicalResult verifyResultShape(Operation *op,
                                       ArrayRef<int64_t> expected,
                                       StringRef why = "") {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (type.getShape() == expected)
    return success();
  InFlightDiagnostic diag = op->emitOpError("result shape ")
                            << formatShape(type.getShape()) << " should be "
                            << formatShape(expected);
  if (!why.empty())
    diag << " (" << why << ")";
  return diag;
}

/// The result element type NumPy gives for joining arrays of these types.
static LogicalResult verifyPromotedResult(Operation *op) {
  SmallVector<Type> types;
  for (Value input : op->getOperands())
    types.push_back(cast<RankedTensorType>(input.getType()).getElementType());
  FailureOr<Type> expected =
      promoteElementTypes(types, [&] { return op->emitOpError(); });
  if (failed(expected))
    return failure();
  Type actual =
      cast<RankedTensorType>(op->getResult(0).getType()).getElementType();
  if (actual != *expected)
    return op->emitOpError("result element type ")
           << actual << " should be " << *expected << " ("
           << numpyName(*expected)
           << "), the promotion of the operands' element types";
  return success();
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  if (failed(verifySameElementType(*this, getOperand().getType(), getType())))
    return failure();
  RankedTensorType source = getOperand().getType();
  RankedTensorType result = getType();
  if (!result.hasStaticShape())
    return emitOpError("result shape ")
           << formatShape(result.getShape()) << " must be static";
  if (source.hasStaticShape() &&
      source.getNumElements() != result.getNumElements())
    return emitOpError("cannot reshape ")
           << formatShape(source.getShape()) << " (" << source.getNumElements()
           << " elements) into " << formatShape(result.getShape()) << " ("
           << result.getNumElements() << " elements)";
  if (!source.hasStaticShape()) {
    // The static part of the source must divide the result's count.
    int64_t known = 1;
    for (int64_t size : source.getShape())
      if (!ShapedType::isDynamic(size))
        known *= size;
    if (known == 0 ? result.getNumElements() != 0
                   : result.getNumElements() % known != 0)
      return emitOpError("cannot reshape ")
             << formatShape(source.getShape()) << " (a multiple of " << known
             << " elements) into " << formatShape(result.getShape()) << " ("
             << result.getNumElements() << " elements)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

SmallVector<int64_t> TransposeOp::getEffectivePermutation() {
  if (std::optional<ArrayRef<int64_t>> permutation = getPermutation())
    return SmallVector<int64_t>(*permutation);
  int64_t rank = getOperand().getType().getRank();
  SmallVector<int64_t> reversed(rank);
  for (int64_t i = 0; i < rank; ++i)
    reversed[i] = rank - 1 - i;
  return reversed;
}

LogicalResult TransposeOp::verify() {
  if (failed(verifySameElementType(*this, getOperand().getType(), getType())))
    return failure();
  RankedTensorType source = getOperand().getType();
  int64_t rank = source.getRank();
  SmallVector<int64_t> permutation = getEffectivePermutation();
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitOpError("permutation has ")
           << permutation.size() << " entries for an operand of rank " << rank;
  SmallVector<bool> seen(rank, false);
  for (int64_t axis : permutation) {
    if (axis < 0 || axis >= rank || seen[axis])
      return emitOpError("permutation ")
             << formatShape(permutation) << " is not a permutation of the "
             << rank << " axes 0.." << rank - 1;
    seen[axis] = true;
  }
  SmallVector<int64_t> expected;
  for (int64_t axis : permutation)
    expected.push_back(source.getDimSize(axis));
  return verifyResultShape(*this, expected, "the operand shape " +
                                                formatShape(source.getShape()) +
                                                " permuted by " +
                                                formatShape(permutation));
}

//===----------------------------------------------------------------------===//
// BroadcastToOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastToOp::verify() {
  if (failed(verifySameElementType(*this, getOperand().getType(), getType())))
    return failure();
  ArrayRef<int64_t> source = getOperand().getType().getShape();
  ArrayRef<int64_t> result = getType().getShape();
  if (source.size() > result.size())
    return emitOpError("cannot broadcast ")
           << formatShape(source) << " to " << formatShape(result)
           << " of lower rank";
  int64_t offset = result.size() - source.size();
  for (auto [dim, size] : llvm::enumerate(result)) {
    int64_t operandDim = static_cast<int64_t>(dim) - offset;
    int64_t operandSize = operandDim < 0 ? 1 : source[operandDim];
    if (ShapedType::isDynamic(size)) {
      if (!ShapedType::isDynamic(operandSize))
        return emitOpError("dynamic result dimension ")
               << dim
               << " needs a dynamic operand dimension to take its size "
                  "from, found "
               << (operandDim < 0 ? "none" : sizeText(operandSize));
      continue;
    }
    if (operandSize == 1 || ShapedType::isDynamic(operandSize) ||
        operandSize == size)
      continue;
    return emitOpError("cannot broadcast ")
           << formatShape(source) << " to " << formatShape(result)
           << " (dimension " << dim << ": " << operandSize << " vs " << size
           << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandDimsOp::verify() {
  if (failed(verifySameElementType(*this, getOperand().getType(), getType())))
    return failure();
  ArrayRef<int64_t> source = getOperand().getType().getShape();
  FailureOr<int64_t> axis =
      normalizeAxis(*this, getAxis(), source.size() + 1, "the result's");
  if (failed(axis))
    return failure();
  SmallVector<int64_t> expected(source);
  expected.insert(expected.begin() + *axis, 1);
  return verifyResultShape(*this, expected);
}

//===----------------------------------------------------------------------===//
// SqueezeOp
//===----------------------------------------------------------------------===//

SmallVector<int64_t> SqueezeOp::getEffectiveAxes() {
  RankedTensorType source = getOperand().getType();
  int64_t rank = source.getRank();
  SmallVector<int64_t> axes;
  if (std::optional<ArrayRef<int64_t>> given = getAxes()) {
    for (int64_t axis : *given)
      axes.push_back(axis < 0 ? axis + rank : axis);
    llvm::sort(axes);
    return axes;
  }
  for (int64_t dim = 0; dim < rank; ++dim)
    if (source.getDimSize(dim) == 1)
      axes.push_back(dim);
  return axes;
}

LogicalResult SqueezeOp::verify() {
  if (failed(verifySameElementType(*this, getOperand().getType(), getType())))
    return failure();
  RankedTensorType source = getOperand().getType();
  int64_t rank = source.getRank();
  SmallVector<bool> squeezed(rank, false);
  for (int64_t given : getAxes().value_or(ArrayRef<int64_t>())) {
    FailureOr<int64_t> axis = normalizeAxis(*this, given, rank);
    if (failed(axis))
      return failure();
    if (squeezed[*axis])
      return emitOpError("axis ") << given << " is repeated";
    squeezed[*axis] = true;
    int64_t size = source.getDimSize(*axis);
    if (size != 1)
      return emitOpError("cannot squeeze axis ")
             << given << " of size " << sizeText(size)
             << " (only axes of static size 1 can be squeezed)";
  }
  SmallVector<int64_t> expected;
  SmallVector<int64_t> axes = getEffectiveAxes();
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!llvm::is_contained(axes, dim))
      expected.push_back(source.getDimSize(dim));
  return verifyResultShape(*this, expected);
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

/// The number of elements of a normalized slice.
static int64_t sliceLength(int64_t start, int64_t stop, int64_t step) {
  if (step > 0)
    return stop > start ? (stop - start + step - 1) / step : 0;
  return start > stop ? (start - stop - step - 1) / -step : 0;
}

/// Python's slice.indices: resolves omitted and negative bounds against
/// `size`.
static void resolveSlice(std::optional<int64_t> start,
                         std::optional<int64_t> stop, int64_t step,
                         int64_t size, int64_t &first, int64_t &last) {
  auto clamp = [&](int64_t value, int64_t low, int64_t high) {
    if (value < 0)
      value += size;
    return std::clamp(value, low, high);
  };
  if (step > 0) {
    first = start ? clamp(*start, 0, size) : 0;
    last = stop ? clamp(*stop, 0, size) : size;
  } else {
    first = start ? clamp(*start, -1, size - 1) : size - 1;
    last = stop ? clamp(*stop, -1, size - 1) : -1;
  }
}

ParseResult SliceOp::parse(OpAsmParser &parser, OperationState &result) {
  struct Spec {
    std::optional<int64_t> start, stop;
    int64_t step = 1;
    SMLoc loc;
  };
  OpAsmParser::UnresolvedOperand operand;
  SmallVector<Spec> specs;
  auto parseBound = [&](std::optional<int64_t> &bound) -> ParseResult {
    int64_t value;
    OptionalParseResult parsed = parser.parseOptionalInteger(value);
    if (parsed.has_value()) {
      if (failed(*parsed))
        return failure();
      bound = value;
    }
    return success();
  };
  auto parseSpec = [&]() -> ParseResult {
    Spec spec;
    spec.loc = parser.getCurrentLocation();
    if (parseBound(spec.start) || parser.parseColon() ||
        parseBound(spec.stop))
      return failure();
    if (succeeded(parser.parseOptionalColon())) {
      std::optional<int64_t> step;
      if (parseBound(step))
        return failure();
      if (step && *step == 0)
        return parser.emitError(spec.loc, "slice step cannot be zero");
      spec.step = step.value_or(1);
    }
    specs.push_back(spec);
    return success();
  };
  RankedTensorType sourceType, resultType;
  SMLoc typeLoc;
  if (parser.parseOperand(operand) ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                     parseSpec) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(sourceType) ||
      parser.parseArrow() || parser.parseType(resultType))
    return failure();
  int64_t rank = sourceType.getRank();
  if (static_cast<int64_t>(specs.size()) > rank)
    return parser.emitError(typeLoc, "expected at most ")
           << rank << " slices for an operand of rank " << rank << ", found "
           << specs.size();
  SmallVector<int64_t> starts, stops, steps;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Spec spec = dim < static_cast<int64_t>(specs.size()) ? specs[dim] : Spec();
    int64_t size = sourceType.getDimSize(dim);
    if (ShapedType::isDynamic(size))
      return parser.emitError(typeLoc, "dimension ")
             << dim << " of the operand is dynamic; array.slice needs a "
                       "static operand shape";
    int64_t first, last;
    resolveSlice(spec.start, spec.stop, spec.step, size, first, last);
    starts.push_back(first);
    stops.push_back(last);
    steps.push_back(spec.step);
  }
  Builder &b = parser.getBuilder();
  result.addAttribute(getStartAttrName(result.name),
                      b.getDenseI64ArrayAttr(starts));
  result.addAttribute(getStopAttrName(result.name),
                      b.getDenseI64ArrayAttr(stops));
  result.addAttribute(getStepAttrName(result.name),
                      b.getDenseI64ArrayAttr(steps));
  result.addTypes(resultType);
  return parser.resolveOperand(operand, sourceType, result.operands);
}

void SliceOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getOperand() << " [";
  RankedTensorType source = getOperand().getType();
  for (int64_t dim = 0; dim < source.getRank(); ++dim) {
    if (dim)
      printer << ", ";
    int64_t start = getStart()[dim], stop = getStop()[dim],
            step = getStep()[dim], size = source.getDimSize(dim);
    bool fullStart = step > 0 ? start == 0 : start == size - 1;
    bool fullStop = step > 0 ? stop == size : stop == -1;
    if (!fullStart)
      printer << start;
    printer << ':';
    if (!fullStop)
      printer << stop;
    if (step != 1)
      printer << ':' << step;
  }
  printer << ']';
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getStartAttrName(), getStopAttrName(),
                                 getStepAttrName()});
  printer << " : " << source << " -> " << getType();
}

LogicalResult SliceOp::verify() {
  if (failed(verifySameElementType(*this, getOperand().getType(), getType())))
    return failure();
  RankedTensorType source = getOperand().getType();
  int64_t rank = source.getRank();
  if (static_cast<int64_t>(getStart().size()) != rank ||
      static_cast<int64_t>(getStop().size()) != rank ||
      static_cast<int64_t>(getStep().size()) != rank)
    return emitOpError("expected ")
           << rank << " start, stop and step values for an operand of rank "
           << rank << ", found " << getStart().size() << ", "
           << getStop().size() << " and " << getStep().size();
  if (!source.hasStaticShape())
    return emitOpError("operand shape ")
           << formatShape(source.getShape())
           << " must be static (dynamic slicing is not supported yet)";
  SmallVector<int64_t> expected;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t start = getStart()[dim], stop = getStop()[dim],
            step = getStep()[dim], size = source.getDimSize(dim);
    if (step == 0)
      return emitOpError("slice step of dimension ") << dim << " is zero";
    int64_t low = step > 0 ? 0 : -1, high = step > 0 ? size : size - 1;
    if (start < low || start > high || stop < low || stop > high)
      return emitOpError("slice ")
             << start << ":" << stop << ":" << step << " of dimension " << dim
             << " is not normalized for size " << size << " (start and stop in ["
             << low << ", " << high << "] for a " 
             << (step > 0 ? "positive" : "negative") << " step)";
    expected.push_back(sliceLength(start, stop, step));
  }
  return verifyResultShape(*this, expected, "the lengths of the slices");
}

//===----------------------------------------------------------------------===//
// ConcatenateOp
//===----------------------------------------------------------------------===//

/// Combines size `size` of an operand with `combined` in an axis where all
/// must agree: static sizes must be equal (false if not); a dynamic size
/// takes a static size it meets.
static bool combineEqualSizes(int64_t &combined, int64_t size) {
  if (ShapedType::isDynamic(size))
    return true;
  if (ShapedType::isDynamic(combined)) {
    combined = size;
    return true;
  }
  return combined == size;
}

LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError("expected at least one operand");
  if (failed(verifyPromotedResult(*this)))
    return failure();
  auto first = cast<RankedTensorType>(getInputs()[0].getType());
  int64_t rank = first.getRank();
  if (rank == 0)
    return emitOpError("cannot concatenate rank-0 arrays");
  FailureOr<int64_t> axis = normalizeAxis(*this, getAxis(), rank);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> expected(first.getShape());
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getRank() != rank)
      return emitOpError("operand ")
             << index << " has rank " << type.getRank() << ", expected "
             << rank << " (the rank of operand 0)";
    if (index == 0)
      continue;
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t size = type.getDimSize(dim);
      if (dim == *axis) {
        expected[dim] = ShapedType::isDynamic(expected[dim]) ||
                                ShapedType::isDynamic(size)
                            ? ShapedType::kDynamic
                            : expected[dim] + size;
        continue;
      }
      if (!combineEqualSizes(expected[dim], size))
        return emitOpError("operand shapes ")
               << formatShape(first.getShape()) << " and "
               << formatShape(type.getShape()) << " (operand " << index
               << ") differ in dimension " << dim
               << ", which is not the concatenation axis " << *axis;
    }
  }
  return verifyResultShape(*this, expected);
}

//===----------------------------------------------------------------------===//
// StackOp
//===----------------------------------------------------------------------===//

LogicalResult StackOp::verify() {
  if (getInputs().empty())
    return emitOpError("expected at least one operand");
  if (failed(verifyPromotedResult(*this)))
    return failure();
  auto first = cast<RankedTensorType>(getInputs()[0].getType());
  int64_t rank = first.getRank();
  FailureOr<int64_t> axis =
      normalizeAxis(*this, getAxis(), rank + 1, "the result's");
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(first.getShape());
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto type = cast<RankedTensorType>(input.getType());
    bool same = type.getRank() == rank;
    for (int64_t dim = 0; same && dim < rank; ++dim)
      same = combineEqualSizes(shape[dim], type.getDimSize(dim));
    if (!same)
      return emitOpError("operand shapes ")
             << formatShape(first.getShape()) << " and "
             << formatShape(type.getShape()) << " (operand " << index
             << ") differ; stacked arrays must have one shape";
  }
  shape.insert(shape.begin() + *axis,
               static_cast<int64_t>(getInputs().size()));
  return verifyResultShape(*this, shape);
}

//===----------------------------------------------------------------------===//
// PadOp
//===----------------------------------------------------------------------===//

ParseResult PadOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand operand;
  Attribute literal = parser.getBuilder().getI64IntegerAttr(0);
  RankedTensorType sourceType, resultType;
  auto parseWidths = [&](StringRef keyword, StringRef name) -> ParseResult {
    DenseI64ArrayAttr widths;
    if (parser.parseKeyword(keyword))
      return failure();
    widths = dyn_cast_or_null<DenseI64ArrayAttr>(
        DenseI64ArrayAttr::parse(parser, Type()));
    if (!widths)
      return failure();
    result.addAttribute(name, widths);
    return success();
  };
  if (parser.parseOperand(operand) ||
      parseWidths("low", getLowAttrName(result.name).getValue()) ||
      parseWidths("high", getHighAttrName(result.name).getValue()))
    return failure();
  SMLoc valueLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("value")) &&
      detail::parseFillLiteral(parser, literal))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(sourceType) || parser.parseArrow() ||
      parser.parseType(resultType))
    return failure();
  FailureOr<TypedAttr> value =
      detail::castLiteral(literal, resultType.getElementType(),
                          [&] { return parser.emitError(valueLoc); });
  if (failed(value))
    return failure();
  result.addAttribute(getValueAttrName(result.name), *value);
  result.addTypes(resultType);
  return parser.resolveOperand(operand, sourceType, result.operands);
}

void PadOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getOperand() << " low ";
  printer.printStrippedAttrOrType(getLowAttr());
  printer << " high ";
  printer.printStrippedAttrOrType(getHighAttr());
  printer << " value ";
  detail::printFillLiteral(printer, getValue());
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getLowAttrName(), getHighAttrName(), getValueAttrName()});
  printer << " : " << getOperand().getType() << " -> " << getType();
}

LogicalResult PadOp::verify() {
  if (failed(verifySameElementType(*this, getOperand().getType(), getType())))
    return failure();
  RankedTensorType source = getOperand().getType();
  int64_t rank = source.getRank();
  if (getValue().getType() != source.getElementType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from the element type "
           << source.getElementType();
  if (static_cast<int64_t>(getLow().size()) != rank ||
      static_cast<int64_t>(getHigh().size()) != rank)
    return emitOpError("expected ")
           << rank << " low and high pad widths for an operand of rank "
           << rank << ", found " << getLow().size() << " and "
           << getHigh().size();
  SmallVector<int64_t> expected;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t low = getLow()[dim], high = getHigh()[dim];
    if (low < 0 || high < 0)
      return emitOpError("pad widths must be non-negative, found ")
             << low << " before and " << high << " after dimension " << dim;
    int64_t size = source.getDimSize(dim);
    expected.push_back(ShapedType::isDynamic(size) ? size : size + low + high);
  }
  return verifyResultShape(*this, expected);
}

//===----------------------------------------------------------------------===//
// TakeOp
//===----------------------------------------------------------------------===//

LogicalResult TakeOp::verify() {
  RankedTensorType source = getOperand().getType();
  if (failed(verifySameElementType(*this, source, getType())))
    return failure();
  if (source.getRank() == 0)
    return emitOpError("cannot take along an axis of a rank-0 array");
  FailureOr<int64_t> axis = normalizeAxis(*this, getAxis(), source.getRank());
  if (failed(axis))
    return failure();
  if (source.getDimSize(*axis) == 0)
    return emitOpError("cannot take from axis ")
           << *axis << " of size 0";
  ArrayRef<int64_t> shape = source.getShape();
  SmallVector<int64_t> expected(shape.take_front(*axis));
  llvm::append_range(expected, getIndices().getType().getShape());
  llvm::append_range(expected, shape.drop_front(*axis + 1));
  return verifyResultShape(
      *this, expected,
      "the operand shape with axis " + std::to_string(*axis) +
          " replaced by the indices' shape");
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  // Row-major order is kept by both, so only the innermost source matters.
  if (auto inner = getOperand().getDefiningOp<ReshapeOp>()) {
    getOperandMutable().assign(inner.getOperand());
    return getResult();
  }
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  SmallVector<int64_t> permutation = getEffectivePermutation();
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return getOperand();
  auto inner = getOperand().getDefiningOp<TransposeOp>();
  if (!inner)
    return {};
  // Result axis i is inner's axis permutation[i], which is the source's
  // axis innerPermutation[permutation[i]].
  SmallVector<int64_t> innerPermutation = inner.getEffectivePermutation();
  SmallVector<int64_t> composed;
  for (int64_t axis : permutation)
    composed.push_back(innerPermutation[axis]);
  if (llvm::equal(composed, llvm::seq<int64_t>(0, composed.size())) &&
      inner.getOperand().getType() == getType())
    return inner.getOperand();
  getOperandMutable().assign(inner.getOperand());
  setPermutation(composed);
  return getResult();
}

OpFoldResult BroadcastToOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  // Broadcasting is transitive: the outer target shape decides.
  if (auto inner = getOperand().getDefiningOp<BroadcastToOp>()) {
    getOperandMutable().assign(inner.getOperand());
    return getResult();
  }
  return {};
}
