//===- Toolkit.h - The CUDA toolkit and GPU architecture for device code --===//
//
// arrayc checks its device-code options before compiling anything: the
// toolkit must hold ptxas and fatbinary (and libdevice), and --arch must
// name one architecture that both this ptxas and LLVM's NVPTX back end
// know. `sm_XY` (also `sm_XYa`, `sm_XYf`) embeds machine code for that GPU;
// `compute_XY` embeds PTX, compiled by the driver for the GPU it runs on.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_TOOLS_ARRAYC_TOOLKIT_H
#define ARRAYC_TOOLS_ARRAYC_TOOLKIT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace arrayc {

struct CudaToolkit {
  std::string root;
  std::string ptxas;
  /// The architectures ptxas accepts (`sm_90a`, `compute_90`, ...).
  std::vector<std::string> architectures;
};

/// The toolkit at `root`, or an error naming what is missing there.
llvm::Expected<CudaToolkit> findCudaToolkit(llvm::StringRef root);

/// What --arch asks for.
struct GpuArchitecture {
  /// The NVVM chip, `sm_XY[a|f]`.
  std::string chip;
  /// True for `compute_XY`: embed PTX for the driver to compile.
  bool ptxOnly = false;
};

/// Parses and checks `arch` against LLVM's NVPTX back end and, when given,
/// the toolkit's ptxas.
llvm::Expected<GpuArchitecture>
parseGpuArchitecture(llvm::StringRef arch, const CudaToolkit *toolkit);

/// --arch: one architecture, or a comma-separated list of sm_XY[a|f] of
/// different numbers, ordered from the oldest (which the kernels are
/// generated for) to the newest.
llvm::Expected<llvm::SmallVector<GpuArchitecture>>
parseGpuArchitectures(llvm::StringRef list, const CudaToolkit *toolkit);

} // namespace arrayc

#endif // ARRAYC_TOOLS_ARRAYC_TOOLKIT_H
