//===- ArrayrtLibraryOps.td - cuBLASLt and cuSPARSE calls ---*- tablegen -*-===//
//
// The CUDA target's library forms: `array-gpu-matmul-to-blas` turns matrix
// products with their epilogue into `arrayrt.blas_matmul` (cuBLASLt), and
// `array-gpu-sparse` replaces every sparse matrix of a function by a
// `!arrayrt.csr_handle`, a matrix in GPU memory that the runtime holds (an
// `arrayrt_csr_t`: the three arrays and the cached cuSPARSE descriptors and
// work buffers), and the sparse ops by the CSR ops below. They take tensors
// before bufferization and buffers after (the products and
// `arrayrt.csr_to_dense` in destination style), and
// `convert-arrayrt-to-calls` turns each into one arrayrt call queued on the
// op's stream.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTLIBRARYOPS_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTLIBRARYOPS_TD

include "arrayc/Dialect/Arrayrt/IR/ArrayrtBase.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Arrayrt_CsrHandleType : Arrayrt_Type<"CsrHandle", "csr_handle"> {
  let summary = "runtime CSR matrix in GPU memory (arrayrt_csr_t)";
  let description = [{
    An `arrayrt_csr_t` (runtime/include/arrayrt/arrayrt.h): row offsets,
    column indices and values in device memory, owned by the handle or,
    for `arrayrt.csr_from_arrays`, borrowed from buffers that
    `arrayrt.csr_release` keeps alive, with the cuSPARSE descriptors and work
    buffers of its products. `array-gpu-sparse` creates it on the CUDA
    target; it never crosses a function boundary.
  }];
}

class Arrayrt_CsrOp<string mnemonic, list<Trait> traits = []>
    : Arrayrt_Op<mnemonic, !listconcat(traits,
          [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
           Arrayrt_StreamOrderedOpInterface])> {
  let hasVerifier = 1;
}

// A new handle computed from other handles only: nothing to verify beyond
// the operand types.
class Arrayrt_CsrDerivedOp<string mnemonic> : Arrayrt_CsrOp<mnemonic> {
  let hasVerifier = 0;
}

