//===- SparseToCsr.cpp - CSR matrices as runtime handles (CUDA target) ----===//
//
// array-reject-sparse stops at what the CUDA target cannot lower yet, with
// the op and the reason; array-gpu-sparse replaces each CSR matrix of a
// function by a `!arrayrt.csr_handle` and the sparse ops by the arrayrt.csr_*
// ops (ArrayCsrOps.td), which bufferize and become cuSPARSE calls through
// the runtime.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ArrayToLibrary/ArrayToLibrary.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "arrayc/Dialect/Array/IR/SparseFormat.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUSPARSE
#define GEN_PASS_DEF_ARRAYREJECTSPARSE
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

namespace {

bool isSparse(Type type) {
  return sparse_tensor::getSparseTensorEncoding(type) != nullptr;
}

bool anySparse(TypeRange types) { return llvm::any_of(types, isSparse); }

/// The one index width of a CSR type's positions and coordinates (0, index,
/// is 64 bits), or 0 when they differ.
unsigned indexBits(Type type) {
  auto enc = sparse_tensor::getSparseTensorEncoding(type);
  unsigned pos = enc.getPosWidth() == 32 ? 32 : 64;
  unsigned crd = enc.getCrdWidth() == 32 ? 32 : 64;
  return pos == crd ? pos : 0;
}

/// Why the CUDA target cannot lower `op`'s sparse matrices yet, or "".
std::string unsupportedReason(Operation *op) {
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    if (anySparse(func.getArgumentTypes()) || anySparse(func.getResultTypes()))
      return "takes or returns a sparse matrix, which cannot cross a "
             "function boundary on the CUDA target yet";
    return "";
  }
  if (!anySparse(op->getOperandTypes()) && !anySparse(op->getResultTypes()))
    return "";
  if (op->getParentOfType<OnStreamOp>())
    return "uses a sparse matrix inside array.on_stream, which the CUDA "
           "target does not support yet";
  // cuSPARSE's SpGEMM takes no 16-bit values, its SDDMM no bf16 ones (it
  // said "not supported" on the H200, 2026-12-01).
  auto elementOf = [](Value v) {
    return cast<RankedTensorType>(v.getType()).getElementType();
  };
  // Every sparse matrix is held as CSR (the format all of cuSPARSE's
  // generic operations take); its type's format only says how the CPU
  // target stores it. Its positions and coordinates need one width.
  auto oneWidth = [](Type type) -> std::string {
    if (indexBits(type))
      return "";
    return "makes a sparse matrix with different posWidth and crdWidth; the "
           "CUDA target (cuSPARSE) needs one index width";
  };
  if (auto toSparse = dyn_cast<ToSparseOp>(op)) {
    Type input = toSparse.getInput().getType();
    if (isSparse(input) && indexBits(input) != indexBits(toSparse.getType()))
      return "changes the index width of a sparse matrix, which the CUDA "
             "target does not support yet";
    return oneWidth(toSparse.getType());
  }
  if (isa<SddmmOp>(op) && elementOf(op->getResult(0)).isBF16())
    return "samples a product of bf16 values; the CUDA target (cuSPARSE's "
           "SDDMM) needs f16, f32 or f64";
  if (isa<LoadMtxOp, LoadSparseOp, CsrMatrixOp, SddmmOp>(op))
    return oneWidth(op->getResult(0).getType());
  // Transposes, sums and scaling take every index width and value type
  // (the runtime converts what cuSPARSE's csr2csc and csrgeam2 do not
  // take: runtime/lib/sparse/SparseDerived.cpp).
  if (isa<SparseTransposeOp, SparseAddOp, SparseScaleOp>(op)) {
    unsigned width = indexBits(op->getResult(0).getType());
    for (Type type : op->getOperandTypes())
      if (isSparse(type) && indexBits(type) != width)
        return "changes the index width of a sparse matrix, which the CUDA "
               "target does not support yet";
    return oneWidth(op->getResult(0).getType());
  }
  if (auto spgemm = dyn_cast<SpgemmOp>(op))
    return elementOf(spgemm.getResult()).getIntOrFloatBitWidth() < 32
               ? "multiplies matrices of f16 or bf16 values; the CUDA target "
                 "(cuSPARSE's SpGEMM) needs f32 or f64"
               : "";
  if (isa<ToDenseOp, NnzOp, SpmvOp, SpmmOp>(op))
    return "";
  if (auto dim = dyn_cast<tensor::DimOp>(op))
    return dim.getConstantIndex()
               ? ""
               : "reads a sparse matrix's size at a dimension that is not "
                 "a constant, which the CUDA target does not support yet";
  return "uses a sparse matrix; the CUDA target supports them only in "
         "array.to_sparse, array.csr_matrix, array.load_mtx, array.spmv, "
         "array.spmm, array.spgemm, array.sddmm, array.sparse_transpose, "
         "array.load_sparse, array.to_dense, array.nnz and tensor.dim yet";
}

