//===- ArrayToRuntime.cpp - Lower array ops on buffers to arrayrt calls ---===//
//
// The runtime's print entry points take an unranked memref, which the LLVM
// lowering passes as `(int64_t rank, void *descriptor)`; see
// runtime/include/arrayrt/arrayrt.h. The .npy entry points take the same
// pair, but one function serves every dtype, so its declaration spells the
// pair out as `(i64, !llvm.ptr)`, which the call takes apart from the
// unranked memref's LLVM form, and file names and source locations become
// string constants.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ArrayToRuntime/ArrayToRuntime.h"

#include "RuntimeCalls.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/DeviceBuffer.h"
#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "arrayc/Dialect/Array/IR/StreamOrderedCall.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::array {
#define GEN_PASS_DEF_CONVERTARRAYTORUNTIME
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

/// The dtype suffix of a runtime entry point, as in `arrayrt_print_f32`.
static std::string dtypeSuffix(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return (intType.isUnsigned() ? "ui" : "i") +
           std::to_string(intType.getWidth());
  if (type.isBF16())
    return "bf16";
  return "f" + std::to_string(type.getIntOrFloatBitWidth());
}

/// Returns the declaration of runtime function `name`, adding it to the
/// module on first use. Fails, with an error at `user`, when the module
/// already has a different symbol of that name.
FailureOr<func::FuncOp> getOrDeclare(OpBuilder &rewriter,
                                     Operation *user, StringRef name,
                                     FunctionType type) {
  auto module = user->getParentOfType<ModuleOp>();
  if (Operation *existing = module.lookupSymbol(name)) {
    auto func = dyn_cast<func::FuncOp>(existing);
    if (func && func.getFunctionType() == type)
      return func;
    user->emitOpError("needs runtime function @")
        << name << " of type " << type
        << ", but the module already defines that symbol differently";
    return failure();
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  auto decl = func::FuncOp::create(rewriter, module.getLoc(), name, type);
  decl.setPrivate();
  return decl;
}

/// The address of a NUL-terminated string constant holding `text`: an
/// internal `llvm.mlir.global` named `name` (or `name_0`, `name_1`, ... when
/// taken), shared by every use of the same text under the same name.
Value getStringConstant(OpBuilder &rewriter, Operation *user,
                        StringRef name, StringRef text) {
  Location loc = user->getLoc();
  MLIRContext *context = rewriter.getContext();
  auto module = user->getParentOfType<ModuleOp>();
  std::string contents = text.str();
  contents.push_back('\0');
  StringAttr value = rewriter.getStringAttr(contents);
  LLVM::GlobalOp global;
  for (auto existing : module.getOps<LLVM::GlobalOp>()) {
    StringRef symbol = existing.getSymName();
    if (existing.getConstant() && existing.getValueAttr() == value &&
        symbol.starts_with(name) &&
        (symbol.size() == name.size() || symbol[name.size()] == '_')) {
      global = existing;
      break;
    }
  }
  if (!global) {
    // Created detached, so that the symbol table's insert makes the name
    // unique.
    OpBuilder detached(context);
    auto type =
        LLVM::LLVMArrayType::get(IntegerType::get(context, 8), contents.size());
    global = LLVM::GlobalOp::create(detached, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name, value);
    SymbolTable(module).insert(global, module.getBody()->begin());
  }
  return LLVM::AddressOfOp::create(rewriter, loc, global);
}

/// The `location` argument of the .npy entry points: `op`'s `file:line:col`
/// as a string constant, or a null pointer when it has none.
Value getLocationString(OpBuilder &rewriter, Operation *op) {
  std::string text = formatSourceLocation(op->getLoc());
  if (text.empty())
    return LLVM::ZeroOp::create(rewriter, op->getLoc(),
                                LLVM::LLVMPointerType::get(op->getContext()));
  return getStringConstant(rewriter, op, "arrayrt_location", text);
}

std::optional<NpyDtype> getNpyDtype(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      if (isUnsigned)
        return std::nullopt;
      return kNpyI1;
    case 8:
      return isUnsigned ? kNpyUI8 : kNpyI8;
    case 16:
      return isUnsigned ? kNpyUI16 : kNpyI16;
    case 32:
      return isUnsigned ? kNpyUI32 : kNpyI32;
    case 64:
      return isUnsigned ? kNpyUI64 : kNpyI64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return kNpyF16;
  if (type.isBF16())
    return kNpyBF16;
  if (type.isF32())
    return kNpyF32;
  if (type.isF64())
    return kNpyF64;
  return std::nullopt;
}

/// The arguments every .npy entry point takes besides the array: `const
/// char *path`, `int32_t dtype` and `const char *location`.
struct NpyCallArgs {
  Value path, dtype, location;
};
/// Fails, with an error at `op`, for an element type without a dtype code.
static FailureOr<NpyCallArgs> getNpyCallArgs(PatternRewriter &rewriter,
                                             Operation *op, StringRef path,
                                             Type elementType) {
  std::optional<NpyDtype> dtype = getNpyDtype(elementType);
  if (!dtype)
    return op->emitOpError("has no .npy dtype for element type ")
           << elementType;
  NpyCallArgs args;
  args.path = getStringConstant(rewriter, op, "arrayrt_npy_path", path);
  args.dtype = arith::ConstantOp::create(rewriter, op->getLoc(),
                                         rewriter.getI32IntegerAttr(*dtype));
  args.location = getLocationString(rewriter, op);
  return args;
}

/// Fails, with an error at `op`, unless `buffer` is in the default (host)
/// memory space, which the runtime reads and writes.
static LogicalResult requireHostBuffer(Operation *op, Value buffer,
                                       StringRef verb) {
  auto type = cast<MemRefType>(buffer.getType());
  if (!type.getMemorySpace())
    return success();
  return op->emitOpError()
         << verb << " a buffer in memory space " << type.getMemorySpace()
         << "; the runtime reads host memory (the default memory space)";
}

/// `buffer` as the `(int64_t rank, void *descriptor)` pair of an unranked
/// memref: the LLVM lowering of `memref.cast` to an unranked memref builds
/// it (the descriptor on the stack); an unrealized cast to its LLVM struct,
/// which reconciles with that lowering, takes it apart.
std::pair<Value, Value> getUnrankedDescriptor(PatternRewriter &rewriter,
                                              Location loc, Value buffer) {
  MLIRContext *context = rewriter.getContext();
  auto type = cast<MemRefType>(buffer.getType());
  auto unranked = UnrankedMemRefType::get(type.getElementType(),
                                          type.getMemorySpace());
  Value erased = memref::CastOp::create(rewriter, loc, unranked, buffer);
  auto structType = LLVM::LLVMStructType::getLiteral(
      context, {rewriter.getI64Type(), LLVM::LLVMPointerType::get(context)});
  Value descriptor =
      UnrealizedConversionCastOp::create(rewriter, loc, structType, erased)
          .getResult(0);
  Value rank = LLVM::ExtractValueOp::create(rewriter, loc, descriptor, 0);
  Value pointer = LLVM::ExtractValueOp::create(rewriter, loc, descriptor, 1);
  return {rank, pointer};
}

/// `void arrayrt_save_npy(const char *path, int64_t rank, void *descriptor,
/// int32_t dtype, const char *location)` and arrayrt_load_npy, which has
/// the same type.
static FunctionType getNpyArrayFunctionType(PatternRewriter &rewriter) {
  auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
  return rewriter.getFunctionType(
      {ptrType, rewriter.getI64Type(), ptrType, rewriter.getI32Type(), ptrType},
      {});
}

namespace {

struct PrintToRuntimeCall : OpRewritePattern<PrintOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PrintOp op,
                                PatternRewriter &rewriter) const override {
    auto memrefType = dyn_cast<MemRefType>(op.getInput().getType());
    if (!memrefType)
      return rewriter.notifyMatchFailure(op, "expects a bufferized operand");
    if (failed(requireHostBuffer(op, op.getInput(), "prints")))
      return failure();
    Type elementType = memrefType.getElementType();
    auto unranked = UnrankedMemRefType::get(elementType, /*memorySpace=*/0);
    FailureOr<func::FuncOp> callee =
        getOrDeclare(rewriter, op, "arrayrt_print_" + dtypeSuffix(elementType),
                     rewriter.getFunctionType({unranked}, {}));
    if (failed(callee))
      return failure();
    Value erased =
        memref::CastOp::create(rewriter, op.getLoc(), unranked, op.getInput());
    rewriter.replaceOpWithNewOp<func::CallOp>(op, *callee, erased);
    return success();
  }
};

