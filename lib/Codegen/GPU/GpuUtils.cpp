//===- GpuUtils.cpp - Helpers shared by the GPU kernel passes -------------===//

#include "GpuUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace mlir::array::gpu_utils {

SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes) {
  SmallVector<Value> ivs(sizes.size());
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    if (dim == 0) {
      ivs[dim] = linear;
      break;
    }
    if (getConstantIntValue(sizes[dim]) == 1) {
      ivs[dim] = arith::ConstantIndexOp::create(b, loc, 0);
      continue;
    }
    ivs[dim] = b.createOrFold<arith::RemUIOp>(loc, linear, sizes[dim]);
    linear = b.createOrFold<arith::DivUIOp>(loc, linear, sizes[dim]);
  }
  return ivs;
}

SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      indices.push_back(ivs[dim.getPosition()]);
      continue;
    }
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      indices.push_back(
          arith::ConstantIndexOp::create(b, loc, constant.getValue()));
      continue;
    }
    indices.push_back(affine::AffineApplyOp::create(
        b, loc, AffineMap::get(map.getNumDims(), 0, expr), ivs));
  }
  return indices;
}

Value product(OpBuilder &b, Location loc, ArrayRef<Value> sizes) {
  Value total = arith::ConstantIndexOp::create(b, loc, 1);
  for (Value size : sizes)
    total = b.createOrFold<arith::MulIOp>(loc, total, size);
  return total;
}

SmallVector<Value> cloneBody(OpBuilder &b, linalg::GenericOp op,
                             ArrayRef<Value> ivs, IRMapping &mapping) {
  Block *body = op.getBlock();
  for (Operation &nested : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(nested, mapping);
  }
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  return llvm::map_to_vector(yield.getValues(), [&](Value value) {
    return mapping.lookupOrDefault(value);
  });
}

Value viewedBuffer(Operation *def) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(def))
    return view.getViewSource();
  if (auto cast = dyn_cast<memref::CastOp>(def))
    return cast.getSource();
  if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(def))
    return metadata.getSource();
  return Value();
}

SmallVector<Value> allSizes(OpBuilder &b, Location loc, Value buffer) {
  SmallVector<Value> sizes;
  auto type = cast<MemRefType>(buffer.getType());
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    sizes.push_back(b.createOrFold<memref::DimOp>(loc, buffer, dim));
  return sizes;
}

Value rootBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    Value viewed = viewedBuffer(def);
    if (!viewed)
      break;
    value = viewed;
  }
  return value;
}

bool walkBufferUsers(Value buffer, function_ref<WalkResult(Operation *)> fn) {
  SmallVector<Value> worklist = {buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<ViewLikeOpInterface, memref::CastOp>(user)) {
        worklist.append(user->result_begin(), user->result_end());
        continue;
      }
      if (fn(user).wasInterrupted())
        return true;
    }
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Combiners
//===----------------------------------------------------------------------===//

Value Combiner::combine(OpBuilder &b, Location loc, Value a, Value c) const {
  IRMapping mapping;
  mapping.map(op->getOperand(accOperand), a);
  mapping.map(op->getOperand(1 - accOperand), c);
  Operation *clone = b.clone(*op, mapping);
  clone->setLoc(loc);
  return clone->getResult(0);
}

Value Combiner::neutralValue(OpBuilder &b, Location loc) const {
  return arith::ConstantOp::create(b, loc, neutral);
}

/// The neutral element of `op`, one of the associative and commutative
/// arith ops (arith::getNeutralElement), except for addf: -0.0, not
/// upstream's +0.0, so that a sum of -0.0 values stays -0.0 (as NumPy's).
static TypedAttr neutralElement(Operation *op) {
  if (auto add = dyn_cast<arith::AddFOp>(op)) {
    auto type = cast<FloatType>(add.getType());
    return FloatAttr::get(type, APFloat::getZero(type.getFloatSemantics(),
                                                 /*Negative=*/true));
  }
  return arith::getNeutralElement(op).value_or(TypedAttr());
}

std::optional<Combiner> matchCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return std::nullopt;
  Block *body = op.getBlock();
  BlockArgument acc = body->getArguments().back();
  if (!acc.hasOneUse())
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Operation *combine = yield.getValues()[0].getDefiningOp();
  if (!combine || combine->getBlock() != body ||
      combine->getNumOperands() != 2 || combine->getNumResults() != 1 ||
      *acc.getUsers().begin() != combine)
    return std::nullopt;
  unsigned accOperand = combine->getOperand(0) == acc ? 0 : 1;
  if (combine->getOperand(1 - accOperand) == acc)
    return std::nullopt; // combine(out, out)
  TypedAttr neutral = neutralElement(combine);
  if (!neutral)
    return std::nullopt;
  return Combiner{combine, accOperand, neutral};
}

