//===- RuntimeCalls.h - The one builder of arrayrt calls --------*- C++ -*-===//
//
// Every call into the runtime that compiled code makes is built here:
// RuntimeCall collects the arguments of one entry point in the C ABI of
// runtime/include/arrayrt/arrayrt.h (buffers as the `(int64_t rank, void
// *descriptor)` pair of an unranked memref, strings as constants, handles
// and streams as pointers, the ABI's enum values taken from that header)
// and declares the entry point from the arguments' types on first use.
// convert-arrayrt-to-calls (ArrayrtToCalls.cpp, CsrToCalls.cpp) is its only
// user.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_ARRAYRTTOCALLS_RUNTIMECALLS_H
#define ARRAYC_LIB_CONVERSION_ARRAYRTTOCALLS_RUNTIMECALLS_H

#include "arrayrt/arrayrt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::arrayrt {

/// The arrayrt_dtype_t of element type `type`, if it has one.
std::optional<arrayrt_dtype_t> getDtype(Type type);

/// The dtype suffix of a runtime entry point, as in `arrayrt_print_f32`.
std::string getDtypeSuffix(Type type);

/// The address of a NUL-terminated string constant holding `text`, an
/// internal global named `name` (or `name_N`), shared by equal texts.
Value getStringConstant(OpBuilder &b, Operation *user, StringRef name,
                        StringRef text);

/// `value` (a stream, event or CSR handle) as the runtime's pointer, and
/// back: unrealized casts that meet and cancel once both sides are
/// lowered.
Value toPointer(OpBuilder &b, Location loc, Value value);
Value fromPointer(OpBuilder &b, Location loc, Value pointer, Type type);

/// The aligned address of `buffer`'s data as a pointer (for entry points
/// that take a plain `int64_t *`).
Value getDataPointer(OpBuilder &b, Location loc, Value buffer);

/// One call of a runtime entry point under construction.
class RuntimeCall {
public:
  RuntimeCall(OpBuilder &b, Operation *op);

  RuntimeCall &add(Value value);
  /// A buffer as the `(rank, descriptor)` pair of its unranked memref.
  RuntimeCall &addBuffer(Value buffer);
  /// A buffer as an unranked memref (the print entry points take one).
  RuntimeCall &addUnranked(Value buffer);
  RuntimeCall &addI32(int32_t value);
  RuntimeCall &addI64(int64_t value);
  RuntimeCall &addF64(double value);
  /// An index value as an int64_t.
  RuntimeCall &addIndex(Value index);
  /// The arrayrt_dtype_t of `element` (the caller has checked it has one).
  RuntimeCall &addDtype(Type element);
  /// A string constant (a path, a name), named after `name`.
  RuntimeCall &addString(StringRef name, StringRef text);
  /// The op's `file:line:col`, or null without a source location.
  RuntimeCall &addLocation();
  /// The op's label ("array.exp @ prog.mlir:12:5"), or null.
  RuntimeCall &addLabel();
  RuntimeCall &addNull();
  /// A stream, event or CSR handle as its pointer.
  RuntimeCall &addHandle(Value handle);
  /// The stream to queue on: `stream`, or null (the legacy default stream)
  /// without one.
  RuntimeCall &addStream(Value stream);

  /// Declares `name` (first use) from the arguments' types and `results`,
  /// and calls it; fails, with an error at the op, when the module already
  /// has a different symbol of that name.
  FailureOr<func::CallOp> call(StringRef name, TypeRange results = {});

  OpBuilder &builder() { return b; }
  Location getLoc() const { return loc; }
  Type getPointerType() const { return ptrType; }

private:
  OpBuilder &b;
  Operation *op;
  Location loc;
  Type ptrType;
  SmallVector<Value> values;
};

/// Adds the patterns of CsrToCalls.cpp: the arrayrt CSR ops on buffers to
/// arrayrt_csr_* calls.
void populateCsrToCallsPatterns(RewritePatternSet &patterns);

/// Adds the pattern of LaunchToCalls.cpp: arrayrt.launch_image to
/// arrayrt_launch_image with the image embedded.
void populateLaunchToCallsPatterns(RewritePatternSet &patterns);

} // namespace mlir::arrayrt

#endif // ARRAYC_LIB_CONVERSION_ARRAYRTTOCALLS_RUNTIMECALLS_H
