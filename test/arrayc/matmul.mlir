// The CUDA target calls cuBLASLt for float products (TF32 only when asked:
// --matmul-tf32, or the op's precision); the CPU target keeps loops.
// RUN: arrayc --emit=linalg %s | FileCheck %s --check-prefix=LINALG
// RUN: arrayc --emit=gpu %s | FileCheck %s --check-prefix=EXACT
// RUN: arrayc --emit=gpu --matmul-tf32 %s | FileCheck %s --check-prefix=TF32
// RUN: arrayc --target=cpu --emit=gpu %s | FileCheck %s --check-prefix=CPU
// RUN: arrayc --emit=llvm %s | FileCheck %s --check-prefix=LLVM

// LINALG: arrayrt.blas_matmul %{{.+}}, %{{.+}} bias %{{.+}} : tensor<16xf32> into %{{.+}} {epilogue = #arrayrt<epilogue relu>} : tensor<8x32xf32>, tensor<32x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
// LINALG: arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} {tf32} :
// LINALG-NOT: linalg.generic {{.*}} reduction

// On buffers, queued on the program's stream; tf32 only where asked.
// EXACT: %[[S:.+]] = arrayrt.default_stream
// EXACT: arrayrt.blas_matmul {{.*}} on %[[S]] {epilogue = #arrayrt<epilogue relu>} : memref<8x32xf32>
// EXACT: arrayrt.blas_matmul {{.*}} on %[[S]] {tf32} : memref<8x32xf32>
// TF32: arrayrt.blas_matmul {{.*}} {epilogue = #arrayrt<epilogue relu>, tf32} : memref<8x32xf32>
// TF32: arrayrt.blas_matmul {{.*}} {tf32} : memref<8x32xf32>

// CPU-NOT: arrayrt_matmul
// CPU: scf.for

// The C prototype of arrayrt.h: (int64_t, void *) x 4, int32_t x 3,
// double x 2, const char *, arrayrt_stream_t: the program's stream, with
// no host wait before the call.
// LLVM: declare void @arrayrt_matmul(i64, ptr, i64, ptr, i64, ptr, i64, ptr, i32, i32, i32, double, double, ptr, ptr)
// LLVM: %[[STREAM:.+]] = tail call ptr @arrayrt_default_stream()
// LLVM-NOT: arrayrt_stream_synchronize
// The dtype (F32 11), the epilogue (RELU_BIAS 4) and the flags (0 exact,
// 4 TF32) as arrayrt.h numbers them.
// LLVM: call void @arrayrt_matmul(i64 2, ptr {{.+}}, i64 2, ptr {{.+}}, i64 1, ptr {{.+}}, i64 2, ptr {{.+}}, i32 11, i32 4, i32 0, double 1.000000e+00, double 0.000000e+00, ptr {{.+}}@arrayrt_location{{.*}}, ptr %[[STREAM]])
// LLVM: call void @arrayrt_matmul(i64 2, ptr {{.+}}, i64 2, ptr {{.+}}, i64 0, ptr null, i64 2, ptr {{.+}}, i32 11, i32 0, i32 4, double 1.000000e+00, double 0.000000e+00, ptr {{.+}}, ptr %[[STREAM]])

func.func @main() {
  %a = array.full 0.5 : tensor<8x32xf32>
  %b = array.full 0.25 : tensor<32x16xf32>
  %bias = array.full -1.0 : tensor<16xf32>
  %zero = array.full 0.0 : tensor<f32>
  %p = array.matmul %a, %b : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  %x = array.add %p, %bias : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %r = array.maximum %x, %zero : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  array.print %r : tensor<8x16xf32>
  %q = array.matmul %a, %b {precision = "tf32"} : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  array.print %q : tensor<8x16xf32>
  return
}
