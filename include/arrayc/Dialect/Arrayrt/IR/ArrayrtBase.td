//===- ArrayrtBase.td - The arrayrt dialect ------------------*- tablegen -*-===//
//
// The `arrayrt` dialect: what the compiler lowers array programs to before
// the calls into the arrayrt runtime (runtime/include/arrayrt/arrayrt.h).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTBASE_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTBASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "arrayc/Dialect/Array/IR/ArrayDialect.td"

def Arrayrt_Dialect : Dialect {
  let name = "arrayrt";
  let summary = "The forms arrayc lowers array programs to: library calls, "
                "runtime handles, streams and events.";
  let description = [{
    Ops that only the compiler creates, on buffers (memrefs) and runtime
    handles, each standing for one or a few calls of the arrayrt runtime:
    cuBLASLt products with their epilogue, CSR matrices held by the runtime
    and their cuSPARSE products, `.npy`/`.mtx` I/O on host or device
    buffers, the streams and events GPU work is queued on, and the
    profiling context of each GPU operation. Library selection
    (`array-gpu-matmul-to-blas`, `array-gpu-sparse`) and bufferization
    create them; `array-gpu-streams` gives the stream-ordered ones their
    stream; `convert-arrayrt-to-calls`, the one runtime lowering, turns each
    into calls of the runtime's C ABI, last, before the LLVM conversions.
    Products and CSR ops take tensors before bufferization and buffers
    after (destination style, as linalg's ops).
  }];
  let cppNamespace = "::mlir::arrayrt";
  let dependentDialects = ["array::ArrayDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  // Facts the GPU kernel strategies leave for array-gpu-launch-bounds.
  let discardableAttrs = (ins
    // On the loop a kernel is outlined from: the number of its blocks that
    // must fit on an SM at once (NVVM's minctasm after outlining).
    "::mlir::IntegerAttr":$min_blocks_per_sm
  );
}

class Arrayrt_Op<string mnemonic, list<Trait> traits = []>
    : Op<Arrayrt_Dialect, mnemonic, traits>;

class Arrayrt_Type<string name, string typeMnemonic>
    : TypeDef<Arrayrt_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Arrayrt_StreamType : Arrayrt_Type<"Stream", "stream"> {
  let summary = "runtime stream (arrayrt_stream_t)";
  let description = [{
    The stream GPU work is queued on: the program's default stream
    (`arrayrt.default_stream`) or one that `arrayrt.stream_create` made for
    an `array.stream_create`. `array-gpu-streams` creates these values;
    `convert-arrayrt-to-calls` turns them into the runtime's pointers.
  }];
}

def Arrayrt_EventType : Arrayrt_Type<"Event", "event"> {
  let summary = "runtime event (arrayrt_event_t)";
}

// The epilogue of a cuBLASLt product (arrayrt_matmul_epilogue_t, whose
// bias forms the lowering chooses from the bias operand).
def Arrayrt_Epilogue : I32EnumAttr<"Epilogue", "cuBLASLt product epilogue", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"relu", 1>,
    I32EnumAttrCase<"gelu_tanh", 2>]> {
  let cppNamespace = "::mlir::arrayrt";
  let genSpecializedAttr = 0;
}
def Arrayrt_EpilogueAttr : EnumAttr<Arrayrt_Dialect, Arrayrt_Epilogue,
                                    "epilogue">;

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTBASE_TD