/// array.save_npy and array.load_npy_into: one call with the buffer's
/// unranked descriptor. On a device buffer (`array.device_buffer`, set by
/// array-gpu-device-memory), the device form of the call, which also takes
/// the op's stream (`void arrayrt_load_npy_device(const char *path, int64_t
/// rank, void *descriptor, int32_t dtype, arrayrt_stream_t stream, const
/// char *location)`), marked stream-ordered for array-gpu-streams.
template <typename OpTy>
struct NpyArrayToRuntimeCall : OpRewritePattern<OpTy> {
  NpyArrayToRuntimeCall(MLIRContext *context, StringRef callee, StringRef verb,
                        bool writes)
      : OpRewritePattern<OpTy>(context), callee(callee), verb(verb),
        writes(writes) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value buffer = op->getOperand(0);
    auto memrefType = dyn_cast<MemRefType>(buffer.getType());
    if (!memrefType)
      return rewriter.notifyMatchFailure(op, "expects a bufferized operand");
    if (failed(requireHostBuffer(op, buffer, verb)))
      return failure();
    bool device = op->hasAttr(kDeviceBufferAttr);
    std::optional<StringRef> member;
    if constexpr (std::is_same_v<OpTy, LoadNpyIntoOp>)
      member = op.getMember();
    // (path, [member,] rank, descriptor, dtype, [stream,] location)
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    SmallVector<Type> inputs(getNpyArrayFunctionType(rewriter).getInputs());
    std::string name = callee;
    if (member) {
      inputs.insert(inputs.begin() + 1, ptrType);
      name = "arrayrt_load_npz";
    }
    unsigned descriptorIndex = member ? 3 : 2;
    unsigned streamIndex = descriptorIndex + 2;
    if (device) {
      inputs.insert(inputs.begin() + streamIndex, ptrType);
      name += "_device";
    }
    FailureOr<func::FuncOp> function = getOrDeclare(
        rewriter, op, name, rewriter.getFunctionType(inputs, {}));
    if (failed(function))
      return failure();
    FailureOr<NpyCallArgs> args = getNpyCallArgs(
        rewriter, op, op.getPath(), memrefType.getElementType());
    if (failed(args))
      return failure();
    auto [rank, descriptor] =
        getUnrankedDescriptor(rewriter, op.getLoc(), buffer);
    SmallVector<Value> operands = {args->path, rank, descriptor, args->dtype,
                                   args->location};
    if (member)
      operands.insert(operands.begin() + 1,
                      getStringConstant(rewriter, op, "arrayrt_npz_member",
                                        *member));
    if (!device) {
      rewriter.replaceOpWithNewOp<func::CallOp>(op, *function, operands);
      return success();
    }
    // The stream: null until array-gpu-streams fills in the op's.
    operands.insert(operands.begin() + streamIndex,
                    LLVM::ZeroOp::create(rewriter, op.getLoc(), ptrType));
    auto call =
        rewriter.replaceOpWithNewOp<func::CallOp>(op, *function, operands);
    SmallVector<int64_t> written;
    if (writes)
      written.push_back(descriptorIndex);
    markStreamOrdered(call, streamIndex, written);
    return success();
  }

  std::string callee, verb;
  bool writes; // Whether the call writes the buffer (loads) or reads it.
};