//===----------------------------------------------------------------------===//
// Warp and block reductions
//===----------------------------------------------------------------------===//

Value shuffleXor(OpBuilder &b, Location loc, Value value, int32_t offset) {
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Type bitsType = b.getIntegerType(width);
  Type i32 = b.getI32Type();
  Value bits = isa<FloatType>(type)
                   ? arith::BitcastOp::create(b, loc, bitsType, value)
                   : value;
  auto shuffle32 = [&](Value word) -> Value {
    return gpu::ShuffleOp::create(b, loc, word, offset, /*width=*/32,
                                  gpu::ShuffleMode::XOR)
        .getShuffleResult();
  };
  Value shuffled;
  if (width < 32) {
    shuffled = arith::TruncIOp::create(
        b, loc, bitsType, shuffle32(arith::ExtUIOp::create(b, loc, i32, bits)));
  } else if (width == 32) {
    shuffled = shuffle32(bits);
  } else {
    // 64 bits: the two halves separately.
    Value c32 = arith::ConstantIntOp::create(b, loc, bitsType, 32);
    Value lo = arith::TruncIOp::create(b, loc, i32, bits);
    Value hi = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, bits, c32));
    Value loWide = arith::ExtUIOp::create(b, loc, bitsType, shuffle32(lo));
    Value hiWide = arith::ExtUIOp::create(b, loc, bitsType, shuffle32(hi));
    shuffled = arith::OrIOp::create(b, loc, loWide,
                                    arith::ShLIOp::create(b, loc, hiWide, c32));
  }
  return isa<FloatType>(type) ? arith::BitcastOp::create(b, loc, type, shuffled)
                              : shuffled;
}

Value warpReduce(OpBuilder &b, Location loc, const Combiner &combiner,
                 Value value, int32_t width) {
  for (int32_t offset = width / 2; offset >= 1; offset /= 2)
    value = combiner.combine(b, loc, value, shuffleXor(b, loc, value, offset));
  return value;
}

MemRefType reductionScratchType(Type type) {
  return MemRefType::get({32}, type, MemRefLayoutAttrInterface(),
                         gpu::AddressSpaceAttr::get(
                             type.getContext(), gpu::AddressSpace::Workgroup));
}

Value blockReduce(OpBuilder &b, Location loc, const Combiner &combiner,
                  Value value, Value scratch, Value threadId,
                  int64_t numThreads) {
  if (numThreads <= 32)
    return warpReduce(b, loc, combiner, value, numThreads);
  Value warpTotal = warpReduce(b, loc, combiner, value);
  int64_t numWarps = numThreads / 32;
  // Lane 0 of each warp publishes its warp's total; then every warp
  // reduces the published totals itself, so all threads get the result
  // without another round trip through shared memory.
  Value c32 = arith::ConstantIndexOp::create(b, loc, 32);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value lane = arith::RemUIOp::create(b, loc, threadId, c32);
  Value warp = arith::DivUIOp::create(b, loc, threadId, c32);
  Value isLeader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto publish = scf::IfOp::create(b, loc, isLeader, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&publish.getThenRegion().front());
    memref::StoreOp::create(b, loc, warpTotal, scratch, warp);
  }
  gpu::BarrierOp::create(b, loc);
  Value published = memref::LoadOp::create(b, loc, scratch, lane);
  Value isWarpTotal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane,
                            arith::ConstantIndexOp::create(b, loc, numWarps));
  Value contribution = arith::SelectOp::create(b, loc, isWarpTotal, published,
                                               combiner.neutralValue(b, loc));
  Value total = warpReduce(b, loc, combiner, contribution);
  gpu::BarrierOp::create(b, loc);
  return total;
}

void clusterBarrier(OpBuilder &b, Location loc) {
  NVVM::ClusterArriveOp::create(b, loc, /*aligned=*/b.getUnitAttr());
  NVVM::ClusterWaitOp::create(b, loc, /*aligned=*/b.getUnitAttr());
}

