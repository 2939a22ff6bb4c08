//===- ArrayrtDialect.cpp - The arrayrt dialect ---------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::arrayrt;

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsDialect.cpp.inc"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsEnums.cpp.inc"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsAttributes.cpp.inc"

LogicalResult ExportAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ExportKind kind, StringAttr prefix,
                                 FunctionType signature, ArrayAttr argNames) {
  if (argNames.size() != signature.getNumInputs())
    return emitError() << "has " << argNames.size() << " argument names for "
                       << signature.getNumInputs() << " arguments";
  if (!llvm::all_of(argNames,
                    [](Attribute name) { return isa<StringAttr>(name); }))
    return emitError() << "argument names must be strings";
  if ((kind == ExportKind::library) == prefix.getValue().empty())
    return emitError() << "a library function needs a C name prefix, an "
                          "entry point has none";
  return success();
}

LogicalResult ArrayrtDialect::verifyRegionArgAttribute(Operation *op,
                                                       unsigned region,
                                                       unsigned argument,
                                                       NamedAttribute attr) {
  if (attr.getName() == kArgNameAttrName) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitOpError("'") << kArgNameAttrName << "' of argument "
                                  << argument << " must be a string";
    return success();
  }
  return op->emitOpError("has unknown arrayrt argument attribute '")
         << attr.getName().getValue() << "'";
}

#define GET_TYPEDEF_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.cpp.inc"

void ArrayrtDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsAttributes.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.cpp.inc"
      >();
}

LogicalResult
ArrayrtDialect::verifyOperationAttribute(Operation *op,
                                         NamedAttribute attribute) {
  if (attribute.getName() == getMinBlocksPerSmAttrHelper().getName()) {
    auto blocks = dyn_cast<IntegerAttr>(attribute.getValue());
    if (!blocks || blocks.getInt() < 1)
      return op->emitOpError("'")
             << attribute.getName().getValue()
             << "' must be a positive integer (blocks per SM)";
    return success();
  }
  if (attribute.getName() == kExportAttrName) {
    auto exported = dyn_cast<ExportAttr>(attribute.getValue());
    if (!exported)
      return op->emitOpError("'")
             << kExportAttrName << "' must be an #arrayrt.export";
    auto function = dyn_cast<FunctionOpInterface>(op);
    if (!function)
      return op->emitOpError("'") << kExportAttrName << "' is for functions";
    // Bufferization and the LLVM lowering change the function's types but
    // not how many arguments and results it has at the ABI's level.
    FunctionType signature = exported.getSignature();
    if (isa<FunctionType>(function.getFunctionType()) &&
        (function.getNumArguments() != signature.getNumInputs() ||
         function.getNumResults() != signature.getNumResults()))
      return op->emitOpError("has ")
             << function.getNumArguments() << " arguments and "
             << function.getNumResults() << " results but its '"
             << kExportAttrName << "' signature " << signature;
    return success();
  }
  return op->emitOpError("has unknown arrayrt attribute '")
         << attribute.getName().getValue() << "'";
}
