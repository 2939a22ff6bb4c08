//===- BufferizableOpInterfaceImpl.cpp - array and arrayrt bufferization --===//
//
// The array I/O ops bufferize into their arrayrt forms on buffers; the
// arrayrt library ops (destination style, as linalg's) into the same op on
// buffers.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/BufferizableOpInterfaceImpl.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
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

/// Bufferizes a read-only op in place to the same op on the operands'
/// buffers.
LogicalResult bufferizeInPlace(Operation *op, RewriterBase &rewriter,
                               const BufferizationOptions &options,
                               BufferizationState &state) {
  FailureOr<SmallVector<Value>> operands =
      getOperandBuffers(op, rewriter, options, state);
  if (failed(operands))
    return failure();
  rewriter.modifyOpInPlace(op, [&] { op->setOperands(*operands); });
  return success();
}

/// array.print and array.save_npy: their arrayrt form on the operand's
/// buffer, with no copy.
LogicalResult bufferizeToArrayrt(PrintOp op, RewriterBase &rewriter,
                                 Value buffer) {
  rewriter.replaceOpWithNewOp<arrayrt::PrintOp>(op, buffer);
  return success();
}

LogicalResult bufferizeToArrayrt(SaveNpyOp op, RewriterBase &rewriter,
                                 Value buffer) {
  rewriter.replaceOpWithNewOp<arrayrt::SaveNpyOp>(
      op, buffer, op.getPathAttr(), /*device=*/false, /*stream=*/Value());
  return success();
}

/// An op that reads its tensor operands, writes none and has no tensor
/// result (array.print, array.save_npy; arrayrt.csr_from_dense,
/// arrayrt.csr_from_arrays, arrayrt.csr_sddmm, arrayrt.csr_release): it
/// bufferizes to its arrayrt form on the operands' buffers (the array ops)
/// or in place to the same op on them (the arrayrt ops), with no copy.
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
    if constexpr (std::is_same_v<OpTy, PrintOp> ||
                  std::is_same_v<OpTy, SaveNpyOp>) {
      FailureOr<Value> buffer =
          getBuffer(rewriter, op->getOperand(0), options, state);
      if (failed(buffer))
        return failure();
      return bufferizeToArrayrt(cast<OpTy>(op), rewriter, *buffer);
    } else {
      return bufferizeInPlace(op, rewriter, options, state);
    }
  }
};

/// An op whose tensor result is a new allocation that one op fills
/// (array.load_npy, arrayrt.read_mtx). `Derived` gives the allocation's
/// dynamic sizes (`allocationSizes`, at the op) and the op that fills the
/// buffer (`fill`).
template <typename Derived, typename OpTy>
struct FilledAllocationOpInterface
    : BufferizableOpInterface::ExternalModel<Derived, OpTy> {
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
    auto typed = cast<OpTy>(op);
    FailureOr<BufferLikeType> bufferType =
        bufferization::getBufferType(op->getResult(0), options, state);
    if (failed(bufferType))
      return failure();
    auto memrefType = cast<MemRefType>(*bufferType);
    rewriter.setInsertionPoint(op);
    SmallVector<Value> dynamicSizes =
        Derived::allocationSizes(typed, rewriter, memrefType);
    FailureOr<Value> buffer =
        options.createAlloc(rewriter, op->getLoc(), memrefType, dynamicSizes);
    if (failed(buffer))
      return failure();
    Derived::fill(typed, rewriter, *buffer);
    replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};

