//===- ArrayStreamOps.td - streams, events and copies ------*- tablegen -*-===//
//
// CUDA streams and events in the program: work placed on a stream
// (array.on_stream) runs in order on that stream and concurrently with
// other streams; events order one stream after another. On the CPU target
// every stream op is a no-op and the program runs sequentially.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYSTREAMOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYSTREAMOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Array_Type<string name, string typeMnemonic>
    : TypeDef<Array_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Array_StreamType : Array_Type<"Stream", "stream"> {
  let summary = "A queue of GPU work (a non-blocking CUDA stream).";
  let description = [{
    Work on one stream runs in program order; work on different streams may
    run concurrently. Created by `array.stream_create`, which the function
    that creates it owns: the lowering synchronizes and destroys it before
    the function returns.
  }];
}

def Array_EventType : Array_Type<"Event", "event"> {
  let summary = "A point in a stream's work (a CUDA event).";
  let description = [{
    Created by `array.event_record`: the work queued on the stream before
    it. Other streams wait for it with `array.stream_wait`, the host with
    `array.event_synchronize`.
  }];
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

// The stream ops order themselves with every other op that touches memory
// (they read and write the default resource), so no pass moves work across
// them or removes them.
class Array_StreamOp<string mnemonic, list<Trait> traits = []>
    : Array_Op<mnemonic, !listconcat(traits,
          [MemoryEffects<[MemRead, MemWrite]>])>;

def Array_StreamCreateOp : Array_StreamOp<"stream_create"> {
  let summary = "Creates a stream for GPU work.";
  let description = [{
    A new non-blocking stream (it does not synchronize with the legacy
    default stream). Work outside any `array.on_stream` runs on the
    program's default stream, one non-blocking stream per program.

    ```mlir
    %s = array.stream_create
    ```
  }];
  let results = (outs Array_StreamType:$stream);
  let assemblyFormat = "attr-dict";
}

def Array_OnStreamOp : Array_Op<"on_stream", [
    SingleBlockImplicitTerminator<"StreamYieldOp">,
    RecursiveMemoryEffects]> {
  let summary = "Runs the ops of its region on a stream.";
  let description = [{
    The kernels, copies, allocations and frees that the ops of the region
    lower to are queued on `stream`. The region's values are the op's
    results (the `array.stream_yield` operands). Dependencies across
    streams need no annotation: where an op reads or writes an array that
    work on another stream wrote or read, the lowering makes its stream wait
    for an event recorded on the other one (never for the whole device),
    and the host waits for a stream only before it reads or frees memory
    that the stream's work still uses. `array.event_record` and
    `array.stream_wait` order streams explicitly beyond that.

    A two-stream pipeline: the copy of chunk 1 overlaps the compute on
    chunk 0.

    ```mlir
    %copy = array.stream_create
    %compute = array.stream_create
    %d0 = array.on_stream %copy -> tensor<1024xf32> {
      %d = array.to_device %c0 : tensor<1024xf32>
      array.stream_yield %d : tensor<1024xf32>
    }
    %d1 = array.on_stream %copy -> tensor<1024xf32> {
      %d = array.to_device %c1 : tensor<1024xf32>
      array.stream_yield %d : tensor<1024xf32>
    }
    %r0 = array.on_stream %compute -> tensor<1024xf32> {
      %e = array.exp %d0 : tensor<1024xf32>
      array.stream_yield %e : tensor<1024xf32>
    }
    ```

    On the CPU target the region simply runs in place.
  }];
  let arguments = (ins Array_StreamType:$stream);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$stream (`->` type($results)^)? $body attr-dict";
  let hasVerifier = 1;
}

def Array_StreamYieldOp : Array_Op<"stream_yield", [
    Pure, Terminator, ReturnLike, HasParent<"OnStreamOp">]> {
  let summary = "Ends an `array.on_stream` region and gives its results.";
  let description = [{
    The operands become the results of the enclosing `array.on_stream`
    (same number and types). Without operands it may be left out.

    ```mlir
    array.stream_yield %d : tensor<1024xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def Array_EventRecordOp : Array_StreamOp<"event_record"> {
  let summary = "Records an event at the current end of a stream.";
  let description = [{
    The event completes when the work queued on `stream` so far (in program
    order) has finished.

    ```mlir
    %e = array.event_record %s
    ```
  }];
  let arguments = (ins Array_StreamType:$stream);
  let results = (outs Array_EventType:$event);
  let assemblyFormat = "$stream attr-dict";
}

def Array_StreamWaitOp : Array_StreamOp<"stream_wait"> {
  let summary = "Makes a stream's later work wait for an event.";
  let description = [{
    Work queued on `stream` after this op starts only once `event` has
    completed; the host does not wait.

    ```mlir
    array.stream_wait %compute, %e
    ```
  }];
  let arguments = (ins Array_StreamType:$stream, Array_EventType:$event);
  let assemblyFormat = "$stream `,` $event attr-dict";
}

def Array_StreamSynchronizeOp : Array_StreamOp<"stream_synchronize"> {
  let summary = "Makes the host wait for a stream's work.";
  let description = [{
    Returns once all work queued on `stream` has finished.

    ```mlir
    array.stream_synchronize %s
    ```
  }];
  let arguments = (ins Array_StreamType:$stream);
  let assemblyFormat = "$stream attr-dict";
}

def Array_EventSynchronizeOp : Array_StreamOp<"event_synchronize"> {
  let summary = "Makes the host wait for an event.";
  let description = [{
    Returns once the work before `event` has finished.

    ```mlir
    array.event_synchronize %e
    ```
  }];
  let arguments = (ins Array_EventType:$event);
  let assemblyFormat = "$event attr-dict";
}

def Array_ToDeviceOp : Array_Op<"to_device", [Pure, SameOperandsAndResultType]> {
  let summary = "Copies an array to device memory (an asynchronous copy).";
  let description = [{
    The result has the same values as `input`. On the CUDA target it is a
    new device buffer filled by one copy queued on the current stream: from
    host memory when `input` is a constant (through the runtime's pinned
    staging pool, so the copy overlaps work on other streams), else a
    device-to-device copy. Where a plain constant would be copied to the
    device once at the start of the function, `array.to_device` places the
    copy where it stands, on its stream. On the CPU target it is a copy.

    ```mlir
    %c = array.constant dense<1.5> : tensor<1024xf32>
    %d = array.to_device %c : tensor<1024xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$input);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYSTREAMOPS_TD