namespace {

/// &`buffer`[`index`] (workgroup memory, identity layout) as a pointer in
/// the shared address space.
Value sharedPointer(OpBuilder &b, Location loc, Value buffer, Value index) {
  auto type = cast<MemRefType>(buffer.getType());
  Value address = arith::IndexCastUIOp::create(
      b, loc, b.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer));
  int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  Value offset = arith::IndexCastUIOp::create(
      b, loc, b.getI64Type(),
      b.createOrFold<arith::MulIOp>(loc, index, cst(b, loc, bytes)));
  address = b.createOrFold<arith::AddIOp>(loc, address, offset);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 3), address);
}

/// `pointer` (shared) mapped into the window of block `rank` (i32) of the
/// cluster.
Value mapToBlock(OpBuilder &b, Location loc, Value pointer, Value rank) {
  if (rank.getType().isIndex())
    rank = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), rank);
  return NVVM::MapaOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 7), pointer, rank);
}

/// The type a total of `type` travels as: 32 or 64 bits (st.async moves
/// .b32 and .b64), narrower types widened to i32.
Type exchangedType(Type type) {
  unsigned width = type.getIntOrFloatBitWidth();
  return width == 32 || width == 64 ? type
                                    : IntegerType::get(type.getContext(), 32);
}

} // namespace

Value loadFromClusterBlock(OpBuilder &b, Location loc, Value buffer,
                           Value index, Value rank) {
  Type element = cast<MemRefType>(buffer.getType()).getElementType();
  Value pointer =
      mapToBlock(b, loc, sharedPointer(b, loc, buffer, index), rank);
  return LLVM::LoadOp::create(b, loc, element, pointer);
}

SmallVector<Type> clusterExchangeTypes(MLIRContext *context,
                                       ArrayRef<Type> types,
                                       int64_t clusterSize) {
  auto workgroup =
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  SmallVector<Type> result = {MemRefType::get(
      {2 * static_cast<int64_t>(types.size())}, IntegerType::get(context, 64),
      MemRefLayoutAttrInterface(), workgroup)};
  for (Type type : types)
    result.push_back(MemRefType::get({2 * clusterSize}, exchangedType(type),
                                     MemRefLayoutAttrInterface(), workgroup));
  return result;
}

void initClusterExchange(OpBuilder &b, Location loc,
                         const ClusterExchange &exchange, Value threadId) {
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        threadId, cst(b, loc, 0));
  emitIf(b, loc, isFirst, [&](OpBuilder &b) {
    int64_t count = 2 * static_cast<int64_t>(exchange.slots.size());
    Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
    for (int64_t i = 0; i < count; ++i)
      NVVM::MBarrierInitOp::create(
          b, loc, sharedPointer(b, loc, exchange.barriers, cst(b, loc, i)), one,
          /*predicate=*/Value());
    NVVM::FenceMbarrierInitOp::create(b, loc);
  });
  clusterBarrier(b, loc);
}

void finishClusterExchange(OpBuilder &b, Location loc) {
  NVVM::ClusterArriveRelaxedOp::create(b, loc, /*aligned=*/b.getUnitAttr());
  NVVM::ClusterWaitOp::create(b, loc, /*aligned=*/b.getUnitAttr());
}

