//===- BufferizableOpInterfaceImpl.cpp - array bufferization --------------===//

#include "arrayc/Dialect/Array/Transforms/BufferizableOpInterfaceImpl.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace mlir::array;
using namespace mlir::bufferization;

namespace {

/// array.print only reads its operand.
struct PrintOpInterface
    : BufferizableOpInterface::ExternalModel<PrintOpInterface, PrintOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto print = cast<PrintOp>(op);
    if (!isa<TensorType>(print.getInput().getType()))
      return success();
    FailureOr<Value> buffer =
        getBuffer(rewriter, print.getInput(), options, state);
    if (failed(buffer))
      return failure();
    rewriter.setInsertionPoint(op);
    PrintOp::create(rewriter, op->getLoc(), *buffer);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void array::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, ArrayDialect *) {
    PrintOp::attachInterface<PrintOpInterface>(*context);
  });
}
