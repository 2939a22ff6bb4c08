//===- ScalarConstants.h - scalar constants of array programs ---*- C++ -*-===//
//
// The library patterns read scales and masks' fill values from the scalar
// constants a program writes (`array.full`, splat `array.constant`).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_ARRAYTOLIBRARY_SCALARCONSTANTS_H
#define ARRAYC_LIB_CONVERSION_ARRAYTOLIBRARY_SCALARCONSTANTS_H

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include <optional>

namespace mlir::array {

/// The scalar constant `value` holds (`array.full`, or a splat
/// `array.constant`, of rank 0 or of size-1 dimensions only) of a float
/// type.
inline FloatAttr scalarConstantAttr(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !isa<FloatType>(type.getElementType()) ||
      !llvm::all_of(type.getShape(), [](int64_t size) { return size == 1; }))
    return {};
  Attribute attr;
  if (auto full = value.getDefiningOp<FullOp>())
    attr = full.getValue();
  else if (auto constant = value.getDefiningOp<ConstantOp>())
    if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
        dense && dense.isSplat())
      attr = dense.getSplatValue<Attribute>();
  return dyn_cast_or_null<FloatAttr>(attr);
}

inline std::optional<double> scalarConstant(Value value) {
  if (FloatAttr attr = scalarConstantAttr(value))
    return attr.getValueAsDouble();
  return std::nullopt;
}

} // namespace mlir::array

#endif // ARRAYC_LIB_CONVERSION_ARRAYTOLIBRARY_SCALARCONSTANTS_H
