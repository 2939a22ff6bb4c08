//===- Streams.cpp - Queue GPU work on streams, with events ---------------===//
//
// Replaces gpu-async-region: every GPU op and every stream-ordered arrayrt
// op is queued on the stream its position names (arrayrt.stream_begin/end
// markers, else the program's default stream); waits between streams and
// host waits follow the buffers the ops use. Streams, events, waits and
// synchronizations become arrayrt ops, which convert-arrayrt-to-calls
// lowers with the rest. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "GpuUtils.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUSTREAMS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;
using gpu_utils::rootBuffer;

namespace {

/// The stream-ordered arrayrt op `op` is, if it queues device work.
arrayrt::StreamOrderedOpInterface getStreamOrdered(Operation *op) {
  auto ordered = dyn_cast<arrayrt::StreamOrderedOpInterface>(op);
  return ordered && ordered.isStreamOrdered() ? ordered : nullptr;
}

/// Whether `op` writes (or frees) `value`, by its memory effects.
bool writesOperand(Operation *op, Value value) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [&](MemoryEffects::EffectInstance &instance) {
    return isa<MemoryEffects::Write, MemoryEffects::Free>(
               instance.getEffect()) &&
           instance.getValue() == value;
  });
}

/// Host memory: what memref.alloc, memref.alloca and memref.get_global give
/// (array-gpu-device-memory turned the device buffers into gpu.alloc).
bool isHostBuffer(Value root) {
  return isa_and_nonnull<memref::AllocOp, memref::AllocaOp,
                         memref::GetGlobalOp>(root.getDefiningOp());
}

/// True if the kernel may store to (or through a view of) `buffer`.
bool mayWrite(Value buffer) {
  SmallVector<Value> worklist = {buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == value) {
        worklist.append(user->result_begin(), user->result_end());
        continue;
      }
      if (isa<memref::CastOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(user)) {
        SmallVector<MemoryEffects::EffectInstance> instances;
        effects.getEffects(instances);
        for (MemoryEffects::EffectInstance &instance : instances)
          if (isa<MemoryEffects::Write, MemoryEffects::Free>(
                  instance.getEffect()) &&
              (!instance.getValue() || instance.getValue() == value))
            return true;
        continue;
      }
      if (!isMemoryEffectFree(user))
        return true;
    }
  }
  return false;
}

/// Accesses to one buffer that some stream's queued work makes: per stream,
/// the index (in that stream's order) of its last write and last read.
struct Accesses {
  SmallVector<std::pair<Value, int64_t>> writers, readers;
};

void note(SmallVector<std::pair<Value, int64_t>> &list, Value stream,
          int64_t index) {
  for (auto &entry : list)
    if (entry.first == stream) {
      entry.second = std::max(entry.second, index);
      return;
    }
  list.push_back({stream, index});
}

/// What the host code knows at a program point about each stream's work.
struct State {
  llvm::MapVector<Value, Accesses> buffers;
  /// GPU ops queued on each stream so far (the last one's index).
  DenseMap<Value, int64_t> issued;
  /// (S, T) -> index of T's work that S's later work is ordered after.
  DenseMap<std::pair<Value, Value>, int64_t> waited;
  /// Index of each stream's work the host has waited for.
  DenseMap<Value, int64_t> synced;

  /// The state after either of two paths (scf.if's branches).
  static State merge(const State &a, const State &b) {
    State result = a;
    for (auto &[buffer, accesses] : b.buffers) {
      Accesses &merged = result.buffers[buffer];
      for (auto [stream, index] : accesses.writers)
        note(merged.writers, stream, index);
      for (auto [stream, index] : accesses.readers)
        note(merged.readers, stream, index);
    }
    for (auto [stream, index] : b.issued)
      result.issued[stream] = std::max(result.issued.lookup(stream), index);
    for (auto &entry : result.waited)
      entry.second = std::min(entry.second, b.waited.lookup(entry.first));
    for (auto &entry : result.synced)
      entry.second = std::min(entry.second, b.synced.lookup(entry.first));
    return result;
  }
};

