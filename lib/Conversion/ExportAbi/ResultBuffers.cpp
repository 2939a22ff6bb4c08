//===- ResultBuffers.cpp - Library results computed in the caller's tensors ===//
//
// array-export-result-buffers: the allocations a library function returns
// become arrayrt.result_alloc, which the runtime may satisfy with the
// caller's tensor for that result (runtime/lib/abi/Call.cpp decides when).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYEXPORTRESULTBUFFERS
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::arrayrt;

namespace {

/// Whether the runtime calls `func` only through the library ABI: exported
/// from a library, with a body, and not called from inside the module (a
/// nested call would take the outer call's result tensors).
bool isCalledOnlyThroughAbi(func::FuncOp func, ModuleOp module) {
  auto exported = func->getAttrOfType<ExportAttr>(
      ArrayrtDialect::kExportAttrName);
  return exported && exported.getKind() == ExportKind::library &&
         !func.isExternal() && SymbolTable::symbolKnownUseEmpty(func, module);
}

/// The stream `token` (the dependency of an async gpu op) stands for: the
/// `!arrayrt.stream` array-gpu-streams cast to it, or a cast of the token
/// (both become the same runtime pointer once lowered).
Value streamOf(OpBuilder &b, Location loc, Value token) {
  if (auto cast = token.getDefiningOp<UnrealizedConversionCastOp>())
    if (cast.getInputs().size() == 1 &&
        isa<StreamType>(cast.getInputs()[0].getType()))
      return cast.getInputs()[0];
  return UnrealizedConversionCastOp::create(b, loc,
                                            b.getType<StreamType>(), token)
      .getResult(0);
}

/// Rewrites the allocations of `func`'s results; `func` has one return.
void rewriteResultAllocations(func::FuncOp func, func::ReturnOp ret) {
  Block &entry = func.getBody().front();
  llvm::SmallPtrSet<Operation *, 4> rewritten;
  for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
    auto alloc = value.getDefiningOp<gpu::AllocOp>();
    if (!alloc || alloc->getBlock() != &entry || alloc.getHostShared() ||
        !alloc.getAsyncToken() || alloc.getAsyncDependencies().size() != 1 ||
        !alloc.getSymbolOperands().empty() ||
        !rewritten.insert(alloc).second)
      continue;
    MemRefType type = alloc.getMemref().getType();
    if (!type.getLayout().isIdentity() || type.getMemorySpace() ||
        !type.getElementType().isIntOrFloat())
      continue;
    OpBuilder b(alloc);
    Value token = alloc.getAsyncDependencies()[0];
    Value stream = streamOf(b, alloc.getLoc(), token);
    auto resultAlloc = ResultAllocOp::create(
        b, alloc.getLoc(), type, static_cast<int32_t>(index),
        alloc.getDynamicSizes(), stream);
    alloc.getAsyncToken().replaceAllUsesWith(token);
    alloc.getMemref().replaceAllUsesWith(resultAlloc.getMemref());
    alloc.erase();
  }
}

struct ArrayExportResultBuffers
    : array::impl::ArrayExportResultBuffersBase<ArrayExportResultBuffers> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!isCalledOnlyThroughAbi(func, module))
        continue;
      SmallVector<func::ReturnOp> returns(func.getOps<func::ReturnOp>());
      // Returns in several blocks would return different buffers.
      if (func.getBody().hasOneBlock() && returns.size() == 1)
        rewriteResultAllocations(func, returns.front());
    }
  }
};

} // namespace
