/* A C program using the shared runtime (cmake-install.test). */
#include <arrayrt/arrayrt.h>

#include <stdio.h>

int main(void) {
  const char *why = 0;
  int ok = arrayrt_cuda_available(&why);
  printf("runtime linked: cuda %s\n", ok ? "available" : "unavailable");
  return 0;
}
