//===- ArrayIOOps.td - array input and output ops ----------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYIOOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYIOOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Every op here reads or writes something outside the program's memory
// (standard output, files). They model it as the default memory resource,
// so that they stay in program order with respect to each other and are
// never removed.

def Array_PrintOp : Array_Op<"print",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Prints an array to standard output as NumPy's `print` does.";
  let description = [{
    Writes the elements of `input` to standard output, followed by a newline,
    in the format of NumPy's `print(a)` (`str(a)` with default print
    options). Bufferization turns it into `arrayrt.print` of the tensor's
    buffer.

    ```mlir
    array.print %0 : tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$input);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// NumPy .npy files
//===----------------------------------------------------------------------===//

// `path` is a file name fixed at compile time; a relative one is relative to
// the working directory of the running program.

def Array_SaveNpyOp : Array_Op<"save_npy",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Writes an array to a `.npy` file (`numpy.save`).";
  let description = [{
    Writes `input` to the file `path` in NumPy's `.npy` format, C order,
    with the dtype of the element type (`i1` is `bool`, `i8`-`i64` are
    `int8`-`int64`, `f16`, `f32` and `f64` are `float16`, `float32` and
    `float64`; `bf16` is stored as NumPy + ml_dtypes store
    `ml_dtypes.bfloat16`, descr `'<V2'`, read back with
    `np.load(path).view(ml_dtypes.bfloat16)`). The file holds the same bytes
    `numpy.save(path, a)` writes. The file appears only when it is
    complete: a failure (a missing directory, a full disk) leaves `path`
    as it was and stops the program with a message that names the op's
    source location and the file (exit status 1).

    Bufferization turns it into `arrayrt.save_npy` of the tensor's buffer,
    which `convert-arrayrt-to-calls` lowers to `arrayrt_save_npy` (on the
    CUDA target, `arrayrt_save_npy_device` for a device buffer).

    ```mlir
    array.save_npy %0, "out/x.npy" : tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$input, StrAttr:$path);
  let assemblyFormat = "$input `,` $path attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Array_LoadNpyOp : Array_Op<"load_npy",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     AttrSizedOperandSegments]> {
  let summary = "Reads an array from a `.npy` file (`numpy.load`).";
  let description = [{
    Reads the file `path`, written by `numpy.save` or `array.save_npy`, as
    an array of the result type. The file must hold a C-order array of the
    result's rank and of the dtype of its element type (see
    `array.save_npy`); each static dimension must equal the file's, and
    each dynamic one (`?`) takes the file's size. Otherwise, or when the
    file cannot be read, the program stops with a message that names the
    op's source location and the file (exit status 1).

    ```mlir
    %0 = array.load_npy "data/x.npy" : tensor<?x3xf32>
    ```

    With a `member` name, `path` is a `.npz` archive (`numpy.savez`,
    `numpy.savez_compressed`, `scipy.sparse.save_npz`: a zip of `.npy`
    files, stored or deflated) and the op reads its array `member`, as
    `numpy.load(path)[member]` does (the entry `member` or `member.npy`). A
    missing member, a damaged archive (CRC-32, sizes, deflate data) or a
    file that is no zip archive stops the program the same way, naming the
    member and the archive.

    ```mlir
    %data = array.load_npy "m.npz"["data"] : tensor<?xf32>
    %indptr = array.load_npy "m.npz"["indptr"] : tensor<?xi32>
    ```

    With `part`, the op reads only a part of the file's array: the one at
    `offsets` (one per dimension) of the result's sizes (`sizes` gives its
    dynamic ones). The file must hold an array of the type after `of` (its
    static dimensions checked as above) that contains the part. This is
    how each process of a sharded program reads its part of one file
    (`array-shard-to-arrayrt` forms it from a load and the slice the
    process keeps); an `.npz` member is always read whole.

    ```mlir
    %part = array.load_npy "m.npy" part [%c0, %offset] sizes(%n)
        of tensor<4x?xf32> : tensor<4x?xf32>
    ```

    Bufferization allocates the result's buffer from the file's shape: when
    the result has dynamic dimensions, `arrayrt.npy_shape` reads the file's
    header for their sizes; then a `memref.alloc` of the result's shape,
    which `arrayrt.load_npy_into` fills. So the buffer is an ordinary
    allocation that buffer deallocation frees and that the CUDA target
    places in device memory (loading through pinned host memory).
  }];
  let arguments = (ins StrAttr:$path, OptionalAttr<StrAttr>:$member,
                       Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                       OptionalAttr<TypeAttrOf<Array_Tensor>>:$whole);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat =
      "$path (`[` $member^ `]`)? "
      "(`part` ` ` `[` $offsets^ `]` `sizes` `(` $sizes `)` `of` $whole)? "
      "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYIOOPS_TD
