//===- Shape.cpp - Shape array ops to tensor/linalg -----------------------===//
//
// Reshapes that keep C order become tensor.collapse_shape/expand_shape,
// which bufferize to views of the same contiguous buffer. Everything that
// moves elements is a linalg op (all-parallel, so the CUDA target maps it
// to a kernel): transposes, broadcasts, slices and gathers read the operand
// through indexing maps or tensor.extract, and joins (concatenate, stack,
// pad) copy each piece with a linalg.generic into a tensor.extract_slice of
// the destination, which one-shot bufferization turns into a kernel writing
// a view in place rather than a host-side strided copy.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <functional>

using namespace mlir;
using namespace mlir::array;
using namespace mlir::array::detail;

namespace {

/// The size of dimension `dim` of tensor `value`: a constant when static.
OpFoldResult dimSize(OpBuilder &b, Location loc, Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return b.getIndexAttr(type.getDimSize(dim));
  return tensor::DimOp::create(b, loc, value, dim).getResult();
}

/// An empty tensor of `type`, with dynamic sizes taken from `sizes` (one
/// per dimension; only the dynamic ones are read).
Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> dynamic;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamic.push_back(getValueOrCreateConstantIndexOp(b, loc, sizes[dim]));
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType(), dynamic);
}

/// Stops the program at run time unless `condition` holds, naming `op`.
void assertThat(OpBuilder &b, Location loc, Value condition, Operation *op,
                const std::string &what) {
  cf::AssertOp::create(b, loc, condition,
                       formatLocation(loc) +
                           op->getName().getStringRef().str() + ": " + what);
}

/// Stops the program at run time unless `lhs == rhs`.
void assertEqual(OpBuilder &b, Location loc, Value lhs, Value rhs,
                 Operation *op, const std::string &what) {
  Value equal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, rhs);
  assertThat(b, loc, equal, op, what);
}

/// A linalg.generic over `init`'s shape that reads `input` through `map`
/// and writes it, converted to `init`'s element type, through the identity.
Value copyInto(OpBuilder &b, Location loc, Value input, AffineMap map,
               Value init) {
  auto initType = cast<RankedTensorType>(init.getType());
  int64_t rank = initType.getRank();
  SmallVector<AffineMap> maps = {
      map, AffineMap::getMultiDimIdentityMap(rank, b.getContext())};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, initType, input, init, maps, iterators,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(
                   nb, nloc,
                   castScalar(nb, nloc, args[0], initType.getElementType()));
             })
      .getResult(0);
}

/// The 1-D tensor of `value`'s elements in C order.
Value flatten(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() == 1)
    return value;
  if (type.getRank() == 0)
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, type.getElementType()), value,
        ArrayRef<ReassociationIndices>{});
  ReassociationIndices all;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    all.push_back(dim);
  return tensor::CollapseShapeOp::create(b, loc, value,
                                         ArrayRef<ReassociationIndices>{all});
}

struct ReshapeLowering : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType resultType = op.getType();
    int64_t count = resultType.getNumElements();
    if (count == 0) {
      // Nothing to move: an empty result of its own. Collapsing an operand
      // with a static 0 and a dynamic size into one dimension made upstream
      // fold a cast into an invalid memref.collapse_shape.
      // (The verifier checked a static operand; one with a static 0 is
      // empty whatever its dynamic sizes.)
      RankedTensorType operandType = op.getOperand().getType();
      if (!operandType.hasStaticShape() &&
          !llvm::is_contained(operandType.getShape(), 0)) {
        int64_t known = 1;
        for (int64_t size : operandType.getShape())
          known *= ShapedType::isDynamic(size) ? 1 : size;
        Value size = arith::ConstantIndexOp::create(rewriter, loc, known);
        for (int64_t dim = 0; dim < operandType.getRank(); ++dim)
          if (operandType.isDynamicDim(dim))
            size = arith::MulIOp::create(
                rewriter, loc, size,
                tensor::DimOp::create(rewriter, loc, op.getOperand(), dim));
        Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
        assertEqual(rewriter, loc, size, zero, op,
                    "cannot reshape the operand into " +
                        formatShape(resultType.getShape()) +
                        " (0 elements): its element count differs");
      }
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(
          op, resultType.getShape(), resultType.getElementType());
      return success();
    }
    Value flat = flatten(rewriter, loc, op.getOperand());
    auto flatType = cast<RankedTensorType>(flat.getType());
    if (flatType.isDynamicDim(0)) {
      Value size = tensor::DimOp::create(rewriter, loc, flat, 0);
      Value expected = arith::ConstantIndexOp::create(rewriter, loc, count);
      assertEqual(rewriter, loc, size, expected, op,
                  "cannot reshape the operand into " +
                      formatShape(resultType.getShape()) + " (" +
                      std::to_string(count) +
                      " elements): its element count differs");
      flat = tensor::CastOp::create(
          rewriter, loc,
          RankedTensorType::get({count}, resultType.getElementType()), flat);
    }
    Value result;
    if (resultType.getRank() == 1) {
      result = flat;
    } else if (resultType.getRank() == 0) {
      result = tensor::CollapseShapeOp::create(
          rewriter, loc, resultType, flat, ArrayRef<ReassociationIndices>{});
    } else {
      ReassociationIndices all;
      for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
        all.push_back(dim);
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, resultType, flat, ArrayRef<ReassociationIndices>{all});
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct TransposeLowering : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<int64_t> permutation = op.getEffectivePermutation();
    SmallVector<OpFoldResult> sizes;
    for (int64_t axis : permutation)
      sizes.push_back(dimSize(rewriter, loc, op.getOperand(), axis));
    Value init = emptyTensor(rewriter, loc, op.getType(), sizes);
    rewriter.replaceOpWithNewOp<linalg::TransposeOp>(op, op.getOperand(), init,
                                                     permutation);
    return success();
  }
};

struct BroadcastToLowering : OpRewritePattern<BroadcastToOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastToOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = op.getOperand();
    RankedTensorType sourceType = op.getOperand().getType();
    RankedTensorType resultType = op.getType();
    int64_t rank = resultType.getRank();
    int64_t offset = rank - sourceType.getRank();
    SmallVector<OpFoldResult> sizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t operandDim = dim - offset;
      if (resultType.isDynamicDim(dim)) {
        sizes.push_back(dimSize(rewriter, loc, operand, operandDim));
        continue;
      }
      sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(dim)));
      if (operandDim >= 0 && sourceType.isDynamicDim(operandDim)) {
        Value size = tensor::DimOp::create(rewriter, loc, operand, operandDim);
        Value expected = arith::ConstantIndexOp::create(
            rewriter, loc, resultType.getDimSize(dim));
        assertEqual(rewriter, loc, size, expected, op,
                    "operand dimension " + std::to_string(operandDim) +
                        " differs at run time from result dimension " +
                        std::to_string(dim) + " of size " +
                        std::to_string(resultType.getDimSize(dim)) +
                        " (a dynamic dimension is not broadcast)");
      }
    }
    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    rewriter.replaceOp(
        op,
        copyInto(rewriter, loc, operand,
                 broadcastMap(sourceType, resultType, op.getContext()), init));
    return success();
  }
};

struct ExpandDimsLowering : OpRewritePattern<ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    int64_t rank = op.getOperand().getType().getRank();
    int64_t axis = static_cast<int64_t>(op.getAxis());
    if (axis < 0)
      axis += rank + 1;
    // Operand dimension d becomes result dimension d or d + 1; the new
    // axis joins the group of its left neighbour (of dimension 0 if none).
    SmallVector<ReassociationIndices> groups;
    for (int64_t dim = 0; dim < rank; ++dim)
      groups.push_back({dim < axis ? dim : dim + 1});
    if (rank > 0) {
      ReassociationIndices &group = groups[axis == 0 ? 0 : axis - 1];
      group.push_back(axis);
      llvm::sort(group);
    }
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, resultType, op.getOperand(), groups);
    return success();
  }
};

struct SqueezeLowering : OpRewritePattern<SqueezeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SqueezeOp op,
                                PatternRewriter &rewriter) const override {
    int64_t rank = op.getOperand().getType().getRank();
    SmallVector<int64_t> axes = op.getEffectiveAxes();
    // Squeezed axes join the next kept axis, trailing ones the last.
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices pending;
    for (int64_t dim = 0; dim < rank; ++dim) {
      pending.push_back(dim);
      if (llvm::is_contained(axes, dim))
        continue;
      groups.push_back(pending);
      pending.clear();
    }
    if (!groups.empty())
      llvm::append_range(groups.back(), pending);
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
        op, op.getType(), op.getOperand(), groups);
    return success();
  }
};

