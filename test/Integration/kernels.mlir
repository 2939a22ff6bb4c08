// Custom kernels: array.map (CuPy's ElementwiseKernel) over broadcast
// operands of mixed types, and array.reduce (ReductionKernel) with map,
// combine, identity and post regions.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-6
// NUMPY: x = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]], np.float32)
// NUMPY: a = np.float32(2.0); b = np.array([10.0, 20.0, 30.0], np.float32)
// NUMPY: print(a * x + b)
// NUMPY: n = np.array([3, -7, 12, 0], np.int32)
// NUMPY: print(np.where(n > 0, n.astype(np.float64) * 0.5, np.float64(-1.0)))
// NUMPY: print(np.sqrt((x.astype(np.float64) ** 2).sum(axis=1)).astype(np.float32))
// NUMPY: print(np.abs(x).max(axis=0, keepdims=True))
// NUMPY: print(np.array((n != 0).sum()))

func.func @main() {
  %x = array.constant dense<[[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]]> : tensor<2x3xf32>
  %a = array.full 2.0 : tensor<f32>
  %b = array.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %axpb = array.map %x, %a, %b : (tensor<2x3xf32>, tensor<f32>, tensor<3xf32>) -> tensor<2x3xf32> {
  ^bb0(%xi: f32, %ai: f32, %bi: f32):
    %0 = arith.mulf %ai, %xi : f32
    %1 = arith.addf %0, %bi : f32
    array.yield %1 : f32
  }
  array.print %axpb : tensor<2x3xf32>

  // A kernel that changes type: int32 in, float64 out.
  %n = array.constant dense<[3, -7, 12, 0]> : tensor<4xi32>
  %half = array.map %n : (tensor<4xi32>) -> tensor<4xf64> {
  ^bb0(%v: i32):
    %zero = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %v, %zero : i32
    %f = arith.sitofp %v : i32 to f64
    %h = arith.constant 0.5 : f64
    %m = arith.mulf %f, %h : f64
    %neg = arith.constant -1.0 : f64
    %r = arith.select %pos, %m, %neg : f64
    array.yield %r : f64
  }
  array.print %half : tensor<4xf64>

  // Row L2 norms: map squares (in f64), combine adds, post takes the root
  // and rounds back to f32.
  %norms = array.reduce %x axes [1] identity 0.0 : f64 : tensor<2x3xf32> -> tensor<2xf32>
    map {
    ^bb0(%v: f32):
      %w = arith.extf %v : f32 to f64
      %sq = arith.mulf %w, %w : f64
      array.yield %sq : f64
    } combine {
    ^bb0(%acc: f64, %v: f64):
      %s = arith.addf %acc, %v : f64
      array.yield %s : f64
    } post {
    ^bb0(%acc: f64):
      %r = math.sqrt %acc : f64
      %t = arith.truncf %r : f64 to f32
      array.yield %t : f32
    }
  array.print %norms : tensor<2xf32>

  // Column max of |x| with keepdims, no post region.
  %amax = array.reduce %x axes [0] keepdims identity 0.0 : f32 : tensor<2x3xf32> -> tensor<1x3xf32>
    map {
    ^bb0(%v: f32):
      %m = math.absf %v : f32
      array.yield %m : f32
    } combine {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.maximumf %acc, %v : f32
      array.yield %s : f32
    }
  array.print %amax : tensor<1x3xf32>

  // Count of nonzeros, in int64.
  %count = array.reduce %n identity 0 : i64 : tensor<4xi32> -> tensor<i64>
    map {
    ^bb0(%v: i32):
      %zero = arith.constant 0 : i32
      %nz = arith.cmpi ne, %v, %zero : i32
      %c = arith.extui %nz : i1 to i64
      array.yield %c : i64
    } combine {
    ^bb0(%acc: i64, %v: i64):
      %s = arith.addi %acc, %v : i64
      array.yield %s : i64
    }
  array.print %count : tensor<i64>
  return
}
