//===- SparseOps.cpp - sparse matrix ops ----------------------------------===//
//
// Verifiers of ArraySparseOps.td: which `#sparse_tensor.encoding`s are sparse
// matrices here (SparseFormat.h), and the shapes of the products.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/SparseFormat.h"
#include "arrayc/Support/ShapeText.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensorType.h"

using namespace mlir;
using namespace mlir::array;
using namespace mlir::sparse_tensor;

std::optional<SparseFormat> array::getSparseFormat(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() != 2)
    return std::nullopt;
  SparseTensorEncodingAttr enc = getSparseTensorEncoding(tensor);
  if (!enc || enc.getLvlRank() != 2)
    return std::nullopt;
  LevelType l0 = enc.getLvlType(0), l1 = enc.getLvlType(1);
  bool identity = enc.isIdentity();
  bool swapped = !identity && enc.isPermutation() &&
                 enc.getDimToLvl().getDimPosition(0) == 1;
  if (isDenseLT(l0) && isCompressedLT(l1) && isOrderedLT(l1) &&
      isUniqueLT(l1)) {
    if (identity)
      return SparseFormat::CSR;
    if (swapped)
      return SparseFormat::CSC;
  }
  if (identity && isCompressedLT(l0) && !isUniqueLT(l0) && isOrderedLT(l0) &&
      isSingletonLT(l1) && isOrderedLT(l1))
    return SparseFormat::COO;
  return std::nullopt;
}

StringRef array::stringifySparseFormat(SparseFormat format) {
  switch (format) {
  case SparseFormat::CSR:
    return "CSR";
  case SparseFormat::CSC:
    return "CSC";
  case SparseFormat::COO:
    return "COO";
  }
  return "";
}

RankedTensorType array::getSparseMatrixType(SparseFormat format,
                                            ArrayRef<int64_t> shape,
                                            Type element, unsigned posWidth,
                                            unsigned crdWidth) {
  StringRef map;
  switch (format) {
  case SparseFormat::CSR:
    map = "(i, j) -> (i : dense, j : compressed)";
    break;
  case SparseFormat::CSC:
    map = "(i, j) -> (j : dense, i : compressed)";
    break;
  case SparseFormat::COO:
    map = "(i, j) -> (i : compressed(nonunique), j : singleton)";
    break;
  }
  MLIRContext *context = element.getContext();
  auto encoding = cast<SparseTensorEncodingAttr>(parseAttribute(
      ("#sparse_tensor.encoding<{map = " + map + ", posWidth = " +
       Twine(posWidth) + ", crdWidth = " + Twine(crdWidth) + "}>")
          .str(),
      context));
  return RankedTensorType::get(shape, element, encoding);
}

