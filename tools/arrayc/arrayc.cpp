//===- arrayc.cpp - The Arrayc ahead-of-time compiler driver --------------===//
//
//   arrayc prog.mlir -o prog [--target=cuda|cpu] [--arch=sm_90a]
//          [--emit=mlir|linalg|gpu|llvm|ptx|obj|exe|shared] [-O0..3]
//
// Runs the same pipelines array-opt registers, in process, then LLVM's code
// generator, then links the object with the arrayrt runtime. An executable's
// func.func @main becomes the C function arrayc_program_main with its table
// arrayc_program; the C main comes from libarrayrt_main.a (it reads @main's
// arguments from the command line and runs it, or benchmarks it under
// ARRAYRT_BENCH). A shared library (--emit=shared) exports every public
// function as C functions over DLPack tensors, declared in a generated
// header (docs/abi.md).
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"
#include "Link.h"
#include "Output.h"
#include "Toolkit.h"
#include "Version.h"

#include "arrayc/Config.h"
#include "arrayc/Conversion/ExportAbi/ExportAbi.h"
#include "arrayc/InitAll.h"
#include "arrayc/Support/SourceChecks.h"
#include "arrayc/Target/GpuBinaryToPtx.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/thread.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {

enum class Target { Cuda, Cpu };

/// What to write, in pipeline order: each includes every step before it.
enum class Emit { Mlir, Linalg, Gpu, Llvm, Ptx, Obj, Exe, Shared };

// --help groups the options as clang's does.
cl::OptionCategory outputCategory("Input and output");
cl::OptionCategory targetCategory("Targets");
cl::OptionCategory codegenCategory("Code generation");
cl::OptionCategory debugCategory("Debugging, diagnostics and timing");

cl::opt<std::string> inputFile(cl::Positional,
                               cl::desc("<input.mlir> (- for standard input)"),
                               cl::cat(outputCategory));
cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                cl::value_desc("file"),
                                cl::cat(outputCategory));
cl::opt<Target>
    target("target", cl::desc("Where the program runs"), cl::init(Target::Cuda),
           cl::values(clEnumValN(Target::Cuda, "cuda", "NVIDIA GPU (default)"),
                      clEnumValN(Target::Cpu, "cpu", "the host CPU only")),
           cl::cat(targetCategory));
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
        clEnumValN(Emit::Exe, "exe", "an executable (default)"),
        clEnumValN(Emit::Shared, "shared",
                   "a shared library of the public functions, and its C "
                   "header")),
    cl::cat(outputCategory));
cl::opt<std::string>
    prefix("prefix",
           cl::desc("The C name prefix of a shared library's functions "
                    "(<prefix>_<function>; default: the output's name without "
                    "'lib' and its extension)"),
           cl::value_desc("name"), cl::cat(outputCategory));
cl::opt<std::string> headerFile(
    "header",
    cl::desc("Where --emit=shared writes the C header (default: <prefix>.h "
             "next to the library)"),
    cl::value_desc("file"), cl::cat(outputCategory));
cl::opt<std::string> arch(
    "arch",
    cl::desc("GPU architecture (cuda target): sm_XY embeds machine code for "
             "it (e.g. sm_90a), compute_XY embeds PTX that the driver "
             "compiles for the GPU it runs on (e.g. compute_90); a list "
             "(sm_80,sm_90a) embeds one fatbin with machine code for each "
             "and PTX for the newest, the kernels generated for the oldest"),
    cl::init("sm_90a"), cl::cat(targetCategory));
cl::opt<unsigned> optLevel("O", cl::desc("Optimization level (0-3)"),
                           cl::Prefix, cl::init(3), cl::cat(codegenCategory));
cl::opt<std::string> runtimeLib("runtime-lib",
                                cl::desc("The arrayrt archive to link"),
                                cl::value_desc("path"),
                                cl::cat(outputCategory));
cl::opt<std::string> cudaToolkit("cuda-toolkit",
                                 cl::desc("CUDA toolkit for ptxas/fatbinary"),
                                 cl::init(ARRAYC_CUDA_TOOLKIT_PATH),
                                 cl::cat(targetCategory));
cl::opt<bool> matmulTf32(
    "matmul-tf32",
    cl::desc("Compute float32 matrix products on TF32 tensor cores (cuda "
             "target; an op's precision = \"highest\" keeps it exact)"),
    cl::cat(codegenCategory));
