// Unsigned integers (uint8-uint64): NumPy's promotion with signed integers
// and floats, wrap-around, unsigned division, comparison, shifts and
// extrema, conversions in both directions, reductions (sums accumulate in
// uint64) and matmul. The values sit at the edges: 0, the top bit set,
// all ones. The kernels get their inputs as arguments, so that nothing is
// constant-folded.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// RUN: arrayc --target=cuda --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX

// The unsigned semantics reach the GPU as unsigned instructions.
// PTX-DAG: div.u32
// PTX-DAG: rem.u64
// PTX-DAG: max.u16
// PTX-DAG: shr.u64
// PTX-DAG: setp.lt.u32
// PTX-DAG: cvt.rn.f64.u64

// NUMPY: a = np.array([0, 1, 127, 128, 200, 255], np.uint8)
// NUMPY: b = np.array([3, 0, 128, 7, 255, 2], np.uint8)
// NUMPY: i = np.array([-1, 2, -128, 127, -3, 4], np.int8)
// NUMPY: print(a + b); print(a - b); print(a * b); print(a // b); print(a % b)
// NUMPY: print(np.maximum(a, b)); print(np.minimum(a, b)); print(a < b); print(a >= b)
// NUMPY: print(-a); print(np.abs(a)); print(np.sign(a)); print(~a); print(a ** np.uint8(3))
// NUMPY: print(a >> (b % np.uint8(9))); print(a << (b % np.uint8(9))); print(np.clip(a, np.uint8(2), np.uint8(150)))
// NUMPY: print(a + i); print(a < i); print(a / b); print(np.sqrt(a)); print(a.astype(np.float32))
// NUMPY: print(i.astype(np.uint16)); print(i.astype(np.uint64)); print(np.array([-1.0, 300.5, 65535.9, 2.0**40], np.float64).astype(np.uint32))
// NUMPY: w = np.array([[4294967295, 0, 2147483648], [7, 4000000000, 1]], np.uint32)
// NUMPY: print(w.sum()); print(w.sum(axis=0)); print(w.max(axis=1)); print(w.min()); print(w.argmax(axis=1)); print(w.argmin()); print(w.prod(axis=1)); print(w.mean(axis=1))
// NUMPY: print(w // np.uint32(3)); print(w < np.uint32(2147483648)); print(np.cumsum(w, axis=1))
// NUMPY: q = np.array([18446744073709551615, 9223372036854775808, 5], np.uint64)
// NUMPY: print(q % np.uint64(1000)); print(q >> np.uint64(60)); print(q.astype(np.float64)); print(q + np.int64(-1))
// NUMPY: h = np.array([65535, 32768, 1], np.uint16)
// NUMPY: print(np.maximum(h, np.uint16(40000))); print(h + np.float16(1)); print(h.astype(np.int16))
// NUMPY: m = np.array([[250, 3], [2, 255]], np.uint8)
// NUMPY: print(m @ m); print(np.full((2, 3), 255, np.uint8)); print(np.arange(2, 11, 3, dtype=np.uint8)); print(np.eye(2, dtype=np.uint16))

