//===- ArrayrtIOOps.td - file and print calls -----------------*- tablegen -*-===//
//
// The bufferized forms of the array I/O ops: bufferization turns
// `array.print`, `array.save_npy` and `array.load_npy` into these, and the
// sparse lowering reads `.mtx` files through them.
// `convert-arrayrt-to-calls` turns each into one runtime call.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTIOOPS_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTIOOPS_TD

include "arrayc/Dialect/Arrayrt/IR/ArrayrtBase.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Writing output or a file: a write of the default resource keeps their
// order; the buffers they take are read (or written) through the operand.
def Arrayrt_PrintOp : Arrayrt_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "Prints a host buffer as NumPy's `print` does.";
  let description = [{
    The bufferized form of `array.print`: `arrayrt_print_<dtype>` of the
    buffer, which must be in host memory.

    ```mlir
    arrayrt.print %buf : memref<2x3xf32>
    ```
  }];
  let arguments = (ins Arg<MemRefOf<[Array_ElementType]>, "", [MemRead]>:$input);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Arrayrt_SaveNpyOp : Arrayrt_Op<"save_npy",
    [MemoryEffects<[MemWrite]>,
     DeclareOpInterfaceMethods<Arrayrt_StreamOrderedOpInterface,
                               ["isStreamOrdered"]>]> {
  let summary = "Writes a buffer to a `.npy` file.";
  let description = [{
    The bufferized form of `array.save_npy`: `arrayrt_save_npy`, or, on a
    device buffer (`device`, set by `array-gpu-device-memory` on the CUDA
    target), `arrayrt_save_npy_device`, which copies the buffer to pinned
    host memory on the op's stream and writes the file from there.

    ```mlir
    arrayrt.save_npy %buf, "out.npy" : memref<?x3xf32>
    ```
  }];
  let arguments = (ins Arg<MemRefOf<[Array_ElementType]>, "", [MemRead]>:$input,
                       StrAttr:$path,
                       UnitAttr:$device, Optional<Arrayrt_StreamType>:$stream);
  let assemblyFormat = "$input `,` $path (`on` $stream^)? attr-dict `:` "
                       "type($input)";
}

// Only reads: the arrayrt.load_npy_into that follows checks the file
// again, so an unused shape may go.
def Arrayrt_NpyShapeOp : Arrayrt_Op<"npy_shape", [MemoryEffects<[MemRead]>]> {
  let summary = "The shape of the array in a `.npy` file, read from its "
                "header.";
  let description = [{
    Reads only the header of the file `path` and returns its sizes, one
    `index` per dimension. The file must hold a C-order array of as many
    dimensions as the op has results, of the dtype of `element_type`
    (see `array.save_npy`); otherwise, or when the file cannot be read, the
    program stops with a message that names the op's source location and
    the file (exit status 1). With a `member`, the array of that name in
    the `.npz` archive `path` (see `array.load_npy`). Bufferizing
    `array.load_npy` creates it to size the buffer it allocates;
    `convert-arrayrt-to-calls` lowers it to `arrayrt_npy_shape`
    (`arrayrt_npz_shape`).

    ```mlir
    %sizes:2 = arrayrt.npy_shape "x.npy" of f32 : index, index
    ```
  }];
  let arguments = (ins StrAttr:$path, OptionalAttr<StrAttr>:$member,
                       TypeAttrOf<Array_ElementType>:$element_type);
  let results = (outs Variadic<Index>:$sizes);
  let assemblyFormat = "$path (`[` $member^ `]`)? `of` $element_type "
                       "attr-dict (`:` type($sizes)^)?";
  let hasVerifier = 1;
}

