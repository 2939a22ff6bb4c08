//===- ShardedLoops.cpp - Loops over sharded arrays -----------------------===//
//
// See ShardedLoops.h. A loop
//
//   %w = scf.for %i = ... iter_args(%wi = %w0) {  // reads %xs from above
//     ... %xs ... %wi ...
//   }
//
// becomes, before propagation,
//
//   %w, %xs_out = scf.for %i = ... iter_args(%wi = %w0, %x = %xs) {
//     %r:2 = func.call @main__loop0(%i, %wi, %x)
//     scf.yield %r#0, %r#1
//   }
//
// so that every array the body reads is an operand of the loop, which
// propagation annotates (with the sharding each already has), and
// @main__loop0's arguments and results get the same shardings.
//
//===----------------------------------------------------------------------===//

#include "ShardedLoops.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace {

/// Whether a value of `type` has a sharding: tensors of rank 1 or more
/// (0-d tensors are replicated, like scalars).
bool isShardable(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() > 0;
}

/// The grid a carried value is replicated over when it has no sharding:
/// the program's (all its grids have one size), the first declared.
FlatSymbolRefAttr programGrid(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  for (auto grid : module.getOps<shard::GridOp>())
    return FlatSymbolRefAttr::get(grid.getSymNameAttr());
  return {};
}

/// The shard.shard that states the sharding of `value`'s definition (not
/// one for its users), if any.
shard::ShardOp definitionAnnotation(Value value) {
  for (Operation *user : value.getUsers())
    if (auto annotation = dyn_cast<shard::ShardOp>(user);
        annotation && !annotation.getAnnotateForUsers())
      return annotation;
  return {};
}

/// The sharding `value` has: that of the shard.shard that defines it or
/// annotates its definition, or replication over `grid`.
shard::Sharding currentSharding(Value value, FlatSymbolRefAttr grid) {
  if (auto annotation = value.getDefiningOp<shard::ShardOp>())
    return shard::Sharding(annotation.getSharding());
  if (shard::ShardOp annotation = definitionAnnotation(value))
    return shard::Sharding(annotation.getSharding());
  if (auto result = dyn_cast<OpResult>(value)) {
    FailureOr<std::pair<bool, shard::Sharding>> sharding =
        shard::getSharding(result);
    if (succeeded(sharding))
      return sharding->second;
  }
  return shard::Sharding::get(grid, {});
}

/// The grid of the first carried value that has a sharding, else the
/// program's.
FlatSymbolRefAttr loopGrid(scf::ForOp loop) {
  for (Value init : loop.getInitArgs())
    if (auto annotation = init.getDefiningOp<shard::ShardOp>())
      return shard::Sharding(annotation.getSharding()).getGridAttr();
  return programGrid(loop);
}

