//===- arrayc.cpp - The Arrayc ahead-of-time compiler driver --------------===//
//
//   arrayc prog.mlir -o prog [--target=cuda|cpu] [--arch=sm_90a]
//          [--emit=mlir|linalg|gpu|llvm|ptx|obj|exe] [-O0..3]
//
// Runs the same pipelines array-opt registers, in process, then LLVM's code
// generator, then links the object with the arrayrt runtime. The program's
// func.func @main() becomes the C function arrayc_program_main; the C main
// comes from libarrayrt_main.a (it runs the program, or benchmarks it under
// ARRAYRT_BENCH).
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"
#include "Link.h"

#include "arrayc/InitAll.h"
#include "arrayc/Target/GpuBinaryToPtx.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {

enum class Target { Cuda, Cpu };

/// What to write, in pipeline order: each includes every step before it.
enum class Emit { Mlir, Linalg, Gpu, Llvm, Ptx, Obj, Exe };

cl::OptionCategory category("arrayc options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                cl::value_desc("file"), cl::cat(category));
cl::opt<Target> target(
    "target", cl::desc("Where the program runs"), cl::init(Target::Cuda),
    cl::values(clEnumValN(Target::Cuda, "cuda", "NVIDIA GPU (default)"),
               clEnumValN(Target::Cpu, "cpu", "the host CPU only")),
    cl::cat(category));
cl::opt<Emit> emit(
    "emit", cl::desc("What to produce"), cl::init(Emit::Exe),
    cl::values(
        clEnumValN(Emit::Mlir, "mlir", "the parsed and verified input"),
        clEnumValN(Emit::Linalg, "linalg", "MLIR after lowering to linalg"),
        clEnumValN(Emit::Gpu, "gpu",
                   "MLIR with outlined GPU kernels (cuda), or loops (cpu)"),
        clEnumValN(Emit::Llvm, "llvm", "host LLVM IR"),
        clEnumValN(Emit::Ptx, "ptx", "the kernels' PTX (cuda)"),
        clEnumValN(Emit::Obj, "obj", "a host object file"),
        clEnumValN(Emit::Exe, "exe", "an executable (default)")),
    cl::cat(category));
cl::opt<std::string> arch("arch", cl::desc("GPU architecture (cuda target)"),
                          cl::init("sm_90a"), cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("Optimization level (0-3)"),
                           cl::Prefix, cl::init(3), cl::cat(category));
cl::opt<std::string> runtimeLib("runtime-lib",
                                cl::desc("The arrayrt archive to link"),
                                cl::value_desc("path"), cl::cat(category));
cl::opt<std::string> cudaToolkit("cuda-toolkit",
                                 cl::desc("CUDA toolkit for ptxas/fatbinary"),
                                 cl::init(ARRAYC_CUDA_TOOLKIT_PATH),
                                 cl::cat(category));
cl::opt<bool> matmulTf32(
    "matmul-tf32",
    cl::desc("Compute float32 matrix products on TF32 tensor cores (cuda "
             "target; an op's precision = \"highest\" keeps it exact)"),
    cl::cat(category));
cl::opt<bool> matmulBlas(
    "matmul-blas",
    cl::desc("Float matrix products through cuBLASLt (cuda target; "
             "--matmul-blas=false: generated kernels, queued on the op's "
             "stream like any other kernel)"),
    cl::init(true), cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("Print the link command"),
                      cl::cat(category));

/// Reports `error` as `arrayc: error: ...` and returns the failing exit code.
int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "arrayc") << message << "\n";
  return 1;
}

int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// The name the entry point is compiled to (kProgramEntry) must be free.
LogicalResult verifyEntrySymbolFree(ModuleOp module) {
  if (Operation *clash = module.lookupSymbol(arrayc::kProgramEntry))
    return clash->emitError("the symbol name '")
           << arrayc::kProgramEntry
           << "' is reserved for the compiled entry point (@main); rename "
              "this symbol";
  return success();
}

/// The program's entry point must be `func.func @main()`.
LogicalResult verifyEntryPoint(ModuleOp module) {
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (!main)
    return module.emitError(
        "expected a 'func.func @main()' as the program's entry point");
  if (main.getNumArguments() != 0 || main.getNumResults() != 0)
    return main.emitError("expected @main to take no arguments and return "
                          "nothing, found ")
           << main.getFunctionType();
  return success();
}

