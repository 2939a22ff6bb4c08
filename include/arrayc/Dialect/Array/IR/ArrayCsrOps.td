//===- ArrayCsrOps.td - CSR matrices held by the runtime ---*- tablegen -*-===//
//
// The CUDA target's form of a CSR matrix: `array-gpu-sparse` replaces every
// sparse matrix of a function by a `!array.csr_handle`, a matrix in GPU
// memory that the runtime holds (an `arrayrt_csr_t`: the three arrays and
// the cached cuSPARSE descriptors and work buffers), and the sparse ops by
// the ops below. They take tensors before bufferization and buffers after
// (the products and `array.csr_to_dense` in destination style), and
// `convert-array-to-runtime` turns each into one arrayrt call queued on the
// op's stream.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYCSROPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYCSROPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "arrayc/Dialect/Array/IR/ArrayStreamOps.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Array_CsrHandleType : Array_Type<"CsrHandle", "csr_handle"> {
  let summary = "A sparse matrix in GPU memory, held by the runtime as CSR.";
  let description = [{
    An `arrayrt_csr_t` (runtime/include/arrayrt/arrayrt.h): row offsets,
    column indices and values in device memory, owned by the handle or,
    for `array.csr_from_arrays`, borrowed from buffers that
    `array.csr_release` keeps alive, with the cuSPARSE descriptors and work
    buffers of its products. `array-gpu-sparse` creates it on the CUDA
    target; it never crosses a function boundary.
  }];
}

class Array_CsrOp<string mnemonic, list<Trait> traits = []>
    : Array_Op<mnemonic, !listconcat(traits,
          [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>])> {
  let hasVerifier = 1;
}

// A new handle computed from other handles only: nothing to verify beyond
// the operand types.
class Array_CsrDerivedOp<string mnemonic> : Array_CsrOp<mnemonic> {
  let hasVerifier = 0;
}

def Array_CsrFromDenseOp : Array_CsrOp<"csr_from_dense"> {
  let summary = "The CSR matrix of a dense matrix's nonzeros (cuSPARSE "
                "DenseToSparse).";
  let description = [{
    Counts the nonzeros of the dense f16, bf16, f32 or f64 matrix `dense`,
    allocates the CSR arrays (`index_bits` 32 or 64) from the memory pool
    and fills them, on the op's stream; the host waits for the count. The
    handle owns the arrays.

    ```mlir
    %h = array.csr_from_dense %d {index_bits = 32} : tensor<?x?xf32>
    ```
  }];
  let arguments = (ins AnyShaped:$dense, I64Attr:$index_bits);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = "$dense attr-dict `:` type($dense)";
}

def Array_CsrFromArraysOp : Array_CsrOp<"csr_from_arrays"> {
  let summary = "A CSR matrix over its three arrays (`scipy.sparse."
                "csr_matrix((data, indices, indptr), shape)`).";
  let description = [{
    `indptr` (`rows + 1` row offsets), `indices` (column indices) and
    `data` (values, f16, bf16, f32 or f64) in device memory; `indices` and
    `indptr` have the same integer type, i32 or i64. The handle borrows the
    arrays: `array.csr_release` of the handle names them, so that they live
    as long as it. The runtime checks the sizes and `indptr[0] == 0`,
    `indptr[rows] == nnz` (two elements read back).

    ```mlir
    %h = array.csr_from_arrays %indptr, %indices, %data (%rows, %cols)
        : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
    ```
  }];
  let arguments = (ins AnyShaped:$indptr,
                       AnyShaped:$indices,
                       AnyShaped:$data, Index:$rows,
                       Index:$cols);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = [{
    $indptr `,` $indices `,` $data ` ` `(` $rows `,` $cols `)` attr-dict `:`
    type($indptr) `,` type($indices) `,` type($data)
  }];
}

def Array_CsrLoadMtxOp : Array_CsrOp<"csr_load_mtx"> {
  let summary = "A CSR matrix read from a Matrix Market file and uploaded.";
  let description = [{
    Reads `path` on the host as `array.load_mtx` does (malformed files stop
    the program naming the line), builds the CSR arrays (`index_bits` 32 or
    64, `element` f16, bf16, f32 or f64) and copies them to device memory
    on the op's stream. The handle owns the arrays.

    ```mlir
    %h = array.csr_load_mtx "a.mtx" {element = f64, index_bits = 32}
    ```
  }];
  let arguments = (ins StrAttr:$path, TypeAttr:$element, I64Attr:$index_bits);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = "$path attr-dict";
}