struct ArrayRejectSparsePass
    : array::impl::ArrayRejectSparseBase<ArrayRejectSparsePass> {
  void runOnOperation() override {
    bool failedAny = false;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      std::string reason = unsupportedReason(op);
      if (reason.empty())
        return;
      op->emitOpError(reason + "; compile with --target=cpu");
      failedAny = true;
    });
    if (failedAny)
      signalPassFailure();
  }
};

//===----------------------------------------------------------------------===//
// array-gpu-sparse
//===----------------------------------------------------------------------===//

/// A CSR matrix of the function: its handle, its sizes and the arrays a
/// borrowed handle needs until its release.
struct Csr {
  Value handle, rows, cols;
  SmallVector<Value> keep;
};

/// `file:line:col: ` of `loc`, or "".
std::string locationPrefix(Location loc) {
  std::string text = formatSourceLocation(loc);
  return text.empty() ? text : text + ": ";
}

/// Size `dim` of `tensor`: a constant when static.
Value sizeOf(OpBuilder &b, Location loc, Value tensor, int64_t dim) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(dim))
    return arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim));
  return tensor::DimOp::create(b, loc, tensor, dim);
}

/// `size`, or, when the result type fixes dimension `dim` of `op`'s matrix
/// to a static size, that constant after a run-time check that `size` is
/// it (`what` names the size in the message).
Value checkedSize(OpBuilder &b, Operation *op, Value size,
                  RankedTensorType result, int64_t dim, StringRef what) {
  if (result.isDynamicDim(dim))
    return size;
  Location loc = op->getLoc();
  Value expected =
      arith::ConstantIndexOp::create(b, loc, result.getDimSize(dim));
  if (getConstantIntValue(size))
    return expected; // The verifier compared static sizes.
  Value equal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, expected);
  cf::AssertOp::create(
      b, loc, equal,
      locationPrefix(loc) + op->getName().getStringRef().str() + ": " +
          what.str() + " is not " + std::to_string(result.getDimSize(dim)) +
          ", as the result type says");
  return expected;
}

/// A new tensor of `type` whose dynamic sizes are `sizes[dim]`.
Value emptyTensor(OpBuilder &b, Location loc, Type type,
                  ArrayRef<Value> sizes) {
  auto tensorType = cast<RankedTensorType>(type);
  SmallVector<Value> dynamic;
  for (int64_t dim = 0; dim < tensorType.getRank(); ++dim)
    if (tensorType.isDynamicDim(dim))
      dynamic.push_back(sizes[dim]);
  return tensor::EmptyOp::create(b, loc, tensorType, dynamic);
}

/// `value` as `type` (a tensor.cast between compatible shapes).
Value castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

struct ArrayGpuSparsePass
    : array::impl::ArrayGpuSparseBase<ArrayGpuSparsePass> {
  void runOnOperation() override;

private:
  /// Creates the handle of `op`'s CSR result; false when `op` makes none.
  bool createHandle(IRRewriter &rewriter, Operation *op);
  /// Replaces `op`, a user of CSR matrices, by its arrayrt.csr_* form.
  LogicalResult lowerUse(IRRewriter &rewriter, Operation *op);
  /// Inserts the release of `csr` after the last op of its block that uses
  /// the handle.
  void release(IRRewriter &rewriter, const Csr &csr);

  DenseMap<Value, Csr> csrs;
  SmallVector<Value> order;
};

bool ArrayGpuSparsePass::createHandle(IRRewriter &rewriter, Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  Type resultType = op->getResult(0).getType();
  if (!getSparseFormat(resultType) || !indexBits(resultType))
    return false;
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  Type handleType = rewriter.getType<arrayrt::CsrHandleType>();
  Csr csr;
  auto toSparse = dyn_cast<ToSparseOp>(op);
  if (toSparse && isSparse(toSparse.getInput().getType())) {
    // Another format of one index width: the same CSR handle.
    auto input = csrs.find(toSparse.getInput());
    if (input == csrs.end() ||
        indexBits(toSparse.getInput().getType()) != indexBits(resultType))
      return false;
    auto result = cast<RankedTensorType>(resultType);
    csr = input->second;
    csr.rows =
        checkedSize(rewriter, op, csr.rows, result, 0, "the number of rows");
    csr.cols =
        checkedSize(rewriter, op, csr.cols, result, 1, "the number of columns");
  } else if (toSparse) {
    auto result = cast<RankedTensorType>(toSparse.getType());
    Value dense = toSparse.getInput();
    csr.handle = arrayrt::CsrFromDenseOp::create(
        rewriter, loc, handleType, dense,
        static_cast<uint64_t>(indexBits(result)),
        /*stream=*/Value());
    csr.rows = checkedSize(rewriter, op, sizeOf(rewriter, loc, dense, 0),
                           result, 0, "the number of rows");
    csr.cols = checkedSize(rewriter, op, sizeOf(rewriter, loc, dense, 1),
                           result, 1, "the number of columns");
  } else if (auto matrix = dyn_cast<CsrMatrixOp>(op)) {
    auto result = cast<RankedTensorType>(matrix.getType());
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value rows = arith::SubIOp::create(
        rewriter, loc, sizeOf(rewriter, loc, matrix.getIndptr(), 0), one);
    csr.rows = checkedSize(rewriter, op, rows, result, 0,
                           "the size of indptr minus one");
    csr.cols = matrix.getCols() ? matrix.getCols()
                                : arith::ConstantIndexOp::create(
                                      rewriter, loc, result.getDimSize(1))
                                      .getResult();
    csr.handle = arrayrt::CsrFromArraysOp::create(
        rewriter, loc, handleType, matrix.getIndptr(), matrix.getIndices(),
        matrix.getData(), csr.rows, csr.cols, /*stream=*/Value());
    csr.keep = {matrix.getIndptr(), matrix.getIndices(), matrix.getData()};
  } else if (isa<LoadMtxOp, LoadSparseOp>(op)) {
    // The runtime reads a Matrix Market file or a SciPy .npz alike.
    auto result = cast<RankedTensorType>(op->getResult(0).getType());
    StringRef path = op->getAttrOfType<StringAttr>("path").getValue();
    Type index = rewriter.getIndexType();
    auto shape =
        arrayrt::MtxShapeOp::create(rewriter, loc, index, index, index, path);
    csr.rows = checkedSize(rewriter, op, shape.getRows(), result, 0,
                           "the file's number of rows");
    csr.cols = checkedSize(rewriter, op, shape.getCols(), result, 1,
                           "the file's number of columns");
    csr.handle = arrayrt::CsrLoadMtxOp::create(
        rewriter, loc, handleType, path, result.getElementType(),
        static_cast<uint64_t>(indexBits(result)), /*stream=*/Value());
  } else if (auto spgemm = dyn_cast<SpgemmOp>(op)) {
    auto a = csrs.find(spgemm.getA()), b = csrs.find(spgemm.getB());
    if (a == csrs.end() || b == csrs.end())
      return false;
    auto result = cast<RankedTensorType>(spgemm.getType());
    csr.rows = checkedSize(rewriter, op, a->second.rows, result, 0,
                           "the number of rows");
    csr.cols = checkedSize(rewriter, op, b->second.cols, result, 1,
                           "the number of columns");
    csr.handle = arrayrt::CsrSpgemmOp::create(
        rewriter, loc, handleType, a->second.handle, b->second.handle,
        /*stream=*/Value());
  } else if (auto transpose = dyn_cast<SparseTransposeOp>(op)) {
    auto a = csrs.find(transpose.getInput());
    if (a == csrs.end())
      return false;
    csr.rows = a->second.cols;
    csr.cols = a->second.rows;
    csr.handle = arrayrt::CsrTransposeOp::create(
        rewriter, loc, handleType, a->second.handle, /*stream=*/Value());
  } else if (auto sddmm = dyn_cast<SddmmOp>(op)) {
    auto s = csrs.find(sddmm.getS());
    if (s == csrs.end())
      return false;
    csr.rows = s->second.rows;
    csr.cols = s->second.cols;
    csr.handle = arrayrt::CsrSddmmOp::create(
        rewriter, loc, handleType, s->second.handle, sddmm.getA(), sddmm.getB(),
        sddmm.getAlphaAttr(), sddmm.getBetaAttr(), /*stream=*/Value());
  } else if (isa<SparseAddOp, SparseScaleOp>(op)) {
    auto a = csrs.find(op->getOperand(0));
    auto b = csrs.find(op->getOperand(op->getNumOperands() - 1));
    if (a == csrs.end() || b == csrs.end())
      return false;
    csr.rows = a->second.rows;
    csr.cols = a->second.cols;
    if (auto scale = dyn_cast<SparseScaleOp>(op))
      csr.handle = arrayrt::CsrScaleOp::create(
          rewriter, loc, handleType, a->second.handle, scale.getAlphaAttr(),
          /*stream=*/Value());
    else
      csr.handle = arrayrt::CsrAddOp::create(rewriter, loc, handleType,
                                             a->second.handle, b->second.handle,
                                             /*stream=*/Value());
  } else {
    return false;
  }
  csrs[op->getResult(0)] = csr;
  order.push_back(op->getResult(0));
  return true;
}

