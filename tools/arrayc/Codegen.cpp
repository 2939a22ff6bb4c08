//===- Codegen.cpp - LLVM IR to host object code --------------------------===//

#include "Codegen.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

void arrayc::renameEntryPoint(Module &module) {
  Function *program = module.getFunction("main");
  if (!program || program->isDeclaration())
    return;
  program->setName(kProgramEntry);
  program->setLinkage(GlobalValue::ExternalLinkage);
}

static Expected<std::unique_ptr<TargetMachine>>
createHostTargetMachine(unsigned optLevel) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  Triple triple(sys::getDefaultTargetTriple());
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(inconvertibleErrorCode(),
                             "no LLVM target for host triple " + triple.str() +
                                 ": " + error);
  auto level = static_cast<CodeGenOptLevel>(std::min(optLevel, 3u));
  std::unique_ptr<TargetMachine> machine(
      target->createTargetMachine(triple, "generic", "", TargetOptions(),
                                  Reloc::PIC_, std::nullopt, level));
  if (!machine)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a target machine for " +
                                 triple.str());
  return machine;
}

Error arrayc::optimizeForHost(Module &module, unsigned optLevel) {
  auto machine = createHostTargetMachine(optLevel);
  if (!machine)
    return machine.takeError();
  module.setTargetTriple((*machine)->getTargetTriple());
  module.setDataLayout((*machine)->createDataLayout());
  auto transformer = mlir::makeOptimizingTransformer(optLevel, /*sizeLevel=*/0,
                                                     machine->get());
  return transformer(&module);
}

Error arrayc::emitHostObject(Module &module, unsigned optLevel,
                             raw_pwrite_stream &os) {
  auto machine = createHostTargetMachine(optLevel);
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
