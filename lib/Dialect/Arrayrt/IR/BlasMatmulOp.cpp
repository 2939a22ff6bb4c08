//===- BlasMatmulOp.cpp - arrayrt.blas_matmul -----------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "arrayc/Support/ShapeText.h"

using namespace mlir;
using namespace mlir::arrayrt;
using mlir::array::sizeText;
using mlir::array::staticMismatch;

//===----------------------------------------------------------------------===//
// BlasMatmulOp
//===----------------------------------------------------------------------===//

LogicalResult BlasMatmulOp::verify() {
  auto lhs = cast<ShapedType>(getLhs().getType());
  auto rhs = cast<ShapedType>(getRhs().getType());
  auto init = cast<ShapedType>(getInit().getType());
  bool tensors = isa<RankedTensorType>(init);
  SmallVector<Value> operands = {getLhs(), getRhs(), getInit()};
  if (getBias())
    operands.push_back(getBias());
  for (Value operand : operands) {
    auto type = cast<ShapedType>(operand.getType());
    if (tensors ? !isa<RankedTensorType>(type) : !isa<MemRefType>(type))
      return emitOpError("operands must be all ranked tensors or all "
                         "memrefs, found ")
             << type << " with " << init;
    if (type.getElementType() != init.getElementType())
      return emitOpError("operands must share one element type, found ")
             << type.getElementType() << " and " << init.getElementType();
  }
  Type element = init.getElementType();
  if (!element.isF16() && !element.isBF16() && !element.isF32() &&
      !element.isF64())
    return emitOpError("element type must be f16, bf16, f32 or f64, found ")
           << element;
  if (tensors ? getNumResults() != 1 || getResult()[0].getType() != init
              : getNumResults() != 0)
    return emitOpError(tensors ? "on tensors must have one result of the "
                                 "init's type"
                               : "on memrefs must have no result");
  if (lhs.getRank() < 2 || rhs.getRank() < 2)
    return emitOpError("operands must have rank 2 or more, found ranks ")
           << lhs.getRank() << " and " << rhs.getRank();
  if (init.getRank() != std::max(lhs.getRank(), rhs.getRank()))
    return emitOpError("init must have rank ")
           << std::max(lhs.getRank(), rhs.getRank()) << ", found "
           << init.getRank();
  int64_t r = init.getRank();
  int64_t m = lhs.getDimSize(lhs.getRank() - (getTransposeLhs() ? 1 : 2));
  int64_t kl = lhs.getDimSize(lhs.getRank() - (getTransposeLhs() ? 2 : 1));
  int64_t kr = rhs.getDimSize(rhs.getRank() - (getTransposeRhs() ? 1 : 2));
  int64_t n = rhs.getDimSize(rhs.getRank() - (getTransposeRhs() ? 2 : 1));
  if (staticMismatch(kl, kr))
    return emitOpError("contracted sizes differ: ")
           << kl << " (lhs) and " << kr << " (rhs)";
  if (staticMismatch(m, init.getDimSize(r - 2)) ||
      staticMismatch(n, init.getDimSize(r - 1)))
    return emitOpError("init must end in ")
           << sizeText(m) << "x" << sizeText(n) << ", found "
           << sizeText(init.getDimSize(r - 2)) << "x"
           << sizeText(init.getDimSize(r - 1));
  for (ShapedType operand : {lhs, rhs}) {
    int64_t batchRank = operand.getRank() - 2;
    bool allOnes = true, allMatch = true;
    for (int64_t i = 0; i < batchRank; ++i) {
      int64_t size = operand.getDimSize(i);
      allOnes &= size == 1;
      allMatch &= !staticMismatch(size, init.getDimSize(i + r - 2 - batchRank));
    }
    if (!allOnes && !allMatch)
      return emitOpError("batch dimensions of ")
             << operand << " must be all 1 or equal " << init << "'s";
  }
  if (getBias()) {
    auto bias = cast<ShapedType>(getBias().getType());
    if (bias.getRank() != 1 || staticMismatch(bias.getDimSize(0), n))
      return emitOpError("bias must be a vector of ")
             << sizeText(n) << " elements, found " << bias;
  }
  if (getTf32() && !element.isF32())
    return emitOpError("tf32 applies to f32 operands, found ") << element;
  return success();
}

void BlasMatmulOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!isa<MemRefType>(getInit().getType()))
    return;
  effects.emplace_back(MemoryEffects::Read::get(), &getLhsMutable());
  effects.emplace_back(MemoryEffects::Read::get(), &getRhsMutable());
  if (getBias())
    effects.emplace_back(MemoryEffects::Read::get(), &getBiasMutable()[0]);
  if (!getBeta().isZero())
    effects.emplace_back(MemoryEffects::Read::get(), &getInitMutable());
  effects.emplace_back(MemoryEffects::Write::get(), &getInitMutable());
}
