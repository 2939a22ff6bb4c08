//===- MarkExports.cpp - Record what the artifact exports -----------------===//
//
// array-mark-exports: the functions an executable or a shared library
// exports get their ABI signature (#arrayrt.export) while they still take
// tensors; later passes change their types, array-export-abi and the C
// header writer read the signature from the attribute.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "../ArrayrtToCalls/RuntimeCalls.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYMARKEXPORTS
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using arrayrt::ArrayrtDialect;

namespace {

/// What the ABI passes: a ranked tensor of a dtype, or a scalar.
bool isScalarType(Type type) {
  return type.isIndex() || arrayrt::getDtype(type).has_value();
}

LogicalResult checkArgument(func::FuncOp func, unsigned index) {
  Type type = func.getArgumentTypes()[index];
  auto fail = [&](const Twine &why) {
    return func.emitError("cannot export @")
           << func.getSymName() << ": argument " << index << " has type "
           << type << ", " << why;
  };
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (tensor.getEncoding())
      return fail("a sparse tensor; the ABI passes dense tensors (convert "
                  "it inside the function)");
    if (!arrayrt::getDtype(tensor.getElementType()))
      return fail("whose elements the ABI cannot pass: expected bool, "
                  "integer or float elements");
    return success();
  }
  if (isScalarType(type))
    return success();
  return fail("which the ABI cannot pass: expected a ranked tensor or a "
              "bool, integer, float or index scalar");
}

LogicalResult checkResult(func::FuncOp func, unsigned index) {
  Type type = func.getResultTypes()[index];
  auto fail = [&](const Twine &why) {
    return func.emitError("cannot export @")
           << func.getSymName() << ": result " << index << " has type " << type
           << ", " << why;
  };
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    if (isScalarType(type)) {
      std::string zeroD;
      llvm::raw_string_ostream os(zeroD);
      os << "tensor<";
      if (type.isIndex())
        os << "i64";
      else
        os << type;
      os << ">";
      return fail("a scalar; exported functions return tensors (return a "
                  "0-d " +
                  zeroD + " instead)");
    }
    return fail("which the ABI cannot return: expected a ranked tensor");
  }
  if (tensor.getEncoding())
    return fail("a sparse tensor; the ABI returns dense tensors");
  if (!arrayrt::getDtype(tensor.getElementType()))
    return fail("whose elements the ABI cannot return: expected bool, "
                "integer or float elements");
  return success();
}

bool isCIdentifier(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

struct ArrayMarkExportsPass
    : array::impl::ArrayMarkExportsBase<ArrayMarkExportsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    arrayrt::ExportKind exportKind;
    if (kind == "entry") {
      exportKind = arrayrt::ExportKind::entry;
    } else if (kind == "library") {
      exportKind = arrayrt::ExportKind::library;
    } else {
      module.emitError("array-mark-exports: kind must be entry or library, "
                       "not '")
          << kind << "'";
      return signalPassFailure();
    }

    SmallVector<func::FuncOp> exported;
    if (exportKind == arrayrt::ExportKind::entry) {
      auto main = module.lookupSymbol<func::FuncOp>("main");
      if (!main || main.isExternal()) {
        module.emitError("expected a 'func.func @main' with a body as the "
                         "program's entry point");
        return signalPassFailure();
      }
      exported.push_back(main);
    } else {
      if (!isCIdentifier(prefix)) {
        module.emitError("the library's C name prefix '")
            << prefix << "' is not a C identifier (set it with --prefix=)";
        return signalPassFailure();
      }
      for (auto func : module.getOps<func::FuncOp>())
        if (func.isPublic() && !func.isExternal())
          exported.push_back(func);
      if (exported.empty()) {
        module.emitError("a shared library exports its public functions, "
                         "and this module has none with a body (private "
                         "functions are not exported)");
        return signalPassFailure();
      }
    }

    MLIRContext *context = module.getContext();
    llvm::StringMap<func::FuncOp> cNames;
    bool failed = false;
    for (func::FuncOp func : exported) {
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        failed |= mlir::failed(checkArgument(func, i));
      for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
        failed |= mlir::failed(checkResult(func, i));
      if (exportKind == arrayrt::ExportKind::library) {
        if (!isCIdentifier(func.getSymName())) {
          func.emitError("cannot export @")
              << func.getSymName()
              << ": its name is not a C identifier (make the function "
                 "private, or rename it)";
          failed = true;
        }
        for (std::string suffix : {"", "_into"}) {
          std::string cName = (func.getSymName() + suffix).str();
          auto [it, inserted] = cNames.try_emplace(cName, func);
          if (!inserted && it->second != func) {
            func.emitError("cannot export @")
                << func.getSymName() << " and @" << it->second.getSymName()
                << ": both would define the C function " << prefix << "_"
                << cName;
            failed = true;
          }
        }
        for (StringRef reserved :
             {"call", "module", "last_error", "stream_wait"})
          if (func.getSymName() == reserved) {
            func.emitError("cannot export @")
                << reserved << ": " << prefix << "_" << reserved
                << " is one of the library's own C functions (rename it)";
            failed = true;
          }
      }
      if (failed)
        continue;

      SmallVector<Attribute> names;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
        auto name = func.getArgAttrOfType<StringAttr>(
            i, ArrayrtDialect::kArgNameAttrName);
        names.push_back(
            name ? name : StringAttr::get(context, "arg" + std::to_string(i)));
        func.removeArgAttr(i, ArrayrtDialect::kArgNameAttrName);
        // A library's caller owns the arrays it passes: bufferization
        // copies an argument before anything writes it in place (an
        // array.cuda_kernel output, say).
        if (exportKind == arrayrt::ExportKind::library &&
            isa<TensorType>(func.getArgument(i).getType()))
          func.setArgAttr(
              i, bufferization::BufferizationDialect::kWritableAttrName,
              BoolAttr::get(context, false));
      }
      func->setAttr(
          ArrayrtDialect::kExportAttrName,
          arrayrt::ExportAttr::get(
              context, exportKind,
              StringAttr::get(context,
                              exportKind == arrayrt::ExportKind::library
                                  ? prefix
                                  : std::string()),
              func.getFunctionType(), ArrayAttr::get(context, names)));
    }
    // The functions not exported have no use for their arguments' names
    // (LLVM's translation would warn about the unknown attribute).
    for (auto func : module.getOps<func::FuncOp>())
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        func.removeArgAttr(i, ArrayrtDialect::kArgNameAttrName);
    if (failed)
      signalPassFailure();
  }
};

} // namespace