Value clusterReduce(OpBuilder &b, Location loc, const Combiner &combiner,
                    Value blockTotal, const ClusterExchange &exchange,
                    unsigned index, Value round, Value rank, Value threadId) {
  int64_t clusterSize = exchange.clusterSize;
  Value slots = exchange.slots[index];
  Type type = blockTotal.getType();
  Type sent = cast<MemRefType>(slots.getType()).getElementType();
  unsigned sentBits = sent.getIntOrFloatBitWidth();
  // Alternate rounds use alternate barriers and slots; each barrier
  // completes a phase every other round.
  Value one = cst(b, loc, 1);
  Value set = arith::AndIOp::create(b, loc, round, one);
  Value phase = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      arith::AndIOp::create(b, loc, arith::ShRUIOp::create(b, loc, round, one),
                            one));
  Value barrier =
      sharedPointer(b, loc, exchange.barriers,
                    arith::AddIOp::create(b, loc, set, cst(b, loc, 2 * index)));
  Value base = arith::MulIOp::create(b, loc, set, cst(b, loc, clusterSize));

  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        threadId, cst(b, loc, 0));
  emitIf(b, loc, isFirst, [&](OpBuilder &b) {
    NVVM::MBarrierArriveExpectTxOp::create(
        b, loc, /*res=*/Type(), barrier,
        arith::ConstantIntOp::create(b, loc, clusterSize * sentBits / 8, 32),
        NVVM::MemScopeKind::CTA, /*relaxed=*/false, /*predicate=*/Value());
  });
  // Thread t sends the total to block t.
  Value isSender = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         threadId, cst(b, loc, clusterSize));
  emitIf(b, loc, isSender, [&](OpBuilder &b) {
    Value bits = blockTotal;
    if (isa<FloatType>(type))
      bits = arith::BitcastOp::create(
          b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), bits);
    if (sent != type)
      bits = arith::ExtUIOp::create(b, loc, b.getI32Type(), bits);
    Value slot = mapToBlock(
        b, loc,
        sharedPointer(b, loc, slots, arith::AddIOp::create(b, loc, base, rank)),
        threadId);
    Value remoteBarrier = mapToBlock(b, loc, barrier, threadId);
    std::string text = llvm::formatv(
        "st.async.shared::cluster.mbarrier::complete_tx::bytes.b{0} [$0], "
        "$1, [$2];",
        sentBits);
    LLVM::InlineAsmOp::create(
        b, loc, TypeRange(), ValueRange{slot, bits, remoteBarrier}, text,
        sentBits == 64 ? "l,l,l" : "l,r,l", /*has_side_effects=*/true,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        /*asm_dialect=*/LLVM::AsmDialectAttr(),
        /*operand_attrs=*/ArrayAttr());
  });
  // ~10 ms between suspended retries, as NVGPU's lowering uses.
  NVVM::MBarrierTryWaitParityOp::create(
      b, loc, barrier, phase,
      arith::ConstantIntOp::create(b, loc, 0x989680, 32));
  Value total;
  for (int64_t r = 0; r < clusterSize; ++r) {
    Value value = memref::LoadOp::create(
        b, loc, slots,
        ValueRange{arith::AddIOp::create(b, loc, base, cst(b, loc, r))});
    if (sent != type) {
      value = arith::TruncIOp::create(
          b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), value);
      if (isa<FloatType>(type))
        value = arith::BitcastOp::create(b, loc, type, value);
    }
    total = total ? combiner.combine(b, loc, total, value) : value;
  }
  return total;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

Value cst(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

SmallVector<Value> splitColumn(OpBuilder &b, Location loc, Value column,
                               ArrayRef<int64_t> sizes) {
  size_t ones = 0;
  while (ones + 1 < sizes.size() && sizes[ones] == 1)
    ++ones;
  SmallVector<Value> indices(ones, cst(b, loc, 0));
  SmallVector<Value> rest = llvm::map_to_vector(
      sizes.drop_front(ones), [&](int64_t size) { return cst(b, loc, size); });
  llvm::append_range(indices, delinearize(b, loc, column, rest));
  return indices;
}

SmallVector<Value> rowIndices(OpBuilder &b, Location loc, MemRefType type,
                              Value row, Value column) {
  SmallVector<Value> indices = {row};
  llvm::append_range(indices,
                     splitColumn(b, loc, column, type.getShape().drop_front()));
  return indices;
}

bool canVectorizeRows(Value buffer, int64_t width) {
  auto type = cast<MemRefType>(buffer.getType());
  unsigned bits = type.getElementTypeBitWidth();
  return width > 1 && type.getLayout().isIdentity() &&
         hasAllocationBase(buffer) && (bits == 1 || bits >= 8) &&
         llvm::isPowerOf2_32(bits) && type.getRank() >= 1 &&
         type.getShape().back() % width == 0;
}

/// The global-memory address of element `indices` of the byte-per-element
/// `memref` (identity layout: offset 0, row-major).
static Value byteAddress(OpBuilder &b, Location loc, Value memref,
                         ValueRange indices) {
  Value linear = cst(b, loc, 0);
  for (auto [dim, index] : llvm::enumerate(indices)) {
    Value size = memref::DimOp::create(b, loc, memref, dim);
    linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, linear, size), index);
  }
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::IndexCastOp::create(
      b, loc, b.getI64Type(), arith::AddIOp::create(b, loc, base, linear));
  // Generic and global addresses of device memory are the same: the global
  // space lets NVPTX emit ld.global/st.global.
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), address);
}

void relaxRoundedDivisions(Operation *root) {
  root->walk([](arith::DivFOp div) {
    if (div.getType().getIntOrFloatBitWidth() < 32 || div->use_empty())
      return;
    bool rounded = llvm::all_of(div->getUsers(), [](Operation *user) {
      auto trunc = dyn_cast<arith::TruncFOp>(user);
      return trunc && trunc.getType().getIntOrFloatBitWidth() <= 16;
    });
    if (rounded)
      div.setFastmath(div.getFastmath() | arith::FastMathFlags::arcp);
  });
}

