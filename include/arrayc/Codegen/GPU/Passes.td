//===- Passes.td - GPU code generation passes ------ -*- tablegen -*-===//

#ifndef ARRAYC_CODEGEN_GPU_PASSES_TD
#define ARRAYC_CODEGEN_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ArrayGpuCompileKernels : Pass<"array-gpu-compile-kernels", "ModuleOp"> {
  let summary = "Compile the CUDA C++ kernels of array.cuda_kernel ops with "
                "NVRTC.";
  let description = [{
    For every `array.cuda_kernel` without an `image`: reads its `file`
    (relative to the directory of the op's source file) or takes its
    `source`, compiles it with NVRTC (loaded from the CUDA toolkit when the
    pass runs; programs do not need it) for `chip`, with the op's `options`
    after `-arch`, `-I` of the program's and the source's directories and
    of the toolkit's headers, and registers `kernel` as a name expression,
    so that a template instance (`"scale<float, 4>"`) is compiled and its
    lowered name found. The op gets the cubin (PTX for a `compute_XX` chip)
    as `image` and the lowered name as `symbol`; `convert-arrayrt-to-calls`
    embeds the image in the program.

    The kernel's parameters (from the PTX) are checked against the op's
    arguments: their number, and each one's size and kind (a pointer or a
    64-bit integer for an array, a float for a float). A `.ptx` file is
    embedded as it is (the driver compiles it when the program loads it)
    after the same check; a `.cubin` must contain the kernel's symbol.

    NVRTC's errors and warnings become diagnostics at their file and line
    (the `.cu` file; for inline source, `<kernel>.cu` lines), attached to
    an error at the op. A source equal to another op's, with the same
    options, is compiled once.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"sm_90a\"",
           "GPU architecture (sm_XX[a]: a cubin, compute_XX: PTX).">,
    Option<"toolkitPath", "cuda-toolkit", "std::string", "\"\"",
           "CUDA toolkit with NVRTC (lib64/libnvrtc.so) and its headers; "
           "empty: the one Arrayc was built with.">,
  ];
}

