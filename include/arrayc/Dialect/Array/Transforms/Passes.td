//===- Passes.td - array dialect transformation passes -----*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_TD
#define ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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
    elements follow in two short loops. The buffers' alignment is checked
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
    Option<"unroll", "unroll", "int64_t", "4",
           "Vectors each thread of a flat elementwise kernel loads before "
           "computing (fewer for long bodies).">,
  ];
  let dependentDialects = [
    "affine::AffineDialect", "arith::ArithDialect", "gpu::GPUDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def ArrayGpuDeviceMemory : Pass<"array-gpu-device-memory", "func::FuncOp"> {
  let summary = "Place the buffers of a bufferized program in GPU memory.";
  let description = [{
    Makes every buffer the program allocates a device buffer, so that GPU
    kernels can read and write it: `memref.alloc`/`memref.dealloc` become
    `gpu.alloc`/`gpu.dealloc`, except for buffers that host code loads or
    stores directly (such as the ownership flags of buffer deallocation),
    which stay in host memory; `memref.copy` becomes `gpu.memcpy`, constant
    globals are copied to the device where they are used (and freed before
    the function returns), `array.print` and `array.save_npy` read a host
    copy of their device buffer, and `array.load_npy_into` reads the file
    into a host buffer that is then copied to the device. Run after bufferization and buffer deallocation, before kernel
    outlining.
  }];
  let dependentDialects = ["gpu::GPUDialect", "memref::MemRefDialect"];
}

#endif // ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_TD
