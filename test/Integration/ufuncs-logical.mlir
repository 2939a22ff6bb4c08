// Logical ops (any element type as a truth value, NaN is true), bitwise ops
// and invert on bools and integers, shifts (past the width: 0 or the sign),
// and where (any condition type; the result promotes x and y only).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: x = np.array([0.0, -0.0, 2.5, np.nan, 0.0, 1.0])
// NUMPY: i = np.array([0, 0, 0, 0, 7, -1], np.int32)
// NUMPY: b = np.array([True, False, True, False, True, False])
// NUMPY: print(np.logical_and(x, i)); print(np.logical_or(x, i)); print(np.logical_xor(x, b)); print(np.logical_not(x)); print(np.logical_not(i)); print(np.logical_not(b))
// NUMPY: p = np.array([12, -12, 2147483647, -2147483648, 0], np.int32)
// NUMPY: q = np.array([10, 10, -1, 1, 5], np.int8)
// NUMPY: print(np.bitwise_and(p, q)); print(np.bitwise_or(p, q)); print(np.bitwise_xor(p, q)); print(np.invert(p)); print(np.invert(q))
// NUMPY: c = np.array([True, True, False, False]); d = np.array([True, False, True, False])
// NUMPY: print(np.bitwise_and(c, d)); print(np.bitwise_or(c, d)); print(np.bitwise_xor(c, d)); print(np.invert(c))
// NUMPY: v = np.array([1, -1, 5, -8, 8, -1, 3, 1], np.int32)
// NUMPY: s = np.array([31, 1, 32, 1, 33, -1, 100, 0], np.int32)
// NUMPY: print(np.left_shift(v, s)); print(np.right_shift(v, s))
// NUMPY: w = np.array([-128, 64, 1, -1], np.int8); print(np.left_shift(w, np.array([1, 1, 7, 8], np.int8))); print(np.right_shift(w, np.array([7, 8, 0, 3], np.int8)))
// NUMPY: print(np.right_shift(np.array([-9223372036854775807, 4], np.int64), np.array([62, 1], np.int64)))
// NUMPY: cond = np.array([[1.0], [0.0], [np.nan]]); y = np.array([10, 20, 30], np.int32); z = np.array(-1.5, np.float32)
// NUMPY: print(np.where(cond, y, z)); print(np.where(b, i, np.array([5], np.int32))); print(np.where(np.array([2, 0], np.int8), np.array([True, True]), np.array([False, False])))

func.func @main() {
  %x = array.constant dense<[0.0, -0.0, 2.5, 0x7FF8000000000000, 0.0, 1.0]> : tensor<6xf64>
  %i = array.constant dense<[0, 0, 0, 0, 7, -1]> : tensor<6xi32>
  %b = array.constant dense<[true, false, true, false, true, false]> : tensor<6xi1>
  %0 = array.logical_and %x, %i : (tensor<6xf64>, tensor<6xi32>) -> tensor<6xi1>
  array.print %0 : tensor<6xi1>
  %1 = array.logical_or %x, %i : (tensor<6xf64>, tensor<6xi32>) -> tensor<6xi1>
  array.print %1 : tensor<6xi1>
  %2 = array.logical_xor %x, %b : (tensor<6xf64>, tensor<6xi1>) -> tensor<6xi1>
  array.print %2 : tensor<6xi1>
  %3 = array.logical_not %x : tensor<6xf64> -> tensor<6xi1>
  array.print %3 : tensor<6xi1>
  %4 = array.logical_not %i : tensor<6xi32> -> tensor<6xi1>
  array.print %4 : tensor<6xi1>
  %5 = array.logical_not %b : tensor<6xi1>
  array.print %5 : tensor<6xi1>

  %p = array.constant dense<[12, -12, 2147483647, -2147483648, 0]> : tensor<5xi32>
  %q = array.constant dense<[10, 10, -1, 1, 5]> : tensor<5xi8>
  %6 = array.bitwise_and %p, %q : (tensor<5xi32>, tensor<5xi8>) -> tensor<5xi32>
  array.print %6 : tensor<5xi32>
  %7 = array.bitwise_or %p, %q : (tensor<5xi32>, tensor<5xi8>) -> tensor<5xi32>
  array.print %7 : tensor<5xi32>
  %8 = array.bitwise_xor %p, %q : (tensor<5xi32>, tensor<5xi8>) -> tensor<5xi32>
  array.print %8 : tensor<5xi32>
  %9 = array.invert %p : tensor<5xi32>
  array.print %9 : tensor<5xi32>
  %10 = array.invert %q : tensor<5xi8>
  array.print %10 : tensor<5xi8>
  %c = array.constant dense<[true, true, false, false]> : tensor<4xi1>
  %d = array.constant dense<[true, false, true, false]> : tensor<4xi1>
  %11 = array.bitwise_and %c, %d : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  array.print %11 : tensor<4xi1>
  %12 = array.bitwise_or %c, %d : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  array.print %12 : tensor<4xi1>
  %13 = array.bitwise_xor %c, %d : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  array.print %13 : tensor<4xi1>
  %14 = array.invert %c : tensor<4xi1>
  array.print %14 : tensor<4xi1>

  %v = array.constant dense<[1, -1, 5, -8, 8, -1, 3, 1]> : tensor<8xi32>
  %s = array.constant dense<[31, 1, 32, 1, 33, -1, 100, 0]> : tensor<8xi32>
  %15 = array.left_shift %v, %s : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  array.print %15 : tensor<8xi32>
  %16 = array.right_shift %v, %s : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  array.print %16 : tensor<8xi32>
  %w = array.constant dense<[-128, 64, 1, -1]> : tensor<4xi8>
  %wl = array.constant dense<[1, 1, 7, 8]> : tensor<4xi8>
  %wr = array.constant dense<[7, 8, 0, 3]> : tensor<4xi8>
  %17 = array.left_shift %w, %wl : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  array.print %17 : tensor<4xi8>
  %18 = array.right_shift %w, %wr : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  array.print %18 : tensor<4xi8>
  %l = array.constant dense<[-9223372036854775807, 4]> : tensor<2xi64>
  %ls = array.constant dense<[62, 1]> : tensor<2xi64>
  %19 = array.right_shift %l, %ls : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  array.print %19 : tensor<2xi64>

  %cond = array.constant dense<[[1.0], [0.0], [0x7FF8000000000000]]> : tensor<3x1xf64>
  %y = array.constant dense<[10, 20, 30]> : tensor<3xi32>
  %z = array.constant dense<-1.5> : tensor<f32>
  %20 = array.where %cond, %y, %z : (tensor<3x1xf64>, tensor<3xi32>, tensor<f32>) -> tensor<3x3xf64>
  array.print %20 : tensor<3x3xf64>
  %five = array.constant dense<[5]> : tensor<1xi32>
  %21 = array.where %b, %i, %five : (tensor<6xi1>, tensor<6xi32>, tensor<1xi32>) -> tensor<6xi32>
  array.print %21 : tensor<6xi32>
  %wc = array.constant dense<[2, 0]> : tensor<2xi8>
  %tt = array.constant dense<[true, true]> : tensor<2xi1>
  %ff = array.constant dense<[false, false]> : tensor<2xi1>
  %22 = array.where %wc, %tt, %ff : (tensor<2xi8>, tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  array.print %22 : tensor<2xi1>
  return
}
