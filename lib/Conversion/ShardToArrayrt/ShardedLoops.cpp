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
// @main__loop0's arguments and results get the same shardings. A while
// loop's test region becomes a function too, returning the test (i1) and
// the values it passes on.
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

/// The initial values `loop` (an scf.for or scf.while) carries.
OperandRange initsOf(Operation *loop) {
  if (auto forLoop = dyn_cast<scf::ForOp>(loop))
    return forLoop.getInitArgs();
  return cast<scf::WhileOp>(loop).getInits();
}

MutableArrayRef<OpOperand> initOperandsOf(Operation *loop) {
  if (auto forLoop = dyn_cast<scf::ForOp>(loop))
    return forLoop.getInitArgsMutable();
  return cast<scf::WhileOp>(loop).getInitsMutable();
}

/// The grid of the first carried value that has a sharding, else the
/// program's.
FlatSymbolRefAttr loopGrid(Operation *loop) {
  for (Value init : initsOf(loop))
    if (auto annotation = init.getDefiningOp<shard::ShardOp>())
      return shard::Sharding(annotation.getSharding()).getGridAttr();
  return programGrid(loop);
}

/// The sharding of each carried value of `loop`: its initial value's
/// (none for scalars and 0-d tensors).
std::vector<shard::Sharding> carriedShardings(Operation *loop,
                                              FlatSymbolRefAttr grid) {
  std::vector<shard::Sharding> shardings;
  for (Value init : initsOf(loop))
    shardings.push_back(isShardable(init.getType())
                            ? currentSharding(init, grid)
                            : shard::Sharding());
  return shardings;
}

/// Clones `from`'s ops to the end of `to` with `map`; a call's results get
/// the types of its (already partitioned) callee.
void cloneOps(Block &from, Block &to, IRMapping &map,
              SymbolTableCollection &symbols) {
  OpBuilder builder = OpBuilder::atBlockEnd(&to);
  for (Operation &nested : from) {
    Operation *clone = builder.clone(nested, map);
    auto call = dyn_cast<func::CallOp>(clone);
    if (!call)
      continue;
    auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    for (auto [result, type] :
         llvm::zip(call.getResults(), callee.getResultTypes()))
      result.setType(type);
  }
}

/// Clones `from`'s block into `to` as a new block whose arguments have
/// `types` (cloneOps).
void cloneRegion(Region &from, Region &to, TypeRange types, IRMapping &map,
                 SymbolTableCollection &symbols, OpBuilder &builder) {
  OpBuilder::InsertionGuard guard(builder);
  Block &old = from.front();
  SmallVector<Location> locations(types.size(), from.getLoc());
  Block *block = builder.createBlock(&to, to.end(), types, locations);
  map.map(old.getArguments(), block->getArguments());
  cloneOps(old, *block, map, symbols);
}