struct SliceLowering : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType resultType = op.getType();
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType());
    if (resultType.getNumElements() == 0) {
      rewriter.replaceOp(op, init);
      return success();
    }
    // Result element i reads operand element start + i * step, gathered
    // with tensor.extract (an indexing map `d0 * 1 + 0` would simplify to
    // `d0`, which linalg requires to span the whole operand dimension).
    int64_t rank = resultType.getRank();
    Value operand = op.getOperand();
    SmallVector<AffineMap> maps = {
        AffineMap::getMultiDimIdentityMap(rank, op.getContext())};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, ValueRange(), init, maps, iterators,
        [&](OpBuilder &b, Location nloc, ValueRange) {
          SmallVector<Value> position;
          for (int64_t dim = 0; dim < rank; ++dim) {
            Value index = linalg::IndexOp::create(b, nloc, dim);
            Value scaled = arith::MulIOp::create(
                b, nloc, index,
                arith::ConstantIndexOp::create(b, nloc, op.getStep()[dim]));
            position.push_back(arith::AddIOp::create(
                b, nloc, scaled,
                arith::ConstantIndexOp::create(b, nloc, op.getStart()[dim])));
          }
          linalg::YieldOp::create(
              b, nloc,
              tensor::ExtractOp::create(b, nloc, operand, position).getResult());
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The sizes of a join's result dimensions other than `skip`, where all
/// inputs must agree: static where any input or the result is static, else
/// the first input's; dynamic input sizes are checked against them.
SmallVector<OpFoldResult> agreedSizes(OpBuilder &b, Location loc,
                                      Operation *op, ValueRange inputs,
                                      int64_t skip) {
  auto firstType = cast<RankedTensorType>(inputs[0].getType());
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < firstType.getRank(); ++dim) {
    if (dim == skip) {
      sizes.push_back(OpFoldResult());
      continue;
    }
    int64_t known = ShapedType::kDynamic;
    for (Value input : inputs) {
      int64_t size = cast<RankedTensorType>(input.getType()).getDimSize(dim);
      if (!ShapedType::isDynamic(size))
        known = size;
    }
    Value expected;
    if (!ShapedType::isDynamic(known))
      sizes.push_back(b.getIndexAttr(known));
    // An input joined with itself needs no check against itself.
    llvm::SmallDenseSet<Value> seen;
    for (auto [index, input] : llvm::enumerate(inputs)) {
      if (!cast<RankedTensorType>(input.getType()).isDynamicDim(dim) ||
          !seen.insert(input).second)
        continue;
      Value size = tensor::DimOp::create(b, loc, input, dim);
      if (ShapedType::isDynamic(known) && !expected) {
        expected = size;
        sizes.push_back(size);
        continue;
      }
      if (!expected)
        expected = arith::ConstantIndexOp::create(b, loc, known);
      assertEqual(b, loc, size, expected, op,
                  "operand " + std::to_string(index) +
                      " differs at run time from operand sizes it must "
                      "equal in dimension " +
                      std::to_string(dim));
    }
  }
  return sizes;
}

/// Replaces `op` with one all-parallel linalg.generic over its result
/// (sizes `sizes`) whose element at indices `ivs` is `body(ivs)`. Joins
/// gather their inputs this way, with tensor.extract, rather than copying
/// each into a tensor.insert_slice: canonicalization and constant folding
/// would turn those copies into host-side copies into strided views, which
/// the CUDA target cannot run.
void replaceWithGather(
    PatternRewriter &rewriter, Operation *op, ArrayRef<OpFoldResult> sizes,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> body) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  Value init = emptyTensor(rewriter, op->getLoc(), type, sizes);
  array::detail::replaceWithIndexedGeneric(rewriter, op, init, body);
}

