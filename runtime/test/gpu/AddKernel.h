//===- AddKernel.h - The PTX the GPU runtime tests launch -------*- C++ -*-===//
//
// `c[i] = a[i] + b[i]` for i < n, one element per thread, as PTX ISA 8.0
// (CUDA 12.0) so that any driver new enough for sm_90 JITs it. The entry is
// add_<type>(a, b, c, n) over 4-byte elements of PTX type `type` (f32 for a
// float sum, u32 for an exact integer one).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_TEST_GPU_ADDKERNEL_H
#define ARRAYRT_TEST_GPU_ADDKERNEL_H

#include <string>

inline std::string addKernelPtx(const std::string &type) {
  std::string ptx = R"ptx(
.version 8.0
.target sm_90
.address_size 64

.visible .entry add_TYPE(.param .u64 a, .param .u64 b, .param .u64 c,
                         .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<9>;
  .reg .b64 %rd<11>;

  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u32 %r2, [n];
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r5, %tid.x;
  mad.lo.s32 %r1, %r3, %r4, %r5;
  setp.ge.u32 %p1, %r1, %r2;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd4, %rd1;
  cvta.to.global.u64 %rd5, %rd2;
  cvta.to.global.u64 %rd6, %rd3;
  mul.wide.u32 %rd7, %r1, 4;
  add.s64 %rd8, %rd4, %rd7;
  add.s64 %rd9, %rd5, %rd7;
  add.s64 %rd10, %rd6, %rd7;
  ld.global.TYPE %r6, [%rd8];
  ld.global.TYPE %r7, [%rd9];
  add.TYPE %r8, %r6, %r7;
  st.global.TYPE [%rd10], %r8;
DONE:
  ret;
}
)ptx";
  for (size_t at; (at = ptx.find("TYPE")) != std::string::npos;)
    ptx.replace(at, 4, type);
  return ptx;
}

#endif // ARRAYRT_TEST_GPU_ADDKERNEL_H
