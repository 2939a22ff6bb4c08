// Arrays whose dynamic dimensions are 0 at run time, through every kind of
// kernel: elementwise and broadcast, reductions over the empty and the
// non-empty axis (an empty slice reduces to the identity), scans, a matrix
// product with an empty outer or inner dimension, transposes, joins, take,
// a row softmax over no rows, reshapes, and a loop that runs over them.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: e = np.zeros((0, 3), np.float32); np.save("e.npy", e)
// NUMPY: f = np.zeros((4, 0), np.float32); np.save("f.npy", f)
// NUMPY: i = np.zeros((0,), np.int64); np.save("i.npy", i)
// NUMPY: r = np.array([1.0, 2.0, 3.0], np.float32)
// NUMPY: print(np.exp(e) * r + np.float32(1))
// NUMPY: print(e.sum(axis=0)); print(e.sum(axis=1)); print(e.sum())
// NUMPY: print(np.full(3, -np.inf, np.float32)); print(f.sum(axis=1)); print(f.prod(axis=1))
// NUMPY: print(np.cumsum(e, axis=0)); print(np.cumsum(f, axis=1))
// NUMPY: print(e @ np.ones((3, 2), np.float32)); print(f @ np.ones((0, 2), np.float32))
// NUMPY: print(e.T); print(e.T.sum(axis=1))
// NUMPY: print(np.concatenate([e, np.ones((2, 3), np.float32)]))
// NUMPY: print(np.take(r, i, axis=0)); print(np.take(np.ones((2, 3), np.float32), i, axis=1))
// NUMPY: print(e.argmax(axis=1))
// NUMPY: x = e - e.max(axis=1, keepdims=True, initial=-np.inf); print(np.exp(x) / np.exp(x).sum(axis=1, keepdims=True))
// NUMPY: print(e * np.float32(8))
// NUMPY: print(np.pad(e, ((1, 2), (0, 1)), constant_values=np.float32(7)))
// NUMPY: print(np.concatenate([np.ones((1, 3), np.float32), e, np.full((2, 3), 2, np.float32)]))
// NUMPY: print(np.concatenate([r, e.sum(axis=1), r]))
// NUMPY: z = np.zeros((0, 4, 17), np.float64); np.save("z.npy", z)
// NUMPY: print(z.reshape(2, 0)); print(e.reshape(0, 5, 2))
// NUMPY: lb = np.ones((2, 3, 0), np.float32); np.save("lb.npy", lb); rb = np.ones((2, 0, 4), np.float32); np.save("rb.npy", rb)
// NUMPY: print(lb @ rb)