/// `value` clamped into [0, size - 1].
Value clampIndex(OpBuilder &b, Location loc, Value value, Value size) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value last = arith::SubIOp::create(
      b, loc, size, arith::ConstantIndexOp::create(b, loc, 1));
  return arith::MinSIOp::create(b, loc,
                                arith::MaxSIOp::create(b, loc, value, zero),
                                last);
}

struct ConcatenateLowering : OpRewritePattern<ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType resultType = op.getType();
    Type elementType = resultType.getElementType();
    int64_t rank = resultType.getRank();
    int64_t axis = static_cast<int64_t>(op.getAxis());
    if (axis < 0)
      axis += rank;
    SmallVector<OpFoldResult> sizes =
        agreedSizes(rewriter, loc, op, op.getInputs(), axis);

    // Input k covers result positions [offsets[k], offsets[k] + size k)
    // along the axis; inputs of static size 0 cover nothing.
    SmallVector<Value> inputs, offsets, axisSizes;
    Value total = arith::ConstantIndexOp::create(rewriter, loc, 0);
    for (Value input : op.getInputs()) {
      OpFoldResult size = dimSize(rewriter, loc, input, axis);
      if (getConstantIntValue(size) == 0)
        continue;
      Value sizeValue = getValueOrCreateConstantIndexOp(rewriter, loc, size);
      inputs.push_back(input);
      offsets.push_back(total);
      axisSizes.push_back(sizeValue);
      total = arith::AddIOp::create(rewriter, loc, total, sizeValue);
    }
    sizes[axis] = total;
    if (inputs.empty()) {
      rewriter.replaceOp(op, emptyTensor(rewriter, loc, resultType, sizes));
      return success();
    }
    // With every input's size along the axis known (and so not 0), each is
    // read at a clamped position and the right one selected: no branches.
    // An input whose size is known only at run time may be empty, and then
    // no position of it may be read: a chain of scf.if reads only the input
    // whose range holds the position.
    bool staticSizes = llvm::all_of(
        axisSizes, [](Value size) { return getConstantIntValue(size); });
    auto read = [&](OpBuilder &b, Location nloc, ArrayRef<Value> ivs,
                    size_t k, bool clamp) -> Value {
      SmallVector<Value> position(ivs);
      Value local = arith::SubIOp::create(b, nloc, ivs[axis], offsets[k]);
      position[axis] =
          clamp ? clampIndex(b, nloc, local, axisSizes[k]) : local;
      return castScalar(
          b, nloc, tensor::ExtractOp::create(b, nloc, inputs[k], position),
          elementType);
    };
    std::function<Value(OpBuilder &, Location, ArrayRef<Value>, size_t)>
        readFrom = [&](OpBuilder &b, Location nloc, ArrayRef<Value> ivs,
                       size_t k) -> Value {
      if (k + 1 == inputs.size())
        return read(b, nloc, ivs, k, /*clamp=*/false);
      Value before = arith::CmpIOp::create(
          b, nloc, arith::CmpIPredicate::slt, ivs[axis], offsets[k + 1]);
      auto ifOp = scf::IfOp::create(
          b, nloc, before,
          [&](OpBuilder &tb, Location tloc) {
            scf::YieldOp::create(tb, tloc,
                                 read(tb, tloc, ivs, k, /*clamp=*/false));
          },
          [&](OpBuilder &eb, Location eloc) {
            scf::YieldOp::create(eb, eloc, readFrom(eb, eloc, ivs, k + 1));
          });
      return ifOp.getResult(0);
    };
    replaceWithGather(
        rewriter, op, sizes,
        [&](OpBuilder &b, Location nloc, ArrayRef<Value> ivs) -> Value {
          if (!staticSizes)
            return readFrom(b, nloc, ivs, 0);
          Value result;
          for (size_t k = 0; k < inputs.size(); ++k) {
            Value element = read(b, nloc, ivs, k, /*clamp=*/true);
            if (k == 0) {
              result = element;
              continue;
            }
            Value inside = arith::CmpIOp::create(
                b, nloc, arith::CmpIPredicate::sge, ivs[axis], offsets[k]);
            result = arith::SelectOp::create(b, nloc, inside, element, result);
          }
          return result;
        });
    return success();
  }
};

