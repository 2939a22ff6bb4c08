//===- array-translate.cpp - mlir-translate with arrayc's translations ----===//

#include "arrayc/Conversion/ExportAbi/ExportAbi.h"
#include "arrayc/Target/GpuBinaryToPtx.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::registerAllTranslations();
  mlir::array::registerGpuBinaryToPtxTranslation();
  mlir::array::registerToCHeaderTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "Arrayc translation driver\n"));
}