class StreamLowering {
public:
  StreamLowering(ModuleOp module, func::FuncOp func)
      : module(module), func(func), context(module.getContext()),
        tokenType(gpu::AsyncTokenType::get(context)) {
    auto exported = func->getAttrOfType<arrayrt::ExportAttr>(
        arrayrt::ArrayrtDialect::kExportAttrName);
    returnsQueued =
        exported && exported.getKind() == arrayrt::ExportKind::library;
  }

  LogicalResult run();

private:
  // Where GPU work goes.
  void collectContexts(Block &block, Value outer);
  Value loweredStream(Value arrayStream);
  Value defaultStream();
  Value allocStream(gpu::AllocOp alloc, Value fallback);

  // The walk.
  void processBlock(Block &block, Value stream, State &state, bool inLoop);
  void processGpuOp(Operation *op, Value stream, State &state);
  void processStreamOrderedOp(arrayrt::StreamOrderedOpInterface op,
                              Value stream, State &state);
  /// Orders `op`, queued on `stream` by `enqueue` (which returns the op
  /// that stands for it then), after the work on other streams that its
  /// buffer uses (root, writes) depend on, and records those uses.
  void queue(Operation *op, Value stream,
             SmallVector<std::pair<Value, bool>> &uses,
             function_ref<Operation *()> enqueue, State &state);
  void processHostOp(Operation *op, State &state);
  void hostAccess(Value root, bool write, Operation *before, State &state);
  void waitFor(Value waiter, Value stream, int64_t index, Operation *before,
               State &state);
  void syncStream(Value stream, Operation *before, State &state);
  void syncAll(Operation *before, State &state);
  /// Orders the default stream after all work queued on other streams.
  void joinAll(Operation *before, State &state);
  /// Makes `op` asynchronous on `stream`; returns the op that replaced it.
  Operation *makeAsync(Operation *op, Value stream);
  bool containsStreamWork(Operation *op);
  bool queuesOnly(Operation *loop);

  ModuleOp module;
  func::FuncOp func;
  MLIRContext *context;
  Type tokenType;
  bool failed = false;

  /// The array.stream (null: the default stream) each GPU op's position
  /// names.
  DenseMap<Operation *, Value> contexts;
  DenseMap<Value, Value> lowered;
  /// Event -> (stream, index of its work the event covers).
  DenseMap<Value, std::pair<Value, int64_t>> events;
  Value defaultStreamValue;
  SmallVector<Operation *> toErase;
  /// The function is a library's: it returns without waiting for the GPU.
  bool returnsQueued = false;
};

void StreamLowering::collectContexts(Block &block, Value outer) {
  SmallVector<Value> stack;
  for (Operation &op : block) {
    Value current = stack.empty() ? outer : stack.back();
    if (auto begin = dyn_cast<arrayrt::StreamBeginOp>(op)) {
      stack.push_back(begin.getStream());
      continue;
    }
    if (auto end = dyn_cast<arrayrt::StreamEndOp>(op)) {
      if (stack.empty() || stack.back() != end.getStream()) {
        end.emitOpError("does not close the innermost arrayrt.stream_begin "
                        "of its block");
        failed = true;
        return;
      }
      stack.pop_back();
      continue;
    }
    if (isa<gpu::AsyncOpInterface>(op) || getStreamOrdered(&op))
      contexts[&op] = current;
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        collectContexts(nested, current);
  }
  if (!stack.empty()) {
    stack.back().getDefiningOp()->emitOpError(
        "has an arrayrt.stream_begin without arrayrt.stream_end in one "
        "block");
    failed = true;
  }
}

