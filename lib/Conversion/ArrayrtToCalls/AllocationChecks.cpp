//===- AllocationChecks.cpp - Sizes checked before each allocation --------===//
//
// Checks in arith and scf ops; the failure and the op's name are arrayrt ops
// (arrayrt.bad_allocation, arrayrt.set_op), which convert-arrayrt-to-calls
// lowers with the rest.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "arrayc/Dialect/Array/IR/Broadcast.h"
#include "arrayc/Dialect/Array/IR/TypePromotion.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCHECKALLOCATIONS
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

class AllocationChecker {
public:
  explicit AllocationChecker(ModuleOp module) : b(module.getContext()) {}

  LogicalResult check(Operation *alloc, MemRefType type,
                      ValueRange dynamicSizes, bool host);

private:
  void emitSizeCheck(Operation *alloc, MemRefType type, ValueRange dynamicSizes,
                     int64_t staticBytes);

  OpBuilder b;
};

/// if (any size < 0 || bytes overflow) arrayrt.bad_allocation.
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
    Value size =
        type.isDynamicDim(dim)
            ? arith::IndexCastOp::create(b, loc, i64, dynamicSizes[next++])
                  .getResult()
            : i64Constant(type.getDimSize(dim));
    memref::StoreOp::create(
        b, loc, size, shape,
        ValueRange{arith::ConstantIndexOp::create(b, loc, dim)});
  }
  arrayrt::BadAllocationOp::create(b, loc, shape,
                                   TypeAttr::get(type.getElementType()),
                                   b.getI64IntegerAttr(rank));
}

LogicalResult AllocationChecker::check(Operation *alloc, MemRefType type,
                                       ValueRange dynamicSizes, bool host) {
  int64_t staticBytes = array::elementBytes(type.getElementType());
  for (int64_t size : type.getShape()) {
    if (ShapedType::isDynamic(size))
      continue;
    if (llvm::MulOverflow(staticBytes, size, staticBytes))
      return alloc->emitError("an array of shape ")
             << array::formatShape(type.getShape()) << " of "
             << array::numpyName(type.getElementType())
             << " needs more than 2^63 - 1 bytes";
  }
  b.setInsertionPoint(alloc);
  if (!dynamicSizes.empty())
    emitSizeCheck(alloc, type, dynamicSizes, staticBytes);
  if (!host)
    return success();
  Location loc = alloc->getLoc();
  arrayrt::SetOpOp::create(
      b, loc, arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
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
