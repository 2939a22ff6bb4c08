//===- GpuUtils.h - Helpers shared by the GPU kernel passes -----*- C++ -*-===//
//
// Index arithmetic, linalg body cloning, combiner recognition and warp/block
// reductions used by array-gpu-map-linalg, array-gpu-reductions and
// array-gpu-row-kernels.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_DIALECT_ARRAY_TRANSFORMS_GPUUTILS_H
#define ARRAYC_LIB_DIALECT_ARRAY_TRANSFORMS_GPUUTILS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"

#include <optional>

namespace mlir::array::gpu_utils {

/// Most blocks of a row or reduction kernel's grid; larger work is
/// grid-strided.
constexpr int64_t kMaxGrid = 65536;

/// Splits `linear` into one index per size, the last varying fastest. Not
/// affine::delinearizeIndex: its affine.delinearize_index lowers to signed
/// division with fix-ups for negative values, and kernel indices are never
/// negative, so unsigned division (cheaper on the GPU) serves.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes);

/// The element indices of `map` applied to the loop indices `ivs` (entries
/// for dimensions `map` does not use may be null).
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> ivs);

/// The sizes of `buffer`'s dimensions (a memref), constants where static.
SmallVector<Value> allSizes(OpBuilder &b, Location loc, Value buffer);

/// The product of `sizes` (1 for none), folded where constant.
Value product(OpBuilder &b, Location loc, ArrayRef<Value> sizes);

/// Clones `op`'s body with `mapping` holding its block arguments and
/// `ivs` its loop indices (for linalg.index); returns the yielded values.
SmallVector<Value> cloneBody(OpBuilder &b, linalg::GenericOp op,
                             ArrayRef<Value> ivs, IRMapping &mapping);

/// The buffer the result of `def` views (a view-like op, a memref.cast,
/// the base buffer of memref.extract_strided_metadata), or null.
Value viewedBuffer(Operation *def);

/// The buffer `value` views: follows viewedBuffer back to the allocation or
/// block argument.
Value rootBuffer(Value value);

/// Calls `fn` on each user of `buffer` and of its views and casts
/// (through ViewLikeOpInterface and memref.cast, which it does not pass to
/// `fn`); stops when `fn` interrupts. True when it was interrupted.
bool walkBufferUsers(Value buffer, function_ref<WalkResult(Operation *)> fn);

/// How a reduction's body combines its accumulator with an element: the
/// body is `yield combine(out, f(ins...))` for one associative and
/// commutative arith op `combine` that uses `out` only there. Partial
/// results of disjoint element sets can then be combined in any tree with
/// the same op, each starting from `neutral`.
struct Combiner {
  Operation *op;       // the combining op in the linalg body
  unsigned accOperand; // which of its operands is the accumulator
  TypedAttr neutral;   // combine(x, neutral) == x for every x

  /// combine(a, b), a clone of `op`.
  Value combine(OpBuilder &b, Location loc, Value a, Value c) const;
  /// The neutral element as a constant.
  Value neutralValue(OpBuilder &b, Location loc) const;
};

/// The combiner of a single-output reduction `op`, or nullopt when its body
/// is not of the `combine(out, f(ins))` form (argmax's select chains, scans,
/// multi-op custom combines).
std::optional<Combiner> matchCombiner(linalg::GenericOp op);

/// `value` of lane `lane ^ offset` (a butterfly shuffle of a full warp),
/// for any integer or float type up to 64 bits.
Value shuffleXor(OpBuilder &b, Location loc, Value value, int32_t offset);

/// Butterfly reduction over aligned groups of `width` lanes (a power of
/// two, at most 32; the full warp by default): every lane gets the
/// combination of its group's values (the same bits in every lane, since
/// the combiners are commutative).
Value warpReduce(OpBuilder &b, Location loc, const Combiner &combiner,
                 Value value, int32_t width = 32);

/// Reduction over a block of `numThreads` threads (a multiple of 32, at
/// most 1024) using `scratch` (memref<32xT> in workgroup memory): every
/// thread gets the total. Ends with a barrier, so `scratch` can be reused
/// at once. All threads of the block must call it. With `numThreads` at
/// most 32 (a power of two), a reduction over each aligned group of that
/// many lanes instead, without `scratch` or a barrier.
Value blockReduce(OpBuilder &b, Location loc, const Combiner &combiner,
                  Value value, Value scratch, Value threadId,
                  int64_t numThreads);

/// A barrier of all threads of the block's thread-block cluster (which
/// also orders their shared-memory accesses). Needs sm_90.
void clusterBarrier(OpBuilder &b, Location loc);

/// Element `index` of `buffer` (workgroup memory, identity layout) as
/// block `rank` (index or i32) of this block's cluster holds it: a load
/// through distributed shared memory (`nvvm.mapa`). Needs sm_90.
Value loadFromClusterBlock(OpBuilder &b, Location loc, Value buffer,
                           Value index, Value rank);

/// The workgroup buffers through which the blocks of a thread-block
/// cluster exchange their totals, `count` exchanges per round (a round is
/// one row of a row kernel): for each exchange two mbarriers (in
/// `barriers`, memref<2 * count x i64>) and two sets of `clusterSize`
/// slots (`slots[k]`, memref<2 * clusterSize x T>), used by alternate
/// rounds, so that a block a round ahead never writes slots another block
/// still reads.
struct ClusterExchange {
  Value barriers;
  SmallVector<Value> slots;
  int64_t clusterSize = 1;
};

/// The workgroup memory types of a ClusterExchange for totals of
/// `types` (one exchange each) over `clusterSize` blocks: the barriers'
/// type first, then one slot buffer per type.
SmallVector<Type> clusterExchangeTypes(MLIRContext *context,
                                       ArrayRef<Type> types,
                                       int64_t clusterSize);