/// A stack buffer of `count` i64 that a runtime call fills with sizes
/// (arrayrt_npy_shape, arrayrt_mtx_shape), and its address as a pointer.
struct SizesBuffer {
  Value buffer;
  Value pointer;
};

/// Allocates the buffer at the start of `op`'s function (not of a loop
/// body, an allocation scope too, which the CPU lowering does not unwind
/// per iteration) and takes its address where `op` stands.
static SizesBuffer createSizesBuffer(PatternRewriter &rewriter, Operation *op,
                                     int64_t count) {
  Location loc = op->getLoc();
  Type i64Type = rewriter.getI64Type();
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    if (auto function = op->getParentOfType<FunctionOpInterface>())
      rewriter.setInsertionPointToStart(&function.getFunctionBody().front());
    buffer = memref::AllocaOp::create(rewriter, loc,
                                      MemRefType::get({count}, i64Type));
  }
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, buffer);
  Value addressI64 =
      arith::IndexCastOp::create(rewriter, loc, i64Type, address);
  Value pointer = LLVM::IntToPtrOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
      addressI64);
  return {buffer, pointer};
}

/// The first `count` sizes of `sizes` (after the call filled it), as index.
static SmallVector<Value> loadSizes(PatternRewriter &rewriter, Location loc,
                                    const SizesBuffer &sizes, int64_t count) {
  SmallVector<Value> result;
  for (int64_t i = 0; i < count; ++i) {
    Value index = arith::ConstantIndexOp::create(rewriter, loc, i);
    Value size = memref::LoadOp::create(rewriter, loc, sizes.buffer, index);
    result.push_back(arith::IndexCastOp::create(rewriter, loc,
                                                rewriter.getIndexType(), size));
  }
  return result;
}

