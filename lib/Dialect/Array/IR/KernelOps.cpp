//===- KernelOps.cpp - array.cuda_kernel and array.gpu_kernel -------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::array;

/// CUDA's limits on a launch (compute capability 9.0).
static constexpr int64_t kMaxThreadsPerBlock = 1024;
static constexpr int64_t kMaxBlockSizes[] = {1024, 1024, 64};
static constexpr int64_t kMaxGridSizes[] = {2147483647, 65535, 65535};
static constexpr int64_t kMaxSharedBytes = 227 * 1024;

static std::string formatSizes(ArrayRef<int64_t> sizes) {
  return "[" + llvm::join(llvm::map_range(sizes, [](int64_t size) {
                            return std::to_string(size);
                          }),
                          ", ") +
         "]";
}

static std::array<int64_t, 3> padBlockSizes(ArrayRef<int64_t> block) {
  std::array<int64_t, 3> sizes = {1, 1, 1};
  for (auto [i, size] : llvm::enumerate(block))
    if (i < 3)
      sizes[i] = size;
  return sizes;
}

/// What the two kernel ops share: the launch shape, the arguments (arrays
/// or scalars) and the outputs, each result its output's type.
template <typename OpTy> static LogicalResult verifyLaunch(OpTy op) {
  ArrayRef<int64_t> block = op.getBlock();
  if (block.empty() || block.size() > 3)
    return op.emitOpError("expected 1 to 3 block sizes, found ")
           << block.size();
  int64_t threads = 1;
  for (auto [i, size] : llvm::enumerate(block)) {
    if (size < 1 || size > kMaxBlockSizes[i])
      return op.emitOpError("block size ")
             << i << " is " << size << ", expected 1 to "
             << kMaxBlockSizes[i];
    threads *= size;
  }
  if (threads > kMaxThreadsPerBlock)
    return op.emitOpError("a block of ")
           << formatSizes(block) << " has " << threads
           << " threads, more than CUDA's " << kMaxThreadsPerBlock;
  int grids = (op.getGrid() ? 1 : 0) + (op.getThreadsOver() ? 1 : 0) +
              (op.getGridSizes().empty() ? 0 : 1);
  if (grids != 1)
    return op.emitOpError("needs exactly one of `grid [x, y, z]`, "
                          "`threads_over <argument>` and `grid_sizes (%x, "
                          "%y, %z)`, found ")
           << grids;
  if (std::optional<ArrayRef<int64_t>> grid = op.getGrid()) {
    if (grid->empty() || grid->size() > 3)
      return op.emitOpError("expected 1 to 3 grid sizes, found ")
             << grid->size();
    for (auto [i, size] : llvm::enumerate(*grid))
      if (size < 1 || size > kMaxGridSizes[i])
        return op.emitOpError("grid size ")
               << i << " is " << size << ", expected 1 to "
               << kMaxGridSizes[i];
  }
  if (!op.getGridSizes().empty() && op.getGridSizes().size() != 3)
    return op.emitOpError("expected 3 `grid_sizes`, found ")
           << op.getGridSizes().size();
  OperandRange args = op.getArgs();
  if (std::optional<int64_t> over = op.getThreadsOver()) {
    if (*over < 0 || *over >= static_cast<int64_t>(args.size()))
      return op.emitOpError("`threads_over` is argument ")
             << *over << ", but the kernel takes " << args.size();
    if (!isa<RankedTensorType>(args[*over].getType()))
      return op.emitOpError("`threads_over` names argument ")
             << *over << " of type " << args[*over].getType()
             << ", expected an array";
    if (block[0] != threads)
      return op.emitOpError("`threads_over` launches blocks of block[0] "
                            "threads in x, found a block of ")
             << formatSizes(block);
  }
  if (op.getShared() < 0 || op.getShared() > kMaxSharedBytes)
    return op.emitOpError("asks for ")
           << op.getShared() << " bytes of shared memory, expected 0 to "
           << kMaxSharedBytes;

  for (auto [i, arg] : llvm::enumerate(args)) {
    Type type = arg.getType();
    if (auto tensor = dyn_cast<RankedTensorType>(type)) {
      if (tensor.getEncoding())
        return op.emitOpError("argument ")
               << i << " is a sparse array, which a kernel cannot take "
               << "(convert it with array.to_dense)";
      continue;
    }
    if (!type.isIntOrIndexOrFloat())
      return op.emitOpError("argument ")
             << i << " has type " << type
             << ", expected an array or a scalar (bool, integer, float or "
                "index)";
  }
  ArrayRef<int64_t> outputs = op.getOutputs();
  if (outputs.size() != op.getWritten().size())
    return op.emitOpError("has ")
           << outputs.size() << " outputs but " << op.getWritten().size()
           << " results: one result per output";
  llvm::SmallSet<int64_t, 4> seen;
  for (auto [j, index] : llvm::enumerate(outputs)) {
    if (index < 0 || index >= static_cast<int64_t>(args.size()))
      return op.emitOpError("output ")
             << j << " is argument " << index << ", but the kernel takes "
             << args.size();
    if (!seen.insert(index).second)
      return op.emitOpError("argument ") << index << " is an output twice";
    Type type = args[index].getType();
    if (!isa<RankedTensorType>(type))
      return op.emitOpError("output ")
             << j << " is argument " << index << " of type " << type
             << ", expected an array (the kernel writes it)";
    if (op->getResult(j).getType() != type)
      return op.emitOpError("result ")
             << j << " has type " << op->getResult(j).getType()
             << ", expected its output's type " << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// CudaKernelOp
//===----------------------------------------------------------------------===//

std::array<int64_t, 3> CudaKernelOp::getBlockSizes() {
  return padBlockSizes(getBlock());
}

bool CudaKernelOp::isPrecompiled() {
  std::optional<StringRef> file = getFile();
  return file && (file->ends_with(".ptx") || file->ends_with(".cubin"));
}

LogicalResult CudaKernelOp::verify() {
  if (getKernel().empty())
    return emitOpError("needs the kernel's name (or a name expression such "
                       "as \"scale<float>\"), found an empty string");
  if (!getSource() == !getFile())
    return emitOpError("needs the kernel's code: exactly one of `source` "
                       "(CUDA C++ text) and `file` (a .cu, .ptx or .cubin "
                       "file), found ")
           << (getSource() ? "both" : "neither");
  if (getFile() && getFile()->empty())
    return emitOpError("has an empty `file` path");
  if (isPrecompiled() && !getOptions().empty())
    return emitOpError("has NVRTC `options`, but ")
           << *getFile() << " is compiled already";
  if (!getImage() != !getSymbol())
    return emitOpError("has one of `image` and `symbol` without the other "
                       "(array-gpu-compile-kernels sets both)");
  return verifyLaunch(*this);
}

//===----------------------------------------------------------------------===//
// GpuKernelOp
//===----------------------------------------------------------------------===//

std::array<int64_t, 3> GpuKernelOp::getBlockSizes() {
  return padBlockSizes(getBlock());
}

LogicalResult GpuKernelOp::verify() { return verifyLaunch(*this); }

/// The buffer type an array argument of type `tensor` is passed as.
static MemRefType bufferTypeOf(RankedTensorType tensor) {
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

LogicalResult
GpuKernelOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *symbol = symbolTable.lookupNearestSymbolFrom(*this, getKernel());
  auto kernel = dyn_cast_or_null<FunctionOpInterface>(symbol);
  // gpu.func's unit attribute (GPUDialect::getKernelFuncAttrName); the
  // array dialect does not depend on gpu.
  if (!kernel || symbol->getName().getStringRef() != "gpu.func" ||
      !symbol->hasAttr("gpu.kernel"))
    return emitOpError("needs a `gpu.func` marked `kernel` named ")
           << getKernel() << ", found "
           << (symbol ? "'" + symbol->getName().getStringRef().str() + "'"
                      : std::string("none"));
  ArrayRef<Type> params = kernel.getArgumentTypes();
  if (params.size() != getArgs().size())
    return emitOpError("passes ")
           << getArgs().size() << " arguments to " << getKernel()
           << ", which takes " << params.size();
  for (auto [i, arg, param] : llvm::enumerate(getArgs(), params)) {
    Type expected = arg.getType();
    if (auto tensor = dyn_cast<RankedTensorType>(expected))
      expected = bufferTypeOf(tensor);
    if (param != expected)
      return emitOpError("argument ")
             << i << " of type " << arg.getType() << " is passed as "
             << expected << ", but " << getKernel() << " takes " << param;
  }
  if (!kernel.getResultTypes().empty())
    return emitOpError("kernel ") << getKernel() << " returns values";
  return success();
}
