//===- KernelPlan.h - How fused groups become GPU kernels -------*- C++ -*-===//
//
// The choice of a kernel strategy for the linalg ops on buffers, apart from
// the passes that emit the kernels: which runs of ops over the same rows
// become one row kernel (array-gpu-row-kernels), with which thread layout,
// and why a run does not. `array-gpu-print-kernel-plan` (arrayc
// --print-kernel-plan) reports the plan; the emitters follow it.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CODEGEN_GPU_KERNELPLAN_H
#define ARRAYC_LIB_CODEGEN_GPU_KERNELPLAN_H

#include "GpuUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>

namespace mlir::array::kernel_plan {

using gpu_utils::Combiner;

/// One linalg op of a row group: loop 0 runs over the rows, the others
/// over `innerSize` elements of a row (the whole row, or 1 for per-row
/// scalars such as a keepdims reduction's output).
struct RowOp {
  linalg::GenericOp op;
  SmallVector<int64_t> ranges;
  int64_t innerSize;
  std::optional<Combiner> combiner; // set for reductions
  /// The loops over rows: the leading `rowLoops` loops (rank > 2: a layer
  /// norm of [batch, tokens, features] has two), collapsed into one
  /// before the kernel is emitted.
  unsigned rowLoops = 1;
};

/// `row`'s op (op handles' accessors are not const).
inline linalg::GenericOp opOf(const RowOp &row) { return row.op; }

/// Consecutive row ops over `rows` rows of `rowLength` elements.
struct Group {
  SmallVector<RowOp> ops;
  int64_t rows = 0;
  int64_t rowLength = 1;
};

/// How threads cover a row: thread t of the row's B (`blockSize`) owns the
/// element groups t, t + B, t + 2B, ... of `width` consecutive elements
/// each. Narrow rows share a block: `rowsPerBlock` rows, each on an
/// aligned group of B (at most 32) lanes.
struct RowLayout {
  int64_t blockSize;
  int64_t width;
  int64_t groupsPerThread;
  int64_t numGroups;
  int64_t rowsPerBlock = 1;
  /// Rows too long for one block: split over a cluster of this many
  /// blocks, block r owning groups [r * numGroups, (r + 1) * numGroups) of
  /// the row (numGroups is then a block's part), the reductions combined
  /// across the cluster through distributed shared memory.
  int64_t clusterSize = 1;
  int64_t slots() const { return groupsPerThread * width; }
  int64_t threads() const { return blockSize * rowsPerBlock; }
};

/// One loop over the rows of a streamed row group (rows too long for
/// registers): reductions that do not depend on each other's results.
struct StreamPass {
  SmallVector<unsigned> reductions; // indices into Group::ops
  /// The ops over one value per row (fills, a mean from a sum) computed
  /// before the loop: those the reductions may need whose own inputs are
  /// known by then. The others follow the last pass.
  SmallVector<unsigned> prologue;
  /// {max, sum} where each of the sum's elements is exp(u - shift) times
  /// factors that do not depend on the max, u being what the max reduces
  /// and the shift the max or a function of it alone (softmax, logsumexp):
  /// one loop, the partial sums rescaled whenever the running maximum
  /// grows.
  bool online = false;
  /// For an online pass: the op over one value per row that computes the
  /// shift of the exponentials from the max (logsumexp's "the max if
  /// finite, else 0"), or -1 when they are shifted by the max itself.
  int shift = -1;
};

/// How a row kernel holds a row.
enum class RowStrategy {
  /// Each thread keeps its columns of the row in registers between ops:
  /// one read of each input and one write of each output.
  Registers,
  /// Rows too long for registers: each pass loops over the row, computing
  /// the elementwise ops its reductions need from the inputs (the inputs
  /// of later passes are re-read, mostly from L2), and a last loop stores
  /// the outputs. `groupsPerThread` groups of `width` columns per step.
  Streaming,
};

/// The limits of a row kernel's layout (array-gpu-row-kernels' options).
struct RowPlanOptions {
  int64_t elementsPerThread = 32;
  int64_t maxElementsPerThread = 32;
  /// Most blocks of a cluster a row may be split over (1: none).
  int64_t maxClusterSize = 1;
  /// The largest block of a cluster when a cluster of blocks this small can
  /// hold the row (a row split over more, smaller blocks).
  int64_t clusterBlockSize = 512;
};

/// What becomes of one maximal run of row ops.
struct RowGroupPlan {
  Group group;
  /// Set when the run becomes one row kernel.
  std::optional<RowLayout> layout;
  RowStrategy strategy = RowStrategy::Registers;
  /// The loops over each row of a streamed group, in order.
  SmallVector<StreamPass, 0> passes;
  /// The buffers (roots) the run writes.
  DenseSet<Value> written;
  /// Those read after the run: a row kernel stores them, the others stay
  /// in registers.
  DenseSet<Value> kept;
  /// Why the run is, or is not, one row kernel.
  std::string reason;
};

/// The elements of a row of `type` (all dimensions but the first
/// `rowDims`).
int64_t rowSize(MemRefType type, unsigned rowDims = 1);

/// True when, within a row, `map` reads the element of the buffer (of
/// `shape`) whose row-major position equals the position of the iteration
/// point among the op's inner loops (the loops after the `rowLoops` row
/// loops; dims of size 1 ignored on both sides): thread-owned columns then
/// line up across ops. The first `rowLoops` results may be the row indices
/// (skipped) when `rowIndexed`.
bool isRowLinear(AffineMap map, ArrayRef<int64_t> shape,
                 ArrayRef<int64_t> ranges, bool rowIndexed,
                 unsigned rowLoops = 1);

/// For a buffer `value` that a row op over `ranges` (one row loop) reads
/// through `map`: when the read is in column order (a row-major allocation,
/// at the row being computed or the same for every row, isRowLinear), the
/// key under which such reads of any reshape of one buffer are the same
/// values (its root and a map of 1 or 0 dims: row-indexed or not); else
/// none.
std::optional<std::pair<Value, AffineMap>>
columnOrderKey(Value value, AffineMap map, ArrayRef<int64_t> ranges);

/// True when the first `rowLoops` results of `map` are d0, d1, ... and no
/// other result uses them.
bool isRowIndexed(AffineMap map, unsigned rowLoops = 1);

/// `op` as a row op, or why it is not one. A reduction's row loops are the
/// parallel loops before its first reduced loop; an elementwise op's are
/// the leading loops whose sizes multiply to `rows` when given, else all
/// but the last loop.
FailureOr<RowOp> asRowOp(linalg::GenericOp op, std::string &whyNot,
                         std::optional<int64_t> rows = std::nullopt);

/// Rewrites `row`'s op with its row loops collapsed into one (the buffers
/// through memref.collapse_shape), and returns it as a row op with one row
/// loop; `row` itself when it has one already.
FailureOr<RowOp> collapseRowLoops(RewriterBase &rewriter, const RowOp &row);

/// The index of the op of `group` that last writes `root` before op
/// `before`, or -1.
int latestWriter(const Group &group, Value root, unsigned before);

/// The loops over each row of a streamed group (reductions in order,
/// consecutive ones that do not depend on each other in one loop, a max and
/// the sum of exponentials shifted by it in one online loop) and the
/// buffers it writes.
SmallVector<StreamPass, 0> planStreamPasses(const Group &group,
                                         const DenseSet<Value> &written);

/// Ops that may sit between the ops of a group: they neither read nor
/// write memory, so the group's kernel may move past them.
bool isTransparent(Operation *op);

/// Rewrites the linalg.fill ops on buffers outside kernels as generics:
/// row ops to the plan (a softmax's fills of its row maxima and sums).
void generalizeFills(Operation *root);

/// The blocks whose ops the plan groups: those outside kernels and outside
/// linalg bodies.
SmallVector<Block *> planBlocks(Operation *root);

/// The maximal runs of row ops in `block` (separated only by transparent
/// ops), each with its plan.
SmallVector<RowGroupPlan, 0> planRowGroups(Block *block,
                                        const RowPlanOptions &options);

} // namespace mlir::array::kernel_plan

#endif // ARRAYC_LIB_CODEGEN_GPU_KERNELPLAN_H
