// A kernel written in MLIR: leaky ReLU, y = x if x > 0 else alpha * x,
// as a gpu.func in a gpu.module of this file, launched on arrays with
// array.gpu_kernel. The CUDA pipeline compiles it with the kernels it
// generates (to PTX/cubin for --arch, sm_90a by default); an array is
// passed as the memref of its shape (tensor<?xf32> -> memref<?xf32>).
//
//   arrayc examples/kernels/leaky_relu.mlir -o leaky_relu
//   ./leaky_relu x.npy -o y.npy     # x: float32[n];
//                                   # y = np.where(x > 0, x, alpha * x)
//
// One thread per element in blocks of 256 (`threads_over 0`); the output
// is an array.empty the kernel writes every element of.

gpu.module @kernels {
  gpu.func @leaky_relu(%x: memref<?xf32>, %y: memref<?xf32>, %alpha: f32,
                       %n: index) kernel {
    %block = gpu.block_id x
    %size = gpu.block_dim x
    %thread = gpu.thread_id x
    %first = arith.muli %block, %size : index
    %i = arith.addi %first, %thread : index
    %inside = arith.cmpi ult, %i, %n : index
    scf.if %inside {
      %v = memref.load %x[%i] : memref<?xf32>
      %zero = arith.constant 0.0 : f32
      %positive = arith.cmpf ogt, %v, %zero : f32
      %scaled = arith.mulf %v, %alpha : f32
      %r = arith.select %positive, %v, %scaled : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    gpu.return
  }
}

func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %alpha = arith.constant 0.01 : f32
  %init = array.empty(%n) : tensor<?xf32>
  %y = array.gpu_kernel @kernels::@leaky_relu (%x, %init, %alpha, %n)
         outputs [1] block [256] threads_over 0
         : (tensor<?xf32>, tensor<?xf32>, f32, index) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
