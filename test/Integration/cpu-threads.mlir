// The CPU target's parallel loops on several threads: rows, reductions
// and one-dimensional chunks of sizes that do not divide evenly, with
// shapes known only at run time. Each result is the same, bit for bit, on
// 1, 2 and 3 threads and without OpenMP (--parallel-loops=false), and
// matches NumPy (Inputs/cpu_threads.py); a bad ARRAYC_NUM_THREADS is a
// clear error.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %numpy-python %S/Inputs/cpu_threads.py write
// RUN: arrayc --target=cpu %s -o %t/prog
// RUN: ldd %t/prog | FileCheck %s --check-prefix=LIBOMP
// LIBOMP: libomp
// RUN: arrayc --target=cpu --parallel-loops=false %s -o %t/serial
// RUN: ldd %t/serial | FileCheck %s --check-prefix=NOLIBOMP
// NOLIBOMP-NOT: libomp
// RUN: mkdir t1 t2 t3 nothreads
// RUN: env ARRAYC_NUM_THREADS=1 %t/prog m.npy v.npy --outdir t1
// RUN: env ARRAYC_NUM_THREADS=2 %t/prog m.npy v.npy --outdir t2
// RUN: env ARRAYC_NUM_THREADS=3 %t/prog m.npy v.npy --outdir t3
// RUN: %t/serial m.npy v.npy --outdir nothreads
// RUN: %numpy-python %S/Inputs/cpu_threads.py check nothreads t1 t2 t3
//
// ARRAYRT_TRACE: each thread's share of a loop on the thread's own track.
// RUN: env ARRAYC_NUM_THREADS=2 ARRAYRT_TRACE=%t/trace.json %t/prog m.npy v.npy --outdir t2
// RUN: %numpy-python %S/Inputs/cpu_threads.py tracks %t/trace.json | FileCheck %s --check-prefix=TRACKS
// TRACKS: array.exp @ {{.*}}cpu-threads.mlir:{{[0-9]+}}:{{[0-9]+}} (share): 2 threads
//
// RUN: env ARRAYC_NUM_THREADS=0 not %t/prog m.npy v.npy --outdir t1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env ARRAYC_NUM_THREADS=two not %t/prog m.npy v.npy --outdir t1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: arrayrt: error: ARRAYC_NUM_THREADS must be the number of threads of parallel loops, a whole number from 1 to 4096, but is '{{0|two}}'

func.func @main(%m: tensor<?x?xf32>, %v: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>,
        tensor<?xf32>, tensor<?xi64>) {
  // Row softmax: a row maximum, exp, a row sum, a division.
  %max = array.max %m axes [1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %s = array.sub %m, %max : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = array.exp %s : tensor<?x?xf32>
  %sum = array.sum %e axes [1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %softmax = array.div %e, %sum : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  // Column sums (the reduction dimension first).
  %cols = array.sum %m axes [0] : tensor<?x?xf32> -> tensor<?xf32>
  // One dimension, in chunks: log, tanh, and a whole-array sum.
  %a = array.abs %v : tensor<?xf32>
  %l = array.log1p %a : tensor<?xf32>
  %t = array.tanh %v : tensor<?xf32>
  %lt = array.add %l, %t : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %total = array.sum %v : tensor<?xf32> -> tensor<f32>
  // Row maxima, and where they are.
  %rowmax = array.max %m axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  %where = array.argmax %m axis 1 : tensor<?x?xf32> -> tensor<?xi64>
  return %softmax, %cols, %lt, %total, %rowmax, %where
      : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>,
        tensor<?xf32>, tensor<?xi64>
}