struct StackLowering : OpRewritePattern<StackOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StackOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType resultType = op.getType();
    Type elementType = resultType.getElementType();
    int64_t rank = resultType.getRank();
    int64_t axis = static_cast<int64_t>(op.getAxis());
    if (axis < 0)
      axis += rank;
    SmallVector<OpFoldResult> sizes =
        agreedSizes(rewriter, loc, op, op.getInputs(), /*skip=*/-1);
    sizes.insert(sizes.begin() + axis,
                 rewriter.getIndexAttr(op.getInputs().size()));
    replaceWithGather(
        rewriter, op, sizes,
        [&](OpBuilder &b, Location nloc, ArrayRef<Value> ivs) -> Value {
          SmallVector<Value> position(ivs);
          position.erase(position.begin() + axis);
          Value result;
          for (auto [k, input] : llvm::enumerate(op.getInputs())) {
            Value element = castScalar(
                b, nloc, tensor::ExtractOp::create(b, nloc, input, position),
                elementType);
            if (k == 0) {
              result = element;
              continue;
            }
            Value chosen = arith::CmpIOp::create(
                b, nloc, arith::CmpIPredicate::eq, ivs[axis],
                arith::ConstantIndexOp::create(b, nloc, k));
            result = arith::SelectOp::create(b, nloc, chosen, element, result);
          }
          return result;
        });
    return success();
  }
};

struct PadLowering : OpRewritePattern<PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PadOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = op.getOperand();
    RankedTensorType sourceType = op.getOperand().getType();
    RankedTensorType resultType = op.getType();
    int64_t rank = resultType.getRank();
    SmallVector<OpFoldResult> sizes;
    SmallVector<Value> sourceSizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      Value size = getValueOrCreateConstantIndexOp(
          rewriter, loc, dimSize(rewriter, loc, operand, dim));
      sourceSizes.push_back(size);
      if (!resultType.isDynamicDim(dim)) {
        sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(dim)));
        continue;
      }
      Value widths = arith::ConstantIndexOp::create(
          rewriter, loc, op.getLow()[dim] + op.getHigh()[dim]);
      sizes.push_back(
          arith::AddIOp::create(rewriter, loc, size, widths).getResult());
    }
    Value value = constantOf(rewriter, loc, op.getValue());
    if (sourceType.hasStaticShape() && sourceType.getNumElements() == 0) {
      Value init = emptyTensor(rewriter, loc, resultType, sizes);
      rewriter.replaceOpWithNewOp<linalg::FillOp>(op, value, init);
      return success();
    }
    // Result element i is operand element i - low where that is inside the
    // operand, else the pad value.
    replaceWithGather(
        rewriter, op, sizes,
        [&](OpBuilder &b, Location nloc, ArrayRef<Value> ivs) -> Value {
          SmallVector<Value> position, unclamped;
          Value inside;
          Value zero = arith::ConstantIndexOp::create(b, nloc, 0);
          for (int64_t dim = 0; dim < rank; ++dim) {
            Value local = arith::SubIOp::create(
                b, nloc, ivs[dim],
                arith::ConstantIndexOp::create(b, nloc, op.getLow()[dim]));
            Value low = arith::CmpIOp::create(
                b, nloc, arith::CmpIPredicate::sge, local, zero);
            Value high = arith::CmpIOp::create(
                b, nloc, arith::CmpIPredicate::slt, local, sourceSizes[dim]);
            Value both = arith::AndIOp::create(b, nloc, low, high);
            inside = inside ? arith::AndIOp::create(b, nloc, inside, both)
                                  .getResult()
                            : both;
            unclamped.push_back(local);
            position.push_back(
                clampIndex(b, nloc, local, sourceSizes[dim]));
          }
          if (!inside)
            return tensor::ExtractOp::create(b, nloc, operand, position);
          // A static operand is not empty (that case is a fill, above): read
          // at the clamped position and select. One that may be empty at run
          // time is read only inside it.
          if (sourceType.hasStaticShape()) {
            Value element =
                tensor::ExtractOp::create(b, nloc, operand, position);
            return arith::SelectOp::create(b, nloc, inside, element, value);
          }
          auto ifOp = scf::IfOp::create(
              b, nloc, inside,
              [&](OpBuilder &tb, Location tloc) {
                scf::YieldOp::create(
                    tb, tloc,
                    tensor::ExtractOp::create(tb, tloc, operand, unclamped)
                        .getResult());
              },
              [&](OpBuilder &eb, Location eloc) {
                scf::YieldOp::create(eb, eloc, value);
              });
          return ifOp.getResult(0);
        });
    return success();
  }
};

