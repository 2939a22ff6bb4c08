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

def Arrayrt_AllReduceOp : Arrayrt_Op<"all_reduce"> {
  let summary = "Combines a buffer element by element over all processes, "
                "in place.";
  let description = [{
    Afterwards every process holds the `reduction` of all processes'
    buffers (`arrayrt_all_reduce`, `MPI_Allreduce` in place). The buffer is
    contiguous host memory; float16 and bfloat16 have no MPI type and are
    rejected.

    ```mlir
    arrayrt.all_reduce %partial, sum of 4 : memref<f64>
    ```
  }];
  let arguments = (ins
      Arg<MemRefOf<[Array_ElementType]>, "", [MemRead, MemWrite]>:$buffer,
      Arrayrt_ReductionAttr:$reduction,
      ConfinedAttr<I64Attr, [IntPositive]>:$processes);
  let assemblyFormat = "$buffer `,` $reduction `of` $processes attr-dict `:` "
                       "type($buffer)";
  let hasVerifier = 1;
}

def Arrayrt_AllGatherOp : Arrayrt_Op<"all_gather"> {
  let summary = "Every process's buffer, stacked in process order.";
  let description = [{
    `output[p]` becomes process `p`'s `input` on every process
    (`arrayrt_all_gather`, `MPI_Allgather`): the output has a leading
    dimension of `processes` and then the input's shape. Both are
    contiguous host buffers of one element type.

    ```mlir
    arrayrt.all_gather %local into %stacked of 2 : memref<4x8xf32>, memref<2x4x8xf32>
    ```
  }];
  let arguments = (ins
      Arg<MemRefOf<[Array_ElementType]>, "", [MemRead]>:$input,
      Arg<MemRefOf<[Array_ElementType]>, "", [MemWrite]>:$output,
      ConfinedAttr<I64Attr, [IntPositive]>:$processes);
  let assemblyFormat = "$input `into` $output `of` $processes attr-dict `:` "
                       "type($input) `,` type($output)";
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTCOLLECTIVEOPS_TD
