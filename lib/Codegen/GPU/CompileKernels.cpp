//===- CompileKernels.cpp - array.cuda_kernel sources to device code ------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "Nvrtc.h"
#include "arrayc/Config.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <map>

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUCOMPILEKERNELS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

namespace {

/// The source file and line of `loc`, if it has one.
std::optional<FileLineColLoc> fileLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto named = dyn_cast<NameLoc>(loc))
    return fileLocation(named.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return fileLocation(callSite.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::optional<FileLineColLoc> file = fileLocation(inner))
        return file;
  return std::nullopt;
}

/// The directory of the program's file, where relative kernel paths start
/// ("" for the working directory).
std::string programDirectory(Operation *op) {
  std::optional<FileLineColLoc> file = fileLocation(op->getLoc());
  if (!file || file->getFilename() == "-")
    return "";
  return llvm::sys::path::parent_path(file->getFilename().getValue()).str();
}

/// A kernel's code: its text, the name NVRTC knows it by, and where
/// NVRTC's line numbers point (the .cu file, or the op for inline source).
struct Source {
  std::string text;
  std::string name;
  std::string path; ///< The file's path; empty for inline source.
};

FailureOr<Source> readSource(CudaKernelOp op) {
  if (std::optional<StringRef> inline_ = op.getSource())
    return Source{inline_->str(), op.getKernel().str() + ".cu", ""};
  llvm::SmallString<256> path(*op.getFile());
  if (llvm::sys::path::is_relative(path)) {
    llvm::SmallString<256> full(programDirectory(op));
    llvm::sys::path::append(full, path);
    path = full;
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return op.emitOpError("cannot read the kernel file '")
           << path << "': " << buffer.getError().message();
  return Source{(*buffer)->getBuffer().str(), std::string(path),
                std::string(path)};
}

/// One parameter of a PTX entry: its size and whether it is a float.
struct PtxParam {
  int64_t bytes;
  bool isFloat;
  std::string type; ///< As PTX writes it (".u64", ".align 2 .b8 [2]").
};

/// The parameters of the PTX entry `symbol`, or none if `ptx` has no such
/// entry.
std::optional<SmallVector<PtxParam>> entryParams(StringRef ptx,
                                                 StringRef symbol) {
  std::string header = (".entry " + symbol + "(").str();
  size_t begin = ptx.find(header);
  if (begin == StringRef::npos)
    return std::nullopt;
  begin += header.size();
  size_t end = ptx.find(')', begin);
  SmallVector<StringRef> lines;
  ptx.slice(begin, end).split(lines, ',', -1, /*KeepEmpty=*/false);
  SmallVector<PtxParam> params;
  llvm::Regex scalar(R"(\.param[[:space:]]+\.([busf])([0-9]+)[[:space:]])");
  llvm::Regex array(R"(\.param[[:space:]]+(\.align[[:space:]]+[0-9]+[[:space:]]+)?\.b8[[:space:]]+[^[]*\[([0-9]+)\])");
  for (StringRef line : lines) {
    line = line.trim();
    if (line.empty())
      continue;
    SmallVector<StringRef> m;
    if (array.match(line, &m)) {
      int64_t bytes = 0;
      m[2].getAsInteger(10, bytes);
      params.push_back({bytes, false, (m[1] + ".b8 [" + m[2] + "]").str()});
    } else if (scalar.match(line, &m)) {
      int64_t bits = 0;
      m[2].getAsInteger(10, bits);
      params.push_back({bits / 8, m[1] == "f", ("." + m[1] + m[2]).str()});
    } else {
      params.push_back({-1, false, line.str()});
    }
  }
  return params;
}

/// The names of the PTX entries of `ptx`, for messages.
std::string entryNames(StringRef ptx) {
  SmallVector<std::string> names;
  llvm::Regex entry(R"(\.entry[[:space:]]+([A-Za-z_$][A-Za-z0-9_$]*)[[:space:]]*\()");
  StringRef rest = ptx;
  SmallVector<StringRef> m;
  while (entry.match(rest, &m)) {
    names.push_back(m[1].str());
    rest = rest.substr(rest.find(m[0]) + m[0].size());
  }
  return names.empty() ? "none" : llvm::join(names, ", ");
}

/// The size of `type` as a kernel parameter, and whether it is a float.
std::pair<int64_t, bool> argumentLayout(Type type) {
  if (isa<RankedTensorType, IndexType>(type))
    return {8, false};
  if (auto integer = dyn_cast<IntegerType>(type))
    return {(integer.getWidth() + 7) / 8, false};
  return {(type.getIntOrFloatBitWidth() + 7) / 8, type.isF32() || type.isF64()};
}

/// Checks the op's arguments against the kernel's PTX parameters.
LogicalResult checkParams(CudaKernelOp op, ArrayRef<PtxParam> params) {
  OperandRange args = op.getArgs();
  if (params.size() != args.size())
    return op.emitOpError("passes ")
           << args.size() << " arguments to kernel '" << op.getKernel()
           << "', which takes " << params.size() << " parameters";
  for (auto [i, arg, param] : llvm::enumerate(args, params)) {
    if (param.bytes < 0)
      continue; // A parameter this check does not read.
    auto [bytes, isFloat] = argumentLayout(arg.getType());
    bool f16 = arg.getType().isF16() || arg.getType().isBF16();
    // A float parameter takes a float; a 16-bit float goes in .b16 or
    // .b8[2] (__half is a struct), never in an integer's .u16.
    bool kindMatches = isFloat == param.isFloat &&
                       (!f16 || StringRef(param.type).contains(".b"));
    if (bytes != param.bytes || !kindMatches)
      return op.emitOpError("argument ")
             << i << " of type " << arg.getType() << " ("
             << (isa<RankedTensorType>(arg.getType()) ? "a pointer, "
                                                      : "")
             << bytes << " bytes) does not match parameter " << i
             << " of kernel '" << op.getKernel() << "', a " << param.type
             << " (" << param.bytes << " bytes)";
  }
  return success();
}

/// NVRTC's log as diagnostics: an error at the op, a note at each message's
/// file and line (for inline source, at the op, naming the line).
void reportLog(CudaKernelOp op, const Source &source, StringRef log,
               InFlightDiagnostic &diag) {
  llvm::Regex header(R"(^(.*)\(([0-9]+)\): (.*)$)");
  SmallVector<StringRef> lines;
  log.split(lines, '\n');
  MLIRContext *context = op.getContext();
  std::optional<std::pair<Location, std::string>> pending;
  bool continuation = false;
  auto flush = [&] {
    if (pending)
      diag.attachNote(pending->first) << pending->second;
    pending.reset();
  };
  for (StringRef line : lines) {
    SmallVector<StringRef> m;
    if (header.match(line, &m) && m[1] == "__nv_name_map") {
      // NVRTC's text for the name expressions: about the op's `kernel`.
      flush();
      // (NVRTC's second message about the same name says no more.)
      if (!m[3].contains("Error in parsing name expression"))
        diag.attachNote(op.getLoc()) << "in the kernel's name: " << m[3];
      continuation = false;
    } else if (header.match(line, &m) && m[1] == source.name) {
      flush();
      continuation = true;
      unsigned number = 0;
      m[2].getAsInteger(10, number);
      if (source.path.empty())
        pending = {op.getLoc(), ("line " + m[2] + " of the inline source: " +
                                 m[3]).str()};
      else
        pending = {FileLineColLoc::get(context, source.path, number, 1),
                   m[3].str()};
    } else if (pending && continuation && !line.trim().empty() &&
               !line.contains("detected in the compilation")) {
      pending->second += "\n" + line.rtrim().str();
    }
  }
  flush();
}

struct ArrayGpuCompileKernelsPass
    : array::impl::ArrayGpuCompileKernelsBase<ArrayGpuCompileKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    // The ops of one source, compiled once with all their kernels' names.
    struct Group {
      Source source;
      std::vector<std::string> options;
      SmallVector<CudaKernelOp> ops;
    };
    std::vector<Group> groups;
    std::map<std::string, size_t> groupOfKey;
    WalkResult walk = getOperation().walk([&](CudaKernelOp op) {
      if (op.getImage())
        return WalkResult::advance();
      FailureOr<Source> source = readSource(op);
      if (failed(source))
        return WalkResult::interrupt();
      if (op.isPrecompiled())
        return succeeded(embedCompiled(op, *source)) ? WalkResult::advance()
                                                     : WalkResult::interrupt();
      std::vector<std::string> options = nvrtcOptions(op, *source);
      std::string key = source->name + '\0' + source->text + '\0' +
                        llvm::join(options, std::string(1, '\0'));
      auto [it, inserted] = groupOfKey.try_emplace(key, groups.size());
      if (inserted)
        groups.emplace_back();
      Group &group = groups[it->second];
      group.source = *source;
      group.options = options;
      group.ops.push_back(op);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    for (Group &group : groups)
      if (failed(compileGroup(group.source, group.options, group.ops)))
        return signalPassFailure();
  }

  std::string toolkit() const {
    return toolkitPath.empty() ? std::string(ARRAYC_CUDA_TOOLKIT_PATH)
                               : std::string(toolkitPath);
  }

  std::vector<std::string> nvrtcOptions(CudaKernelOp op,
                                        const Source &source) const {
    std::vector<std::string> options = {"-arch=" + chip};
    std::string program = programDirectory(op);
    options.push_back("-I" + (program.empty() ? std::string(".") : program));
    if (!source.path.empty())
      options.push_back(
          "-I" + llvm::sys::path::parent_path(source.path).str());
    llvm::SmallString<256> include(toolkit());
    llvm::sys::path::append(include, "include");
    options.push_back("-I" + std::string(include));
    for (StringRef option : op.getOptions().getAsValueRange<StringAttr>())
      options.push_back(option.str());
    return options;
  }

  LogicalResult compileGroup(const Source &source,
                             const std::vector<std::string> &options,
                             MutableArrayRef<CudaKernelOp> ops) {
    std::vector<std::string> names;
    for (CudaKernelOp op : ops)
      if (!llvm::is_contained(names, op.getKernel().str()))
        names.push_back(op.getKernel().str());
    bool cubin = StringRef(chip).starts_with("sm_");
    llvm::Expected<nvrtc::Compilation> compiled = nvrtc::compile(
        toolkit(), source.text, source.name, options, names, cubin);
    if (!compiled)
      return ops.front().emitOpError("cannot compile its CUDA C++: ")
             << llvm::toString(compiled.takeError());
    if (!compiled->succeeded) {
      InFlightDiagnostic diag =
          ops.front().emitOpError("NVRTC could not compile kernel '")
          << ops.front().getKernel() << "' of " << source.name << " for "
          << chip << " (" << compiled->error << ")";
      if (compiled->log.empty())
        diag << " with options " << llvm::join(options, " ");
      reportLog(ops.front(), source, compiled->log, diag);
      return failure();
    }
    if (!compiled->log.empty()) {
      InFlightDiagnostic diag = ops.front().emitWarning("NVRTC's warnings "
                                                        "for kernel '")
                                << ops.front().getKernel() << "':";
      reportLog(ops.front(), source, compiled->log, diag);
    }
    std::string image =
        cubin ? compiled->cubin : compiled->ptx + std::string(1, '\0');
    for (CudaKernelOp op : ops) {
      auto index = llvm::find(names, op.getKernel().str()) - names.begin();
      StringRef symbol = compiled->loweredNames[index];
      std::optional<SmallVector<PtxParam>> params =
          entryParams(compiled->ptx, symbol);
      if (!params)
        return op.emitOpError("'")
               << op.getKernel() << "' is not a __global__ function of "
               << source.name << " (its kernels: "
               << entryNames(compiled->ptx) << ")";
      if (failed(checkParams(op, *params)))
        return failure();
      setImage(op, image, symbol);
    }
    return success();
  }

  /// A .ptx or .cubin file: embedded as it is, after the checks it allows.
  LogicalResult embedCompiled(CudaKernelOp op, const Source &source) {
    StringRef symbol = op.getKernel();
    if (StringRef(source.path).ends_with(".ptx")) {
      std::optional<SmallVector<PtxParam>> params =
          entryParams(source.text, symbol);
      if (!params)
        return op.emitOpError("'")
               << symbol << "' is not an entry of " << source.path
               << " (its entries: " << entryNames(source.text)
               << "; a C++ kernel goes by its mangled name)";
      if (failed(checkParams(op, *params)))
        return failure();
      // The driver compiles PTX when the program loads it; it reads a
      // NUL-terminated string.
      setImage(op, source.text + std::string(1, '\0'), symbol);
      return success();
    }
    StringRef bytes = source.text;
    if (!bytes.starts_with("\x7f"
                           "ELF"))
      return op.emitOpError("expected a cubin (an ELF file) in ")
             << source.path;
    // A symbol is a NUL-delimited entry of the ELF string table.
    std::string entry = std::string(1, '\0') + symbol.str() + '\0';
    if (!bytes.contains(entry))
      return op.emitOpError("'") << symbol << "' is not a symbol of "
                                 << source.path;
    setImage(op, source.text, symbol);
    return success();
  }

  void setImage(CudaKernelOp op, StringRef image, StringRef symbol) {
    MLIRContext *context = op.getContext();
    op.setImageAttr(StringAttr::get(context, image));
    op.setSymbolAttr(StringAttr::get(context, symbol));
  }
};

} // namespace
