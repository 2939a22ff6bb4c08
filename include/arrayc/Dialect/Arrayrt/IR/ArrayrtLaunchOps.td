//===- ArrayrtLaunchOps.td - launches of user kernels --------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTLAUNCHOPS_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTLAUNCHOPS_TD

include "arrayc/Dialect/Arrayrt/IR/ArrayrtBase.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Arrayrt_LaunchImageOp : Arrayrt_Op<"launch_image", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    Arrayrt_StreamOrderedOpInterface]> {
  let summary = "Launches a kernel of a compiled device image (a user's "
                "CUDA C++ kernel) on buffers.";
  let description = [{
    Launches the kernel `symbol` (its lowered name) of `image` (a cubin, or
    PTX that the driver compiles when the image is loaded) with a grid of
    `grid_x` × `grid_y` × `grid_z` blocks of `block` threads and `shared`
    bytes of dynamic shared memory, on `stream`. `args` are the kernel's
    parameters in order: a buffer (identity layout) is passed as the address
    of its first element, a scalar by value. The kernel reads every buffer
    and writes those at the indices `outputs`. A grid with no blocks (an
    empty array's `threads_over`) launches nothing.

    The bufferization of `array.cuda_kernel` creates it; `convert-arrayrt-
    to-calls` lowers it to `arrayrt_launch_image` with the image embedded
    in the program, which the runtime loads once. `kernel` (the user's name
    of the kernel) is for messages.

    ```mlir
    arrayrt.launch_image "_Z9transposeIfEvPKT_PS0_ii" (%in, %out, %r, %c)
        grid (%gx, %gy, %c1) block [32, 8] outputs [1] on %stream
        {image = "...", kernel = "transpose<float>"}
        : memref<?x?xf32>, memref<?x?xf32>, i32, i32
    ```
  }];
  let arguments = (ins
    Variadic<AnyType>:$args,
    Index:$grid_x, Index:$grid_y, Index:$grid_z,
    Optional<Arrayrt_StreamType>:$stream,
    StrAttr:$symbol,
    StrAttr:$kernel,
    StrAttr:$image,
    DenseI64ArrayAttr:$block,
    DefaultValuedAttr<I64Attr, "0">:$shared,
    DenseI64ArrayAttr:$outputs);
  let assemblyFormat = [{
    $symbol `(` $args `)` `grid` `(` $grid_x `,` $grid_y `,` $grid_z `)`
    `block` $block (`shared` $shared^)? `outputs` $outputs
    (`on` $stream^)? attr-dict `:` type($args)
  }];
  let hasVerifier = 1;
}

def Arrayrt_GridBarrierOp : Arrayrt_Op<"grid_barrier",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Inside a kernel: waits until every block of the grid has "
                "reached it, and makes their writes visible.";
  let description = [{
    A barrier across the whole grid of the kernel it is in (a persistent
    loop kernel's phases, `array-gpu-persistent-loops`). Every thread of
    every block must reach it, under control flow that is the same for all
    of them. `counter` is a 32-bit word in device memory that only this
    kernel's launch uses; it must start at a multiple of 2^31 (0) and is
    left so when every block has passed the same number of barriers (one
    block adds `2^31 - (blocks - 1)`, the others 1, 2^31 in all; a block
    waits until the top bit has flipped: a start with any of the low 31
    bits set could carry into it before every block has arrived). The blocks must all be resident at once: the kernel is
    launched cooperatively, `array-gpu-grid-barriers` lowers the op to PTX
    and marks its kernel so that the runtime does so.

    ```mlir
    arrayrt.grid_barrier %counter : memref<1xi32>
    ```
  }];
  let arguments = (ins MemRefRankOf<[I32], [1]>:$counter);
  let assemblyFormat = "$counter attr-dict `:` type($counter)";
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTLAUNCHOPS_TD
