//===- Blas.h - Matrix products through cuBLASLt -----------------*- C++
//-*-===//
//
// arrayrt_matmul in two halves: planGemm turns the row-major operands of
// NumPy's matmul into the column-major problem cuBLASLt solves (pure, so it
// is unit tested without a GPU), and Blas.cpp runs that problem with a
// cached descriptor set and algorithm per GemmKey.
//
// Row-major D[M, N] = A[M, K] B[K, N] is column-major D^T = B^T A^T: the
// column-major call has m = N, n = M and takes rhs as its first operand, so
// neither operand nor the result is ever copied or transposed in memory.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_BLAS_H
#define ARRAYRT_LIB_BLAS_H

#include <cstdint>
#include <string>
#include <tuple>

namespace arrayrt::blas {

/// One operand as MLIR's strided memref descriptor describes it: sizes and
/// strides in elements, row-major dimension order.
struct Operand {
  int64_t rank = 0;
  const int64_t *sizes = nullptr;
  const int64_t *strides = nullptr;
};

/// The column-major problem: D(m x n) = op(A)(m x k) op(B)(k x n), `batch`
/// times with the given strides between matrices (0: the same matrix), all
/// in elements. A is the product's rhs, B its lhs (see above).
struct GemmPlan {
  int64_t m = 0, n = 0, k = 0, batch = 1;
  bool transA = false, transB = false;
  int64_t lda = 1, ldb = 1, ldd = 1;
  int64_t strideA = 0, strideB = 0, strideD = 0;
};

/// Plans out = op(lhs) @ op(rhs) (op: swap the last two dimensions when
/// the transpose flag is set). Returns an empty string or what is wrong, as
/// a message that can follow "matmul: ".
std::string planGemm(const Operand &lhs, const Operand &rhs, const Operand &out,
                     bool transposeLhs, bool transposeRhs, GemmPlan &plan);

/// `plan` on host memory with the CPU's BLAS (cblas_sgemm, or cblas_dgemm
/// with `f64`), in cuBLASLt's column-major form: d = alpha * op(a) @ op(b) +
/// beta * d per batch, `a` the rhs's data and `b` the lhs's. The library is
/// loaded on first use: ARRAYRT_BLAS_LIB, else libopenblas.so.0, else
/// libblas.so.3 (Debian's alternative: OpenBLAS where installed, else the
/// reference BLAS), else libcblas.so.3; without one the program stops,
/// naming them.
void hostGemm(const GemmPlan &plan, bool f64, double alpha, const void *a,
              const void *b, double beta, void *d, const char *location);

/// Everything a cached descriptor set and algorithm depend on.
struct GemmKey {
  int32_t dtype = 0, epilogue = 0, flags = 0;
  GemmPlan plan;
  /// The largest power of two (at most 256) dividing each pointer: the
  /// heuristic may pick kernels that need the alignment it is told.
  uint32_t alignA = 0, alignB = 0, alignD = 0;

  auto tie() const {
    return std::make_tuple(dtype, epilogue, flags, plan.m, plan.n, plan.k,
                           plan.batch, plan.transA, plan.transB, plan.lda,
                           plan.ldb, plan.ldd, plan.strideA, plan.strideB,
                           plan.strideD, alignA, alignB, alignD);
  }
  bool operator<(const GemmKey &other) const { return tie() < other.tie(); }
  bool operator==(const GemmKey &other) const { return tie() == other.tie(); }
};

/// "[2, 3]" for sizes 2 and 3.
std::string shapeText(const Operand &x);

/// The alignment GemmKey records for `address`.
uint32_t pointerAlignment(uintptr_t address);

/// Number of descriptor sets (heuristic results) cached so far.
size_t cachedPlanCount();

} // namespace arrayrt::blas

#endif // ARRAYRT_LIB_BLAS_H
