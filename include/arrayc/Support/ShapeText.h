//===- ShapeText.h - Sizes in verifier messages and checks -----*- C++ -*-===//
//
// The small size helpers every verifier of both dialects uses: a size as
// diagnostics print it and whether two sizes conflict before run time.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_SUPPORT_SHAPETEXT_H
#define ARRAYC_SUPPORT_SHAPETEXT_H

#include "mlir/IR/BuiltinTypeInterfaces.h"

#include <string>

namespace mlir::array {

/// `size` as diagnostics print it: "?" when dynamic.
inline std::string sizeText(int64_t size) {
  return ShapedType::isDynamic(size) ? "?" : std::to_string(size);
}

/// Whether sizes `a` and `b` are both static and differ (a dynamic size
/// is checked at run time).
inline bool staticMismatch(int64_t a, int64_t b) {
  return !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b;
}

} // namespace mlir::array

#endif // ARRAYC_SUPPORT_SHAPETEXT_H