/// array.npy_shape: arrayrt_npy_shape writes the sizes to a stack buffer of
/// i64, allocated once per function, from which they are loaded.
struct NpyShapeToRuntimeCall : OpRewritePattern<NpyShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(NpyShapeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    Type i64Type = rewriter.getI64Type();
    // (path, [member,] rank, shape, dtype, location)
    std::optional<StringRef> member = op.getMember();
    SmallVector<Type> inputs = {ptrType, i64Type, ptrType,
                                rewriter.getI32Type(), ptrType};
    if (member)
      inputs.insert(inputs.begin() + 1, ptrType);
    FailureOr<func::FuncOp> function = getOrDeclare(
        rewriter, op, member ? "arrayrt_npz_shape" : "arrayrt_npy_shape",
        rewriter.getFunctionType(inputs, {}));
    if (failed(function))
      return failure();
    FailureOr<NpyCallArgs> args =
        getNpyCallArgs(rewriter, op, op.getPath(), op.getElementType());
    if (failed(args))
      return failure();

    int64_t rank = op.getSizes().size();
    SizesBuffer shape = createSizesBuffer(rewriter, op, rank);
    Value rankValue = arith::ConstantOp::create(
        rewriter, loc, rewriter.getI64IntegerAttr(rank));
    SmallVector<Value> operands = {args->path, rankValue, shape.pointer,
                                   args->dtype, args->location};
    if (member)
      operands.insert(operands.begin() + 1,
                      getStringConstant(rewriter, op, "arrayrt_npz_member",
                                        *member));
    func::CallOp::create(rewriter, loc, *function, operands);
    rewriter.replaceOp(op, loadSizes(rewriter, loc, shape, rank));
    return success();
  }
};

