//===- Passes.td - CPU code generation passes ------ -*- tablegen -*-===//

#ifndef ARRAYC_CODEGEN_CPU_PASSES_TD
#define ARRAYC_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ArrayRejectGpuKernels : Pass<"array-reject-gpu-kernels", "ModuleOp"> {
  let summary = "Refuse user CUDA kernels on the CPU target, with an error "
                "at each.";
  let description = [{
    `array.cuda_kernel` and `array.gpu_kernel` launch CUDA kernels, which
    the CPU target cannot run: each is an error at its location that says
    so and names the target that runs it. (A CPU twin of a kernel is the
    program's to write, in `array` ops, in a function of its own.) The
    first pass of the CPU pipeline.
  }];
}

def ArrayCpuOutlineKernels : Pass<"array-cpu-outline-kernels", "ModuleOp"> {
  let summary = "Give each kernel of a long function a function of its own "
                "on the CPU target.";
  let description = [{
    LLVM's code generator slows down much faster than the function it
    compiles grows (its two-address pass is quadratic in a function's
    registers: a program of 50,000 chained ops spent most of its compile
    time there). In a function with more than `min-kernels` linalg ops on
    buffers, each becomes a call of a private function of its own
    (`@<function>_kernel_<n>`, of internal linkage and marked `noinline`
    so that LLVM keeps them apart), which takes the op's operands and the values its body uses
    from above. Shorter functions keep their kernels inline, where LLVM
    sees which buffers are distinct. Run on bufferized code, before
    `convert-linalg-to-loops`.

    ```mlir
    // Before, in @main (with more than min-kernels such ops)
    linalg.generic ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {...}
    // After
    call @main_kernel_0(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
    func.func private @main_kernel_0(%arg0: memref<4xf32>, %arg1: memref<4xf32>)
        attributes {llvm.linkage = #llvm.linkage<internal>,
                    passthrough = ["noinline"]} {
      linalg.generic ins(%arg0 : memref<4xf32>) outs(%arg1 : memref<4xf32>) {...}
      return
    }
    ```
  }];
  let options = [
    Option<"minKernels", "min-kernels", "int64_t", "64",
           "Outline the kernels of functions with more than this many.">,
  ];
  let dependentDialects = ["func::FuncDialect", "LLVM::LLVMDialect"];
}

def ArraySparsify : Pass<"array-sparsify", "ModuleOp"> {
  let summary = "Sparsify and bufferize a module that has sparse matrices "
                "(upstream's sparsifier, codegen mode).";
  let description = [{
    When some value of the module has a `#sparse_tensor.encoding` (the
    sparse ops of ArraySparseOps.td lowered by `convert-array-to-linalg`),
    runs the bufferization steps of upstream's `sparsifier` pipeline in
    place of One-Shot Bufferize: `sparse-reinterpret-map` (CSC becomes a
    permuted CSR), `sparsification-and-bufferization` without the runtime
    support library (every sparse tensor becomes its positions,
    coordinates and values buffers and a storage specifier; the linalg ops
    with sparse operands become loops over the stored elements; dense ops
    bufferize as One-Shot Bufferize does, function boundaries included)
    and `expand-realloc` (the growing sparse buffers become alloc + copy,
    which buffer deallocation understands). A module without sparse
    tensors is left as it is, for the usual bufferization to take. The
    CPU pipeline runs it just before bufferization.

    ```mlir
    // Before
    %y = linalg.generic {... ["parallel", "reduction"]}
        ins(%A, %x : tensor<4x6xf32, #CSR>, tensor<6xf32>) outs(%z : tensor<4xf32>) {...}
    // After: scf.for over rows, scf.for over positions[i]..positions[i+1]
    ```
  }];
  let dependentDialects = [
    "arith::ArithDialect", "bufferization::BufferizationDialect",
    "linalg::LinalgDialect", "memref::MemRefDialect", "scf::SCFDialect",
    "sparse_tensor::SparseTensorDialect", "LLVM::LLVMDialect"
  ];
}

#endif // ARRAYC_CODEGEN_CPU_PASSES_TD
