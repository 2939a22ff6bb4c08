//===- CsrToCalls.cpp - arrayrt CSR ops to arrayrt_csr_* calls ------------===//
//
// Each arrayrt CSR op on buffers becomes one call of the runtime's
// arrayrt_csr_* entry points (runtime/include/arrayrt/arrayrt.h). A CSR
// handle becomes the pointer (an arrayrt_csr_t) its creating call returns.
// Buffers are passed as `(rank, descriptor)` pairs; every call but
// arrayrt_csr_nnz takes the op's stream last.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::arrayrt;

namespace {

Type elementType(Value shaped) {
  return cast<ShapedType>(shaped.getType()).getElementType();
}

/// A CSR op on buffers becomes one call of `callee` on the op's stream:
/// `addArguments` adds every argument but the stream. An op making a
/// handle is replaced by the call's pointer; the others are erased.
template <typename OpTy> struct CsrOpToCall : OpRewritePattern<OpTy> {
  using AddArguments = void (*)(OpTy, RuntimeCall &);
  CsrOpToCall(MLIRContext *context, StringRef callee, AddArguments addArguments)
      : OpRewritePattern<OpTy>(context), callee(callee),
        addArguments(addArguments) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (llvm::any_of(op->getOperandTypes(), llvm::IsaPred<TensorType>))
      return rewriter.notifyMatchFailure(op, "expects bufferized operands");
    RuntimeCall call(rewriter, op);
    addArguments(op, call);
    call.addStream(op.getStream());
    bool creates = op->getNumResults() == 1 &&
                   isa<CsrHandleType>(op->getResult(0).getType());
    FailureOr<func::CallOp> lowered = call.call(
        callee, creates ? TypeRange(call.getPointerType()) : TypeRange());
    if (failed(lowered))
      return failure();
    if (creates)
      rewriter.replaceOp(op, fromPointer(rewriter, op.getLoc(),
                                         lowered->getResult(0),
                                         op->getResult(0).getType()));
    else
      rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
  AddArguments addArguments;
};

/// arrayrt.csr_spmv and arrayrt.csr_spmm: `(handle, operand, init, alpha,
/// beta, dtype, location)`.
template <typename OpTy> void addProductArguments(OpTy op, RuntimeCall &call) {
  call.addHandle(op->getOperand(0))
      .addBuffer(op->getOperand(1))
      .addBuffer(op.getInit())
      .addF64(op.getAlpha().convertToDouble())
      .addF64(op.getBeta().convertToDouble())
      .addDtype(elementType(op.getInit()))
      .addLocation();
}

/// `(a, [b,] location)` of the ops that make a handle from handles.
template <typename OpTy> void addDerivedArguments(OpTy op, RuntimeCall &call) {
  for (Value handle : op->getOperands())
    if (isa<CsrHandleType>(handle.getType()))
      call.addHandle(handle);
  call.addLocation();
}

void addCallPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<CsrOpToCall<CsrFromDenseOp>>(
      context, "arrayrt_csr_from_dense",
      [](CsrFromDenseOp op, RuntimeCall &call) {
        call.addBuffer(op.getDense())
            .addI32(op.getIndexBits())
            .addDtype(elementType(op.getDense()))
            .addLocation();
      });
  patterns.add<CsrOpToCall<CsrFromArraysOp>>(
      context, "arrayrt_csr_from_arrays",
      [](CsrFromArraysOp op, RuntimeCall &call) {
        call.addBuffer(op.getIndptr())
            .addBuffer(op.getIndices())
            .addBuffer(op.getData())
            .addIndex(op.getRows())
            .addIndex(op.getCols())
            .addI32(elementType(op.getIndptr()).getIntOrFloatBitWidth())
            .addDtype(elementType(op.getData()))
            .addLocation();
      });
  patterns.add<CsrOpToCall<CsrLoadMtxOp>>(
      context, "arrayrt_csr_load_mtx", [](CsrLoadMtxOp op, RuntimeCall &call) {
        call.addString("arrayrt_mtx_path", op.getPath())
            .addI32(op.getIndexBits())
            .addDtype(op.getElement())
            .addLocation();
      });
  patterns.add<CsrOpToCall<CsrSpgemmOp>>(context, "arrayrt_csr_spgemm",
                                         addDerivedArguments<CsrSpgemmOp>);
  patterns.add<CsrOpToCall<CsrTransposeOp>>(
      context, "arrayrt_csr_transpose", addDerivedArguments<CsrTransposeOp>);
  patterns.add<CsrOpToCall<CsrAddOp>>(context, "arrayrt_csr_add",
                                      addDerivedArguments<CsrAddOp>);
  patterns.add<CsrOpToCall<CsrScaleOp>>(
      context, "arrayrt_csr_scale", [](CsrScaleOp op, RuntimeCall &call) {
        call.addHandle(op.getA())
            .addF64(op.getAlpha().convertToDouble())
            .addLocation();
      });
  patterns.add<CsrOpToCall<CsrSddmmOp>>(
      context, "arrayrt_csr_sddmm", [](CsrSddmmOp op, RuntimeCall &call) {
        call.addHandle(op.getS())
            .addBuffer(op.getA())
            .addBuffer(op.getB())
            .addF64(op.getAlpha().convertToDouble())
            .addF64(op.getBeta().convertToDouble())
            .addDtype(elementType(op.getA()))
            .addLocation();
      });
  patterns.add<CsrOpToCall<CsrSpmvOp>>(context, "arrayrt_csr_spmv",
                                       addProductArguments<CsrSpmvOp>);
  patterns.add<CsrOpToCall<CsrSpmmOp>>(context, "arrayrt_csr_spmm",
                                       addProductArguments<CsrSpmmOp>);
  patterns.add<CsrOpToCall<CsrToDenseOp>>(
      context, "arrayrt_csr_to_dense", [](CsrToDenseOp op, RuntimeCall &call) {
        call.addHandle(op.getHandle())
            .addBuffer(op.getInit())
            .addDtype(elementType(op.getInit()))
            .addLocation();
      });
  // arrayrt_csr_release(handle, stream): the borrowed arrays (`keep`) only
  // had to live until here, which bufferization saw to.
  patterns.add<CsrOpToCall<CsrReleaseOp>>(
      context, "arrayrt_csr_release", [](CsrReleaseOp op, RuntimeCall &call) {
        call.addHandle(op.getHandle());
      });
}

/// arrayrt_csr_nnz(handle), known on the host.
struct CsrNnzToCall : OpRewritePattern<CsrNnzOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CsrNnzOp op,
                                PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    call.addHandle(op.getHandle());
    FailureOr<func::CallOp> nnz =
        call.call("arrayrt_csr_nnz", rewriter.getI64Type());
    if (failed(nnz))
      return failure();
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, rewriter.getIndexType(),
                                                    nnz->getResult(0));
    return success();
  }
};

} // namespace

void arrayrt::populateCsrToCallsPatterns(RewritePatternSet &patterns) {
  addCallPatterns(patterns);
  patterns.add<CsrNnzToCall>(patterns.getContext());
}