/// array.load_npy: arrayrt.npy_shape gives the dynamic sizes (from the
/// file's header), arrayrt.load_npy_into fills the buffer.
struct LoadNpyOpInterface
    : FilledAllocationOpInterface<LoadNpyOpInterface, LoadNpyOp> {
  static SmallVector<Value>
  allocationSizes(LoadNpyOp load, RewriterBase &rewriter, MemRefType type) {
    SmallVector<Value> sizes;
    if (type.hasStaticShape())
      return sizes;
    if (load.getWhole())
      return llvm::to_vector(load.getSizes());
    SmallVector<Type> indexTypes(type.getRank(), rewriter.getIndexType());
    auto shape = arrayrt::NpyShapeOp::create(
        rewriter, load.getLoc(), indexTypes, load.getPathAttr(),
        load.getMemberAttr(), TypeAttr::get(type.getElementType()));
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        sizes.push_back(shape.getSizes()[dim]);
    return sizes;
  }
  static void fill(LoadNpyOp load, RewriterBase &rewriter, Value buffer) {
    // A part: the whole array's sizes for the runtime's check, -1 for any.
    DenseI64ArrayAttr whole;
    if (std::optional<Type> wholeType = load.getWhole()) {
      SmallVector<int64_t> shape(cast<RankedTensorType>(*wholeType).getShape());
      for (int64_t &size : shape)
        if (ShapedType::isDynamic(size))
          size = -1;
      whole = rewriter.getDenseI64ArrayAttr(shape);
    }
    arrayrt::LoadNpyIntoOp::create(rewriter, load.getLoc(), load.getPathAttr(),
                                   load.getMemberAttr(), buffer,
                                   /*device=*/false, /*stream=*/Value(),
                                   load.getOffsets(), whole);
  }
};

/// arrayrt.read_mtx: nnz entries, which arrayrt.read_mtx_into reads.
struct ReadMtxOpInterface
    : FilledAllocationOpInterface<ReadMtxOpInterface, arrayrt::ReadMtxOp> {
  static SmallVector<Value> allocationSizes(arrayrt::ReadMtxOp read,
                                            RewriterBase &, MemRefType type) {
    if (type.isDynamicDim(0))
      return {read.getNnz()};
    return {};
  }
  static void fill(arrayrt::ReadMtxOp read, RewriterBase &rewriter,
                   Value buffer) {
    arrayrt::ReadMtxIntoOp::create(rewriter, read.getLoc(), read.getPathAttr(),
                                   buffer);
  }
};

/// A destination-style op with one init (arrayrt.attention,
/// arrayrt.blas_matmul, arrayrt.csr_spmv, arrayrt.csr_spmm,
/// arrayrt.csr_to_dense) that writes its result into the init buffer, reads it
/// too when its `beta` attribute is present and not 0, and reads its other
/// operands: the same op on the buffers.
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

template <typename... OpTys> void attachReadOnlyOperands(MLIRContext &context) {
  (OpTys::template attachInterface<ReadOnlyOperandsOpInterface<OpTys>>(context),
   ...);
}

} // namespace

void array::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registerKernelBufferizationModels(registry);
  registry.addExtension(+[](MLIRContext *context, ArrayDialect *) {
    // The I/O ops bufferize to their arrayrt forms.
    context->loadDialect<arrayrt::ArrayrtDialect>();
    attachReadOnlyOperands<PrintOp, SaveNpyOp>(*context);
    LoadNpyOp::attachInterface<LoadNpyOpInterface>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, arrayrt::ArrayrtDialect *) {
    using namespace arrayrt;
    attachReadOnlyOperands<CsrFromDenseOp, CsrFromArraysOp, CsrSddmmOp,
                           CsrReleaseOp>(*context);
    ReadMtxOp::attachInterface<ReadMtxOpInterface>(*context);
    AttentionOp::attachInterface<BetaDpsOpInterface<AttentionOp>>(*context);
    BlasMatmulOp::attachInterface<BetaDpsOpInterface<BlasMatmulOp>>(*context);
    CsrSpmvOp::attachInterface<BetaDpsOpInterface<CsrSpmvOp>>(*context);
    CsrSpmmOp::attachInterface<BetaDpsOpInterface<CsrSpmmOp>>(*context);
    CsrToDenseOp::attachInterface<BetaDpsOpInterface<CsrToDenseOp>>(*context);
  });
}
