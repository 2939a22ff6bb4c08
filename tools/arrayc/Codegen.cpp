//===- Codegen.cpp - LLVM IR to host object code --------------------------===//

#include "Codegen.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace llvm;

void arrayc::renameEntryPoint(Module &module) {
  Function *program = module.getFunction("main");
  if (!program || program->isDeclaration())
    return;
  program->setName(kProgramEntry);
  program->setLinkage(GlobalValue::ExternalLinkage);
}

static Expected<const Target *> hostTarget(const Triple &triple) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(inconvertibleErrorCode(),
                             "no LLVM target for host triple " + triple.str() +
                                 ": " + error);
  return target;
}

/// The CPU name and feature string for `cpu` (see checkHostCpu).
static std::pair<std::string, std::string> cpuAndFeatures(StringRef cpu) {
  if (cpu != "native")
    return {cpu.str(), ""};
  SubtargetFeatures features;
  for (const auto &[name, enabled] : sys::getHostCPUFeatures())
    features.AddFeature(name, enabled);
  return {sys::getHostCPUName().str(), features.getString()};
}

Error arrayc::checkHostCpu(StringRef cpu) {
  if (cpu == "generic" || cpu == "native")
    return Error::success();
  Triple triple(sys::getDefaultTargetTriple());
  auto target = hostTarget(triple);
  if (!target)
    return target.takeError();
  std::unique_ptr<MCSubtargetInfo> info(
      (*target)->createMCSubtargetInfo(triple, "", ""));
  if (info && info->isCPUStringValid(cpu))
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "--mcpu=" + cpu + ": LLVM does not know the CPU '" +
                               cpu + "' for " + triple.str() +
                               " (generic, native, or a name such as "
                               "x86-64-v3 or skylake-avx512)");
}

static Expected<std::unique_ptr<TargetMachine>>
createHostTargetMachine(unsigned optLevel, StringRef cpu) {
  Triple triple(sys::getDefaultTargetTriple());
  auto target = hostTarget(triple);
  if (!target)
    return target.takeError();
  auto level = static_cast<CodeGenOptLevel>(std::min(optLevel, 3u));
  auto [name, features] = cpuAndFeatures(cpu);
  std::unique_ptr<TargetMachine> machine(
      (*target)->createTargetMachine(triple, name, features, TargetOptions(),
                                     Reloc::PIC_, std::nullopt, level));
  if (!machine)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a target machine for " +
                                 triple.str());
  return machine;
}

Error arrayc::optimizeForHost(Module &module, unsigned optLevel,
                              StringRef cpu) {
  auto machine = createHostTargetMachine(optLevel, cpu);
  if (!machine)
    return machine.takeError();
  module.setTargetTriple((*machine)->getTargetTriple());
  module.setDataLayout((*machine)->createDataLayout());
  // As clang does: the functions say which CPU they are for, so that the
  // optimizer's cost model and the code generator agree (and --emit=llvm
  // shows it).
  if (cpu != "generic") {
    auto [name, features] = cpuAndFeatures(cpu);
    for (Function &function : module)
      if (!function.isDeclaration()) {
        function.addFnAttr("target-cpu", name);
        if (!features.empty())
          function.addFnAttr("target-features", features);
      }
  }
  auto transformer = mlir::makeOptimizingTransformer(optLevel, /*sizeLevel=*/0,
                                                     machine->get());
  return transformer(&module);
}

Error arrayc::emitHostObject(Module &module, unsigned optLevel, StringRef cpu,
                             raw_pwrite_stream &os) {
  auto machine = createHostTargetMachine(optLevel, cpu);
  if (!machine)
    return machine.takeError();
  legacy::PassManager pm;
  if ((*machine)->addPassesToEmitFile(pm, os, nullptr,
                                      CodeGenFileType::ObjectFile))
    return createStringError(inconvertibleErrorCode(),
                             "the host target cannot emit object files");
  pm.run(module);
  return Error::success();
}
