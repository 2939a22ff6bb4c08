//===- ArrayrtStreamOps.td - streams, events, device, profiling -*- tablegen -*-===//
//
// What `array-gpu-streams` lowers the array stream ops and the stream order
// of GPU work to, the device queries of the kernel strategies, the
// profiling context of each GPU operation, and the stream-ordered
// allocation of a library function's results. `convert-arrayrt-to-calls`
// turns each into one runtime call.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTSTREAMOPS_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTSTREAMOPS_TD

include "arrayc/Dialect/Arrayrt/IR/ArrayrtBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// An `!array.stream` (array-flatten-stream-regions' markers name one).
def Arrayrt_ArrayStream : Type<
    CPred<"::llvm::isa<::mlir::array::StreamType>($_self)">, "!array.stream",
    "::mlir::array::StreamType">,
  BuildableType<"$_builder.getType<::mlir::array::StreamType>()">;

// Markers keep their place: they read and write the default resource.
class Arrayrt_MarkerOp<string mnemonic, list<Trait> traits = []>
    : Arrayrt_Op<mnemonic, !listconcat(traits,
          [MemoryEffects<[MemRead, MemWrite]>])>;

def Arrayrt_MultiprocessorCountOp : Arrayrt_Op<"multiprocessor_count", [Pure]> {
  let summary = "The number of streaming multiprocessors of the GPU.";
  let description = [{
    The number of SMs of the GPU the program runs on (132 on an H100 or
    H200 SXM), read once from the driver. `array-gpu-map-linalg` sizes
    grid-stride kernels with it so that all their blocks run in one wave;
    `convert-arrayrt-to-calls` lowers it to `arrayrt_multiprocessor_count`.
    Host code only, on the CUDA target.

    ```mlir
    %sms = arrayrt.multiprocessor_count : index
    ```
  }];
  let results = (outs Index:$count);
  let assemblyFormat = "attr-dict `:` type($count)";
}

def Arrayrt_StreamBeginOp : Arrayrt_MarkerOp<"stream_begin"> {
  let summary = "Starts the ops that run on a stream (internal).";
  let description = [{
    `array-flatten-stream-regions` replaces each `array.on_stream` with its
    ops between `arrayrt.stream_begin` and `arrayrt.stream_end` of the same
    stream, so that the tensor and buffer passes see one block;
    `array-gpu-streams` queues the GPU work between them on the stream.
    Pairs nest and stay in one block.

    ```mlir
    arrayrt.stream_begin %s
    %e = array.exp %x : tensor<4xf32>
    arrayrt.stream_end %s
    ```
  }];
  let arguments = (ins Arrayrt_ArrayStream:$stream);
  let assemblyFormat = "$stream attr-dict";
}

def Arrayrt_StreamEndOp : Arrayrt_MarkerOp<"stream_end"> {
  let summary = "Ends the ops that run on a stream (internal).";
  let description = [{
    Closes the innermost `arrayrt.stream_begin` of the same stream in the same
    block.

    ```mlir
    arrayrt.stream_end %s
    ```
  }];
  let arguments = (ins Arrayrt_ArrayStream:$stream);
  let assemblyFormat = "$stream attr-dict";
}

//===----------------------------------------------------------------------===//
// Streams and events (array-gpu-streams)
//===----------------------------------------------------------------------===//

def Arrayrt_DefaultStreamOp : Arrayrt_Op<"default_stream", [Pure]> {
  let summary = "The program's default stream (`arrayrt_default_stream`).";
  let description = [{
    A non-blocking stream the runtime creates once; GPU work that no
    `array.on_stream` places goes there.

    ```mlir
    %s = arrayrt.default_stream
    ```
  }];
  let results = (outs Arrayrt_StreamType:$stream);
  let assemblyFormat = "attr-dict";
}

def Arrayrt_StreamCreateOp : Arrayrt_MarkerOp<"stream_create"> {
  let summary = "Creates a stream (`arrayrt_stream_create`).";
  let results = (outs Arrayrt_StreamType:$stream);
  let assemblyFormat = "attr-dict";
}

def Arrayrt_StreamDestroyOp : Arrayrt_MarkerOp<"stream_destroy"> {
  let summary = "Destroys a stream whose work is done "
                "(`arrayrt_stream_destroy`).";
  let arguments = (ins Arrayrt_StreamType:$stream);
  let assemblyFormat = "$stream attr-dict";
}

def Arrayrt_StreamSynchronizeOp : Arrayrt_MarkerOp<"stream_synchronize"> {
  let summary = "Makes the host wait for a stream's work "
                "(`arrayrt_stream_synchronize`).";
  let arguments = (ins Arrayrt_StreamType:$stream);
  let assemblyFormat = "$stream attr-dict";
}

def Arrayrt_StreamWaitStreamOp : Arrayrt_MarkerOp<"stream_wait_stream"> {
  let summary = "Orders `waiter`'s later work after the work queued on "
                "`stream` so far (`arrayrt_stream_wait_stream`).";
  let arguments = (ins Arrayrt_StreamType:$waiter, Arrayrt_StreamType:$stream);
  let assemblyFormat = "$waiter `,` $stream attr-dict";
}

