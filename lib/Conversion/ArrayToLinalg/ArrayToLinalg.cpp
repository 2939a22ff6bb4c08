//===- ArrayToLinalg.cpp - Lower array ops on tensors to linalg -----------===//
//
// The pass; each op group's patterns are in their own file (Patterns.h).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ArrayToLinalg/ArrayToLinalg.h"

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::array {
#define GEN_PASS_DEF_CONVERTARRAYTOLINALG
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

namespace {

/// A new buffer holding a copy of the input; on the CUDA target the buffer
/// is device memory and the copy is queued on the current stream.
struct ToDeviceToAllocTensor : OpConversionPattern<ToDeviceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ToDeviceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    rewriter.replaceOpWithNewOp<bufferization::AllocTensorOp>(
        op, type, /*dynamicSizes=*/ValueRange(), adaptor.getInput());
    return success();
  }
};

/// array.range_push/pop: their arrayrt forms, which the runtime lowering
/// turns into calls.
struct RangePushToArrayrt : OpConversionPattern<RangePushOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RangePushOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arrayrt::RangePushOp>(op, op.getNameAttr());
    return success();
  }
};

struct RangePopToArrayrt : OpConversionPattern<RangePopOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RangePopOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arrayrt::RangePopOp>(op);
    return success();
  }
};

struct ConvertArrayToLinalgPass
    : array::impl::ConvertArrayToLinalgBase<ConvertArrayToLinalgPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        cf::ControlFlowDialect, linalg::LinalgDialect, math::MathDialect,
        memref::MemRefDialect, scf::SCFDialect,
        sparse_tensor::SparseTensorDialect, tensor::TensorDialect>();
    // The runtime's forms (library calls, file reads, ranges) stay for
    // bufferization and the runtime lowering.
    target.addLegalDialect<arrayrt::ArrayrtDialect>();
    target.addIllegalDialect<ArrayDialect>();
    // The I/O ops bufferize into their arrayrt forms.
    target.addLegalOp<PrintOp, SaveNpyOp, LoadNpyOp>();
    // User kernels bufferize into their launches (KernelBufferization.cpp).
    target.addLegalOp<CudaKernelOp, GpuKernelOp>();
    // Streams and events: array-gpu-streams lowers them (the CPU pipeline
    // drops them before this pass).
    target.addLegalOp<StreamCreateOp, OnStreamOp, StreamYieldOp, EventRecordOp,
                      StreamWaitOp, StreamSynchronizeOp, EventSynchronizeOp>();
    // Unsigned elements are cast to signless integers around arith ops
    // (TypePromotion.h); the casts stay until the LLVM conversions.
    target.addLegalOp<UnrealizedConversionCastOp>();

    RewritePatternSet patterns(&getContext());
    populateArrayToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void array::populateArrayToLinalgPatterns(RewritePatternSet &patterns) {
  populateCreationToLinalgPatterns(patterns);
  populateElementwiseToLinalgPatterns(patterns);
  populateMatmulToLinalgPatterns(patterns);
  populateReductionToLinalgPatterns(patterns);
  populateShapeToLinalgPatterns(patterns);
  populateSparseToLinalgPatterns(patterns);
  patterns.add<RangePopToArrayrt, RangePushToArrayrt, ToDeviceToAllocTensor>(
      patterns.getContext());
}
