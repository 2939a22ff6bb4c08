//===- Passes.td - array dialect conversion passes ---------*- tablegen -*-===//

#ifndef ARRAYC_CONVERSION_PASSES_TD
#define ARRAYC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertArrayToLinalg : Pass<"convert-array-to-linalg"> {
  let summary = "Lower array ops on tensors to linalg, tensor and arith ops.";
  let description = [{
    Turns every elementwise array op into one `linalg.generic` whose indexing
    maps implement NumPy broadcasting, `array.full` into `linalg.fill` and
    `array.constant` into `arith.constant`. Where two dynamic dimensions (or a
    dynamic and a static one) meet, a `cf.assert` checks at run time that they
    are equal and names the op in its message. `array.print`,
    `array.save_npy` and `array.load_npy` are left in place: they bufferize
    and are lowered by `convert-array-to-runtime`. `array.to_device` becomes
    `bufferization.alloc_tensor() copy(%x)` (a new buffer and one copy,
    which `array-gpu-device-memory` makes a host-to-device copy); the
    stream ops stay for `array-gpu-streams`. So are
    `array.range_push` and `array.range_pop`. The sparse ops become
    `sparse_tensor.convert` (`array.to_sparse`, `array.to_dense`),
    `sparse_tensor.number_of_entries` (`array.nnz`) and `linalg.generic`
    ops with a sparse operand (`out += alpha * (A * B)` into `beta * C` or
    zeros; a sparse output starts as an empty sparse tensor), which
    `array-sparsify` hands to upstream's sparsifier.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "bufferization::BufferizationDialect",
    "cf::ControlFlowDialect", "linalg::LinalgDialect",
    "math::MathDialect", "memref::MemRefDialect", "scf::SCFDialect",
    "sparse_tensor::SparseTensorDialect", "tensor::TensorDialect"
  ];
}

def ConvertArrayToRuntime : Pass<"convert-array-to-runtime", "ModuleOp"> {
  let summary = "Lower array ops on buffers to calls into the arrayrt runtime.";
  let description = [{
    Replaces `array.print` on a memref with a call to
    `arrayrt_print_<dtype>(rank, descriptor)` through an unranked memref,
    and each run-time check (`cf.assert`) with a call to
    `arrayrt_check_failed(message)` when it fails, which prints the message
    and exits with status 1 rather than aborting.

    The bufferized `.npy` ops become calls of the entry points that serve
    every dtype, `arrayrt_save_npy` (`array.save_npy`), `arrayrt_npy_shape`
    (`array.npy_shape`, through an `i64` buffer on the function's stack)
    and `arrayrt_load_npy` (`array.load_npy_into`), each given the path, the
    `arrayrt_dtype_t` code of the element type and the op's `file:line:col`
    as string constants (`llvm.mlir.global`); the buffer is passed as the
    `(rank, descriptor)` pair of its unranked memref, spelled out as
    `(i64, !llvm.ptr)` in the one declaration.

    `array.range_push`/`array.range_pop` become `arrayrt_range_push(name)`
    and `arrayrt_range_pop()` unless `lower-ranges=false`: the CUDA
    pipeline leaves them to `array-gpu-op-context`, after
    `array-gpu-streams`, which would otherwise synchronize with the GPU
    before each call.

    `array.blas_matmul` on buffers (device memory, on the CUDA target)
    becomes one call of `arrayrt_matmul` (cuBLASLt) with the four buffers'
    unranked descriptors (rank 0 and a null pointer for an absent bias),
    the dtype code, the `arrayrt_matmul_epilogue_t` code (`none`, `relu`,
    `gelu_tanh`, plus 3 with a bias), the transpose and TF32 flags, alpha,
    beta 0 and the op's location; the call returns once the product is
    done.

    Declares the runtime functions it calls. Except for `arrayrt_matmul`'s,
    the buffers must be in host
    memory: the CUDA pipeline stages device buffers through host copies
    first (`array-gpu-device-memory`).
  }];
  let options = [
    Option<"lowerRanges", "lower-ranges", "bool", "true",
           "Lower array.range_push/pop to runtime calls.">
  ];
  let dependentDialects = [
    "arith::ArithDialect", "func::FuncDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "scf::SCFDialect"
  ];
}

def ArrayCheckAllocations : Pass<"array-check-allocations", "ModuleOp"> {
  let summary = "Check each allocation's size before it is made, and name "
                "the op that makes a host allocation for the runtime.";
  let description = [{
    Sizes known only at run time (`array.full(%n)`, `tensor.empty`, a
    loaded file's shape) can be negative, or so large that the byte count
    wraps around 64 bits; either way the allocation then returns too little
    memory or none, and the program crashes or prints garbage. Before each
    `memref.alloc` and `gpu.alloc` of host code with dynamic sizes, this
    pass checks that every size is non-negative and that the byte count
    (element size times every size) fits in a signed 64-bit integer; if not,
    it calls `arrayrt_bad_allocation(label, element_bytes, rank, sizes)`,
    which prints the op, the shape and the reason and exits with status 1.
    A static shape whose byte count overflows is a compile-time error.

    Each `memref.alloc` (host memory) is preceded by
    `arrayrt_set_op(label, location, 0)`, so that when the runtime's
    allocator (`_mlir_memref_to_llvm_alloc`, used through
    `finalize-memref-to-llvm{use-generic-functions}`) cannot allocate, its
    message names the op; device allocations get theirs from
    `array-gpu-op-context`. Run after bufferization; on the CUDA target
    after `array-gpu-op-context`, whose runtime calls
    `array-gpu-streams` must not see.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "func::FuncDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "scf::SCFDialect"
  ];
}

#endif // ARRAYC_CONVERSION_PASSES_TD