namespace {

/// Checks that `type` (the op's `what`) is a sparse matrix: rank 2, f32 or
/// f64, CSR, CSC or COO, 32- or 64-bit (or index) positions and coordinates.
FailureOr<SparseFormat> verifySparseMatrix(Operation *op, Type type,
                                           StringRef what,
                                           StringRef denseHint = "") {
  auto tensor = dyn_cast<RankedTensorType>(type);
  SparseTensorEncodingAttr enc =
      tensor ? getSparseTensorEncoding(tensor) : SparseTensorEncodingAttr();
  if (!enc)
    return op->emitOpError()
           << what
           << " must be a sparse matrix (a rank-2 tensor with a CSR, CSC or "
              "COO #sparse_tensor.encoding), found "
           << type << denseHint;
  if (tensor.getRank() != 2)
    return op->emitOpError() << what << " must be a sparse matrix of rank 2, "
                             << "found rank " << tensor.getRank();
  Type element = tensor.getElementType();
  if (!element.isF16() && !element.isBF16() && !element.isF32() &&
      !element.isF64())
    return op->emitOpError()
           << what << " must have f16, bf16, f32 or f64 elements, found "
           << tensor.getElementType();
  std::optional<SparseFormat> format = getSparseFormat(tensor);
  if (!format)
    return op->emitOpError()
           << what
           << " must be CSR ((i, j) -> (i : dense, j : compressed)), CSC "
              "((i, j) -> (j : dense, i : compressed)) or COO ((i, j) -> (i : "
              "compressed(nonunique), j : singleton)), found "
           << enc;
  for (auto [name, width] :
       {std::pair<StringRef, unsigned>{"posWidth", enc.getPosWidth()},
        {"crdWidth", enc.getCrdWidth()}})
    if (width != 0 && width != 32 && width != 64)
      return op->emitOpError() << what << " has " << name << " = " << width
                               << "; use 32 or 64 (0 is index, 64 bits)";
  return *format;
}

/// Checks that the dense `type` (the op's `what`) has `rank` dimensions,
/// `element` elements and sizes compatible with `sizes` (each naming what it
/// is compared with in `names`).
LogicalResult verifyDense(Operation *op, Type type, StringRef what,
                          Type element, ArrayRef<int64_t> sizes,
                          ArrayRef<StringRef> names) {
  auto tensor = cast<RankedTensorType>(type);
  if (tensor.getRank() != static_cast<int64_t>(sizes.size()))
    return op->emitOpError() << what << " must have rank " << sizes.size()
                             << ", found rank " << tensor.getRank();
  if (tensor.getElementType() != element)
    return op->emitOpError()
           << what << " must have the sparse matrix's element type " << element
           << ", found " << tensor.getElementType();
  for (auto [dim, size] : llvm::enumerate(sizes))
    if (staticMismatch(tensor.getDimSize(dim), size))
      return op->emitOpError() << what << " dimension " << dim << " has size "
                               << sizeText(tensor.getDimSize(dim)) << " but "
                               << names[dim] << " has size " << sizeText(size);
  return success();
}

template <typename ProductOp>
LogicalResult verifyProduct(ProductOp op, Value addend, StringRef rhsName,
                            StringRef addendName) {
  if (failed(verifySparseMatrix(op, op.getA().getType(), "operand A",
                                " (array.matmul multiplies dense matrices)")))
    return failure();
  auto a = cast<RankedTensorType>(op.getA().getType());
  Type element = a.getElementType();
  int64_t m = a.getDimSize(0), k = a.getDimSize(1);
  auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
  bool vector = rhs.getRank() == 1 && std::is_same_v<ProductOp, SpmvOp>;
  SmallVector<int64_t> rhsSizes{k}, resultSizes{m};
  SmallVector<StringRef> rhsNames{"A's dimension 1"},
      resultNames{"A's dimension 0"};
  if (!vector) {
    if (rhs.getRank() != 2)
      return op.emitOpError()
             << rhsName << " must have rank 2, found rank " << rhs.getRank();
    rhsSizes.push_back(rhs.getDimSize(1));
    rhsNames.push_back("itself");
    resultSizes.push_back(rhs.getDimSize(1));
    resultNames.push_back(std::is_same_v<ProductOp, SpmvOp>
                              ? "x's dimension 1"
                              : "B's dimension 1");
  }
  if (failed(verifyDense(op, rhs, rhsName, element, rhsSizes, rhsNames)) ||
      failed(verifyDense(op, op.getType(), "the result", element, resultSizes,
                         resultNames)))
    return failure();
  if (addend && failed(verifyDense(op, addend.getType(), addendName, element,
                                   resultSizes, resultNames)))
    return failure();
  if (!addend && op.getBeta().convertToDouble() != 0.0)
    return op.emitOpError()
           << "beta = " << op.getBeta().convertToDouble()
           << " needs the operand it scales (" << addendName << ")";
  return success();
}

} // namespace

LogicalResult ToSparseOp::verify() {
  FailureOr<SparseFormat> format =
      verifySparseMatrix(*this, getType(), "result");
  if (failed(format))
    return failure();
  auto input = cast<RankedTensorType>(getInput().getType());
  if (getSparseTensorEncoding(input)) {
    if (failed(verifySparseMatrix(*this, input, "operand")))
      return failure();
    if (input.getShape() != cast<RankedTensorType>(getType()).getShape())
      return emitOpError()
             << "a sparse operand and the result must have the same shape, "
                "static and dynamic sizes alike (found "
             << input << " and " << getType() << ")";
  } else if (input.getRank() != 2) {
    return emitOpError() << "operand must be a matrix (rank 2), found rank "
                         << input.getRank();
  }
  auto result = cast<RankedTensorType>(getType());
  if (input.getElementType() != result.getElementType())
    return emitOpError() << "operand and result element types differ ("
                         << input.getElementType() << " vs "
                         << result.getElementType() << ")";
  for (int64_t dim = 0; dim < 2; ++dim)
    if (staticMismatch(input.getDimSize(dim), result.getDimSize(dim)))
      return emitOpError() << "operand and result sizes differ in dimension "
                           << dim << " (" << sizeText(input.getDimSize(dim))
                           << " vs " << sizeText(result.getDimSize(dim)) << ")";
  return success();
}

LogicalResult ToDenseOp::verify() {
  if (failed(verifySparseMatrix(*this, getInput().getType(), "operand")))
    return failure();
  auto input = cast<RankedTensorType>(getInput().getType());
  return verifyDense(
      *this, getType(), "the result", input.getElementType(), input.getShape(),
      {"the operand's dimension 0", "the operand's dimension 1"});
}

