//===- ArrayrtToCalls.cpp - arrayrt ops to calls of the runtime -----------===//
//
// The one runtime lowering: every arrayrt op becomes calls of the entry
// points of runtime/include/arrayrt/arrayrt.h, built by RuntimeCall, and a
// failed run-time check (cf.assert) a call of arrayrt_check_failed. Streams,
// events and CSR handles become the runtime's pointers behind unrealized
// casts, which cancel against their users' once all are lowered.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ArrayrtToCalls/ArrayrtToCalls.h"

#include "RuntimeCalls.h"

#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "arrayc/Dialect/Array/IR/TypePromotion.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::array {
#define GEN_PASS_DEF_CONVERTARRAYRTTOCALLS
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::arrayrt;

namespace {

/// Fails, with an error at `op`, unless `buffer` is in the default (host)
/// memory space, which the runtime reads and writes.
LogicalResult requireHostBuffer(Operation *op, Value buffer, StringRef verb) {
  auto type = cast<MemRefType>(buffer.getType());
  if (!type.getMemorySpace())
    return success();
  return op->emitOpError()
         << verb << " a buffer in memory space " << type.getMemorySpace()
         << "; the runtime reads host memory (the default memory space)";
}

/// Fails, with an error at `op`, for an element type without a dtype.
LogicalResult requireDtype(Operation *op, Type element) {
  if (getDtype(element))
    return success();
  return op->emitOpError("has no .npy dtype for element type ") << element;
}

/// A pattern that lowers `OpTy` with `lower`, which adds calls at the op
/// and returns the values that replace its results (failure: nothing
/// changed, or an error was reported).
template <typename OpTy> struct CallPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  using OpRewritePattern<OpTy>::matchAndRewrite;

  virtual FailureOr<SmallVector<Value>>
  lower(OpTy op, PatternRewriter &rewriter) const = 0;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    FailureOr<SmallVector<Value>> results = lower(op, rewriter);
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

/// arrayrt_print_<dtype>(unranked memref).
struct PrintToCall : CallPattern<PrintOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(PrintOp op, PatternRewriter &rewriter) const override {
    if (failed(requireHostBuffer(op, op.getInput(), "prints")))
      return failure();
    Type element = op.getInput().getType().getElementType();
    RuntimeCall call(rewriter, op);
    call.addUnranked(op.getInput());
    if (failed(call.call("arrayrt_print_" + getDtypeSuffix(element))))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_save_npy(path, rank, descriptor, dtype, location), or on a
/// device buffer arrayrt_save_npy_device(..., dtype, stream, location).
struct SaveNpyToCall : CallPattern<SaveNpyOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(SaveNpyOp op, PatternRewriter &rewriter) const override {
    Type element = op.getInput().getType().getElementType();
    if (failed(requireHostBuffer(op, op.getInput(), "saves")) ||
        failed(requireDtype(op, element)))
      return failure();
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_npy_path", op.getPath())
        .addBuffer(op.getInput())
        .addDtype(element);
    if (op.getDevice())
      call.addStream(op.getStream());
    call.addLocation();
    if (failed(call.call(op.getDevice() ? "arrayrt_save_npy_device"
                                        : "arrayrt_save_npy")))
      return failure();
    return SmallVector<Value>();
  }
};

/// A stack buffer of `count` i64 that a runtime call fills with sizes
/// (arrayrt_npy_shape, arrayrt_mtx_shape), allocated at the start of the
/// op's function (not of a loop body, an allocation scope too, which the
/// CPU lowering does not unwind per iteration), and its address as a
/// pointer where the op stands.
struct SizesBuffer {
  SizesBuffer(OpBuilder &b, Operation *op, int64_t count) {
    Location loc = op->getLoc();
    Type i64 = b.getI64Type();
    {
      OpBuilder::InsertionGuard guard(b);
      if (auto function = op->getParentOfType<FunctionOpInterface>())
        b.setInsertionPointToStart(&function.getFunctionBody().front());
      buffer = memref::AllocaOp::create(b, loc, MemRefType::get({count}, i64));
    }
    pointer = getDataPointer(b, loc, buffer);
  }

  /// The first `count` sizes (after the call filled them), as index.
  SmallVector<Value> load(OpBuilder &b, Location loc, int64_t count) const {
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < count; ++i) {
      Value index = arith::ConstantIndexOp::create(b, loc, i);
      Value size = memref::LoadOp::create(b, loc, buffer, index);
      sizes.push_back(
          arith::IndexCastOp::create(b, loc, b.getIndexType(), size));
    }
    return sizes;
  }