cl::opt<bool> matmulBlas(
    "matmul-blas",
    cl::desc("Float matrix products through cuBLASLt (cuda target; "
             "--matmul-blas=false: generated kernels, queued on the op's "
             "stream like any other kernel), float32 and float64 ones "
             "through the CPU's BLAS (cpu target; false: loops)"),
    cl::init(true), cl::cat(codegenCategory));
cl::opt<bool> parallelLoops(
    "parallel-loops",
    cl::desc("Share the parallel loops of the CPU target among OpenMP "
             "threads (OMP_NUM_THREADS or ARRAYC_NUM_THREADS of them, one per "
             "core by default; loops with little work stay on one thread); "
             "false: one thread"),
    cl::init(true), cl::cat(codegenCategory));
cl::opt<int64_t> parallelGrain(
    "parallel-grain",
    cl::desc("Loops with less work than this many innermost iterations run "
             "on one thread (cpu target; default 65536; 1 shares every "
             "loop, as tests do)"),
    cl::init(65536), cl::cat(codegenCategory));
cl::opt<int64_t> processes(
    "processes",
    cl::desc("The number of MPI processes a sharded program whose grid has "
             "a dynamic size (shard.grid @g(shape = ?)) is compiled for "
             "(cpu target)"),
    cl::init(0), cl::cat(codegenCategory));
cl::opt<bool> attentionDnn(
    "attention-dnn",
    cl::desc("Attention blocks (Q @ K^T, scale, causal mask, softmax, @ V) "
             "as one fused cuDNN call, loaded at run time (cuda target; "
             "--attention-dnn=false: cuBLASLt products and row kernels)"),
    cl::init(true), cl::cat(codegenCategory));
cl::opt<bool> persistentLoops(
    "persistent-loops",
    cl::desc("Run a loop whose body only launches kernels on small arrays "
             "as one kernel whose blocks meet at grid barriers, instead of "
             "launches per iteration (cuda target; --persistent-loops=false: "
             "launches, in CUDA graphs)"),
    cl::init(true), cl::cat(codegenCategory));
cl::opt<bool> registerLoops(
    "register-loops",
    cl::desc("With --persistent-loops: run an iterative solver's loop over "
             "vectors (elementwise updates, dot products, CSR products) as "
             "one kernel whose threads keep their elements in registers "
             "(cuda target; --register-loops=false: the general persistent "
             "kernel)"),
    cl::init(true), cl::cat(codegenCategory));
cl::opt<int64_t> registerLoopElements(
    "register-loop-elements",
    cl::desc("Elements of each vector a thread of a register loop holds "
             "(array-gpu-register-loops' elements-per-thread)"),
    cl::init(2), cl::Hidden, cl::cat(codegenCategory));
cl::opt<bool> printKernelPlan(
    "print-kernel-plan",
    cl::desc("Print how each group of ops becomes GPU kernels, and why, as "
             "remarks at the ops (cuda target)"),
    cl::init(false), cl::cat(debugCategory));
cl::opt<bool> verbose("v", cl::desc("Print the link command"),
                      cl::cat(debugCategory));

cl::opt<std::string> features(
    "features",
    cl::desc("PTX features of the device code, replacing the chip's default "
             "(the lowest PTX ISA it needs), e.g. +ptx86 (cuda target)"),
    cl::value_desc("+ptxNN,..."), cl::cat(targetCategory));
cl::opt<std::string> hostCpu(
    "mcpu",
    cl::desc("The CPU the host code is tuned for and may use the features "
             "of: native (this machine's: the default of the cpu target, "
             "whose programs run where they are compiled), generic (any "
             "x86-64: the default of the cuda target's host code), or an "
             "LLVM CPU name such as x86-64-v3 or skylake-avx512"),
    cl::value_desc("cpu"), cl::cat(targetCategory));
cl::alias hostArch("march", cl::desc("Alias for --mcpu"), cl::aliasopt(hostCpu),
                   cl::cat(targetCategory));
cl::list<std::string> ptxasOptions(
    "Xptxas",
    cl::desc("Pass an option to ptxas (cuda target; repeat for several, "
             "e.g. -Xptxas -v)"),
    cl::value_desc("option"), cl::cat(codegenCategory));
cl::opt<bool> debugInfo(
    "g", cl::desc("Host debug information (DWARF) for the program's functions"),
    cl::cat(debugCategory));
