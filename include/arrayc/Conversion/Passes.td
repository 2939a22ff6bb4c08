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
    into their arrayrt forms. `array.range_push` and `array.range_pop`
    become `arrayrt.range_push` and `arrayrt.range_pop`, and arrayrt ops
    (library calls, file reads) stay. `array.to_device` becomes
    `bufferization.alloc_tensor() copy(%x)` (a new buffer and one copy,
    which `array-gpu-device-memory` makes a host-to-device copy); the
    stream ops stay for `array-gpu-streams`. The sparse ops become
    `sparse_tensor.convert` (`array.to_sparse`, `array.to_dense`),
    `sparse_tensor.number_of_entries` (`array.nnz`) and `linalg.generic`
    ops with a sparse operand (`out += alpha * (A * B)` into `beta * C` or
    zeros; a sparse output starts as an empty sparse tensor), which
    `array-sparsify` hands to upstream's sparsifier.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "arrayrt::ArrayrtDialect",
    "bufferization::BufferizationDialect",
    "cf::ControlFlowDialect", "linalg::LinalgDialect",
    "math::MathDialect", "memref::MemRefDialect", "scf::SCFDialect",
    "sparse_tensor::SparseTensorDialect", "tensor::TensorDialect"
  ];
}

def ConvertArrayrtToCalls : Pass<"convert-arrayrt-to-calls", "ModuleOp"> {
  let summary = "Lower arrayrt ops on buffers to calls into the arrayrt "
                "runtime: the one runtime lowering.";
  let description = [{
    Every call compiled code makes into the runtime comes from this pass,
    through one call builder whose ABI values (`arrayrt_dtype_t`, the
    epilogues and flags of `arrayrt_matmul`, the `.mtx` parts) come from
    `runtime/include/arrayrt/arrayrt.h`; it declares each runtime function
    it calls on first use. Buffers are passed as the `(rank, descriptor)`
    pair of their unranked memref (`(i64, !llvm.ptr)` in the declaration),
    strings (paths, names, the op's `file:line:col`) as `llvm.mlir.global`
    constants, streams, events and CSR handles as the runtime's pointers
    (behind unrealized casts that cancel once every op is lowered).

    - `arrayrt.print`: `arrayrt_print_<dtype>` of the unranked memref;
    - `arrayrt.save_npy`, `arrayrt.npy_shape` (through an `i64` buffer on
      the function's stack), `arrayrt.load_npy_into`: `arrayrt_save_npy`,
      `arrayrt_npy_shape`, `arrayrt_load_npy` (`npz` forms with a member,
      `_device` forms, which take the op's stream, for a device buffer);
    - `arrayrt.mtx_shape`, `arrayrt.read_mtx_into`: `arrayrt_mtx_shape`,
      `arrayrt_load_mtx`;
    - `arrayrt.blas_matmul`: `arrayrt_matmul` (cuBLASLt) with the four
      buffers (rank 0 and null for an absent bias), the dtype, the
      epilogue (its bias form with a bias), the transpose and TF32 flags,
      alpha, beta, the location and the op's stream;
    - `arrayrt.attention`: `arrayrt_attention` (cuDNN) with the four
      buffers, the dtype, the causal flag, the scale, the location and the
      op's stream;
    - the CSR ops: `arrayrt_csr_*`, each with the op's stream;
    - the stream and event ops: `arrayrt_default_stream`,
      `arrayrt_stream_create`, `arrayrt_event_record`, ...;
    - `arrayrt.range_push`/`range_pop`, `arrayrt.host_span_begin`/`end`,
      `arrayrt.set_op`, `arrayrt.bad_allocation`,
      `arrayrt.multiprocessor_count`: theirs;
    - `cf.assert` (a run-time check): `arrayrt_check_failed(message)` when
      it fails, which prints the message and exits with status 1 rather
      than aborting.

    Runs last before the LLVM conversions: on the CUDA target after
    `array-gpu-streams` and `array-gpu-op-context`, which work on arrayrt
    and gpu ops. Except for the stream-ordered ops' device forms, buffers
    must be in host memory.
  }];
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
    it stops at `arrayrt.bad_allocation` (`arrayrt_bad_allocation`), which
    prints the op, the shape and the reason and exits with status 1.
    A static shape whose byte count overflows is a compile-time error.

    Each `memref.alloc` (host memory) is preceded by an `arrayrt.set_op`
    (`arrayrt_set_op(label, location, 0)`), so that when the runtime's
    allocator (`_mlir_memref_to_llvm_alloc`, used through
    `finalize-memref-to-llvm{use-generic-functions}`) cannot allocate, its
    message names the op; device allocations get theirs from
    `array-gpu-op-context`. Run after bufferization, before
    `convert-arrayrt-to-calls`; on the CUDA target after
    `array-gpu-streams`, which must not take these checks for host work.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "arrayrt::ArrayrtDialect", "memref::MemRefDialect",
    "scf::SCFDialect"
  ];
}

def ArrayLoopStack : Pass<"array-loop-stack", "ModuleOp"> {
  let summary = "Release the stack space a host loop's iteration uses at the "
                "end of the iteration.";
  let description = [{
    The lowerings to LLVM put what a call takes by pointer on the stack
    where the call is: a kernel launch's parameter array
    (`gpu-to-llvm`), the memref descriptors of a runtime call, a small
    `memref.alloca`. Inside a loop, each iteration took more stack that was
    never released: a loop of about 100,000 iterations with a kernel launch
    overflowed the 8 MiB stack. This pass puts the body of each `scf.for`
    and each region of each `scf.while` of host code that launches kernels,
    calls functions, makes stack allocations or copies memrefs (the ops
    whose lowering takes stack) between `llvm.intr.stacksave` at its start
    and `llvm.intr.stackrestore` before its terminator (not a
    `memref.alloca_scope`: its single block would not survive `scf` to
    `cf` inside it). A body that hands a stack allocation of its own to the
    next iteration is left as it is. Run before `convert-arrayrt-to-calls`
    and the lowering of `scf` to `cf`.
  }];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

def ArrayGraphWhile : Pass<"array-graph-while", "ModuleOp"> {
  let summary = "Run a while loop whose test is on the device as one CUDA "
                "graph loop, without a host wait per iteration.";
  let description = [{
    Rewrites each host `scf.while` that
    - carries no values (`array-while-in-place` keeps a solver's arrays in
      their buffers, and canonicalization drops the unchanged arguments),
    - reads its test as compiled code does for a device `i1`: a host
      buffer filled by a `gpu.memcpy` from a device buffer, an
      `arrayrt.stream_synchronize`, a `memref.load` that is the condition,
    - and otherwise queues device work (at least one operation in its
      body) on one stream defined outside the loop, waits for nothing,
      loads or writes no host memory (but scratch allocas of its own),
      copies no host buffers and calls no function (so that running its
      host code once does what each iteration would),

    into: the condition region once, as it was (the host sees the first
    test), and if it holds, a loop whose iteration is a graph region
    (`arrayrt.graph_begin`, the body, the condition region's device work,
    `arrayrt.graph_while_end` with the device test). When
    `arrayrt.graph_while_end` launched the rest of the loop on the device
    (a CUDA graph with a conditional WHILE node), the loop ends for the
    host; otherwise the iteration was queued as an ordinary region and the
    host reads the test, as before.

    ```mlir
    scf.while : () -> () {
      %t = gpu.alloc async [%tok] () : memref<i1>
      gpu.launch_func async [%tok] @k::@test args(..., %t : memref<i1>)
      %h = memref.alloc() : memref<i1>
      gpu.memcpy async [%tok] %h, %t : memref<i1>, memref<i1>
      arrayrt.stream_synchronize %s
      %c = memref.load %h[] : memref<i1>
      memref.dealloc %h : memref<i1>
      scf.condition(%c)
    } do { <body> scf.yield }
    // becomes
    <the condition region with its read> -> %c0
    scf.if %c0 {
      scf.while : () -> () {
        arrayrt.graph_begin "main: scf.while at cg.mlir:30:5" on %s
        <body>
        %t = gpu.alloc ...; gpu.launch_func ... @k::@test
        %ran = arrayrt.graph_while_end "main: scf.while at cg.mlir:30:5"
            on %s test %t : memref<i1>
        %again = scf.if %ran -> (i1) { false } else { <the read of %t> }
        scf.condition(%again)
      } do { scf.yield }
    }
    ```

    Run after `array-gpu-streams`, before `array-graph-regions` (CUDA
    target).
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect", "scf::SCFDialect",
                           "arith::ArithDialect"];
}

def ArrayGraphRegions : Pass<"array-graph-regions", "ModuleOp"> {
  let summary = "Make the body of each host loop that queues device work a "
                "graph region, replayed by the runtime as a CUDA graph.";
  let description = [{
    Puts the body of each `scf.for` and the `do` region of each `scf.while`
    of host code between `arrayrt.graph_begin` and `arrayrt.graph_end` on
    the stream its device work is queued on, when that body queues at least
    two device operations (kernel launches, device copies and memsets,
    stream-ordered library calls; a nested loop's count as many) on one
    stream defined outside the loop and makes the host wait for none of
    them (`arrayrt.stream_synchronize`, `arrayrt.event_synchronize`, a
    blocking `gpu.wait`, printing, saving or reading files). The runtime
    records each run of the body and launches it as one CUDA graph,
    replayed while the kernels, parameters and pointers repeat; what it
    cannot record (a copy to the host, say) runs as it would without the
    region (arrayrt/program.h). Loops nested in a region are part of it;
    an ineligible loop's nested loops are looked at in turn. A `while`
    loop's condition region, which reads its test on the host, stays
    outside. Run after `array-gpu-streams`, before
    `convert-arrayrt-to-calls` (CUDA target).
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect"];
}

def ArrayMarkExports : Pass<"array-mark-exports", "ModuleOp"> {
  let summary = "Record the ABI signature of each function the compiled "
                "artifact exports.";
  let description = [{
    Runs first, while functions take and return tensors. With
    `kind=entry` (an executable) it marks `@main`; with `kind=library` (a
    shared library) every public `func.func` with a body. Each gets
    `arrayrt.export = #arrayrt.export<...>`: the kind, the C name prefix
    (libraries), the signature and the arguments' names (each argument's
    `arrayrt.name`, which arrayc sets from its SSA name in the source and
    this pass removes; else `arg<i>`).

    An exported function takes ranked tensors (of bool, integer or float
    elements, no sparse encoding) and scalars (bool, integer, float,
    index), and returns ranked tensors. Anything else is an error at the
    function naming the argument or result, what it is and what the ABI
    takes; so are library function names that are not C identifiers and C
    names that collide (`f` and `f_into`).

    ```mlir
    // array-opt --array-mark-exports='kind=library prefix=prog'
    func.func @scale(%x: tensor<?xf32>, %s: f32) -> tensor<?xf32>
    // becomes
    func.func @scale(%x: tensor<?xf32>, %s: f32) -> tensor<?xf32>
        attributes {arrayrt.export = #arrayrt.export<kind = library,
          prefix = "prog", signature = (tensor<?xf32>, f32) -> tensor<?xf32>,
          arg_names = ["arg0", "arg1"]>}
    ```

    A library's tensor arguments also get `bufferization.writable = false`:
    they are the caller's arrays, which bufferization then copies before
    writing one in place.
  }];
  let options = [
    Option<"kind", "kind", "std::string", "\"entry\"",
           "entry (an executable's @main) or library (every public "
           "function)">,
    Option<"prefix", "prefix", "std::string", "\"\"",
           "The prefix of a library's C names (<prefix>_<function>)">,
  ];
  let dependentDialects = ["arrayrt::ArrayrtDialect",
                           "bufferization::BufferizationDialect"];
}

def ArrayExportAbi : Pass<"array-export-abi", "ModuleOp"> {
  let summary = "Emit the signature tables, packed entry points and C "
                "functions of exported functions.";
  let description = [{
    Runs last, on the LLVM dialect. For each `llvm.func` with an
    `arrayrt.export` (runtime/include/arrayrt/abi.h has the layouts):

    - `__arrayc_packed_<f>(ptr args, ptr results)`: loads each argument
      from `args[i]` (a memref descriptor, or a scalar's value), calls the
      function and stores each result descriptor at `results[j]`;
    - its `arrayrt_abi_function_t`: names, dtypes, ranks, static shapes,
      flags (`cuda`: tensors on the GPU; a library function is stream
      ordered), the packed entry point.

    An entry point's table is the global `arrayc_program`, which the
    executable's C main (libarrayrt_main.a) hands to `arrayrt_run_main`.
    A library gets its `arrayrt_abi_module_t` and, per function `f`, the C
    functions `<prefix>_f(args..., DLManagedTensor **results..., void
    *stream)` and `<prefix>_f_into(args..., DLTensor *results..., void
    *stream)`, plus `<prefix>_call`, `<prefix>_module`,
    `<prefix>_last_error` and `<prefix>_stream_wait`, each a call of the
    runtime's `arrayrt_abi_*` (declared here: these are the only runtime
    calls made after convert-arrayrt-to-calls). A tensor argument is a
    `const DLTensor *`, a scalar its C type (bool, intN_t, float, double;
    f16 and bf16 as uint16_t bits).
  }];
  let options = [
    Option<"cuda", "cuda", "bool", "false",
           "Tensors live in GPU memory (the cuda target)">,
  ];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

def ArrayExportResultBuffers
    : Pass<"array-export-result-buffers", "ModuleOp"> {
  let summary = "Let a library function compute its results in the "
                "caller's tensors.";
  let description = [{
    In each function a shared library exports (`arrayrt.export` of kind
    `library`) that nothing in the module calls, the `gpu.alloc` of each
    returned buffer becomes an `arrayrt.result_alloc` naming the result:
    called through `<prefix>_<f>_into` (Python's `out=`), the runtime then
    hands the function the caller's tensor for that result when it can be
    written in place, and the result is computed there instead of in a pool
    block copied afterwards. Only allocations of the function's entry block
    (made once per call) that the function returns directly, on a stream,
    are rewritten; a buffer returned twice is rewritten for its first
    result. The allocation's async token is replaced by its dependency: an
    allocation queues no work.

    ```mlir
    %y, %t = gpu.alloc async [%s] (%n) : memref<?xf32>
    ...
    return %y : memref<?xf32>
    // becomes
    %y = arrayrt.result_alloc(%n) result 0 on %stream : memref<?xf32>
    ```

    Run on the CUDA target after `array-gpu-streams` and
    `array-check-allocations` (which checks the sizes before the
    allocation), before `convert-arrayrt-to-calls`.
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect"];
}

def ArrayShardPartition : Pass<"array-shard-partition", "ModuleOp"> {
  let summary = "Split a sharded program into one process's part (upstream "
                "sharding propagation and partitioning).";
  let description = [{
    A program is sharded when it declares a grid of processes
    (`shard.grid`) and says, with `shard.shard`, how some of its arrays are
    split over it. After `convert-array-to-linalg`, this pass checks the
    grids (static shapes, one number of processes for the whole program)
    and runs upstream's `linalg-fold-unit-extent-dims` (a `keepdims`
    broadcast reads through a constant index, which has no sharding),
    `sharding-propagation` and `shard-partition` on every function: each
    process then computes on its part of each sharded array, and `shard`
    collectives (`all_reduce` of partial reductions, `all_gather` before
    an array is printed or saved, `all_slice` after it is loaded) exchange
    what the parts need. The array I/O ops and constants work on whole,
    replicated arrays (their `ShardingInterface` models).

    Around upstream's passes: a `shard.shard` of a value stands for all
    its uses; the body of an `scf.for` is outlined into a function,
    partitioned with the loop's carried arrays split as their initial
    values are (the arrays the body reads from above become carried ones),
    and inlined back; an op that reads its element indices
    (`linalg.index`: arange, eye) gets the offset of the process's part
    added to the indices of split dimensions. Programs without a grid are
    left as they are.

    ```mlir
    shard.grid @ranks(shape = 2) {sym_visibility = "private"}
    func.func @main() {
      %x = array.load_npy "x.npy" : tensor<8xf32>
      %s = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
      %xs = shard.shard %x to %s : tensor<8xf32>
      ...
    ```
  }];
  let options = [
    Option<"processes", "processes", "int64_t", /*default=*/"0",
           "The number of processes a grid of dynamic size (`shape = ?`, "
           "or one `?` among static sizes) runs on; 0: such a grid is an "
           "error">
  ];
  let dependentDialects = ["shard::ShardDialect", "tensor::TensorDialect",
                           "scf::SCFDialect", "arith::ArithDialect",
                           "func::FuncDialect", "array::ArrayDialect"];
}

def ArrayShardToArrayrt : Pass<"array-shard-to-arrayrt", "ModuleOp"> {
  let summary = "Lower the shard collectives of a partitioned program to "
                "arrayrt's, and print and save from process 0.";
  let description = [{
    After `array-shard-partition`, on tensors: `shard.all_reduce` becomes
    `arrayrt.all_reduce` on a copy of its operand, `shard.all_gather`
    `arrayrt.all_gather` (stacked by process, then moved to the gather
    axis and collapsed into it), `shard.all_slice` this process's slice
    (`tensor.extract_slice`, no communication), `shard.all_to_all` an
    `all_gather` along its concat axis then this process's slice along its
    split axis, `shard.reduce_scatter` an `all_reduce` then this process's
    slice, the process index ops `arrayrt.process_index` (delinearized over
    the grid), `shard.grid_shape` constants. Collectives over part of a
    grid's axes, and the others (`broadcast`, `update_halo`, ...), are
    errors at the op. A size that does not divide by the processes it is
    split over is an error (at compile time for static sizes). Each
    `array.print` and `array.save_npy` runs on process 0 only. The grids
    go.

    ```mlir
    // Before
    %sum = shard.all_reduce %partial on @ranks grid_axes = [0] : tensor<f64> -> tensor<f64>
    // After
    %buffer = bufferization.to_buffer %partial : tensor<f64> to memref<f64>
    %copy = memref.alloc() : memref<f64>
    memref.copy %buffer, %copy : memref<f64> to memref<f64>
    arrayrt.all_reduce %copy, sum of 2 : memref<f64>
    %sum = bufferization.to_tensor %copy restrict writable : memref<f64> to tensor<f64>
    ```
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect",
                           "bufferization::BufferizationDialect",
                           "memref::MemRefDialect", "tensor::TensorDialect",
                           "linalg::LinalgDialect", "scf::SCFDialect",
                           "affine::AffineDialect", "arith::ArithDialect",
                           "cf::ControlFlowDialect"];
}

def ArrayRejectSparse : Pass<"array-reject-sparse", "ModuleOp"> {
  let summary = "Stop with a precise error at the first sparse matrix the "
                "CUDA target cannot lower yet.";
  let description = [{
    Runs first in the CUDA pipeline, before `array-gpu-sparse`, and reports
    the first op that uses sparse matrices in a way that pass does not
    lower, naming the op, what is unsupported and the target, instead of
    failing somewhere in bufferization or kernel mapping. Supported: CSR
    matrices (f32 or f64 values, 32- or 64-bit indices) made by
    `array.to_sparse` of a dense matrix, `array.csr_matrix` or
    `array.load_mtx` or `array.spgemm`, and used by `array.spmv`,
    `array.spmm`, `array.spgemm`, `array.to_dense`, `array.nnz` and
    `tensor.dim`, outside
    `array.on_stream` regions and function signatures.

    ```
    prog.mlir:7:8: error: 'array.sparse_add' op is not supported on the CUDA
    target yet; compile with --target=cpu
    prog.mlir:3:8: error: 'array.to_sparse' op makes a CSC matrix; the CUDA
    target supports CSR only yet (compile with --target=cpu)
    ```
  }];
}

def ArrayGpuSparse : Pass<"array-gpu-sparse", "func::FuncOp"> {
  let summary = "Turn CSR matrices into runtime handles and the sparse ops "
                "into cuSPARSE calls (CUDA target).";
  let description = [{
    After `array-reject-sparse`, before `convert-array-to-linalg`: every CSR
    matrix becomes a `!arrayrt.csr_handle` with its sizes as index values, and

    - `array.to_sparse` of a dense matrix: `arrayrt.csr_from_dense`
      (cuSPARSE DenseToSparse);
    - `array.csr_matrix`: `arrayrt.csr_from_arrays` over the three arrays
      (borrowed, no copy);
    - `array.load_mtx`: `arrayrt.mtx_shape` and `arrayrt.csr_load_mtx` (read
      on the host, uploaded), with the static sizes checked;
    - `array.spgemm`: `arrayrt.csr_spgemm` of the two handles (cuSPARSE
      SpGEMM, a new handle);
    - `array.spmv` / `array.spmm`: `arrayrt.csr_spmv` / `arrayrt.csr_spmm`
      into `y` / `C` when `beta` is not 0, else into a `tensor.empty`;
    - `array.to_dense`: `arrayrt.csr_to_dense` into a `tensor.empty`;
    - `array.nnz`: `arrayrt.csr_nnz`; `tensor.dim`: the recorded size.

    Each handle is released (`arrayrt.csr_release`, naming the arrays a
    borrowed one needs) after the op of its block that holds its last use.

    ```mlir
    // Before
    %a = array.to_sparse %d : tensor<?x?xf32> -> tensor<?x?xf32, #CSR>
    %y = array.spmv %a, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    // After
    %h = arrayrt.csr_from_dense %d {index_bits = 32 : i64} : tensor<?x?xf32>
    %rows = tensor.dim %d, %c0 : tensor<?x?xf32>
    %init = tensor.empty(%rows) : tensor<?xf32>
    %y = arrayrt.csr_spmv %h, %x into %init : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    arrayrt.csr_release %h
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "arrayrt::ArrayrtDialect",
                           "cf::ControlFlowDialect",
                           "tensor::TensorDialect"];
}

def ArrayGpuMatmulToBlas : Pass<"array-gpu-matmul-to-blas", "func::FuncOp"> {
  let summary = "Turn matrix products and the scaling, bias and activation "
                "after them into cuBLASLt calls with fused epilogues.";
  let description = [{
    For the CUDA target, before `convert-array-to-linalg`: each
    `array.matmul` (both operands of rank 2 or more) and 2-D `array.dot`
    whose operands and result share one element type among f16, bf16, f32
    and f64 becomes an `arrayrt.blas_matmul`, which bufferizes and is lowered
    to a call of `arrayrt_matmul` (cuBLASLt) by `convert-arrayrt-to-calls`.
    Other products (integers, mixed types, vectors, batch dimensions that
    broadcast only partly) keep the linalg lowering.

    An `array.transpose` of an operand that swaps its last two dimensions
    is folded into the call's transpose flag instead of being materialized.
    Then, for f16, bf16 and f32, the ops that follow the product, each the
    only user of the value before it, are folded in order:

    - a product or quotient with a scalar constant (`array.mul`/`array.div`
      by an `array.full` or splat constant of rank 0): `alpha`;
    - the addition of a vector of the result's last size (a bias added to
      every row): cuBLASLt's BIAS epilogue;
    - `array.maximum` with the constant 0 (ReLU): the RELU epilogue;
    - the tanh form of GELU written with array ops,
      `0.5 * x * (1 + tanh(0.7978845608 * (x + 0.044715 * x^3)))` (the
      products in any order, `x^3` as `x * x * x` or `array.power x, 3`):
      the GELU epilogue, which computes this approximation.

    The erf form of GELU, `0.5 * x * (1 + erf(x / sqrt(2)))`, is not the
    epilogue's function and stays an elementwise kernel after the call (the
    bias still fused); like every other elementwise consumer, it is fused
    into one kernel by `array-fuse-elementwise`. float32 products use TF32
    tensor cores when the op says `precision = "tf32"` or with `tf32`.

    ```mlir
    // Before
    %p = array.matmul %a, %w : (tensor<64x256xbf16>, tensor<256x128xbf16>) -> tensor<64x128xbf16>
    %y = array.add %p, %bias : (tensor<64x128xbf16>, tensor<128xbf16>) -> tensor<64x128xbf16>
    %r = array.maximum %y, %zero : (tensor<64x128xbf16>, tensor<bf16>) -> tensor<64x128xbf16>
    // After
    %init = tensor.empty() : tensor<64x128xbf16>
    %r = arrayrt.blas_matmul %a, %w bias %bias : tensor<128xbf16> into %init
        {epilogue = #arrayrt<epilogue relu>} : tensor<64x256xbf16>, tensor<256x128xbf16>,
        tensor<64x128xbf16> -> tensor<64x128xbf16>
    ```
  }];
  let options = [
    Option<"tf32", "tf32", "bool", "false",
           "Compute every float32 product on TF32 tensor cores.">,
    Option<"host", "host", "bool", "false",
           "The CPU target: float32 and float64 products only, with their "
           "scaling and added matrix (no bias or activation), for the "
           "CPU's BLAS (arrayrt.blas_matmul's host).">,
  ];
  let dependentDialects = ["arrayrt::ArrayrtDialect", "tensor::TensorDialect"];
}

def ArrayGpuAttentionToDnn : Pass<"array-gpu-attention-to-dnn",
                                  "func::FuncOp"> {
  let summary = "Turn attention blocks (matmul, scale, causal mask, softmax, "
                "matmul) into one fused cuDNN attention call.";
  let description = [{
    For the CUDA target, before `array-gpu-matmul-to-blas`: the ops a
    program writes for scaled-dot-product attention,

    ```
    s = q @ k^T            (array.matmul; k^T an array.transpose of the
                            last two axes of k)
    s = s * c | s / c      (scalar constants, any number, none too)
    s = where(i >= j, s, -inf)      (optional causal mask)
    p = exp(s - max(s)) / sum(exp(s - max(s)))   (over the last axis)
    o = p @ v
    ```

    with `array.astype` between float types allowed on the way (the scores
    widened to f32 for the softmax, the probabilities cast back), become
    one `arrayrt.attention`, lowered to a call of `arrayrt_attention`
    (cuDNN's fused flash attention, loaded at run time). The causal mask
    is recognized when its condition compares a row index with a column
    index, each an `array.arange` from 0 by 1 over the scores' last two
    axes (reshaped or expanded to a column and a row):
    `i >= j`, `j <= i`, or the inverse condition `j > i` / `i < j` with
    the -inf in the `where`'s other branch (-inf, or a constant at or
    below -1e30).

    Taken only when it computes the same function: q, k and v share one
    element type, f16 or bf16, one rank and the same batch dimensions; the
    head sizes D and Dv are static multiples of 8 up to 256; every
    intermediate value is used only inside the block. Any other block
    (f32 inputs, another mask, a softmax over another axis) keeps the
    unfused lowering: cuBLASLt products and a row kernel.

    ```mlir
    // After
    %init = tensor.empty() : tensor<4x32x2048x128xf16>
    %o = arrayrt.attention %q, %k, %v into %init {causal, scale = 0.088388}
        : tensor<4x32x2048x128xf16>, tensor<4x32x2048x128xf16>,
          tensor<4x32x2048x128xf16>, tensor<4x32x2048x128xf16>
        -> tensor<4x32x2048x128xf16>
    ```
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect", "tensor::TensorDialect"];
}

#endif // ARRAYC_CONVERSION_PASSES_TD
