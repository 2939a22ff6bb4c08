//===- SourceChecks.cpp - Checks of program text before parsing -----------===//

#include "arrayc/Support/SourceChecks.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace {

class Scanner {
public:
  Scanner(const llvm::SourceMgr &sourceMgr, unsigned bufferId,
          MLIRContext *context)
      : sourceMgr(sourceMgr), bufferId(bufferId), context(context),
        text(sourceMgr.getMemoryBuffer(bufferId)->getBuffer()) {}

  LogicalResult run(unsigned maxDepth);

private:
  InFlightDiagnostic error(size_t offset);
  /// The index after the comment or string literal starting at `i`, or `i`.
  size_t skipTrivia(size_t i) const;
  static bool isWordChar(char c) { return llvm::isAlnum(c) || c == '_'; }
  LogicalResult checkDenseArray(size_t afterAngle);
  LogicalResult checkShape(size_t afterAngle);

  const llvm::SourceMgr &sourceMgr;
  unsigned bufferId;
  MLIRContext *context;
  StringRef text;
};

InFlightDiagnostic Scanner::error(size_t offset) {
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(text.data() + offset), bufferId);
  StringRef name = sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier();
  return emitError(FileLineColLoc::get(context, name, line, column));
}

size_t Scanner::skipTrivia(size_t i) const {
  if (text.substr(i).starts_with("//")) {
    size_t end = text.find('\n', i);
    return end == StringRef::npos ? text.size() : end;
  }
  if (text[i] == '"') {
    for (size_t j = i + 1; j < text.size(); ++j) {
      if (text[j] == '\\')
        ++j;
      else if (text[j] == '"')
        return j + 1;
    }
    return text.size();
  }
  return i;
}

/// After `array<`: the element type must not be `index`.
LogicalResult Scanner::checkDenseArray(size_t afterAngle) {
  size_t start = text.find_first_not_of(" \t\r\n", afterAngle);
  if (start == StringRef::npos)
    return success();
  StringRef rest = text.substr(start);
  if (!rest.consume_front("index"))
    return success();
  StringRef tail = rest.ltrim(" \t\r\n");
  if (!tail.starts_with(":") && !tail.starts_with(">"))
    return success();
  return error(start) << "dense arrays (array<T: ...>) take integer or float "
                         "elements, not index (MLIR 22's parser crashes on "
                         "array<index: ...>; use i64)";
}

/// After `tensor<`, `memref<` or `vector<`: no dimension size is negative.
LogicalResult Scanner::checkShape(size_t afterAngle) {
  size_t i = text.find_first_not_of(" \t\r\n", afterAngle);
  while (i != StringRef::npos && i < text.size()) {
    if (text[i] == '-' && i + 1 < text.size() && llvm::isDigit(text[i + 1])) {
      size_t end = i + 1;
      while (end < text.size() && llvm::isDigit(text[end]))
        ++end;
      return error(i) << "dimension size " << text.slice(i, end)
                      << " is negative; sizes are non-negative integers, or "
                         "? for a size known at run time";
    }
    // Past a dimension (digits or ?) and its 'x'; anything else ends the
    // shape (the element type, a scalable vector's brackets, '*').
    size_t end = i;
    while (end < text.size() && (llvm::isDigit(text[end]) || text[end] == '?'))
      ++end;
    if (end == i || end >= text.size() || text[end] != 'x')
      return success();
    i = end + 1;
  }
  return success();
}

LogicalResult Scanner::run(unsigned maxDepth) {
  unsigned depth = 0;
  for (size_t i = 0; i < text.size();) {
    size_t next = skipTrivia(i);
    if (next != i) {
      i = next;
      continue;
    }
    char c = text[i];
    if (c == '{' || c == '(' || c == '[' || c == '<') {
      if (++depth > maxDepth)
        return error(i) << "brackets nest deeper than " << maxDepth
                        << " levels here; arrayc accepts at most " << maxDepth
                        << " (deeper programs overflow the stack of MLIR's "
                           "parser and passes)";
      if (c == '<') {
        // The keyword before `<`, unless it is part of a longer name
        // (`!dialect.tensor<`, `#tensor<`, `foo.array<`).
        size_t wordStart = i;
        while (wordStart > 0 && isWordChar(text[wordStart - 1]))
          --wordStart;
        StringRef word = text.slice(wordStart, i);
        bool standalone =
            wordStart == 0 || !(text[wordStart - 1] == '.' ||
                                text[wordStart - 1] == '!' ||
                                text[wordStart - 1] == '#' ||
                                text[wordStart - 1] == '$');
        if (standalone && word == "array" && failed(checkDenseArray(i + 1)))
          return failure();
        if (standalone &&
            (word == "tensor" || word == "memref" || word == "vector") &&
            failed(checkShape(i + 1)))
          return failure();
      }
    } else if (c == '}' || c == ')' || c == ']') {
      if (depth > 0)
        --depth;
    } else if (c == '>') {
      // Not the arrow `->` nor `>=` (integer sets).
      bool arrow = i > 0 && text[i - 1] == '-';
      bool comparison = i + 1 < text.size() && text[i + 1] == '=';
      if (!arrow && !comparison && depth > 0)
        --depth;
    }
    ++i;
  }
  return success();
}

} // namespace

LogicalResult array::checkSourceText(const llvm::SourceMgr &sourceMgr,
                                     unsigned bufferId, MLIRContext *context,
                                     unsigned maxDepth) {
  return Scanner(sourceMgr, bufferId, context).run(maxDepth);
}