cl::opt<bool> lineInfo(
    "lineinfo",
    cl::desc("Source lines for the kernels: .loc directives in the PTX "
             "pointing at the .mlir lines, as Nsight Compute's source view "
             "reads them (cuda target)"),
    cl::cat(debugCategory));
cl::opt<bool> timing(
    "mlir-timing",
    cl::desc("Print the time each step takes: parsing, every pass of the "
             "MLIR pipeline (device code generation included), the "
             "translation to LLVM IR, host code generation, the link"),
    cl::cat(debugCategory));

/// The compiling thread's stack.
constexpr unsigned kCompileStackBytes = 256u << 20;

/// Reports `error` as `arrayc: error: ...` and returns the failing exit code.
int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "arrayc") << message << "\n";
  return 1;
}

int fail(llvm::Error error) { return fail(llvm::toString(std::move(error))); }

/// The name the entry point is compiled to (kProgramEntry) must be free.
LogicalResult verifyEntrySymbolFree(ModuleOp module) {
  if (Operation *clash = module.lookupSymbol(arrayc::kProgramEntry))
    return clash->emitError("the symbol name '")
           << arrayc::kProgramEntry
           << "' is reserved for the compiled entry point (@main); rename "
              "this symbol";
  return success();
}

/// Names each argument of the functions the artifact exports after its SSA
/// name in the source (`%x` -> "x", arrayrt.name), which the ABI uses in
/// messages, --help and the C header. The parser gives an argument the
/// location of its name.
void nameArguments(ModuleOp module, llvm::SourceMgr &sourceMgr) {
  MLIRContext *context = module.getContext();
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isPrivate() || func.isExternal())
      continue;
    for (BlockArgument arg : func.getArguments()) {
      auto loc = dyn_cast<FileLineColLoc>(arg.getLoc());
      if (!loc)
        continue;
      llvm::SMLoc at = sourceMgr.FindLocForLineAndColumn(
          sourceMgr.getMainFileID(), loc.getLine(), loc.getColumn());
      if (!at.isValid() || *at.getPointer() != '%')
        continue;
      StringRef rest(at.getPointer() + 1);
      StringRef name = rest.take_while([](char c) {
        return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
      });
      if (!name.empty() && !llvm::isDigit(name.front()))
        func.setArgAttr(arg.getArgNumber(),
                        arrayrt::ArrayrtDialect::kArgNameAttrName,
                        StringAttr::get(context, name));
    }
  }
}

/// The C name prefix of a shared library written to `output`: --prefix, or
/// the file's stem without "lib".
llvm::Expected<std::string> libraryPrefix(StringRef output) {
  if (!prefix.empty())
    return prefix.getValue();
  StringRef stem = llvm::sys::path::stem(output);
  if (stem.starts_with("lib"))
    stem = stem.drop_front(3);
  std::string name;
  for (char c : stem)
    name.push_back(llvm::isAlnum(c) ? c : '_');
  if (name.empty() || llvm::isDigit(name.front()))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot derive a C name prefix from the output '" + output.str() +
            "': pass --prefix=<name>");
  return name;
}

std::string defaultOutput() {
  if (emit == Emit::Exe)
    return "a.out";
  if (emit == Emit::Shared) {
    llvm::StringRef stem = llvm::sys::path::stem(inputFile);
    return "lib" + (stem == "-" ? "a" : stem.str()) + ".so";
  }
  if (emit == Emit::Obj) {
    llvm::StringRef stem = llvm::sys::path::stem(inputFile);
    return (stem == "-" ? "a" : stem.str()) + ".o";
  }
  return "-";
}

/// What the options ask of the device code, checked before compiling.
struct DeviceOptions {
  /// What the kernels are generated for: the oldest architecture listed.
  arrayc::GpuArchitecture arch;
  /// The newer ones, which get machine code from the same kernels.
  llvm::SmallVector<arrayc::GpuArchitecture> extra;
};

