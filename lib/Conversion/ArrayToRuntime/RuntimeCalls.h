//===- RuntimeCalls.h - Helpers of the arrayrt call patterns ----*- C++ -*-===//
//
// Shared by the patterns of convert-array-to-runtime (ArrayToRuntime.cpp,
// CsrToRuntime.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_ARRAYTORUNTIME_RUNTIMECALLS_H
#define ARRAYC_LIB_CONVERSION_ARRAYTORUNTIME_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

#include <cstdint>
#include <optional>
#include <utility>

// Defined in ArrayToRuntime.cpp (global namespace, as its patterns).

/// arrayrt_dtype_t of runtime/include/arrayrt/arrayrt.h, whose values are
/// part of the ABI.
enum NpyDtype : int32_t {
  kNpyI1 = 0,
  kNpyI8 = 1,
  kNpyI16 = 2,
  kNpyI32 = 3,
  kNpyI64 = 4,
  kNpyUI8 = 5,
  kNpyUI16 = 6,
  kNpyUI32 = 7,
  kNpyUI64 = 8,
  kNpyF16 = 9,
  kNpyBF16 = 10,
  kNpyF32 = 11,
  kNpyF64 = 12,
};

/// The arrayrt_dtype_t code of element type `type`, if it has one.
std::optional<NpyDtype> getNpyDtype(mlir::Type type);

/// The declaration of runtime function `name`, added to the module on first
/// use; fails, with an error at `user`, when the module already has a
/// different symbol of that name.
mlir::FailureOr<mlir::func::FuncOp>
getOrDeclare(mlir::OpBuilder &rewriter, mlir::Operation *user,
             mlir::StringRef name, mlir::FunctionType type);

/// The address of a NUL-terminated string constant holding `text`, an
/// internal global named `name` (or `name_N`), shared by equal texts.
mlir::Value getStringConstant(mlir::OpBuilder &rewriter,
                              mlir::Operation *user, mlir::StringRef name,
                              mlir::StringRef text);

/// `op`'s `file:line:col` as a string constant, or a null pointer.
mlir::Value getLocationString(mlir::OpBuilder &rewriter,
                              mlir::Operation *op);

/// `buffer` as the `(int64_t rank, void *descriptor)` pair of an unranked
/// memref.
std::pair<mlir::Value, mlir::Value>
getUnrankedDescriptor(mlir::PatternRewriter &rewriter, mlir::Location loc,
                      mlir::Value buffer);

namespace mlir {
namespace array {

/// The patterns of CsrToRuntime.cpp: the array.csr_* ops on buffers to
/// arrayrt_csr_* calls queued on the op's stream.
void populateCsrToRuntimePatterns(RewritePatternSet &patterns);

/// Fails, with an error, when `op` is an array.csr_* op (or has a CSR
/// handle operand) that the patterns left.
LogicalResult verifyCsrLowered(Operation *op);

} // namespace array
} // namespace mlir

#endif // ARRAYC_LIB_CONVERSION_ARRAYTORUNTIME_RUNTIMECALLS_H
