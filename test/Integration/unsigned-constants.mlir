// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: arrayc --target=cuda %s -o %t.cuda.exe
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// Splat constants of unsigned integers read by elementwise ops: fusion
// folds them into the kernel as scalars, which must be signless constants
// (the CPU and CUDA targets failed with "'arith.constant' op integer
// return type must be signless" and no location). Found by
// random_programs.py (seed 1216, program 1804).

// NUMPY: x = np.float32(1.5)
// NUMPY: for _ in range(2): x = np.float32(np.float64(x) + np.uint64(5))
// NUMPY: print(x)
// NUMPY: a = np.arange(6, dtype=np.float32).reshape(2, 3)
// NUMPY: print(a + np.full(3, 7, dtype=np.uint16))
// NUMPY: print(np.arange(4, dtype=np.uint8) * np.uint8(200))
// NUMPY: print(np.full((2, 2), 3, dtype=np.uint32) - np.uint32(4))
// NUMPY: print(np.array([7], dtype=np.uint32).argmax(keepdims=True))
// NUMPY: print(np.array([1, 0, 18446744073709551615, 9223372036854777856], np.uint64))

func.func @main() {
  %z = array.full 0 : tensor<i64>
  %f = array.full 1.5 : tensor<f32>
  %r:2 = scf.while (%i = %z, %x = %f) : (tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<f32>) {
    %n = tensor.extract %i[] : tensor<i64>
    %two = arith.constant 2 : i64
    %more = arith.cmpi slt, %n, %two : i64
    scf.condition(%more) %i, %x : tensor<i64>, tensor<f32>
  } do {
  ^bb0(%j: tensor<i64>, %y: tensor<f32>):
    %one = array.full 1 : tensor<i64>
    %next = array.add %j, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %five = array.constant dense<5> : tensor<ui64>
    %sum = array.add %y, %five : (tensor<f32>, tensor<ui64>) -> tensor<f64>
    %back = array.astype %sum : tensor<f64> -> tensor<f32>
    scf.yield %next, %back : tensor<i64>, tensor<f32>
  }
  array.print %r#1 : tensor<f32>

  %a = array.arange 0, 6, 1 : tensor<6xf32>
  %a2 = array.reshape %a : tensor<6xf32> -> tensor<2x3xf32>
  %sevens = array.constant dense<7> : tensor<3xui16>
  %b = array.add %a2, %sevens : (tensor<2x3xf32>, tensor<3xui16>) -> tensor<2x3xf32>
  array.print %b : tensor<2x3xf32>

  %u = array.arange 0, 4, 1 : tensor<4xui8>
  %k = array.constant dense<200> : tensor<ui8>
  %p = array.mul %u, %k : (tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  array.print %p : tensor<4xui8>

  %t = array.constant dense<3> : tensor<2x2xui32>
  %four = array.constant dense<4> : tensor<ui32>
  %d = array.sub %t, %four : (tensor<2x2xui32>, tensor<ui32>) -> tensor<2x2xui32>
  array.print %d : tensor<2x2xui32>

  // A reduction of a one-element constant keeps the constant as its input
  // (the loop's bounds come only from it).
  %seven = array.constant dense<[7]> : tensor<1xui32>
  %am = array.argmax %seven keepdims : tensor<1xui32> -> tensor<1xi64>
  array.print %am : tensor<1xi64>

  // Floats to uint64: negative values wrap through int64 (as NumPy's cast
  // does on x86; NVPTX's conversion saturated them at 0 on the CUDA
  // target; found by random_programs.py, seed 2026), large ones stay
  // exact.
  %fl = array.constant dense<[1.84, -0.15, -1.02, 9223372036854777856.0]> : tensor<4xf64>
  %u64 = array.astype %fl : tensor<4xf64> -> tensor<4xui64>
  array.print %u64 : tensor<4xui64>
  return
}
