//===- CollectiveOps.cpp - arrayrt.all_reduce, arrayrt.all_gather ---------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::arrayrt;

/// Fails, with an error at `op`, unless `type` is a contiguous buffer
/// (identity layout, default memory space: host memory, or device memory
/// for a `device` op): the runtime hands its data to MPI or NCCL as one
/// block.
static LogicalResult requireContiguousHost(Operation *op, MemRefType type,
                                           StringRef what) {
  if (!type.getLayout().isIdentity())
    return op->emitOpError()
           << "expected its " << what
           << " to be a contiguous buffer (identity layout), found " << type;
  if (type.getMemorySpace())
    return op->emitOpError() << "expected its " << what
                             << " in the default memory space, found memory "
                                "space "
                             << type.getMemorySpace();
  return success();
}

bool AllReduceOp::isStreamOrdered() { return getDevice(); }

bool AllGatherOp::isStreamOrdered() { return getDevice(); }

LogicalResult AllReduceOp::verify() {
  return requireContiguousHost(*this, getBuffer().getType(), "buffer");
}

LogicalResult AllGatherOp::verify() {
  MemRefType input = getInput().getType(), output = getOutput().getType();
  if (failed(requireContiguousHost(*this, input, "input")) ||
      failed(requireContiguousHost(*this, output, "output")))
    return failure();
  if (input.getElementType() != output.getElementType())
    return emitOpError() << "expected input and output of one element type, "
                            "found "
                         << input.getElementType() << " and "
                         << output.getElementType();
  if (output.getRank() != input.getRank() + 1)
    return emitOpError() << "expected an output of rank " << input.getRank() + 1
                         << " (the processes, then the input's shape), found "
                         << output;
  if (!ShapedType::isDynamic(output.getDimSize(0)) &&
      output.getDimSize(0) != getProcesses())
    return emitOpError() << "expected the output's first dimension to be the "
                            "number of processes, "
                         << getProcesses() << ", found "
                         << output.getDimSize(0);
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip(input.getShape(), output.getShape().drop_front()))) {
    auto [in, out] = pair;
    if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out) && in != out)
      return emitOpError() << "expected output dimension " << i + 1
                           << " to match input dimension " << i << ", " << in
                           << ", found " << out;
  }
  return success();
}
