//===- array-lsp-server.cpp - MLIR's language server with Arrayc's dialects
//===//
//
// mlir-lsp-server with the array and arrayrt dialects (and every upstream
// one) registered: diagnostics, hover, go-to-definition and completion for
// .mlir files in an editor (docs/editors.md says how to set one up).
//
//===----------------------------------------------------------------------===//

#include "arrayc/InitAll.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::array::registerArrayDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
