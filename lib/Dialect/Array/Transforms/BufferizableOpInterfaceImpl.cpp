//===- BufferizableOpInterfaceImpl.cpp - array bufferization --------------===//

#include "arrayc/Dialect/Array/Transforms/BufferizableOpInterfaceImpl.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"

using namespace mlir;
using namespace mlir::array;
using namespace mlir::bufferization;

/// The buffer type of an op's new allocation for tensor `value`: its shape
/// and element type, the identity layout and the default memory space.
static FailureOr<BufferLikeType>
newAllocationType(Operation *op, Value value,
                  const BufferizationOptions &options) {
  auto tensorType = cast<RankedTensorType>(value.getType());
  std::optional<Attribute> memorySpace =
      options.defaultMemorySpaceFn(tensorType);
  if (!memorySpace)
    return op->emitOpError("could not infer the memory space of ")
           << tensorType;
  return cast<BufferLikeType>(
      MemRefType::get(tensorType.getShape(), tensorType.getElementType(),
                      MemRefLayoutAttrInterface(), *memorySpace));
}

namespace {

/// `op`'s operands, each tensor replaced by its buffer.
FailureOr<SmallVector<Value>>
getOperandBuffers(Operation *op, RewriterBase &rewriter,
                  const BufferizationOptions &options,
                  BufferizationState &state) {
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    if (!isa<TensorType>(operand.getType())) {
      operands.push_back(operand);
      continue;
    }
    FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
    if (failed(buffer))
      return failure();
    operands.push_back(*buffer);
  }
  return operands;
}

/// An op that reads its tensor operands, writes none and has no tensor
/// result (array.print, array.save_npy; array.csr_from_dense,
/// array.csr_from_arrays, array.csr_sddmm, array.csr_release): it
/// bufferizes in place to the
/// same op on the operands' buffers, with no copy.
template <typename OpTy>
struct ReadOnlyOperandsOpInterface
    : BufferizableOpInterface::ExternalModel<ReadOnlyOperandsOpInterface<OpTy>,
                                             OpTy> {
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
    FailureOr<SmallVector<Value>> operands =
        getOperandBuffers(op, rewriter, options, state);
    if (failed(operands))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(*operands); });
    return success();
  }
};

