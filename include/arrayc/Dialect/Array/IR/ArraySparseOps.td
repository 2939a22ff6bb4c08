//===- ArraySparseOps.td - sparse matrices -----------------*- tablegen -*-===//
//
// Sparse matrices (`cupyx.scipy.sparse`) are ranked tensors with an upstream
// `#sparse_tensor.encoding`. Three formats are accepted, each with 32- or
// 64-bit positions and coordinates (`posWidth`/`crdWidth` 32 or 64; 0, the
// default, means `index`, 64 bits here):
//
//   CSR: map = (i, j) -> (i : dense, j : compressed)
//   CSC: map = (i, j) -> (j : dense, i : compressed)
//   COO: map = (i, j) -> (i : compressed(nonunique), j : singleton)
//
// and float16 (CPU target only yet), float32 or float64 values. The
// verifiers (SparseOps.cpp) name what they found when a type is not one of
// these.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYSPARSEOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYSPARSEOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Array_SparseOp<string mnemonic, list<Trait> traits = []>
    : Array_Op<mnemonic, !listconcat(traits, [Pure])> {
  let hasVerifier = 1;
}

def Array_ToSparseOp : Array_SparseOp<"to_sparse"> {
  let summary = "Converts a matrix to a sparse format (`scipy.sparse.csr_matrix"
                "(a)`, `.tocsr()`, `.tocsc()`, `.tocoo()`).";
  let description = [{
    Keeps the nonzero elements of a dense matrix, or the stored elements of
    a sparse one, in the result's format (CSR, CSC or COO, see the top of
    this group). Shapes and element types must match; a dynamic dimension
    may meet a static one. Explicit zeros of a sparse input are kept; zeros
    of a dense input are not stored.

    ```mlir
    #CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
    %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Array_ToDenseOp : Array_SparseOp<"to_dense"> {
  let summary = "Converts a sparse matrix to a dense one (`.toarray()`).";
  let description = [{
    The dense matrix whose elements are the sparse matrix's stored values
    (summed where a COO matrix stores a coordinate twice, as SciPy does) and
    zero elsewhere.

    ```mlir
    %d = array.to_dense %a : tensor<4x6xf32, #CSR> -> tensor<4x6xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Array_CsrMatrixOp : Array_SparseOp<"csr_matrix"> {
  let summary = "A CSR matrix from its three arrays (`scipy.sparse.csr_matrix"
                "((data, indices, indptr), shape=(M, N))`).";
  let description = [{
    `data` holds the stored values (the result's element type), `indices`
    their column indices and `indptr` the `M + 1` row offsets into both:
    row `i` stores `data[indptr[i]:indptr[i+1]]` in the columns
    `indices[indptr[i]:indptr[i+1]]`. `indptr` has the result's position
    type and `indices` its coordinate type: `i32` for a width of 32, `i64`
    for 64 or 0 (`index`). The rows are `indptr`'s size minus one; the
    columns come from the result type, or from the `cols` operand when
    that is dynamic. The result must be CSR.

    The arrays must be in SciPy's canonical form: `indptr[0] == 0`,
    nondecreasing, `indptr[M]` the number of entries (the size of `data`
    and `indices`), and each row's column indices increasing (sorted, no
    duplicates) and in `0..N-1`. The CPU target checks all of it; the CUDA
    target checks the sizes and `indptr`'s first and last elements (as
    SciPy does by default), and the matrix borrows the arrays' device
    memory (no copy). A violation stops the program with the op's location
    (exit status 1), as in

    ```
    arrayrt: error: prog.mlir:4:8: array.csr_matrix: the column indices of a row must be increasing and below the number of columns
    ```

    Loading the three arrays from `.npy` files is the fast way to read a
    large matrix (`scipy.sparse.save_npz` stores the same three arrays).

    ```mlir
    %a = array.csr_matrix %data, %indices, %indptr cols %n
        : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
    ```
  }];
  let arguments = (ins Array_Tensor:$data, Array_Tensor:$indices,
                       Array_Tensor:$indptr, Optional<Index>:$cols);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $data `,` $indices `,` $indptr (`cols` $cols^)? attr-dict `:`
    type($data) `,` type($indices) `,` type($indptr) `->` type($result)
  }];
}