func.func @main() {
  %e = array.load_npy "e.npy" : tensor<?x?xf32>
  %f = array.load_npy "f.npy" : tensor<?x?xf32>
  %i = array.load_npy "i.npy" : tensor<?xi64>
  %r = array.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %one = array.full 1.0 : tensor<f32>

  %x = array.exp %e : tensor<?x?xf32>
  %xr = array.mul %x, %r : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %x1 = array.add %xr, %one : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
  array.print %x1 : tensor<?x3xf32>

  %s0 = array.sum %e axes [0] : tensor<?x?xf32> -> tensor<?xf32>
  %s1 = array.sum %e axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  %s = array.sum %e : tensor<?x?xf32> -> tensor<f32>
  array.print %s0 : tensor<?xf32>
  array.print %s1 : tensor<?xf32>
  array.print %s : tensor<f32>
  %m0 = array.max %e axes [0] : tensor<?x?xf32> -> tensor<?xf32>
  %fs = array.sum %f axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  %fp = array.prod %f axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  array.print %m0 : tensor<?xf32>
  array.print %fs : tensor<?xf32>
  array.print %fp : tensor<?xf32>

  %ce = array.cumsum %e axis 0 : tensor<?x?xf32> -> tensor<?x?xf32>
  %cf = array.cumsum %f axis 1 : tensor<?x?xf32> -> tensor<?x?xf32>
  array.print %ce : tensor<?x?xf32>
  array.print %cf : tensor<?x?xf32>

  %w = array.full 1.0 : tensor<3x2xf32>
  %ew = array.matmul %e, %w : (tensor<?x?xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  array.print %ew : tensor<?x2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = tensor.dim %f, %c1 : tensor<?x?xf32>
  %v = array.full(%k) 1.0 : tensor<?x2xf32>
  %fv = array.matmul %f, %v : (tensor<?x?xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  array.print %fv : tensor<?x2xf32>

  %t = array.transpose %e : tensor<?x?xf32> -> tensor<?x?xf32>
  %ts = array.sum %t axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  array.print %t : tensor<?x?xf32>
  array.print %ts : tensor<?xf32>

  %ones = array.full 1.0 : tensor<2x3xf32>
  %j = array.concatenate %e, %ones axis 0 : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  array.print %j : tensor<?x3xf32>
  %tk = array.take %r, %i axis 0 : (tensor<3xf32>, tensor<?xi64>) -> tensor<?xf32>
  %tk2 = array.take %ones, %i axis 1 : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<2x?xf32>
  array.print %tk : tensor<?xf32>
  array.print %tk2 : tensor<2x?xf32>
  %am = array.argmax %e axis 1 : tensor<?x?xf32> -> tensor<?xi64>
  array.print %am : tensor<?xi64>

  // A row softmax over no rows.
  %mx = array.max %e axes [1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %sh = array.sub %e, %mx : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %ex = array.exp %sh : tensor<?x?xf32>
  %den = array.sum %ex axes [1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %sm = array.div %ex, %den : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  array.print %sm : tensor<?x?xf32>

  // A loop carrying an empty array.
  %two = array.full 2.0 : tensor<f32>
  %c3 = arith.constant 3 : index
  %l = scf.for %it = %c0 to %c3 step %c1 iter_args(%a = %e) -> (tensor<?x?xf32>) {
    %b = array.mul %a, %two : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    scf.yield %b : tensor<?x?xf32>
  }
  array.print %l : tensor<?x?xf32>

  // Pads and joins that read an empty operand nowhere.
  %p = array.pad %e low [1, 0] high [2, 1] value 7.0 : tensor<?x?xf32> -> tensor<?x?xf32>
  array.print %p : tensor<?x?xf32>
  %one3 = array.full 1.0 : tensor<1x3xf32>
  %two3 = array.full 2.0 : tensor<2x3xf32>
  %mid = array.concatenate %one3, %e, %two3 axis 0 : (tensor<1x3xf32>, tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  array.print %mid : tensor<?x3xf32>
  %rd = tensor.cast %r : tensor<3xf32> to tensor<?xf32>
  %vec = array.concatenate %rd, %s1, %rd axis 0 : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  array.print %vec : tensor<?xf32>
  // Reshapes of empty arrays (a static 0 next to a dynamic size made an
  // invalid memref.collapse_shape; found by random_programs.py).
  %z = array.load_npy "z.npy" : tensor<0x?x17xf64>
  %z2 = array.reshape %z : tensor<0x?x17xf64> -> tensor<2x0xf64>
  array.print %z2 : tensor<2x0xf64>
  %e3 = array.reshape %e : tensor<?x?xf32> -> tensor<0x5x2xf32>
  array.print %e3 : tensor<0x5x2xf32>
  // A batch of products over k = 0 (the H200's cuBLASLt path refused the
  // empty operands' batch stride of 0; found by random_programs.py).
  %lb = array.load_npy "lb.npy" : tensor<2x3x?xf32>
  %rb = array.load_npy "rb.npy" : tensor<2x?x4xf32>
  %pb = array.matmul %lb, %rb : (tensor<2x3x?xf32>, tensor<2x?x4xf32>) -> tensor<2x3x4xf32>
  array.print %pb : tensor<2x3x4xf32>
  return
}
