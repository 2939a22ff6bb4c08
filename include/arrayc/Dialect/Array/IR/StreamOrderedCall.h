//===- StreamOrderedCall.h - Runtime calls queued on a stream --*- C++ -*-===//
//
// A call into the runtime that queues device work (a cuBLASLt product, say)
// is marked with the operand that takes its stream (a null pointer until
// array-gpu-streams puts the stream of the op's position there) and the
// operands whose buffers the work writes; every other buffer operand is
// read. array-gpu-streams then orders the call like a kernel launch: waits
// on other streams' events where a buffer crosses streams, no host wait.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_STREAMORDEREDCALL_H
#define ARRAYC_DIALECT_ARRAY_IR_STREAMORDEREDCALL_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::array {

/// The attribute naming a stream-ordered call's stream operand (an i64).
constexpr StringLiteral kStreamOperandAttr = "array.stream_operand";
/// The attribute listing the operands whose buffers it writes.
constexpr StringLiteral kWrittenOperandsAttr = "array.written_operands";

struct StreamOrderedCall {
  unsigned streamOperand;
  ArrayRef<int64_t> writtenOperands;
};

inline void markStreamOrdered(Operation *call, unsigned streamOperand,
                              ArrayRef<int64_t> writtenOperands) {
  Builder b(call->getContext());
  call->setAttr(kStreamOperandAttr, b.getI64IntegerAttr(streamOperand));
  call->setAttr(kWrittenOperandsAttr,
                b.getDenseI64ArrayAttr(writtenOperands));
}

/// The marks of `call`, if it has both and they name operands it has.
inline std::optional<StreamOrderedCall> getStreamOrdered(Operation *call) {
  auto stream = call->getAttrOfType<IntegerAttr>(kStreamOperandAttr);
  auto written = call->getAttrOfType<DenseI64ArrayAttr>(kWrittenOperandsAttr);
  if (!stream || !written)
    return std::nullopt;
  int64_t operands = call->getNumOperands();
  if (stream.getInt() < 0 || stream.getInt() >= operands)
    return std::nullopt;
  for (int64_t index : written.asArrayRef())
    if (index < 0 || index >= operands)
      return std::nullopt;
  return StreamOrderedCall{static_cast<unsigned>(stream.getInt()),
                           written.asArrayRef()};
}

inline void clearStreamOrdered(Operation *call) {
  call->removeAttr(kStreamOperandAttr);
  call->removeAttr(kWrittenOperandsAttr);
}

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_STREAMORDEREDCALL_H