func.func @uint8(%a: tensor<6xui8>, %b: tensor<6xui8>, %i: tensor<6xi8>) {
  %0 = array.add %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %0 : tensor<6xui8>
  %1 = array.sub %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %1 : tensor<6xui8>
  %2 = array.mul %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %2 : tensor<6xui8>
  %3 = array.floor_divide %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %3 : tensor<6xui8>
  %4 = array.remainder %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %4 : tensor<6xui8>
  %5 = array.maximum %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %5 : tensor<6xui8>
  %6 = array.minimum %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %6 : tensor<6xui8>
  %7 = array.less %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xi1>
  array.print %7 : tensor<6xi1>
  %8 = array.greater_equal %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xi1>
  array.print %8 : tensor<6xi1>
  %9 = array.neg %a : tensor<6xui8> -> tensor<6xui8>
  array.print %9 : tensor<6xui8>
  %10 = array.abs %a : tensor<6xui8> -> tensor<6xui8>
  array.print %10 : tensor<6xui8>
  %11 = array.sign %a : tensor<6xui8> -> tensor<6xui8>
  array.print %11 : tensor<6xui8>
  %12 = array.invert %a : tensor<6xui8> -> tensor<6xui8>
  array.print %12 : tensor<6xui8>
  %three = array.full 3 : tensor<ui8>
  %13 = array.power %a, %three : (tensor<6xui8>, tensor<ui8>) -> tensor<6xui8>
  array.print %13 : tensor<6xui8>
  %nine = array.full 9 : tensor<ui8>
  %s = array.remainder %b, %nine : (tensor<6xui8>, tensor<ui8>) -> tensor<6xui8>
  %14 = array.right_shift %a, %s : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %14 : tensor<6xui8>
  %15 = array.left_shift %a, %s : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xui8>
  array.print %15 : tensor<6xui8>
  %lo = array.full 2 : tensor<ui8>
  %hi = array.full 150 : tensor<ui8>
  %16 = array.clip %a, %lo, %hi : (tensor<6xui8>, tensor<ui8>, tensor<ui8>) -> tensor<6xui8>
  array.print %16 : tensor<6xui8>
  %17 = array.add %a, %i : (tensor<6xui8>, tensor<6xi8>) -> tensor<6xi16>
  array.print %17 : tensor<6xi16>
  %18 = array.less %a, %i : (tensor<6xui8>, tensor<6xi8>) -> tensor<6xi1>
  array.print %18 : tensor<6xi1>
  %19 = array.div %a, %b : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xf64>
  array.print %19 : tensor<6xf64>
  %20 = array.sqrt %a : tensor<6xui8> -> tensor<6xf16>
  array.print %20 : tensor<6xf16>
  %21 = array.astype %a : tensor<6xui8> -> tensor<6xf32>
  array.print %21 : tensor<6xf32>
  %22 = array.astype %i : tensor<6xi8> -> tensor<6xui16>
  array.print %22 : tensor<6xui16>
  %23 = array.astype %i : tensor<6xi8> -> tensor<6xui64>
  array.print %23 : tensor<6xui64>
  return
}

func.func @float_to_uint32(%f: tensor<4xf64>) {
  %0 = array.astype %f : tensor<4xf64> -> tensor<4xui32>
  array.print %0 : tensor<4xui32>
  return
}

func.func @uint32(%w: tensor<2x3xui32>, %three: tensor<ui32>, %top: tensor<ui32>) {
  %0 = array.sum %w : tensor<2x3xui32> -> tensor<ui64>
  array.print %0 : tensor<ui64>
  %1 = array.sum %w axes [0] : tensor<2x3xui32> -> tensor<3xui64>
  array.print %1 : tensor<3xui64>
  %2 = array.max %w axes [1] : tensor<2x3xui32> -> tensor<2xui32>
  array.print %2 : tensor<2xui32>
  %3 = array.min %w : tensor<2x3xui32> -> tensor<ui32>
  array.print %3 : tensor<ui32>
  %4 = array.argmax %w axis 1 : tensor<2x3xui32> -> tensor<2xi64>
  array.print %4 : tensor<2xi64>
  %5 = array.argmin %w : tensor<2x3xui32> -> tensor<i64>
  array.print %5 : tensor<i64>
  %6 = array.prod %w axes [1] : tensor<2x3xui32> -> tensor<2xui64>
  array.print %6 : tensor<2xui64>
  %7 = array.mean %w axes [1] : tensor<2x3xui32> -> tensor<2xf64>
  array.print %7 : tensor<2xf64>
  %8 = array.floor_divide %w, %three : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2x3xui32>
  array.print %8 : tensor<2x3xui32>
  %9 = array.less %w, %top : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2x3xi1>
  array.print %9 : tensor<2x3xi1>
  %10 = array.cumsum %w axis 1 : tensor<2x3xui32> -> tensor<2x3xui64>
  array.print %10 : tensor<2x3xui64>
  return
}

func.func @uint64(%q: tensor<3xui64>, %k: tensor<ui64>, %sixty: tensor<ui64>, %minus: tensor<i64>) {
  %0 = array.remainder %q, %k : (tensor<3xui64>, tensor<ui64>) -> tensor<3xui64>
  array.print %0 : tensor<3xui64>
  %1 = array.right_shift %q, %sixty : (tensor<3xui64>, tensor<ui64>) -> tensor<3xui64>
  array.print %1 : tensor<3xui64>
  %2 = array.astype %q : tensor<3xui64> -> tensor<3xf64>
  array.print %2 : tensor<3xf64>
  %3 = array.add %q, %minus : (tensor<3xui64>, tensor<i64>) -> tensor<3xf64>
  array.print %3 : tensor<3xf64>
  return
}

func.func @uint16(%h: tensor<3xui16>, %big: tensor<ui16>, %one: tensor<f16>) {
  %0 = array.maximum %h, %big : (tensor<3xui16>, tensor<ui16>) -> tensor<3xui16>
  array.print %0 : tensor<3xui16>
  %1 = array.add %h, %one : (tensor<3xui16>, tensor<f16>) -> tensor<3xf32>
  array.print %1 : tensor<3xf32>
  %2 = array.astype %h : tensor<3xui16> -> tensor<3xi16>
  array.print %2 : tensor<3xi16>
  return
}

func.func @creation_and_matmul(%m: tensor<2x2xui8>) {
  %0 = array.matmul %m, %m : (tensor<2x2xui8>, tensor<2x2xui8>) -> tensor<2x2xui8>
  array.print %0 : tensor<2x2xui8>
  %1 = array.full 255 : tensor<2x3xui8>
  array.print %1 : tensor<2x3xui8>
  %2 = array.arange 2, 11, 3 : tensor<3xui8>
  array.print %2 : tensor<3xui8>
  %3 = array.eye : tensor<2x2xui16>
  array.print %3 : tensor<2x2xui16>
  return
}

func.func @main() {
  %a = array.constant dense<[0, 1, 127, 128, 200, 255]> : tensor<6xui8>
  %b = array.constant dense<[3, 0, 128, 7, 255, 2]> : tensor<6xui8>
  %i = array.constant dense<[-1, 2, -128, 127, -3, 4]> : tensor<6xi8>
  func.call @uint8(%a, %b, %i) : (tensor<6xui8>, tensor<6xui8>, tensor<6xi8>) -> ()
  %f = array.constant dense<[-1.0, 300.5, 65535.9, 1099511627776.0]> : tensor<4xf64>
  func.call @float_to_uint32(%f) : (tensor<4xf64>) -> ()
  %w = array.constant dense<[[4294967295, 0, 2147483648], [7, 4000000000, 1]]> : tensor<2x3xui32>
  %three = array.full 3 : tensor<ui32>
  %top = array.full 2147483648 : tensor<ui32>
  func.call @uint32(%w, %three, %top) : (tensor<2x3xui32>, tensor<ui32>, tensor<ui32>) -> ()
  %q = array.constant dense<[18446744073709551615, 9223372036854775808, 5]> : tensor<3xui64>
  %k = array.full 1000 : tensor<ui64>
  %sixty = array.full 60 : tensor<ui64>
  %minus = array.full -1 : tensor<i64>
  func.call @uint64(%q, %k, %sixty, %minus) : (tensor<3xui64>, tensor<ui64>, tensor<ui64>, tensor<i64>) -> ()
  %h = array.constant dense<[65535, 32768, 1]> : tensor<3xui16>
  %big = array.full 40000 : tensor<ui16>
  %one = array.full 1.0 : tensor<f16>
  func.call @uint16(%h, %big, %one) : (tensor<3xui16>, tensor<ui16>, tensor<f16>) -> ()
  %m = array.constant dense<[[250, 3], [2, 255]]> : tensor<2x2xui8>
  func.call @creation_and_matmul(%m) : (tensor<2x2xui8>) -> ()
  return
}
