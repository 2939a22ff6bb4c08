//===- CsrToRuntime.cpp - array.csr_* ops to arrayrt_csr_* calls ----------===//
//
// Each array.csr_* op on buffers becomes one call of the runtime's
// arrayrt_csr_* entry points (runtime/include/arrayrt/arrayrt.h). A CSR
// handle becomes the `!llvm.ptr` (an arrayrt_csr_t) its creating call
// returns; an unrealized cast stands for it until its users are lowered.
// Buffers are passed as `(rank, descriptor)` pairs, and every call but
// arrayrt_csr_nnz takes a null stream that array-gpu-streams replaces with
// the op's (the calls are marked stream-ordered, naming what they write).
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/StreamOrderedCall.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::array;

namespace {

/// The arguments of a call under construction, with the helpers that add
/// them.
struct CallArgs {
  CallArgs(PatternRewriter &rewriter, Operation *op)
      : rewriter(rewriter), op(op), loc(op->getLoc()),
        ptrType(LLVM::LLVMPointerType::get(op->getContext())) {}

  void add(Value value) {
    values.push_back(value);
    types.push_back(value.getType());
  }
  void addBuffer(Value buffer) {
    auto [rank, descriptor] = getUnrankedDescriptor(rewriter, loc, buffer);
    add(rank);
    add(descriptor);
  }
  /// A buffer the call writes (named in its stream-ordered mark).
  void addWrittenBuffer(Value buffer) {
    addBuffer(buffer);
    written.push_back(values.size() - 1);
  }
  void addI32(int32_t value) {
    add(arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getI32IntegerAttr(value)));
  }
  void addF64(double value) {
    add(arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getF64FloatAttr(value)));
  }
  void addIndex(Value index) {
    add(arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                   index));
  }
  /// The dtype code of a float element type (the handle ops' verifiers
  /// allow no other).
  void addDtype(Type element) { addI32(*getNpyDtype(element)); }
  void addLocation() { add(getLocationString(rewriter, op)); }

  /// Calls `name`, returning `results`; null on a symbol clash (reported).
  func::CallOp call(StringRef name, TypeRange results) {
    FailureOr<func::FuncOp> callee = getOrDeclare(
        rewriter, op, name, rewriter.getFunctionType(types, results));
    if (failed(callee))
      return nullptr;
    return func::CallOp::create(rewriter, loc, *callee, values);
  }

  /// Adds the null stream array-gpu-streams fills in, calls `name` and
  /// marks the call stream-ordered, writing the written buffers.
  func::CallOp callOnStream(StringRef name, TypeRange results) {
    add(LLVM::ZeroOp::create(rewriter, loc, ptrType));
    unsigned stream = values.size() - 1;
    func::CallOp result = call(name, results);
    if (result)
      markStreamOrdered(result, stream, written);
    return result;
  }

  PatternRewriter &rewriter;
  Operation *op;
  Location loc;
  Type ptrType;
  SmallVector<Value> values;
  SmallVector<Type> types;
  SmallVector<int64_t> written;
};

Type elementType(Value shaped) {
  return cast<ShapedType>(shaped.getType()).getElementType();
}

bool onBuffers(Operation *op) {
  return llvm::none_of(op->getOperandTypes(),
                       [](Type type) { return isa<TensorType>(type); });
}

/// The `!llvm.ptr` a lowered creation returned for `handle`, or null while
/// its creation is not lowered yet.
Value handlePointer(Value handle) {
  auto cast = handle.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast.getInputs().size() != 1 ||
      !isa<LLVM::LLVMPointerType>(cast.getInputs().front().getType()))
    return Value();
  return cast.getInputs().front();
}

/// Replaces the creation `op` by `call`'s pointer, behind an unrealized
/// cast to the handle type for its users.
void replaceCreation(PatternRewriter &rewriter, Operation *op,
                     func::CallOp call) {
  Value handle = UnrealizedConversionCastOp::create(rewriter, op->getLoc(),
                                                    op->getResult(0).getType(),
                                                    call.getResult(0))
                     .getResult(0);
  rewriter.replaceOp(op, handle);
}

/// Adds the `!llvm.ptr` of `handle` to `args`; false while its creation is
/// not lowered yet.
bool addHandle(CallArgs &args, Value handle) {
  Value pointer = handlePointer(handle);
  if (pointer)
    args.add(pointer);
  return pointer != nullptr;
}

/// A handle op on buffers becomes one stream-ordered call of `callee`:
/// `addArguments` adds every argument but the stream (false while a handle
/// operand's creation is not lowered yet). An op making a handle is
/// replaced by the call's pointer; the others are erased.
template <typename OpTy>
struct CsrOpToCall : OpRewritePattern<OpTy> {
  using AddArguments = bool (*)(OpTy, CallArgs &);
  CsrOpToCall(MLIRContext *context, StringRef callee, AddArguments addArguments)
      : OpRewritePattern<OpTy>(context), callee(callee),
        addArguments(addArguments) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!onBuffers(op))
      return rewriter.notifyMatchFailure(op, "expects bufferized operands");
    CallArgs args(rewriter, op);
    if (!addArguments(op, args))
      return rewriter.notifyMatchFailure(op, "handle not lowered yet");
    bool creates = op->getNumResults() == 1 &&
                   isa<CsrHandleType>(op->getResult(0).getType());
    func::CallOp call = args.callOnStream(
        callee, creates ? TypeRange(args.ptrType) : TypeRange());
    if (!call)
      return failure();
    if (creates)
      replaceCreation(rewriter, op, call);
    else
      rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
  AddArguments addArguments;
};