/// Checks the options that need no input: a clear error before any work.
llvm::Expected<DeviceOptions> checkOptions() {
  auto error = [](const llvm::Twine &message) -> llvm::Error {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  if (inputFile.empty())
    return error("no input file (give a .mlir file, or - to read standard "
                 "input)");
  if (optLevel > 3)
    return error("-O" + llvm::Twine(optLevel.getValue()) +
                 ": the optimization level must be 0, 1, 2 or 3");
  if (emit == Emit::Ptx && target != Target::Cuda)
    return error("--emit=ptx needs --target=cuda");
  if (arch.getNumOccurrences() > 1)
    return error("--arch was given " + llvm::Twine(arch.getNumOccurrences()) +
                 " times; give it once");
  if (parallelGrain < 1)
    return error("--parallel-grain=" + llvm::Twine(parallelGrain.getValue()) +
                 ": the grain must be 1 or more iterations");
  if (processes < 0)
    return error("--processes=" + llvm::Twine(processes.getValue()) +
                 ": the number of processes must be 1 or more");
  if (hostCpu.empty())
    hostCpu = target == Target::Cpu ? "native" : "generic";
  if (llvm::Error bad = arrayc::checkHostCpu(hostCpu))
    return bad;
  if (!features.empty())
    for (llvm::StringRef feature : llvm::split(features.getValue(), ',')) {
      llvm::StringRef name = feature.drop_front();
      if (!(feature.starts_with("+") || feature.starts_with("-")) ||
          name.empty() || !llvm::all_of(name, [](char c) {
            return llvm::isAlnum(c) || c == '_';
          }))
        return error("--features=" + features + ": '" + feature +
                     "' is not a feature; give +name or -name, "
                     "comma-separated (e.g. +ptx86)");
    }
  auto cudaOnly = [&](llvm::StringRef flag, bool given) -> llvm::Error {
    if (given && target != Target::Cuda)
      return error(flag + " is for the device code: it needs --target=cuda");
    return llvm::Error::success();
  };
  if (llvm::Error bad = cudaOnly("--features", !features.empty()))
    return bad;
  if (llvm::Error bad = cudaOnly("-Xptxas", !ptxasOptions.empty()))
    return bad;
  if (llvm::Error bad = cudaOnly("-lineinfo", lineInfo))
    return bad;
  DeviceOptions device;
  if (target != Target::Cuda)
    return device;
  // Device code is serialized from --emit=llvm on: only then are ptxas,
  // fatbinary and libdevice needed.
  std::optional<arrayc::CudaToolkit> toolkit;
  if (emit >= Emit::Llvm) {
    llvm::Expected<arrayc::CudaToolkit> found =
        arrayc::findCudaToolkit(cudaToolkit);
    if (!found)
      return found.takeError();
    toolkit = std::move(*found);
  }
  llvm::Expected<llvm::SmallVector<arrayc::GpuArchitecture>> parsed =
      arrayc::parseGpuArchitectures(arch, toolkit ? &*toolkit : nullptr);
  if (!parsed)
    return parsed.takeError();
  device.arch = parsed->front();
  device.extra.assign(parsed->begin() + 1, parsed->end());
  if (!ptxasOptions.empty() && device.arch.ptxOnly)
    return error("-Xptxas: ptxas does not run for --arch=" + arch +
                 " (the driver compiles the PTX when the program loads it)");
  if (!ptxasOptions.empty() && emit == Emit::Ptx)
    return error("-Xptxas: ptxas does not run for --emit=ptx");
  return device;
}

/// What the compiled artifact exports: an executable its @main, a shared
/// library its public functions, an object or LLVM IR its @main if it has
/// one (to link with libarrayrt_main.a), earlier stages nothing.
struct Exports {
  std::string kind = "none";
  std::string prefix;
};

void buildPipeline(PassManager &pm, array::PipelineStage stage,
                   const DeviceOptions &device, const Exports &exports) {
  if (target == Target::Cpu) {
    array::ArrayToCpuPipelineOptions options;
    options.exportKind = exports.kind;
    options.exportPrefix = exports.prefix;
    options.matmulBlas = matmulBlas;
    // Without an OpenMP runtime to link, the loops stay on one thread.
    options.parallelLoops = parallelLoops && *ARRAYC_OPENMP_RUNTIME;
    options.parallelGrain = parallelGrain;
    options.processes = processes;
    array::buildArrayToCpuPipeline(pm, options, stage);
    return;
  }
  array::ArrayToCudaPipelineOptions options;
  options.exportKind = exports.kind;
  options.exportPrefix = exports.prefix;
  options.chip = device.arch.chip;
  std::string extra;
  for (const arrayc::GpuArchitecture &newer : device.extra)
    extra += (extra.empty() ? "" : ",") + newer.chip;
  options.extraChips = extra;
  options.optLevel = optLevel.getValue();
  options.matmulTf32 = matmulTf32;
  options.matmulBlas = matmulBlas;
  options.attentionDnn = attentionDnn;
  options.printKernelPlan = printKernelPlan;
  options.persistentLoops = persistentLoops;
  options.registerLoops = registerLoops;
  options.registerLoopElements = registerLoopElements;
  options.processes = processes;
  options.toolkitPath = cudaToolkit;
  options.features = features;
  options.ptxasOptions = llvm::join(ptxasOptions, " ");
  options.lineInfo = lineInfo;
  // PTX for --emit=ptx, and embedded for compute_XY (the driver compiles
  // it when the program loads it).
  options.binaryFormat =
      emit == Emit::Ptx || device.arch.ptxOnly ? "isa" : "fatbin";
  array::buildArrayToCudaPipeline(pm, options, stage);
}

/// Parses, checks, lowers and writes the program; returns the exit status.
int compile(const DeviceOptions &device, const char *argv0) {
  // The output is checked before any work, and written only at the end.
  llvm::Expected<std::unique_ptr<arrayc::OutputFile>> output =
      arrayc::OutputFile::create(outputFile);
  if (!output)
    return fail(output.takeError());
  auto commit = [&]() -> int {
    if (llvm::Error error = (*output)->commit())
      return fail(std::move(error));
    return 0;
  };

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  array::registerArrayDialects(registry);
  MLIRContext context(registry);
  // A diagnostic names the op and its location; the IR of the op around it
  // is for compiler developers (array-opt prints it).
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  // Some passes report an error and carry on: any error fails the compile.
  bool sawError = false;
  context.getDiagEngine().registerHandler([&](Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == DiagnosticSeverity::Error)
      sawError = true;
    return failure(); // Printed by the source manager's handler.
  });
  // --mlir-timing: every step below, reported when the compile ends.
  DefaultTimingManager timingManager;
  timingManager.setEnabled(timing);
  TimingScope timers = timingManager.getRootScope();
  TimingScope parseTimer = timers.nest("parse and verify");
  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input)
    return fail(error);
  unsigned bufferId =
      sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  if (failed(array::checkSourceText(sourceMgr, bufferId, &context)))
    return 1;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module || sawError)
    return 1;
  parseTimer.stop();

  auto writeModule = [&]() -> int {
    module->print((*output)->os());
    return commit();
  };
  if (emit == Emit::Mlir)
    return writeModule();
  Exports exports;
  if (emit == Emit::Shared) {
    llvm::Expected<std::string> name = libraryPrefix(outputFile);
    if (!name)
      return fail(name.takeError());
    exports.kind = "library";
    exports.prefix = *name;
  } else if (emit == Emit::Exe ||
             ((emit == Emit::Obj || emit == Emit::Llvm) &&
              module->lookupSymbol<func::FuncOp>("main"))) {
    exports.kind = "entry";
  }
  if (exports.kind != "none")
    nameArguments(*module, sourceMgr);
  if (emit >= Emit::Llvm && emit != Emit::Shared &&
      failed(verifyEntrySymbolFree(*module)))
    return 1;
  if ((emit == Emit::Exe || emit == Emit::Shared) && !ARRAYC_HAVE_MPI)
    for (auto grid : module->getOps<shard::GridOp>()) {
      grid.emitError("a sharded program calls MPI (collectives, or NCCL's "
                     "start on the GPU), but this "
                     "arrayc was built without MPI (install "
                     "libopenmpi-dev and reconfigure)");
      return 1;
    }

  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return 1;
  array::PipelineStage stage =
      emit == Emit::Linalg ? array::PipelineStage::Linalg
      : emit == Emit::Gpu  ? array::PipelineStage::Kernels
                           : array::PipelineStage::Llvm;
  buildPipeline(pm, stage, device, exports);
  // -g: a DWARF subprogram for every host function (the device code,
  // already in its binary, has line tables under -lineinfo).
  if (debugInfo && stage == array::PipelineStage::Llvm) {
    LLVM::DIScopeForLLVMFuncOpPassOptions full;
    full.emissionKind = LLVM::DIEmissionKind::Full;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(full));
  }
  TimingScope pipelineTimer = timers.nest("MLIR pipeline");
  pm.enableTiming(pipelineTimer);
  if (failed(pm.run(*module)) || sawError)
    return 1;
  pipelineTimer.stop();

  if (emit == Emit::Linalg || emit == Emit::Gpu)
    return writeModule();
  if (emit == Emit::Ptx) {
    // A program without kernels has no device code: an empty PTX listing.
    if (module->getOps<gpu::BinaryOp>().empty()) {
      (*output)->os() << "// " << inputFile
                      << ": no GPU kernels (the program runs on the host "
                         "only)\n";
      return commit();
    }
    if (failed(array::writeGpuBinaryPtx(*module, (*output)->os())))
      return 1;
    return commit();
  }

  // The library's header, checked before any work like the library itself
  // and written only when the library is.
  std::unique_ptr<arrayc::OutputFile> header;
  if (emit == Emit::Shared) {
    std::string path = headerFile;
    if (path.empty()) {
      llvm::SmallString<128> next(llvm::sys::path::parent_path(outputFile));
      llvm::sys::path::append(next, exports.prefix + ".h");
      path = std::string(next);
    }
    llvm::Expected<std::unique_ptr<arrayc::OutputFile>> created =
        arrayc::OutputFile::create(path);
    if (!created)
      return fail(created.takeError());
    header = std::move(*created);
    if (failed(array::writeLibraryHeader(
            *module, llvm::sys::path::filename(inputFile), header->os())))
      return 1;
  }

  llvm::LLVMContext llvmContext;
  TimingScope translateTimer = timers.nest("translation to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext, inputFile);
  if (!llvmModule || sawError)
    return fail("translation to LLVM IR failed");
  translateTimer.stop();
  arrayc::renameEntryPoint(*llvmModule);
  TimingScope optimizeTimer = timers.nest("host LLVM optimization");
  if (llvm::Error err = arrayc::optimizeForHost(*llvmModule, optLevel, hostCpu))
    return fail(std::move(err));
  optimizeTimer.stop();
  TimingScope objectTimer = timers.nest("host code generation");

  if (emit == Emit::Llvm) {
    llvmModule->print((*output)->os(), nullptr);
    return commit();
  }
  if (emit == Emit::Obj) {
    if (llvm::Error err = arrayc::emitHostObject(*llvmModule, optLevel, hostCpu,
                                                 (*output)->os()))
      return fail(std::move(err));
    return commit();
  }

  // An executable: object to a temporary file, then link into the output's
  // temporary.
  llvm::SmallString<128> objectPath;
  int objectFd;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "arrayc", "o", objectFd, objectPath))
    return fail("cannot create a temporary object file: " + ec.message());
  llvm::FileRemover removeObject(objectPath);
  {
    llvm::raw_fd_ostream objectStream(objectFd, /*shouldClose=*/true);
    if (llvm::Error err = arrayc::emitHostObject(*llvmModule, optLevel, hostCpu,
                                                 objectStream))
      return fail(std::move(err));
    objectStream.close();
    if (objectStream.has_error()) {
      std::error_code ec = objectStream.error();
      objectStream.clear_error();
      return fail("cannot write the temporary object file '" + objectPath +
                  "': " + ec.message());
    }
  }
  objectTimer.stop();
  TimingScope linkTimer = timers.nest("link");
  arrayc::LinkOptions link = arrayc::defaultLinkOptions(argv0);
  if (!runtimeLib.empty())
    link.runtimeLibrary = runtimeLib;
  link.verbose = verbose;
  if (llvm::Error err =
          emit == Emit::Shared
              ? arrayc::linkSharedLibrary(
                    objectPath, (*output)->temporaryPath(), exports.prefix,
                    llvm::sys::path::filename(outputFile), link)
              : arrayc::linkExecutable(objectPath, (*output)->temporaryPath(),
                                       link))
    return fail(std::move(err));
  if (header)
    if (llvm::Error error = header->commit())
      return fail(std::move(error));
  return commit();
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerAsmPrinterCLOptions();
  cl::HideUnrelatedOptions(
      {&outputCategory, &targetCategory, &codegenCategory, &debugCategory});
  cl::SetVersionPrinter(arrayc::printVersion);
  cl::ParseCommandLineOptions(argc, argv,
                              "Arrayc: compile array programs for NVIDIA "
                              "GPUs and CPUs\n");
  llvm::Expected<DeviceOptions> device = checkOptions();
  if (!device)
    return fail(device.takeError());
  if (outputFile.empty())
    outputFile = defaultOutput();

  // MLIR's parser, verifier and passes recurse into nested regions: a
  // large stack (and checkSourceText's nesting limit) keeps deep programs
  // from overflowing it.
  int status = 1;
  llvm::thread worker(std::optional<unsigned>(kCompileStackBytes),
                      [&] { status = compile(*device, argv[0]); });
  worker.join();
  return status;
}
