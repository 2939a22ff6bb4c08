//===- SparseFormat.h - The sparse matrix formats of the dialect -*- C++
//-*-===//
//
// Which `#sparse_tensor.encoding`s the sparse ops accept (ArraySparseOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_SPARSEFORMAT_H
#define ARRAYC_DIALECT_ARRAY_IR_SPARSEFORMAT_H

#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace mlir::array {

enum class SparseFormat { CSR, CSC, COO };

/// The format of a rank-2 tensor type with a CSR, CSC or COO encoding;
/// nullopt for any other type (dense ones included).
std::optional<SparseFormat> getSparseFormat(Type type);

/// "CSR", "CSC" or "COO".
StringRef stringifySparseFormat(SparseFormat format);

/// The tensor type of a `shape` matrix of `element` in `format`, with
/// `posWidth` and `crdWidth` (0 is index).
RankedTensorType getSparseMatrixType(SparseFormat format,
                                     ArrayRef<int64_t> shape, Type element,
                                     unsigned posWidth, unsigned crdWidth);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_SPARSEFORMAT_H
