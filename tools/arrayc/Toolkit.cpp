//===- Toolkit.cpp - The CUDA toolkit and GPU architecture ----------------===//

#include "Toolkit.h"

#include "arrayc/Support/GpuChip.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <memory>
#include <tuple>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTargetMC();
}

using namespace llvm;

namespace {

Error error(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// The values `ptxas --help` lists for --gpu-name.
Expected<std::vector<std::string>> ptxasArchitectures(StringRef ptxas) {
  SmallString<128> output;
  int fd;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("arrayc-ptxas", "txt", fd, output))
    return error("cannot run ptxas: " + ec.message());
  sys::fs::closeFile(fd);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(output),
                                          StringRef(output)};
  std::string message;
  int status =
      sys::ExecuteAndWait(ptxas, {ptxas, "--help"}, std::nullopt, redirects,
                          /*SecondsToWait=*/60, 0, &message);
  auto text = MemoryBuffer::getFile(output);
  sys::fs::remove(output);
  if (status != 0 || !text)
    return error("'" + ptxas + " --help' failed" +
                 (message.empty() ? "" : ": " + message));
  std::vector<std::string> names;
  Regex quoted("'((sm|compute)_[0-9]+[af]?)'");
  StringRef rest = (*text)->getBuffer();
  SmallVector<StringRef> groups;
  while (quoted.match(rest, &groups)) {
    names.push_back(groups[1].str());
    rest = rest.substr(groups[0].data() + groups[0].size() - rest.data());
  }
  if (names.empty())
    return error("'" + ptxas + " --help' lists no GPU architectures");
  // In order of the number, then the suffix: sm_75, sm_80, ..., sm_90a.
  auto key = [](StringRef name) {
    StringRef digits = name.drop_until(llvm::isDigit);
    unsigned number = 0;
    digits.consumeInteger(10, number);
    return std::make_tuple(name.take_until(llvm::isDigit).str(), number,
                           digits.str());
  };
  llvm::sort(names, [&](const std::string &a, const std::string &b) {
    return key(a) < key(b);
  });
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

/// True when LLVM's NVPTX back end knows `chip`.
bool llvmKnows(StringRef chip) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTargetMC();
  Triple triple("nvptx64-nvidia-cuda");
  std::string message;
  const Target *target = TargetRegistry::lookupTarget(triple, message);
  if (!target)
    return false;
  std::unique_ptr<MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  return info && info->isCPUStringValid(chip);
}

} // namespace

namespace arrayc {

Expected<CudaToolkit> findCudaToolkit(StringRef root) {
  if (!sys::fs::is_directory(root))
    return error("the CUDA toolkit '" + root +
                 "' (--cuda-toolkit) is not a directory");
  CudaToolkit toolkit;
  toolkit.root = root.str();
  for (StringRef tool : {"ptxas", "fatbinary"}) {
    SmallString<256> path(root);
    sys::path::append(path, "bin", tool);
    if (!sys::fs::can_execute(path))
      return error("the CUDA toolkit '" + root + "' (--cuda-toolkit) has no " +
                   tool + " (expected " + path + ")");
    if (tool == "ptxas")
      toolkit.ptxas = path.str().str();
  }
  SmallString<256> libdevice(root);
  sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  if (!sys::fs::exists(libdevice))
    return error("the CUDA toolkit '" + root +
                 "' (--cuda-toolkit) has no libdevice (expected " + libdevice +
                 ")");
  Expected<std::vector<std::string>> names = ptxasArchitectures(toolkit.ptxas);
  if (!names)
    return names.takeError();
  toolkit.architectures = std::move(*names);
  return toolkit;
}

Expected<SmallVector<GpuArchitecture>>
parseGpuArchitectures(StringRef list, const CudaToolkit *toolkit) {
  SmallVector<GpuArchitecture> archs;
  if (!list.contains(',')) {
    Expected<GpuArchitecture> one = parseGpuArchitecture(list, toolkit);
    if (!one)
      return one.takeError();
    archs.push_back(*one);
    return archs;
  }
  for (StringRef entry : llvm::split(list, ',')) {
    Expected<GpuArchitecture> arch = parseGpuArchitecture(entry, toolkit);
    if (!arch)
      return arch.takeError();
    if (arch->ptxOnly)
      return error("--arch=" + list +
                   ": a list takes sm_XY entries (each "
                   "gets machine code, the newest PTX as well), not " +
                   entry);
    for (const GpuArchitecture &seen : archs)
      if (mlir::array::gpuChipVersion(seen.chip) ==
          mlir::array::gpuChipVersion(arch->chip))
        return error("--arch=" + list + ": " + seen.chip + " and " +
                     arch->chip + " are the same architecture; give one");
    archs.push_back(*arch);
  }
  llvm::sort(archs, [](const GpuArchitecture &a, const GpuArchitecture &b) {
    return mlir::array::gpuChipVersion(a.chip) <
           mlir::array::gpuChipVersion(b.chip);
  });
  return archs;
}

Expected<GpuArchitecture> parseGpuArchitecture(StringRef arch,
                                               const CudaToolkit *toolkit) {
  if (arch.empty() || arch.contains(' '))
    return error("--arch=" + arch +
                 ": expected sm_XY or compute_XY, or a comma-separated list "
                 "of sm_XY");
  Regex form("^(sm|compute)_([0-9]+)([af]?)$");
  SmallVector<StringRef> groups;
  if (!form.match(arch, &groups))
    return error("--arch=" + arch +
                 ": expected sm_XY (machine code for that GPU, e.g. sm_90a) "
                 "or compute_XY (PTX the driver compiles, e.g. compute_90)");
  GpuArchitecture result;
  result.ptxOnly = groups[1] == "compute";
  result.chip = ("sm_" + groups[2] + groups[3]).str();
  if (!llvmKnows(result.chip))
    return error("--arch=" + arch + ": LLVM's NVPTX back end does not know " +
                 result.chip);
  if (toolkit && !llvm::is_contained(toolkit->architectures, arch.str())) {
    std::string supported;
    for (const std::string &name : toolkit->architectures)
      if (StringRef(name).starts_with(groups[1]))
        supported += (supported.empty() ? "" : ", ") + name;
    return error("--arch=" + arch + ": the ptxas of '" + toolkit->root +
                 "' does not support it (it takes " + supported + ")");
  }
  return result;
}

} // namespace arrayc
