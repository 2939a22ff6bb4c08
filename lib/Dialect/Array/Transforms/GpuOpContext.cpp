//===- GpuOpContext.cpp - Name each GPU operation's array op at run time --===//
//
// After array-gpu-streams, so that the runtime calls it inserts are not
// mistaken for host work that must wait for the GPU.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUOPCONTEXT
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Runtime calls that queue device work of an array op (a library call,
/// a file's copy).
bool isRuntimeDeviceCall(StringRef callee) {
  return llvm::is_contained({"arrayrt_matmul", "arrayrt_load_npy_device",
                             "arrayrt_save_npy_device"},
                            callee);
}

/// The byte size of a memref as an i64 value: static sizes fold, dynamic
/// ones are read; a dimension with static stride 0 counts once.
Value memrefBytes(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  Type i64 = b.getI64Type();
  int64_t elementBytes =
      (type.getElementTypeBitWidth() + 7) / 8; // i1 is one byte.
  SmallVector<int64_t> strides;
  int64_t offset;
  bool strided = succeeded(type.getStridesAndOffset(strides, offset));
  int64_t staticBytes = elementBytes;
  Value dynamicBytes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (strided && strides[dim] == 0)
      continue;
    if (!type.isDynamicDim(dim)) {
      staticBytes *= type.getDimSize(dim);
      continue;
    }
    Value size = memref::DimOp::create(b, loc, memref, dim);
    size = arith::IndexCastOp::create(b, loc, i64, size);
    dynamicBytes =
        dynamicBytes ? arith::MulIOp::create(b, loc, dynamicBytes, size) : size;
  }
  Value bytes =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(staticBytes));
  if (dynamicBytes)
    bytes = arith::MulIOp::create(b, loc, bytes, dynamicBytes);
  return bytes;
}

struct ArrayGpuOpContextPass
    : array::impl::ArrayGpuOpContextBase<ArrayGpuOpContextPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    OpBuilder b(context);
    Type i64 = b.getI64Type();

    // Host functions only: kernels live in gpu.module ops.
    SmallVector<Operation *> targets;
    module.walk([&](Operation *op) {
      if (op->getParentOfType<gpu::GPUModuleOp>())
        return;
      auto call = dyn_cast<func::CallOp>(op);
      if (isa<gpu::LaunchFuncOp, gpu::AllocOp, gpu::MemcpyOp, gpu::MemsetOp,
              array::RangePushOp, array::RangePopOp>(op) ||
          (call && isRuntimeDeviceCall(call.getCallee())))
        targets.push_back(op);
    });
    if (targets.empty())
      return;

    auto declare = [&](StringRef name, TypeRange inputs) -> func::FuncOp {
      auto type = FunctionType::get(context, inputs, {});
      if (auto existing = module.lookupSymbol<func::FuncOp>(name)) {
        if (existing.getFunctionType() != type) {
          existing.emitOpError("must have type ")
              << type << " to be the runtime's @" << name;
          return nullptr;
        }
        return existing;
      }
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      auto func = func::FuncOp::create(b, module.getLoc(), name, type);
      func.setPrivate();
      return func;
    };

    // One internal string constant per distinct text.
    llvm::StringMap<LLVM::GlobalOp> strings;
    SymbolTable symbols(module);
    auto stringAddress = [&](Location loc, StringRef prefix,
                             StringRef text) -> Value {
      LLVM::GlobalOp &global = strings[(prefix + "\x1f" + text).str()];
      if (!global) {
        std::string contents = text.str();
        contents.push_back('\0');
        OpBuilder detached(context);
        auto type = LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                             contents.size());
        global =
            LLVM::GlobalOp::create(detached, loc, type,
                                   /*isConstant=*/true, LLVM::Linkage::Internal,
                                   prefix, b.getStringAttr(contents));
        symbols.insert(global, module.getBody()->begin());
      }
      return LLVM::AddressOfOp::create(b, loc, global);
    };

    for (Operation *op : targets) {
      Location loc = op->getLoc();
      b.setInsertionPoint(op);
      if (isa<array::RangePushOp, array::RangePopOp>(op)) {
        auto push = dyn_cast<array::RangePushOp>(op);
        func::FuncOp callee = push ? declare("arrayrt_range_push", {ptrType})
                                   : declare("arrayrt_range_pop", {});
        if (!callee)
          return signalPassFailure();
        SmallVector<Value> args;
        if (push)
          args.push_back(
              stringAddress(loc, "arrayrt_range_name", push.getName()));
        func::CallOp::create(b, loc, callee, args);
        // The op's place in the stream order: what it depended on.
        auto asyncOp = cast<gpu::AsyncOpInterface>(op);
        if (Value token = asyncOp.getAsyncToken()) {
          ValueRange deps = asyncOp.getAsyncDependencies();
          Value replacement =
              deps.size() == 1
                  ? deps.front()
                  : gpu::WaitOp::create(b, loc, token.getType(), deps)
                        .getAsyncToken();
          token.replaceAllUsesWith(replacement);
        }
        op->erase();
        continue;
      }

      func::FuncOp callee = declare("arrayrt_set_op", {ptrType, ptrType, i64});
      if (!callee)
        return signalPassFailure();
      // Without a source line, null strings: the previous op's name must
      // not stick to this one.
      std::string location = array::formatSourceLocation(loc);
      Value label, where;
      if (location.empty()) {
        label = where = LLVM::ZeroOp::create(b, loc, ptrType);
      } else {
        label =
            stringAddress(loc, "arrayrt_op_label", array::formatOpLabel(loc));
        where = stringAddress(loc, "arrayrt_location", location);
      }
      Value bytes;
      if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
        for (Value operand : launch.getKernelOperands()) {
          if (!isa<MemRefType>(operand.getType()))
            continue;
          Value size = memrefBytes(b, loc, operand);
          bytes = bytes ? arith::AddIOp::create(b, loc, bytes, size) : size;
        }
      }
      if (!bytes)
        bytes = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
      func::CallOp::create(b, loc, callee, ValueRange{label, where, bytes});
    }
  }
};

} // namespace