LogicalResult CsrMatrixOp::verify() {
  FailureOr<SparseFormat> format =
      verifySparseMatrix(*this, getType(), "result");
  if (failed(format))
    return failure();
  if (*format != SparseFormat::CSR)
    return emitOpError() << "result must be CSR, found "
                         << stringifySparseFormat(*format)
                         << " (array.to_sparse converts a CSR matrix)";
  auto result = cast<RankedTensorType>(getType());
  SparseTensorEncodingAttr enc = getSparseTensorEncoding(result);
  auto integer = [&](unsigned width) -> Type {
    return IntegerType::get(getContext(), width == 32 ? 32 : 64);
  };
  auto data = cast<RankedTensorType>(getData().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto indptr = cast<RankedTensorType>(getIndptr().getType());
  int64_t rows = result.getDimSize(0);
  int64_t indptrSize =
      ShapedType::isDynamic(rows) ? ShapedType::kDynamic : rows + 1;
  for (auto [tensor, what, width, name] :
       {std::tuple<RankedTensorType, StringRef, unsigned, StringRef>{
            indices, "indices", enc.getCrdWidth(), "crdWidth"},
        {indptr, "indptr", enc.getPosWidth(), "posWidth"}})
    if (tensor.getElementType() != integer(width))
      return emitOpError() << what << " must have " << integer(width)
                           << " elements (the result's " << name << " is "
                           << width << "), found " << tensor.getElementType();
  if (failed(verifyDense(*this, data, "data", result.getElementType(),
                         {ShapedType::kDynamic}, {""})) ||
      failed(verifyDense(*this, indices, "indices", integer(enc.getCrdWidth()),
                         {data.getDimSize(0)}, {"data"})) ||
      failed(verifyDense(*this, indptr, "indptr", integer(enc.getPosWidth()),
                         {indptrSize}, {"the result's rows + 1"})))
    return failure();
  bool dynamicCols = result.isDynamicDim(1);
  if (dynamicCols && !getCols())
    return emitOpError("the result's number of columns is dynamic: give it "
                       "with `cols %n`");
  if (!dynamicCols && getCols())
    return emitOpError() << "the result has " << result.getDimSize(1)
                         << " columns; drop the cols operand";
  return success();
}

LogicalResult NnzOp::verify() {
  return verifySparseMatrix(*this, getInput().getType(), "operand");
}

LogicalResult SpmvOp::verify() {
  auto x = cast<RankedTensorType>(getX().getType());
  if (x.getRank() != 1)
    return emitOpError() << "operand x must be a vector (rank 1), found rank "
                         << x.getRank() << " (array.spmm takes a matrix)";
  return verifyProduct(*this, getY(), "operand x", "operand y");
}

LogicalResult SpmmOp::verify() {
  return verifyProduct(*this, getC(), "operand B", "operand C");
}

LogicalResult SpgemmOp::verify() {
  for (auto [value, what] : {std::pair<Value, StringRef>{getA(), "operand A"},
                             {getB(), "operand B"},
                             {getResult(), "result"}}) {
    FailureOr<SparseFormat> format =
        verifySparseMatrix(*this, value.getType(), what);
    if (failed(format))
      return failure();
    if (*format != SparseFormat::CSR)
      return emitOpError() << what << " must be CSR, found "
                           << stringifySparseFormat(*format)
                           << " (array.to_sparse converts it)";
  }
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto result = cast<RankedTensorType>(getType());
  for (RankedTensorType other : {b, result})
    if (other.getElementType() != a.getElementType() ||
        getSparseTensorEncoding(other) != getSparseTensorEncoding(a))
      return emitOpError() << "operands and result must have one element "
                              "type and encoding, found "
                           << a << " and " << other;
  if (staticMismatch(a.getDimSize(1), b.getDimSize(0)))
    return emitOpError() << "A has " << sizeText(a.getDimSize(1))
                         << " columns but B has " << sizeText(b.getDimSize(0))
                         << " rows";
  if (staticMismatch(result.getDimSize(0), a.getDimSize(0)) ||
      staticMismatch(result.getDimSize(1), b.getDimSize(1)))
    return emitOpError() << "the result must be " << sizeText(a.getDimSize(0))
                         << " x " << sizeText(b.getDimSize(1)) << ", found "
                         << result;
  return success();
}

LogicalResult SparseAddOp::verify() {
  return verifySparseMatrix(*this, getType(), "result");
}

LogicalResult SparseScaleOp::verify() {
  return verifySparseMatrix(*this, getType(), "result");
}

LogicalResult SparseTransposeOp::verify() {
  if (failed(verifySparseMatrix(*this, getInput().getType(), "operand")) ||
      failed(verifySparseMatrix(*this, getType(), "result")))
    return failure();
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getType());
  if (input.getElementType() != result.getElementType())
    return emitOpError() << "operand and result element types differ ("
                         << input.getElementType() << " vs "
                         << result.getElementType() << ")";
  if (result.getDimSize(0) != input.getDimSize(1) ||
      result.getDimSize(1) != input.getDimSize(0))
    return emitOpError() << "the result must be "
                         << sizeText(input.getDimSize(1)) << " x "
                         << sizeText(input.getDimSize(0))
                         << " (the operand's shape reversed, static and "
                            "dynamic sizes alike), found "
                         << sizeText(result.getDimSize(0)) << " x "
                         << sizeText(result.getDimSize(1));
  return success();
}

LogicalResult SddmmOp::verify() {
  if (failed(verifySparseMatrix(*this, getS().getType(), "operand S")))
    return failure();
  auto s = cast<RankedTensorType>(getS().getType());
  auto a = cast<RankedTensorType>(getA().getType());
  Type element = s.getElementType();
  int64_t m = s.getDimSize(0), n = s.getDimSize(1);
  int64_t k = a.getRank() == 2 ? a.getDimSize(1) : ShapedType::kDynamic;
  if (failed(verifyDense(*this, a, "operand A", element,
                         {m, ShapedType::kDynamic}, {"S's dimension 0", ""})) ||
      failed(verifyDense(*this, getB().getType(), "operand B", element, {k, n},
                         {"A's dimension 1", "S's dimension 1"})))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Matrix Market files
//===----------------------------------------------------------------------===//

LogicalResult LoadMtxOp::verify() {
  return verifySparseMatrix(*this, getType(), "result");
}

LogicalResult LoadSparseOp::verify() {
  return verifySparseMatrix(*this, getType(), "result");
}
