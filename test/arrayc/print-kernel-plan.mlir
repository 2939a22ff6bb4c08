// arrayc --print-kernel-plan: how each group of ops becomes kernels, and
// why (array-gpu-print-kernel-plan, from lib/Codegen/GPU/KernelPlan.cpp,
// the plan array-gpu-row-kernels follows). These pin the choices for
// representative groups, the ones that miss the row kernel included.
// RUN: arrayc --target=cuda --print-kernel-plan --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s
// RUN: arrayc --target=cuda --arch=sm_80 --print-kernel-plan --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: arrayc --target=cuda --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark

// A softmax over rows of 1024: fills, two reductions and three elementwise
// ops, one row kernel, a warp per row (holding 32 columns per thread: one
// row per block).
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: row kernel: 512 rows x 1024, 6 ops (2 reductions), block 32, 8 x 4 elements per thread in registers
func.func @softmax(%x: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %m = array.max %x axes [1] keepdims : tensor<512x1024xf32> -> tensor<512x1xf32>
  %d = array.sub %x, %m : (tensor<512x1024xf32>, tensor<512x1xf32>) -> tensor<512x1024xf32>
  %e = array.exp %d : tensor<512x1024xf32>
  %s = array.sum %e axes [1] keepdims : tensor<512x1024xf32> -> tensor<512x1xf32>
  %y = array.div %e, %s : (tensor<512x1024xf32>, tensor<512x1xf32>) -> tensor<512x1024xf32>
  return %y : tensor<512x1024xf32>
}

// A vocabulary-sized row does not fit in one block's registers: split over
// a cluster of 4 blocks of at most 512 threads (sm_90; two such blocks fit
// an SM's registers); before sm_90, streamed, the max and the
// sum of exponentials in one online pass.
// CHECK: print-kernel-plan.mlir:[[#@LINE+3]]:8: remark: kernel plan: row kernel: 64 rows x 50304, 6 ops (2 reductions), a cluster of 4 blocks of 416 per row, 8 x 4 elements per thread in registers
// SM80: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: streaming row kernel: 64 rows x 50304, 6 ops (2 reductions) in 1 pass over each row (online max and rescaled sum) and one storing it, block 1024, 4 x 4 elements per thread per step (a row needs more than 32 per thread in registers)
func.func @wide_softmax(%x: tensor<64x50304xf32>) -> tensor<64x50304xf32> {
  %m = array.max %x axes [1] keepdims : tensor<64x50304xf32> -> tensor<64x1xf32>
  %d = array.sub %x, %m : (tensor<64x50304xf32>, tensor<64x1xf32>) -> tensor<64x50304xf32>
  %e = array.exp %d : tensor<64x50304xf32>
  %s = array.sum %e axes [1] keepdims : tensor<64x50304xf32> -> tensor<64x1xf32>
  %y = array.div %e, %s : (tensor<64x50304xf32>, tensor<64x1xf32>) -> tensor<64x50304xf32>
  return %y : tensor<64x50304xf32>
}

// Narrow rows: 4 lanes per row, 64 rows per block of 256 threads (the
// lanes of the 64th row of the last block store nothing when there are
// 4095 rows).
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: row kernel: 4096 rows x 64, 6 ops (2 reductions), block 256 (64 rows of 4 threads), 4 x 4 elements per thread in registers
func.func @narrow_softmax(%x: tensor<4096x64xf32>) -> tensor<4096x64xf32> {
  %m = array.max %x axes [1] keepdims : tensor<4096x64xf32> -> tensor<4096x1xf32>
  %d = array.sub %x, %m : (tensor<4096x64xf32>, tensor<4096x1xf32>) -> tensor<4096x64xf32>
  %e = array.exp %d : tensor<4096x64xf32>
  %s = array.sum %e axes [1] keepdims : tensor<4096x64xf32> -> tensor<4096x1xf32>
  %y = array.div %e, %s : (tensor<4096x64xf32>, tensor<4096x1xf32>) -> tensor<4096x64xf32>
  return %y : tensor<4096x64xf32>
}
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: row kernel: 4095 rows x 64, 6 ops (2 reductions), block 256 (64 rows of 4 threads), 4 x 4 elements per thread in registers
func.func @narrow_softmax_odd(%x: tensor<4095x64xf32>) -> tensor<4095x64xf32> {
  %m = array.max %x axes [1] keepdims : tensor<4095x64xf32> -> tensor<4095x1xf32>
  %d = array.sub %x, %m : (tensor<4095x64xf32>, tensor<4095x1xf32>) -> tensor<4095x64xf32>
  %e = array.exp %d : tensor<4095x64xf32>
  %s = array.sum %e axes [1] keepdims : tensor<4095x64xf32> -> tensor<4095x1xf32>
  %y = array.div %e, %s : (tensor<4095x64xf32>, tensor<4095x1xf32>) -> tensor<4095x64xf32>
  return %y : tensor<4095x64xf32>
}

