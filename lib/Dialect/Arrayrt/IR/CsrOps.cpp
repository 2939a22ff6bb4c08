//===- CsrOps.cpp - arrayrt CSR handle ops (CUDA target)-------------------===//
//
// Verifiers and memory effects of ArrayCsrOps.td. The ops take tensors or,
// after bufferization, buffers: never a mix.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "arrayc/Support/ShapeText.h"

using namespace mlir;
using namespace mlir::arrayrt;
using mlir::array::staticMismatch;

namespace {

using Effects =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

/// Checks that `values` are all ranked tensors or all memrefs.
LogicalResult verifyOneKind(Operation *op, ValueRange values) {
  bool tensors = isa<RankedTensorType>(values.front().getType());
  for (Value value : values) {
    Type type = value.getType();
    if (tensors ? !isa<RankedTensorType>(type) : !isa<MemRefType>(type))
      return op->emitOpError("operands must be all ranked tensors or all "
                             "memrefs, found ")
             << type << " with " << values.front().getType();
  }
  return success();
}

/// Checks that `value` (the op's `what`) has rank `rank` and, when
/// `element` is given, that element type; else a float one cuSPARSE takes
/// (f16, bf16, f32, f64).
LogicalResult verifyOperand(Operation *op, Value value, StringRef what,
                            int64_t rank, Type element = Type()) {
  auto type = cast<ShapedType>(value.getType());
  if (type.getRank() != rank)
    return op->emitOpError()
           << what << " must have rank " << rank << ", found " << type;
  Type found = type.getElementType();
  if (element && found != element)
    return op->emitOpError() << what << " must have element type " << element
                             << ", found " << found;
  if (!element && !found.isF16() && !found.isBF16() && !found.isF32() &&
      !found.isF64())
    return op->emitOpError() << what
                             << " must have f16, bf16, f32 or f64 elements, "
                                "found "
                             << found;
  return success();
}

LogicalResult verifyIndexBits(Operation *op, int64_t bits) {
  if (bits != 32 && bits != 64)
    return op->emitOpError() << "index_bits must be 32 or 64, found " << bits;
  return success();
}

/// On tensors, one result of `init`'s type; on buffers, none.
LogicalResult verifyDpsResult(Operation *op, Value init) {
  bool tensors = isa<RankedTensorType>(init.getType());
  if (tensors ? op->getNumResults() != 1 ||
                    op->getResult(0).getType() != init.getType()
              : op->getNumResults() != 0)
    return op->emitOpError(tensors ? "on tensors must have one result of the "
                                     "init's type"
                                   : "on memrefs must have no result");
  return success();
}

/// A new handle computed from others: it is allocated, theirs are read,
/// and it stays in order with the program's other effects.
void addDerivedEffects(Effects &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get());
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

/// Reads of the buffers among `operands` (none on tensors).
void addReads(Effects &effects, MutableArrayRef<OpOperand> operands) {
  for (OpOperand &operand : operands)
    if (isa<MemRefType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
}

/// A product or conversion into `init`: reads its other buffers and the
/// handle's matrix, writes (and, for a nonzero beta, reads) `init`.
void addDpsEffects(Effects &effects, Operation *op, OpOperand &init,
                   bool readsInit) {
  effects.emplace_back(MemoryEffects::Read::get());
  if (!isa<MemRefType>(init.get().getType()))
    return;
  for (OpOperand &operand : op->getOpOperands())
    if (&operand != &init && isa<MemRefType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
  if (readsInit)
    effects.emplace_back(MemoryEffects::Read::get(), &init);
  effects.emplace_back(MemoryEffects::Write::get(), &init);
}

} // namespace

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

LogicalResult CsrFromDenseOp::verify() {
  if (failed(verifyOperand(*this, getDense(), "operand", 2)))
    return failure();
  return verifyIndexBits(*this, getIndexBits());
}

// A handle is a new resource: creations are never merged or dropped while
// used, and stay in order with the program's other effects.
void CsrFromDenseOp::getEffects(Effects &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get());
  effects.emplace_back(MemoryEffects::Write::get());
  addReads(effects, getOperation()->getOpOperands());
}

LogicalResult CsrFromArraysOp::verify() {
  if (failed(verifyOneKind(*this, {getIndptr(), getIndices(), getData()})) ||
      failed(verifyOperand(*this, getData(), "data", 1)))
    return failure();
  auto indptr = cast<ShapedType>(getIndptr().getType());
  Type index = indptr.getElementType();
  if (!index.isSignlessInteger(32) && !index.isSignlessInteger(64))
    return emitOpError() << "indptr must have i32 or i64 elements, found "
                         << index;
  if (failed(verifyOperand(*this, getIndptr(), "indptr", 1, index)) ||
      failed(verifyOperand(*this, getIndices(), "indices", 1, index)))
    return failure();
  auto indices = cast<ShapedType>(getIndices().getType());
  auto data = cast<ShapedType>(getData().getType());
  if (staticMismatch(indices.getDimSize(0), data.getDimSize(0)))
    return emitOpError() << "indices and data must have one size, found "
                         << indices.getDimSize(0) << " and "
                         << data.getDimSize(0);
  return success();
}

void CsrFromArraysOp::getEffects(Effects &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get());
  effects.emplace_back(MemoryEffects::Write::get());
  addReads(effects, getOperation()->getOpOperands().take_front(3));
}