Value StreamLowering::defaultStream() {
  if (!defaultStreamValue) {
    OpBuilder b(context);
    b.setInsertionPointToStart(&func.getBody().front());
    defaultStreamValue = arrayrt::DefaultStreamOp::create(
                             b, func.getLoc(), b.getType<arrayrt::StreamType>())
                             .getStream();
  }
  return defaultStreamValue;
}

Value StreamLowering::loweredStream(Value arrayStream) {
  if (!arrayStream)
    return defaultStream();
  return lowered.lookup(arrayStream);
}

Value StreamLowering::allocStream(gpu::AllocOp alloc, Value fallback) {
  Block *block = alloc->getBlock();
  Operation *first = nullptr, *firstAncestor = nullptr;
  gpu_utils::walkBufferUsers(alloc.getMemref(), [&](Operation *user) {
    if (!contexts.count(user))
      return WalkResult::advance();
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor->isBeforeInBlock(alloc))
      return WalkResult::advance();
    if (!firstAncestor || ancestor->isBeforeInBlock(firstAncestor) ||
        (ancestor == firstAncestor && user->getBlock() == first->getBlock() &&
         user->isBeforeInBlock(first))) {
      first = user;
      firstAncestor = ancestor;
    }
    return WalkResult::advance();
  });
  if (!first)
    return fallback;
  Value arrayStream = contexts.lookup(first);
  if (!arrayStream)
    return defaultStream();
  // A stream created after the allocation cannot queue it.
  Value stream = lowered.lookup(arrayStream);
  return stream ? stream : fallback;
}

Operation *StreamLowering::makeAsync(Operation *op, Value stream) {
  OpBuilder b(op);
  Value token =
      UnrealizedConversionCastOp::create(b, op->getLoc(), tokenType, stream)
          .getResult(0);
  auto asyncOp = cast<gpu::AsyncOpInterface>(op);
  asyncOp.addAsyncDependency(token);
  if (asyncOp.getAsyncToken())
    return op;
  // As gpu-async-region does: a clone with the token as its last result.
  SmallVector<Type> resultTypes(op->getResultTypes());
  resultTypes.push_back(tokenType);
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), resultTypes, op->getOperands(),
      op->getDiscardableAttrDictionary(), op->getPropertiesStorage(),
      op->getSuccessors(), op->getNumRegions());
  for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions()))
    to.takeBody(from);
  b.insert(newOp);
  op->replaceAllUsesWith(newOp->getResults().drop_back());
  op->erase();
  return newOp;
}

void StreamLowering::waitFor(Value waiter, Value stream, int64_t index,
                             Operation *before, State &state) {
  if (waiter == stream || state.waited.lookup({waiter, stream}) >= index)
    return;
  OpBuilder b(before);
  arrayrt::StreamWaitStreamOp::create(b, before->getLoc(), waiter, stream);
  state.waited[{waiter, stream}] = state.issued.lookup(stream);
}

void StreamLowering::syncStream(Value stream, Operation *before, State &state) {
  if (state.synced.lookup(stream) >= state.issued.lookup(stream))
    return;
  OpBuilder b(before);
  arrayrt::StreamSynchronizeOp::create(b, before->getLoc(), stream);
  state.synced[stream] = state.issued.lookup(stream);
}

void StreamLowering::syncAll(Operation *before, State &state) {
  SmallVector<Value> streams;
  for (auto [stream, index] : state.issued)
    if (state.synced.lookup(stream) < index)
      streams.push_back(stream);
  // Deterministic order: the order the streams were defined in (by their
  // ancestors in the function's body when they are in different blocks).
  Block &body = func.getBody().front();
  llvm::sort(streams, [&](Value a, Value b) {
    Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
    if (x->getBlock() == y->getBlock())
      return x->isBeforeInBlock(y);
    Operation *ax = body.findAncestorOpInBlock(*x);
    Operation *ay = body.findAncestorOpInBlock(*y);
    if (ax && ay && ax != ay)
      return ax->isBeforeInBlock(ay);
    return false;
  });
  for (Value stream : streams)
    syncStream(stream, before, state);
}

