//===- ArrayKernelOps.td - user kernels -----------------------*- tablegen -*-===//
//
// CuPy's RawKernel and RawModule: a kernel the user wrote in CUDA C++,
// launched on arrays with a grid and block the op declares.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYKERNELOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYKERNELOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A kernel parameter passed by value: bool, an integer, a float or index.
def Array_KernelScalar : AnyTypeOf<[Index, AnySignlessInteger,
                                    AnyUnsignedInteger, F16, BF16, F32, F64],
    "a scalar (bool, integer, float or index)">;

def Array_CudaKernelOp : Array_Op<"cuda_kernel", [
    AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Launches a CUDA C++ kernel on arrays (CuPy's `RawKernel` "
                "and `RawModule`).";
  let description = [{
    Launches the `__global__` function `kernel` of a CUDA C++ source: the
    inline `source`, or `file` (a `.cu` file, or a `.ptx` or `.cubin` file
    compiled beforehand), whose path is relative to the program's file.
    `kernel` is the function's name, or a name expression that instantiates
    a template (`"scale<float, 4>"`, as RawModule's `name_expressions`).
    NVRTC compiles the source when the program is compiled (`options` are
    its options: `-std=c++17`, `-DN=4`, `--use_fast_math`, `-I dir`), and
    the kernel's code is embedded in the program next to the generated
    kernels.

    `args` are the kernel's parameters in order: an array is passed as a
    pointer to its first element (row-major, contiguous), a scalar by
    value. The arrays at the indices `outputs` are the ones the kernel
    writes (destination-passing: each result is its output array after the
    kernel ran, which may read it first, as a histogram adds to it); the
    others must not be written.

    The launch has `block` threads per block (1 to 3 sizes) and a grid of
    `grid` blocks (constants), of `grid_sizes` (3 index values), or
    enough blocks of `block[0]` threads for one thread per element of
    `args[threads_over]`; `shared` bytes of dynamic shared memory. The
    launch is queued on the op's stream like a generated kernel, and named
    after `kernel` in profiles and traces. Nothing is fused with it or moved
    across it.

    The CPU target has no CUDA: it refuses the op with an error
    (`array-reject-gpu-kernels`).

    ```mlir
    %h = array.cuda_kernel "histogram" (%x, %n, %zeros) outputs [2]
           block [256] threads_over 0 {file = "histogram.cu"}
           : (tensor<?xf32>, i32, tensor<64xi32>) -> tensor<64xi32>
    ```

    `array-gpu-compile-kernels` sets `image` (the cubin, or PTX for a
    `compute_XX` target) and `symbol` (the lowered name of `kernel`).
  }];
  let arguments = (ins
    Variadic<AnyType>:$args,
    Variadic<Index>:$grid_sizes,
    StrAttr:$kernel,
    OptionalAttr<StrAttr>:$source,
    OptionalAttr<StrAttr>:$file,
    DefaultValuedAttr<StrArrayAttr, "{}">:$options,
    DenseI64ArrayAttr:$outputs,
    DenseI64ArrayAttr:$block,
    OptionalAttr<DenseI64ArrayAttr>:$grid,
    OptionalAttr<I64Attr>:$threads_over,
    DefaultValuedAttr<I64Attr, "0">:$shared,
    OptionalAttr<StrAttr>:$image,
    OptionalAttr<StrAttr>:$symbol);
  let results = (outs Variadic<Array_Tensor>:$written);
  let assemblyFormat = [{
    $kernel `(` $args `)` `outputs` $outputs `block` $block
    (`grid` $grid^)? (`threads_over` $threads_over^)?
    (`grid_sizes` `(` $grid_sizes^ `)`)? (`shared` $shared^)?
    attr-dict `:` functional-type($args, $written)
  }];
  let extraClassDeclaration = [{
    /// The block sizes, padded with 1 to three.
    std::array<int64_t, 3> getBlockSizes();
    /// Whether the kernel comes compiled (`.ptx`, `.cubin`).
    bool isPrecompiled();
  }];
  let hasVerifier = 1;
}

def Array_GpuKernelOp : Array_Op<"gpu_kernel", [
    AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Launches a kernel written in MLIR (a `gpu.func` of a "
                "`gpu.module` in the same file) on arrays.";
  let description = [{
    Launches `kernel`, a `gpu.func` marked `kernel` in a `gpu.module` of the
    program, which the CUDA pipeline compiles with the generated kernels.
    `args` are its arguments in order: an array of type `tensor<SxT>` is
    passed as the kernel's `memref<SxT>` argument (same shape, identity
    layout), a scalar as itself. `outputs`, `block`, `grid`,
    `threads_over`, `grid_sizes` and `shared` mean what they mean for
    `array.cuda_kernel`. The CPU target refuses the op.

    ```mlir
    gpu.module @kernels {
      gpu.func @scale(%x: memref<?xf32>, %a: f32) kernel { ... }
    }
    func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
      %a = arith.constant 2.0 : f32
      %y = array.gpu_kernel @kernels::@scale (%x, %a) outputs [0]
             block [256] threads_over 0 : (tensor<?xf32>, f32) -> tensor<?xf32>
      return %y : tensor<?xf32>
    }
    ```
  }];
  let arguments = (ins
    Variadic<AnyType>:$args,
    Variadic<Index>:$grid_sizes,
    SymbolRefAttr:$kernel,
    DenseI64ArrayAttr:$outputs,
    DenseI64ArrayAttr:$block,
    OptionalAttr<DenseI64ArrayAttr>:$grid,
    OptionalAttr<I64Attr>:$threads_over,
    DefaultValuedAttr<I64Attr, "0">:$shared);
  let results = (outs Variadic<Array_Tensor>:$written);
  let assemblyFormat = [{
    $kernel `(` $args `)` `outputs` $outputs `block` $block
    (`grid` $grid^)? (`threads_over` $threads_over^)?
    (`grid_sizes` `(` $grid_sizes^ `)`)? (`shared` $shared^)?
    attr-dict `:` functional-type($args, $written)
  }];
  let extraClassDeclaration = [{
    /// The block sizes, padded with 1 to three.
    std::array<int64_t, 3> getBlockSizes();
  }];
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYKERNELOPS_TD
