//===- ArrayrtInterfaces.td - arrayrt op interfaces ----------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTINTERFACES_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTINTERFACES_TD

include "mlir/IR/OpBase.td"

def Arrayrt_StreamOrderedOpInterface
    : OpInterface<"StreamOrderedOpInterface"> {
  let cppNamespace = "::mlir::arrayrt";
  let description = [{
    An op whose device work is queued on a stream, as a kernel launch is:
    a library call (cuBLASLt, cuSPARSE) or a copy between a file and a
    device buffer. `array-gpu-streams` puts the stream of the op's position
    in its `stream` operand and orders it after the work on other streams
    that its buffers depend on; the buffers it reads and writes are those
    its memory effects name. Without a stream the call is queued on the
    legacy default stream (the CPU target's form has none).
  }];
  let methods = [
    InterfaceMethod<"Whether the op queues device work.", "bool",
      "isStreamOrdered", (ins), "", [{ return true; }]>,
    InterfaceMethod<"The stream the work is queued on, or null.",
      "::mlir::Value", "getStream", (ins), [{ return $_op.getStream(); }]>,
    InterfaceMethod<"Queues the work on `stream`.", "void", "setStream",
      (ins "::mlir::Value":$stream),
      [{ $_op.getStreamMutable().assign(stream); }]>,
  ];
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTINTERFACES_TD
