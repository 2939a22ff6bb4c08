//===- KernelBufferization.cpp - the user kernel ops on buffers -----------===//
//
// array.cuda_kernel becomes arrayrt.launch_image and array.gpu_kernel a
// gpu.launch_func of the user's gpu.func, on the arguments' buffers. Each
// output is written in place (destination passing; one-shot bufferization
// copies it first where the program still reads the old value), and a
// buffer that is not contiguous (a strided view) goes through a contiguous
// copy, as a kernel indexes its arrays densely.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/BufferizableOpInterfaceImpl.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::array;
using namespace mlir::bufferization;

namespace {

/// The position of `operand` among the op's `args`, if it is one.
template <typename OpTy>
std::optional<int64_t> argIndex(OpTy op, OpOperand &operand) {
  unsigned begin = op.getArgs().getBeginOperandIndex();
  unsigned number = operand.getOperandNumber();
  if (number < begin || number >= begin + op.getArgs().size())
    return std::nullopt;
  return number - begin;
}

/// The result that output argument `index` becomes, if it is an output.
template <typename OpTy>
std::optional<unsigned> resultOf(OpTy op, int64_t index) {
  for (auto [j, output] : llvm::enumerate(op.getOutputs()))
    if (output == index)
      return j;
  return std::nullopt;
}

Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The dynamic sizes of `buffer` (memref.dim of each dynamic dimension).
SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(memref::DimOp::create(b, loc, buffer, dim));
  return sizes;
}

/// The grid: the op's constants (padded with 1), its `grid_sizes`, or
/// ceil(elements of args[threads_over] / block[0]) blocks in x (0 blocks
/// for an empty array: the launch is skipped at run time).
template <typename OpTy>
SmallVector<Value> buildGrid(OpTy op, OpBuilder &b, ArrayRef<Value> args) {
  Location loc = op.getLoc();
  if (std::optional<ArrayRef<int64_t>> grid = op.getGrid()) {
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < 3; ++i)
      sizes.push_back(indexConstant(
          b, loc, i < static_cast<int64_t>(grid->size()) ? (*grid)[i] : 1));
    return sizes;
  }
  if (!op.getGridSizes().empty())
    return llvm::to_vector(op.getGridSizes());
  Value buffer = args[*op.getThreadsOver()];
  auto type = cast<MemRefType>(buffer.getType());
  int64_t staticElements = 1;
  for (int64_t size : type.getShape())
    if (!ShapedType::isDynamic(size))
      staticElements *= size;
  Value elements = indexConstant(b, loc, staticElements);
  for (Value size : dynamicSizes(b, loc, buffer))
    elements = arith::MulIOp::create(b, loc, elements, size);
  Value blocks = arith::CeilDivUIOp::create(
      b, loc, elements, indexConstant(b, loc, op.getBlock()[0]));
  return {blocks, indexConstant(b, loc, 1), indexConstant(b, loc, 1)};
}

/// The two kernel ops: every array argument is read (a kernel may read its
/// outputs too), the outputs are written in place and are their results.
template <typename Derived, typename OpTy>
struct KernelOpInterface
    : BufferizableOpInterface::ExternalModel<Derived, OpTy> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &) const {
    auto kernel = cast<OpTy>(op);
    std::optional<int64_t> index = argIndex(kernel, operand);
    return index && resultOf(kernel, *index);
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    auto kernel = cast<OpTy>(op);
    std::optional<int64_t> index = argIndex(kernel, operand);
    if (!index)
      return {};
    std::optional<unsigned> result = resultOf(kernel, *index);
    if (!result)
      return {};
    return {{op->getResult(*result), BufferRelation::Equivalent}};
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto kernel = cast<OpTy>(op);
    Location loc = op->getLoc();
    rewriter.setInsertionPoint(op);
    SmallVector<Value> args, outputBuffers(op->getNumResults());
    // Strided outputs: (the output's buffer, the contiguous one written).
    SmallVector<std::pair<Value, Value>> copiesBack;
    for (auto [i, arg] : llvm::enumerate(kernel.getArgs())) {
      if (!isa<TensorType>(arg.getType())) {
        args.push_back(arg);
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, arg, options, state);
      if (failed(buffer))
        return failure();
      Value passed = *buffer;
      auto type = cast<MemRefType>(passed.getType());
      std::optional<unsigned> result = resultOf(kernel, i);
      if (!type.getLayout().isIdentity()) {
        auto contiguousType =
            MemRefType::get(type.getShape(), type.getElementType(),
                            MemRefLayoutAttrInterface(), type.getMemorySpace());
        FailureOr<Value> contiguous = options.createAlloc(
            rewriter, loc, contiguousType, dynamicSizes(rewriter, loc, passed));
        if (failed(contiguous) ||
            failed(options.createMemCpy(rewriter, loc, passed, *contiguous)))
          return failure();
        if (result)
          copiesBack.push_back({passed, *contiguous});
        passed = *contiguous;
      }
      if (result)
        outputBuffers[*result] = *buffer;
      args.push_back(passed);
    }
    SmallVector<Value> grid = buildGrid(kernel, rewriter, args);
    if (failed(Derived::launch(kernel, rewriter, args, grid)))
      return failure();
    for (auto [output, contiguous] : copiesBack)
      if (failed(options.createMemCpy(rewriter, loc, contiguous, output)))
        return failure();
    replaceOpWithBufferizedValues(rewriter, op, outputBuffers);
    return success();
  }
};

