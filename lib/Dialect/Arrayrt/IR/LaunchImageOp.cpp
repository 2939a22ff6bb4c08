//===- LaunchImageOp.cpp - arrayrt.launch_image ---------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

using namespace mlir;
using namespace mlir::arrayrt;

LogicalResult LaunchImageOp::verify() {
  if (getBlock().size() != 3)
    return emitOpError("expected 3 block sizes, found ")
           << getBlock().size();
  if (getImage().empty() || getSymbol().empty())
    return emitOpError("needs a device image and a kernel symbol");
  for (auto [i, arg] : llvm::enumerate(getArgs())) {
    Type type = arg.getType();
    if (auto memref = dyn_cast<MemRefType>(type)) {
      if (!memref.getLayout().isIdentity())
        return emitOpError("argument ")
               << i << " has type " << type
               << ", expected a buffer with the identity layout";
      continue;
    }
    if (!type.isIntOrIndexOrFloat())
      return emitOpError("argument ")
             << i << " has type " << type << ", expected a buffer or a scalar";
  }
  for (int64_t index : getOutputs())
    if (index < 0 || index >= static_cast<int64_t>(getArgs().size()) ||
        !isa<MemRefType>(getArgs()[index].getType()))
      return emitOpError("output ") << index << " is not a buffer argument";
  return success();
}

void LaunchImageOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  MutableOperandRange args = getArgsMutable();
  for (auto [i, arg] : llvm::enumerate(getArgs())) {
    if (!isa<MemRefType>(arg.getType()))
      continue;
    OpOperand &operand = args[i];
    effects.emplace_back(MemoryEffects::Read::get(), &operand);
    if (llvm::is_contained(getOutputs(), static_cast<int64_t>(i)))
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
  }
}