// Reading may stop the program: it keeps its place among prints and saves.
def Arrayrt_LoadNpyIntoOp : Arrayrt_Op<"load_npy_into",
    [MemoryEffects<[MemRead, MemWrite]>, AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<Arrayrt_StreamOrderedOpInterface,
                               ["isStreamOrdered"]>]> {
  let summary = "Reads a `.npy` file into a buffer.";
  let description = [{
    The bufferized form of `array.load_npy`: reads the file `path` into
    `buffer`, whose sizes must equal the file's (the sizes `arrayrt.npy_shape`
    returned for the same file) and whose element type gives the dtype the
    file must have; with a `member`, the array of that name in the `.npz`
    archive `path`. Errors stop the program as `array.load_npy` describes.
    `convert-arrayrt-to-calls` lowers it to `arrayrt_load_npy`, or, on a
    device buffer (`device`, set by `array-gpu-device-memory` on the CUDA
    target), to
    `arrayrt_load_npy_device`, which reads the file into pinned host memory
    and copies it to the device on the op's stream.

    ```mlir
    arrayrt.load_npy_into "x.npy", %buf : memref<?x3xf32>
    ```

    With `offsets` (one per dimension; not for an `.npz` member) it reads
    only the part of the file's array at `offsets` of the buffer's sizes
    (`arrayrt_load_npy_part`, `arrayrt_load_npy_part_device`): the file's
    array must have the sizes `whole_shape` (-1: any size) and hold the
    part, or the program stops with a message naming them.

    ```mlir
    arrayrt.load_npy_into "m.npy", %part at [%c0, %offset] in [4, -1]
        : memref<4x?xf32>
    ```
  }];
  let arguments = (ins StrAttr:$path, OptionalAttr<StrAttr>:$member,
                       Arg<MemRefOf<[Array_ElementType]>, "", [MemWrite]>:$buffer,
                       UnitAttr:$device, Optional<Arrayrt_StreamType>:$stream,
                       Variadic<Index>:$offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$whole_shape);
  let assemblyFormat = "$path (`[` $member^ `]`)? `,` $buffer "
                       "(`at` ` ` `[` $offsets^ `]` `in` $whole_shape)? "
                       "(`on` $stream^)? attr-dict `:` type($buffer)";
  let hasVerifier = 1;
}

def Arrayrt_MtxShapeOp : Arrayrt_Op<"mtx_shape", [MemoryEffects<[MemRead]>]> {
  let summary = "Rows, columns and stored entries of a Matrix Market file.";
  let description = [{
    Reads the file `path` as `array.load_mtx` describes and returns its
    number of rows, columns and entries (after mirroring a symmetric file
    and summing duplicates). Malformed files stop the program as
    `array.load_mtx` describes. `convert-arrayrt-to-calls` lowers it to
    `arrayrt_mtx_shape`.

    ```mlir
    %rows, %cols, %nnz = arrayrt.mtx_shape "a.mtx" : index, index, index
    ```
  }];
  let arguments = (ins StrAttr:$path);
  let results = (outs Index:$rows, Index:$cols, Index:$nnz);
  let assemblyFormat = "$path attr-dict `:` type($rows) `,` type($cols) `,` "
                       "type($nnz)";
}

def Arrayrt_ReadMtxOp : Arrayrt_Op<"read_mtx",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "The coordinates or the values of a Matrix Market file's "
                "entries.";
  let description = [{
    The result's type says which: an `nnz x 2` tensor of `i64` gets the
    (row, column) pairs, 0-based, sorted by row then column; a tensor of
    `nnz` `f32` or `f64` elements the values, in the same order. `nnz` must
    be the count `arrayrt.mtx_shape` returned for the file. Bufferization
    allocates the buffer and fills it with `arrayrt.read_mtx_into`.

    ```mlir
    %crd = arrayrt.read_mtx "a.mtx"(%nnz) : tensor<?x2xi64>
    %val = arrayrt.read_mtx "a.mtx"(%nnz) : tensor<?xf64>
    ```
  }];
  let arguments = (ins StrAttr:$path, Index:$nnz);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = "$path `(` $nnz `)` attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Arrayrt_ReadMtxIntoOp : Arrayrt_Op<"read_mtx_into",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Reads the coordinates or the values of a Matrix Market "
                "file into a buffer.";
  let description = [{
    The bufferized form of `arrayrt.read_mtx`, the part again given by the
    buffer's type; `convert-arrayrt-to-calls` lowers it to
    `arrayrt_load_mtx`. The buffer must be in host memory.

    ```mlir
    arrayrt.read_mtx_into "a.mtx", %buf : memref<?xf64>
    ```
  }];
  let arguments = (ins StrAttr:$path,
                       Arg<MemRefOf<[I64, F32, F64]>, "", [MemWrite]>:$buffer);
  let assemblyFormat = "$path `,` $buffer attr-dict `:` type($buffer)";
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTIOOPS_TD