struct CudaKernelOpInterface
    : KernelOpInterface<CudaKernelOpInterface, CudaKernelOp> {
  static LogicalResult launch(CudaKernelOp op, RewriterBase &rewriter,
                              ArrayRef<Value> args, ArrayRef<Value> grid) {
    if (!op.getImage())
      return op.emitOpError("has no compiled kernel: the CUDA pipeline "
                            "compiles it (array-gpu-compile-kernels) before "
                            "bufferization");
    std::array<int64_t, 3> block = op.getBlockSizes();
    arrayrt::LaunchImageOp::create(
        rewriter, op.getLoc(), args, grid[0], grid[1], grid[2],
        /*stream=*/Value(), *op.getSymbol(), op.getKernel(), *op.getImage(),
        block, op.getShared(), op.getOutputs());
    return success();
  }
};

struct GpuKernelOpInterface
    : KernelOpInterface<GpuKernelOpInterface, GpuKernelOp> {
  static LogicalResult launch(GpuKernelOp op, RewriterBase &rewriter,
                              ArrayRef<Value> args, ArrayRef<Value> grid) {
    Location loc = op.getLoc();
    std::array<int64_t, 3> block = op.getBlockSizes();
    gpu::KernelDim3 gridSize{grid[0], grid[1], grid[2]};
    gpu::KernelDim3 blockSize{indexConstant(rewriter, loc, block[0]),
                              indexConstant(rewriter, loc, block[1]),
                              indexConstant(rewriter, loc, block[2])};
    Value shared = arith::ConstantIntOp::create(rewriter, loc, op.getShared(),
                                                /*width=*/32);
    // gpu.launch_func lives in a module that says it holds gpu.modules.
    auto module = op->getParentOfType<ModuleOp>();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    rewriter.getUnitAttr());
    gpu::LaunchFuncOp::create(rewriter, loc, op.getKernel(), gridSize,
                              blockSize, shared, args,
                              /*asyncObject=*/Value());
    return success();
  }
};

/// gpu.launch_func declares no memory effects, so the passes after
/// bufferization (buffer deallocation first) would refuse the launches of
/// array.gpu_kernel. A kernel reads and writes every buffer it is given,
/// and may write memory no operand names (its own globals, say): a launch
/// is never dead, also once its buffers are LLVM pointers.
struct LaunchFuncMemoryEffects
    : MemoryEffectOpInterface::ExternalModel<LaunchFuncMemoryEffects,
                                             gpu::LaunchFuncOp> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
    for (OpOperand &operand :
         cast<gpu::LaunchFuncOp>(op).getKernelOperandsMutable()) {
      if (!isa<BaseMemRefType>(operand.get().getType()))
        continue;
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
    }
  }
};

} // namespace

void array::registerKernelBufferizationModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, ArrayDialect *) {
    context->loadDialect<arrayrt::ArrayrtDialect, gpu::GPUDialect,
                         memref::MemRefDialect, arith::ArithDialect>();
    CudaKernelOp::attachInterface<CudaKernelOpInterface>(*context);
    GpuKernelOp::attachInterface<GpuKernelOpInterface>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, gpu::GPUDialect *) {
    gpu::LaunchFuncOp::attachInterface<LaunchFuncMemoryEffects>(*context);
  });
}
