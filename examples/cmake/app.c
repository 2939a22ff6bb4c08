/* A C program calling the library arrayc_add_library compiled from
 * affine.mlir (for the CPU target: the function works on host memory in
 * place). */
#include "affine.h"

#include <stdio.h>

int main(void) {
  float x[5] = {0, 1, 2, 3, 4}, y[5] = {0};
  int64_t shape[1] = {5};
  DLTensor in = {0}, out = {0};
  in.data = x;
  in.device.device_type = kDLCPU;
  in.ndim = 1;
  in.dtype.code = kDLFloat;
  in.dtype.bits = 32;
  in.dtype.lanes = 1;
  in.shape = shape;
  out = in;
  out.data = y;
  int32_t status = affine_affine_into(&in, &out, NULL);
  if (status != 0) {
    fprintf(stderr, "affine failed (%d): %s\n", (int)status,
            affine_last_error());
    return 1;
  }
  for (int i = 0; i < 5; ++i)
    printf("%g%s", y[i], i < 4 ? " " : "\n");
  return 0;
}