void StreamLowering::joinAll(Operation *before, State &state) {
  SmallVector<std::pair<Value, int64_t>> others;
  for (auto [stream, index] : state.issued)
    if (stream != defaultStreamValue)
      others.emplace_back(stream, index);
  if (others.empty())
    return;
  Value target = defaultStream();
  for (auto [stream, index] : others)
    waitFor(target, stream, index, before, state);
}

void StreamLowering::hostAccess(Value root, bool write, Operation *before,
                                State &state) {
  auto it = state.buffers.find(root);
  if (it == state.buffers.end())
    return;
  SmallVector<std::pair<Value, int64_t>> needed(it->second.writers);
  if (write)
    llvm::append_range(needed, it->second.readers);
  for (auto [stream, index] : needed)
    if (state.synced.lookup(stream) < index)
      syncStream(stream, before, state);
}

void StreamLowering::processGpuOp(Operation *op, Value stream, State &state) {
  if (!stream)
    stream = defaultStream();
  // (buffer, writes) pairs.
  SmallVector<std::pair<Value, bool>> uses;
  if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
    stream = allocStream(alloc, stream);
    uses.push_back({alloc.getMemref(), true});
  } else if (auto dealloc = dyn_cast<gpu::DeallocOp>(op)) {
    Value root = rootBuffer(dealloc.getMemref());
    // Free on the stream that used the buffer, if only one did.
    auto it = state.buffers.find(root);
    if (it != state.buffers.end()) {
      SetVector<Value> users;
      for (auto [s, index] : it->second.writers)
        users.insert(s);
      for (auto [s, index] : it->second.readers)
        users.insert(s);
      if (users.size() == 1)
        stream = users.front();
    }
    uses.push_back({root, true});
  } else if (auto copy = dyn_cast<gpu::MemcpyOp>(op)) {
    uses.push_back({rootBuffer(copy.getDst()), true});
    // The runtime copies pageable host memory before it returns.
    Value src = rootBuffer(copy.getSrc());
    if (!isHostBuffer(src))
      uses.push_back({src, false});
  } else if (auto memset = dyn_cast<gpu::MemsetOp>(op)) {
    uses.push_back({rootBuffer(memset.getDst()), true});
  } else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
    auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        op, launch.getKernel());
    for (auto [index, operand] : llvm::enumerate(launch.getKernelOperands())) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      bool writes = !kernel || kernel.isExternal() ||
                    index >= kernel.getNumArguments() ||
                    mayWrite(kernel.getArgument(index));
      uses.push_back({rootBuffer(operand), writes});
    }
  } else {
    // gpu.wait and the like: leave as they are.
    return;
  }

  bool isAlloc = isa<gpu::AllocOp>(op), isDealloc = isa<gpu::DeallocOp>(op);
  queue(
      op, stream, uses,
      [&] {
        Operation *asyncOp = makeAsync(op, stream);
        // The allocation's buffer is now the async clone's.
        if (isAlloc)
          uses.front().first = asyncOp->getResult(0);
        return asyncOp;
      },
      state);
  if (isDealloc)
    state.buffers.erase(uses.front().first);
}

void StreamLowering::queue(Operation *op, Value stream,
                           SmallVector<std::pair<Value, bool>> &uses,
                           function_ref<Operation *()> enqueue, State &state) {
  for (auto [root, writes] : uses) {
    auto it = state.buffers.find(root);
    if (it == state.buffers.end())
      continue;
    for (auto [other, index] : it->second.writers)
      waitFor(stream, other, index, op, state);
    if (writes)
      for (auto [other, index] : it->second.readers)
        waitFor(stream, other, index, op, state);
  }
  enqueue();
  int64_t index = ++state.issued[stream];
  for (auto [root, writes] : uses) {
    Accesses &accesses = state.buffers[root];
    if (writes) {
      accesses.writers = {{stream, index}};
      accesses.readers.clear();
    } else {
      note(accesses.readers, stream, index);
    }
  }
}

