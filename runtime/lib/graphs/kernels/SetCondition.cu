//===- SetCondition.cu - The last node of a device while loop's body -----===//
//
// A while loop run on the device (graphs/WhileLoops.h) is a CUDA graph with
// a conditional WHILE node; its body ends with this kernel, which sets the
// node's condition from the loop's test, a byte (an i1 buffer) the body's
// last kernels wrote. cudaGraphSetConditional is in the device runtime
// (cudadevrt): the build compiles this file with -rdc and links it with
// nvcc -dlink.
//
//===----------------------------------------------------------------------===//

#include <cuda_runtime.h>

extern "C" __global__ void
arrayrt_set_while_condition(cudaGraphConditionalHandle handle,
                            const unsigned char *test) {
  cudaGraphSetConditional(handle, *test != 0);
}
