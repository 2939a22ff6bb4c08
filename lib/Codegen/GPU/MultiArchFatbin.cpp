//===- MultiArchFatbin.cpp - One fatbin for several GPU architectures -----===//
//
// gpu-module-to-binary makes one object per target of a gpu.module, and the
// host code embeds only the first. For `arrayc --arch=sm_80,sm_90a`, the
// module has a target per architecture and is serialized to PTX for each;
// this pass compiles each PTX with ptxas for its chip and packs the cubins,
// and the newest chip's PTX (which the driver compiles for later GPUs), into
// one fatbin: the object the program loads, whose right image the driver
// picks on the GPU it runs on.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"
#include "arrayc/Support/GpuChip.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUMULTIARCHFATBIN
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// "90a" of "sm_90a"; the number alone (gpuChipVersion) orders chips.
StringRef chipSuffix(StringRef chip) { return chip.drop_front(3); }

struct ArrayGpuMultiArchFatbinPass
    : array::impl::ArrayGpuMultiArchFatbinBase<ArrayGpuMultiArchFatbinPass> {
  using Base::Base;

  /// Runs `args` (args[0] the program); on failure reports its output.
  LogicalResult run(Operation *op, ArrayRef<StringRef> args,
                    StringRef logPath) {
    std::optional<StringRef> redirects[] = {std::nullopt, logPath, logPath};
    std::string message;
    int status = llvm::sys::ExecuteAndWait(args[0], args, std::nullopt,
                                           redirects, 0, 0, &message);
    if (status == 0)
      return success();
    auto log = llvm::MemoryBuffer::getFile(logPath);
    InFlightDiagnostic error =
        op->emitError() << llvm::sys::path::filename(args[0]) << " failed";
    if (!message.empty())
      error << " (" << message << ")";
    if (log && !(*log)->getBuffer().empty())
      error << ":\n" << (*log)->getBuffer().rtrim();
    return failure();
  }

  LogicalResult pack(gpu::BinaryOp binary, StringRef folder) {
    struct Image {
      NVVM::NVVMTargetAttr target;
      StringRef ptx;
      std::string ptxPath, cubinPath;
    };
    SmallVector<Image> images;
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || object.getFormat() != gpu::CompilationTarget::Assembly)
        return binary.emitError("expected PTX objects for NVVM targets to "
                                "pack into one fatbin");
      images.push_back({target, object.getObject().getValue(), "", ""});
    }
    SmallString<128> ptxas(toolkitPath), fatbinary(toolkitPath);
    llvm::sys::path::append(ptxas, "bin", "ptxas");
    llvm::sys::path::append(fatbinary, "bin", "fatbinary");
    SmallString<128> log(folder), fatbin(folder);
    llvm::sys::path::append(log, "tool.log");
    llvm::sys::path::append(fatbin, "program.fatbin");
    SmallVector<std::string> options;
    for (StringRef option : llvm::split(ptxasOptions.getValue(), ' '))
      if (!option.empty())
        options.push_back(option.str());

    const Image *newest = &images.front();
    for (auto [index, image] : llvm::enumerate(images)) {
      std::string stem =
          (Twine(folder) + "/" + Twine(index) + "_" + image.target.getChip())
              .str();
      image.ptxPath = stem + ".ptx";
      image.cubinPath = stem + ".cubin";
      std::error_code ec;
      llvm::raw_fd_ostream ptxFile(image.ptxPath, ec);
      if (ec)
        return binary.emitError("cannot write ")
               << image.ptxPath << ": " << ec.message();
      // The object's text ends with a NUL for the driver's JIT.
      ptxFile << image.ptx.rtrim('\0');
      ptxFile.close();
      std::string arch = ("-arch=" + image.target.getChip()).str();
      std::string opt = "-O" + std::to_string(image.target.getO());
      SmallVector<StringRef> args = {ptxas, arch, opt};
      for (const std::string &option : options)
        args.push_back(option);
      args.append({image.ptxPath, "-o", image.cubinPath});
      if (failed(run(binary, args, log)))
        return failure();
      if (array::gpuChipVersion(image.target.getChip()) >
          array::gpuChipVersion(newest->target.getChip()))
        newest = &image;
    }
    SmallVector<std::string> imageArgs;
    for (const Image &image : images)
      imageArgs.push_back(
          ("--image3=kind=elf,sm=" + chipSuffix(image.target.getChip()) +
           ",file=" + image.cubinPath)
              .str());
    imageArgs.push_back(
        ("--image3=kind=ptx,sm=" + chipSuffix(newest->target.getChip()) +
         ",file=" + newest->ptxPath)
            .str());
    std::string create = ("--create=" + fatbin).str();
    SmallVector<StringRef> args = {fatbinary, "-64", create};
    for (const std::string &arg : imageArgs)
      args.push_back(arg);
    if (failed(run(binary, args, log)))
      return failure();
    auto packed = llvm::MemoryBuffer::getFile(fatbin);
    if (!packed)
      return binary.emitError("cannot read the fatbin fatbinary wrote");
    auto object = gpu::ObjectAttr::get(
        &getContext(), newest->target, gpu::CompilationTarget::Fatbin,
        StringAttr::get(&getContext(), (*packed)->getBuffer()), nullptr,
        nullptr);
    binary.setObjectsAttr(ArrayAttr::get(&getContext(), {object}));
    return success();
  }

  void runOnOperation() override {
    for (auto binary : getOperation().getOps<gpu::BinaryOp>()) {
      if (binary.getObjects().size() < 2)
        continue;
      SmallString<128> folder;
      if (std::error_code ec =
              llvm::sys::fs::createUniqueDirectory("arrayc-fatbin", folder)) {
        binary.emitError("cannot create a temporary folder: ") << ec.message();
        return signalPassFailure();
      }
      auto cleanup = llvm::make_scope_exit(
          [&] { llvm::sys::fs::remove_directories(folder); });
      if (failed(pack(binary, folder)))
        return signalPassFailure();
    }
  }
};

} // namespace