  Value buffer, pointer;
};

/// arrayrt_load_npy(path, rank, descriptor, dtype, location), with the
/// member after the path for an .npz archive (arrayrt_load_npz), the whole
/// array's shape and the offsets after the dtype for a part
/// (arrayrt_load_npy_part) and the stream before the location for a device
/// buffer (`_device`).
struct LoadNpyIntoToCall : CallPattern<LoadNpyIntoOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(LoadNpyIntoOp op, PatternRewriter &rewriter) const override {
    Type element = op.getBuffer().getType().getElementType();
    if (failed(requireHostBuffer(op, op.getBuffer(), "loads into")) ||
        failed(requireDtype(op, element)))
      return failure();
    std::optional<StringRef> member = op.getMember();
    std::optional<ArrayRef<int64_t>> whole = op.getWholeShape();
    // A part: the whole array's sizes and the part's offsets, as two stack
    // arrays of i64.
    Value wholePointer, offsetsPointer;
    if (whole) {
      Location loc = op.getLoc();
      int64_t rank = whole->size();
      SizesBuffer wholeShape(rewriter, op, rank), offsets(rewriter, op, rank);
      for (int64_t dim = 0; dim < rank; ++dim) {
        Value index = arith::ConstantIndexOp::create(rewriter, loc, dim);
        Value size = arith::ConstantIntOp::create(
            rewriter, loc, rewriter.getI64Type(), (*whole)[dim]);
        Value offset = arith::IndexCastOp::create(
            rewriter, loc, rewriter.getI64Type(), op.getOffsets()[dim]);
        memref::StoreOp::create(rewriter, loc, size, wholeShape.buffer, index);
        memref::StoreOp::create(rewriter, loc, offset, offsets.buffer, index);
      }
      wholePointer = wholeShape.pointer;
      offsetsPointer = offsets.pointer;
    }
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_npy_path", op.getPath());
    if (member)
      call.addString("arrayrt_npz_member", *member);
    call.addBuffer(op.getBuffer()).addDtype(element);
    if (whole)
      call.add(wholePointer).add(offsetsPointer);
    if (op.getDevice())
      call.addStream(op.getStream());
    call.addLocation();
    std::string name = member  ? "arrayrt_load_npz"
                       : whole ? "arrayrt_load_npy_part"
                               : "arrayrt_load_npy";
    if (op.getDevice())
      name += "_device";
    if (failed(call.call(name)))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_npy_shape(path, rank, shape, dtype, location) (arrayrt_npz_shape
/// with the member after the path) into a stack buffer of i64.
struct NpyShapeToCall : CallPattern<NpyShapeOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(NpyShapeOp op, PatternRewriter &rewriter) const override {
    if (failed(requireDtype(op, op.getElementType())))
      return failure();
    std::optional<StringRef> member = op.getMember();
    int64_t rank = op.getSizes().size();
    SizesBuffer shape(rewriter, op, rank);
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_npy_path", op.getPath());
    if (member)
      call.addString("arrayrt_npz_member", *member);
    call.addI64(rank).add(shape.pointer).addDtype(op.getElementType());
    call.addLocation();
    if (failed(call.call(member ? "arrayrt_npz_shape" : "arrayrt_npy_shape")))
      return failure();
    return shape.load(rewriter, op.getLoc(), rank);
  }
};

/// arrayrt.blas_matmul on buffers: one arrayrt_matmul call with the four
/// buffers (an absent bias: rank 0 and null), the dtype, the epilogue and
/// flags of arrayrt.h, alpha, beta, the location and the stream.
struct BlasMatmulToCall : CallPattern<BlasMatmulOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(BlasMatmulOp op, PatternRewriter &rewriter) const override {
    auto init = dyn_cast<MemRefType>(op.getInit().getType());
    if (!init)
      return rewriter.notifyMatchFailure(op, "expects bufferized operands");
    if (!getDtype(init.getElementType()))
      return op.emitOpError("has no dtype code for its element type");
    arrayrt_matmul_epilogue_t epilogue = ARRAYRT_MATMUL_DEFAULT;
    switch (op.getEpilogue()) {
    case Epilogue::none:
      epilogue = op.getBias() ? ARRAYRT_MATMUL_BIAS : ARRAYRT_MATMUL_DEFAULT;
      break;
    case Epilogue::relu:
      epilogue = op.getBias() ? ARRAYRT_MATMUL_RELU_BIAS : ARRAYRT_MATMUL_RELU;
      break;
    case Epilogue::gelu_tanh:
      epilogue = op.getBias() ? ARRAYRT_MATMUL_GELU_BIAS : ARRAYRT_MATMUL_GELU;
      break;
    }
    int32_t flags = (op.getTransposeLhs() ? ARRAYRT_MATMUL_TRANSPOSE_LHS : 0) |
                    (op.getTransposeRhs() ? ARRAYRT_MATMUL_TRANSPOSE_RHS : 0) |
                    (op.getTf32() ? ARRAYRT_MATMUL_TF32 : 0) |
                    (op.getHost() ? ARRAYRT_MATMUL_HOST : 0);
    RuntimeCall call(rewriter, op);
    call.addBuffer(op.getLhs()).addBuffer(op.getRhs());
    if (op.getBias())
      call.addBuffer(op.getBias());
    else
      call.addI64(0).addNull();
    call.addBuffer(op.getInit())
        .addDtype(init.getElementType())
        .addI32(epilogue)
        .addI32(flags)
        .addF64(op.getAlpha().convertToDouble())
        .addF64(op.getBeta().convertToDouble())
        .addLocation()
        .addStream(op.getStream());
    if (failed(call.call("arrayrt_matmul")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt.attention on buffers: one arrayrt_attention call with the four
/// buffers, the dtype, the flags of arrayrt.h, the scale, the location and
/// the stream.
struct AttentionToCall : CallPattern<AttentionOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(AttentionOp op, PatternRewriter &rewriter) const override {
    auto init = dyn_cast<MemRefType>(op.getInit().getType());
    if (!init)
      return rewriter.notifyMatchFailure(op, "expects bufferized operands");
    RuntimeCall call(rewriter, op);
    call.addBuffer(op.getQuery())
        .addBuffer(op.getKey())
        .addBuffer(op.getValue())
        .addBuffer(op.getInit())
        .addDtype(init.getElementType())
        .addI32(op.getCausal() ? ARRAYRT_ATTENTION_CAUSAL : 0)
        .addF64(op.getScale().convertToDouble())
        .addLocation()
        .addStream(op.getStream());
    if (failed(call.call("arrayrt_attention")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_mtx_shape(path, sizes, location): rows, columns and entries.
struct MtxShapeToCall : CallPattern<MtxShapeOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(MtxShapeOp op, PatternRewriter &rewriter) const override {
    SizesBuffer shape(rewriter, op, 3);
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_npy_path", op.getPath())
        .add(shape.pointer)
        .addLocation();
    if (failed(call.call("arrayrt_mtx_shape")))
      return failure();
    return shape.load(rewriter, op.getLoc(), 3);
  }
};

/// arrayrt_load_mtx(path, part, rank, descriptor, dtype, location), the
/// part given by the buffer's rank.
struct ReadMtxIntoToCall : CallPattern<ReadMtxIntoOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(ReadMtxIntoOp op, PatternRewriter &rewriter) const override {
    MemRefType type = op.getBuffer().getType();
    if (failed(requireHostBuffer(op, op.getBuffer(), "loads into")))
      return failure();
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_npy_path", op.getPath())
        .addI32(type.getRank() == 2 ? ARRAYRT_MTX_COORDINATES
                                    : ARRAYRT_MTX_VALUES)
        .addBuffer(op.getBuffer())
        .addDtype(type.getElementType())
        .addLocation();
    if (failed(call.call("arrayrt_load_mtx")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_process_index(processes, location), as an index.
struct ProcessIndexToCall : CallPattern<ProcessIndexOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(ProcessIndexOp op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    call.addI64(op.getProcesses()).addLocation();
    FailureOr<func::CallOp> index =
        call.call("arrayrt_process_index", rewriter.getI64Type());
    if (failed(index))
      return failure();
    return SmallVector<Value>{arith::IndexCastOp::create(
        rewriter, op.getLoc(), rewriter.getIndexType(), index->getResult(0))};
  }
};

/// arrayrt_all_reduce(rank, descriptor, dtype, reduction, processes,
/// location), or arrayrt_all_reduce_device with the stream before the
/// location.
struct AllReduceToCall : CallPattern<AllReduceOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(AllReduceOp op, PatternRewriter &rewriter) const override {
    Type element = op.getBuffer().getType().getElementType();
    if (failed(requireDtype(op, element)))
      return failure();
    RuntimeCall call(rewriter, op);
    call.addBuffer(op.getBuffer())
        .addDtype(element)
        .addI32(static_cast<int32_t>(op.getReduction()))
        .addI64(op.getProcesses());
    if (op.getDevice())
      call.addStream(op.getStream());
    call.addLocation();
    if (failed(call.call(op.getDevice() ? "arrayrt_all_reduce_device"
                                        : "arrayrt_all_reduce")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_all_gather(input rank, descriptor, output rank, descriptor,
/// dtype, processes, location), or arrayrt_all_gather_device with the
/// stream before the location.
struct AllGatherToCall : CallPattern<AllGatherOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(AllGatherOp op, PatternRewriter &rewriter) const override {
    Type element = op.getInput().getType().getElementType();
    if (failed(requireDtype(op, element)))
      return failure();
    RuntimeCall call(rewriter, op);
    call.addBuffer(op.getInput())
        .addBuffer(op.getOutput())
        .addDtype(element)
        .addI64(op.getProcesses());
    if (op.getDevice())
      call.addStream(op.getStream());
    call.addLocation();
    if (failed(call.call(op.getDevice() ? "arrayrt_all_gather_device"
                                        : "arrayrt_all_gather")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_multiprocessor_count() (cached there), as an index.
struct MultiprocessorCountToCall : CallPattern<MultiprocessorCountOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(MultiprocessorCountOp op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    FailureOr<func::CallOp> count =
        call.call("arrayrt_multiprocessor_count", rewriter.getI64Type());
    if (failed(count))
      return failure();
    return SmallVector<Value>{arith::IndexCastOp::create(
        rewriter, op.getLoc(), rewriter.getIndexType(), count->getResult(0))};
  }
};

/// A failed run-time check calls arrayrt_check_failed, which prints the
/// message and exits with status 1, instead of cf.assert's default lowering,
/// which aborts (a crash, to the user and to test harnesses).
struct AssertToCall : CallPattern<cf::AssertOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(cf::AssertOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value failed = arith::XOrIOp::create(
        rewriter, loc, op.getArg(),
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
    auto ifOp = scf::IfOp::create(rewriter, loc, failed, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_check_message", op.getMsg());
    if (mlir::failed(call.call("arrayrt_check_failed")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_bad_allocation(label, element, element_bytes, rank, sizes).
struct BadAllocationToCall : CallPattern<BadAllocationOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(BadAllocationOp op, PatternRewriter &rewriter) const override {
    Type element = op.getElementType();
    Location loc = op.getLoc();
    Value sizes = getDataPointer(rewriter, loc, op.getSizes());
    RuntimeCall call(rewriter, op);
    call.addLabel()
        .addString("arrayrt_element_type", array::numpyName(element))
        .addI64(array::elementBytes(element))
        .addI64(op.getRank())
        .add(sizes);
    if (failed(call.call("arrayrt_bad_allocation")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_range_push(name), arrayrt_range_pop().
struct RangePushToCall : CallPattern<RangePushOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(RangePushOp op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_range_name", op.getName());
    if (failed(call.call("arrayrt_range_push")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_host_span_begin(name), arrayrt_host_span_end(); the name is
/// the constant of the op labels of the same text.
struct HostSpanBeginToCall : CallPattern<HostSpanBeginOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(HostSpanBeginOp op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_op_label", op.getName());
    if (failed(call.call("arrayrt_host_span_begin")))
      return failure();
    return SmallVector<Value>();
  }
};

struct HostSpanEndToCall : CallPattern<HostSpanEndOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(HostSpanEndOp op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    if (failed(call.call("arrayrt_host_span_end")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_graph_begin(name, stream), arrayrt_graph_end(name, stream): the
/// same string constant for both, whose address names the region.
template <typename Op> struct GraphMarkerToCall : CallPattern<Op> {
  GraphMarkerToCall(MLIRContext *context, StringRef callee)
      : CallPattern<Op>(context), callee(callee) {}
  FailureOr<SmallVector<Value>>
  lower(Op op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_graph_region", op.getName())
        .addStream(op.getStream());
    if (failed(call.call(callee)))
      return failure();
    return SmallVector<Value>();
  }
  std::string callee;
};

/// arrayrt_graph_while_end(name, stream, test's address) != 0.
struct GraphWhileEndToCall : CallPattern<GraphWhileEndOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(GraphWhileEndOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address = memref::ExtractAlignedPointerAsIndexOp::create(
        rewriter, loc, op.getTest());
    RuntimeCall call(rewriter, op);
    call.addString("arrayrt_graph_region", op.getName())
        .addStream(op.getStream())
        .add(arith::IndexCastUIOp::create(rewriter, loc, rewriter.getI64Type(),
                                          address));
    FailureOr<func::CallOp> ran =
        call.call("arrayrt_graph_while_end", rewriter.getI32Type());
    if (failed(ran))
      return failure();
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
    return SmallVector<Value>{arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne, ran->getResult(0), zero)};
  }
};

struct RangePopToCall : CallPattern<RangePopOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(RangePopOp op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    if (failed(call.call("arrayrt_range_pop")))
      return failure();
    return SmallVector<Value>();
  }
};

/// arrayrt_set_op(label, location, bytes): null strings without a source
/// line, so that the previous op's name does not stick.
struct SetOpToCall : CallPattern<SetOpOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(SetOpOp op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    if (array::formatSourceLocation(op.getLoc()).empty())
      call.addNull().addNull();
    else
      call.addLabel().addLocation();
    call.add(op.getBytes());
    if (failed(call.call("arrayrt_set_op")))
      return failure();
    return SmallVector<Value>();
  }
};

/// A stream or event op: one call of `callee` with the op's handle
/// operands, its result (if any) the call's pointer.
template <typename OpTy> struct HandleOpToCall : CallPattern<OpTy> {
  HandleOpToCall(MLIRContext *context, StringRef callee)
      : CallPattern<OpTy>(context), callee(callee) {}

  FailureOr<SmallVector<Value>>
  lower(OpTy op, PatternRewriter &rewriter) const override {
    RuntimeCall call(rewriter, op);
    for (Value operand : op->getOperands())
      call.addHandle(operand);
    SmallVector<Type> results;
    if (op->getNumResults() == 1)
      results.push_back(call.getPointerType());
    FailureOr<func::CallOp> lowered = call.call(callee, results);
    if (failed(lowered))
      return failure();
    if (results.empty())
      return SmallVector<Value>();
    return SmallVector<Value>{fromPointer(rewriter, op.getLoc(),
                                          lowered->getResult(0),
                                          op->getResult(0).getType())};
  }

  std::string callee;
};

/// arrayrt.result_alloc: arrayrt_abi_result_alloc(result, rank, sizes,
/// element bytes, stream) returns the buffer (the caller's tensor or a pool
/// block); the memref descriptor of a row-major buffer is built around it,
/// as an LLVM struct behind an unrealized cast that reconciles with its
/// users' lowering.
struct ResultAllocToCall : CallPattern<ResultAllocOp> {
  using CallPattern::CallPattern;
  FailureOr<SmallVector<Value>>
  lower(ResultAllocOp op, PatternRewriter &rewriter) const override {
    MemRefType type = op.getMemref().getType();
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    int64_t rank = type.getRank();
    SmallVector<Value> sizes;
    auto dynamicSizes = op.getDynamicSizes().begin();
    for (int64_t size : type.getShape())
      sizes.push_back(
          ShapedType::isDynamic(size)
              ? Value(arith::IndexCastOp::create(rewriter, loc, i64,
                                                 *dynamicSizes++))
              : Value(arith::ConstantOp::create(
                    rewriter, loc, rewriter.getI64IntegerAttr(size))));
    SizesBuffer shape(rewriter, op, std::max<int64_t>(rank, 1));
    for (auto [d, size] : llvm::enumerate(sizes))
      memref::StoreOp::create(rewriter, loc, size, shape.buffer,
                              ValueRange{arith::ConstantIndexOp::create(
                                  rewriter, loc, static_cast<int64_t>(d))});
    RuntimeCall call(rewriter, op);
    call.addI32(op.getResult())
        .addI32(rank)
        .add(shape.pointer)
        .addI64(array::elementBytes(type.getElementType()))
        .addStream(op.getStream());
    FailureOr<func::CallOp> allocated =
        call.call("arrayrt_abi_result_alloc", call.getPointerType());
    if (failed(allocated))
      return failure();

    // { allocated, aligned, offset, sizes[rank], strides[rank] }.
    Type ptrType = call.getPointerType();
    SmallVector<Type> fields = {ptrType, ptrType, i64};
    if (rank > 0) {
      auto array = LLVM::LLVMArrayType::get(i64, rank);
      fields.append({array, array});
    }
    auto structType =
        LLVM::LLVMStructType::getLiteral(rewriter.getContext(), fields);
    Value pointer = allocated->getResult(0);
    Value descriptor = LLVM::PoisonOp::create(rewriter, loc, structType);
    auto insert = [&](Value value, ArrayRef<int64_t> position) {
      descriptor = LLVM::InsertValueOp::create(rewriter, loc, descriptor, value,
                                               position);
    };
    insert(pointer, {0});
    insert(pointer, {1});
    insert(
        arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(0)),
        {2});
    Value stride =
        arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(1));
    for (int64_t d = rank - 1; d >= 0; --d) {
      insert(sizes[d], {3, d});
      insert(stride, {4, d});
      if (d > 0)
        stride = arith::MulIOp::create(rewriter, loc, stride, sizes[d]);
    }
    return SmallVector<Value>{
        UnrealizedConversionCastOp::create(rewriter, loc, type, descriptor)
            .getResult(0)};
  }
};

struct ConvertArrayrtToCallsPass
    : array::impl::ConvertArrayrtToCallsBase<ConvertArrayrtToCallsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateArrayrtToCallsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();

    // Patterns that failed reported why (a device buffer where the runtime
    // reads host memory, a symbol clash); an array op or an op on tensors
    // means the pass ran too early.
    bool failedAny = false;
    getOperation().walk([&](Operation *op) {
      bool early = isa<array::ArrayDialect>(op->getDialect());
      if (!early && !isa<ArrayrtDialect>(op->getDialect()) &&
          !isa<cf::AssertOp>(op))
        return;
      failedAny = true;
      if (early ||
          llvm::any_of(op->getOperandTypes(), llvm::IsaPred<TensorType>) ||
          llvm::any_of(op->getResultTypes(), llvm::IsaPred<TensorType>))
        op->emitOpError("must be bufferized before convert-arrayrt-to-calls");
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

void arrayrt::populateArrayrtToCallsPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  populateCsrToCallsPatterns(patterns);
  populateLaunchToCallsPatterns(patterns);
  patterns.add<AllGatherToCall, AllReduceToCall, AssertToCall, AttentionToCall,
               BadAllocationToCall, BlasMatmulToCall, ProcessIndexToCall,
               HostSpanBeginToCall, HostSpanEndToCall, LoadNpyIntoToCall,
               MtxShapeToCall, MultiprocessorCountToCall, NpyShapeToCall,
               PrintToCall, RangePopToCall, RangePushToCall, ReadMtxIntoToCall,
               ResultAllocToCall, SaveNpyToCall, SetOpToCall>(context);
  patterns.add<HandleOpToCall<DefaultStreamOp>>(context,
                                                "arrayrt_default_stream");
  patterns.add<HandleOpToCall<StreamCreateOp>>(context,
                                               "arrayrt_stream_create");
  patterns.add<HandleOpToCall<StreamDestroyOp>>(context,
                                                "arrayrt_stream_destroy");
  patterns.add<GraphMarkerToCall<GraphBeginOp>>(context, "arrayrt_graph_begin");
  patterns.add<GraphMarkerToCall<GraphEndOp>>(context, "arrayrt_graph_end");
  patterns.add<GraphWhileEndToCall>(context);
  patterns.add<HandleOpToCall<StreamSynchronizeOp>>(
      context, "arrayrt_stream_synchronize");
  patterns.add<HandleOpToCall<StreamWaitStreamOp>>(
      context, "arrayrt_stream_wait_stream");
  patterns.add<HandleOpToCall<EventCreateOp>>(context, "arrayrt_event_create");
  patterns.add<HandleOpToCall<EventRecordOp>>(context, "arrayrt_event_record");
  patterns.add<HandleOpToCall<EventDestroyOp>>(context,
                                               "arrayrt_event_destroy");
  patterns.add<HandleOpToCall<StreamWaitEventOp>>(context,
                                                  "arrayrt_stream_wait_event");
  patterns.add<HandleOpToCall<EventSynchronizeOp>>(context,
                                                   "arrayrt_event_synchronize");
}