def Array_NnzOp : Array_SparseOp<"nnz"> {
  let summary = "The number of stored elements of a sparse matrix (`.nnz`).";
  let description = [{
    ```mlir
    %n = array.nnz %a : tensor<4x6xf32, #CSR>
    ```
    The shape is read with `tensor.dim` as for any tensor.
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs Index:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Array_SpmvOp : Array_SparseOp<"spmv"> {
  let summary = "Sparse matrix times dense vector: `alpha * (A @ x) + beta * y` "
                "(cuSPARSE SpMV).";
  let description = [{
    `A` is a sparse `M x N` matrix, `x` a dense vector of `N` elements and
    the result a dense vector of `M`, all of one element type. `y`, when
    given, is a dense vector of `M` elements; `beta` (default 0.0) scales
    it, `alpha` (default 1.0) the product. A nonzero `beta` needs `y`.
    Products accumulate in the element type, row by row.

    ```mlir
    %r = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<6xf32>) -> tensor<4xf32>
    %s = array.spmv %a, %x, %y {alpha = 2.0, beta = -1.0}
        : (tensor<4x6xf32, #CSR>, tensor<6xf32>, tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$a, Array_Tensor:$x,
                       Optional<Array_Tensor>:$y,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $x (`,` $y^)? attr-dict `:` functional-type(operands, results)
  }];
}

def Array_SpmmOp : Array_SparseOp<"spmm"> {
  let summary = "Sparse matrix times dense matrix: `alpha * (A @ B) + beta * C` "
                "(cuSPARSE SpMM).";
  let description = [{
    `A` is a sparse `M x K` matrix, `B` a dense `K x N` matrix and the
    result a dense `M x N` matrix, all of one element type. `c`, when given,
    is a dense `M x N` matrix scaled by `beta` (default 0.0); `alpha`
    (default 1.0) scales the product. A nonzero `beta` needs `c`.

    ```mlir
    %r = array.spmm %a, %b : (tensor<4x6xf32, #CSR>, tensor<6x8xf32>) -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$a, Array_Tensor:$b,
                       Optional<Array_Tensor>:$c,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b (`,` $c^)? attr-dict `:` functional-type(operands, results)
  }];
}

def Array_SpgemmOp : Array_SparseOp<"spgemm"> {
  let summary = "Sparse matrix times sparse matrix (`A @ B` of two "
                "`csr_matrix`; cuSPARSE SpGEMM).";
  let description = [{
    `A` (`M x K`), `B` (`K x N`) and the result (`M x N`) are CSR matrices
    of one type but for their sizes (element type, position and
    coordinate widths). The result stores the coordinates where some
    product `A[i, k] * B[k, j]` contributes, sorted by column in each
    row. Where such contributions cancel to 0.0 the targets differ: the
    CPU target (a dense product converted back, for semantics, not speed:
    it takes `M x N` memory) drops the entry, as SciPy does; the CUDA
    target (cuSPARSE) keeps it, and `array.nnz` counts it.

    ```mlir
    %c = array.spgemm %a, %b : tensor<?x?xf32, #CSR>, tensor<?x?xf32, #CSR>
        -> tensor<?x?xf32, #CSR>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
}

def Array_SparseAddOp : Array_SparseOp<"sparse_add",
    [SameOperandsAndResultType]> {
  let summary = "Sum of two sparse matrices of one format (`A + B`).";
  let description = [{
    The result stores the union of the operands' stored coordinates, with
    the sum where both store one. Operands and result have one type (CSR,
    CSC or COO); dynamic sizes must agree at run time. A sum that cancels
    to 0.0 stays stored (SciPy drops it; `array.nnz` counts it).

    ```mlir
    %c = array.sparse_add %a, %b : tensor<4x6xf32, #CSR>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Array_SparseScaleOp : Array_SparseOp<"sparse_scale",
    [SameOperandsAndResultType]> {
  let summary = "A sparse matrix times a scalar (`alpha * A`).";
  let description = [{
    Multiplies every stored value by `alpha`; the stored coordinates stay
    (multiplying by 0.0 stores zeros). The result has the operand's type
    (CSR, CSC or COO).

    ```mlir
    %b = array.sparse_scale %a by 2.5 : tensor<4x6xf32, #CSR>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, F64Attr:$alpha);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input `by` $alpha attr-dict `:` type($result)";
}

def Array_SparseTransposeOp : Array_SparseOp<"sparse_transpose"> {
  let summary = "The transpose of a sparse matrix (`A.T`, `A.transpose()`).";
  let description = [{
    The `N x M` matrix whose element `(j, i)` is the operand's `(i, j)`,
    stored in the result's format. As in SciPy, the transpose of a CSR
    matrix is naturally CSC over the same three arrays (and the transpose
    of a CSC matrix CSR): with the operand's widths that result costs no
    copy on the CPU target. Any other result format (or widths) converts.
    The result's shape is the operand's reversed, static and dynamic sizes
    alike; the element types are one.

    On the CUDA target the transpose is a new matrix (cuSPARSE
    `csr2csc`, 32-bit indices).

    ```mlir
    %t = array.sparse_transpose %a : tensor<4x6xf32, #CSR> -> tensor<6x4xf32, #CSC>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Array_SddmmOp : Array_SparseOp<"sddmm",
    [AllTypesMatch<["s", "result"]>]> {
  let summary = "Sampled dense-dense product: `alpha * (A @ B)` at the stored "
                "coordinates of `S`, plus `beta * S` (cuSPARSE SDDMM).";
  let description = [{
    `A` is a dense `M x K` matrix, `B` a dense `K x N` one and `S` a sparse
    `M x N` matrix (CSR, CSC or COO), all of one element type. The result
    has `S`'s type and stored coordinates; its value at a stored `(i, j)`
    is `alpha * sum_k A[i, k] * B[k, j] + beta * S[i, j]`. `alpha` defaults
    to 1.0 and `beta` to 0.0 (`S` then gives only its pattern: an explicit
    zero of `S` is sampled too). This is
    `torch.sparse.sampled_addmm(S, A, B, beta=beta, alpha=alpha)` (whose
    `beta` defaults to 1.0).

    ```mlir
    %r = array.sddmm %s, %a, %b {alpha = 0.5 : f64}
        : tensor<?x?xf32, #CSR>, tensor<?x?xf32>, tensor<?x?xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$s, Array_Tensor:$a, Array_Tensor:$b,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $s `,` $a `,` $b attr-dict `:` type($s) `,` type($a) `,` type($b)
  }];
}

//===----------------------------------------------------------------------===//
// Matrix Market files
//===----------------------------------------------------------------------===//

// array.load_mtx and array.load_sparse: a sparse matrix file read on the
// host (the runtime recognizes a zip archive by its first bytes, else reads
// Matrix Market text) and lowered alike. As array.load_npy: reading may
// stop the program, so it stays in order with prints and saves and is not
// removed when unused.
class Array_LoadSparseFileOp<string mnemonic>
    : Array_Op<mnemonic, [MemoryEffects<[MemRead, MemWrite]>]> {
  let arguments = (ins StrAttr:$path);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$path attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Array_LoadMtxOp : Array_LoadSparseFileOp<"load_mtx"> {
  let summary = "Reads a sparse matrix from a Matrix Market file "
                "(`scipy.io.mmread(path).tocsr()`).";
  let description = [{
    Reads the file `path` (relative to the working directory of the running
    program), a `%%MatrixMarket matrix coordinate` file whose field is
    `real`, `integer` or `pattern` (every entry 1) and whose symmetry is
    `general` or `symmetric` (the lower triangle, mirrored), as a sparse
    matrix of the result's format. Entries listed twice are summed, as
    SciPy's `tocsr()` does. A static dimension of the result must equal the
    file's. Otherwise, or when the file cannot be read or is malformed, the
    program stops with one line naming the op's location, the file and the
    line at fault (exit status 1):

    ```
    arrayrt: error: prog.mlir:3:8: cannot load 'a.mtx': line 7: row 9 is outside 1..8
    ```

    `convert-array-to-linalg` lowers it to `arrayrt.mtx_shape`, two
    `arrayrt.read_mtx` (the coordinates and the values, sorted by row and
    column) and insertions, in order, into a CSR matrix (converted to the
    result's format when that is another).

    ```mlir
    %a = array.load_mtx "data/poisson.mtx" : tensor<?x?xf64, #CSR>
    ```
  }];
}

def Array_LoadSparseOp : Array_LoadSparseFileOp<"load_sparse"> {
  let summary = "Reads a sparse matrix saved by `scipy.sparse.save_npz` "
                "(`scipy.sparse.load_npz(path)`).";
  let description = [{
    Reads the `.npz` archive `path` that `scipy.sparse.save_npz` wrote for
    a CSR, CSC or COO matrix (members `format`, `shape`, `data` and
    `indices`/`indptr` or `row`/`col`; indices of any integer type, data of
    any integer, float or bool type, converted to the result's element
    type) as a sparse matrix of the result's format, whatever the file's.
    Duplicate coordinates (a COO file may have them) are summed and the
    entries sorted, as SciPy's `tocsr()` does; explicitly stored zeros stay.
    The arrays are checked as SciPy's constructors check them; a static
    dimension of the result must equal the file's. A file that cannot be
    read or is malformed stops the program with the op's location, the
    file and the member at fault (exit status 1):

    ```
    arrayrt: error: prog.mlir:3:8: cannot load 'a.npz': member 'indices': element 5 is 9, outside 0..7
    ```

    It lowers as `array.load_mtx` does (the runtime reads either kind of
    file). To keep a large CSR matrix's arrays where they are loaded (on
    the CUDA target: in device memory, no host pass), load them with
    `array.load_npy "a.npz"["data"]` and build it with `array.csr_matrix`.

    ```mlir
    %a = array.load_sparse "graph.npz" : tensor<?x?xf32, #CSR>
    ```
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYSPARSEOPS_TD
