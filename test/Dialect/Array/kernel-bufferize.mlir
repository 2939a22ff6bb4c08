// RUN: array-opt %s -split-input-file --convert-array-to-linalg -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: array-opt %s -split-input-file --convert-array-to-linalg -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | FileCheck %s --check-prefix=DEALLOC

// Bufferization of the user kernel ops (KernelBufferization.cpp): an
// array.cuda_kernel becomes arrayrt.launch_image on the arguments' buffers
// (its `image` and `symbol` are what array-gpu-compile-kernels would set),
// an array.gpu_kernel a gpu.launch_func of the user's gpu.func. Outputs are
// written in place; `threads_over` becomes ceil(numel / block[0]) blocks.

// CHECK-LABEL: func.func @threads_over
// CHECK-SAME: (%[[X:.+]]: memref<?xf32, strided<[?], offset: ?>>, %[[N:.+]]: i32)
// CHECK: %[[OUT:.+]] = memref.alloc(%{{.+}}) {{.*}}: memref<?xf32>
// The input is strided (a function argument): a contiguous copy.
// CHECK: %[[DENSE:.+]] = memref.alloc(%{{.+}}) {{.*}}: memref<?xf32>
// CHECK: memref.copy %[[X]], %[[DENSE]]
// CHECK: %[[NUMEL:.+]] = memref.dim %[[DENSE]]
// CHECK: %[[BLOCKS:.+]] = arith.ceildivui %{{.*}}, %c256
// CHECK: arrayrt.launch_image "k"(%[[DENSE]], %[[OUT]], %[[N]]) grid(%[[BLOCKS]], %{{.+}}, %{{.+}}) block [256, 1, 1] outputs [1] {image = "IMG", kernel = "k"} : memref<?xf32>, memref<?xf32>, i32
// CHECK: return %[[OUT]]
func.func @threads_over(%x: tensor<?xf32>, %n: i32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %len = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%len) : tensor<?xf32>
  %y = array.cuda_kernel "k" (%x, %e, %n) outputs [1] block [256] threads_over 0
         {source = "", image = "IMG", symbol = "k"}
         : (tensor<?xf32>, tensor<?xf32>, i32) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// The old value is still read after the kernel: the output is a copy.
// CHECK-LABEL: func.func @in_place_reads_old
// CHECK-SAME: (%[[X:.+]]: memref<8xf32, strided<[?], offset: ?>>)
// CHECK: %[[COPY:.+]] = memref.alloc() {{.*}}: memref<8xf32>
// CHECK: memref.copy %[[X]], %[[COPY]]
// CHECK: arrayrt.launch_image "k"(%[[COPY]]) grid(%c1{{.*}}, %c1{{.*}}, %c1{{.*}}) block [8, 1, 1] outputs [0]
// CHECK: return %[[X]], %[[COPY]]
func.func @in_place_reads_old(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %y = array.cuda_kernel "k" (%x) outputs [0] block [8] grid [1]
         {source = "", image = "IMG", symbol = "k"}
         : (tensor<8xf32>) -> tensor<8xf32>
  return %x, %y : tensor<8xf32>, tensor<8xf32>
}

// -----

// A strided output goes through a contiguous buffer and is copied back.
// CHECK-LABEL: func.func @strided
// CHECK: %[[VIEW:.+]] = memref.subview
// CHECK: %[[DENSE:.+]] = memref.alloc() {{.*}}: memref<8x4xf32>
// CHECK: memref.copy %[[VIEW]], %[[DENSE]]
// CHECK: arrayrt.launch_image "k"(%[[DENSE]])
// CHECK: memref.copy %[[DENSE]], %[[VIEW]]
// CHECK: return %[[VIEW]]
func.func @strided(%x: tensor<8x8xf32>) -> tensor<8x4xf32> {
  %s = tensor.extract_slice %x[0, 0] [8, 4] [1, 2] : tensor<8x8xf32> to tensor<8x4xf32>
  %y = array.cuda_kernel "k" (%s) outputs [0] block [8] grid [1]
         {source = "", image = "IMG", symbol = "k"}
         : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

// array.gpu_kernel: a gpu.launch_func (the module becomes a
// gpu.container_module) with the grid given, the block and shared memory
// as constants. gpu.launch_func reads and writes its buffers (an external
// model of MemoryEffectOpInterface), so buffer deallocation frees the
// kernel's output after the last use that follows the launch.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @mlir_kernel
// CHECK-SAME: (%[[X:.+]]: memref<?xf32, strided<[?], offset: ?>>, %[[G:.+]]: index)
// CHECK: %[[OUT:.+]] = memref.alloc
// CHECK: gpu.launch_func  @kernels::@scale blocks in (%[[G]], %c1, %c1) threads in (%c128, %c1{{.*}}, %c1{{.*}})  dynamic_shared_memory_size %c64_i32 args(%[[OUT]] : memref<?xf32>, %{{.+}} : index)
// DEALLOC-LABEL: func.func @mlir_kernel
// DEALLOC: %[[OUT:.+]] = memref.alloc
// DEALLOC: gpu.launch_func {{.*}} args(%[[OUT]] : memref<?xf32>
// DEALLOC: linalg.generic {{.*}} ins(%[[OUT]], %{{.+}} :
// DEALLOC: memref.dealloc %[[OUT]]
// DEALLOC-NEXT: return
module {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %n: index) kernel {
      gpu.return
    }
  }
  func.func @mlir_kernel(%x: tensor<?xf32>, %g: index) -> tensor<?xf32> {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %n = tensor.dim %x, %c0 : tensor<?xf32>
    %e = tensor.empty(%n) : tensor<?xf32>
    %y = array.gpu_kernel @kernels::@scale (%e, %n) outputs [0]
           block [128] grid_sizes (%g, %c1, %c1) shared 64
           : (tensor<?xf32>, index) -> tensor<?xf32>
    %z = array.add %y, %x : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    return %z : tensor<?xf32>
  }
}