def ArrayGpuUnitRows : Pass<"array-gpu-unit-rows", "func::FuncOp"> {
  let summary = "Give a 1-D row computation (a softmax of a vector) a unit "
                "row loop, so that it becomes a row kernel.";
  let description = [{
    `array-gpu-row-kernels` takes runs of ops over rows: loop 0 runs over
    the rows. A softmax, log-softmax or normalization of a 1-D array has
    no such loop: its reductions reduce loop 0 into a 0-d result, and the
    run became a kernel per op. On linalg ops on tensors (before
    bufferization), this pass finds each full reduction of a 1-D tensor
    whose 0-d result an elementwise op over the same elements reads, takes
    the connected 1-D and 0-d `linalg.generic` and `linalg.fill` ops around
    it (elementwise ops and reductions over those elements, their fills:
    run it after `array-split-shared-fills`, so that a fill merged by CSE
    does not tie unrelated runs together),
    and gives each a leading parallel loop of size 1: a `tensor<N>` operand
    is viewed as `tensor<1xN>`, a 0-d one as `tensor<1>`
    (`tensor.expand_shape`), each result viewed back for its other users
    (`tensor.collapse_shape`; the pairs between converted ops fold away).
    The allocations then come out with one row, which the row planner
    takes like any other row. A lone full reduction (`x.sum()`) is left
    alone, and so are vectors of more than 32768 elements: a row runs on
    one block (1024 threads x 32 elements in registers), where a longer
    vector's reductions spread over the whole GPU.

    ```mlir
    // Before: max of x : tensor<30000xf32>, then exp(x - max)
    %m = linalg.generic {iterator_types = ["reduction"]} ins(%x : tensor<30000xf32>) outs(%init : tensor<f32>)
    %e = linalg.generic {iterator_types = ["parallel"]} ins(%x, %m : tensor<30000xf32>, tensor<f32>) ...
    // After
    %x1 = tensor.expand_shape %x [[0, 1]] output_shape [1, 30000] : tensor<30000xf32> into tensor<1x30000xf32>
    %m1 = linalg.generic {iterator_types = ["parallel", "reduction"]} ins(%x1 : tensor<1x30000xf32>) outs(%init1 : tensor<1xf32>)
    %e1 = linalg.generic {iterator_types = ["parallel", "parallel"]} ins(%x1, %m1 : tensor<1x30000xf32>, tensor<1xf32>) ...
    ```
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def ArrayGpuRowKernels : Pass<"array-gpu-row-kernels", "func::FuncOp"> {
  let summary = "Fuse row-wise linalg sequences (softmax, layer norm) into "
                "one GPU kernel.";
  let description = [{
    Finds runs of linalg ops on buffers (fills included, generalized) that
    work on the same rows: loop 0 is parallel over `N` rows and the other
    loops cover either a whole row of `C` elements (elementwise ops,
    reductions over the row with a recognized combiner, see
    `array-gpu-reductions`) or one element per row (keepdims results,
    fills of them, scalar math on them). Only allocations, reshapes and
    constants may sit between them, so moving the group to its last op
    crosses no other memory access (a `memref.copy`, `array.print`, a call
    or anything else ends a group). A group with a reduction over whole rows
    and at least two whole-row ops becomes one kernel with a block per row
    (grid-strided over the rows):

    - thread `t` owns the same columns of the row in every stage, groups of
      up to 4 consecutive columns `t, t + B, t + 2B, ...`, and keeps the
      row's values of every buffer the group writes in registers; buffers
      the group only reads are loaded once per row (16-byte vector loads
      where the access is contiguous);
    - an elementwise op computes its values from registers; a reduction
      combines the thread's columns through the body, then the block
      (warp shuffles and a 32-entry workgroup buffer) and the init, and
      every thread gets the result;
    - a float64 sum of values computed from float32 columns (the sums
      behind float32 `sum`, `mean` and `var`, which accumulate in float64)
      adds each thread's own columns (at most `max-elements-per-thread`) in
      float32 with Kahan's compensated summation (as exact as float64 for
      so few terms, even where they cancel; terms that cannot be negative,
      exponentials and squares, are added without it: the float32 sum of a
      thread's n such terms is within n - 1 roundings of the exact sum,
      and the compensation cost a softmax of 262144 columns 2 % of the
      copy bandwidth on an H200, 2026-12-04), with the row scalars it uses
      rounded to float32, and only
      combines the threads' partial sums in float64: no float64 conversion
      or arithmetic per element. A variance's `(x - mean)^2` is then
      `(x - float32(mean))^2` in float32;
    - float32 and float64 quotients by a value other than a constant that
      the row's columns share (a softmax's by its row sum) are
      `(x * scale) * r`, `r = 1 / (s * scale)` taken once per row and
      `scale` a power of two keeping `s * scale` and `r` normal: within
      2 ulps of `x / s` rather than exact (a division per element made the
      float32 softmaxes of wide rows compute-bound: 75-78 % of the copy
      bandwidth on an H200, 84-95 % with the reciprocal, 2026-12-04);
    - at the end, the buffers read after the group are written back once
      (vector stores); the others (the row maxima and sums of a softmax, say)
      are never written and their allocations are removed.

    Requirements, else the ops are left to `array-gpu-reductions` and
    `array-gpu-map-linalg`: static shapes; every buffer the group writes is
    a row-major view (reshapes of an identity-layout buffer with `N` rows)
    accessed at the current row, either in column order over the whole
    row or as one value per row; a reduction's output is one value per row
    and not one of its inputs. The layout (`KernelPlan.cpp`):

    - a row fits in a block's registers: `ceil(C / elements-per-thread)`
      threads rounded up to a multiple of 32 (at most 1024), each at most
      `max-elements-per-thread` elements (C <= 32768 by default). Narrow
      rows (at most 32 threads' worth) share a block of up to 256 threads,
      each row on an aligned group of lanes (its reductions segmented warp
      butterflies), lanes past the last row storing nothing;
    - else, with `max-cluster-size` > 1 (sm_90), the row is split over a
      thread-block cluster, block `r` owning part `r`: with one reduction
      over the row (one exchange per row), the fewest blocks of at most
      1024 threads holding at most half `max-elements-per-thread`
      elements each; else, or when that takes more than
      `max-cluster-size`, the fewest blocks of at most
      `cluster-block-size` threads holding at most
      `max-elements-per-thread` elements each (two or more such blocks
      share an SM, so one cluster's loads overlap another's exchanges),
      else the fewest blocks of at most 1024. Each reduction's block totals
      are exchanged through distributed shared memory without cluster-wide
      barriers: thread `t < C` sends its block's total to block `t`
      (`st.async`, completing bytes of that block's mbarrier), every thread
      waits on its own block's mbarrier and combines the `C` totals in rank
      order. Alternate rows use alternate mbarriers and slots; the
      mbarriers are initialized once per kernel (then a cluster barrier).
      The runtime launches at most as many clusters as fit on the device
      at once (`mgpuLaunchClusterKernel`), so each cluster loops over its
      rows without a relaunch;
    - else the row is streamed (`StreamRows.cpp`): a loop over the row per
      pass of reductions (independent reductions share a pass; a max and
      the sum of exponentials shifted by it share one online pass, the sum
      rescaled as the running maximum grows), the elementwise ops
      recomputed from the inputs in each pass, and a last loop storing the
      rows read after the group.

    Several rows should be in flight on an SM, so that one block's loads
    overlap another's reductions and stores: the row loop carries
    `arrayrt.min_blocks_per_sm = k`, the number of blocks that fit in the
    register file when a thread's columns take half of its registers
    and it has at least 64 (65536 / (block size * max(64, 2 * columns per
    thread in 32-bit words)), at most 32; not set when it is 1), which `array-gpu-launch-bounds` turns
    into the kernel's `nvvm.minctasm`. A 16384-column float32 row gets
    512 threads of 32 columns and 2 blocks per SM (at most 64 registers
    per thread).

    ```mlir
    // Before (softmax over 16384x16384 after bufferization, shortened)
    linalg.generic {reduction} ins(%x3 : memref<16384x1x16384xf32>) outs(%max : memref<16384x1xf32>)  // maximumf
    linalg.generic ins(%x, %max) outs(%e : memref<16384x16384xf32>)                                 // exp(x - max)
    linalg.generic {reduction} ins(%e3) outs(%sum : memref<16384x1xf64>)                            // addf
    linalg.generic ins(%e, %sum) outs(%e)                                                           // e / sum
    // After: one kernel; %max's and %sum's buffers are gone.
    gpu.launch blocks(...) in (%c16384, %c1, %c1) threads(...) in (%c512, %c1, %c1)
        workgroup(%s0 : memref<32xf32, #gpu.address_space<workgroup>>,
                  %s1 : memref<32xf64, #gpu.address_space<workgroup>>) {
      scf.for %row = %bx to %c16384 step %gx {
        %v = vector.load %x[%row, %c] {alignment = 16} : ..., vector<4xf32>  // 8 per thread
        ... gpu.shuffle xor ... (max) ... math.exp ... arith.addf (f32) ...
        ... arith.extf ... gpu.shuffle xor ... (sum, f64) ... arith.divf ...
        vector.store %y, %e[%row, %c] {alignment = 16} : ..., vector<4xf32>
      } {arrayrt.min_blocks_per_sm = 2 : i32}
    }
    ```
  }];
  let options = [
    Option<"elementsPerThread", "elements-per-thread", "int64_t", "32",
           "Row elements each thread aims to own (sets the block size).">,
    Option<"maxElementsPerThread", "max-elements-per-thread", "int64_t", "32",
           "Most row elements a thread may own; longer rows are split over "
           "a thread-block cluster or streamed.">,
    Option<"maxClusterSize", "max-cluster-size", "int64_t", "1",
           "Most blocks of a thread-block cluster a row may be split over "
           "(sm_90 and later; 1: no clusters).">,
    Option<"clusterBlockSize", "cluster-block-size", "int64_t", "512",
           "The largest block of a cluster when a cluster of blocks this "
           "small can hold the row (else the fewest blocks that can).">,
  ];
  let dependentDialects = [
    "affine::AffineDialect", "arith::ArithDialect", "arrayrt::ArrayrtDialect",
    "gpu::GPUDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect",
    "LLVM::LLVMDialect", "NVVM::NVVMDialect"
  ];
}

def ArrayGpuPrintKernelPlan
    : Pass<"array-gpu-print-kernel-plan", "func::FuncOp"> {
  let summary = "Report how the linalg ops on buffers become GPU kernels "
                "(arrayc --print-kernel-plan).";
  let description = [{
    Emits a remark at the first op of each run of row ops (the runs
    `array-gpu-row-kernels` considers, with the same options): the strategy
    it gets and why, from the same plan the emitter follows
    (`lib/Codegen/GPU/KernelPlan.cpp`): one row kernel (rows, row length,
    ops and reductions, block size, elements per thread), or each op a
    kernel of its own and the reason (no reduction over whole rows, a lone
    reduction, accesses outside the row model, a row too long for
    registers). A linalg op that is not a row op gets a remark with the
    reason (dynamic sizes, several outputs, a reduction that is not over
    whole rows, ...). The only change to the IR is the one
    `array-gpu-row-kernels` makes first: fills become generics.

    ```
    softmax.mlir:12:8: remark: kernel plan: row kernel: 512 rows x 1024, 4 ops (2 reductions), block 256, 1 x 4 elements per thread in registers
    softmax.mlir:30:8: remark: kernel plan: own kernels: a row of 50304 elements needs more than 32 per thread in registers with 1024 threads
    ```
  }];
  let options = [
    Option<"elementsPerThread", "elements-per-thread", "int64_t", "32",
           "As array-gpu-row-kernels' option.">,
    Option<"maxElementsPerThread", "max-elements-per-thread", "int64_t", "32",
           "As array-gpu-row-kernels' option.">,
    Option<"maxClusterSize", "max-cluster-size", "int64_t", "1",
           "As array-gpu-row-kernels' option.">,
    Option<"clusterBlockSize", "cluster-block-size", "int64_t", "512",
           "As array-gpu-row-kernels' option.">,
  ];
}

def ArrayGpuReductions : Pass<"array-gpu-reductions", "func::FuncOp"> {
  let summary = "Map linalg reductions on buffers to cooperative GPU kernels.";
  let description = [{
    Replaces each single-output linalg reduction on buffers whose body is
    `yield combine(out, f(ins...))`, with `combine` one associative and
    commutative arith op (`addf`, `mulf`, `maximumf`, `minimumf`,
    `maxnumf`, `minnumf`, `addi`, `muli`, `maxsi`, `minsi`, `maxui`,
    `minui`, `andi`, `ori`, `xori`), by kernels in which many threads
    reduce each output: every thread combines its share of the elements
    through the body (from `combine`'s neutral element), warps combine
    with butterfly shuffles (`gpu.shuffle xor`, 64-bit values as two
    halves), blocks through a 32-entry workgroup buffer, and the value the
    output buffer holds (the init) is combined in last. When the op just
    before the reduction fills exactly its output with a constant, that
    constant is combined instead and the fill goes (no kernel of its own);
    when the op just after it only maps the output elementwise into a
    buffer of the same shape (the cast of a float64 sum to float32), the
    final store applies it and the output buffer goes. The kernel follows
    the layout of the first input:

    - rows (its contiguous index is reduced): a warp per output for at
      most 2048 elements (static), else a block per output. Consecutive
      threads read consecutive elements, 16 bytes at a time (`vector.load`)
      when every input read along the innermost reduced dimension is a
      contiguous buffer whose rows are multiples of the vector width. When
      there are fewer outputs than `target-blocks`, each output's elements
      are split over several blocks (a full reduction gets
      `target-blocks`), which write partial results to a temporary buffer
      that a second kernel (a block per output) combines.
    - columns (its contiguous index is kept, at least 32 outputs), static
      sizes: column tiles, one kernel. A thread owns a vector of
      consecutive outputs (16 bytes of the widest input read along the
      innermost kept dimension, which must be contiguous in each), a warp
      32 such vectors (a tile), and the reduced elements are dealt out to
      the block's warps and, with `max-cluster-size` > 1 (sm_90), to the
      blocks of a thread-block cluster per tile (as many as
      `target-blocks` asks for, a power of two, each warp keeping at least
      16 elements). The warps' partials meet in workgroup memory, then each
      block of the cluster combines 1/C of the tile's outputs over the
      blocks in rank order through distributed shared memory (`nvvm.mapa`)
      and stores them. Taken when the tiles give at least a quarter of
      `target-blocks` blocks or all the splits `target-blocks` asks for,
      unless the input is 400 MiB or more of 32-bit or wider elements
      (which the split kernel streams about 3 % faster, its second kernel
      then costing less); otherwise (and for dynamic sizes) a thread per
      output, consecutive threads on consecutive outputs, the reduced
      elements split into contiguous chunks over several blocks, and a
      second kernel (a thread per output) combines the chunks' partials in
      order.

    Each thread's loop is unrolled `unroll` times (twice that for the
    split column kernel, not at all for column tiles, whose fewer
    registers let more blocks share an SM)
    with all the unrolled loads issued before their arithmetic, to keep
    several loads in flight (one accumulator per thread: an accumulator per
    unrolled load measured no faster for rows and 15% slower for columns on
    an H200, bench/micro/streaming.cu and docs/performance.md). Results are deterministic: no atomics, a fixed
    combination order (which differs from the sequential order, so float
    sums may round differently). A NaN propagates as the body's op says
    (`maximumf` propagates it, `maxnumf` ignores it).

    Left to `array-gpu-map-linalg`: reductions of another body form
    (argmax/argmin's compare-and-select pairs, scans, multi-op
    `array.reduce` combines), reductions over at most 16 elements per
    output (static), and reductions whose output shares a buffer with an
    input.

    ```mlir
    // Before: x.sum() of 2^28 float32 (accumulated in float64)
    linalg.generic {iterator_types = ["reduction"]}
        ins(%x : memref<268435456xf32>) outs(%acc : memref<f64>) {
    ^bb0(%in: f32, %out: f64):
      %e = arith.extf %in : f32 to f64
      %s = arith.addf %out, %e : f64
      linalg.yield %s : f64
    }
    // After: 528 blocks each reduce a strided share (vector<4xf32> loads,
    // 4 in flight per thread) to a partial, then one block combines them.
    %partials = memref.alloc(%c528) : memref<?xf64>
    gpu.launch blocks(...) in (%c528, %c1, %c1) threads(...) in (%c256, %c1, %c1)
        workgroup(%scratch : memref<32xf64, #gpu.address_space<workgroup>>) {
      ... vector.load %x[%i] {alignment = 16} : memref<268435456xf32>, vector<4xf32>
      ... gpu.shuffle xor ...
      ... memref.store %total, %partials[%block]
    }
    gpu.launch blocks(...) in (%c1, %c1, %c1) threads(...) in (%c256, %c1, %c1) ... {
      ... combine the partials, then %acc[] ...
    }
    memref.dealloc %partials : memref<?xf64>
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256",
           "Threads per block (a multiple of 32).">,
    Option<"targetBlocks", "target-blocks", "int64_t", "528",
           "Blocks to aim for when outputs are split over several blocks "
           "(the default is 4 for each of an H100/H200's 132 SMs).">,
    Option<"unroll", "unroll", "int64_t", "4",
           "Element groups each thread loads before combining them.">,
    Option<"maxClusterSize", "max-cluster-size", "int64_t", "1",
           "Most blocks of a thread-block cluster a column tile's reduced "
           "elements may be split over (sm_90 and later; 1: no clusters).">,
  ];
  let dependentDialects = [
    "affine::AffineDialect", "arith::ArithDialect", "gpu::GPUDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect",
    "LLVM::LLVMDialect", "NVVM::NVVMDialect"
  ];
}

def ArrayGpuMapLinalg : Pass<"array-gpu-map-linalg", "func::FuncOp"> {
  let summary = "Map linalg ops on buffers to grid-stride GPU kernels.";
  let description = [{
    Replaces every linalg op on buffers (named ops are generalized first)
    with a `gpu.launch` of a 1-D grid. The op's parallel dimensions are
    linearized; each thread walks them with a grid-stride loop and
    delinearizes its index. For each output element it loads the operands
    through their indexing maps and computes the op's body; reduction
    dimensions become sequential `scf.for` loops in that thread, in order,
    carrying the outputs (so a reduction visits its elements in C order, as
    argmax's first-index rule needs). The grid has `ceil(n / block-size)`
    blocks for `n` output elements, capped at `max-grid-size`; nothing is
    launched when there are none. This is the correct, general mapping;
    fast reductions (tree reductions across threads) are the job of a
    specialized pass.

    Flat elementwise ops get a faster kernel: when every loop is parallel
    and every operand is either a whole identity-layout buffer read through
    the identity map or a single element (a scalar), the iteration space is
    one contiguous range. Each thread then moves `vector-bytes` bytes per
    access (`vector.load`/`vector.store`, 4 x f32 by default) and loads
    `unroll` vectors, coalesced across the block, before computing any;
    the vectors after the last whole tile and the last `n % width`
    elements follow in two short loops. The grid has a block per tile
    (`block-size * unroll` vectors), so the hardware hands tiles to SMs as
    blocks finish; with `blocks-per-sm` it is one wave of at most that many
    blocks per SM of the device the program runs on
    (`array.multiprocessor_count`) striding over the tiles. The buffers'
    alignment is checked
    on the host: an unaligned buffer runs the general kernel instead. Bool
    (i1) buffers always take the general kernel.

    ```mlir
    // Before
    linalg.generic {...} ins(%a, %b : memref<?xf32>, memref<?xf32>)
                         outs(%c : memref<?xf32>) {...}
    // After
    scf.if %nonempty {
      gpu.launch blocks(...) in (%grid, %c1, %c1) threads(...) in (%c256, ...) {
        scf.for %i = %first to %n step %stride { ... }
        gpu.terminator
      }
    }
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256",
           "Threads per block.">,
    Option<"maxGridSize", "max-grid-size", "int64_t", "1056",
           "Most blocks in a grid (the grid-stride loop covers the rest); "
           "the default is 8 blocks for each of an H100/H200's 132 SMs.">,
    Option<"vectorBytes", "vector-bytes", "int64_t", "16",
           "Bytes per load/store of flat elementwise kernels (0: scalar "
           "accesses only).">,
    Option<"unroll", "unroll", "int64_t", "1",
           "Vectors each thread of a flat elementwise kernel loads before "
           "computing (fewer for long bodies).">,
    Option<"blocksPerSm", "blocks-per-sm", "int64_t", "0",
           "0: a flat elementwise kernel has a block per tile; N > 0: at "
           "most N blocks per SM, times the SM count the program reads at "
           "run time (array.multiprocessor_count), striding over the tiles.">,
  ];
  let dependentDialects = [
    "array::ArrayDialect", "arrayrt::ArrayrtDialect",
    "affine::AffineDialect", "arith::ArithDialect", "gpu::GPUDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def ArrayGpuDeviceMemory : Pass<"array-gpu-device-memory", "ModuleOp"> {
  let summary = "Place the buffers of a bufferized program in GPU or host "
                "memory.";
  let description = [{
    Splits the module's buffers into classes of values that may name the
    same memory (views and casts with their source; a loop's init, region
    arguments, yields and results; a branch's yields and results; a call's
    operands and results with the callee's arguments and returned values)
    and places each class as a whole: on the device when a kernel or a
    device-side runtime operation uses it, in host memory when only host
    code touches it (such as the ownership flags of buffer deallocation, or
    a `tensor.from_elements` only read back on the host). A class that no
    code reads on either side (only copied, passed on, printed or freed,
    like the copy an `scf.while` condition forwards of a 0-d array) and is
    copied from a device class lives on the device too, so the copy needs
    no host wait. Then:

    - `memref.alloc`/`memref.dealloc` of device classes become
      `gpu.alloc`/`gpu.dealloc`;
    - a `memref.copy` touching a device class becomes `gpu.memcpy`, or a
      grid-stride copy kernel when either side is strided (nothing runs for
      an empty copy);
    - a constant global used on the device is copied there once, at the
      function's entry, and freed before each return; one only copied into
      device buffers (`array.to_device`) is copied from host memory where
      each copy stands;
    - host code that loads an element of a device buffer (`tensor.extract`,
      a `scf.while` condition read from a 0-d array) reads it through a
      one-thread kernel and a copy (a plain one-element buffer is copied
      directly); a run of host stores into a device buffer
      (`tensor.from_elements`, `tensor.insert`) becomes one one-thread
      kernel taking the values as arguments;
    - `arrayrt.print` reads a host copy of its device buffer;
      `arrayrt.save_npy` and `arrayrt.load_npy_into` stay on their device
      buffer with their `device` flag set: `convert-arrayrt-to-calls` lowers
      them to the runtime's device forms, which stage the data in
      page-locked memory and copy it on the op's stream.

    Run after bufferization and buffer deallocation, before kernel
    outlining.
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect", "gpu::GPUDialect",
                           "memref::MemRefDialect",
                           "scf::SCFDialect", "arith::ArithDialect"];
}

def ArrayGpuRegisterLoops : Pass<"array-gpu-register-loops", "func::FuncOp"> {
  let summary = "Run an iterative solver's vector loop as one persistent "
                "kernel whose threads keep their elements in registers.";
  let description = [{
    A bufferized host `scf.for` that carries vectors of one length n (and
    0-d arrays), and whose body only computes elementwise kernels over
    them (`linalg.generic` with identity maps, 0-d operands broadcast),
    full reductions of them to 0-d arrays (one associative combiner: dot
    products, norms), 0-d arithmetic, and products with a CSR matrix made
    before the loop (`arrayrt.csr_spmv` of an `arrayrt.csr_from_arrays`,
    float32 or float64, n x n): a conjugate-gradient, power-iteration or
    Jacobi loop. The loop runs inside one cooperative `gpu.launch` instead:

    - every thread owns the elements `i = t + k * T` (t its index in the
      grid, T the grid's threads, k < K) of every vector for the whole
      loop, holding them in registers (the loop's iteration arguments);
      buffers from before the loop that the body reads elementwise are
      loaded once, and what a kernel's body computes from 0-d operands
      only (a quotient of two totals) once per thread;
    - a reduction: each thread combines its elements, each block its
      threads' (shuffles, shared memory), and thread 0 writes the block's
      partial result; where the total is first read, after a grid barrier
      (`arrayrt.grid_barrier`), every block combines the partial results
      itself in the same order, so all threads hold the same total;
    - a sparse product of a vector of the loop: each thread stores its
      elements into a buffer (two halves used in turn by the iterations),
      a grid barrier, then each thread computes its rows; a row's first
      `row-entries` entries are loaded into registers before the loop (the
      rest, if any, read from memory each time);
    - with `recompute-gathers`, a product of a carried vector whose next
      value one elementwise kernel of the body computes (CG's
      `p = r + beta * p`) stores and gathers the vector only in the first
      iteration: each thread stores its elements of that kernel's vector
      inputs once they are computed (two halves in turn), the kernel's
      0-d inputs are carried to the next iteration, and the product there
      gathers the inputs and computes the vector's elements itself. The
      inputs' stores come before a grid barrier the iteration has anyway
      (a reduction's), so the barrier before the gather goes: two per CG
      iteration instead of three;
    - the body's checks are made once before the kernel, and its
      allocations disappear (results go into new buffers, owned by the
      loop's ownership flags).

    There is a kernel for each K = 1, 2, 4, ... up to
    `elements-per-thread` (more elements take more registers), each under
    an `scf.if` on the host: it runs when the arrays have the same length
    n > 0, the matrices are n x n with entries, and n is at most K x
    `block-size` x the multiprocessor count (`arrayrt.multiprocessor_
    count`), so that one block per multiprocessor owns every element, and
    no smaller K's did; the loop as it was runs otherwise (it stays under
    the last `scf.if`, for array-gpu-persistent-loops and the kernel
    planners).
  }];
  let options = [
    Option<"elementsPerThread", "elements-per-thread", "int64_t", "2",
           "Elements of each vector a thread holds in registers">,
    Option<"rowEntries", "row-entries", "int64_t", "8",
           "Entries of each matrix row held in registers">,
    Option<"blockSize", "block-size", "int64_t", "512",
           "Threads per block (one block per multiprocessor)">,
    Option<"recomputeGathers", "recompute-gathers", "bool", "true",
           "From the second iteration on, a product of a carried vector "
           "gathers the inputs of the kernel that computed it and "
           "recomputes its elements, instead of a grid barrier between "
           "storing the vector and gathering it">,
    Option<"report", "report", "bool", "false",
           "A remark at each host loop of vector kernels: whether it became "
           "a register loop (with its grid barriers per iteration), or why "
           "not (arrayc --print-kernel-plan)">,
  ];
  let dependentDialects = ["arith::ArithDialect", "arrayrt::ArrayrtDialect",
                           "cf::ControlFlowDialect", "gpu::GPUDialect",
                           "linalg::LinalgDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def ArrayGpuPersistentLoops
    : Pass<"array-gpu-persistent-loops", "func::FuncOp"> {
  let summary = "Run a small host loop of kernels as one persistent kernel "
                "whose blocks meet at grid barriers.";
  let description = [{
    A host `scf.for` whose body only queues kernels (`gpu.launch` with
    one-dimensional blocks of one size) and CSR products
    (`arrayrt.csr_spmv` of an `arrayrt.csr_from_arrays` matrix, float32 or
    float64), computes scalars and views, and allocates the buffers it
    carries and its temporaries, pays a launch per kernel per iteration.
    When the loop's arrays are small (every carried array, allocation and
    matrix at most `max-elements` elements) that cost is most of the
    loop's time. This pass runs such a loop inside one kernel instead:

    - the loop goes into a `gpu.launch` whose blocks run it together; each
      kernel of the body becomes a phase in which the blocks take the
      kernel's blocks in turn (block ids, grid sizes and shared memory
      mapped onto the persistent grid), and `arrayrt.grid_barrier` follows
      each phase, so the next one sees its writes;
    - a CSR product becomes a phase of one row per thread;
    - each allocation of the body becomes one buffer allocated before the
      kernel (two for one the loop carries, used in turn), so nothing is
      allocated on the device; the host frees them afterwards, keeping
      those the loop's results name;
    - the body's run-time checks (`cf.assert`) are made once, before the
      kernel, on the loop's initial arrays.

    The kernel runs only when the loop's first iteration allocates what it
    carries at the sizes it starts with (so every iteration has the same
    sizes) and the arrays are small; otherwise the loop runs as before.
    Loops whose body does anything else (host reads, library calls, copies,
    nested kernels of other block sizes, scalars computed in the loop and
    used after it) are left alone.

    ```mlir
    // After (sketch)
    scf.if %small_and_fixed_sizes {
      %a0 = gpu.alloc (%n) : memref<?xf32>   // the carried array's buffers
      %a1 = gpu.alloc (%n) : memref<?xf32>
      gpu.launch blocks(...) in (%grid, %c1, %c1) threads(...) in (%c256, %c1, %c1) {
        scf.for %i = %lb to %ub step %s iter_args(%x = %x0, %odd = %false) {
          scf.for %b = %block to %blocks step %grid { ... kernel 1 ... }
          arrayrt.grid_barrier %counter : memref<1xi32>
          ...
    } else {
      ... the loop as before ...
    }
    ```
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", "1 << 20",
           "Largest array (elements) of a loop run as a persistent kernel">,
    Option<"report", "report", "bool", "false",
           "A remark at each host loop that launches kernels: whether it "
           "became a persistent kernel (with its grid barriers per "
           "iteration), or why not (arrayc --print-kernel-plan)">,
  ];
  let dependentDialects = ["arith::ArithDialect", "arrayrt::ArrayrtDialect",
                           "gpu::GPUDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def ArrayGpuKernelNames : Pass<"array-gpu-kernel-names", "ModuleOp"> {
  let summary = "Give outlined kernels and their modules names that PTX "
                "accepts.";
  let description = [{
    Runs after `gpu-kernel-outlining`, which names each kernel after the
    function it came from (`@my.helper` gives `@my.helper_kernel`). PTX
    identifiers are letters, digits, `_` and `$`, and do not start with a
    digit, so a program whose function names hold anything else (a `.`,
    a quoted name) failed in `ptxas`. Every other character becomes `_`, a
    leading digit gets a `_` before it, and a name that would clash with
    another gets a numeric suffix; the `gpu.launch_func` ops follow.

    ```mlir
    // Before
    gpu.module @my.helper_kernel { gpu.func @my.helper_kernel(...) kernel ... }
    // After
    gpu.module @my_helper_kernel { gpu.func @my_helper_kernel(...) kernel ... }
    ```
  }];
  let dependentDialects = ["gpu::GPUDialect"];
}

def ArrayGpuMergeModules : Pass<"array-gpu-merge-modules", "ModuleOp"> {
  let summary = "Move every kernel into one gpu.module, compiled once.";
  let description = [{
    Kernel outlining makes a `gpu.module` per kernel, and
    `gpu-module-to-binary` compiles each on its own: an LLVM NVPTX run, a
    `ptxas` and a `fatbinary` process per kernel (21 of each for
    `bench/cg.mlir`). This pass moves the contents of every `gpu.module`
    into one, `@arrayc_kernels`: a module's only kernel takes the module's
    name (unique in the host module), other symbols keep theirs unless an
    earlier module's took it (then a numeric suffix); the
    `gpu.launch_func` ops follow. Modules with targets or an offloading
    handler (not made by the pipeline) are left alone. Run after
    `array-gpu-kernel-names`, before `nvvm-attach-target`.

    ```mlir
    // Before
    gpu.module @main_kernel { gpu.func @main_kernel(...) kernel ... }
    gpu.module @main_kernel_0 { gpu.func @main_kernel(...) kernel ... }
    gpu.launch_func @main_kernel_0::@main_kernel ...
    // After
    gpu.module @arrayc_kernels {
      gpu.func @main_kernel(...) kernel ...
      gpu.func @main_kernel_0(...) kernel ...
    }
    gpu.launch_func @arrayc_kernels::@main_kernel_0 ...
    ```
  }];
  let dependentDialects = ["gpu::GPUDialect"];
}

def ArrayGpuProgrammaticLaunch
    : Pass<"array-gpu-programmatic-launch", "ModuleOp"> {
  let summary = "Let each kernel launch before the previous one finishes "
                "(programmatic dependent launch, sm_90 and later).";
  let description = [{
    A chain of small kernels on one stream (a loop body, a CUDA graph's
    nodes) pays, for each kernel, the time from the end of the previous
    one to the start of its own blocks. With programmatic dependent launch
    the driver may start a kernel's blocks while the previous kernel's last
    blocks finish; the kernel then waits in `griddepcontrol.wait` until
    that kernel has completed and its memory is visible. This pass puts
    that wait first in every kernel of the pipeline's `gpu.module`s (inline
    PTX with a memory clobber, so that no load or store moves above it:
    each kernel still runs wholly after the previous one, as before) and
    marks each such module with the global `arrayrt_programmatic_launch`,
    which tells the runtime it may launch the module's kernels with the
    programmatic stream serialization attribute (`ARRAYRT_PROGRAMMATIC=0`
    turns that off). Modules with targets or an offloading handler (not
    made by the pipeline) are left alone. The pipeline runs it after
    `array-gpu-merge-modules` when every architecture it compiles for is
    sm_90 or later (`griddepcontrol` needs sm_90).

    ```mlir
    // After
    gpu.module @arrayc_kernels {
      llvm.mlir.global external constant @arrayrt_programmatic_launch(1 : i32)
      gpu.func @main_kernel(...) kernel {
        llvm.inline_asm has_side_effects "griddepcontrol.wait;", "~{memory}"
        ...
    ```
  }];
  let dependentDialects = ["gpu::GPUDialect", "LLVM::LLVMDialect"];
}

def ArrayGpuGridBarriers : Pass<"array-gpu-grid-barriers", "ModuleOp"> {
  let summary = "Lower grid barriers to PTX and mark their kernels for "
                "cooperative launch.";
  let description = [{
    Runs after `array-gpu-merge-modules`. Each `arrayrt.grid_barrier` in a
    kernel becomes: a block barrier; the block's first thread fences, adds
    to the counter (`atom.add.release.gpu`; the grid's first block adds
    `2^31 - (blocks - 1)`, the others 1) and polls it with
    `ld.acquire.gpu` until its top bit flips; another block barrier. Each
    kernel with such a barrier is renamed `<kernel>` +
    `ARRAYRT_COOPERATIVE_KERNEL_SUFFIX` (arrayrt/mlir_gpu_abi.h), its
    launches with it, from which the runtime learns to launch it
    cooperatively, with no more blocks than can be resident at once (the
    grid barrier would otherwise wait forever for blocks that cannot
    start).

    ```mlir
    // After
    gpu.module @arrayc_kernels {
      gpu.func @main_kernel__arrayrt_cooperative(...) kernel {
        gpu.barrier
        scf.if %first_thread { ... llvm.inline_asm "atom.add.release.gpu.u32 ..." ... }
        gpu.barrier
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect",
                           "LLVM::LLVMDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def ArrayGpuMultiArchFatbin
    : Pass<"array-gpu-multi-arch-fatbin", "ModuleOp"> {
  let summary = "Pack the PTX of several GPU architectures into one fatbin.";
  let description = [{
    `gpu-module-to-binary` makes an object per target of a `gpu.module`, and
    the host code embeds the first. With several NVVM targets (`arrayc
    --arch=sm_80,sm_90a`), the pipeline serializes the module to PTX for
    each (`format=isa`) and this pass compiles each PTX with the toolkit's
    `ptxas` for its chip (`-O` of its target, then `ptxas-options`) and
    packs the cubins and the newest chip's PTX (which the driver compiles
    for GPUs newer than every listed one) with `fatbinary` into one
    `fatbin` object, the newest target's, the only object of the
    `gpu.binary`. Binaries with one object are left alone. Run after
    `gpu-module-to-binary{format=isa}`.
  }];
  let options = [
    Option<"toolkitPath", "cuda-toolkit", "std::string",
           /*default=*/"\"/usr/local/cuda\"",
           "CUDA toolkit with bin/ptxas and bin/fatbinary">,
    Option<"ptxasOptions", "ptxas-options", "std::string", /*default=*/"\"\"",
           "Options for ptxas, space-separated">,
  ];
  let dependentDialects = ["gpu::GPUDialect", "NVVM::NVVMDialect"];
}

def ArrayGpuLaunchBounds : Pass<"array-gpu-launch-bounds", "ModuleOp"> {
  let summary = "Turn occupancy requests left in kernels into NVVM launch "
                "bounds.";
  let description = [{
    Runs after `gpu-kernel-outlining` (which keeps no attribute of a
    `gpu.launch`). A pass that builds a kernel asks for at least `k` of its
    blocks to fit on an SM at once by putting `arrayrt.min_blocks_per_sm = k`
    on an op of the launch body (`array-gpu-row-kernels` puts it on its
    loop over the rows). This pass moves the largest such request of each
    outlined kernel to the `gpu.func` as `nvvm.minctasm` (PTX
    `.minnctapersm`; the block size is already known from
    `known_block_size`, which becomes `.maxntid`), so that `ptxas` limits
    the registers per thread accordingly, and removes the requests.

    ```mlir
    // Before
    gpu.func @k(...) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      scf.for %row = ... { ... } {arrayrt.min_blocks_per_sm = 2 : i32}
    // After
    gpu.func @k(...) kernel attributes {known_block_size = array<i32: 512, 1, 1>,
                                        nvvm.minctasm = 2 : i32} {
      scf.for %row = ... { ... }
    ```
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect", "gpu::GPUDialect"];
}

def ArrayGpuStreams : Pass<"array-gpu-streams", "ModuleOp"> {
  let summary = "Queue a program's GPU work on streams, with events between "
                "them and host waits only where the host needs a result.";
  let description = [{
    Replaces upstream `gpu-async-region` in the CUDA pipeline (after kernel
    outlining). Every `gpu.launch_func`, `gpu.alloc`, `gpu.dealloc`,
    `gpu.memcpy` and `gpu.memset` of a host function becomes asynchronous
    on one stream (its token stands for the stream), and every arrayrt op
    with `StreamOrderedOpInterface` (the cuBLASLt product, the CSR ops, the
    `.npy` copies of device buffers) gets that stream in its `stream`
    operand:

    - between `arrayrt.stream_begin %s` and `arrayrt.stream_end %s`, on
      `%s`;
    - elsewhere, on the program's default stream, one non-blocking stream
      per program (`arrayrt.default_stream`), instead of a stream created
      and destroyed per chain of GPU ops;
    - a stream-ordered arrayrt op is ordered like a kernel: it writes the
      buffers its memory effects write and reads its other buffer
      operands;
    - a `gpu.alloc` on the stream of the first GPU op that uses the buffer,
      a `gpu.dealloc` on the stream of the buffer's last accesses when they
      were all on one stream.

    Dependencies follow the buffers (root allocations through views): when
    an op on stream S uses a buffer that work on stream T wrote (or, to
    write or free it, read) and S has not yet waited for T past that work,
    S waits for an event recorded on T now (`arrayrt.stream_wait_stream`).
    A kernel reads an argument it never stores to. The host waits for a
    stream (`cuStreamSynchronize`, never the whole device) only before a
    host op reads, writes or frees a buffer that the stream's queued work
    uses, before a call to a function with a body, and before returning,
    except from a library function (`#arrayrt.export<kind = library, ...>`):
    that returns with its work queued, the default stream (the caller's
    stream at run time) ordered after every other stream's work. A copy from host memory needs no wait afterwards: the runtime stages it
    through pinned memory before it returns. A loop that only queues work
    on the stream of its position (no streams, events or waits inside)
    and whose host code touches no buffer that work may use (only host
    buffers it makes itself) runs without host waits: other streams'
    earlier work is waited for once before it, the stream orders its
    iterations, and its results count as written by that stream. In other
    loops the analysis is conservative: the loop starts after all earlier
    work and each iteration ends with every stream it used synchronized.

    The array stream ops lower to arrayrt ops: `array.stream_create` to
    `arrayrt.stream_create` (synchronized and destroyed before the
    function returns), `array.event_record` to `arrayrt.event_create` and
    `arrayrt.event_record` (destroyed at the end of its block),
    `array.stream_wait`, `array.stream_synchronize` and
    `array.event_synchronize` to theirs. Streams and events may not cross
    function boundaries. Everything it creates is an arrayrt or gpu op on
    buffers; `convert-arrayrt-to-calls` lowers them to runtime calls later.
  }];
  let dependentDialects = ["arrayrt::ArrayrtDialect", "gpu::GPUDialect"];
}

def ArrayGpuOpContext : Pass<"array-gpu-op-context", "ModuleOp"> {
  let summary = "Tell the runtime which array op each GPU operation runs.";
  let description = [{
    Runs on host code after `array-gpu-streams`. Before every
    `gpu.launch_func`, `gpu.alloc`, `gpu.memcpy` and `gpu.memset`, and every
    stream-ordered arrayrt op (a cuBLASLt or cuSPARSE call, a device `.npy`
    copy), it puts an `arrayrt.set_op` with the operation's location and
    byte count, which `convert-arrayrt-to-calls` lowers to
    `arrayrt_set_op(label, location, bytes)` with string constants:

    - `label`, "array.exp @ prog.mlir:12:5": the array ops the location
      names (`array-name-locations`; several joined with `+` for a fused
      kernel, at most four) and the first source location. The runtime
      names NVTX ranges, ARRAYRT_PROFILE rows and ARRAYRT_TRACE events
      after it;
    - `location`, "prog.mlir:12:5": it starts the runtime's error messages
      (a failed launch or copy, out of memory);
    - `bytes` (launches only, else 0): the bytes of the kernel's memref
      arguments (static or computed from their sizes at run time; a
      dimension of static stride 0, a broadcast, counts once), each read
      or written once; the profile divides it by the kernel's time for its
      GB/s column.

    A GPU operation whose location names no source line gets null strings,
    so that the previous op's name does not stick to it.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "arrayrt::ArrayrtDialect", "memref::MemRefDialect"
  ];
}

#endif // ARRAYC_CODEGEN_GPU_PASSES_TD
