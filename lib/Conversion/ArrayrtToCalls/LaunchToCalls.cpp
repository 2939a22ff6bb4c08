//===- LaunchToCalls.cpp - arrayrt.launch_image to arrayrt_launch_image ---===//
//
// The device image becomes a constant of the program (8-byte aligned, as
// the driver reads an ELF image), shared by the launch sites of one image;
// each site gets a zeroed pointer-sized global where the runtime caches its
// kernel; the kernel parameters are stored in stack slots of the function
// (allocated in its entry block) whose addresses form cuLaunchKernel's
// `void **` array.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::arrayrt;

namespace {

/// Inserts `global` (created detached) into the module, which makes its
/// name unique.
LLVM::GlobalOp insertGlobal(ModuleOp module, LLVM::GlobalOp global) {
  SymbolTable(module).insert(global, module.getBody()->begin());
  return global;
}

/// The constant holding `image`, shared by equal images.
LLVM::GlobalOp getImageGlobal(ModuleOp module, Location loc,
                              StringAttr image) {
  constexpr StringLiteral kName = "arrayrt_kernel_image";
  for (auto global : module.getOps<LLVM::GlobalOp>())
    if (global.getConstant() && global.getSymName().starts_with(kName) &&
        global.getValueAttr() == image)
      return global;
  OpBuilder b(module.getContext());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), image.size());
  auto global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                       LLVM::Linkage::Internal, kName, image,
                                       /*alignment=*/8);
  return insertGlobal(module, global);
}

/// A launch site's kernel cache, a pointer-sized zero.
LLVM::GlobalOp createSlot(ModuleOp module, Location loc) {
  OpBuilder b(module.getContext());
  auto global = LLVM::GlobalOp::create(
      b, loc, b.getI64Type(), /*isConstant=*/false, LLVM::Linkage::Internal,
      "arrayrt_kernel_slot", b.getI64IntegerAttr(0), /*alignment=*/8);
  return insertGlobal(module, global);
}

/// `value` as the kernel parameter's bits: a buffer's data address, an
/// index as 64 bits, a bool as a byte, other scalars as they are.
Value parameterValue(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (isa<MemRefType>(type))
    return getDataPointer(b, loc, value);
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
  if (type.isInteger(1))
    return arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  return value;
}

struct LaunchImageToCall : OpRewritePattern<LaunchImageOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LaunchImageOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto function = op->getParentOfType<FunctionOpInterface>();
    if (!function || function.getFunctionBody().empty())
      return rewriter.notifyMatchFailure(op, "not in a function body");
    MLIRContext *context = op.getContext();
    Type ptrType = LLVM::LLVMPointerType::get(context);
    unsigned count = op.getArgs().size();

    // The stack slots, in the entry block: one per parameter and the array
    // of their addresses.
    OpBuilder entry(context);
    entry.setInsertionPointToStart(&function.getFunctionBody().front());
    Value one =
        LLVM::ConstantOp::create(entry, loc, entry.getI64Type(), int64_t{1});
    auto arrayType = LLVM::LLVMArrayType::get(ptrType, std::max(count, 1u));
    Value params = LLVM::AllocaOp::create(entry, loc, ptrType, arrayType, one);
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      Value value = parameterValue(rewriter, loc, arg);
      Value slot =
          LLVM::AllocaOp::create(entry, loc, ptrType, value.getType(), one);
      LLVM::StoreOp::create(rewriter, loc, value, slot);
      Value address = LLVM::GEPOp::create(
          rewriter, loc, ptrType, arrayType, params,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(rewriter, loc, slot, address);
    }

    LLVM::GlobalOp image = getImageGlobal(module, loc, op.getImageAttr());
    LLVM::GlobalOp slot = createSlot(module, loc);
    RuntimeCall call(rewriter, op);
    call.add(LLVM::AddressOfOp::create(rewriter, loc, slot))
        .add(LLVM::AddressOfOp::create(rewriter, loc, image))
        .addI64(static_cast<int64_t>(op.getImage().size()))
        .addString("arrayrt_kernel_symbol", op.getSymbol())
        .addIndex(op.getGridX())
        .addIndex(op.getGridY())
        .addIndex(op.getGridZ());
    for (int64_t size : op.getBlock())
      call.addI64(size);
    call.addI64(op.getShared()).addStream(op.getStream()).add(params);
    if (failed(call.call("arrayrt_launch_image")))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void arrayrt::populateLaunchToCallsPatterns(RewritePatternSet &patterns) {
  patterns.add<LaunchImageToCall>(patterns.getContext());
}