def Arrayrt_EventCreateOp : Arrayrt_MarkerOp<"event_create"> {
  let summary = "Creates an event (`arrayrt_event_create`).";
  let results = (outs Arrayrt_EventType:$event);
  let assemblyFormat = "attr-dict";
}

def Arrayrt_EventRecordOp : Arrayrt_MarkerOp<"event_record"> {
  let summary = "Records `event` after the work queued on `stream` so far "
                "(`arrayrt_event_record`).";
  let arguments = (ins Arrayrt_EventType:$event, Arrayrt_StreamType:$stream);
  let assemblyFormat = "$event `,` $stream attr-dict";
}

def Arrayrt_EventDestroyOp : Arrayrt_MarkerOp<"event_destroy"> {
  let summary = "Destroys an event (`arrayrt_event_destroy`).";
  let arguments = (ins Arrayrt_EventType:$event);
  let assemblyFormat = "$event attr-dict";
}

def Arrayrt_StreamWaitEventOp : Arrayrt_MarkerOp<"stream_wait_event"> {
  let summary = "Orders `stream`'s later work after `event` "
                "(`arrayrt_stream_wait_event`).";
  let arguments = (ins Arrayrt_StreamType:$stream, Arrayrt_EventType:$event);
  let assemblyFormat = "$stream `,` $event attr-dict";
}

def Arrayrt_EventSynchronizeOp : Arrayrt_MarkerOp<"event_synchronize"> {
  let summary = "Makes the host wait for an event "
                "(`arrayrt_event_synchronize`).";
  let arguments = (ins Arrayrt_EventType:$event);
  let assemblyFormat = "$event attr-dict";
}

//===----------------------------------------------------------------------===//
// Graph regions
//===----------------------------------------------------------------------===//

def Arrayrt_GraphBeginOp : Arrayrt_MarkerOp<"graph_begin"> {
  let summary = "Starts one run of a graph region (`arrayrt_graph_begin`).";
  let description = [{
    The device work queued on `stream` until the matching
    `arrayrt.graph_end` is recorded by the runtime and launched there as
    one CUDA graph, replayed when the same kernels, parameters and pointers
    come again (arrayrt/program.h says how). `name` names the region in
    the runtime's reports; each op is its own region. Made by
    `array-graph-regions` at the start of a host loop's body.

    ```mlir
    arrayrt.graph_begin "main: scf.for at cg.mlir:27:5" on %stream
    ```
  }];
  let arguments = (ins StrAttr:$name, Arrayrt_StreamType:$stream);
  let assemblyFormat = "$name `on` $stream attr-dict";
}

def Arrayrt_GraphEndOp : Arrayrt_MarkerOp<"graph_end"> {
  let summary = "Ends one run of a graph region and launches it "
                "(`arrayrt_graph_end`).";
  let description = [{
    Ends the run the `arrayrt.graph_begin` of the same `name` started.

    ```mlir
    arrayrt.graph_end "main: scf.for at cg.mlir:27:5" on %stream
    ```
  }];
  let arguments = (ins StrAttr:$name, Arrayrt_StreamType:$stream);
  let assemblyFormat = "$name `on` $stream attr-dict";
}

def Arrayrt_GraphWhileEndOp : Arrayrt_MarkerOp<"graph_while_end"> {
  let summary = "Ends a run of a graph region that is one iteration of a "
                "while loop, and runs the rest of the loop on the device "
                "(`arrayrt_graph_while_end`).";
  let description = [{
    Ends the run the `arrayrt.graph_begin` of the same `name` started, a
    run that is one iteration of a while loop (its body, then its test,
    written to the device buffer `test`), after the host has seen the test
    pass. The runtime launches that iteration and all further ones as one
    CUDA graph whose conditional WHILE node repeats them while `test` holds
    (arrayrt/program.h); `ran` is true then, and the loop is over for the
    host. False: the iteration was queued as `arrayrt.graph_end` queues a
    run (graphs off, the recording broken, conditional graphs unavailable),
    and the host reads `test` itself. Made by `array-graph-while`.

    ```mlir
    %ran = arrayrt.graph_while_end "main: scf.while at cg.mlir:30:5" on %stream
        test %flag : memref<i1>
    ```
  }];
  let arguments = (ins StrAttr:$name, Arrayrt_StreamType:$stream,
                       Arg<MemRefRankOf<[I1], [0]>, "", [MemRead]>:$test);
  let results = (outs I1:$ran);
  let assemblyFormat =
      "$name `on` $stream `test` $test attr-dict `:` type($test)";
}

//===----------------------------------------------------------------------===//
// Profiling
//===----------------------------------------------------------------------===//

