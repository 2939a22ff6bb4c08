//===- Sparse.cpp - sparse matrix ops to sparse_tensor and linalg ---------===//
//
// Conversions become sparse_tensor.convert, nnz sparse_tensor's
// number_of_entries, and the products linalg.generic ops with a sparse
// operand, which upstream's sparsifier turns into loops over the stored
// elements (array-sparsify, on the CPU target).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/SparseFormat.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::array;
using namespace mlir::array::detail;

namespace {

/// `value` (a dense tensor) as `type`, which has the same rank and
/// compatible sizes: a tensor.cast, after a run-time check of each dimension
/// that becomes static.
Value castDense(OpBuilder &b, Operation *op, Value value,
                RankedTensorType type) {
  auto from = cast<RankedTensorType>(value.getType());
  if (from == type)
    return value;
  Location loc = op->getLoc();
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!from.isDynamicDim(dim) || type.isDynamicDim(dim))
      continue;
    Value size = tensor::DimOp::create(b, loc, value, dim);
    Value expected =
        arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim));
    Value equal =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, expected);
    cf::AssertOp::create(
        b, loc, equal,
        formatLocation(loc) + op->getName().getStringRef().str() +
            ": dimension " + std::to_string(dim) + " is not of size " +
            std::to_string(type.getDimSize(dim)) + " at run time");
  }
  return tensor::CastOp::create(b, loc, type, value);
}

struct ToSparseLowering : OpRewritePattern<ToSparseOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ToSparseOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    Value input = op.getInput();
    // sparse_tensor.convert keeps the shape; a dense input is cast to the
    // result's (the verifier asks a sparse one to have it already).
    if (!sparse_tensor::getSparseTensorEncoding(input.getType()))
      input = castDense(rewriter, op, input,
                        RankedTensorType::get(resultType.getShape(),
                                              resultType.getElementType()));
    rewriter.replaceOpWithNewOp<sparse_tensor::ConvertOp>(op, resultType,
                                                          input);
    return success();
  }
};

struct ToDenseLowering : OpRewritePattern<ToDenseOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ToDenseOp op,
                                PatternRewriter &rewriter) const override {
    auto inputType = cast<RankedTensorType>(op.getInput().getType());
    Value dense = sparse_tensor::ConvertOp::create(
        rewriter, op.getLoc(),
        RankedTensorType::get(inputType.getShape(), inputType.getElementType()),
        op.getInput());
    rewriter.replaceOp(op, castDense(rewriter, op, dense,
                                     cast<RankedTensorType>(op.getType())));
    return success();
  }
};

struct NnzLowering : OpRewritePattern<NnzOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(NnzOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<sparse_tensor::NumberOfEntriesOp>(
        op, op.getInput());
    return success();
  }
};

Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

/// Checks at run time that dimension `da` of `a` equals dimension `db` of
/// `b` when either is dynamic.
void checkEqualSizes(OpBuilder &b, Operation *op, Value lhs, int64_t lhsDim,
                     Value rhs, int64_t rhsDim, StringRef what) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  if (!lhsType.isDynamicDim(lhsDim) && !rhsType.isDynamicDim(rhsDim))
    return;
  Location loc = op->getLoc();
  Value x = tensor::DimOp::create(b, loc, lhs, lhsDim);
  Value y = tensor::DimOp::create(b, loc, rhs, rhsDim);
  Value equal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  cf::AssertOp::create(b, loc, equal,
                       formatLocation(loc) +
                           op->getName().getStringRef().str() + ": " +
                           what.str() + " differ in size at run time");
}

/// The dense output a product accumulates into: `beta * addend` when beta is
/// nonzero, zeros otherwise (cuSPARSE does not read the addend then, so a
/// NaN in it does not propagate either). `sizeSources` gives, per result
/// dimension, the value and dimension its size is read from.
Value productInit(OpBuilder &b, Location loc, RankedTensorType resultType,
                  Value addend, double beta,
                  ArrayRef<std::pair<Value, int64_t>> sizeSources) {
  Type element = resultType.getElementType();
  if (addend && beta != 0.0) {
    Value scale = floatConstant(b, loc, element, beta);
    return mapElements(
        b, loc, addend, element,
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          if (beta == 1.0)
            return args[0];
          return arith::MulFOp::create(nb, nloc, scale, args[0]).getResult();
        });
  }
  SmallVector<Value> dynamicSizes;
  for (auto [dim, source] : llvm::enumerate(sizeSources))
    if (resultType.isDynamicDim(dim))
      dynamicSizes.push_back(
          tensor::DimOp::create(b, loc, source.first, source.second));
  Value empty = tensor::EmptyOp::create(b, loc, resultType.getShape(), element,
                                        dynamicSizes);
  Value zero = scalarConstant(b, loc, element, 0);
  return linalg::FillOp::create(b, loc, zero, empty).getResult(0);
}

/// `out += alpha * (a * b)` over the loops of `maps` (the last one the
/// contraction): the form the sparsifier recognizes as a sparse product.
Value accumulateProduct(OpBuilder &b, Location loc, Value a, Value rhs,
                        Value init, ArrayRef<AffineMap> maps, double alpha) {
  unsigned numLoops = maps.front().getNumDims();
  SmallVector<utils::IteratorType> iterators(numLoops - 1,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  Type element = cast<RankedTensorType>(init.getType()).getElementType();
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), ValueRange{a, rhs}, init, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value product = arith::MulFOp::create(nb, nloc, args[0], args[1]);
        if (alpha != 1.0)
          product = arith::MulFOp::create(
              nb, nloc, floatConstant(nb, nloc, element, alpha), product);
        linalg::YieldOp::create(
            nb, nloc,
            arith::AddFOp::create(nb, nloc, args[2], product).getResult());
      });
  return generic.getResult(0);
}

struct SpmvLowering : OpRewritePattern<SpmvOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SpmvOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = op.getA(), x = op.getX(), y = op.getY();
    checkEqualSizes(rewriter, op, a, 1, x, 0, "A's columns and x");
    if (y)
      checkEqualSizes(rewriter, op, a, 0, y, 0, "A's rows and y");
    double beta = op.getBeta().convertToDouble();
    Value init = productInit(rewriter, loc, op.getType(), y, beta, {{a, 0}});
    MLIRContext *context = rewriter.getContext();
    AffineExpr i = rewriter.getAffineDimExpr(0);
    AffineExpr j = rewriter.getAffineDimExpr(1);
    SmallVector<AffineMap> maps{AffineMap::get(2, 0, {i, j}, context),
                                AffineMap::get(2, 0, {j}, context),
                                AffineMap::get(2, 0, {i}, context)};
    rewriter.replaceOp(op, accumulateProduct(rewriter, loc, a, x, init, maps,
                                             op.getAlpha().convertToDouble()));
    return success();
  }
};

struct SpmmLowering : OpRewritePattern<SpmmOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SpmmOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = op.getA(), b = op.getB(), c = op.getC();
    checkEqualSizes(rewriter, op, a, 1, b, 0, "A's columns and B's rows");
    if (c) {
      checkEqualSizes(rewriter, op, a, 0, c, 0, "A's rows and C's rows");
      checkEqualSizes(rewriter, op, b, 1, c, 1, "B's columns and C's columns");
    }
    double beta = op.getBeta().convertToDouble();
    Value init =
        productInit(rewriter, loc, op.getType(), c, beta, {{a, 0}, {b, 1}});
    MLIRContext *context = rewriter.getContext();
    AffineExpr i = rewriter.getAffineDimExpr(0);
    AffineExpr j = rewriter.getAffineDimExpr(1);
    AffineExpr k = rewriter.getAffineDimExpr(2);
    SmallVector<AffineMap> maps{AffineMap::get(3, 0, {i, k}, context),
                                AffineMap::get(3, 0, {k, j}, context),
                                AffineMap::get(3, 0, {i, j}, context)};
    rewriter.replaceOp(op, accumulateProduct(rewriter, loc, a, b, init, maps,
                                             op.getAlpha().convertToDouble()));
    return success();
  }
};

/// A new, empty sparse matrix of `type`. Not a tensor.empty: CSE would merge
/// two of one type and sizes, and two chains of insertions would then fill
/// one matrix (sparse codegen inserts in place).
Value newSparseMatrix(OpBuilder &b, Location loc, RankedTensorType type,
                      ValueRange dynamicSizes) {
  return bufferization::AllocTensorOp::create(b, loc, type, dynamicSizes);
}

/// A sparse result of `type` (the operand's), empty, with `like`'s sizes.
Value emptySparseLike(OpBuilder &b, Location loc, RankedTensorType type,
                      Value like) {
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, like, dim));
  return newSparseMatrix(b, loc, type, dynamicSizes);
}

