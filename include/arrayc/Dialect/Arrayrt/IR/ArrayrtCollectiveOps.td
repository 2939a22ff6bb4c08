//===- ArrayrtCollectiveOps.td - collectives of sharded programs -*- tablegen -*-===//
//
// What `array-shard-to-arrayrt` lowers upstream's `shard` collectives to,
// on buffers (bufferization creates them from the tensor forms it
// writes): each is one call of runtime/include/arrayrt/collectives.h,
// over MPI on the CPU target. Every op carries the grid's size, which the
// runtime checks against the number of processes the program runs as.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTCOLLECTIVEOPS_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTCOLLECTIVEOPS_TD

include "arrayc/Dialect/Arrayrt/IR/ArrayrtBase.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Reads the world's size and rank once (the first call initializes MPI):
// an effect, so that it is neither dropped nor merged with the check of
// another grid.
def Arrayrt_ProcessIndexOp : Arrayrt_Op<"process_index",
    [MemoryEffects<[MemRead]>]> {
  let summary = "This process's position in a grid of processes.";
  let description = [{
    The index of this process among the `processes` processes the program
    runs as (its rank in `MPI_COMM_WORLD`): `arrayrt_process_index`. The
    runtime stops the program with an error that names the op's location
    when the program runs as another number of processes.

    ```mlir
    %index = arrayrt.process_index of 4
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$processes);
  let results = (outs Index:$index);
  let assemblyFormat = "`of` $processes attr-dict";
}

def Arrayrt_AllReduceOp : Arrayrt_Op<"all_reduce",
    [DeclareOpInterfaceMethods<Arrayrt_StreamOrderedOpInterface,
                               ["isStreamOrdered"]>]> {
  let summary = "Combines a buffer element by element over all processes, "
                "in place.";
  let description = [{
    Afterwards every process holds the `reduction` of all processes'
    buffers. A host buffer: `arrayrt_all_reduce`, `MPI_Allreduce` in place
    (float16 and bfloat16 have no MPI type and are rejected). A device
    buffer (`device`, set by `array-gpu-device-memory` on the CUDA target):
    `arrayrt_all_reduce_device`, NCCL's `ncclAllReduce` in place, queued on
    the op's stream (NCCL has no bitwise reductions, nor 16-bit integers).
    The buffer is contiguous.

    ```mlir
    arrayrt.all_reduce %partial, sum of 4 : memref<f64>
    arrayrt.all_reduce %partial, max of 2 on %stream {device} : memref<8xf32>
    ```
  }];
  let arguments = (ins
      Arg<MemRefOf<[Array_ElementType]>, "", [MemRead, MemWrite]>:$buffer,
      Arrayrt_ReductionAttr:$reduction,
      ConfinedAttr<I64Attr, [IntPositive]>:$processes,
      UnitAttr:$device, Optional<Arrayrt_StreamType>:$stream);
  let assemblyFormat = "$buffer `,` $reduction `of` $processes "
                       "(`on` $stream^)? attr-dict `:` type($buffer)";
  let hasVerifier = 1;
}

def Arrayrt_AllGatherOp : Arrayrt_Op<"all_gather",
    [DeclareOpInterfaceMethods<Arrayrt_StreamOrderedOpInterface,
                               ["isStreamOrdered"]>]> {
  let summary = "Every process's buffer, stacked in process order.";
  let description = [{
    `output[p]` becomes process `p`'s `input` on every process: the output
    has a leading dimension of `processes` and then the input's shape. Host
    buffers: `arrayrt_all_gather`, `MPI_Allgather`; device buffers
    (`device`): `arrayrt_all_gather_device`, NCCL's `ncclAllGather` on the
    op's stream. Both are contiguous buffers of one element type.

    ```mlir
    arrayrt.all_gather %local into %stacked of 2 : memref<4x8xf32>, memref<2x4x8xf32>
    ```
  }];
  let arguments = (ins
      Arg<MemRefOf<[Array_ElementType]>, "", [MemRead]>:$input,
      Arg<MemRefOf<[Array_ElementType]>, "", [MemWrite]>:$output,
      ConfinedAttr<I64Attr, [IntPositive]>:$processes,
      UnitAttr:$device, Optional<Arrayrt_StreamType>:$stream);
  let assemblyFormat = "$input `into` $output `of` $processes "
                       "(`on` $stream^)? attr-dict `:` type($input) `,` "
                       "type($output)";
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTCOLLECTIVEOPS_TD
