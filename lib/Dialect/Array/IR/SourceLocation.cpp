//===- SourceLocation.cpp - Source locations in run-time messages ---------===//

#include "arrayc/Dialect/Array/IR/SourceLocation.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SetVector.h"

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

/// The array op names inside `loc`, in order, without repeats.
static void collectOpNames(Location loc, llvm::SetVector<StringRef> &names) {
  if (auto named = dyn_cast<NameLoc>(loc)) {
    StringRef name = named.getName().getValue();
    if (name.starts_with("array."))
      names.insert(name);
    collectOpNames(named.getChildLoc(), names);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      collectOpNames(inner, names);
  } else if (auto callSite = dyn_cast<CallSiteLoc>(loc)) {
    collectOpNames(callSite.getCallee(), names);
  }
}

std::string array::formatOpLabel(Location loc) {
  std::string location = formatSourceLocation(loc);
  llvm::SetVector<StringRef> names;
  collectOpNames(loc, names);
  constexpr size_t kMaxNames = 4;
  std::string label;
  for (size_t i = 0; i < names.size() && i < kMaxNames; ++i) {
    // A user kernel's op is named "array.cuda_kernel <kernel>": the label
    // is the kernel's name.
    StringRef name = names[i];
    if (name.contains(' '))
      name = name.split(' ').second;
    label += (i ? "+" : "") + name.str();
  }
  if (names.size() > kMaxNames)
    label += "+...";
  if (label.empty())
    return location;
  return label + " @ " + location;
}

std::string array::formatSpanName(Operation *op) {
  std::string label = formatOpLabel(op->getLoc());
  std::string opName = op->getName().getStringRef().str();
  if (label.empty())
    return opName;
  if (label == formatSourceLocation(op->getLoc()))
    return opName + " @ " + label;
  return label;
}
