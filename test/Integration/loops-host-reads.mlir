// Host code reading arrays the GPU computes: an scf.while whose condition is
// read from a 0-d array (tensor.extract), tensor.dim and
// tensor.from_elements scalars mixed with dynamic arrays, tensor.extract of
// one element of a loop result. On the CUDA target these buffers live on
// the device; the host reads them through one-element copies and writes
// them through one-thread kernels (array-gpu-device-memory).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: x = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
// NUMPY: while x.sum(dtype=np.float64) > 0.1: x = x * np.float32(0.5)
// NUMPY: print(x)
// NUMPY: a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
// NUMPY: t = np.array([a.shape[0], a.shape[1]], np.float32)
// NUMPY: z = a.sum(axis=0) * t[0:1] + np.ones(a.shape[1], np.float32)
// NUMPY: print(a * z[1])
// NUMPY: print(t)
// NUMPY: v = np.full(5, np.float32(1.5), np.float32); i = 1
// NUMPY: while v[-1] < np.float32(7.0): v = v + np.float32(1.5); i += 1
// NUMPY: print(v); print(i)
// NUMPY: b = np.array([True, False, True])
// NUMPY: print(np.where(b, np.float32(2.0), np.float32(-1.0)))

func.func @halve_until_small() {
  %x0 = array.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %half = array.full 0.5 : tensor<f32>
  %tol = arith.constant 0.1 : f32
  %r = scf.while (%x = %x0) : (tensor<4xf32>) -> tensor<4xf32> {
    %s = array.sum %x : tensor<4xf32> -> tensor<f32>
    %v = tensor.extract %s[] : tensor<f32>
    %c = arith.cmpf ogt, %v, %tol : f32
    scf.condition(%c) %x : tensor<4xf32>
  } do {
  ^bb0(%x: tensor<4xf32>):
    %y = array.mul %x, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  array.print %r : tensor<4xf32>
  return
}

func.func @scalars(%ad: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %ad, %c0 : tensor<?x?xf32>
  %m = tensor.dim %ad, %c1 : tensor<?x?xf32>
  %ni = arith.index_cast %n : index to i64
  %mi = arith.index_cast %m : index to i64
  %nf = arith.sitofp %ni : i64 to f32
  %mf = arith.sitofp %mi : i64 to f32
  %t = tensor.from_elements %nf, %mf : tensor<2xf32>
  %row = array.sum %ad axes [0] : tensor<?x?xf32> -> tensor<?xf32>
  %ones = array.full(%m) 1.0 : tensor<?xf32>
  %t1 = array.slice %t [0:1] : tensor<2xf32> -> tensor<1xf32>
  %y = array.mul %row, %t1 : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %z = array.add %y, %ones : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %e = tensor.extract %z[%c1] : tensor<?xf32>
  %et = tensor.from_elements %e : tensor<f32>
  %w = array.mul %ad, %et : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  array.print %w : tensor<?x?xf32>
  array.print %t : tensor<2xf32>
  return
}

// Counts iterations on the host; the exit test reads the last element of
// the loop-carried array.
func.func @count_until(%n: index) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %lim = arith.constant 7.0 : f32
  %step = array.full 1.5 : tensor<f32>
  %v0 = array.full(%n) 0.0 : tensor<?xf32>
  %c1 = arith.constant 1 : index
  %last = arith.subi %n, %c1 : index
  %r:2 = scf.while (%v = %v0, %i = %zero) : (tensor<?xf32>, i64) -> (tensor<?xf32>, i64) {
    %w = array.add %v, %step : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %j = arith.addi %i, %one : i64
    %e = tensor.extract %w[%last] : tensor<?xf32>
    %c = arith.cmpf olt, %e, %lim : f32
    scf.condition(%c) %w, %j : tensor<?xf32>, i64
  } do {
  ^bb0(%w: tensor<?xf32>, %j: i64):
    scf.yield %w, %j : tensor<?xf32>, i64
  }
  %final = array.add %r#0, %step : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %fixed = array.sub %final, %step : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  array.print %fixed : tensor<?xf32>
  %it = tensor.from_elements %r#1 : tensor<i64>
  array.print %it : tensor<i64>
  return
}

// Bools written by the host, read by a kernel.
func.func @bools() {
  %t = arith.constant true
  %f = arith.constant false
  %b = tensor.from_elements %t, %f, %t : tensor<3xi1>
  %two = array.full 2.0 : tensor<f32>
  %neg = array.full -1.0 : tensor<f32>
  %w = array.where %b, %two, %neg : (tensor<3xi1>, tensor<f32>, tensor<f32>) -> tensor<3xf32>
  array.print %w : tensor<3xf32>
  return
}

func.func @main() {
  call @halve_until_small() : () -> ()
  %a = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %ad = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  call @scalars(%ad) : (tensor<?x?xf32>) -> ()
  %n = arith.constant 5 : index
  call @count_until(%n) : (index) -> ()
  call @bools() : () -> ()
  return
}