/// scf.for and scf.while on sharded arrays: no loop of their own to split;
/// each carried array keeps the sharding of its initial value.
template <typename LoopOp>
struct ShardedLoopModel
    : shard::ShardingInterface::ExternalModel<ShardedLoopModel<LoopOp>,
                                              LoopOp> {
  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<shard::Sharding>,
                    ArrayRef<shard::Sharding>) const {
    FlatSymbolRefAttr grid = loopGrid(op);
    if (!grid)
      return shard::ShardingOption::makeEmpty();
    return shard::ShardingOption(shard::ShardingArray(), grid);
  }

  FailureOr<std::vector<shard::Sharding>>
  getShardingAnnotations(Operation *op,
                         const shard::ShardingOption &option) const {
    std::vector<shard::Sharding> shardings;
    auto carried = [&](Value value) {
      return isShardable(value.getType()) ? currentSharding(value, option.grid)
                                          : shard::Sharding();
    };
    for (Value operand : op->getOperands())
      shardings.push_back(carried(operand));
    for (Value init : initsOf(op))
      shardings.push_back(carried(init));
    return shardings;
  }

  LogicalResult
  addShardingAnnotations(Operation *op, OpBuilder &b,
                         const shard::ShardingOption &option) const {
    for (auto [init, result] :
         llvm::zip(initOperandsOf(op), op->getResults())) {
      Value value = init.get();
      if (!isShardable(value.getType()))
        continue;
      shard::Sharding sharding = currentSharding(value, option.grid);
      // The loop reads the annotated value (partitioning wants a result
      // annotated for its definition to have that one use).
      if (!isa_and_nonnull<shard::ShardOp>(value.getDefiningOp()))
        if (shard::ShardOp annotation = definitionAnnotation(value))
          init.set(annotation.getResult());
      shard::maybeInsertSourceShardingAnnotation(sharding, init, b);
      shard::maybeInsertTargetShardingAnnotation(sharding, result, b);
    }
    return success();
  }

  /// The loop on this process's parts: its regions cloned, calls' results
  /// given the types of their (already partitioned) callees.
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding>, ArrayRef<shard::Sharding>,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbols,
                          OpBuilder &builder) const {
    Operation *partitioned;
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto newLoop =
          scf::ForOp::create(builder, loop.getLoc(), partitionedOperands[0],
                             partitionedOperands[1], partitionedOperands[2],
                             partitionedOperands.drop_front(3));
      Block *body = newLoop.getBody();
      if (!body->empty())
        body->back().erase();
      partitionMap.map(loop.getInductionVar(), newLoop.getInductionVar());
      partitionMap.map(loop.getRegionIterArgs(), newLoop.getRegionIterArgs());
      cloneOps(*loop.getBody(), *body, partitionMap, symbols);
      partitioned = newLoop;
    } else {
      // The test passes on what the loop carries: the results and both
      // regions' arguments have the carried values' (partitioned) types.
      auto whileLoop = cast<scf::WhileOp>(op);
      TypeRange types = ValueRange(partitionedOperands).getTypes();
      auto newLoop = scf::WhileOp::create(builder, whileLoop.getLoc(), types,
                                          partitionedOperands);
      cloneRegion(whileLoop.getBefore(), newLoop.getBefore(), types,
                  partitionMap, symbols, builder);
      cloneRegion(whileLoop.getAfter(), newLoop.getAfter(), types, partitionMap,
                  symbols, builder);
      partitioned = newLoop;
    }
    partitionMap.map(op->getResults(), partitioned->getResults());
    return success();
  }
};

/// Whether `loop` touches tensors (its carried values or its body's).
bool worksOnTensors(Operation *loop) {
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
    scf::ForOp::attachInterface<ShardedLoopModel<scf::ForOp>>(*context);
    scf::WhileOp::attachInterface<ShardedLoopModel<scf::WhileOp>>(*context);
  });
}