/// scf.for on sharded arrays: no loop of its own to split; each carried
/// array keeps the sharding of its initial value.
struct ShardedForModel
    : shard::ShardingInterface::ExternalModel<ShardedForModel, scf::ForOp> {
  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<shard::Sharding>,
                    ArrayRef<shard::Sharding>) const {
    FlatSymbolRefAttr grid = loopGrid(cast<scf::ForOp>(op));
    if (!grid)
      return shard::ShardingOption::makeEmpty();
    return shard::ShardingOption(shard::ShardingArray(), grid);
  }

  FailureOr<std::vector<shard::Sharding>>
  getShardingAnnotations(Operation *op,
                         const shard::ShardingOption &option) const {
    auto loop = cast<scf::ForOp>(op);
    std::vector<shard::Sharding> shardings;
    auto carried = [&](Value value) {
      return isShardable(value.getType()) ? currentSharding(value, option.grid)
                                          : shard::Sharding();
    };
    for (Value operand : loop->getOperands())
      shardings.push_back(carried(operand));
    for (Value init : loop.getInitArgs())
      shardings.push_back(carried(init));
    return shardings;
  }

  LogicalResult
  addShardingAnnotations(Operation *op, OpBuilder &b,
                         const shard::ShardingOption &option) const {
    auto loop = cast<scf::ForOp>(op);
    for (auto [init, result] :
         llvm::zip(loop.getInitArgsMutable(), loop->getResults())) {
      if (!isShardable(init.get().getType()))
        continue;
      shard::Sharding sharding = currentSharding(init.get(), option.grid);
      // The loop reads the annotated value (partitioning wants a result
      // annotated for its definition to have that one use).
      if (!init.get().getDefiningOp<shard::ShardOp>())
        if (shard::ShardOp annotation = definitionAnnotation(init.get()))
          init.set(annotation.getResult());
      shard::maybeInsertSourceShardingAnnotation(sharding, init, b);
      shard::maybeInsertTargetShardingAnnotation(sharding, result, b);
    }
    return success();
  }

  /// The loop on this process's parts: its body cloned, a call's results
  /// given the types of its (already partitioned) callee.
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding>, ArrayRef<shard::Sharding>,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbols,
                          OpBuilder &builder) const {
    auto loop = cast<scf::ForOp>(op);
    auto partitioned = scf::ForOp::create(
        builder, loop.getLoc(), partitionedOperands[0], partitionedOperands[1],
        partitionedOperands[2], partitionedOperands.drop_front(3));
    Block *body = partitioned.getBody();
    if (!body->empty())
      body->back().erase();
    partitionMap.map(loop.getInductionVar(), partitioned.getInductionVar());
    partitionMap.map(loop.getRegionIterArgs(), partitioned.getRegionIterArgs());
    OpBuilder inner = OpBuilder::atBlockEnd(body);
    for (Operation &nested : *loop.getBody()) {
      Operation *clone = inner.clone(nested, partitionMap);
      auto call = dyn_cast<func::CallOp>(clone);
      if (!call)
        continue;
      auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      for (auto [result, type] :
           llvm::zip(call.getResults(), callee.getResultTypes()))
        result.setType(type);
    }
    partitionMap.map(loop.getResults(), partitioned.getResults());
    return success();
  }
};

/// Whether `loop` touches tensors (its carried values or its body's).
bool worksOnTensors(scf::ForOp loop) {
  WalkResult found = loop->walk([](Operation *op) {
    for (Type type :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isa<TensorType>(type))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// `base`, or `base` with a number, whichever no symbol of `module` has.
std::string uniqueName(ModuleOp module, StringRef base) {
  std::string name = base.str();
  for (int suffix = 0; SymbolTable::lookupSymbolIn(module, name); ++suffix)
    name = (base + Twine(suffix)).str();
  return name;
}

} // namespace

void array::registerShardedLoopModel(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, scf::SCFDialect *) {
    scf::ForOp::attachInterface<ShardedForModel>(*context);
  });
}

