// A function that returns one array at two positions (and a view of it at
// a third): each result is a buffer of its own (array-distinct-results),
// so a caller that writes one in place (a while loop carrying it, which
// array-while-in-place keeps in its buffer) leaves the others as they were.
// Generated program seed 2069 index 95 printed the updated values for the
// second result.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: t = np.full(2, np.float32(1.9)); u = t.copy(); k = 0; m = np.float32(1)
// NUMPY: while k < 2 and m > 1e-6: u = u + np.float32(0.75); m = np.abs(u).max(); k += 1
// NUMPY: print(t); print(u); print(t.reshape(1, 2)); print(m)

func.func private @twice(%x: tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<1x2xf32>) {
  %v = tensor.extract %x[] : tensor<f32>
  %c = arith.constant 0.1 : f32
  %d = arith.subf %v, %c : f32
  %e = tensor.from_elements %d, %d : tensor<2xf32>
  %t = array.add %x, %e : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  %cast = tensor.cast %t : tensor<2xf32> to tensor<2xf32>
  %r = array.reshape %t : tensor<2xf32> -> tensor<1x2xf32>
  return %cast, %t, %r : tensor<2xf32>, tensor<2xf32>, tensor<1x2xf32>
}

func.func @main() {
  %one = array.full 1.0 : tensor<f32>
  %t:3 = func.call @twice(%one) : (tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<1x2xf32>)
  %k0 = array.full 0 : tensor<i64>
  %w:3 = scf.while (%k = %k0, %u = %t#0, %m = %one) : (tensor<i64>, tensor<2xf32>, tensor<f32>) -> (tensor<i64>, tensor<2xf32>, tensor<f32>) {
    %ki = tensor.extract %k[] : tensor<i64>
    %two = arith.constant 2 : i64
    %more = arith.cmpi slt, %ki, %two : i64
    %mv = tensor.extract %m[] : tensor<f32>
    %tol = arith.constant 1.0e-06 : f32
    %big = arith.cmpf ogt, %mv, %tol : f32
    %go = arith.andi %more, %big : i1
    scf.condition(%go) %k, %u, %m : tensor<i64>, tensor<2xf32>, tensor<f32>
  } do {
  ^bb0(%k: tensor<i64>, %u: tensor<2xf32>, %m: tensor<f32>):
    %inc = array.full 1 : tensor<i64>
    %k2 = array.add %k, %inc : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %step = array.full -0.75 : tensor<2xf32>
    %u2 = array.sub %u, %step : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %a = array.abs %u2 : tensor<2xf32> -> tensor<2xf32>
    %m2 = array.max %a : tensor<2xf32> -> tensor<f32>
    scf.yield %k2, %u2, %m2 : tensor<i64>, tensor<2xf32>, tensor<f32>
  }
  array.print %t#1 : tensor<2xf32>
  array.print %w#1 : tensor<2xf32>
  array.print %t#2 : tensor<1x2xf32>
  array.print %w#2 : tensor<f32>
  return
}
