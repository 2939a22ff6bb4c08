//===- GraphWork.h - What a loop's host code queues on the GPU --*- C++ -*-===//
//
// The analysis array-graph-regions and array-graph-while share: which
// device operations a block of host code queues, on which streams, and
// whether it makes the host wait.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_ARRAYRTTOCALLS_GRAPHWORK_H
#define ARRAYC_LIB_CONVERSION_ARRAYRTTOCALLS_GRAPHWORK_H

#include "mlir/IR/Block.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>

namespace mlir::arrayrt {

/// What one run of a block of host code queues and waits for.
struct GraphWork {
  /// Device operations, those of nested loops counted twice (they run
  /// many times).
  int deviceOps = 0;
  /// The one stream they are queued on; null when none is known.
  Value stream;
  /// Work on more than one stream, or a stream made inside the block's op.
  bool otherStreams = false;
  /// The host waits for the device, or reads or writes files.
  bool waits = false;
};

/// The work of `block`, whose parent op is a loop; the ops of `skip` (and
/// what they hold) are not looked at.
GraphWork analyzeGraphWork(Block *block,
                           const SmallPtrSetImpl<Operation *> *skip = nullptr);

/// The !arrayrt.stream a GPU op's async dependency stands for
/// (array-gpu-streams casts the stream to a token), or null.
Value streamOfToken(Value token);

/// "main: scf.for at prog.mlir:27:5" (without a source line: no "at").
std::string graphRegionName(Operation *loop);

} // namespace mlir::arrayrt

#endif // ARRAYC_LIB_CONVERSION_ARRAYRTTOCALLS_GRAPHWORK_H
