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
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// On a func.func: the #arrayrt.export of a function the compiled
    /// artifact exports (array-mark-exports).
    static constexpr ::llvm::StringLiteral kExportAttrName = "arrayrt.export";
    /// On an exported function's argument: the name the ABI gives it (its
    /// SSA name in the source; arrayc sets it).
    static constexpr ::llvm::StringLiteral kArgNameAttrName = "arrayrt.name";
  }];
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

// How an exported function is called (runtime/include/arrayrt/abi.h).
def Arrayrt_ExportKind : I32EnumAttr<"ExportKind", "how a function is exported", [
    // An executable's @main: arguments from the command line; returns with
    // its device work finished.
    I32EnumAttrCase<"entry", 0>,
    // A shared library's function: called on DLPack tensors, returns with
    // its work queued on the caller's stream.
    I32EnumAttrCase<"library", 1>]> {
  let cppNamespace = "::mlir::arrayrt";
  let genSpecializedAttr = 0;
}

// How arrayrt.all_reduce combines the processes' elements (the values of
// arrayrt_reduction_t, runtime/include/arrayrt/collectives.h).
def Arrayrt_Reduction : I32EnumAttr<"Reduction", "collective reduction", [
    I32EnumAttrCase<"sum", 0>,
    I32EnumAttrCase<"product", 1>,
    I32EnumAttrCase<"min", 2>,
    I32EnumAttrCase<"max", 3>,
    I32EnumAttrCase<"bitwise_and", 4>,
    I32EnumAttrCase<"bitwise_or", 5>,
    I32EnumAttrCase<"bitwise_xor", 6>]> {
  let cppNamespace = "::mlir::arrayrt";
  let genSpecializedAttr = 0;
}
def Arrayrt_ReductionAttr : EnumAttr<Arrayrt_Dialect, Arrayrt_Reduction,
                                     "reduction">;

def Arrayrt_ExportAttr : AttrDef<Arrayrt_Dialect, "Export"> {
  let mnemonic = "export";
  let summary = "the ABI signature of an exported function";
  let description = [{
    `array-mark-exports` puts it on each function the artifact exports, as
    `arrayrt.export`, while the function still takes and returns tensors:
    how it is exported, the prefix of its C names (`<prefix>_<name>`,
    libraries only), its signature at the `array` level (the dtypes and
    shapes the runtime checks arguments against) and its arguments' names.
    `array-gpu-streams` reads the kind (a library function returns without
    waiting for the device); `array-export-abi` emits the signature table,
    the packed entry point and the C functions from it; arrayc writes the C
    header from it.

    ```mlir
    func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {
      arrayrt.export = #arrayrt.export<kind = library, prefix = "prog",
          signature = (tensor<?x?xf32>) -> tensor<?x?xf32>, arg_names = ["x"]>}
    ```
  }];
  let parameters = (ins
    EnumParameter<Arrayrt_ExportKind>:$kind,
    "::mlir::StringAttr":$prefix,
    "::mlir::FunctionType":$signature,
    "::mlir::ArrayAttr":$arg_names
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTBASE_TD