def Array_CsrSpgemmOp : Array_CsrDerivedOp<"csr_spgemm"> {
  let summary = "The CSR product of two CSR handles (cuSPARSE SpGEMM).";
  let description = [{
    `A @ B` into a new handle that owns its arrays (from the memory pool,
    the index width and element type of `A`); the host waits for the
    result's number of entries. `A`'s columns must be `B`'s rows and both
    must have one element type and index width (checked at run time).

    ```mlir
    %c = array.csr_spgemm %a, %b
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$a, Array_CsrHandleType:$b);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = "$a `,` $b attr-dict";
}

def Array_CsrTransposeOp : Array_CsrDerivedOp<"csr_transpose"> {
  let summary = "The transpose of a CSR handle, as a new CSR handle "
                "(cuSPARSE csr2csc).";
  let description = [{
    A new handle that owns its arrays (from the memory pool): `A`'s CSC
    arrays, which are the CSR arrays of its transpose. `A` needs 32-bit
    indices (checked at run time; `array-reject-sparse` rejects other
    widths first).

    ```mlir
    %t = array.csr_transpose %h
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$a);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = "$a attr-dict";
}

def Array_CsrSddmmOp : Array_CsrOp<"csr_sddmm"> {
  let summary = "The sampled product `alpha * (A @ B) + beta * S` at S's "
                "pattern, as a new CSR handle (cuSPARSE SDDMM).";
  let description = [{
    A new handle with `S`'s row offsets and column indices (copied) and
    values `alpha * (A @ B)[i, j] + beta * S[i, j]`; `a` (`M x K`) and `b`
    (`K x N`) are row-major dense matrices of S's element type; S's values
    are read only when `beta` is not 0.

    ```mlir
    %r = array.csr_sddmm %s, %a, %b {alpha = 2.0 : f64}
        : tensor<?x?xf32>, tensor<?x?xf32>
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$s, AnyShaped:$a, AnyShaped:$b,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = [{
    $s `,` $a `,` $b attr-dict `:` type($a) `,` type($b)
  }];
}

def Array_CsrAddOp : Array_CsrDerivedOp<"csr_add"> {
  let summary = "The sum of two CSR handles, as a new CSR handle (cuSPARSE "
                "csrgeam2).";
  let description = [{
    A new handle that owns its arrays: the union of the operands' stored
    coordinates, with the sum where both store one (a sum cancelling to
    0.0 stays stored). Both need one size, element type and 32-bit indices
    (checked at run time); the host waits for the result's count.

    ```mlir
    %c = array.csr_add %a, %b
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$a, Array_CsrHandleType:$b);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = "$a `,` $b attr-dict";
}

def Array_CsrScaleOp : Array_CsrDerivedOp<"csr_scale"> {
  let summary = "A CSR handle times a scalar, as a new CSR handle (cuSPARSE "
                "csrgeam2 with an empty second matrix).";
  let description = [{
    A new handle with `A`'s pattern and `alpha` times its values; 32-bit
    indices (checked at run time).

    ```mlir
    %b = array.csr_scale %a {alpha = 2.5 : f64}
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$a, F64Attr:$alpha);
  let results = (outs Array_CsrHandleType:$handle);
  let assemblyFormat = "$a attr-dict";
}

def Array_CsrNnzOp : Array_CsrOp<"csr_nnz"> {
  let summary = "The number of stored elements of a CSR handle.";
  let description = [{
    Known on the host once the handle exists.

    ```mlir
    %n = array.csr_nnz %h
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$handle);
  let results = (outs Index:$result);
  let assemblyFormat = "$handle attr-dict";
}

class Array_CsrDpsOp<string mnemonic>
    : Array_CsrOp<mnemonic, [DestinationStyleOpInterface]> {
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() { return getInitMutable(); }
  }];
}

def Array_CsrSpmvOp : Array_CsrDpsOp<"csr_spmv"> {
  let summary = "`init = alpha * (A @ x) + beta * init` (cuSPARSE SpMV).";
  let description = [{
    `x` has A's columns, `init` A's rows, both of A's element type; `init`
    is read only when `beta` is not 0. On tensors the result is `init`'s
    tensor; on buffers there is none.

    ```mlir
    %y = array.csr_spmv %h, %x into %init {alpha = 2.0 : f64}
        : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$handle,
                       AnyShaped:$x,
                       AnyShaped:$init,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta);
  let assemblyFormat = [{
    $handle `,` $x `into` $init attr-dict `:` type($x) `,` type($init)
    (`->` type($result)^)?
  }];
}

def Array_CsrSpmmOp : Array_CsrDpsOp<"csr_spmm"> {
  let summary = "`init = alpha * (A @ B) + beta * init` (cuSPARSE SpMM).";
  let description = [{
    `b` is a row-major `K x N` matrix (K A's columns) and `init` `M x N`
    (M A's rows), both of A's element type; `init` is read only when
    `beta` is not 0.

    ```mlir
    %c = array.csr_spmm %h, %b into %init
        : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$handle,
                       AnyShaped:$b,
                       AnyShaped:$init,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta);
  let assemblyFormat = [{
    $handle `,` $b `into` $init attr-dict `:` type($b) `,` type($init)
    (`->` type($result)^)?
  }];
}

def Array_CsrToDenseOp : Array_CsrDpsOp<"csr_to_dense"> {
  let summary = "Writes a CSR handle's matrix into a dense one (cuSPARSE "
                "SparseToDense).";
  let description = [{
    `init` is the row-major `M x N` matrix of A's element type; every
    element is written.

    ```mlir
    %d = array.csr_to_dense %h into %init : tensor<?x?xf32> -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$handle,
                       AnyShaped:$init);
  let assemblyFormat = [{
    $handle `into` $init attr-dict `:` type($init) (`->` type($result)^)?
  }];
}

def Array_CsrReleaseOp : Array_CsrOp<"csr_release"> {
  let summary = "Frees a CSR handle after its last use.";
  let description = [{
    Destroys the handle's descriptors and frees what it owns, in stream
    order. `keep` lists the arrays a handle of `array.csr_from_arrays`
    borrows: the op reads them, so bufferization keeps their buffers alive
    (and unchanged) until here.

    ```mlir
    array.csr_release %h keep %indptr, %indices, %data
        : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
    ```
  }];
  let arguments = (ins Array_CsrHandleType:$handle,
                       Variadic<AnyShaped>:$keep);
  let assemblyFormat = [{
    $handle (`keep` $keep^ `:` type($keep))? attr-dict
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYCSROPS_TD
