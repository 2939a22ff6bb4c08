//===- Broadcast.cpp - NumPy broadcasting rules ---------------------------===//

#include "arrayc/Dialect/Array/IR/Broadcast.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Support/ShapeText.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

std::string array::formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(shape, os, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << '?';
    else
      os << size;
  });
  os << ']';
  return text;
}

std::optional<SmallVector<int64_t>>
array::broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes,
                       std::string *error) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());

  SmallVector<int64_t> result(rank, 1);
  for (size_t dim = 0; dim < rank; ++dim) {
    // The operand (and its size) that fixed this dimension so far.
    std::optional<size_t> staticOwner;
    bool anyDynamic = false;
    for (auto [index, shape] : llvm::enumerate(shapes)) {
      size_t offset = rank - shape.size();
      if (dim < offset)
        continue;
      int64_t size = shape[dim - offset];
      if (ShapedType::isDynamic(size)) {
        anyDynamic = true;
        continue;
      }
      if (size == 1)
        continue;
      if (!staticOwner) {
        staticOwner = index;
        result[dim] = size;
        continue;
      }
      if (result[dim] == size)
        continue;
      if (error) {
        ArrayRef<int64_t> first = shapes[*staticOwner];
        llvm::raw_string_ostream os(*error);
        os << "operand shapes " << formatShape(first) << " and "
           << formatShape(shape) << " do not broadcast (dimension " << dim
           << ": " << sizeText(result[dim]) << " vs " << size << ")";
      }
      return std::nullopt;
    }
    if (!staticOwner && anyDynamic)
      result[dim] = ShapedType::kDynamic;
  }
  return result;
}

/// `float32, int64` for messages.
static std::string formatTypeNames(ArrayRef<Type> types) {
  std::string names;
  for (Type type : types)
    names += (names.empty() ? "" : ", ") + array::numpyName(type);
  return names;
}

LogicalResult array::verifyElementwiseOp(Operation *op) {
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<ArrayRef<int64_t>> shapes;
  SmallVector<Type> elementTypes;
  for (Value operand : op->getOperands()) {
    auto type = cast<RankedTensorType>(operand.getType());
    shapes.push_back(type.getShape());
    elementTypes.push_back(type.getElementType());
  }

  std::string error;
  std::optional<SmallVector<int64_t>> shape = broadcastShapes(shapes, &error);
  if (!shape)
    return op->emitOpError(error);
  if (ArrayRef<int64_t>(*shape) != resultType.getShape())
    return op->emitOpError("result shape ")
           << formatShape(resultType.getShape())
           << " does not match the broadcast shape " << formatShape(*shape)
           << " of the operands";

  FailureOr<Type> expected =
      cast<ElementwiseOpInterface>(op).inferResultElementType(
          elementTypes, [&] { return op->emitOpError(); });
  if (failed(expected))
    return failure();
  if (*expected != resultType.getElementType())
    return op->emitOpError("result element type ")
           << resultType.getElementType() << " should be " << *expected
           << " (" << numpyName(*expected) << ") for operands of "
           << formatTypeNames(elementTypes);
  return success();
}