/// array.blas_matmul on buffers: one arrayrt_matmul call with the four
/// buffers' unranked descriptors (an absent bias: rank 0 and null), the
/// element type's arrayrt_dtype_t code, the arrayrt_matmul_epilogue_t and
/// flag values of arrayrt.h, alpha, beta 0, the op's location and a null
/// stream, which array-gpu-streams replaces with the op's stream (the call
/// is marked as queued on a stream, writing `out`).
struct BlasMatmulToRuntimeCall : OpRewritePattern<BlasMatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BlasMatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<MemRefType>(op.getInit().getType()))
      return rewriter.notifyMatchFailure(op, "expects bufferized operands");
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    Type i64 = rewriter.getI64Type(), i32 = rewriter.getI32Type();
    Type f64 = rewriter.getF64Type();
    FailureOr<func::FuncOp> callee =
        getOrDeclare(rewriter, op, "arrayrt_matmul",
                     rewriter.getFunctionType({i64, ptrType, i64, ptrType, i64,
                                               ptrType, i64, ptrType, i32, i32,
                                               i32, f64, f64, ptrType, ptrType},
                                              {}));
    if (failed(callee))
      return failure();
    std::optional<NpyDtype> dtype =
        getNpyDtype(cast<MemRefType>(op.getInit().getType()).getElementType());
    if (!dtype)
      return op.emitOpError("has no dtype code for its element type");
    // arrayrt_matmul_epilogue_t: DEFAULT, RELU, GELU, then the same three
    // with a bias.
    int32_t epilogue = llvm::StringSwitch<int32_t>(op.getEpilogue())
                           .Case("relu", 1)
                           .Case("gelu_tanh", 2)
                           .Default(0);
    if (op.getBias())
      epilogue += 3;
    int32_t flags = (op.getTransposeLhs() ? 1 : 0) |
                    (op.getTransposeRhs() ? 2 : 0) | (op.getTf32() ? 4 : 0);

    SmallVector<Value> args;
    auto addBuffer = [&](Value buffer) {
      if (!buffer) {
        args.push_back(arith::ConstantOp::create(
            rewriter, loc, rewriter.getI64IntegerAttr(0)));
        args.push_back(LLVM::ZeroOp::create(rewriter, loc, ptrType));
        return;
      }
      auto [rank, descriptor] = getUnrankedDescriptor(rewriter, loc, buffer);
      args.push_back(rank);
      args.push_back(descriptor);
    };
    addBuffer(op.getLhs());
    addBuffer(op.getRhs());
    addBuffer(op.getBias());
    addBuffer(op.getInit());
    args.push_back(arith::ConstantOp::create(
        rewriter, loc, rewriter.getI32IntegerAttr(*dtype)));
    args.push_back(arith::ConstantOp::create(
        rewriter, loc, rewriter.getI32IntegerAttr(epilogue)));
    args.push_back(arith::ConstantOp::create(
        rewriter, loc, rewriter.getI32IntegerAttr(flags)));
    args.push_back(arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getF64FloatAttr(op.getAlpha().convertToDouble())));
    args.push_back(arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getF64FloatAttr(op.getBeta().convertToDouble())));
    args.push_back(getLocationString(rewriter, op));
    args.push_back(LLVM::ZeroOp::create(rewriter, loc, ptrType));
    auto call = rewriter.replaceOpWithNewOp<func::CallOp>(op, *callee, args);
    // Operands: lhs, rhs, bias and out as (rank, descriptor) pairs, ...,
    // the stream last.
    markStreamOrdered(call, /*streamOperand=*/args.size() - 1,
                      /*writtenOperands=*/{7});
    return success();
  }
};

/// array.mtx_shape: arrayrt_mtx_shape writes rows, columns and entries to
/// a stack buffer of three i64, allocated once per function.
struct MtxShapeToRuntimeCall : OpRewritePattern<MtxShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MtxShapeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Type i64Type = rewriter.getI64Type();
    FailureOr<func::FuncOp> function = getOrDeclare(
        rewriter, op, "arrayrt_mtx_shape",
        rewriter.getFunctionType({ptrType, ptrType, ptrType}, {}));
    if (failed(function))
      return failure();
    // The dtype is not used: any element type gives the path and location.
    FailureOr<NpyCallArgs> args =
        getNpyCallArgs(rewriter, op, op.getPath(), i64Type);
    if (failed(args))
      return failure();
    SizesBuffer shape = createSizesBuffer(rewriter, op, 3);
    func::CallOp::create(rewriter, loc, *function,
                         ValueRange{args->path, shape.pointer, args->location});
    rewriter.replaceOp(op, loadSizes(rewriter, loc, shape, 3));
    return success();
  }
};