// Dynamic rows: no row kernel.
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: own kernel: not a row op: dynamic sizes (row kernels need static shapes)
func.func @dynamic_softmax(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %m = array.max %x axes [1] keepdims : tensor<?x1024xf32> -> tensor<?x1xf32>
  %d = array.sub %x, %m : (tensor<?x1024xf32>, tensor<?x1xf32>) -> tensor<?x1024xf32>
  %e = array.exp %d : tensor<?x1024xf32>
  %s = array.sum %e axes [1] keepdims : tensor<?x1024xf32> -> tensor<?x1xf32>
  %y = array.div %e, %s : (tensor<?x1024xf32>, tensor<?x1xf32>) -> tensor<?x1024xf32>
  return %y : tensor<?x1024xf32>
}

// A rank-3 layer norm of float16 activations: rows over two loops (8 x
// 128), collapsed into one. The cast to float32, the mean and variance
// (each from a fill of its own: array-split-shared-fills) and the
// normalization and cast back are one row kernel.
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:9: remark: kernel plan: row kernel: 1024 rows x 768, 6 ops (2 reductions), block 32, 6 x 4 elements per thread in registers
func.func @layernorm_f16(%x: tensor<8x128x768xf16>) -> tensor<8x128x768xf16> {
  %xf = array.astype %x : tensor<8x128x768xf16> -> tensor<8x128x768xf32>
  %mu = array.mean %xf axes [2] keepdims : tensor<8x128x768xf32> -> tensor<8x128x1xf32>
  %c = array.sub %xf, %mu : (tensor<8x128x768xf32>, tensor<8x128x1xf32>) -> tensor<8x128x768xf32>
  %v = array.var %xf axes [2] keepdims : tensor<8x128x768xf32> -> tensor<8x128x1xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<8x128x1xf32>, tensor<f32>) -> tensor<8x128x1xf32>
  %r = array.rsqrt %ve : tensor<8x128x1xf32>
  %n = array.mul %c, %r : (tensor<8x128x768xf32>, tensor<8x128x1xf32>) -> tensor<8x128x768xf32>
  %y = array.astype %n : tensor<8x128x768xf32> -> tensor<8x128x768xf16>
  return %y : tensor<8x128x768xf16>
}

// A wide layer norm of float16: a cluster of 4 blocks of 512 per row; streamed
// before sm_90, where the variance needs the mean: two passes over each row
// before the one storing it, 8 columns of 16 bits per access.
// CHECK: print-kernel-plan.mlir:[[#@LINE+3]]:9: remark: kernel plan: row kernel: 16 rows x 65536, 6 ops (2 reductions), a cluster of 4 blocks of 512 per row, 8 x 4 elements per thread in registers
// SM80: print-kernel-plan.mlir:[[#@LINE+2]]:9: remark: kernel plan: streaming row kernel: 16 rows x 65536, 6 ops (2 reductions) in 2 passes over each row and one storing it, block 1024, 2 x 8 elements per thread per step (a row needs more than 32 per thread in registers)
func.func @wide_layernorm_f16(%x: tensor<16x65536xf16>) -> tensor<16x65536xf16> {
  %xf = array.astype %x : tensor<16x65536xf16> -> tensor<16x65536xf32>
  %mu = array.mean %xf axes [1] keepdims : tensor<16x65536xf32> -> tensor<16x1xf32>
  %c = array.sub %xf, %mu : (tensor<16x65536xf32>, tensor<16x1xf32>) -> tensor<16x65536xf32>
  %sq = array.mul %c, %c : (tensor<16x65536xf32>, tensor<16x65536xf32>) -> tensor<16x65536xf32>
  %v = array.mean %sq axes [1] keepdims : tensor<16x65536xf32> -> tensor<16x1xf32>
  %r = array.rsqrt %v : tensor<16x1xf32>
  %n = array.mul %c, %r : (tensor<16x65536xf32>, tensor<16x1xf32>) -> tensor<16x65536xf32>
  %y = array.astype %n : tensor<16x65536xf32> -> tensor<16x65536xf16>
  return %y : tensor<16x65536xf16>
}

