// array.astype from integers and bool to bfloat16 on the CPU target: through
// float32, as NumPy/ml_dtypes convert (array-expand-int-to-half-float
// undoes arith's folding of the pair into one conversion, which rounds
// once and which the CPU target could not link: the x86 backend called
// `__truncsfbf2`, which libgcc 12 lacks). Found by the random suite.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s

// NUMPY: u = lambda a: np.asarray(a, np.float32).view(np.uint32)
// NUMPY: bf = lambda a: ((u(a) + np.uint32(0x7FFF) + ((u(a) >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)).view(np.float32)
// NUMPY: print(bf(np.array([0, -3, 257, 65535, 2147483647], np.int32).astype(np.float32)))
// NUMPY: print(bf(np.array([True, False, True]).astype(np.float32)))

// A call keeps the conversions from being folded into constants.
func.func @to_bf16(%a: tensor<5xi32>, %b: tensor<3xi1>) -> (tensor<5xf32>, tensor<3xf32>) {
  %0 = array.astype %a : tensor<5xi32> -> tensor<5xbf16>
  %1 = array.astype %0 : tensor<5xbf16> -> tensor<5xf32>
  %2 = array.astype %b : tensor<3xi1> -> tensor<3xbf16>
  %3 = array.astype %2 : tensor<3xbf16> -> tensor<3xf32>
  return %1, %3 : tensor<5xf32>, tensor<3xf32>
}

func.func @main() {
  %a = array.constant dense<[0, -3, 257, 65535, 2147483647]> : tensor<5xi32>
  %b = array.constant dense<[true, false, true]> : tensor<3xi1>
  %r:2 = call @to_bf16(%a, %b) : (tensor<5xi32>, tensor<3xi1>) -> (tensor<5xf32>, tensor<3xf32>)
  array.print %r#0 : tensor<5xf32>
  array.print %r#1 : tensor<3xf32>
  return
}
