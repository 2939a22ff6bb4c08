//===- ArrayToRuntime.cpp - Lower array ops on buffers to arrayrt calls ---===//
//
// The runtime's print entry points take an unranked memref, which the LLVM
// lowering passes as `(int64_t rank, void *descriptor)`; see
// runtime/include/arrayrt/arrayrt.h.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ArrayToRuntime/ArrayToRuntime.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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
static FailureOr<func::FuncOp> getOrDeclare(PatternRewriter &rewriter,
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

namespace {

struct PrintToRuntimeCall : OpRewritePattern<PrintOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PrintOp op,
                                PatternRewriter &rewriter) const override {
    auto memrefType = dyn_cast<MemRefType>(op.getInput().getType());
    if (!memrefType)
      return rewriter.notifyMatchFailure(op, "expects a bufferized operand");
    if (memrefType.getMemorySpace()) {
      op.emitOpError("prints a buffer in memory space ")
          << memrefType.getMemorySpace()
          << "; the runtime reads host memory (the default memory space)";
      return failure();
    }
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

struct ConvertArrayToRuntimePass
    : array::impl::ConvertArrayToRuntimeBase<ConvertArrayToRuntimePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateArrayToRuntimePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();

    // Patterns that failed on a buffer reported why; a tensor operand means
    // the pass ran too early.
    bool failedAny = false;
    getOperation().walk([&](Operation *op) {
      if (auto print = dyn_cast<PrintOp>(op)) {
        failedAny = true;
        if (!isa<MemRefType>(print.getInput().getType()))
          print.emitOpError("operand must be bufferized before "
                            "convert-array-to-runtime, found ")
              << print.getInput().getType();
      }
      failedAny |= isa<cf::AssertOp>(op);
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

void array::populateArrayToRuntimePatterns(RewritePatternSet &patterns) {
  patterns.add<AssertToRuntimeCall, PrintToRuntimeCall>(patterns.getContext());
}