LogicalResult ArrayGpuSparsePass::lowerUse(IRRewriter &rewriter,
                                           Operation *op) {
  Value matrix;
  for (Value operand : op->getOperands())
    if (isSparse(operand.getType()))
      matrix = operand;
  if (!matrix)
    return success(); // A tensor.dim of a dense tensor.
  auto it = csrs.find(matrix);
  if (it == csrs.end())
    return op->emitOpError("uses a sparse matrix that array-gpu-sparse did "
                           "not lower (array-reject-sparse names why)");
  const Csr &a = it->second;
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  if (auto spmv = dyn_cast<SpmvOp>(op)) {
    Type type = spmv.getType();
    Value init = spmv.getBeta().convertToDouble() != 0.0
                     ? castTo(rewriter, loc, spmv.getY(), type)
                     : emptyTensor(rewriter, loc, type, {a.rows});
    rewriter.replaceOpWithNewOp<arrayrt::CsrSpmvOp>(
        op, TypeRange{type}, a.handle, spmv.getX(), init, spmv.getAlphaAttr(),
        spmv.getBetaAttr(), /*stream=*/Value());
    return success();
  }
  if (auto spmm = dyn_cast<SpmmOp>(op)) {
    Type type = spmm.getType();
    Value init =
        spmm.getBeta().convertToDouble() != 0.0
            ? castTo(rewriter, loc, spmm.getC(), type)
            : emptyTensor(rewriter, loc, type,
                          {a.rows, sizeOf(rewriter, loc, spmm.getB(), 1)});
    rewriter.replaceOpWithNewOp<arrayrt::CsrSpmmOp>(
        op, TypeRange{type}, a.handle, spmm.getB(), init, spmm.getAlphaAttr(),
        spmm.getBetaAttr(), /*stream=*/Value());
    return success();
  }
  if (auto toDense = dyn_cast<ToDenseOp>(op)) {
    Type type = toDense.getType();
    Value init = emptyTensor(rewriter, loc, type, {a.rows, a.cols});
    rewriter.replaceOpWithNewOp<arrayrt::CsrToDenseOp>(
        op, TypeRange{type}, a.handle, init, /*stream=*/Value());
    return success();
  }
  if (isa<NnzOp>(op)) {
    rewriter.replaceOpWithNewOp<arrayrt::CsrNnzOp>(op, rewriter.getIndexType(),
                                                   a.handle);
    return success();
  }
  if (auto dim = dyn_cast<tensor::DimOp>(op)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index || (*index != 0 && *index != 1))
      return op->emitOpError("reads dimension of a sparse matrix that is "
                             "not 0 or 1");
    rewriter.replaceOp(op, *index == 0 ? a.rows : a.cols);
    return success();
  }
  return op->emitOpError("uses a sparse matrix that array-gpu-sparse cannot "
                         "lower (array-reject-sparse names why)");
}

void ArrayGpuSparsePass::release(IRRewriter &rewriter, const Csr &csr) {
  Operation *last = csr.handle.getDefiningOp();
  Block *block = last->getBlock();
  for (Operation *user : csr.handle.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (ancestor && last->isBeforeInBlock(ancestor))
      last = ancestor;
  }
  rewriter.setInsertionPointAfter(last);
  arrayrt::CsrReleaseOp::create(rewriter, csr.handle.getLoc(), csr.handle,
                                csr.keep, /*stream=*/Value());
}

void ArrayGpuSparsePass::runOnOperation() {
  csrs.clear();
  order.clear();
  SmallVector<Operation *> ops;
  getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (anySparse(op->getOperandTypes()) || anySparse(op->getResultTypes()))
      ops.push_back(op);
  });
  if (ops.empty())
    return;
  IRRewriter rewriter(&getContext());
  SmallVector<Operation *> producers;
  for (Operation *op : ops) {
    if (createHandle(rewriter, op)) {
      producers.push_back(op);
      continue;
    }
    if (anySparse(op->getResultTypes())) {
      op->emitOpError("makes a sparse matrix that array-gpu-sparse cannot "
                      "lower (array-reject-sparse names why)");
      return signalPassFailure();
    }
    if (failed(lowerUse(rewriter, op)))
      return signalPassFailure();
  }
  // A conversion between formats shares its operand's handle: one release.
  DenseSet<Value> released;
  for (Value matrix : order)
    if (released.insert(csrs[matrix].handle).second)
      release(rewriter, csrs[matrix]);
  for (Operation *op : llvm::reverse(producers)) {
    if (!op->use_empty()) {
      op->emitOpError("has a sparse result that array-gpu-sparse could not "
                      "lower every use of");
      return signalPassFailure();
    }
    rewriter.eraseOp(op);
  }
}

} // namespace