def Arrayrt_CsrFromDenseOp : Arrayrt_CsrOp<"csr_from_dense"> {
  let summary = "The CSR matrix of a dense matrix's nonzeros (cuSPARSE "
                "DenseToSparse).";
  let description = [{
    Counts the nonzeros of the dense f16, bf16, f32 or f64 matrix `dense`,
    allocates the CSR arrays (`index_bits` 32 or 64) from the memory pool
    and fills them, on the op's stream; the host waits for the count. The
    handle owns the arrays.

    ```mlir
    %h = arrayrt.csr_from_dense %d {index_bits = 32} : tensor<?x?xf32>
    ```
  }];
  let arguments = (ins AnyShaped:$dense, I64Attr:$index_bits,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = "$dense (`on` $stream^)? attr-dict `:` type($dense)";
}

def Arrayrt_CsrFromArraysOp : Arrayrt_CsrOp<"csr_from_arrays"> {
  let summary = "A CSR matrix over its three arrays (`scipy.sparse."
                "csr_matrix((data, indices, indptr), shape)`).";
  let description = [{
    `indptr` (`rows + 1` row offsets), `indices` (column indices) and
    `data` (values, f16, bf16, f32 or f64) in device memory; `indices` and
    `indptr` have the same integer type, i32 or i64. The handle borrows the
    arrays: `arrayrt.csr_release` of the handle names them, so that they live
    as long as it. The runtime checks the sizes and `indptr[0] == 0`,
    `indptr[rows] == nnz` (two elements read back).

    ```mlir
    %h = arrayrt.csr_from_arrays %indptr, %indices, %data (%rows, %cols)
        : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
    ```
  }];
  let arguments = (ins AnyShaped:$indptr,
                       AnyShaped:$indices,
                       AnyShaped:$data, Index:$rows,
                       Index:$cols,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = [{
    $indptr `,` $indices `,` $data ` ` `(` $rows `,` $cols `)` (`on` $stream^)? attr-dict `:`
    type($indptr) `,` type($indices) `,` type($data)
  }];
}

def Arrayrt_CsrLoadMtxOp : Arrayrt_CsrOp<"csr_load_mtx"> {
  let summary = "A CSR matrix read from a Matrix Market file and uploaded.";
  let description = [{
    Reads `path` on the host as `array.load_mtx` does (malformed files stop
    the program naming the line), builds the CSR arrays (`index_bits` 32 or
    64, `element` f16, bf16, f32 or f64) and copies them to device memory
    on the op's stream. The handle owns the arrays.

    ```mlir
    %h = arrayrt.csr_load_mtx "a.mtx" {element = f64, index_bits = 32}
    ```
  }];
  let arguments = (ins StrAttr:$path, TypeAttr:$element, I64Attr:$index_bits,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = "$path (`on` $stream^)? attr-dict";
}

def Arrayrt_CsrSpgemmOp : Arrayrt_CsrDerivedOp<"csr_spgemm"> {
  let summary = "The CSR product of two CSR handles (cuSPARSE SpGEMM).";
  let description = [{
    `A @ B` into a new handle that owns its arrays (from the memory pool,
    the index width and element type of `A`); the host waits for the
    result's number of entries. `A`'s columns must be `B`'s rows and both
    must have one element type and index width (checked at run time).

    ```mlir
    %c = arrayrt.csr_spgemm %a, %b
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$a, Arrayrt_CsrHandleType:$b,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = "$a `,` $b (`on` $stream^)? attr-dict";
}

def Arrayrt_CsrTransposeOp : Arrayrt_CsrDerivedOp<"csr_transpose"> {
  let summary = "The transpose of a CSR handle, as a new CSR handle "
                "(cuSPARSE csr2csc).";
  let description = [{
    A new handle that owns its arrays (from the memory pool): `A`'s CSC
    arrays, which are the CSR arrays of its transpose. `A` needs 32-bit
    indices (checked at run time; `array-reject-sparse` rejects other
    widths first).

    ```mlir
    %t = arrayrt.csr_transpose %h
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$a,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = "$a (`on` $stream^)? attr-dict";
}

def Arrayrt_CsrSddmmOp : Arrayrt_CsrOp<"csr_sddmm"> {
  let summary = "The sampled product `alpha * (A @ B) + beta * S` at S's "
                "pattern, as a new CSR handle (cuSPARSE SDDMM).";
  let description = [{
    A new handle with `S`'s row offsets and column indices (copied) and
    values `alpha * (A @ B)[i, j] + beta * S[i, j]`; `a` (`M x K`) and `b`
    (`K x N`) are row-major dense matrices of S's element type; S's values
    are read only when `beta` is not 0.

    ```mlir
    %r = arrayrt.csr_sddmm %s, %a, %b {alpha = 2.0 : f64}
        : tensor<?x?xf32>, tensor<?x?xf32>
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$s, AnyShaped:$a, AnyShaped:$b,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = [{
    $s `,` $a `,` $b (`on` $stream^)? attr-dict `:` type($a) `,` type($b)
  }];
}

def Arrayrt_CsrAddOp : Arrayrt_CsrDerivedOp<"csr_add"> {
  let summary = "The sum of two CSR handles, as a new CSR handle (cuSPARSE "
                "csrgeam2).";
  let description = [{
    A new handle that owns its arrays: the union of the operands' stored
    coordinates, with the sum where both store one (a sum cancelling to
    0.0 stays stored). Both need one size, element type and 32-bit indices
    (checked at run time); the host waits for the result's count.

    ```mlir
    %c = arrayrt.csr_add %a, %b
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$a, Arrayrt_CsrHandleType:$b,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = "$a `,` $b (`on` $stream^)? attr-dict";
}

def Arrayrt_CsrScaleOp : Arrayrt_CsrDerivedOp<"csr_scale"> {
  let summary = "A CSR handle times a scalar, as a new CSR handle (cuSPARSE "
                "csrgeam2 with an empty second matrix).";
  let description = [{
    A new handle with `A`'s pattern and `alpha` times its values; 32-bit
    indices (checked at run time).

    ```mlir
    %b = arrayrt.csr_scale %a {alpha = 2.5 : f64}
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$a, F64Attr:$alpha,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Arrayrt_CsrHandleType:$handle);
  let assemblyFormat = "$a (`on` $stream^)? attr-dict";
}

def Arrayrt_CsrNnzOp : Arrayrt_Op<"csr_nnz",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "The number of stored elements of a CSR handle.";
  let description = [{
    Known on the host once the handle exists.

    ```mlir
    %n = arrayrt.csr_nnz %h
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$handle);
  let results = (outs Index:$result);
  let assemblyFormat = "$handle attr-dict";
}

class Arrayrt_CsrDpsOp<string mnemonic>
    : Arrayrt_CsrOp<mnemonic, [DestinationStyleOpInterface]> {
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() { return getInitMutable(); }
  }];
}

def Arrayrt_CsrSpmvOp : Arrayrt_CsrDpsOp<"csr_spmv"> {
  let summary = "`init = alpha * (A @ x) + beta * init` (cuSPARSE SpMV).";
  let description = [{
    `x` has A's columns, `init` A's rows, both of A's element type; `init`
    is read only when `beta` is not 0. On tensors the result is `init`'s
    tensor; on buffers there is none.

    ```mlir
    %y = arrayrt.csr_spmv %h, %x into %init {alpha = 2.0 : f64}
        : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$handle,
                       AnyShaped:$x,
                       AnyShaped:$init,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta,
    Optional<Arrayrt_StreamType>:$stream);
  let assemblyFormat = [{
    $handle `,` $x `into` $init (`on` $stream^)? attr-dict `:` type($x) `,` type($init)
    (`->` type($result)^)?
  }];
}

def Arrayrt_CsrSpmmOp : Arrayrt_CsrDpsOp<"csr_spmm"> {
  let summary = "`init = alpha * (A @ B) + beta * init` (cuSPARSE SpMM).";
  let description = [{
    `b` is a row-major `K x N` matrix (K A's columns) and `init` `M x N`
    (M A's rows), both of A's element type; `init` is read only when
    `beta` is not 0.

    ```mlir
    %c = arrayrt.csr_spmm %h, %b into %init
        : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$handle,
                       AnyShaped:$b,
                       AnyShaped:$init,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "0.0">:$beta,
    Optional<Arrayrt_StreamType>:$stream);
  let assemblyFormat = [{
    $handle `,` $b `into` $init (`on` $stream^)? attr-dict `:` type($b) `,` type($init)
    (`->` type($result)^)?
  }];
}

def Arrayrt_CsrToDenseOp : Arrayrt_CsrDpsOp<"csr_to_dense"> {
  let summary = "Writes a CSR handle's matrix into a dense one (cuSPARSE "
                "SparseToDense).";
  let description = [{
    `init` is the row-major `M x N` matrix of A's element type; every
    element is written.

    ```mlir
    %d = arrayrt.csr_to_dense %h into %init : tensor<?x?xf32> -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$handle,
                       AnyShaped:$init,
    Optional<Arrayrt_StreamType>:$stream);
  let assemblyFormat = [{
    $handle `into` $init (`on` $stream^)? attr-dict `:` type($init) (`->` type($result)^)?
  }];
}

def Arrayrt_CsrReleaseOp : Arrayrt_CsrOp<"csr_release",
    [AttrSizedOperandSegments]> {
  let summary = "Frees a CSR handle after its last use.";
  let description = [{
    Destroys the handle's descriptors and frees what it owns, in stream
    order. `keep` lists the arrays a handle of `arrayrt.csr_from_arrays`
    borrows: the op reads them, so bufferization keeps their buffers alive
    (and unchanged) until here.

    ```mlir
    arrayrt.csr_release %h keep %indptr, %indices, %data
        : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
    ```
  }];
  let arguments = (ins Arrayrt_CsrHandleType:$handle,
                       Variadic<AnyShaped>:$keep,
    Optional<Arrayrt_StreamType>:$stream);
  let assemblyFormat = [{
    $handle (`keep` $keep^ `:` type($keep))? (`on` $stream^)? attr-dict
  }];
}

def Arrayrt_BlasMatmulOp : Arrayrt_Op<"blas_matmul", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DestinationStyleOpInterface, Arrayrt_StreamOrderedOpInterface]> {
  let summary = "A matrix product with a fused epilogue, computed by cuBLASLt "
                "on the CUDA target.";
  let description = [{
    `init = epilogue(alpha * op(lhs) @ op(rhs) + beta * init [+ bias])`
    (init is read only when `beta` is not 0), where op swaps
    the last two dimensions of `lhs` (of `rhs`) when `transpose_lhs`
    (`transpose_rhs`) is set: op(lhs) is `[..., M, K]`, op(rhs)
    `[..., K, N]` and `init` `[..., M, N]`. The batch dimensions (all but
    the last two) of each operand either equal the result's, right-aligned,
    or are all 1 (one matrix for every batch). `bias`, a vector of N
    elements, is added to every row. `epilogue` is `none`, `relu`
    (max(x, 0)) or `gelu_tanh` (the tanh approximation of GELU, which is
    what cuBLASLt's GELU epilogue computes; the erf form is never mapped to
    it). All operands have one element type: f16 and bf16 accumulate in
    f32, f32 in f32 (on TF32 tensor cores when `tf32` is set), f64 in f64.

    `array-gpu-matmul-to-blas` creates it from `array.matmul` and
    `array.dot` and the scaling, matrix add (`beta`), bias add and
    activation that follow them;
    it works on tensors (destination style: the result is `init`'s tensor)
    and, after bufferization, on buffers, where `convert-arrayrt-to-calls`
    lowers it to a call of `arrayrt_matmul`. With `host` (the CPU target:
    f32 and f64, no bias or activation) the operands are host memory and the
    runtime computes it with the CPU's BLAS (`cblas_sgemm`/`cblas_dgemm`).

    ```mlir
    %y = arrayrt.blas_matmul %a, %w bias %b : tensor<1024xbf16> into %init
        {epilogue = #arrayrt<epilogue gelu_tanh>, transpose_rhs}
        : tensor<64x4096xbf16>, tensor<1024x4096xbf16>, tensor<64x1024xbf16>
        -> tensor<64x1024xbf16>
    ```
  }];
  let arguments = (ins
    AnyShaped:$lhs, AnyShaped:$rhs, Optional<AnyShaped>:$bias,
    AnyShaped:$init,
    UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs,
    DefaultValuedAttr<Arrayrt_EpilogueAttr, "::mlir::arrayrt::Epilogue::none">:$epilogue,
    DefaultValuedAttr<F64Attr, "1.0">:$alpha,
    DefaultValuedAttr<F64Attr, "0.0">:$beta,
    UnitAttr:$tf32,
    UnitAttr:$host,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`bias` $bias^ `:` type($bias))? `into` $init (`on` $stream^)? attr-dict
    `:` type($lhs) `,` type($rhs) `,` type($init) (`->` type($result)^)?
  }];
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() { return getInitMutable(); }
  }];
  let hasVerifier = 1;
}

def Arrayrt_AttentionOp : Arrayrt_Op<"attention", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DestinationStyleOpInterface, Arrayrt_StreamOrderedOpInterface]> {
  let summary = "Fused scaled-dot-product attention, computed by cuDNN on "
                "the CUDA target.";
  let description = [{
    `init = softmax(mask(scale * query @ key^T)) @ value` for each batch
    matrix, the softmax over the last axis: `query` is `[..., Sq, D]`,
    `key` `[..., Sk, D]`, `value` `[..., Sk, Dv]` and `init` `[..., Sq, Dv]`;
    all four have one rank, the same batch dimensions and one element type,
    f16 or bf16 (the products accumulate, and the softmax runs, in f32).
    With `causal`, score `(i, j)` is kept when `j <= i` and is -inf
    otherwise. `init` is only written.

    `array-gpu-attention-to-dnn` creates it from the matmul, scale, mask,
    softmax and matmul ops a program writes; it works on tensors
    (destination style: the result is `init`'s tensor) and, after
    bufferization, on buffers, where `convert-arrayrt-to-calls` lowers it
    to a call of `arrayrt_attention`. The CUDA target only.

    ```mlir
    %o = arrayrt.attention %q, %k, %v into %init {causal, scale = 0.088388}
        : tensor<4x32x2048x128xf16>, tensor<4x32x2048x128xf16>,
          tensor<4x32x2048x128xf16>, tensor<4x32x2048x128xf16>
        -> tensor<4x32x2048x128xf16>
    ```
  }];
  let arguments = (ins
    AnyShaped:$query, AnyShaped:$key, AnyShaped:$value, AnyShaped:$init,
    F64Attr:$scale, UnitAttr:$causal,
    Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    $query `,` $key `,` $value `into` $init (`on` $stream^)? attr-dict
    `:` type($query) `,` type($key) `,` type($value) `,` type($init)
    (`->` type($result)^)?
  }];
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() { return getInitMutable(); }
  }];
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTLIBRARYOPS_TD
