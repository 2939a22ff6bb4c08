//===- ArrayOps.td - array dialect operations --------------*- tablegen -*-===//
//
// The array dialect's operations, one file per group.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_TD

include "arrayc/Dialect/Array/IR/ArrayCreationOps.td"
include "arrayc/Dialect/Array/IR/ArrayElementwiseOps.td"
include "arrayc/Dialect/Array/IR/ArrayIOOps.td"
include "arrayc/Dialect/Array/IR/ArrayKernelOps.td"
include "arrayc/Dialect/Array/IR/ArrayLinalgOps.td"
include "arrayc/Dialect/Array/IR/ArrayProfileOps.td"
include "arrayc/Dialect/Array/IR/ArrayReductionOps.td"
include "arrayc/Dialect/Array/IR/ArrayRegionOps.td"
include "arrayc/Dialect/Array/IR/ArrayShapeOps.td"
include "arrayc/Dialect/Array/IR/ArraySparseOps.td"
include "arrayc/Dialect/Array/IR/ArrayStreamOps.td"

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_TD
