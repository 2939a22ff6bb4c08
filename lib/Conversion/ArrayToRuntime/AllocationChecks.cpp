//===- AllocationChecks.cpp - Sizes checked before each allocation --------===//

#include "arrayc/Conversion/Passes.h"

#include "RuntimeCalls.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/Broadcast.h"
#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "arrayc/Dialect/Array/IR/TypePromotion.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCHECKALLOCATIONS
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Bytes an element of `type` takes in memory (i1 takes one, index eight).
int64_t elementBytes(Type type) {
  if (type.isIndex())
    return 8;
  return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
}

/// "float32" for the array element types, the MLIR spelling otherwise.
std::string elementName(Type type) {
  if (type.isIntOrFloat())
    return array::numpyName(type);
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

class AllocationChecker {
public:
  explicit AllocationChecker(ModuleOp module)
      : module(module), b(module.getContext()) {}

  LogicalResult check(Operation *alloc, MemRefType type,
                      ValueRange dynamicSizes, bool host);

private:
  Value label(Operation *alloc);
  void emitSizeCheck(Operation *alloc, MemRefType type,
                     ValueRange dynamicSizes, int64_t staticBytes);

  ModuleOp module;
  OpBuilder b;
};

Value AllocationChecker::label(Operation *alloc) {
  std::string text = array::formatOpLabel(alloc->getLoc());
  if (text.empty())
    return LLVM::ZeroOp::create(b, alloc->getLoc(),
                                LLVM::LLVMPointerType::get(b.getContext()));
  return getStringConstant(b, alloc, "arrayrt_op_label", text);
}

/// if (any size < 0 || bytes overflow) arrayrt_bad_allocation(...).
void AllocationChecker::emitSizeCheck(Operation *alloc, MemRefType type,
                                      ValueRange dynamicSizes,
                                      int64_t staticBytes) {
  Location loc = alloc->getLoc();
  Type i64 = b.getI64Type();
  auto i64Constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
  };
  Value zero = i64Constant(0);
  Value bytes = i64Constant(staticBytes);
  Value bad = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  for (Value size : dynamicSizes) {
    Value n = arith::IndexCastOp::create(b, loc, i64, size);
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, n, zero);
    // The full unsigned product: it fits in 63 bits when the high half is
    // zero and the low half non-negative.
    auto product = arith::MulUIExtendedOp::create(b, loc, bytes, n);
    Value high = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                       product.getHigh(), zero);
    Value wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        product.getLow(), zero);
    bad = arith::OrIOp::create(b, loc, bad, negative);
    bad = arith::OrIOp::create(b, loc, bad, high);
    bad = arith::OrIOp::create(b, loc, bad, wraps);
    bytes = product.getLow();
  }
  auto ifOp = scf::IfOp::create(b, loc, bad, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  // The whole shape, for the message, in a buffer on the stack.
  int64_t rank = type.getRank();
  auto shapeType = MemRefType::get({std::max<int64_t>(rank, 1)}, i64);
  Value shape = memref::AllocaOp::create(b, loc, shapeType);
  unsigned next = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value size = type.isDynamicDim(dim)
                     ? arith::IndexCastOp::create(b, loc, i64,
                                                  dynamicSizes[next++])
                           .getResult()
                     : i64Constant(type.getDimSize(dim));
    memref::StoreOp::create(b, loc, size, shape,
                            ValueRange{arith::ConstantIndexOp::create(b, loc,
                                                                      dim)});
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, shape);
  Value addressI64 = arith::IndexCastOp::create(b, loc, i64, address);
  Value pointer = LLVM::IntToPtrOp::create(b, loc, ptrType, addressI64);
  auto calleeType =
      FunctionType::get(b.getContext(), {ptrType, ptrType, i64, i64, ptrType},
                        {});
  FailureOr<func::FuncOp> callee =
      getOrDeclare(b, alloc, "arrayrt_bad_allocation", calleeType);
  if (failed(callee))
    return;
  Value element = getStringConstant(b, alloc, "arrayrt_element_type",
                                    elementName(type.getElementType()));
  func::CallOp::create(b, loc, *callee,
                       ValueRange{label(alloc), element,
                                  i64Constant(elementBytes(
                                      type.getElementType())),
                                  i64Constant(rank), pointer});
}

LogicalResult AllocationChecker::check(Operation *alloc, MemRefType type,
                                       ValueRange dynamicSizes, bool host) {
  int64_t staticBytes = elementBytes(type.getElementType());
  for (int64_t size : type.getShape()) {
    if (ShapedType::isDynamic(size))
      continue;
    if (llvm::MulOverflow(staticBytes, size, staticBytes))
      return alloc->emitError("an array of shape ")
             << array::formatShape(type.getShape()) << " of "
             << elementName(type.getElementType())
             << " needs more than 2^63 - 1 bytes";
  }
  b.setInsertionPoint(alloc);
  if (!dynamicSizes.empty())
    emitSizeCheck(alloc, type, dynamicSizes, staticBytes);
  if (!host)
    return success();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Type i64 = b.getI64Type();
  FailureOr<func::FuncOp> setOp = getOrDeclare(
      b, alloc, "arrayrt_set_op",
      FunctionType::get(b.getContext(), {ptrType, ptrType, i64}, {}));
  if (failed(setOp))
    return failure();
  Location loc = alloc->getLoc();
  func::CallOp::create(
      b, loc, *setOp,
      ValueRange{label(alloc), getLocationString(b, alloc),
                 arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0))});
  return success();
}

struct ArrayCheckAllocationsPass
    : array::impl::ArrayCheckAllocationsBase<ArrayCheckAllocationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> allocs;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (isa<memref::AllocOp, gpu::AllocOp>(op))
        allocs.push_back(op);
      return WalkResult::advance();
    });
    AllocationChecker checker(module);
    bool failedAny = false;
    for (Operation *op : allocs) {
      LogicalResult result =
          isa<memref::AllocOp>(op)
              ? checker.check(op, cast<memref::AllocOp>(op).getType(),
                              cast<memref::AllocOp>(op).getDynamicSizes(),
                              /*host=*/true)
              : checker.check(op, cast<gpu::AllocOp>(op).getType(),
                              cast<gpu::AllocOp>(op).getDynamicSizes(),
                              /*host=*/false);
      failedAny |= failed(result);
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
