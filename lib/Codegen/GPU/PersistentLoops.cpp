//===- PersistentLoops.cpp - Small loops of kernels as one kernel ---------===//
//
// A host loop whose body only queues kernels pays a launch per kernel per
// iteration; on small arrays that is most of its time. The loop is run
// instead inside one kernel whose blocks all stay resident: each kernel of
// the body is a phase in which the blocks take the kernel's blocks in turn,
// and a grid barrier (arrayrt.grid_barrier) separates the phases. The
// body's allocations become buffers allocated before the kernel, two for
// each one the loop carries (iteration i writes one while it reads the
// other, iteration i - 1's), and its run-time checks are made once, on the
// initial arrays: the kernel runs only when the first iteration allocates
// what the loop carries at the sizes it starts with, so that every
// iteration has the same sizes, and when the arrays are small. The loop as
// it was runs otherwise.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "GpuUtils.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUPERSISTENTLOOPS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using mlir::array::gpu_utils::cst;
namespace gpu_utils = mlir::array::gpu_utils;

namespace {

/// Blocks asked for when the grid the phases need is not known on the host
/// (the runtime launches no more than fit on the device).
constexpr int64_t kUnknownGrid = 65535;

/// What the rewrite needs to know about an admitted loop.
struct Plan {
  scf::ForOp loop;
  int64_t blockSize = 0;
  /// Each kernel's threads per block.
  DenseMap<Operation *, int64_t> threads;
  /// The static shared memory of the phases together.
  int64_t sharedBytes = 0;
  /// The allocations of the body (all in its top-level block), with the
  /// position of the loop's results they are yielded at (-1: temporary).
  SmallVector<std::pair<gpu::AllocOp, int>> sites;
  /// The body's checks, made once before the kernel.
  SmallVector<cf::AssertOp> asserts;
  /// The body's deallocations of the buffers it is given: made once, after
  /// the kernel, for the first iteration's (the initial arrays).
  SmallVector<gpu::DeallocOp> initDeallocs;
  SmallVector<gpu::LaunchOp> launches;
  SmallVector<arrayrt::CsrSpmvOp> products;
};

/// Whether `value` is (a view of) one of the loop's region arguments.
bool derivesFromIterArg(scf::ForOp loop, Value value) {
  auto arg = dyn_cast<BlockArgument>(gpu_utils::rootBuffer(value));
  return arg && arg.getOwner() == loop.getBody() && arg.getArgNumber() > 0;
}

//===----------------------------------------------------------------------===//
// Host evaluation: values of the body computed before the loop
//===----------------------------------------------------------------------===//

/// Clones what `value` (a value of the loop body) is computed from before
/// the loop, with the loop's arrays replaced by the initial ones: sizes,
/// dimensions, index arithmetic. Scalars the loop carries and its index
/// are taken at their first values only when `firstIteration`. Fails (null)
/// on anything else: loads, allocation addresses, divisions by a value not
/// known to be nonzero.
class HostEvaluator {
public:
  HostEvaluator(Plan &plan, OpBuilder &b, bool firstIteration)
      : plan(plan), b(b), firstIteration(firstIteration) {
    for (auto [arg, init] :
         llvm::zip(plan.loop.getRegionIterArgs(), plan.loop.getInitArgs()))
      if (isa<MemRefType>(arg.getType()) || firstIteration)
        mapping.map(arg, init);
    if (firstIteration)
      mapping.map(plan.loop.getInductionVar(), plan.loop.getLowerBound());
  }

  Value operator()(Value value) {
    if (Value known = mapping.lookupOrNull(value))
      return known;
    if (plan.loop.isDefinedOutsideOfLoop(value))
      return value;
    Operation *def = value.getDefiningOp();
    if (!def)
      return nullptr;
    // The size of an allocation of the body is its size operand.
    if (auto dim = dyn_cast<memref::DimOp>(def))
      if (auto alloc = dim.getSource().getDefiningOp<gpu::AllocOp>())
        if (std::optional<int64_t> index = dim.getConstantIndex()) {
          auto type = cast<MemRefType>(alloc.getType());
          if (*index < 0 || *index >= type.getRank())
            return nullptr;
          if (!type.isDynamicDim(*index))
            return remember(
                value, arith::ConstantIndexOp::create(b, def->getLoc(),
                                                      type.getDimSize(*index)));
          return remember(
              value,
              (*this)(
                  alloc.getDynamicSizes()[type.getDynamicDimIndex(*index)]));
        }
    if (def->getNumRegions() || !isMemoryEffectFree(def) ||
        isa<memref::ExtractAlignedPointerAsIndexOp, gpu::AllocOp>(def))
      return nullptr;
    if (isa<arith::DivUIOp, arith::DivSIOp, arith::CeilDivUIOp,
            arith::CeilDivSIOp, arith::FloorDivSIOp, arith::RemUIOp,
            arith::RemSIOp>(def)) {
      std::optional<int64_t> divisor = getConstantIntValue(def->getOperand(1));
      if (!divisor || *divisor == 0)
        return nullptr;
    }
    for (Value operand : def->getOperands())
      if (!(*this)(operand))
        return nullptr;
    b.clone(*def, mapping);
    return mapping.lookup(value);
  }

private:
  Value remember(Value value, Value evaluated) {
    if (evaluated)
      mapping.map(value, evaluated);
    return evaluated;
  }

