//===- BufferPlacement.h - Which buffers live in GPU memory ----*- C++ -*-===//
//
// The analysis behind array-gpu-device-memory. A bufferized module's memref
// values are split into classes of values that may name the same memory:
// a view or cast joins its source, a loop's init, region arguments, yields
// and results join each other, as do a branch op's yields and results, and
// a call's operands and results join the callee's arguments and returned
// values. Each class is placed as a whole: in GPU memory when a kernel or a
// runtime operation that works on device memory uses one of its values,
// in host memory when only host code touches it. The arguments and
// results of exported functions (#arrayrt.export) are in GPU memory. A
// class that neither side reads (only copied, passed on, printed or freed)
// and is copied from a device class lives on the device too. Host
// code that loads from
// or stores to a device class must go through a copy
// (array-gpu-device-memory stages it).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_DIALECT_ARRAY_TRANSFORMS_BUFFERPLACEMENT_H
#define ARRAYC_LIB_DIALECT_ARRAY_TRANSFORMS_BUFFERPLACEMENT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntEqClasses.h"

namespace mlir::array {

/// How an operation uses a buffer operand, for placement.
enum class BufferUse {
  /// Passes the buffer on or reads its metadata: a view, a yield, a call,
  /// a dealloc, memref.dim, a contiguous copy (host and device both work).
  Neutral,
  /// Host code reads or writes elements (memref.load/store outside a
  /// kernel, a runtime call that fills host memory).
  Host,
  /// A kernel or a device-side runtime operation reads or writes it.
  Device,
};

/// How `use`'s owner uses the buffer it names.
BufferUse classifyBufferUse(OpOperand &use);

/// True when gpu.memcpy (and the runtime's plain copies) can move `type`:
/// an identity layout, so its elements are one contiguous range from the
/// aligned pointer.
bool isCopyable(MemRefType type);

class BufferPlacement {
public:
  explicit BufferPlacement(ModuleOp module);

  /// True when the class of the memref value `buffer` lives on the device.
  bool onDevice(Value buffer) const;

private:
  unsigned id(Value value);
  void join(Value a, Value b);
  void joinAll(ValueRange values, ValueRange others);
  void addFlowEdges(Operation *op);

  DenseMap<Value, unsigned> ids;
  llvm::IntEqClasses classes;
  /// The leaders of the device classes, after compression.
  llvm::DenseSet<unsigned> deviceClasses;
};

} // namespace mlir::array

#endif // ARRAYC_LIB_DIALECT_ARRAY_TRANSFORMS_BUFFERPLACEMENT_H