std::string defaultOutput() {
  if (emit == Emit::Exe)
    return "a.out";
  if (emit == Emit::Obj) {
    llvm::StringRef stem = llvm::sys::path::stem(inputFile);
    return (stem == "-" ? "a" : stem.str()) + ".o";
  }
  return "-";
}

void buildPipeline(PassManager &pm, array::PipelineStage stage) {
  if (target == Target::Cpu) {
    array::ArrayToCpuPipelineOptions options;
    array::buildArrayToCpuPipeline(pm, options, stage);
    return;
  }
  array::ArrayToCudaPipelineOptions options;
  options.chip = arch;
  options.optLevel = std::min(optLevel.getValue(), 3u);
  options.matmulTf32 = matmulTf32;
  options.matmulBlas = matmulBlas;
  options.toolkitPath = cudaToolkit;
  options.binaryFormat = emit == Emit::Ptx ? "isa" : "fatbin";
  array::buildArrayToCudaPipeline(pm, options, stage);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerAsmPrinterCLOptions();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Arrayc: compile array programs for NVIDIA "
                              "GPUs and CPUs\n");
  if (emit == Emit::Ptx && target != Target::Cuda)
    return fail("--emit=ptx needs --target=cuda");
  if (outputFile.empty())
    outputFile = defaultOutput();

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  array::registerArrayDialects(registry);
  MLIRContext context(registry);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  auto writeText = [&](llvm::function_ref<LogicalResult(llvm::raw_ostream &)>
                           write) -> int {
    auto output = openOutputFile(outputFile, &error);
    if (!output)
      return fail(error);
    if (failed(write(output->os())))
      return 1;
    output->keep();
    return 0;
  };

  if (emit == Emit::Mlir)
    return writeText([&](llvm::raw_ostream &os) {
      module->print(os);
      return success();
    });
  if (emit >= Emit::Exe && failed(verifyEntryPoint(*module)))
    return 1;
  if (emit >= Emit::Llvm && failed(verifyEntrySymbolFree(*module)))
    return 1;

  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return 1;
  array::PipelineStage stage = emit == Emit::Linalg ? array::PipelineStage::Linalg
                               : emit == Emit::Gpu  ? array::PipelineStage::Kernels
                                                    : array::PipelineStage::Llvm;
  buildPipeline(pm, stage);
  if (failed(pm.run(*module)))
    return 1;

  if (emit == Emit::Linalg || emit == Emit::Gpu)
    return writeText([&](llvm::raw_ostream &os) {
      module->print(os);
      return success();
    });
  if (emit == Emit::Ptx)
    return writeText([&](llvm::raw_ostream &os) {
      return array::writeGpuBinaryPtx(*module, os);
    });

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext, inputFile);
  if (!llvmModule)
    return fail("translation to LLVM IR failed");
  arrayc::renameEntryPoint(*llvmModule);
  if (llvm::Error err = arrayc::optimizeForHost(*llvmModule, optLevel))
    return fail(std::move(err));

  if (emit == Emit::Llvm)
    return writeText([&](llvm::raw_ostream &os) {
      llvmModule->print(os, nullptr);
      return success();
    });

  if (emit == Emit::Obj) {
    auto output = openOutputFile(outputFile, &error);
    if (!output)
      return fail(error);
    if (llvm::Error err =
            arrayc::emitHostObject(*llvmModule, optLevel, output->os()))
      return fail(std::move(err));
    output->keep();
    return 0;
  }

  // An executable: object to a temporary file, then link.
  llvm::SmallString<128> objectPath;
  int objectFd;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "arrayc", "o", objectFd, objectPath))
    return fail("cannot create a temporary object file: " + ec.message());
  llvm::FileRemover removeObject(objectPath);
  {
    llvm::raw_fd_ostream objectStream(objectFd, /*shouldClose=*/true);
    if (llvm::Error err =
            arrayc::emitHostObject(*llvmModule, optLevel, objectStream))
      return fail(std::move(err));
  }
  arrayc::LinkOptions link = arrayc::defaultLinkOptions(argv[0]);
  if (!runtimeLib.empty())
    link.runtimeLibrary = runtimeLib;
  link.verbose = verbose;
  if (llvm::Error err = arrayc::linkExecutable(objectPath, outputFile, link))
    return fail(std::move(err));
  return 0;
}
