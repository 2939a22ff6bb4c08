// A kernel that does not compile: NVRTC's error names line 5.
extern "C" __global__ void broken(float *x) {
  int i = threadIdx.x;
  x[i] = 1.0f;
  x[i] += undeclared;
}
