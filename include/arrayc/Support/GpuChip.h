//===- GpuChip.h - NVIDIA architecture names ---------------------*- C++
//-*-===//
//
// The number of an architecture name, which the pipeline's codegen choices
// (clusters, the PTX version), arrayc's --arch lists and the multi-chip
// fatbin order by.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_SUPPORT_GPUCHIP_H
#define ARRAYC_SUPPORT_GPUCHIP_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::array {

/// 90 for sm_90, sm_90a and compute_90 (100 for sm_100f, ...); 0 for a name
/// of another form.
inline unsigned gpuChipVersion(llvm::StringRef chip) {
  unsigned version = 0;
  if ((chip.consume_front("sm_") || chip.consume_front("compute_")) &&
      !chip.take_while([](char c) { return llvm::isDigit(c); })
           .getAsInteger(10, version))
    return version;
  return 0;
}

} // namespace mlir::array

#endif // ARRAYC_SUPPORT_GPUCHIP_H