/// array.csr_spmv and array.csr_spmm: `(handle, operand, init, alpha, beta,
/// dtype, location)`, writing init.
template <typename OpTy>
bool addProductArguments(OpTy op, CallArgs &args) {
  if (!addHandle(args, op->getOperand(0)))
    return false;
  args.addBuffer(op->getOperand(1));
  args.addWrittenBuffer(op.getInit());
  args.addF64(op.getAlpha().convertToDouble());
  args.addF64(op.getBeta().convertToDouble());
  args.addDtype(elementType(op.getInit()));
  args.addLocation();
  return true;
}

void addCallPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<CsrOpToCall<CsrFromDenseOp>>(
      context, "arrayrt_csr_from_dense", [](CsrFromDenseOp op, CallArgs &args) {
        args.addBuffer(op.getDense());
        args.addI32(op.getIndexBits());
        args.addDtype(elementType(op.getDense()));
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrFromArraysOp>>(
      context, "arrayrt_csr_from_arrays",
      [](CsrFromArraysOp op, CallArgs &args) {
        args.addBuffer(op.getIndptr());
        args.addBuffer(op.getIndices());
        args.addBuffer(op.getData());
        args.addIndex(op.getRows());
        args.addIndex(op.getCols());
        args.addI32(elementType(op.getIndptr()).getIntOrFloatBitWidth());
        args.addDtype(elementType(op.getData()));
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrLoadMtxOp>>(
      context, "arrayrt_csr_load_mtx", [](CsrLoadMtxOp op, CallArgs &args) {
        args.add(getStringConstant(args.rewriter, op, "arrayrt_mtx_path",
                                   op.getPath()));
        args.addI32(op.getIndexBits());
        args.addDtype(op.getElement());
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrSpgemmOp>>(
      context, "arrayrt_csr_spgemm", [](CsrSpgemmOp op, CallArgs &args) {
        if (!addHandle(args, op.getA()) || !addHandle(args, op.getB()))
          return false;
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrTransposeOp>>(
      context, "arrayrt_csr_transpose", [](CsrTransposeOp op, CallArgs &args) {
        if (!addHandle(args, op.getA()))
          return false;
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrAddOp>>(
      context, "arrayrt_csr_add", [](CsrAddOp op, CallArgs &args) {
        if (!addHandle(args, op.getA()) || !addHandle(args, op.getB()))
          return false;
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrScaleOp>>(
      context, "arrayrt_csr_scale", [](CsrScaleOp op, CallArgs &args) {
        if (!addHandle(args, op.getA()))
          return false;
        args.addF64(op.getAlpha().convertToDouble());
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrSddmmOp>>(
      context, "arrayrt_csr_sddmm", [](CsrSddmmOp op, CallArgs &args) {
        if (!addHandle(args, op.getS()))
          return false;
        args.addBuffer(op.getA());
        args.addBuffer(op.getB());
        args.addF64(op.getAlpha().convertToDouble());
        args.addF64(op.getBeta().convertToDouble());
        args.addDtype(elementType(op.getA()));
        args.addLocation();
        return true;
      });
  patterns.add<CsrOpToCall<CsrSpmvOp>>(context, "arrayrt_csr_spmv",
                                       addProductArguments<CsrSpmvOp>);
  patterns.add<CsrOpToCall<CsrSpmmOp>>(context, "arrayrt_csr_spmm",
                                       addProductArguments<CsrSpmmOp>);
  patterns.add<CsrOpToCall<CsrToDenseOp>>(
      context, "arrayrt_csr_to_dense", [](CsrToDenseOp op, CallArgs &args) {
        if (!addHandle(args, op.getHandle()))
          return false;
        args.addWrittenBuffer(op.getInit());
        args.addDtype(elementType(op.getInit()));
        args.addLocation();
        return true;
      });
  // arrayrt_csr_release(handle, stream): the borrowed arrays (`keep`) only
  // had to live until here, which bufferization saw to.
  patterns.add<CsrOpToCall<CsrReleaseOp>>(
      context, "arrayrt_csr_release", [](CsrReleaseOp op, CallArgs &args) {
        return addHandle(args, op.getHandle());
      });
}

struct CsrNnzToCall : OpRewritePattern<CsrNnzOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CsrNnzOp op,
                                PatternRewriter &rewriter) const override {
    Value handle = handlePointer(op->getOperand(0));
    if (!handle)
      return rewriter.notifyMatchFailure(op, "handle not lowered yet");
    CallArgs args(rewriter, op);
    args.add(handle);
    func::CallOp call = args.call("arrayrt_csr_nnz", rewriter.getI64Type());
    if (!call)
      return failure();
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, rewriter.getIndexType(),
                                                    call.getResult(0));
    return success();
  }
};

} // namespace

void array::populateCsrToRuntimePatterns(RewritePatternSet &patterns) {
  addCallPatterns(patterns);
  patterns.add<CsrNnzToCall>(patterns.getContext());
}

LogicalResult array::verifyCsrLowered(Operation *op) {
  if (!isa<CsrFromDenseOp, CsrFromArraysOp, CsrLoadMtxOp, CsrSpgemmOp,
           CsrTransposeOp, CsrSddmmOp, CsrAddOp, CsrScaleOp, CsrNnzOp,
           CsrSpmvOp, CsrSpmmOp, CsrToDenseOp, CsrReleaseOp>(op))
    return success();
  if (!onBuffers(op))
    return op->emitOpError("must be bufferized before "
                           "convert-array-to-runtime");
  return op->emitOpError("was not lowered to an arrayrt call (its CSR "
                         "handle has no lowered creation)");
}