  Plan &plan;
  OpBuilder &b;
  bool firstIteration;
  IRMapping mapping;
};

//===----------------------------------------------------------------------===//
// Admission
//===----------------------------------------------------------------------===//

/// Static shared memory a kernel may have without opting in (the
/// persistent kernel holds every phase's).
constexpr int64_t kSharedBytes = 48 * 1024;

/// The bytes of `launch`'s workgroup attributions, or -1 when one is not
/// of a static shape.
int64_t sharedBytes(gpu::LaunchOp launch) {
  int64_t bytes = 0;
  for (BlockArgument attribution : launch.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(attribution.getType());
    if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
      return -1;
    bytes += type.getNumElements() *
             llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  }
  return bytes;
}

/// Whether `launch`'s threads work together (block barriers, warp
/// shuffles, shared memory, NVVM or inline PTX): its phase needs blocks of
/// its own size. Other kernels' threads may run any number of their
/// threads each.
bool threadsCooperate(gpu::LaunchOp launch) {
  if (!launch.getWorkgroupAttributions().empty())
    return true;
  return launch.getBody()
      .walk([](Operation *op) {
        Dialect *dialect = op->getDialect();
        if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::GridDimOp,
                gpu::BlockDimOp, gpu::TerminatorOp>(op))
          return WalkResult::advance();
        if (dialect && (isa<gpu::GPUDialect, LLVM::LLVMDialect>(dialect) ||
                        dialect->getNamespace() == "nvvm"))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// Why a kernel of the body cannot be a phase, or null.
const char *whyNotPhase(gpu::LaunchOp launch, int64_t &blockSize,
                        int64_t &shared) {
  int64_t bytes = sharedBytes(launch);
  if (bytes < 0 || (shared += bytes) > kSharedBytes)
    return "kernels whose shared memory together exceeds 48 KiB";
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty())
    return "an asynchronous launch";
  if (launch.hasClusterSize())
    return "a cluster launch";
  if (launch.getDynamicSharedMemorySize())
    return "dynamic shared memory";
  std::optional<int64_t> x = getConstantIntValue(launch.getBlockSizeX());
  std::optional<int64_t> y = getConstantIntValue(launch.getBlockSizeY());
  std::optional<int64_t> z = getConstantIntValue(launch.getBlockSizeZ());
  if (!x || !y || !z || *y != 1 || *z != 1)
    return "blocks that are not one-dimensional of a constant size";
  blockSize = *x;
  if (!launch.getBody().hasOneBlock())
    return "a kernel body of several blocks";
  // A block of the phase may run after others of the same block id have
  // finished, and one block runs several: a kernel whose blocks wait for
  // each other (a while loop polling memory, inline PTX) could wait for
  // itself.
  WalkResult walk = launch.getBody().walk([](Operation *op) {
    if (isa<gpu::LaunchOp, gpu::GlobalIdOp, gpu::ClusterIdOp, gpu::ClusterDimOp,
            gpu::ClusterBlockIdOp, gpu::ClusterDimBlocksOp, scf::WhileOp,
            LLVM::InlineAsmOp>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return "a kernel with cluster or global ids, a while loop or inline PTX";
  return nullptr;
}

/// Why a CSR product cannot be a phase, or null.
const char *whyNotPhase(scf::ForOp loop, arrayrt::CsrSpmvOp product) {
  auto matrix = product.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
  if (!matrix || !loop.isDefinedOutsideOfLoop(product.getHandle()))
    return "a CSR matrix not made from arrays before the loop";
  if (product.getStream() || matrix.getStream())
    return "a CSR product on a stream";
  if (!product.getResult().empty())
    return "a CSR product on tensors";
  Type element = cast<ShapedType>(matrix.getData().getType()).getElementType();
  if (!element.isF32() && !element.isF64())
    return "a CSR matrix of other than float32 or float64 values";
  for (Value operand : {product.getX(), product.getInit()}) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!type || type.getRank() != 1 || type.getElementType() != element)
      return "a CSR product of other than vectors of its element type";
  }
  for (Value array :
       {matrix.getIndptr(), matrix.getIndices(), matrix.getData()})
    if (!isa<MemRefType>(array.getType()))
      return "a CSR matrix on tensors";
  return nullptr;
}

/// Admits the ops of `block` (the loop body, or a region nested in it);
/// null or why not.
const char *admitBlock(Plan &plan, Block &block, bool topLevel) {
  for (Operation &op : block) {
    if (isa<scf::YieldOp>(op))
      continue;
    if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
      int64_t threads = 0;
      if (const char *why = whyNotPhase(launch, threads, plan.sharedBytes))
        return why;
      plan.threads[launch] = threads;
      plan.launches.push_back(launch);
      continue;
    }
    if (auto product = dyn_cast<arrayrt::CsrSpmvOp>(op)) {
      if (const char *why = whyNotPhase(plan.loop, product))
        return why;
      plan.products.push_back(product);
      continue;
    }
    if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
      if (!topLevel)
        return "an allocation under a condition";
      if (alloc.getAsyncToken() || !alloc.getAsyncDependencies().empty() ||
          alloc.getHostShared() || !alloc.getSymbolOperands().empty())
        return "an asynchronous or host-shared allocation";
      plan.sites.push_back({alloc, -1});
      continue;
    }
    if (auto dealloc = dyn_cast<gpu::DeallocOp>(op)) {
      if (dealloc.getAsyncToken() || !dealloc.getAsyncDependencies().empty())
        return "an asynchronous deallocation";
      Value buffer = dealloc.getMemref();
      if (derivesFromIterArg(plan.loop, buffer)) {
        plan.initDeallocs.push_back(dealloc);
        continue;
      }
      auto site = buffer.getDefiningOp<gpu::AllocOp>();
      if (!site || site->getBlock() != plan.loop.getBody())
        return "a deallocation of a buffer from before the loop";
      continue;
    }
    if (auto check = dyn_cast<cf::AssertOp>(op)) {
      if (!topLevel)
        return "a check under a condition";
      plan.asserts.push_back(check);
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (Type type : ifOp.getResultTypes())
        if (isa<MemRefType>(type))
          return "a condition yielding buffers";
      for (Region &region : ifOp->getRegions())
        if (!region.empty())
          if (const char *why = admitBlock(plan, region.front(), false))
            return why;
      continue;
    }
    if (auto inner = dyn_cast<scf::ForOp>(op)) {
      for (Type type : inner.getResultTypes())
        if (isa<MemRefType>(type))
          return "an inner loop carrying buffers";
      if (const char *why = admitBlock(plan, *inner.getBody(), false))
        return why;
      continue;
    }
    if (op.getNumRegions() || !isMemoryEffectFree(&op))
      return "an operation that is not a kernel, an allocation or a scalar "
             "computation";
  }
  return nullptr;
}

/// Admits `loop`, filling `plan`; null or why not.
const char *admit(Plan &plan) {
  scf::ForOp loop = plan.loop;
  if (loop->getParentOfType<gpu::LaunchOp>())
    return "in a kernel";
  if (const char *why = admitBlock(plan, *loop.getBody(), true))
    return why;
  if (plan.launches.size() + plan.products.size() < 2)
    return "fewer than two kernels";
  // The block size: that of the kernels whose threads work together (all
  // the same), else the widest; the others' threads are shared out.
  int64_t together = 0, widest = 0;
  for (gpu::LaunchOp launch : plan.launches) {
    int64_t threads = plan.threads[launch];
    widest = std::max(widest, threads);
    if (!threadsCooperate(launch))
      continue;
    if (together && together != threads)
      return "kernels whose threads work together (barriers, shuffles, "
             "shared memory) in blocks of different sizes";
    together = threads;
  }
  plan.blockSize = together ? together : widest ? widest : 256;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [index, yielded] : llvm::enumerate(yield.getOperands())) {
    if (isa<MemRefType>(yielded.getType())) {
      auto site = yielded.getDefiningOp<gpu::AllocOp>();
      auto found = llvm::find_if(
          plan.sites, [&](auto &entry) { return entry.first == site; });
      if (found == plan.sites.end() || found->second != -1)
        return "a carried buffer the iteration does not allocate";
      found->second = index;
      continue;
    }
    if (!loop.isDefinedOutsideOfLoop(yielded) &&
        !loop.getResult(index).use_empty())
      return "a scalar computed in the loop and used after it";
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// What each phase reads and writes
//===----------------------------------------------------------------------===//

/// A buffer a phase reads or writes: an allocation of the loop body (each a
/// buffer of its own), or null for any other (a carried array, a buffer
/// from before the loop: these may be one buffer).
struct Access {
  Value site;
  bool write;
  /// A write every block made itself, of the same values (a phase run in
  /// every block): later reads see their own block's, so only a later
  /// write to it must wait for all blocks.
  bool everyBlock = false;
};

/// The device memory a phase touches; `unknown` when an op's effects could
/// not be told.
struct PhaseAccesses {
  SmallVector<Access> accesses;
  bool unknown = false;

  bool writes(Value site) const {
    return llvm::any_of(accesses, [&](const Access &access) {
      return access.write && access.site == site;
    });
  }
};

bool mayAlias(const Access &a, const Access &b) { return a.site == b.site; }

/// Whether running `next` after `done` without a grid barrier could let a
/// block see memory another block has not finished with.
bool conflict(const PhaseAccesses &done, const PhaseAccesses &next) {
  if (done.unknown || next.unknown)
    return true;
  for (const Access &a : done.accesses)
    for (const Access &b : next.accesses)
      if ((a.everyBlock ? b.write : a.write || b.write) && mayAlias(a, b))
        return true;
  return false;
}

/// The site `value` (host side) views, or null for any other buffer.
Value siteOf(Plan &plan, Value value) {
  Value root = gpu_utils::rootBuffer(value);
  if (auto alloc = root.getDefiningOp<gpu::AllocOp>())
    for (auto &entry : plan.sites)
      if (entry.first == alloc)
        return alloc.getMemref();
  return Value();
}

PhaseAccesses accessesOf(Plan &plan, gpu::LaunchOp launch) {
  PhaseAccesses result;
  DenseSet<Value> local(launch.getWorkgroupAttributions().begin(),
                        launch.getWorkgroupAttributions().end());
  local.insert(launch.getPrivateAttributions().begin(),
               launch.getPrivateAttributions().end());
  launch.getBody().walk([&](Operation *op) {
    if (isa<gpu::BarrierOp, gpu::ShuffleOp, gpu::TerminatorOp>(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      if (!isMemoryEffectFree(op))
        result.unknown = true;
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Read, MemoryEffects::Write>(instance.getEffect()))
        continue;
      Value value = instance.getValue();
      if (!value || !isa<BaseMemRefType>(value.getType())) {
        result.unknown = true;
        continue;
      }
      Value root = gpu_utils::rootBuffer(value);
      if (local.contains(root))
        continue;
      result.accesses.push_back(
          {siteOf(plan, value),
           isa<MemoryEffects::Write>(instance.getEffect())});
    }
  });
  return result;
}

PhaseAccesses accessesOf(Plan &plan, arrayrt::CsrSpmvOp product) {
  auto matrix = product.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
  PhaseAccesses result;
  for (Value read : {Value(matrix.getIndptr()), Value(matrix.getIndices()),
                     Value(matrix.getData()), Value(product.getX())})
    result.accesses.push_back({siteOf(plan, read), false});
  Value init = siteOf(plan, product.getInit());
  if (product.getBeta().convertToDouble() != 0.0)
    result.accesses.push_back({init, false});
  result.accesses.push_back({init, true});
  return result;
}

/// Whether every block may run `launch` itself, as its one block: a grid
/// of one block (a reduction's second pass, say) whose writes it does not
/// read, and whose effects are all known. Each block then writes the same
/// values and reads its own, so no grid barrier need follow it.
bool runsInEveryBlock(gpu::LaunchOp launch, const PhaseAccesses &accesses) {
  for (Value size :
       {launch.getGridSizeX(), launch.getGridSizeY(), launch.getGridSizeZ()}) {
    std::optional<int64_t> blocks = getConstantIntValue(size);
    if (!blocks || *blocks != 1)
      return false;
  }
  if (accesses.unknown)
    return false;
  for (const Access &written : accesses.accesses) {
    if (!written.write)
      continue;
    // Only buffers of the body, each block writing all of it the same.
    if (!written.site)
      return false;
    for (const Access &read : accesses.accesses)
      if (!read.write && mayAlias(written, read))
        return false;
  }
  return !launch.getBody()
              .walk([](Operation *op) {
                return isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
}

//===----------------------------------------------------------------------===//
// The persistent kernel
//===----------------------------------------------------------------------===//

/// A builder at the end of `block`, before its scf.yield if it has one
/// (the builders of scf.for and scf.if add one only without results).
OpBuilder beforeYield(Block *block) {
  OpBuilder b = OpBuilder::atBlockEnd(block);
  if (!block->empty() && isa<scf::YieldOp>(block->back()))
    b.setInsertionPoint(&block->back());
  return b;
}

/// Emits the body of the loop into the kernel.
class KernelEmitter {
public:
  KernelEmitter(Plan &plan, gpu::LaunchOp kernel, Value counter)
      : plan(plan), kernel(kernel), counter(counter) {}

  /// Clones `block`'s ops (not its terminator) at `b`.
  void emitBlock(OpBuilder &b, Block &block, IRMapping &mapping) {
    for (Operation &op : block.without_terminator()) {
      if (isa<gpu::DeallocOp, cf::AssertOp>(op))
        continue;
      if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
        mapping.map(alloc.getMemref(), siteBuffer.lookup(alloc));
        continue;
      }
      if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
        emitPhase(b, launch, mapping);
        continue;
      }
      if (auto product = dyn_cast<arrayrt::CsrSpmvOp>(op)) {
        emitProduct(b, product, mapping);
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        auto clone =
            scf::IfOp::create(b, ifOp.getLoc(), ifOp.getResultTypes(),
                              mapping.lookupOrDefault(ifOp.getCondition()),
                              /*withElseRegion=*/!ifOp.getElseRegion().empty());
        // What is pending after the if: either branch's.
        PhaseAccesses before = pending;
        emitRegion(clone.getThenRegion(), ifOp.getThenRegion(), mapping);
        PhaseAccesses afterThen = pending;
        pending = before;
        if (!ifOp.getElseRegion().empty())
          emitRegion(clone.getElseRegion(), ifOp.getElseRegion(), mapping);
        pending.accesses.append(afterThen.accesses);
        pending.unknown |= afterThen.unknown;
        mapping.map(ifOp.getResults(), clone.getResults());
        continue;
      }
      if (auto inner = dyn_cast<scf::ForOp>(op)) {
        SmallVector<Value> inits;
        for (Value init : inner.getInitArgs())
          inits.push_back(mapping.lookupOrDefault(init));
        auto clone = scf::ForOp::create(
            b, inner.getLoc(), mapping.lookupOrDefault(inner.getLowerBound()),
            mapping.lookupOrDefault(inner.getUpperBound()),
            mapping.lookupOrDefault(inner.getStep()), inits);
        mapping.map(inner.getInductionVar(), clone.getInductionVar());
        mapping.map(inner.getRegionIterArgs(), clone.getRegionIterArgs());
        // Each iteration starts and ends with nothing pending.
        {
          OpBuilder before(clone);
          finishPending(before, inner.getLoc());
        }
        OpBuilder body = beforeYield(clone.getBody());
        emitBlock(body, *inner.getBody(), mapping);
        finishPending(body, inner.getLoc());
        cloneYield(clone.getBody(), inner.getBody(), mapping);
        mapping.map(inner.getResults(), clone.getResults());
        continue;
      }
      b.clone(op, mapping);
    }
  }

  /// A grid barrier unless nothing is pending: at the end of an iteration
  /// (the next one's phases may read anything).
  void finishPending(OpBuilder &b, Location loc) {
    if (pending.accesses.empty() && !pending.unknown)
      return;
    arrayrt::GridBarrierOp::create(b, loc, counter);
    pending = PhaseAccesses();
  }

  DenseMap<Operation *, Value> siteBuffer;
  Value blockId, gridSize, threadId;

private:
  /// A grid barrier before a phase that touches memory another block may
  /// still be writing, or still be reading where the phase writes.
  void syncBefore(OpBuilder &b, Location loc, const PhaseAccesses &next) {
    if (conflict(pending, next)) {
      arrayrt::GridBarrierOp::create(b, loc, counter);
      pending = PhaseAccesses();
    }
  }

  /// Adds a phase's accesses to what is pending; the writes of a phase
  /// every block ran itself are marked so (each block reads its own).
  void notePhase(const PhaseAccesses &done, bool inEveryBlock) {
    for (Access access : done.accesses) {
      access.everyBlock = inEveryBlock && access.write;
      pending.accesses.push_back(access);
    }
    pending.unknown |= done.unknown;
  }

  void emitRegion(Region &into, Region &from, IRMapping &mapping) {
    Block *block = &into.front();
    OpBuilder b = beforeYield(block);
    emitBlock(b, from.front(), mapping);
    cloneYield(block, &from.front(), mapping);
  }

  /// Replaces `into`'s terminator by `from`'s, mapped.
  static void cloneYield(Block *into, Block *from, IRMapping &mapping) {
    auto yield = cast<scf::YieldOp>(from->getTerminator());
    SmallVector<Value> values;
    for (Value value : yield.getOperands())
      values.push_back(mapping.lookupOrDefault(value));
    if (!into->empty() && isa<scf::YieldOp>(into->back()))
      into->back().erase();
    OpBuilder b = OpBuilder::atBlockEnd(into);
    scf::YieldOp::create(b, yield.getLoc(), values);
  }

  /// A loop over the phase's `blocks` virtual blocks, this block taking
  /// every grid-size-th from its own id (`inEveryBlock`: every block takes
  /// the one virtual block); the body is built by `body` given the virtual
  /// block's id. A block barrier ends each virtual block (the next one, or
  /// the next phase, reuses the shared memory and reads what it wrote).
  void emitBlockLoop(OpBuilder &b, Location loc, Value blocks,
                     bool inEveryBlock,
                     function_ref<void(OpBuilder &, Value)> body) {
    scf::ForOp loop =
        inEveryBlock ? scf::ForOp::create(b, loc, cst(b, loc, 0),
                                          cst(b, loc, 1), cst(b, loc, 1))
                     : scf::ForOp::create(b, loc, blockId, blocks, gridSize);
    OpBuilder inner = beforeYield(loop.getBody());
    body(inner, loop.getInductionVar());
    gpu::BarrierOp::create(inner, loc);
  }

  void emitPhase(OpBuilder &b, gpu::LaunchOp launch, IRMapping &mapping) {
    Location loc = launch.getLoc();
    PhaseAccesses accesses = accessesOf(plan, launch);
    bool inEveryBlock = runsInEveryBlock(launch, accesses);
    syncBefore(b, loc, accesses);
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    Value gx = mapping.lookupOrDefault(grid.x);
    Value gy = mapping.lookupOrDefault(grid.y);
    Value gz = mapping.lookupOrDefault(grid.z);
    Value gxy = arith::MulIOp::create(b, loc, gx, gy);
    Value blocks = arith::MulIOp::create(b, loc, gxy, gz);
    emitBlockLoop(
        b, loc, blocks, inEveryBlock,
        [&](OpBuilder &inner, Value virtualBlock) {
          Value bz = arith::DivUIOp::create(inner, loc, virtualBlock, gxy);
          Value inPlane = arith::RemUIOp::create(inner, loc, virtualBlock, gxy);
          Value by = arith::DivUIOp::create(inner, loc, inPlane, gx);
          Value bx = arith::RemUIOp::create(inner, loc, inPlane, gx);
          Value ids[3] = {bx, by, bz};
          Value sizes[3] = {gx, gy, gz};
          gpu::KernelDim3 kernelThreads = kernel.getThreadIds();
          Value threads[3] = {kernelThreads.x, kernelThreads.y,
                              kernelThreads.z};
          gpu::KernelDim3 kernelBlock = kernel.getBlockSize();
          Value blockSizes[3] = {kernelBlock.x, kernelBlock.y, kernelBlock.z};
          // A kernel of another block size (its threads independent):
          // each thread runs the kernel's threads tid, tid + block, ...
          // (Built with `at`: the block barrier after the virtual block
          // stays outside the loop.)
          OpBuilder at = inner;
          int64_t kernelThreadCount = plan.threads.lookup(launch);
          if (kernelThreadCount != plan.blockSize) {
            Value count = cst(inner, loc, kernelThreadCount);
            auto threadLoop =
                scf::ForOp::create(inner, loc, kernelThreads.x, count,
                                   cst(inner, loc, plan.blockSize));
            at = beforeYield(threadLoop.getBody());
            threads[0] = threadLoop.getInductionVar();
            blockSizes[0] = count;
          }

          IRMapping body = mapping;
          gpu::KernelDim3 blockIds = launch.getBlockIds();
          gpu::KernelDim3 threadIds = launch.getThreadIds();
          gpu::KernelDim3 gridSizes = launch.getGridSize();
          gpu::KernelDim3 blockSizesArgs = launch.getBlockSize();
          body.map(ValueRange{blockIds.x, blockIds.y, blockIds.z},
                   ValueRange(ids));
          body.map(ValueRange{threadIds.x, threadIds.y, threadIds.z},
                   ValueRange(threads));
          body.map(ValueRange{gridSizes.x, gridSizes.y, gridSizes.z},
                   ValueRange(sizes));
          body.map(
              ValueRange{blockSizesArgs.x, blockSizesArgs.y, blockSizesArgs.z},
              ValueRange(blockSizes));
          for (BlockArgument attribution : launch.getWorkgroupAttributions())
            body.map(attribution,
                     kernel.addWorkgroupAttribution(attribution.getType(),
                                                    attribution.getLoc()));
          for (BlockArgument attribution : launch.getPrivateAttributions())
            body.map(attribution,
                     kernel.addPrivateAttribution(attribution.getType(),
                                                  attribution.getLoc()));
          SmallVector<Operation *> cloned;
          for (Operation &op : launch.getBody().front().without_terminator())
            cloned.push_back(at.clone(op, body));
          // Ids and sizes the body asks for with ops rather than through the
          // launch's arguments.
          SmallVector<Operation *> replaced;
          for (Operation *op : cloned)
            op->walk([&](Operation *nested) {
              auto replace = [&](Value value) {
                nested->getResult(0).replaceAllUsesWith(value);
                replaced.push_back(nested);
              };
              if (auto id = dyn_cast<gpu::BlockIdOp>(nested))
                replace(ids[static_cast<int>(id.getDimension())]);
              else if (auto id = dyn_cast<gpu::ThreadIdOp>(nested))
                replace(threads[static_cast<int>(id.getDimension())]);
              else if (auto size = dyn_cast<gpu::GridDimOp>(nested))
                replace(sizes[static_cast<int>(size.getDimension())]);
              else if (auto size = dyn_cast<gpu::BlockDimOp>(nested))
                replace(blockSizes[static_cast<int>(size.getDimension())]);
            });
          for (Operation *op : replaced)
            op->erase();
        });
    notePhase(accesses, inEveryBlock);
  }

  /// One row per thread: init[row] = alpha * sum_k data[k] * x[indices[k]]
  /// (+ beta * init[row]).
  void emitProduct(OpBuilder &b, arrayrt::CsrSpmvOp product,
                   IRMapping &mapping) {
    Location loc = product.getLoc();
    auto matrix = product.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
    Value rows = mapping.lookupOrDefault(matrix.getRows());
    Value threads = cst(b, loc, plan.blockSize);
    Value blocks = arith::CeilDivUIOp::create(b, loc, rows, threads);
    Value x = mapping.lookupOrDefault(product.getX());
    Value init = mapping.lookupOrDefault(product.getInit());
    Value indptr = matrix.getIndptr(), indices = matrix.getIndices(),
          data = matrix.getData();
    auto element =
        cast<FloatType>(cast<MemRefType>(data.getType()).getElementType());
    double alpha = product.getAlpha().convertToDouble();
    double beta = product.getBeta().convertToDouble();
    PhaseAccesses accesses = accessesOf(plan, product);
    syncBefore(b, loc, accesses);
    emitBlockLoop(
        b, loc, blocks, /*inEveryBlock=*/false,
        [&](OpBuilder &inner, Value virtualBlock) {
          Value row = arith::AddIOp::create(
              inner, loc,
              arith::MulIOp::create(inner, loc, virtualBlock, threads),
              threadId);
          Value inside = arith::CmpIOp::create(
              inner, loc, arith::CmpIPredicate::ult, row, rows);
          auto ifInside = scf::IfOp::create(inner, loc, inside, false);
          OpBuilder in = beforeYield(ifInside.thenBlock());
          auto offset = [&](Value at) -> Value {
            Value loaded = memref::LoadOp::create(in, loc, indptr, at);
            return arith::IndexCastOp::create(in, loc, in.getIndexType(),
                                              loaded);
          };
          Value begin = offset(row);
          Value end =
              offset(arith::AddIOp::create(in, loc, row, cst(in, loc, 1)));
          Value zero = arith::ConstantOp::create(in, loc, element,
                                                 in.getFloatAttr(element, 0.0));
          auto sum = scf::ForOp::create(
              in, loc, begin, end, cst(in, loc, 1), ValueRange{zero},
              [&](OpBuilder &s, Location loc, Value k, ValueRange acc) {
                Value value = memref::LoadOp::create(s, loc, data, k);
                Value column = arith::IndexCastOp::create(
                    s, loc, s.getIndexType(),
                    memref::LoadOp::create(s, loc, indices, k));
                Value term = arith::MulFOp::create(
                    s, loc, value, memref::LoadOp::create(s, loc, x, column));
                scf::YieldOp::create(
                    s, loc,
                    ValueRange{arith::AddFOp::create(s, loc, acc[0], term)});
              });
          Value result = sum.getResult(0);
          if (alpha != 1.0)
            result = arith::MulFOp::create(
                in, loc, result,
                arith::ConstantOp::create(in, loc, element,
                                          in.getFloatAttr(element, alpha)));
          if (beta != 0.0) {
            Value old = memref::LoadOp::create(in, loc, init, row);
            Value scaled = arith::MulFOp::create(
                in, loc, old,
                arith::ConstantOp::create(in, loc, element,
                                          in.getFloatAttr(element, beta)));
            result = arith::AddFOp::create(in, loc, result, scaled);
          }
          memref::StoreOp::create(in, loc, result, init, row);
        });
    notePhase(accesses, /*inEveryBlock=*/false);
  }

  Plan &plan;
  gpu::LaunchOp kernel;
  Value counter;
  /// What the phases since the last grid barrier touched.
  PhaseAccesses pending;
};

/// min(product of `sizes`, limit + 1): the element count of an array,
/// saturated above `limit`.
Value elementsUpTo(OpBuilder &b, Location loc, ArrayRef<Value> sizes,
                   int64_t limit) {
  Value cap = cst(b, loc, limit + 1);
  Value count = cst(b, loc, 1);
  for (Value size : sizes)
    count = arith::MinUIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, count,
                              arith::MinUIOp::create(b, loc, size, cap)),
        cap);
  return count;
}

