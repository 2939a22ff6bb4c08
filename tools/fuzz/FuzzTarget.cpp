//===- FuzzTarget.cpp - What arrayc's libFuzzer targets share -------------===//

#include "FuzzTarget.h"
#include "ProgramGenerator.h"

#include "arrayc/InitAll.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <vector>

using namespace mlir;
using namespace arrayc::fuzz;

namespace {

/// What array-opt registers (tools/array-opt/array-opt.cpp).
const DialectRegistry &registry() {
  static const DialectRegistry *registry = [] {
    auto *registry = new DialectRegistry;
    registerAllDialects(*registry);
    registerAllExtensions(*registry);
    registerAllToLLVMIRTranslations(*registry);
    array::registerArrayDialects(*registry);
    return registry;
  }();
  return *registry;
}

bool verbose() {
  static const bool verbose = [] {
    const char *value = std::getenv("ARRAYC_FUZZ_VERBOSE");
    return value && *value && *value != '0';
  }();
  return verbose;
}

/// Verifies the IR after every pass that succeeded: a pass that leaves
/// invalid IR is a bug, while the pass manager's own verifier would turn it
/// into an ordinary pipeline failure.
class VerifyAfterEachPass : public PassInstrumentation {
public:
  VerifyAfterEachPass(FuzzContext &context, llvm::StringRef input)
      : context(context), input(input) {}

  void runAfterPass(Pass *pass, Operation *op) override {
    context.clearErrors();
    if (!context.knownBug() && failed(verify(op)))
      context.bug("pass '" + pass->getArgument() + "' (" + pass->getName() +
                      ") left IR that does not verify",
                  input);
  }

private:
  FuzzContext &context;
  llvm::StringRef input;
};

/// The lines of the file ARRAYC_FUZZ_KNOWN_BUGS that are neither empty nor
/// comments.
const std::vector<std::string> &knownBugs() {
  static const std::vector<std::string> known = [] {
    std::vector<std::string> lines;
    const char *path = std::getenv("ARRAYC_FUZZ_KNOWN_BUGS");
    if (!path || !*path)
      return lines;
    auto file = llvm::MemoryBuffer::getFile(path);
    if (!file) {
      llvm::errs() << "cannot read ARRAYC_FUZZ_KNOWN_BUGS=" << path << "\n";
      std::abort();
    }
    llvm::SmallVector<llvm::StringRef> all;
    (*file)->getBuffer().split(all, '\n');
    for (llvm::StringRef line : all) {
      line = line.trim();
      if (!line.empty() && !line.starts_with("#"))
        lines.push_back(line.str());
    }
    return lines;
  }();
  return known;
}

/// Whether `program` matches an `input-regex:` line of the known bugs.
bool knownCrashInput(llvm::StringRef program) {
  static const std::vector<std::unique_ptr<llvm::Regex>> patterns = [] {
    std::vector<std::unique_ptr<llvm::Regex>> patterns;
    for (llvm::StringRef line : knownBugs())
      if (line.consume_front("input-regex:")) {
        auto regex = std::make_unique<llvm::Regex>(line.trim());
        std::string error;
        if (!regex->isValid(error)) {
          llvm::errs() << "ARRAYC_FUZZ_KNOWN_BUGS: bad regex '" << line
                       << "': " << error << "\n";
          std::abort();
        }
        patterns.push_back(std::move(regex));
      }
    return patterns;
  }();
  for (const auto &pattern : patterns)
    if (pattern->match(program))
      return true;
  return false;
}

const char *severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  return "diagnostic";
}

/// The context for the next input: the same one for
/// ARRAYC_FUZZ_CONTEXT_INPUTS inputs, then a fresh one.
MLIRContext *nextContext() {
  static const unsigned inputsPerContext = [] {
    const char *value = std::getenv("ARRAYC_FUZZ_CONTEXT_INPUTS");
    long inputs = value ? std::atol(value) : 1000;
    return static_cast<unsigned>(inputs > 0 ? inputs : 1);
  }();
  static std::unique_ptr<MLIRContext> context;
  static unsigned inputs = 0;
  if (!context || inputs++ % inputsPerContext == 0) {
    context.reset();
    context = std::make_unique<MLIRContext>(registry(),
                                            MLIRContext::Threading::DISABLED);
  }
  return context.get();
}

} // namespace

