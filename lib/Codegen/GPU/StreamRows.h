//===- StreamRows.h - Row kernels that stream rows --------------*- C++ -*-===//
//
// The emitter of array-gpu-row-kernels for rows too long for registers
// (RowStrategy::Streaming).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CODEGEN_GPU_STREAMROWS_H
#define ARRAYC_LIB_CODEGEN_GPU_STREAMROWS_H

#include "KernelPlan.h"

namespace mlir::array::kernel_plan {

/// Emits the body of a streamed row kernel for row `row` at `b`'s
/// insertion point (inside a launch, thread `tid`): the plan's passes, each
/// a loop over the row with its reductions block-reduced at the end, and a
/// last loop storing the buffers in `keep` (whole rows; per-row values are
/// stored by thread 0). `scratch` holds a block reduction's workgroup
/// buffer per accumulator type. The group's ops have one row loop.
void emitStreamedRow(OpBuilder &b, Location loc, const RowGroupPlan &plan,
                     Value row, Value tid, const DenseSet<Value> &keep,
                     const DenseMap<Type, Value> &scratch);

} // namespace mlir::array::kernel_plan

#endif // ARRAYC_LIB_CODEGEN_GPU_STREAMROWS_H