// A wide logsumexp: a cluster of 8 blocks of 416 per row; 262144 elements
// take 16 blocks of 512 (a non-portable cluster size sm_90 allows). Rows of
// odd length cannot be split into whole groups, and rows of more than
// 16 x 32768 elements do not fit a cluster: streamed, the exponentials
// shifted by "the max if finite, else 0" in the same online pass as the
// max; only per-row values are written.
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: row kernel: 8 rows x 100000, 6 ops (2 reductions), a cluster of 8 blocks of 416 per row, 8 x 4 elements per thread in registers
func.func @wide_logsumexp(%x: tensor<8x100000xf32>) -> tensor<8xf32> {
  %l = array.logsumexp %x axes [1] : tensor<8x100000xf32> -> tensor<8xf32>
  return %l : tensor<8xf32>
}
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: row kernel: 4 rows x 262144, 6 ops (2 reductions), a cluster of 16 blocks of 512 per row, 8 x 4 elements per thread in registers
func.func @wider_logsumexp(%x: tensor<4x262144xf32>) -> tensor<4xf32> {
  %l = array.logsumexp %x axes [1] : tensor<4x262144xf32> -> tensor<4xf32>
  return %l : tensor<4xf32>
}
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: streaming row kernel: 8 rows x 100001, 6 ops (2 reductions) in 1 pass over each row (online max and rescaled sum), block 1024, 16 x 1 elements per thread per step (a row needs more than 32 per thread in registers)
func.func @odd_logsumexp(%x: tensor<8x100001xf32>) -> tensor<8xf32> {
  %l = array.logsumexp %x axes [1] : tensor<8x100001xf32> -> tensor<8xf32>
  return %l : tensor<8xf32>
}
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: streaming row kernel: 2 rows x 1048576, 6 ops (2 reductions) in 1 pass over each row (online max and rescaled sum), block 1024, 4 x 4 elements per thread per step (a row needs more than 32 per thread in registers)
func.func @huge_logsumexp(%x: tensor<2x1048576xf32>) -> tensor<2xf32> {
  %l = array.logsumexp %x axes [1] : tensor<2x1048576xf32> -> tensor<2xf32>
  return %l : tensor<2xf32>
}

// A column sum: loop 0 is the reduction.
// CHECK: print-kernel-plan.mlir:[[#@LINE+2]]:8: remark: kernel plan: own kernel: not a row op: loop 0 is a reduction (no rows)
func.func @column_sum(%x: tensor<1024x256xf32>) -> tensor<256xf32> {
  %s = array.sum %x axes [0] : tensor<1024x256xf32> -> tensor<256xf32>
  return %s : tensor<256xf32>
}

// A causal mask computed in the program (aranges compared) over scores
// with a leading axis of size 1: the comparison is its own small kernel,
// the masked softmax one row kernel (the size-1 axis is no broadcast, so
// every access stays at the row being computed).
// CHECK: print-kernel-plan.mlir:[[#@LINE+3]]:8: remark: kernel plan: own kernels: no op over whole rows
// CHECK: print-kernel-plan.mlir:[[#@LINE+7]]:9: remark: kernel plan: row kernel: 1024 rows x 256, 7 ops (2 reductions), block 256 (16 rows of 16 threads), 4 x 4 elements per thread in registers
func.func @causal_softmax_unit_batch(%x: tensor<1x4x256x256xf32>) -> tensor<1x4x256x256xf32> {
  %i = array.arange 0, 256, 1 : tensor<256xi64>
  %ic = array.expand_dims %i axis 1 : tensor<256xi64> -> tensor<256x1xi64>
  %jr = array.expand_dims %i axis 0 : tensor<256xi64> -> tensor<1x256xi64>
  %keep = array.greater_equal %ic, %jr : (tensor<256x1xi64>, tensor<1x256xi64>) -> tensor<256x256xi1>
  %ninf = array.full -inf : tensor<f32>
  %xm = array.where %keep, %x, %ninf : (tensor<256x256xi1>, tensor<1x4x256x256xf32>, tensor<f32>) -> tensor<1x4x256x256xf32>
  %m = array.max %xm axes [3] keepdims : tensor<1x4x256x256xf32> -> tensor<1x4x256x1xf32>
  %d = array.sub %xm, %m : (tensor<1x4x256x256xf32>, tensor<1x4x256x1xf32>) -> tensor<1x4x256x256xf32>
  %e = array.exp %d : tensor<1x4x256x256xf32> -> tensor<1x4x256x256xf32>
  %s = array.sum %e axes [3] keepdims : tensor<1x4x256x256xf32> -> tensor<1x4x256x1xf32>
  %p = array.div %e, %s : (tensor<1x4x256x256xf32>, tensor<1x4x256x1xf32>) -> tensor<1x4x256x256xf32>
  return %p : tensor<1x4x256x256xf32>
}
