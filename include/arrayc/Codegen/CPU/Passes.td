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

def ArrayCpuReductionLoops
    : Pass<"array-cpu-reduction-loops", "func::FuncOp"> {
  let summary = "Reductions on buffers to loops that keep their partial "
                "results in registers.";
  let description = [{
    `convert-linalg-to-loops` turns a reduction into loops that load the
    partial result from its buffer and store it back at every step: LLVM
    cannot keep it in a register (it cannot tell that the result buffer is
    not one of the inputs), so the loop is bound by the latency of one
    addition per element and is never vectorized. A `linalg.generic` on
    buffers whose parallel dimensions all come before its reduction
    dimensions, and whose results are indexed by parallel dimensions only
    (row sums, row maxima, whole-array sums, dot products), becomes instead

    ```mlir
    scf.parallel (parallel dimensions) {
      %init = memref.load %out[...]
      %r = scf.for (reduction dimensions) iter_args(%acc = %init) {
        ... the op's body, %acc for the result ...
      }
      memref.store %r, %out[...]
    }
    ```

    The operation that combines an element with the partial result
    (`arith.addf`, `arith.mulf`, `arith.maximumf`, ...) gets the `reassoc`
    fast-math flag, which lets LLVM's loop vectorizer keep several partial
    results in a vector register (summation order changes as it does with
    NumPy's pairwise sums; the result is deterministic for a given
    executable). A long whole-array reduction whose combiner has a neutral
    element is cut into at most 32 parts of its first loop, each reduced
    from the neutral element in an `scf.parallel` (threads, after
    `array-cpu-parallel-loops`), then combined in order: the same result
    on any number of threads.

    Named reductions (`linalg.matmul`, `linalg.matvec`, ...) are
    generalized first. A contraction whose output's last dimension is an
    input's last dimension too (a matrix product, C[i, j] += A[i, k] *
    B[k, j]) is reordered instead: the other parallel dimensions, the
    reduction dimensions, then that one, so that the innermost loop runs
    along rows of B and C (contiguous, vectorized) rather than down
    columns of B; it is left to `convert-linalg-to-parallel-loops`, as are
    other linalg ops.
  }];
  let dependentDialects = ["scf::SCFDialect", "memref::MemRefDialect",
                           "affine::AffineDialect", "arith::ArithDialect"];
}

def ArrayCpuParallelLoops : Pass<"array-cpu-parallel-loops", "ModuleOp"> {
  let summary = "Outermost parallel loops to OpenMP worksharing loops, "
                "with a grain size.";
  let description = [{
    Runs after `convert-linalg-to-parallel-loops` and
    `array-cpu-reduction-loops`. Each outermost `scf.parallel` becomes an
    `omp.parallel` with an `omp.wsloop` (static schedule: each thread gets
    one contiguous range), and every `scf.parallel` nested in it becomes
    `scf.for` loops. Which dimensions the threads share:

    - dimensions of one iteration are dropped;
    - a loop whose body is straight-line code (an elementwise kernel)
      keeps its innermost dimension in each thread, as an `scf.for` that
      LLVM vectorizes; a one-dimensional one is cut into chunks of
      `chunk` iterations, the threads sharing the chunks;
    - the rest are shared (collapsed when there are several).

    Small loops stay on one thread: the work of a loop is its iteration
    count times the iteration counts of the loops inside it whose bounds
    are known outside it. A loop whose work is known to be below `grain`
    stays an `scf.for` nest; otherwise the `omp.parallel` gets an `if`
    clause (`work >= grain`) when the work is only known at run time. The
    number of threads is OpenMP's (`OMP_NUM_THREADS`, or
    `ARRAYC_NUM_THREADS`, which the runtime reads at start-up). Each
    thread's share is a profiling span (`arrayrt.host_span_begin/end`,
    named after the loop's op), so that `ARRAYRT_TRACE` shows a track per
    thread.
  }];
  let options = [
    Option<"grain", "grain", "int64_t", "65536",
           "Loops with less work than this many innermost iterations run "
           "on one thread.">,
    Option<"chunk", "chunk", "int64_t", "4096",
           "Iterations per chunk of a one-dimensional elementwise loop.">,
  ];
  let dependentDialects = ["omp::OpenMPDialect", "scf::SCFDialect",
                           "arrayrt::ArrayrtDialect",
                           "arith::ArithDialect"];
}