/// An all-parallel generic over sparse operands of one type into an empty
/// sparse result: the sparsifier co-iterates them (a union for addition, the
/// operand's own coordinates for scaling).
Value sparseElementwise(
    OpBuilder &b, Location loc, ValueRange inputs,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  auto type = cast<RankedTensorType>(inputs.front().getType());
  Value empty = emptySparseLike(b, loc, type, inputs.front());
  SmallVector<AffineMap> maps(
      inputs.size() + 1,
      AffineMap::getMultiDimIdentityMap(type.getRank(), b.getContext()));
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, type, inputs, empty, maps, iterators,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(nb, nloc,
                                       body(nb, nloc, args.drop_back()));
             })
      .getResult(0);
}

struct SparseAddLowering : OpRewritePattern<SparseAddOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SparseAddOp op,
                                PatternRewriter &rewriter) const override {
    for (int64_t dim = 0; dim < 2; ++dim)
      checkEqualSizes(rewriter, op, op.getLhs(), dim, op.getRhs(), dim,
                      dim == 0 ? "the operands' rows"
                               : "the operands' columns");
    rewriter.replaceOp(
        op, sparseElementwise(rewriter, op.getLoc(), {op.getLhs(), op.getRhs()},
                              [](OpBuilder &b, Location loc, ValueRange args) {
                                return arith::AddFOp::create(b, loc, args[0],
                                                             args[1])
                                    .getResult();
                              }));
    return success();
  }
};

struct SparseScaleLowering : OpRewritePattern<SparseScaleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SparseScaleOp op,
                                PatternRewriter &rewriter) const override {
    Type element = cast<RankedTensorType>(op.getType()).getElementType();
    double alpha = op.getAlpha().convertToDouble();
    rewriter.replaceOp(
        op,
        sparseElementwise(
            rewriter, op.getLoc(), {op.getInput()},
            [&](OpBuilder &b, Location loc, ValueRange args) {
              Value scale = floatConstant(b, loc, element, alpha);
              return arith::MulFOp::create(b, loc, args[0], scale).getResult();
            }));
    return success();
  }
};

/// array.sparse_transpose: the operand reinterpreted (CSR `M x N` is CSC
/// `N x M` over the same arrays, and the other way round; COO is made CSR
/// first), then converted when the result has another format or widths.
struct SparseTransposeLowering : OpRewritePattern<SparseTransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SparseTransposeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = op.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto encoding = sparse_tensor::getSparseTensorEncoding(inputType);
    Type element = inputType.getElementType();
    unsigned pos = encoding.getPosWidth(), crd = encoding.getCrdWidth();
    SparseFormat format = *getSparseFormat(inputType);
    if (format == SparseFormat::COO) {
      format = SparseFormat::CSR;
      input = sparse_tensor::ConvertOp::create(
          rewriter, loc,
          getSparseMatrixType(format, inputType.getShape(), element, pos, crd),
          input);
    }
    SmallVector<int64_t> shape{inputType.getDimSize(1),
                               inputType.getDimSize(0)};
    SparseFormat swapped =
        format == SparseFormat::CSR ? SparseFormat::CSC : SparseFormat::CSR;
    Value transposed = sparse_tensor::ReinterpretMapOp::create(
        rewriter, loc, getSparseMatrixType(swapped, shape, element, pos, crd),
        input);
    if (transposed.getType() != op.getType())
      transposed = sparse_tensor::ConvertOp::create(rewriter, loc, op.getType(),
                                                    transposed);
    rewriter.replaceOp(op, transposed);
    return success();
  }
};

/// array.sddmm: loops over the stored entries of S as CSR (S converted
/// first when it is CSC or COO), each computing `alpha * (A[i, :] .
/// B[:, j]) + beta * S[i, j]` and inserting it, in order, into a new CSR
/// matrix (as array.csr_matrix inserts), converted back to S's format.
/// Every stored coordinate of S is kept, zeros included; the work is
/// `nnz(S) * K`.
struct SddmmLowering : OpRewritePattern<SddmmOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SddmmOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value s = op.getS(), a = op.getA(), b = op.getB();
    checkEqualSizes(rewriter, op, a, 0, s, 0, "A's rows and S's rows");
    checkEqualSizes(rewriter, op, a, 1, b, 0, "A's columns and B's rows");
    checkEqualSizes(rewriter, op, b, 1, s, 1, "B's columns and S's columns");
    auto type = cast<RankedTensorType>(s.getType());
    auto encoding = sparse_tensor::getSparseTensorEncoding(type);
    Type element = type.getElementType();
    auto csrType =
        getSparseMatrixType(SparseFormat::CSR, type.getShape(), element,
                            encoding.getPosWidth(), encoding.getCrdWidth());
    if (csrType != type)
      s = sparse_tensor::ConvertOp::create(rewriter, loc, csrType, s);
    double alpha = op.getAlpha().convertToDouble();
    double beta = op.getBeta().convertToDouble();
    Type index = rewriter.getIndexType();
    auto memref = [](Type elementType) {
      return MemRefType::get({ShapedType::kDynamic}, elementType);
    };
    Value positions = sparse_tensor::ToPositionsOp::create(
        rewriter, loc, memref(encoding.getPosElemType()), s,
        rewriter.getIndexAttr(1));
    Value coordinates = sparse_tensor::ToCoordinatesOp::create(
        rewriter, loc, memref(encoding.getCrdElemType()), s,
        rewriter.getIndexAttr(1));
    Value values =
        sparse_tensor::ToValuesOp::create(rewriter, loc, memref(element), s);
    auto load = [&](OpBuilder &nb, Location nloc, Value buffer, Value at) {
      Value v = memref::LoadOp::create(nb, nloc, buffer, ValueRange{at});
      return isa<IndexType>(v.getType())
                 ? v
                 : arith::IndexCastOp::create(nb, nloc, index, v).getResult();
    };
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value rows = tensor::DimOp::create(rewriter, loc, s, 0);
    Value depth = tensor::DimOp::create(rewriter, loc, a, 1);
    auto rowLoop = scf::ForOp::create(
        rewriter, loc, zero, rows, one,
        ValueRange{emptySparseLike(rewriter, loc, csrType, s)},
        [&](OpBuilder &rb, Location rl, Value i, ValueRange rowIter) {
          Value start = load(rb, rl, positions, i);
          Value end =
              load(rb, rl, positions, arith::AddIOp::create(rb, rl, i, one));
          auto entryLoop = scf::ForOp::create(
              rb, rl, start, end, one, rowIter,
              [&](OpBuilder &eb, Location el, Value p, ValueRange iter) {
                Value j = load(eb, el, coordinates, p);
                auto dot = scf::ForOp::create(
                    eb, el, zero, depth, one,
                    ValueRange{floatConstant(eb, el, element, 0.0)},
                    [&](OpBuilder &kb, Location kl, Value k, ValueRange sum) {
                      Value x = tensor::ExtractOp::create(kb, kl, a,
                                                          ValueRange{i, k});
                      Value y = tensor::ExtractOp::create(kb, kl, b,
                                                          ValueRange{k, j});
                      Value product = arith::MulFOp::create(kb, kl, x, y);
                      scf::YieldOp::create(
                          kb, kl,
                          arith::AddFOp::create(kb, kl, sum[0], product)
                              .getResult());
                    });
                Value v = dot.getResult(0);
                if (alpha != 1.0)
                  v = arith::MulFOp::create(
                      eb, el, floatConstant(eb, el, element, alpha), v);
                if (beta != 0.0) {
                  Value stored =
                      memref::LoadOp::create(eb, el, values, ValueRange{p});
                  v = arith::AddFOp::create(
                      eb, el, v,
                      arith::MulFOp::create(
                          eb, el, floatConstant(eb, el, element, beta),
                          stored));
                }
                scf::YieldOp::create(eb, el,
                                     tensor::InsertOp::create(
                                         eb, el, v, iter[0], ValueRange{i, j})
                                         .getResult());
              });
          scf::YieldOp::create(rb, rl, entryLoop.getResult(0));
        });
    Value result = sparse_tensor::LoadOp::create(
        rewriter, loc, rowLoop.getResult(0), /*hasInserts=*/true);
    if (csrType != type)
      result = sparse_tensor::ConvertOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// array.load_mtx and array.load_sparse: the file's sizes and entries
/// (sorted by row and column, unique; the runtime reads either kind of
/// file), inserted in that order into a CSR matrix of the result's widths,
/// converted to the result's format when that is another.
template <typename OpTy>
struct LoadSparseFileLowering : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    auto encoding = sparse_tensor::getSparseTensorEncoding(resultType);
    Type element = resultType.getElementType();
    Type index = rewriter.getIndexType();
    auto shape = arrayrt::MtxShapeOp::create(rewriter, loc, index, index, index,
                                             op.getPathAttr());
    Value sizes[2] = {shape.getRows(), shape.getCols()};
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < 2; ++dim) {
      if (resultType.isDynamicDim(dim)) {
        dynamicSizes.push_back(sizes[dim]);
        continue;
      }
      Value expected = arith::ConstantIndexOp::create(
          rewriter, loc, resultType.getDimSize(dim));
      Value equal = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, sizes[dim], expected);
      cf::AssertOp::create(
          rewriter, loc, equal,
          formatLocation(loc) + op->getName().getStringRef().str() + ": '" +
              op.getPath().str() + "' does not have " +
              std::to_string(resultType.getDimSize(dim)) +
              (dim == 0 ? " rows" : " columns") + ", as the result type says");
    }
    Value nnz = shape.getNnz();
    Value coordinates = arrayrt::ReadMtxOp::create(
        rewriter, loc,
        RankedTensorType::get({ShapedType::kDynamic, 2}, rewriter.getI64Type()),
        op.getPathAttr(), nnz);
    Value values = arrayrt::ReadMtxOp::create(
        rewriter, loc, RankedTensorType::get({ShapedType::kDynamic}, element),
        op.getPathAttr(), nnz);

    auto csrType =
        getSparseMatrixType(SparseFormat::CSR, resultType.getShape(), element,
                            encoding.getPosWidth(), encoding.getCrdWidth());
    Value empty = newSparseMatrix(rewriter, loc, csrType, dynamicSizes);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, nnz, one, ValueRange{empty},
        [&](OpBuilder &b, Location l, Value k, ValueRange iter) {
          auto coordinate = [&](Value column) {
            Value c = tensor::ExtractOp::create(b, l, coordinates,
                                                ValueRange{k, column});
            return arith::IndexCastOp::create(b, l, b.getIndexType(), c)
                .getResult();
          };
          Value i = coordinate(zero), j = coordinate(one);
          Value v = tensor::ExtractOp::create(b, l, values, ValueRange{k});
          Value next =
              tensor::InsertOp::create(b, l, v, iter[0], ValueRange{i, j});
          scf::YieldOp::create(b, l, next);
        });
    Value loaded = sparse_tensor::LoadOp::create(
        rewriter, loc, loop.getResult(0), /*hasInserts=*/true);
    if (csrType != resultType)
      loaded =
          sparse_tensor::ConvertOp::create(rewriter, loc, resultType, loaded);
    rewriter.replaceOp(op, loaded);
    return success();
  }
};

/// array.spgemm on the CPU target: the dense product of the operands'
/// dense forms, converted back (SciPy's result, cancelled sums dropped). A
/// sparse-output product through the sparsifier gave wrong values in LLVM
/// 22 (docs/sparse.md); this is for semantics, not speed.
struct SpgemmLowering : OpRewritePattern<SpgemmOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SpgemmOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dense = [](Value sparse) {
      auto type = cast<RankedTensorType>(sparse.getType());
      return RankedTensorType::get(type.getShape(), type.getElementType());
    };
    Value a = ToDenseOp::create(rewriter, loc, dense(op.getA()), op.getA());
    Value b = ToDenseOp::create(rewriter, loc, dense(op.getB()), op.getB());
    Value product = MatmulOp::create(rewriter, loc, dense(op.getResult()), a, b,
                                     /*precision=*/StringAttr());
    rewriter.replaceOpWithNewOp<ToSparseOp>(op, op.getType(), product);
    return success();
  }
};

/// array.csr_matrix: SciPy's canonical form checked (asserts naming the op),
/// then the entries inserted in order, row by row, into the CSR result (as
/// array.load_mtx's are), which the sparsifier assembles.
struct CsrMatrixLowering : OpRewritePattern<CsrMatrixOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CsrMatrixOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    std::string where = formatLocation(loc) + "array.csr_matrix: ";
    auto check = [&](OpBuilder &b, Location l, Value condition,
                     StringRef message) {
      cf::AssertOp::create(b, l, condition, where + message.str());
    };
    auto constant = [&](OpBuilder &b, Location l, int64_t value) -> Value {
      return arith::ConstantIndexOp::create(b, l, value);
    };
    auto compare = [](OpBuilder &b, Location l, arith::CmpIPredicate predicate,
                      Value lhs, Value rhs) -> Value {
      return arith::CmpIOp::create(b, l, predicate, lhs, rhs);
    };
    auto element = [](OpBuilder &b, Location l, Value tensor,
                      Value i) -> Value {
      Value e = tensor::ExtractOp::create(b, l, tensor, ValueRange{i});
      if (isa<IndexType>(e.getType()))
        return e;
      return arith::IndexCastOp::create(b, l, b.getIndexType(), e);
    };
    using P = arith::CmpIPredicate;
    Value indptr = op.getIndptr(), indices = op.getIndices(),
          data = op.getData();
    Value zero = constant(rewriter, loc, 0), one = constant(rewriter, loc, 1);

    Value indptrSize = tensor::DimOp::create(rewriter, loc, indptr, 0);
    check(rewriter, loc, compare(rewriter, loc, P::sge, indptrSize, one),
          "indptr must have rows + 1 elements, found none");
    Value rows = arith::SubIOp::create(rewriter, loc, indptrSize, one);
    if (!resultType.isDynamicDim(0))
      check(rewriter, loc,
            compare(rewriter, loc, P::eq, rows,
                    constant(rewriter, loc, resultType.getDimSize(0))),
            "indptr must have " + std::to_string(resultType.getDimSize(0) + 1) +
                " elements (the result's rows + 1)");
    Value cols = op.getCols();
    if (cols)
      check(rewriter, loc, compare(rewriter, loc, P::sge, cols, zero),
            "the number of columns must not be negative");
    else
      cols = constant(rewriter, loc, resultType.getDimSize(1));
    Value nnz = tensor::DimOp::create(rewriter, loc, data, 0);
    check(rewriter, loc,
          compare(rewriter, loc, P::eq,
                  tensor::DimOp::create(rewriter, loc, indices, 0), nnz),
          "indices and data must have one size");
    check(rewriter, loc,
          compare(rewriter, loc, P::eq, element(rewriter, loc, indptr, zero),
                  zero),
          "indptr[0] must be 0");
    check(rewriter, loc,
          compare(rewriter, loc, P::eq, element(rewriter, loc, indptr, rows),
                  nnz),
          "indptr[rows] must be the number of entries (the size of data "
          "and indices)");

    SmallVector<Value> dynamicSizes;
    if (resultType.isDynamicDim(0))
      dynamicSizes.push_back(rows);
    if (resultType.isDynamicDim(1))
      dynamicSizes.push_back(cols);
    Value empty = newSparseMatrix(rewriter, loc, resultType, dynamicSizes);
    Value noColumn = constant(rewriter, loc, -1);
    auto rowLoop = scf::ForOp::create(
        rewriter, loc, zero, rows, one, ValueRange{empty},
        [&](OpBuilder &b, Location l, Value i, ValueRange rowIter) {
          Value start = element(b, l, indptr, i);
          Value end = element(
              b, l, indptr, arith::AddIOp::create(b, l, i, constant(b, l, 1)));
          Value ordered =
              arith::AndIOp::create(b, l, compare(b, l, P::sle, start, end),
                                    compare(b, l, P::sle, end, nnz));
          check(b, l, ordered, "indptr must be nondecreasing");
          auto entryLoop = scf::ForOp::create(
              b, l, start, end, constant(b, l, 1),
              ValueRange{rowIter[0], noColumn},
              [&](OpBuilder &eb, Location el, Value p, ValueRange iter) {
                Value j = element(eb, el, indices, p);
                Value valid = arith::AndIOp::create(
                    eb, el, compare(eb, el, P::sgt, j, iter[1]),
                    compare(eb, el, P::slt, j, cols));
                check(eb, el, valid,
                      "the column indices of a row must be increasing and "
                      "below the number of columns");
                Value v =
                    tensor::ExtractOp::create(eb, el, data, ValueRange{p});
                Value next = tensor::InsertOp::create(eb, el, v, iter[0],
                                                      ValueRange{i, j});
                scf::YieldOp::create(eb, el, ValueRange{next, j});
              });
          scf::YieldOp::create(b, l, entryLoop.getResult(0));
        });
    rewriter.replaceOp(op, sparse_tensor::LoadOp::create(rewriter, loc,
                                                         rowLoop.getResult(0),
                                                         /*hasInserts=*/true));
    return success();
  }
};

} // namespace

void array::populateSparseToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ToSparseLowering, ToDenseLowering, NnzLowering, SpmvLowering,
               SpmmLowering, LoadSparseFileLowering<LoadMtxOp>,
               LoadSparseFileLowering<LoadSparseOp>, CsrMatrixLowering,
               SpgemmLowering, SparseAddLowering, SparseScaleLowering,
               SparseTransposeLowering, SddmmLowering>(patterns.getContext());
}