Value andAll(OpBuilder &b, Location loc, ArrayRef<Value> conditions) {
  Value all = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (Value condition : conditions)
    all = arith::AndIOp::create(b, loc, all, condition);
  return all;
}

/// Rewrites an admitted loop, returning the persistent kernel; null
/// (nothing changed) when a size or check cannot be computed before it.
gpu::LaunchOp rewrite(Plan &plan, int64_t maxElements) {
  scf::ForOp loop = plan.loop;
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  // Everything the host needs before the kernel, computed before the loop;
  // when something cannot be, erase what was built and leave the loop.
  gpu_utils::BuiltBefore built(loop);
  auto undo = [&] {
    built.erase();
    return gpu::LaunchOp();
  };
  HostEvaluator evaluate(plan, b, /*firstIteration=*/false);

  SmallVector<Value> conditions;
  // Sizes of the allocations; what the loop carries keeps its sizes.
  DenseMap<Operation *, SmallVector<Value>> siteSizes;
  for (auto [site, position] : plan.sites) {
    SmallVector<Value> sizes;
    for (Value size : site.getDynamicSizes()) {
      Value value = evaluate(size);
      if (!value)
        return undo();
      sizes.push_back(value);
    }
    auto type = cast<MemRefType>(site.getType());
    SmallVector<Value> all;
    for (int64_t dim = 0, dynamic = 0; dim < type.getRank(); ++dim)
      all.push_back(type.isDynamicDim(dim) ? sizes[dynamic++]
                                           : cst(b, loc, type.getDimSize(dim)));
    conditions.push_back(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ule,
        elementsUpTo(b, loc, all, maxElements), cst(b, loc, maxElements)));
    if (position >= 0) {
      Value init = loop.getInitArgs()[position];
      SmallVector<Value> initSizes = gpu_utils::allSizes(b, loc, init);
      for (int64_t dim = 0; dim < type.getRank(); ++dim)
        if (type.isDynamicDim(dim))
          conditions.push_back(arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, initSizes[dim], all[dim]));
    }
    siteSizes[site] = sizes;
  }
  for (Value init : loop.getInitArgs())
    if (isa<MemRefType>(init.getType()))
      conditions.push_back(arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ule,
          elementsUpTo(b, loc, gpu_utils::allSizes(b, loc, init), maxElements),
          cst(b, loc, maxElements)));
  for (arrayrt::CsrSpmvOp product : plan.products) {
    auto matrix = product.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
    Value entries = b.createOrFold<memref::DimOp>(loc, matrix.getData(), 0);
    for (Value size :
         {Value(matrix.getRows()), Value(matrix.getCols()), entries})
      conditions.push_back(arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ule, size, cst(b, loc, maxElements)));
  }
  SmallVector<Value> checks;
  for (cf::AssertOp check : plan.asserts) {
    Value value = evaluate(check.getArg());
    if (!value)
      return undo();
    checks.push_back(value);
  }
  // The grid the phases ask for, where the host can tell.
  Value grid = cst(b, loc, 1);
  bool gridKnown = true;
  for (gpu::LaunchOp launch : plan.launches) {
    Value blocks = cst(b, loc, 1);
    for (Value size : {launch.getGridSizeX(), launch.getGridSizeY(),
                       launch.getGridSizeZ()}) {
      Value value = evaluate(size);
      if (!value) {
        gridKnown = false;
        break;
      }
      blocks = arith::MulIOp::create(b, loc, blocks, value);
    }
    if (!gridKnown)
      break;
    grid = arith::MaxUIOp::create(b, loc, grid, blocks);
  }
  for (arrayrt::CsrSpmvOp product : plan.products) {
    auto matrix = product.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
    grid = arith::MaxUIOp::create(
        b, loc, grid,
        arith::CeilDivUIOp::create(b, loc, matrix.getRows(),
                                   cst(b, loc, plan.blockSize)));
  }
  if (!gridKnown)
    grid = cst(b, loc, kUnknownGrid);
  grid = arith::MinUIOp::create(b, loc, grid, cst(b, loc, kUnknownGrid));

  // The first iteration's deallocations of the initial arrays, made after
  // the kernel: their conditions before the loop.
  HostEvaluator first(plan, b, /*firstIteration=*/true);
  SmallVector<std::pair<Value, Value>> initFrees; // (condition, buffer)
  for (gpu::DeallocOp dealloc : plan.initDeallocs) {
    Value condition = arith::ConstantIntOp::create(b, loc, 1, 1);
    for (Operation *parent = dealloc->getParentOp(); parent != loop;
         parent = parent->getParentOp()) {
      auto ifOp = dyn_cast<scf::IfOp>(parent);
      if (!ifOp)
        return undo();
      Value taken = first(ifOp.getCondition());
      if (!taken)
        return undo();
      bool inThen = ifOp.getThenRegion().isAncestor(dealloc->getParentRegion());
      if (!inThen)
        taken = arith::XOrIOp::create(
            b, loc, taken, arith::ConstantIntOp::create(b, loc, 1, 1));
      condition = arith::AndIOp::create(b, loc, condition, taken);
    }
    Value buffer = first(dealloc.getMemref());
    if (!buffer)
      return undo();
    initFrees.push_back({condition, buffer});
  }

  // The loop's trip count and whether its last iteration is odd.
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();
  if (!loop.getInductionVar().getType().isIndex())
    return undo();
  Value zero = cst(b, loc, 0), one = cst(b, loc, 1);
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value positive =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, span, zero);
  Value trips = arith::SelectOp::create(
      b, loc, positive, arith::CeilDivSIOp::create(b, loc, span, step), zero);
  Value ran =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, trips, zero);
  Value lastOdd = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, arith::SubIOp::create(b, loc, trips, one),
                             cst(b, loc, 2)),
      one);

  Value take = andAll(b, loc, conditions);
  // The loop as it was in the else branch, for when the kernel does not
  // apply.
  scf::IfOp choice = gpu_utils::versionLoop(b, loc, loop, take);
  OpBuilder t = OpBuilder::atBlockBegin(choice.thenBlock());
  for (auto [check, value] : llvm::zip(plan.asserts, checks))
    cf::AssertOp::create(t, check.getLoc(), value, check.getMsg());
  DenseMap<Operation *, Value> temporaries;
  SmallVector<Value> frees;
  DenseMap<Operation *, std::pair<Value, Value>> carried;
  for (auto [site, position] : plan.sites) {
    auto type = cast<MemRefType>(site.getType());
    auto allocate = [&] {
      return gpu::AllocOp::create(t, site.getLoc(), type, Type(), ValueRange(),
                                  siteSizes[site], ValueRange())
          .getMemref();
    };
    Value even = allocate();
    if (position < 0) {
      temporaries[site] = even;
      frees.push_back(even);
      continue;
    }
    carried[site] = {even, allocate()};
  }
  Type i32 = t.getI32Type();
  auto counterType = MemRefType::get({1}, i32);
  Value counter = gpu::AllocOp::create(t, loc, counterType, Type(),
                                       ValueRange(), ValueRange(), ValueRange())
                      .getMemref();
  gpu::MemsetOp::create(t, loc, Type(), ValueRange(), counter,
                        arith::ConstantIntOp::create(t, loc, i32, 0));
  Value threads = cst(t, loc, plan.blockSize);
  auto kernel =
      gpu::LaunchOp::create(t, loc, grid, one, one, threads, one, one);
  {
    OpBuilder k = OpBuilder::atBlockBegin(&kernel.getBody().front());
    KernelEmitter body(plan, kernel, counter);
    body.blockId = kernel.getBlockIds().x;
    body.gridSize = kernel.getGridSize().x;
    body.threadId = kernel.getThreadIds().x;
    SmallVector<Value> inits(loop.getInitArgs());
    inits.push_back(arith::ConstantIntOp::create(k, loc, 0, 1));
    auto inner = scf::ForOp::create(k, loc, lb, ub, step, inits);
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), inner.getInductionVar());
    mapping.map(loop.getRegionIterArgs(),
                inner.getRegionIterArgs().drop_back());
    Value odd = inner.getRegionIterArgs().back();
    OpBuilder in = beforeYield(inner.getBody());
    for (auto [site, position] : plan.sites) {
      if (position < 0) {
        body.siteBuffer[site] = temporaries[site];
        continue;
      }
      auto [evenBuffer, oddBuffer] = carried[site];
      body.siteBuffer[site] =
          arith::SelectOp::create(in, loc, odd, oddBuffer, evenBuffer);
    }
    body.emitBlock(in, *loop.getBody(), mapping);
    body.finishPending(in, loc);
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<Value> next;
    for (Value value : yield.getOperands())
      next.push_back(mapping.lookupOrDefault(value));
    next.push_back(arith::XOrIOp::create(
        in, loc, odd, arith::ConstantIntOp::create(in, loc, 1, 1)));
    if (!inner.getBody()->empty() && isa<scf::YieldOp>(inner.getBody()->back()))
      inner.getBody()->back().erase();
    OpBuilder end = OpBuilder::atBlockEnd(inner.getBody());
    scf::YieldOp::create(end, loc, next);
    OpBuilder after = OpBuilder::atBlockEnd(&kernel.getBody().front());
    gpu::TerminatorOp::create(after, loc);
  }
  // Results: the buffers of the last iteration, or the initial values when
  // the loop ran no iteration.
  SmallVector<Value> results;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [index, yielded] : llvm::enumerate(yield.getOperands())) {
    Value init = loop.getInitArgs()[index];
    if (auto site = yielded.getDefiningOp<gpu::AllocOp>();
        site && carried.count(site)) {
      auto [even, odd] = carried[site];
      Value last = arith::SelectOp::create(t, loc, lastOdd, odd, even);
      Value other = arith::SelectOp::create(t, loc, lastOdd, even, odd);
      results.push_back(arith::SelectOp::create(t, loc, ran, last, init));
      auto ifRan = scf::IfOp::create(t, loc, ran, /*withElseRegion=*/true);
      OpBuilder r = OpBuilder::atBlockBegin(ifRan.thenBlock());
      gpu::DeallocOp::create(r, loc, Type(), ValueRange(), other);
      OpBuilder n = OpBuilder::atBlockBegin(ifRan.elseBlock());
      gpu::DeallocOp::create(n, loc, Type(), ValueRange(), even);
      gpu::DeallocOp::create(n, loc, Type(), ValueRange(), odd);
      continue;
    }
    if (loop.isDefinedOutsideOfLoop(yielded))
      results.push_back(arith::SelectOp::create(t, loc, ran, yielded, init));
    else
      results.push_back(init); // unused after the loop (admit checked)
  }
  for (auto [condition, buffer] : initFrees) {
    auto ifFree = scf::IfOp::create(
        t, loc, arith::AndIOp::create(t, loc, ran, condition), false);
    OpBuilder f = OpBuilder::atBlockBegin(ifFree.thenBlock());
    gpu::DeallocOp::create(f, loc, Type(), ValueRange(), buffer);
  }
  for (Value buffer : frees)
    gpu::DeallocOp::create(t, loc, Type(), ValueRange(), buffer);
  gpu::DeallocOp::create(t, loc, Type(), ValueRange(), counter);
  scf::YieldOp::create(t, loc, results);
  return kernel;
}

