//===- Sparsify.cpp - upstream's sparsifier for modules with sparse data --===//
//
// array-sparsify runs the bufferization steps of upstream's `sparsifier`
// pipeline when the module has a sparse tensor (CPU target; the CUDA target
// goes through cuSPARSE instead, GpuSparse.cpp).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/SparseTensor/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYSPARSIFY
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

bool isSparse(Type type) {
  return sparse_tensor::getSparseTensorEncoding(type) != nullptr;
}

/// The first op with a sparse operand or result (or a function with a
/// sparse argument or result), or null.
Operation *findSparse(ModuleOp module) {
  Operation *found = nullptr;
  module.walk([&](Operation *op) {
    auto types =
        llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes());
    bool sparse = llvm::any_of(types, isSparse);
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      sparse = sparse || llvm::any_of(func.getArgumentTypes(), isSparse) ||
               llvm::any_of(func.getResultTypes(), isSparse);
    if (!sparse)
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

/// Linalg's canonicalization makes operands static where another operand
/// fixes a size, with a tensor.cast, also of a sparse operand; the
/// sparsifier would turn that cast into a sparse_tensor.convert, which
/// cannot change a dynamic size into a static one. A linalg op reads its
/// inputs as they are (sizes only have to agree at run time, which the
/// lowering of the array op checked), so it takes the cast's source.
void bypassSparseCasts(ModuleOp module) {
  SmallVector<tensor::CastOp> casts;
  module.walk([&](tensor::CastOp cast) {
    auto source =
        sparse_tensor::getSparseTensorEncoding(cast.getSource().getType());
    if (source &&
        source == sparse_tensor::getSparseTensorEncoding(cast.getType()))
      casts.push_back(cast);
  });
  for (tensor::CastOp cast : casts) {
    for (OpOperand &use : llvm::make_early_inc_range(cast->getUses())) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(use.getOwner());
      if (linalgOp && linalgOp.isDpsInput(&use))
        use.set(cast.getSource());
    }
    if (cast->use_empty())
      cast->erase();
  }
}

/// Whether `op` becomes a sparse kernel: it has a sparse operand, or the
/// sparsifier folds a conversion of its result to a sparse matrix into it.
bool becomesSparseKernel(linalg::GenericOp op) {
  if (llvm::any_of(op->getOperandTypes(), isSparse))
    return true;
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    auto convert = dyn_cast<sparse_tensor::ConvertOp>(user);
    return convert && isSparse(convert.getType());
  });
}

/// Whether two consecutive results of `map` index no loop (what the
/// sparsifier's loop ordering cannot take; one such result is fine).
bool hasConsecutiveConstants(AffineMap map) {
  ArrayRef<AffineExpr> results = map.getResults();
  for (size_t i = 1; i < results.size(); ++i)
    if (!isa<AffineDimExpr>(results[i - 1]) && !isa<AffineDimExpr>(results[i]))
      return true;
  return false;
}

/// Upstream's sparsifier (IterationGraphSorter::addConstraints) crashes on
/// a kernel that reads a dense operand through two consecutive constant
/// indices, a broadcast 1 x 1 array (`affine_map<(d0, d1) -> (0, 0)>`),
/// when it orders the loops of a sparse result. Such an operand of a
/// future sparse kernel is broadcast to the kernel's loop space first, by a
/// dense generic of its own, and the kernel reads that with the identity.
/// (Two unit dimensions of an operand make the loop space no larger than
/// the kernel's result, or its result and a unit reduction.)
void materializeConstantIndexedOperands(ModuleOp module) {
  SmallVector<linalg::GenericOp> kernels;
  module.walk([&](linalg::GenericOp op) {
    if (op.hasPureTensorSemantics() && becomesSparseKernel(op))
      kernels.push_back(op);
  });
  for (linalg::GenericOp op : kernels) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    int64_t loops = op.getNumLoops();
    AffineMap identity = b.getMultiDimIdentityMap(loops);
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    bool changed = false;
    // The loops' extents, from the operands as they were.
    SmallVector<OpFoldResult> sizes;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      auto type = dyn_cast<RankedTensorType>(input->get().getType());
      if (!type || isSparse(type) || !hasConsecutiveConstants(map))
        continue;
      if (sizes.empty())
        for (const Range &range :
             cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc))
          sizes.push_back(range.size);
      Value init =
          tensor::EmptyOp::create(b, loc, sizes, type.getElementType());
      auto broadcast = linalg::GenericOp::create(
          b, loc, init.getType(), input->get(), init,
          ArrayRef<AffineMap>{map, identity},
          SmallVector<utils::IteratorType>(loops,
                                           utils::IteratorType::parallel),
          [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            linalg::YieldOp::create(nested, nestedLoc, args[0]);
          });
      input->set(broadcast.getResult(0));
      maps[input->getOperandNumber()] = identity;
      changed = true;
    }
    if (changed)
      op.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
  }
}

struct ArraySparsifyPass : array::impl::ArraySparsifyBase<ArraySparsifyPass> {
  void runOnOperation() override {
    if (!findSparse(getOperation()))
      return;
    bypassSparseCasts(getOperation());
    materializeConstantIndexedOperands(getOperation());
    OpPassManager pm("builtin.module");
    // Upstream's pass decides copies and in-place writes once (One-Shot
    // analysis, insertTensorCopies), then hoists loop invariants before it
    // bufferizes without a new analysis: a reduction's fill hoisted out of
    // a loop was then accumulated into, in place, across iterations. Hoisted
    // first, the analysis sees where they are.
    pm.addPass(createLoopInvariantCodeMotionPass());
    pm.addPass(createSparseReinterpretMapPass());
    // The same bufferization options as buildBufferizationPipeline's
    // (function boundaries bufferized, identity layouts there).
    bufferization::OneShotBufferizationOptions bufferization =
        getBufferizationOptionsForSparsification(/*analysisOnly=*/false);
    bufferization.allowReturnAllocsFromLoops = true; // As the dense pipeline.
    // Codegen mode (no runtime support library: executables link arrayrt
    // only); no deallocations of its own, buffer deallocation frees
    // everything after this pass.
    SparsificationOptions sparsification(SparseParallelizationStrategy::kNone,
                                         SparseEmitStrategy::kFunctional,
                                         /*enableRT=*/false);
    pm.addPass(createSparsificationAndBufferizationPass(
        bufferization, sparsification, /*createSparseDeallocs=*/false,
        /*enableRuntimeLibrary=*/false, /*enableBufferInitialization=*/false,
        /*vectorLength=*/0, /*enableVLAVectorization=*/false,
        /*enableSIMDIndex32=*/false, /*enableGPULibgen=*/false,
        SparseEmitStrategy::kFunctional, SparseParallelizationStrategy::kNone));
    pm.addPass(createStorageSpecifierToLLVMPass());
    memref::ExpandReallocPassOptions realloc;
    realloc.emitDeallocs = false;
    pm.addNestedPass<func::FuncOp>(memref::createExpandReallocPass(realloc));
    if (failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};

} // namespace