LogicalResult array::outlineLoopBodies(func::FuncOp function,
                                       SmallVectorImpl<func::FuncOp> &bodies) {
  SmallVector<scf::ForOp> loops;
  for (Operation &op : function.getBody().front())
    if (auto loop = dyn_cast<scf::ForOp>(op); loop && worksOnTensors(loop))
      loops.push_back(loop);
  IRRewriter rewriter(function.getContext());
  auto module = function->getParentOfType<ModuleOp>();
  for (scf::ForOp loop : loops) {
    SetVector<Value> captured;
    getUsedValuesDefinedAbove(loop.getRegion(), captured);
    // Scalar constants are cloned in (partitioning does not give scalar
    // arguments a grid, nor map the values linalg bodies read from above);
    // tensors become carried values.
    OpBuilder atBody = OpBuilder::atBlockBegin(loop.getBody());
    SmallVector<Value> tensors;
    for (Value value : captured) {
      if (isa<RankedTensorType>(value.getType())) {
        tensors.push_back(value);
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (def && def->hasTrait<OpTrait::ConstantLike>())
        replaceAllUsesInRegionWith(value, atBody.clone(*def)->getResult(0),
                                   loop.getRegion());
    }
    if (!tensors.empty()) {
      rewriter.setInsertionPoint(loop);
      FailureOr<LoopLikeOpInterface> carried = loop.replaceWithAdditionalYields(
          rewriter, tensors, /*replaceInitOperandUsesInLoop=*/true,
          [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
            return SmallVector<Value>(args.begin(), args.end());
          });
      if (failed(carried))
        return loop.emitOpError("could not carry the arrays it reads");
      loop = cast<scf::ForOp>(carried->getOperation());
    }
    std::string name =
        uniqueName(module, (function.getName() + "__loop_body").str());
    FailureOr<func::FuncOp> body = outlineSingleBlockRegion(
        rewriter, loop.getLoc(), loop.getRegion(), name);
    if (failed(body))
      return loop.emitOpError("on sharded arrays: could not outline its body "
                              "to partition it");
    body->setPrivate();
    bodies.push_back(*body);
    if (failed(outlineLoopBodies(*body, bodies)))
      return failure();
  }
  return success();
}

func::FuncOp array::getOutlinedBody(scf::ForOp loop,
                                    ArrayRef<func::FuncOp> bodies) {
  auto call = dyn_cast<func::CallOp>(loop.getBody()->front());
  if (!call)
    return {};
  for (func::FuncOp body : bodies)
    if (body.getSymName() == call.getCallee())
      return body;
  return {};
}

void array::annotateLoopBody(scf::ForOp loop, func::FuncOp body) {
  FlatSymbolRefAttr grid = loopGrid(loop);
  std::vector<shard::Sharding> shardings;
  for (Value init : loop.getInitArgs())
    shardings.push_back(isShardable(init.getType())
                            ? currentSharding(init, grid)
                            : shard::Sharding());
  Block &entry = body.front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  // The body's arguments: the index, the carried values, then what it
  // reads from above that is not a tensor.
  for (auto [arg, sharding] :
       llvm::zip(entry.getArguments().drop_front(), shardings)) {
    if (!sharding)
      continue;
    Value spec = shard::ShardingOp::create(b, arg.getLoc(), sharding);
    auto annotated = shard::ShardOp::create(b, arg.getLoc(), arg, spec);
    arg.replaceAllUsesExcept(annotated, annotated);
  }
  Operation *terminator = entry.getTerminator();
  b.setInsertionPoint(terminator);
  for (auto [operand, sharding] :
       llvm::zip(terminator->getOpOperands(), shardings)) {
    if (!sharding)
      continue;
    Value spec = shard::ShardingOp::create(b, terminator->getLoc(), sharding);
    operand.set(shard::ShardOp::create(b, terminator->getLoc(), operand.get(),
                                       spec, /*annotate_for_users=*/true));
  }
}

void array::inlineLoopBodies(ModuleOp module, ArrayRef<func::FuncOp> bodies) {
  DenseSet<StringRef> names;
  for (func::FuncOp body : bodies)
    names.insert(body.getSymName());
  // Inlined bodies bring their own loops' calls: until none is left.
  for (bool inlined = true; inlined;) {
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      auto caller = call->getParentOfType<func::FuncOp>();
      if (names.contains(call.getCallee()) &&
          !names.contains(caller.getSymName()))
        calls.push_back(call);
    });
    inlined = !calls.empty();
    for (func::CallOp call : calls) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      IRMapping mapping;
      mapping.map(callee.getArguments(), call.getOperands());
      OpBuilder b(call);
      Block &block = callee.front();
      for (Operation &op : block.without_terminator())
        b.clone(op, mapping);
      for (auto [result, value] :
           llvm::zip(call.getResults(), block.getTerminator()->getOperands()))
        result.replaceAllUsesWith(mapping.lookupOrDefault(value));
      call.erase();
    }
  }
  for (func::FuncOp body : bodies)
    body.erase();
}
