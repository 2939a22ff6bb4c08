//===- ArrayrtOps.td - The arrayrt dialect's ops ------------*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTOPS_TD
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTOPS_TD

include "arrayc/Dialect/Arrayrt/IR/ArrayrtCollectiveOps.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtIOOps.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtLaunchOps.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtLibraryOps.td"
include "arrayc/Dialect/Arrayrt/IR/ArrayrtStreamOps.td"

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTOPS_TD