struct ArrayGpuPersistentLoopsPass
    : array::impl::ArrayGpuPersistentLoopsBase<ArrayGpuPersistentLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    // Innermost loops first would nest kernels: only loops with no loop of
    // kernels inside are candidates, so collect outer ones after inner.
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    DenseSet<Operation *> rewritten;
    for (scf::ForOp loop : loops) {
      bool containsRewritten = false;
      loop.walk([&](gpu::LaunchOp launch) {
        for (Operation *parent = launch->getParentOp(); parent;
             parent = parent->getParentOp())
          if (rewritten.count(parent))
            containsRewritten = true;
      });
      if (containsRewritten || !loop->getParentOfType<func::FuncOp>())
        continue;
      Plan plan;
      plan.loop = loop;
      bool queuesWork = loop.getBody()
                            ->walk([](Operation *op) {
                              return isa<gpu::LaunchOp, arrayrt::CsrSpmvOp>(op)
                                         ? WalkResult::interrupt()
                                         : WalkResult::advance();
                            })
                            .wasInterrupted();
      if (const char *why = admit(plan)) {
        if (report && queuesWork && !loop->getParentOfType<gpu::LaunchOp>())
          loop.emitRemark("persistent loop: no: ") << why;
        continue;
      }
      gpu::LaunchOp kernel = rewrite(plan, maxElements);
      if (!kernel) {
        if (report)
          loop.emitRemark("persistent loop: no: a size or check the host "
                          "cannot compute before the loop");
        continue;
      }
      rewritten.insert(loop);
      if (report) {
        int64_t barriers = 0;
        kernel->walk([&](arrayrt::GridBarrierOp) { ++barriers; });
        loop.emitRemark("persistent loop: yes: one cooperative kernel, ")
            << barriers << " grid barriers per iteration (arrays of at most "
            << static_cast<int64_t>(maxElements)
            << " elements; other sizes run the loop as before)";
      }
    }
  }
};

} // namespace