/// array.load_npy bufferizes to a new allocation of the file's shape, which
/// array.load_npy_into fills: array.npy_shape gives the dynamic sizes.
struct LoadNpyOpInterface
    : BufferizableOpInterface::ExternalModel<LoadNpyOpInterface, LoadNpyOp> {
  bool bufferizesToAllocation(Operation *, Value) const { return true; }

  FailureOr<BufferLikeType> getBufferType(Operation *op, Value value,
                                          const BufferizationOptions &options,
                                          const BufferizationState &,
                                          SmallVector<Value> &) const {
    return newAllocationType(op, value, options);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto load = cast<LoadNpyOp>(op);
    Location loc = op->getLoc();
    FailureOr<BufferLikeType> bufferType =
        bufferization::getBufferType(load.getResult(), options, state);
    if (failed(bufferType))
      return failure();
    auto memrefType = cast<MemRefType>(*bufferType);

    rewriter.setInsertionPoint(op);
    SmallVector<Value> dynamicSizes;
    if (!memrefType.hasStaticShape()) {
      SmallVector<Type> indexTypes(memrefType.getRank(),
                                   rewriter.getIndexType());
      auto shape =
          NpyShapeOp::create(rewriter, loc, indexTypes, load.getPathAttr(),
                             load.getMemberAttr(),
                             TypeAttr::get(memrefType.getElementType()));
      for (int64_t dim = 0; dim < memrefType.getRank(); ++dim)
        if (memrefType.isDynamicDim(dim))
          dynamicSizes.push_back(shape.getSizes()[dim]);
    }
    FailureOr<Value> buffer =
        options.createAlloc(rewriter, loc, memrefType, dynamicSizes);
    if (failed(buffer))
      return failure();
    LoadNpyIntoOp::create(rewriter, loc, load.getPathAttr(),
                          load.getMemberAttr(), *buffer);
    replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};

/// array.read_mtx bufferizes to a new allocation of nnz entries, which
/// array.read_mtx_into fills.
struct ReadMtxOpInterface
    : BufferizableOpInterface::ExternalModel<ReadMtxOpInterface, ReadMtxOp> {
  bool bufferizesToAllocation(Operation *, Value) const { return true; }

  FailureOr<BufferLikeType> getBufferType(Operation *op, Value value,
                                          const BufferizationOptions &options,
                                          const BufferizationState &,
                                          SmallVector<Value> &) const {
    return newAllocationType(op, value, options);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto read = cast<ReadMtxOp>(op);
    FailureOr<BufferLikeType> bufferType =
        bufferization::getBufferType(read.getResult(), options, state);
    if (failed(bufferType))
      return failure();
    auto memrefType = cast<MemRefType>(*bufferType);
    rewriter.setInsertionPoint(op);
    SmallVector<Value> dynamicSizes;
    if (memrefType.isDynamicDim(0))
      dynamicSizes.push_back(read.getNnz());
    FailureOr<Value> buffer =
        options.createAlloc(rewriter, op->getLoc(), memrefType, dynamicSizes);
    if (failed(buffer))
      return failure();
    ReadMtxIntoOp::create(rewriter, op->getLoc(), read.getPathAttr(), *buffer);
    replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};

/// A destination-style op with one init (array.blas_matmul, array.csr_spmv,
/// array.csr_spmm, array.csr_to_dense) that writes its result into the init
/// buffer, reads it too when its `beta` attribute is present and not 0, and
/// reads its other operands: the same op on the buffers.
template <typename OpTy>
struct BetaDpsOpInterface
    : DstBufferizableOpInterfaceExternalModel<BetaDpsOpInterface<OpTy>, OpTy> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    if (!cast<DestinationStyleOpInterface>(op).isDpsInit(&operand))
      return true;
    auto beta = op->getAttrOfType<FloatAttr>("beta");
    return beta && !beta.getValue().isZero();
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto dps = cast<DestinationStyleOpInterface>(op);
    if (!dps.hasPureTensorSemantics())
      return success();
    FailureOr<SmallVector<Value>> operands =
        getOperandBuffers(op, rewriter, options, state);
    if (failed(operands))
      return failure();
    rewriter.setInsertionPoint(op);
    OperationState bufferized(op->getLoc(), op->getName(), *operands,
                              TypeRange(), op->getAttrs());
    rewriter.create(bufferized);
    Value init = (*operands)[dps.getDpsInitOperand(0)->getOperandNumber()];
    replaceOpWithBufferizedValues(rewriter, op, init);
    return success();
  }
};

template <typename... OpTys>
void attachReadOnlyOperands(MLIRContext &context) {
  (OpTys::template attachInterface<ReadOnlyOperandsOpInterface<OpTys>>(context),
   ...);
}

} // namespace

void array::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, ArrayDialect *) {
    attachReadOnlyOperands<PrintOp, SaveNpyOp, CsrFromDenseOp,
                           CsrFromArraysOp, CsrSddmmOp, CsrReleaseOp>(*context);
    LoadNpyOp::attachInterface<LoadNpyOpInterface>(*context);
    ReadMtxOp::attachInterface<ReadMtxOpInterface>(*context);
    BlasMatmulOp::attachInterface<BetaDpsOpInterface<BlasMatmulOp>>(*context);
    CsrSpmvOp::attachInterface<BetaDpsOpInterface<CsrSpmvOp>>(*context);
    CsrSpmmOp::attachInterface<BetaDpsOpInterface<CsrSpmmOp>>(*context);
    CsrToDenseOp::attachInterface<BetaDpsOpInterface<CsrToDenseOp>>(*context);
  });
}