def ArrayCpuApproximateMath : Pass<"array-cpu-approximate-math"> {
  let summary = "float32 exp, log, tanh and erf as polynomials LLVM can "
                "vectorize.";
  let description = [{
    A call of the C library's `expf` in a loop keeps LLVM's loop
    vectorizer from vectorizing it. Upstream's polynomial approximations
    (`populateMathPolynomialApproximationPatterns`) replace `math.exp`,
    `math.expm1`, `math.log`, `math.log1p`, `math.log2`, `math.tanh`,
    `math.erf` and `math.erfc` on float32 with range reduction and
    polynomials in arith ops (float16 and bfloat16 ones through float32),
    within a few ulp of the C library and exact at infinities and NaN.
    Trigonometric functions keep the C library, whose range reduction is
    exact for large arguments; float64 ones too.
  }];
  let dependentDialects = ["arith::ArithDialect", "math::MathDialect",
                           "vector::VectorDialect", "LLVM::LLVMDialect"];
}

def ArrayCpuExpandArith : Pass<"array-cpu-expand-arith"> {
  let summary = "arith ops LLVM's x86 code generator lacks, as other arith "
                "ops; float32/float64 maxima left to LLVM.";
  let description = [{
    Upstream's `arith-expand` (with bfloat16) turns every `arith.maximumf`,
    `minimumf`, `maxnumf` and `minnumf` into a compare and selects, which
    LLVM's loop vectorizer does not recognize as a reduction: a row maximum
    ran one dependent compare per element. This pass expands what LLVM
    needs expanded (`ceildivsi`, `ceildivui`, `floordivsi`, bfloat16
    conversions) and the maxima and minima of types other than float32
    and float64 (float16, bfloat16), leaving float32/float64 ones to
    `llvm.maximum`/`llvm.maxnum`, which LLVM vectorizes.
  }];
  let dependentDialects = ["arith::ArithDialect"];
}

def ArrayCpuProfileSpans : Pass<"array-cpu-profile-spans", "func::FuncOp"> {
  let summary = "Bracket the host work of each array op with profiling "
                "spans named after the op.";
  let description = [{
    So that `ARRAYRT_PROFILE` and `ARRAYRT_TRACE` show where a CPU
    program's time goes, each piece of work of an op on buffers gets an
    `arrayrt.host_span_begin` before it and an `arrayrt.host_span_end`
    after it: each linalg op on buffers (a loop nest once lowered), each
    `memref.copy`, and each arrayrt op that calls the runtime to do work
    (`print`, `save_npy`, `npy_shape`, `load_npy_into`, `mtx_shape`,
    `read_mtx`, `read_mtx_into`, `blas_matmul`). The span's name is the
    label the CUDA target's profile gives the op's kernels (the array ops
    named in the location by `array-name-locations`, then its
    `file:line:col`: `array.exp @ prog.mlir:12:5`), the op's own name in
    front of the `file:line:col` when the location names no array op (the
    copy of a loop's `scf.yield`: `memref.copy @ prog.mlir:20:5`), the op's
    own name alone (`linalg.generic`) without a source location. Consecutive pieces of
    one op in a block (the fill and the reduction of an `array.sum`, the
    shape, allocation and read of an `array.load_npy`) share one span, as
    long as what lies between them has no region, calls no function and is
    no arrayrt op. Without profiling a span costs the program two calls
    that test a flag.

    The CPU pipeline runs it on bufferized code before
    `array-cpu-outline-kernels`, whose calls then sit between the markers,
    and before the linalg ops become loops.

    ```mlir
    // Before
    linalg.fill ins(%z : f32) outs(%s : memref<f32>) loc(#sum)
    linalg.generic {...} ins(%x : memref<8xf32>) outs(%s : memref<f32>) {...} loc(#sum)
    arrayrt.print %s : memref<f32> loc(#print)
    // After, with #sum = loc("array.sum"("prog.mlir":4:8))
    arrayrt.host_span_begin "array.sum @ prog.mlir:4:8"
    linalg.fill ins(%z : f32) outs(%s : memref<f32>)
    linalg.generic {...} ins(%x : memref<8xf32>) outs(%s : memref<f32>) {...}
    arrayrt.host_span_end
    arrayrt.host_span_begin "array.print @ prog.mlir:5:3"
    arrayrt.print %s : memref<f32>
    arrayrt.host_span_end
    ```
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect"];
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