void StreamLowering::processStreamOrderedOp(
    arrayrt::StreamOrderedOpInterface op, Value stream, State &state) {
  if (!stream)
    stream = defaultStream();
  SmallVector<std::pair<Value, bool>> uses;
  for (Value operand : op->getOperands())
    if (isa<BaseMemRefType>(operand.getType()))
      uses.push_back({rootBuffer(operand), writesOperand(op, operand)});
  queue(
      op, stream, uses,
      [&]() -> Operation * {
        op.setStream(stream);
        return op;
      },
      state);
}

void StreamLowering::processHostOp(Operation *op, State &state) {
  if (isMemoryEffectFree(op))
    return;
  if (auto callOp = dyn_cast<func::CallOp>(op)) {
    auto callee = module.lookupSymbol<func::FuncOp>(callOp.getCallee());
    // Another function's GPU work may use any buffer.
    if (!callee || !callee.isExternal())
      return syncAll(op, state);
  }
  bool reads = true, writes = true;
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    writes = effects.hasEffect<MemoryEffects::Write>() ||
             effects.hasEffect<MemoryEffects::Free>();
    reads = writes || effects.hasEffect<MemoryEffects::Read>();
  }
  if (!reads)
    return;
  // A pointer may address any buffer: the pass does not trace addresses.
  if (llvm::any_of(op->getOperandTypes(), llvm::IsaPred<LLVM::LLVMPointerType>))
    return syncAll(op, state);
  for (Value operand : op->getOperands()) {
    Value root = rootBuffer(operand);
    if (isa<BaseMemRefType>(root.getType()))
      hostAccess(root, writes, op, state);
  }
}