LogicalResult CsrLoadMtxOp::verify() {
  Type element = getElement();
  if (!element.isF32() && !element.isF64())
    return emitOpError() << "element must be f32 or f64, found " << element;
  return verifyIndexBits(*this, getIndexBits());
}

void CsrLoadMtxOp::getEffects(Effects &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get());
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

void CsrSpgemmOp::getEffects(Effects &effects) { addDerivedEffects(effects); }

void CsrAddOp::getEffects(Effects &effects) { addDerivedEffects(effects); }

void CsrScaleOp::getEffects(Effects &effects) { addDerivedEffects(effects); }

void CsrTransposeOp::getEffects(Effects &effects) {
  addDerivedEffects(effects);
}

LogicalResult CsrSddmmOp::verify() {
  if (failed(verifyOneKind(*this, {getA(), getB()})) ||
      failed(verifyOperand(*this, getA(), "a", 2)) ||
      failed(
          verifyOperand(*this, getB(), "b", 2,
                        cast<ShapedType>(getA().getType()).getElementType())))
    return failure();
  auto a = cast<ShapedType>(getA().getType());
  auto b = cast<ShapedType>(getB().getType());
  if (staticMismatch(a.getDimSize(1), b.getDimSize(0)))
    return emitOpError() << "a's columns must be b's rows, found " << a
                         << " and " << b;
  return success();
}

void CsrSddmmOp::getEffects(Effects &effects) {
  addDerivedEffects(effects);
  addReads(effects, getOperation()->getOpOperands().drop_front());
}

//===----------------------------------------------------------------------===//
// Queries, products, conversion, release
//===----------------------------------------------------------------------===//

void CsrNnzOp::getEffects(Effects &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
}

LogicalResult CsrSpmvOp::verify() {
  if (failed(verifyOneKind(*this, {getX(), getInit()})) ||
      failed(verifyOperand(*this, getX(), "x", 1)) ||
      failed(
          verifyOperand(*this, getInit(), "init", 1,
                        cast<ShapedType>(getX().getType()).getElementType())))
    return failure();
  return verifyDpsResult(*this, getInit());
}

void CsrSpmvOp::getEffects(Effects &effects) {
  addDpsEffects(effects, *this, getInitMutable(),
                getBeta().convertToDouble() != 0.0);
}

LogicalResult CsrSpmmOp::verify() {
  if (failed(verifyOneKind(*this, {getB(), getInit()})) ||
      failed(verifyOperand(*this, getB(), "b", 2)) ||
      failed(
          verifyOperand(*this, getInit(), "init", 2,
                        cast<ShapedType>(getB().getType()).getElementType())))
    return failure();
  auto b = cast<ShapedType>(getB().getType());
  auto init = cast<ShapedType>(getInit().getType());
  if (staticMismatch(b.getDimSize(1), init.getDimSize(1)))
    return emitOpError() << "b and init must have as many columns, found " << b
                         << " and " << init;
  return verifyDpsResult(*this, getInit());
}

void CsrSpmmOp::getEffects(Effects &effects) {
  addDpsEffects(effects, *this, getInitMutable(),
                getBeta().convertToDouble() != 0.0);
}

LogicalResult CsrToDenseOp::verify() {
  if (failed(verifyOperand(*this, getInit(), "init", 2)))
    return failure();
  return verifyDpsResult(*this, getInit());
}

void CsrToDenseOp::getEffects(Effects &effects) {
  addDpsEffects(effects, *this, getInitMutable(), /*readsInit=*/false);
}

LogicalResult CsrReleaseOp::verify() {
  if (getKeep().empty())
    return success();
  return verifyOneKind(*this, getKeep());
}

void CsrReleaseOp::getEffects(Effects &effects) {
  effects.emplace_back(MemoryEffects::Free::get());
  addReads(effects, getOperation()->getOpOperands().drop_front());
}
