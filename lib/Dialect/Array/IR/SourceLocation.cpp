//===- SourceLocation.cpp - Source locations in run-time messages ---------===//

#include "arrayc/Dialect/Array/IR/SourceLocation.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

std::string array::formatSourceLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return fileLoc.getFilename().str() + ":" +
           std::to_string(fileLoc.getLine()) + ":" +
           std::to_string(fileLoc.getColumn());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = formatSourceLocation(inner); !text.empty())
        return text;
  if (auto named = dyn_cast<NameLoc>(loc))
    return formatSourceLocation(named.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return formatSourceLocation(callSite.getCallee());
  return "";
}