bool StreamLowering::containsStreamWork(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isa<gpu::AsyncOpInterface, arrayrt::StreamBeginOp,
                   StreamCreateOp, EventRecordOp, StreamWaitOp,
                   StreamSynchronizeOp, EventSynchronizeOp>(nested) ||
                       getStreamOrdered(nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether the iterations of `loop` need no host synchronization between
/// them: every op in it that queues work queues it on the stream of the
/// loop's position (no streams, events, waits or synchronizations inside),
/// and no host op in it may touch a buffer that work may use (it reads and
/// writes only host buffers made inside the loop, calls no function of the
/// module, takes no pointers). Stream order then orders one iteration's
/// work after the previous one's, as the host's program order would.
bool StreamLowering::queuesOnly(Operation *loop) {
  return !loop->walk([&](Operation *op) {
                if (op == loop)
                  return WalkResult::advance();
                if (isa<arrayrt::StreamBeginOp, StreamCreateOp, EventRecordOp,
                        StreamWaitOp, StreamSynchronizeOp, EventSynchronizeOp,
                        arrayrt::StreamSynchronizeOp,
                        arrayrt::EventSynchronizeOp>(op))
                  return WalkResult::interrupt();
                if (isa<gpu::AsyncOpInterface>(op) || getStreamOrdered(op) ||
                    op->getNumRegions() != 0 || isMemoryEffectFree(op))
                  return WalkResult::advance();
                if (auto call = dyn_cast<func::CallOp>(op)) {
                  auto callee =
                      module.lookupSymbol<func::FuncOp>(call.getCallee());
                  if (!callee || !callee.isExternal())
                    return WalkResult::interrupt();
                }
                if (llvm::any_of(op->getOperandTypes(),
                                 llvm::IsaPred<LLVM::LLVMPointerType>))
                  return WalkResult::interrupt();
                for (Value operand : op->getOperands()) {
                  Value root = rootBuffer(operand);
                  if (!isa<BaseMemRefType>(root.getType()))
                    continue;
                  if (!isHostBuffer(root) ||
                      !loop->isProperAncestor(root.getDefiningOp()))
                    return WalkResult::interrupt();
                }
                return WalkResult::advance();
              })
              .wasInterrupted();
}

void StreamLowering::processBlock(Block &block, Value stream, State &state,
                                  bool inLoop) {
  SmallVector<Value> stack;
  SmallVector<Value> createdStreams, createdEvents;
  Value current = stream;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (failed)
      return;
    OpBuilder b(&op);
    Location loc = op.getLoc();
    if (auto begin = dyn_cast<arrayrt::StreamBeginOp>(op)) {
      Value s = loweredStream(begin.getStream());
      if (!s) {
        begin.emitOpError("uses a stream that this pass cannot lower");
        failed = true;
        return;
      }
      stack.push_back(current);
      current = s;
      toErase.push_back(&op);
      continue;
    }
    if (isa<arrayrt::StreamEndOp>(op)) {
      current = stack.pop_back_val();
      toErase.push_back(&op);
      continue;
    }
    if (auto create = dyn_cast<StreamCreateOp>(op)) {
      Value s = arrayrt::StreamCreateOp::create(
                    b, loc, b.getType<arrayrt::StreamType>())
                    .getStream();
      lowered[create.getStream()] = s;
      createdStreams.push_back(s);
      toErase.push_back(&op);
      continue;
    }
    if (auto record = dyn_cast<EventRecordOp>(op)) {
      Value s = loweredStream(record.getStream());
      Value event = arrayrt::EventCreateOp::create(
                        b, loc, b.getType<arrayrt::EventType>())
                        .getEvent();
      arrayrt::EventRecordOp::create(b, loc, event, s);
      lowered[record.getEvent()] = event;
      events[event] = {s, state.issued.lookup(s)};
      createdEvents.push_back(event);
      toErase.push_back(&op);
      continue;
    }
    if (auto wait = dyn_cast<StreamWaitOp>(op)) {
      Value s = loweredStream(wait.getStream());
      Value event = lowered.lookup(wait.getEvent());
      arrayrt::StreamWaitEventOp::create(b, loc, s, event);
      auto [other, index] = events.lookup(event);
      if (other != s) {
        int64_t &waited = state.waited[{s, other}];
        waited = std::max(waited, index);
      }
      toErase.push_back(&op);
      continue;
    }
    if (auto sync = dyn_cast<StreamSynchronizeOp>(op)) {
      Value s = loweredStream(sync.getStream());
      arrayrt::StreamSynchronizeOp::create(b, loc, s);
      state.synced[s] = state.issued.lookup(s);
      toErase.push_back(&op);
      continue;
    }
    if (auto sync = dyn_cast<EventSynchronizeOp>(op)) {
      Value event = lowered.lookup(sync.getEvent());
      arrayrt::EventSynchronizeOp::create(b, loc, event);
      auto [other, index] = events.lookup(event);
      int64_t &synced = state.synced[other];
      synced = std::max(synced, index);
      toErase.push_back(&op);
      continue;
    }
    if (isa<gpu::AsyncOpInterface>(op)) {
      processGpuOp(&op, current, state);
      continue;
    }
    if (auto ordered = getStreamOrdered(&op)) {
      processStreamOrderedOp(ordered, current, state);
      continue;
    }
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      // A library function returns with its work queued on the caller's
      // stream (the default stream inside arrayrt_abi_call), other streams
      // joined into it; everything else returns with its work done.
      bool joinOnly = isa<func::ReturnOp>(op) && returnsQueued;
      if (joinOnly)
        joinAll(&op, state);
      else if (isa<func::ReturnOp>(op) || inLoop)
        syncAll(&op, state);
      // Streams and events of this block end here.
      for (Value event : createdEvents)
        arrayrt::EventDestroyOp::create(b, loc, event);
      for (Value s : createdStreams) {
        if (!joinOnly)
          syncStream(s, &op, state);
        arrayrt::StreamDestroyOp::create(b, loc, s);
        // Its work is done: nothing after this block waits for it.
        state.issued.erase(s);
        state.synced.erase(s);
        for (auto &entry : state.buffers) {
          llvm::erase_if(entry.second.writers,
                         [&](auto &access) { return access.first == s; });
          llvm::erase_if(entry.second.readers,
                         [&](auto &access) { return access.first == s; });
        }
      }
      continue;
    }
    if (op.getNumRegions() != 0 && containsStreamWork(&op)) {
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        State thenState = state;
        processBlock(ifOp.getThenRegion().front(), current, thenState,
                     /*inLoop=*/false);
        State elseState = state;
        if (!ifOp.getElseRegion().empty())
          processBlock(ifOp.getElseRegion().front(), current, elseState,
                       /*inLoop=*/false);
        state = State::merge(thenState, elseState);
        continue;
      }
      // A loop that only queues work on the current stream runs without
      // host waits: the stream orders its iterations. What it returns was
      // written by that work.
      if (isa<LoopLikeOpInterface>(op) && queuesOnly(&op)) {
        // Other streams' work before it is waited for once, so that no
        // iteration waits for another stream.
        Value queue = current ? current : defaultStream();
        SmallVector<Value> others;
        for (auto [s, index] : state.issued)
          if (s != queue && state.synced.lookup(s) < index)
            others.push_back(s);
        for (Value s : others)
          syncStream(s, &op, state);
        for (Region &region : op.getRegions())
          for (Block &nested : region)
            processBlock(nested, current, state, /*inLoop=*/false);
        for (Value result : op.getResults())
          if (isa<BaseMemRefType>(result.getType()))
            note(state.buffers[result].writers, queue,
                 state.issued.lookup(queue));
        continue;
      }
      // Other loops and regions: everything queued before is waited for,
      // and each pass through a block ends with its streams synchronized.
      syncAll(&op, state);
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          processBlock(nested, current, state, /*inLoop=*/true);
      continue;
    }
    processHostOp(&op, state);
  }
}