namespace {

/// Clones the scalar constants `loop`'s regions read from above into them
/// (partitioning does not give scalar arguments a grid, nor map the values
/// linalg bodies read from above) and returns the tensors they read from
/// above, which become carried values.
SmallVector<Value> prepareCaptures(Operation *loop) {
  SmallVector<Value> tensors;
  for (Region &region : loop->getRegions()) {
    SetVector<Value> captured;
    getUsedValuesDefinedAbove(region, captured);
    OpBuilder atBody = OpBuilder::atBlockBegin(&region.front());
    for (Value value : captured) {
      if (isa<RankedTensorType>(value.getType())) {
        if (!llvm::is_contained(tensors, value))
          tensors.push_back(value);
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (def && def->hasTrait<OpTrait::ConstantLike>())
        replaceAllUsesInRegionWith(value, atBody.clone(*def)->getResult(0),
                                   region);
    }
  }
  return tensors;
}

/// `loop` carrying `tensors` too (passed on by its test, yielded unchanged
/// by its body), reading them through its regions' arguments.
scf::WhileOp carryTensors(RewriterBase &rewriter, scf::WhileOp loop,
                          ArrayRef<Value> tensors) {
  SmallVector<Value> inits(loop.getInits());
  llvm::append_range(inits, tensors);
  rewriter.setInsertionPoint(loop);
  auto carried = scf::WhileOp::create(rewriter, loop.getLoc(),
                                      ValueRange(inits).getTypes(), inits);
  carried.getBefore().takeBody(loop.getBefore());
  carried.getAfter().takeBody(loop.getAfter());
  Block &before = carried.getBefore().front();
  Block &after = carried.getAfter().front();
  for (Value tensor : tensors) {
    BlockArgument test = before.addArgument(tensor.getType(), tensor.getLoc());
    BlockArgument body = after.addArgument(tensor.getType(), tensor.getLoc());
    replaceAllUsesInRegionWith(tensor, test, carried.getBefore());
    replaceAllUsesInRegionWith(tensor, body, carried.getAfter());
    carried.getConditionOp().getArgsMutable().append(ValueRange(test));
    carried.getYieldOp()->insertOperands(carried.getYieldOp()->getNumOperands(),
                                         ValueRange(body));
  }
  rewriter.replaceOp(loop,
                     carried.getResults().take_front(loop.getNumResults()));
  return carried;
}

/// Outlines one region of a loop of `function` into a private function
/// named after it and `kind`, appended to `bodies` (then its own loops).
LogicalResult outlineRegion(RewriterBase &rewriter, Operation *loop,
                            Region &region, StringRef kind,
                            func::FuncOp function,
                            SmallVectorImpl<func::FuncOp> &bodies) {
  auto module = function->getParentOfType<ModuleOp>();
  std::string name =
      uniqueName(module, (function.getName() + "__loop_" + kind).str());
  FailureOr<func::FuncOp> body =
      outlineSingleBlockRegion(rewriter, loop->getLoc(), region, name);
  if (failed(body))
    return loop->emitOpError("on sharded arrays: could not outline its ")
           << kind << " to partition it";
  body->setPrivate();
  bodies.push_back(*body);
  return array::outlineLoopBodies(*body, bodies);
}

} // namespace

LogicalResult array::outlineLoopBodies(func::FuncOp function,
                                       SmallVectorImpl<func::FuncOp> &bodies) {
  SmallVector<Operation *> loops;
  for (Operation &op : function.getBody().front())
    if (isa<scf::ForOp, scf::WhileOp>(op) && worksOnTensors(&op))
      loops.push_back(&op);
  IRRewriter rewriter(function.getContext());
  for (Operation *op : loops) {
    if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      TypeRange carried = loop.getInits().getTypes();
      if (TypeRange(ValueRange(loop.getBeforeArguments())) != carried ||
          TypeRange(loop.getConditionOp().getArgs()) != carried)
        return loop.emitOpError(
            "on sharded arrays: expected its test to pass on the values "
            "it carries (the loop's results and both regions' arguments "
            "of its initial values' types)");
      SmallVector<Value> tensors = prepareCaptures(loop);
      if (!tensors.empty())
        loop = carryTensors(rewriter, loop, tensors);
      if (failed(outlineRegion(rewriter, loop, loop.getBefore(), "test",
                               function, bodies)) ||
          failed(outlineRegion(rewriter, loop, loop.getAfter(), "body",
                               function, bodies)))
        return failure();
      continue;
    }
    auto loop = cast<scf::ForOp>(op);
    SmallVector<Value> tensors = prepareCaptures(loop);
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
    if (failed(outlineRegion(rewriter, loop, loop.getRegion(), "body", function,
                             bodies)))
      return failure();
  }
  return success();
}

SmallVector<func::FuncOp>
array::getOutlinedBodies(Operation *loop, ArrayRef<func::FuncOp> bodies) {
  SmallVector<func::FuncOp> found;
  if (!isa<scf::ForOp, scf::WhileOp>(loop))
    return found;
  for (Region &region : loop->getRegions()) {
    auto call = dyn_cast<func::CallOp>(region.front().front());
    if (!call)
      return {};
    auto body = llvm::find_if(bodies, [&](func::FuncOp body) {
      return body.getSymName() == call.getCallee();
    });
    if (body == bodies.end())
      return {};
    found.push_back(*body);
  }
  return found;
}

void array::annotateLoopBodies(Operation *loop,
                               ArrayRef<func::FuncOp> regions) {
  std::vector<shard::Sharding> shardings =
      carriedShardings(loop, loopGrid(loop));
  for (func::FuncOp region : regions) {
    Block &entry = region.front();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    // The arguments: scf.for's index, the carried values, then what the
    // region reads from above that is not a tensor. The results: a while
    // loop's test first, then the carried values.
    auto args = entry.getArguments().drop_front(isa<scf::ForOp>(loop) ? 1 : 0);
    for (auto [arg, sharding] : llvm::zip(args, shardings)) {
      if (!sharding)
        continue;
      Value spec = shard::ShardingOp::create(b, arg.getLoc(), sharding);
      auto annotated = shard::ShardOp::create(b, arg.getLoc(), arg, spec);
      arg.replaceAllUsesExcept(annotated, annotated);
    }
    Operation *terminator = entry.getTerminator();
    b.setInsertionPoint(terminator);
    bool isTest = terminator->getNumOperands() > shardings.size();
    for (auto [operand, sharding] :
         llvm::zip(terminator->getOpOperands().drop_front(isTest ? 1 : 0),
                   shardings)) {
      if (!sharding)
        continue;
      Value spec = shard::ShardingOp::create(b, terminator->getLoc(), sharding);
      operand.set(shard::ShardOp::create(b, terminator->getLoc(), operand.get(),
                                         spec, /*annotate_for_users=*/true));
    }
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