/// Thread 0 initializes the exchange's mbarriers (one arrival each: its
/// own expect_tx); a cluster barrier then makes them visible to the other
/// blocks before any of them sends. All threads of the cluster call it,
/// before the first exchange. Needs sm_90.
void initClusterExchange(OpBuilder &b, Location loc,
                         const ClusterExchange &exchange, Value threadId);

/// A relaxed cluster barrier after the last exchange, so that no block
/// leaves while the others may still address its shared memory.
void finishClusterExchange(OpBuilder &b, Location loc);

/// Combines `blockTotal` (every thread's block total, from blockReduce)
/// over the cluster's blocks with exchange `index` of `exchange` in round
/// `round` (an index, 0, 1, ...): threads 0 .. C-1 send the block's total
/// to block t's slot for this block's `rank` (st.async, completing bytes
/// of block t's mbarrier); every thread waits on its own block's mbarrier
/// for the C totals and combines them in rank order, so every block gets
/// the same result. No cluster-wide barrier and no fence on the block's
/// global stores: only the totals are ordered. All threads of the cluster
/// call it, the exchanges of a round in the same order. Needs sm_90.
Value clusterReduce(OpBuilder &b, Location loc, const Combiner &combiner,
                    Value blockTotal, const ClusterExchange &exchange,
                    unsigned index, Value round, Value rank, Value threadId);

/// The workgroup memory type of a block reduction's scratch for `type`.
MemRefType reductionScratchType(Type type);

/// An index constant.
Value cst(OpBuilder &b, Location loc, int64_t value);

/// The indices of `type` (a view with rows along dimension 0) at `row`
/// and the row-major position `column` within the row.
SmallVector<Value> rowIndices(OpBuilder &b, Location loc, MemRefType type,
                              Value row, Value column);

/// Whether groups of `width` consecutive columns of `buffer`'s rows (a
/// group starting at a multiple of `width`) can be moved with one aligned
/// vector access each (through loadVector and storeVector).
bool canVectorizeRows(Value buffer, int64_t width);

/// A vector load of `type` from `memref` (identity layout) at `indices`.
/// Booleans are one byte each in memory, where LLVM's <N x i1> would be N
/// bits: an i1 vector is loaded as N bytes and compared with 0.
Value loadVector(OpBuilder &b, Location loc, VectorType type, Value memref,
                 ValueRange indices, llvm::MaybeAlign alignment);

/// Lets each f32 (or f64) `arith.divf` under `root` whose quotient is only
/// rounded to a 16-bit float (`arith.truncf` to f16 or bf16) divide by
/// multiplying with the reciprocal (fastmath `arcp`): the reciprocal's
/// rounding error is far below the 16-bit result's, and a softmax's row
/// of quotients by one sum takes one reciprocal instead of a full-precision
/// division per element, which made float16 row kernels compute-bound.
void relaxRoundedDivisions(Operation *root);

/// Divides by the reciprocal where a row kernel's quotients share a
/// divisor other than a constant (several divisions by it after common
/// subexpressions under `root` are merged, or one in a loop it is defined
/// outside of: a softmax's quotients by its row sum): x / s becomes
/// (x * scale) * r, with r = 1 / (s * scale) taken once and scale a power
/// of two that keeps s * scale and r normal, within 2 ulps of x / s
/// instead of exact, for every s (zeros, infinities and NaN included).
/// Float32 and float64 divisions not marked arcp.
void divideByRowValues(Operation *root);

/// The store matching loadVector: an i1 vector is stored as N bytes of 0
/// or 1.
void storeVector(OpBuilder &b, Location loc, Value vector, Value memref,
                 ValueRange indices, llvm::MaybeAlign alignment);

/// The alignment of a vector access at a multiple of its width from an
/// aligned base: its size (so that NVPTX emits one ld/st.v4).
llvm::MaybeAlign vectorAlignment(VectorType type);

/// `column` (less than the product of `sizes`) as one index per size;
/// leading sizes of 1 get index 0, with no division for them.
SmallVector<Value> splitColumn(OpBuilder &b, Location loc, Value column,
                               ArrayRef<int64_t> sizes);

/// Emits `then` under `scf.if cond` (directly when `cond` is constant).
void emitIf(OpBuilder &b, Location loc, Value cond,
            function_ref<void(OpBuilder &)> then);

/// A 1-D launch of `grid` blocks of `blockSize` threads with one workgroup
/// buffer per type of `workgroup`, in clusters of `clusterSize` blocks when
/// more than 1 (`grid` a multiple of it); sets `b` inside it, before its
/// terminator.
gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, Value grid,
                           int64_t blockSize, TypeRange workgroup = {},
                           int64_t clusterSize = 1);

/// The ops a rewrite builds before `op` from now on: `erase` removes them
/// all (last first), for a rewrite that gives up and leaves `op` as it was.
class BuiltBefore {
public:
  explicit BuiltBefore(Operation *op)
      : op(op), block(op->getBlock()), before(op->getPrevNode()) {}
  void erase();

private:
  Operation *op;
  Block *block;
  Operation *before;
};

/// Versions `loop` on `take`: an `scf.if` before it whose else branch is
/// the loop as it was (moved there) and whose results replace the loop's
/// everywhere else. Returns the `scf.if`, its then branch empty: the
/// caller builds the other version there, ending with its `scf.yield`.
scf::IfOp versionLoop(OpBuilder &b, Location loc, scf::ForOp loop, Value take);

/// True when `value` views (through reshapes and casts only) an allocation
/// or block argument, so its base address is the allocation's.
bool hasAllocationBase(Value value);

} // namespace mlir::array::gpu_utils

#endif // ARRAYC_LIB_DIALECT_ARRAY_TRANSFORMS_GPUUTILS_H