LogicalResult StreamLowering::run() {
  // Streams and events are values of one function.
  auto isStreamType = [](Type type) {
    return isa<StreamType, EventType>(type);
  };
  if (llvm::any_of(func.getArgumentTypes(), isStreamType) ||
      llvm::any_of(func.getResultTypes(), isStreamType))
    return func.emitOpError("takes or returns an array.stream or "
                            "array.event; streams and events cannot cross "
                            "function boundaries yet");
  WalkResult escaped = func.walk([&](Operation *op) {
    if (isa<StreamCreateOp, EventRecordOp, StreamWaitOp, StreamSynchronizeOp,
            EventSynchronizeOp, arrayrt::StreamBeginOp, arrayrt::StreamEndOp>(
            op))
      return WalkResult::advance();
    for (Value operand : op->getOperands())
      if (isStreamType(operand.getType())) {
        op->emitOpError("uses an array.stream or array.event as an operand; "
                        "only the stream ops may");
        return WalkResult::interrupt();
      }
    if (isa<OnStreamOp>(op)) {
      op->emitOpError("must be flattened (array-flatten-stream-regions) "
                      "before array-gpu-streams");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (escaped.wasInterrupted())
    return failure();
  if (func.isExternal())
    return success();

  collectContexts(func.getBody().front(), Value());
  if (failed)
    return failure();
  State state;
  processBlock(func.getBody().front(), Value(), state, /*inLoop=*/false);
  if (failed)
    return failure();
  // If no GPU op asked for the default stream, it was never created; else
  // it must come before every use, which the start of the entry block is.
  for (Operation *op : llvm::reverse(toErase))
    op->erase();
  return success();
}

struct ArrayGpuStreamsPass
    : array::impl::ArrayGpuStreamsBase<ArrayGpuStreamsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      StreamLowering lowering(module, func);
      if (llvm::failed(lowering.run()))
        return signalPassFailure();
    }
  }
};

} // namespace
