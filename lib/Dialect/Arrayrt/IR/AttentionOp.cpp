//===- AttentionOp.cpp - arrayrt.attention --------------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "arrayc/Support/ShapeText.h"

using namespace mlir;
using namespace mlir::arrayrt;
using mlir::array::sizeText;
using mlir::array::staticMismatch;

LogicalResult AttentionOp::verify() {
  auto init = cast<ShapedType>(getInit().getType());
  bool tensors = isa<RankedTensorType>(init);
  int64_t rank = init.getRank();
  Type element = init.getElementType();
  if (!element.isF16() && !element.isBF16())
    return emitOpError("element type must be f16 or bf16, found ") << element;
  if (rank < 2)
    return emitOpError("operands must have rank 2 or more, found ") << rank;
  for (Value operand : {getQuery(), getKey(), getValue()}) {
    auto type = cast<ShapedType>(operand.getType());
    if (tensors ? !isa<RankedTensorType>(type) : !isa<MemRefType>(type))
      return emitOpError("operands must be all ranked tensors or all "
                         "memrefs, found ")
             << type << " with " << init;
    if (type.getElementType() != element)
      return emitOpError("operands must share one element type, found ")
             << type.getElementType() << " and " << element;
    if (type.getRank() != rank)
      return emitOpError("operands must have one rank, found ")
             << type << " with " << init;
    for (int64_t i = 0; i < rank - 2; ++i)
      if (staticMismatch(type.getDimSize(i), init.getDimSize(i)))
        return emitOpError("batch dimensions of ")
               << type << " must equal " << init << "'s";
  }
  if (tensors ? getNumResults() != 1 || getResult()[0].getType() != init
              : getNumResults() != 0)
    return emitOpError(tensors ? "on tensors must have one result of the "
                                 "init's type"
                               : "on memrefs must have no result");
  auto query = cast<ShapedType>(getQuery().getType());
  auto key = cast<ShapedType>(getKey().getType());
  auto value = cast<ShapedType>(getValue().getType());
  int64_t sq = query.getDimSize(rank - 2), d = query.getDimSize(rank - 1);
  int64_t sk = key.getDimSize(rank - 2), dk = key.getDimSize(rank - 1);
  if (staticMismatch(d, dk))
    return emitOpError("query and key head sizes differ: ")
           << sizeText(d) << " and " << sizeText(dk);
  if (staticMismatch(sk, value.getDimSize(rank - 2)))
    return emitOpError("key and value sequence lengths differ: ")
           << sizeText(sk) << " and " << sizeText(value.getDimSize(rank - 2));
  int64_t dv = value.getDimSize(rank - 1);
  if (staticMismatch(sq, init.getDimSize(rank - 2)) ||
      staticMismatch(dv, init.getDimSize(rank - 1)))
    return emitOpError("init must end in ")
           << sizeText(sq) << "x" << sizeText(dv) << ", found "
           << sizeText(init.getDimSize(rank - 2)) << "x"
           << sizeText(init.getDimSize(rank - 1));
  return success();
}

void AttentionOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!isa<MemRefType>(getInit().getType()))
    return;
  effects.emplace_back(MemoryEffects::Read::get(), &getQueryMutable());
  effects.emplace_back(MemoryEffects::Read::get(), &getKeyMutable());
  effects.emplace_back(MemoryEffects::Read::get(), &getValueMutable());
  effects.emplace_back(MemoryEffects::Write::get(), &getInitMutable());
}