void FuzzContext::bug(const llvm::Twine &message, llvm::StringRef input,
                      llvm::StringRef detail) {
  std::string full = message.str();
  if (!firstError.empty())
    full += ": " + firstError;
  for (const std::string &known : knownBugs())
    if (llvm::StringRef(full).contains(known)) {
      knownBugSeen = true;
      return;
    }
  llvm::errs() << "==== arrayc fuzz bug: " << full << "\n";
  if (!detail.empty())
    llvm::errs() << detail << "\n";
  if (!input.empty())
    llvm::errs() << "==== input:\n" << input << "\n==== end of input\n";
  llvm::errs().flush();
  std::abort();
}

llvm::StringRef arrayc::fuzz::inputProgram(const uint8_t *data, size_t size,
                                           std::string &storage) {
  llvm::StringRef program(reinterpret_cast<const char *>(data), size);
  if (structuredMode()) {
    storage = generateProgram(data, size);
    if (verbose())
      llvm::errs() << storage;
    program = storage;
  }
  if (!knownBugs().empty() && knownCrashInput(program))
    return {};
  return program;
}

FuzzContext::FuzzContext() : context(nextContext()) {
  auto swallow = [this](Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == DiagnosticSeverity::Error) {
      ++errorCount;
      if (firstError.empty()) {
        llvm::raw_string_ostream os(firstError);
        os << diagnostic.getLocation() << ": " << diagnostic;
      }
    }
    if (verbose()) {
      llvm::errs() << diagnostic.getLocation() << ": "
                   << severityName(diagnostic.getSeverity()) << ": "
                   << diagnostic << "\n";
      for (Diagnostic &note : diagnostic.getNotes())
        llvm::errs() << note.getLocation() << ": note: " << note << "\n";
    }
    return success();
  };
  handler = context->getDiagEngine().registerHandler(swallow);
}

FuzzContext::~FuzzContext() {
  context->getDiagEngine().eraseHandler(handler);
}

OwningOpRef<ModuleOp> FuzzContext::parse(llvm::StringRef text) {
  // A copy: the lexer expects the NUL that ends a MemoryBuffer.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"), llvm::SMLoc());
  ParserConfig config(context, /*verifyAfterParse=*/true);
  return parseSourceFile<ModuleOp>(sourceMgr, config);
}

bool FuzzContext::runPipeline(
    ModuleOp module, llvm::function_ref<void(OpPassManager &)> build,
    llvm::StringRef input) {
  PassManager pm(context);
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<VerifyAfterEachPass>(*this, input));
  build(pm);
  unsigned errorsBefore = errorCount;
  if (failed(pm.run(module))) {
    if (errorCount == errorsBefore && !knownBug())
      bug("the pipeline failed without an error diagnostic", input);
    return false;
  }
  if (knownBug())
    return false;
  clearErrors();
  if (failed(verify(module))) {
    bug("the pipeline succeeded with a module that does not verify", input);
    return false;
  }

  llvm::LLVMContext llvmContext;
  clearErrors();
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, "fuzz-input");
  if (!llvmModule) {
    bug("the pipeline succeeded but its result does not translate to LLVM IR",
        input);
    return false;
  }
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(*llvmModule, &os)) {
    bug("the pipeline's LLVM IR does not verify: " + problems, input);
    return false;
  }
  return true;
}

void arrayc::fuzz::fuzzPipeline(
    const uint8_t *data, size_t size,
    llvm::function_ref<void(mlir::OpPassManager &)> build) {
  std::string program;
  llvm::StringRef input = inputProgram(data, size, program);
  if (input.empty())
    return;
  FuzzContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module = context.parse(input);
  if (module)
    context.runPipeline(*module, build, input);
}