// Ranges, host spans and op contexts write the default resource, which
// keeps them in program order with the ops that print or save;
// array-gpu-streams sees no buffer they use, so they cost no
// synchronization.
def Arrayrt_RangePushOp : Arrayrt_Op<"range_push",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "Opens a named profiler range (`arrayrt_range_push`).";
  let description = [{
    The lowered `array.range_push`; see there.

    ```mlir
    arrayrt.range_push "normalize"
    ```
  }];
  let arguments = (ins StrAttr:$name);
  let assemblyFormat = "$name attr-dict";
}

def Arrayrt_RangePopOp : Arrayrt_Op<"range_pop", [MemoryEffects<[MemWrite]>]> {
  let summary = "Closes the innermost profiler range (`arrayrt_range_pop`).";
  let assemblyFormat = "attr-dict";
}

def Arrayrt_HostSpanBeginOp : Arrayrt_Op<"host_span_begin",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "Starts a span of an op's host work "
                "(`arrayrt_host_span_begin`).";
  let description = [{
    `array-cpu-profile-spans` brackets the host work of each array op of a
    CPU program (a loop nest, a runtime call) with `host_span_begin` and
    `host_span_end`; `name` is the op's label (`array.exp @ prog.mlir:12:5`).
    Under `ARRAYRT_PROFILE` the runtime adds the span's host time to the
    row of its name, and under `ARRAYRT_TRACE` it becomes an event of its
    thread's track; otherwise the call costs a test of a flag.

    ```mlir
    arrayrt.host_span_begin "array.exp @ prog.mlir:12:5"
    linalg.generic ... ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {...}
    arrayrt.host_span_end
    ```
  }];
  let arguments = (ins StrAttr:$name);
  let assemblyFormat = "$name attr-dict";
}

def Arrayrt_HostSpanEndOp : Arrayrt_Op<"host_span_end",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "Ends the innermost open span of the thread "
                "(`arrayrt_host_span_end`).";
  let assemblyFormat = "attr-dict";
}

def Arrayrt_SetOpOp : Arrayrt_Op<"set_op", [MemoryEffects<[MemWrite]>]> {
  let summary = "Names the array op the next GPU operation runs "
                "(`arrayrt_set_op`).";
  let description = [{
    The op's location gives the label (`formatOpLabel`: the array op's
    name) and the `file:line:col` the runtime puts in its error messages
    and profiles; without a source location both are null, so that the
    previous op's name does not stick. `bytes` is what the operation's
    buffers hold (the bandwidth column of the profile). `array-gpu-op-context`
    puts one before every GPU operation and stream-ordered call, and
    `array-check-allocations` before each checked host allocation.

    ```mlir
    arrayrt.set_op %bytes loc(#loc)
    ```
  }];
  let arguments = (ins I64:$bytes);
  let assemblyFormat = "$bytes attr-dict";
}

//===----------------------------------------------------------------------===//
// Run-time checks (array-check-allocations)
//===----------------------------------------------------------------------===//

def Arrayrt_BadAllocationOp : Arrayrt_Op<"bad_allocation",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Stops the program: an allocation's sizes are negative or "
                "its byte count overflows (`arrayrt_bad_allocation`).";
  let description = [{
    `sizes` holds the `rank` sizes of the allocation (at least one element);
    the runtime prints the op (the label of this op's location), the shape
    of `element_type` elements and the reason, and exits with status 1.
    `array-check-allocations` calls it when its check fails.

    ```mlir
    arrayrt.bad_allocation %sizes {element_type = f32, rank = 2 : i64}
        : memref<2xi64>
    ```
  }];
  let arguments = (ins MemRefOf<[I64]>:$sizes, TypeAttr:$element_type,
                       I64Attr:$rank);
  let assemblyFormat = "$sizes attr-dict `:` type($sizes)";
}

//===----------------------------------------------------------------------===//
// Results of exported functions (array-export-result-buffers)
//===----------------------------------------------------------------------===//

def Arrayrt_ResultAllocOp : Arrayrt_Op<"result_alloc", [AttrSizedOperandSegments]> {
  let summary = "Allocates result `result` of a library function: the "
                "caller's tensor when it may be written in place "
                "(`arrayrt_abi_result_alloc`).";
  let description = [{
    A `gpu.alloc` on `stream` whose buffer the library function returns as
    its result number `result`. When the function is called with the
    caller's tensors for its results (`<prefix>_<f>_into`, `out=`) and the
    caller's tensor for this result has this shape, is on the call's stream
    (the op's stream is the caller's), is aligned like a pool block and
    overlaps no argument and no other result tensor, the runtime returns
    that tensor's memory, so that the function computes the result where
    the caller wants it and no copy follows; otherwise it allocates from the
    pool, as `gpu.alloc` does. `array-export-result-buffers` creates it.

    ```mlir
    %y = arrayrt.result_alloc(%n) result 0 on %stream : memref<?xf32>
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$result,
                       Variadic<Index>:$dynamic_sizes,
                       Optional<Arrayrt_StreamType>:$stream);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$memref);
  let assemblyFormat = [{
    (`(` $dynamic_sizes^ `)`)? `result` $result (`on` $stream^)? attr-dict
    `:` type($memref)
  }];
  let hasVerifier = 1;
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTSTREAMOPS_TD