/// array.read_mtx_into: arrayrt_load_mtx(path, part, rank, descriptor,
/// dtype, location), the part given by the buffer's rank.
struct ReadMtxIntoToRuntimeCall : OpRewritePattern<ReadMtxIntoOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReadMtxIntoOp op,
                                PatternRewriter &rewriter) const override {
    Value buffer = op.getBuffer();
    auto memrefType = cast<MemRefType>(buffer.getType());
    if (failed(requireHostBuffer(op, buffer, "loads into")))
      return failure();
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Type i32Type = rewriter.getI32Type();
    FailureOr<func::FuncOp> function = getOrDeclare(
        rewriter, op, "arrayrt_load_mtx",
        rewriter.getFunctionType({ptrType, i32Type, rewriter.getI64Type(),
                                  ptrType, i32Type, ptrType},
                                 {}));
    if (failed(function))
      return failure();
    FailureOr<NpyCallArgs> args = getNpyCallArgs(
        rewriter, op, op.getPath(), memrefType.getElementType());
    if (failed(args))
      return failure();
    // ARRAYRT_MTX_COORDINATES (0) for the rank-2 coordinates buffer,
    // ARRAYRT_MTX_VALUES (1) for the values.
    Value part = arith::ConstantOp::create(
        rewriter, op.getLoc(),
        rewriter.getI32IntegerAttr(memrefType.getRank() == 2 ? 0 : 1));
    auto [rank, descriptor] =
        getUnrankedDescriptor(rewriter, op.getLoc(), buffer);
    rewriter.replaceOpWithNewOp<func::CallOp>(
        op, *function,
        ValueRange{args->path, part, rank, descriptor, args->dtype,
                   args->location});
    return success();
  }
};

/// array.multiprocessor_count: arrayrt_multiprocessor_count (cached there).
struct MultiprocessorCountToRuntimeCall
    : OpRewritePattern<MultiprocessorCountOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MultiprocessorCountOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<func::FuncOp> callee = getOrDeclare(
        rewriter, op, "arrayrt_multiprocessor_count",
        rewriter.getFunctionType({}, {rewriter.getI64Type()}));
    if (failed(callee))
      return failure();
    Value count =
        func::CallOp::create(rewriter, op.getLoc(), *callee, ValueRange{})
            .getResult(0);
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(
        op, rewriter.getIndexType(), count);
    return success();
  }
};

/// A failed run-time check calls arrayrt_check_failed, which prints the
/// message and exits with status 1, instead of cf.assert's default lowering,
/// which aborts (a crash, to the user and to test harnesses).
struct AssertToRuntimeCall : OpRewritePattern<cf::AssertOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(cf::AssertOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    MLIRContext *context = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    FailureOr<func::FuncOp> callee =
        getOrDeclare(rewriter, op, "arrayrt_check_failed",
                     rewriter.getFunctionType({ptrType}, {}));
    if (failed(callee))
      return failure();

    std::string text = op.getMsg().str();
    text.push_back('\0');
    // Created detached, so that the symbol table's insert gives each
    // message a unique name (arrayrt_check_message, _0, _1, ...).
    OpBuilder detached(context);
    auto type =
        LLVM::LLVMArrayType::get(IntegerType::get(context, 8), text.size());
    auto global = LLVM::GlobalOp::create(
        detached, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
        "arrayrt_check_message", rewriter.getStringAttr(text));
    SymbolTable(module).insert(global, module.getBody()->begin());

    Value failed = arith::XOrIOp::create(
        rewriter, loc, op.getArg(),
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
    auto ifOp = scf::IfOp::create(rewriter, loc, failed, /*withElse=*/false);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    Value message = LLVM::AddressOfOp::create(rewriter, loc, global);
    func::CallOp::create(rewriter, loc, *callee, message);
    rewriter.eraseOp(op);
    return success();
  }
};

/// array.range_push "name": arrayrt_range_push(name); array.range_pop:
/// arrayrt_range_pop(). Before array-gpu-streams they have no tokens.
template <typename OpTy> struct RangeToRuntimeCall : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.getAsyncToken() || !op.getAsyncDependencies().empty())
      return rewriter.notifyMatchFailure(op, "in the GPU stream order");
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    constexpr bool isPush = std::is_same_v<OpTy, RangePushOp>;
    SmallVector<Type> inputs;
    SmallVector<Value> args;
    if constexpr (isPush) {
      inputs.push_back(ptrType);
      args.push_back(
          getStringConstant(rewriter, op, "arrayrt_range_name", op.getName()));
    }
    FailureOr<func::FuncOp> callee = getOrDeclare(
        rewriter, op, isPush ? "arrayrt_range_push" : "arrayrt_range_pop",
        rewriter.getFunctionType(inputs, {}));
    if (failed(callee))
      return failure();
    rewriter.replaceOpWithNewOp<func::CallOp>(op, *callee, args);
    return success();
  }
};

struct ConvertArrayToRuntimePass
    : array::impl::ConvertArrayToRuntimeBase<ConvertArrayToRuntimePass> {
  using ConvertArrayToRuntimeBase::ConvertArrayToRuntimeBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateArrayToRuntimePatterns(patterns);
    if (lowerRanges)
      patterns
          .add<RangeToRuntimeCall<RangePushOp>, RangeToRuntimeCall<RangePopOp>>(
              &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();

    // Patterns that failed on a buffer reported why; a tensor operand means
    // the pass ran too early.
    bool failedAny = false;
    getOperation().walk([&](Operation *op) {
      if (isa<PrintOp, SaveNpyOp>(op)) {
        failedAny = true;
        Type type = op->getOperand(0).getType();
        if (!isa<MemRefType>(type))
          op->emitOpError("operand must be bufferized before "
                          "convert-array-to-runtime, found ")
              << type;
      }
      if (auto load = dyn_cast<LoadNpyOp>(op)) {
        failedAny = true;
        load.emitOpError("must be bufferized before convert-array-to-runtime "
                         "(it becomes array.npy_shape, memref.alloc and "
                         "array.load_npy_into)");
      }
      if (auto matmul = dyn_cast<BlasMatmulOp>(op)) {
        failedAny = true;
        if (!isa<MemRefType>(matmul.getInit().getType()))
          matmul.emitOpError("must be bufferized before "
                             "convert-array-to-runtime");
      }
      if (isa<ReadMtxOp>(op)) {
        failedAny = true;
        op->emitOpError("must be bufferized before convert-array-to-runtime "
                        "(it becomes memref.alloc and array.read_mtx_into)");
      }
      failedAny |= isa<cf::AssertOp, NpyShapeOp, LoadNpyIntoOp, MtxShapeOp,
                       ReadMtxIntoOp>(op);
      failedAny |= failed(verifyCsrLowered(op));
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

void array::populateArrayToRuntimePatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  populateCsrToRuntimePatterns(patterns);
  patterns.add<AssertToRuntimeCall, BlasMatmulToRuntimeCall,
               MtxShapeToRuntimeCall, MultiprocessorCountToRuntimeCall,
               NpyShapeToRuntimeCall, PrintToRuntimeCall,
               ReadMtxIntoToRuntimeCall>(context);
  patterns.add<NpyArrayToRuntimeCall<SaveNpyOp>>(context, "arrayrt_save_npy",
                                                 "saves", /*writes=*/false);
  patterns.add<NpyArrayToRuntimeCall<LoadNpyIntoOp>>(
      context, "arrayrt_load_npy", "loads into", /*writes=*/true);
}
