//===- ExportAbi.h - Exported functions and their ABI -----------*- C++ -*-===//

#ifndef ARRAYC_CONVERSION_EXPORTABI_EXPORTABI_H
#define ARRAYC_CONVERSION_EXPORTABI_EXPORTABI_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::array {

#define GEN_PASS_DECL_ARRAYMARKEXPORTS
#define GEN_PASS_DECL_ARRAYEXPORTABI
#define GEN_PASS_DECL_ARRAYEXPORTRESULTBUFFERS
#include "arrayc/Conversion/Passes.h.inc"

/// Writes the C header of a shared library: the declarations of the C
/// functions array-export-abi emits for the functions of `module` that
/// carry a library `arrayrt.export`. `source` names the program in the
/// header's comment. Fails, with an error, when there are none.
LogicalResult writeLibraryHeader(ModuleOp module, llvm::StringRef source,
                                 llvm::raw_ostream &os);

/// Registers the array-translate translation `--arrayc-to-c-header`.
void registerToCHeaderTranslation();

} // namespace mlir::array

#endif // ARRAYC_CONVERSION_EXPORTABI_EXPORTABI_H