Value loadVector(OpBuilder &b, Location loc, VectorType type, Value memref,
                 ValueRange indices, llvm::MaybeAlign alignment) {
  if (!type.getElementType().isInteger(1))
    return vector::LoadOp::create(b, loc, type, memref, indices,
                                  /*nontemporal=*/false, alignment);
  auto bytesType = VectorType::get(type.getShape(), b.getI8Type());
  Value bytes = LLVM::LoadOp::create(b, loc, bytesType,
                                     byteAddress(b, loc, memref, indices),
                                     alignment ? alignment->value() : 0);
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(bytesType, b.getI8IntegerAttr(0)));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bytes, zero);
}

void storeVector(OpBuilder &b, Location loc, Value vector, Value memref,
                 ValueRange indices, llvm::MaybeAlign alignment) {
  auto type = cast<VectorType>(vector.getType());
  if (!type.getElementType().isInteger(1)) {
    vector::StoreOp::create(b, loc, vector, memref, indices,
                            /*nontemporal=*/false, alignment);
    return;
  }
  auto bytesType = VectorType::get(type.getShape(), b.getI8Type());
  Value bytes = arith::ExtUIOp::create(b, loc, bytesType, vector);
  LLVM::StoreOp::create(b, loc, bytes, byteAddress(b, loc, memref, indices),
                        alignment ? alignment->value() : 0);
}

llvm::MaybeAlign vectorAlignment(VectorType type) {
  return llvm::Align(type.getNumElements() *
                     llvm::divideCeil(type.getElementTypeBitWidth(), 8));
}

void emitIf(OpBuilder &b, Location loc, Value cond,
            function_ref<void(OpBuilder &)> then) {
  if (std::optional<int64_t> known = getConstantIntValue(cond)) {
    if (*known)
      then(b);
    return;
  }
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  then(b);
}

void BuiltBefore::erase() {
  SmallVector<Operation *> built;
  for (Operation *it = before ? before->getNextNode() : &block->front();
       it != op; it = it->getNextNode())
    built.push_back(it);
  for (Operation *it : llvm::reverse(built))
    it->erase();
}

scf::IfOp versionLoop(OpBuilder &b, Location loc, scf::ForOp loop, Value take) {
  auto choice = scf::IfOp::create(b, loc, loop.getResultTypes(), take,
                                  /*withElseRegion=*/true);
  // Both branches start empty (scf.if's builder gives them a yield when
  // the op has no results).
  for (Block *block : {choice.thenBlock(), choice.elseBlock()})
    while (!block->empty())
      block->back().erase();
  Block *elseBlock = choice.elseBlock();
  loop->moveBefore(elseBlock, elseBlock->end());
  OpBuilder e = OpBuilder::atBlockEnd(elseBlock);
  auto yield = scf::YieldOp::create(e, loc, loop.getResults());
  loop.getResults().replaceUsesWithIf(choice.getResults(), [&](OpOperand &use) {
    return use.getOwner() != yield;
  });
  return choice;
}

gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, Value grid,
                           int64_t blockSize, TypeRange workgroup,
                           int64_t clusterSize) {
  Value one = cst(b, loc, 1);
  Value cluster = clusterSize > 1 ? cst(b, loc, clusterSize) : Value();
  auto launch = gpu::LaunchOp::create(
      b, loc, grid, one, one, cst(b, loc, blockSize), one, one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/ValueRange(), workgroup,
      /*privateAttributions=*/TypeRange(), cluster, cluster ? one : Value(),
      cluster ? one : Value());
  // The builder gives the body the 12 arguments of a launch without
  // clusters; one with clusters has 18 (cluster ids and sizes, all index,
  // which the accessors find where the verifier expects them).
  if (cluster) {
    Block &body = launch.getBody().front();
    for (unsigned i = 0; i < 6; ++i)
      body.insertArgument(gpu::LaunchOp::kNumConfigRegionAttributes + i,
                          b.getIndexType(), loc);
  }
  b.setInsertionPointToStart(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&launch.getBody().front());
  return launch;
}

bool hasAllocationBase(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp>(
            def)) {
      value = def->getOperand(0);
      continue;
    }
    return isa<memref::AllocOp, memref::AllocaOp, gpu::AllocOp>(def);
  }
  return true;
}

} // namespace mlir::array::gpu_utils
