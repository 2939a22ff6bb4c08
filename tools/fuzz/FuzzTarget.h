//===- FuzzTarget.h - What arrayc's libFuzzer targets share -----*- C++ -*-===//
//
// Each target parses its input as MLIR text in a context that knows what
// array-opt knows (every upstream dialect, extension and LLVM IR
// translation, and the array dialect), so an input that reproduces here
// reproduces with array-opt. Diagnostics are swallowed (printed with
// ARRAYC_FUZZ_VERBOSE=1); what a target considers a bug aborts with a
// message, which libFuzzer reports as a crash.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_TOOLS_FUZZ_FUZZTARGET_H
#define ARRAYC_TOOLS_FUZZ_FUZZTARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace arrayc::fuzz {

/// A context with array-opt's dialects, single-threaded, that counts the
/// error diagnostics it swallows. Creating one and loading its dialects
/// takes longer than most inputs do, so one context serves
/// ARRAYC_FUZZ_CONTEXT_INPUTS inputs in a row (default 1000; 1: a fresh
/// context for every input) before the next input gets a fresh one; a
/// finding is replayed on its own, in a fresh context.
class FuzzContext {
public:
  FuzzContext();
  ~FuzzContext();

  mlir::MLIRContext &get() { return *context; }
  /// Error diagnostics emitted so far.
  unsigned errors() const { return errorCount; }

  /// Parses and verifies `text`; null (with diagnostics) when it does not.
  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text);

  /// Runs the pipeline `build` adds on `module`, verifying the IR after
  /// every pass, then translates the result to LLVM IR and verifies that.
  /// A pass failure with an error diagnostic is fine (returns false); a
  /// pass that leaves invalid IR, a failure without a diagnostic, or a
  /// success whose result does not translate to valid LLVM IR is a bug
  /// (bug(), naming the pass). `input` is printed with the bug.
  bool runPipeline(mlir::ModuleOp module,
                   llvm::function_ref<void(mlir::OpPassManager &)> build,
                   llvm::StringRef input);

  /// A bug that is not a crash by itself: prints `message`, the first error
  /// diagnostic since the last clearErrors(), `detail` and `input`, and
  /// aborts,
  /// unless the message with that diagnostic contains a line of the file
  /// ARRAYC_FUZZ_KNOWN_BUGS (a recorded bug, which would otherwise hide new
  /// ones): then it returns, and knownBug() is true.
  void bug(const llvm::Twine &message, llvm::StringRef input,
           llvm::StringRef detail = {});
  bool knownBug() const { return knownBugSeen; }
  void clearErrors() { firstError.clear(); }

private:
  mlir::MLIRContext *context;
  uint64_t handler;
  unsigned errorCount = 0;
  std::string firstError;
  bool knownBugSeen = false;
};

/// The program an input stands for: its bytes as MLIR text, or in the
/// structured mode (ARRAYC_FUZZ_STRUCTURED=1) the program they choose
/// (ProgramGenerator.h), kept in `storage`. Empty when the program matches
/// an `input-regex:` line of ARRAYC_FUZZ_KNOWN_BUGS (a recorded crash the
/// project cannot guard, e.g. in MLIR's parser): the targets skip it.
llvm::StringRef inputProgram(const uint8_t *data, size_t size,
                             std::string &storage);

/// A pipeline target's whole work on one input: its program parsed and
/// verified, then FuzzContext::runPipeline with the pipeline `build` adds.
void fuzzPipeline(const uint8_t *data, size_t size,
                  llvm::function_ref<void(mlir::OpPassManager &)> build);

} // namespace arrayc::fuzz

#endif // ARRAYC_TOOLS_FUZZ_FUZZTARGET_H