struct TakeLowering : OpRewritePattern<TakeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TakeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = op.getOperand();
    Value indices = op.getIndices();
    RankedTensorType sourceType = op.getOperand().getType();
    RankedTensorType resultType = op.getType();
    int64_t rank = resultType.getRank();
    int64_t axis = static_cast<int64_t>(op.getAxis());
    if (axis < 0)
      axis += sourceType.getRank();
    int64_t indexRank = op.getIndices().getType().getRank();

    SmallVector<OpFoldResult> sizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (dim < axis)
        sizes.push_back(dimSize(rewriter, loc, operand, dim));
      else if (dim < axis + indexRank)
        sizes.push_back(dimSize(rewriter, loc, indices, dim - axis));
      else
        sizes.push_back(
            dimSize(rewriter, loc, operand, dim - indexRank + 1));
    }
    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    Value axisSize = getValueOrCreateConstantIndexOp(
        rewriter, loc, dimSize(rewriter, loc, operand, axis));
    Value last = arith::SubIOp::create(
        rewriter, loc, axisSize,
        arith::ConstantIndexOp::create(rewriter, loc, 1));
    // Clipping needs an element to clip to: an empty axis with indices is
    // an error (NumPy raises IndexError), checked at run time unless the
    // sizes rule it out.
    std::optional<int64_t> staticAxis = getConstantIntValue(axisSize);
    auto indicesType = cast<RankedTensorType>(indices.getType());
    bool noIndices = indicesType.hasStaticShape() &&
                     indicesType.getNumElements() == 0;
    if (!noIndices && !(staticAxis && *staticAxis > 0)) {
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value count = arith::ConstantIndexOp::create(rewriter, loc, 1);
      for (int64_t dim = 0; dim < indexRank; ++dim)
        count = arith::MulIOp::create(
            rewriter, loc, count,
            getValueOrCreateConstantIndexOp(
                rewriter, loc, dimSize(rewriter, loc, indices, dim)));
      Value nonEmptyAxis = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sgt, axisSize, zero);
      Value noneTaken = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, count, zero);
      assertThat(rewriter, loc,
                 arith::OrIOp::create(rewriter, loc, nonEmptyAxis, noneTaken),
                 op,
                 "cannot take from axis " + std::to_string(axis) +
                     ", which is empty, at the given indices");
    }

    SmallVector<AffineExpr> indexExprs;
    for (int64_t dim = 0; dim < indexRank; ++dim)
      indexExprs.push_back(rewriter.getAffineDimExpr(axis + dim));
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, op.getContext()),
        AffineMap::getMultiDimIdentityMap(rank, op.getContext())};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, indices, init, maps, iterators,
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          // mode='clip': clamp the index into [0, size - 1].
          Value index =
              isUnsignedInteger(args[0].getType())
                  ? arith::IndexCastUIOp::create(b, nloc, b.getIndexType(),
                                                 toSignless(b, nloc, args[0]))
                        .getResult()
                  : arith::IndexCastOp::create(b, nloc, b.getIndexType(),
                                               args[0])
                        .getResult();
          Value zero = arith::ConstantIndexOp::create(b, nloc, 0);
          index = arith::MaxSIOp::create(b, nloc, index, zero);
          index = arith::MinSIOp::create(b, nloc, index, last);
          SmallVector<Value> position;
          for (int64_t dim = 0; dim < sourceType.getRank(); ++dim) {
            if (dim == axis)
              position.push_back(index);
            else
              position.push_back(linalg::IndexOp::create(
                  b, nloc, dim < axis ? dim : dim + indexRank - 1));
          }
          Value element =
              tensor::ExtractOp::create(b, nloc, operand, position);
          linalg::YieldOp::create(b, nloc, element);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void array::populateShapeToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<BroadcastToLowering, ConcatenateLowering, ExpandDimsLowering,
               PadLowering, ReshapeLowering, SliceLowering, SqueezeLowering,
               StackLowering, TakeLowering, TransposeLowering>(
      patterns.getContext());
}
