// array.load_npy reads files np.save wrote, static and dynamic shapes,
// every dtype .npy files hold, 0-d and empty arrays, and computes with
// them, on the CPU and (where a GPU was detected) on the GPU. The NumPy
// code below writes the input files into the working directory; the
// program names them by relative paths, so the RUN lines run it there.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir/in && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir/in && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: import os; os.makedirs("in", exist_ok=True)
// NUMPY: a = np.array([[1.5, -2.0, 3.25], [0.0, 1e10, -7.5]], np.float32); np.save("in/a.npy", a)
// NUMPY: d = np.arange(15, dtype=np.float32).reshape(5, 3) / np.float32(4); np.save("in/d.npy", d)
// NUMPY: m = np.array([[1, -2, 3, 4, 9223372036854775807], [5, 6, -7, 8, 0], [0, 1, 2, 3, 4]], np.int64); np.save("in/m.npy", m)
// NUMPY: b = np.array([True, False, False, True]); np.save("in/b.npy", b)
// NUMPY: z = np.array(np.e); np.save("in/z.npy", z)
// NUMPY: i8 = np.array([[-128, 127]], np.int8); np.save("in/i8.npy", i8)
// NUMPY: i16 = np.array([-32768, 0, 32767], np.int16); np.save("in/i16.npy", i16)
// NUMPY: i32 = np.array([[[2147483647]], [[-2147483648]]], np.int32); np.save("in/i32.npy", i32)
// NUMPY: f16 = np.array([0.1, -65504.0, np.nan], np.float16); np.save("in/f16.npy", f16)
// NUMPY: e = np.zeros((0,), np.float32); np.save("in/e.npy", e)
// NUMPY: print(a); print(a + np.float32(1))
// NUMPY: print(d); print(d * a[0])
// NUMPY: print(m); print(m.sum())
// NUMPY: print(b); print(np.logical_not(b))
// NUMPY: print(z); print(z + z)
// NUMPY: print(i8); print(i16); print(i32); print(f16)
// NUMPY: print(e)
// A file the program itself saved reads back the same.
// NUMPY: print(d * a[0])

func.func @main() {
  %a = array.load_npy "in/a.npy" : tensor<2x3xf32>
  array.print %a : tensor<2x3xf32>
  %one = array.full 1.0 : tensor<f32>
  %a1 = array.add %a, %one : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  array.print %a1 : tensor<2x3xf32>

  // One dynamic dimension, taken from the file, broadcast against a row.
  %d = array.load_npy "in/d.npy" : tensor<?x3xf32>
  array.print %d : tensor<?x3xf32>
  %row = array.slice %a [0:1, :] : tensor<2x3xf32> -> tensor<1x3xf32>
  %dr = array.mul %d, %row : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  array.print %dr : tensor<?x3xf32>

  // Every dimension dynamic.
  %m = array.load_npy "in/m.npy" : tensor<?x?xi64>
  array.print %m : tensor<?x?xi64>
  %sum = array.sum %m : tensor<?x?xi64> -> tensor<i64>
  array.print %sum : tensor<i64>

  %b = array.load_npy "in/b.npy" : tensor<4xi1>
  array.print %b : tensor<4xi1>
  %nb = array.logical_not %b : tensor<4xi1> -> tensor<4xi1>
  array.print %nb : tensor<4xi1>

  %z = array.load_npy "in/z.npy" : tensor<f64>
  array.print %z : tensor<f64>
  %zz = array.add %z, %z : (tensor<f64>, tensor<f64>) -> tensor<f64>
  array.print %zz : tensor<f64>

  %i8 = array.load_npy "in/i8.npy" : tensor<1x2xi8>
  array.print %i8 : tensor<1x2xi8>
  %i16 = array.load_npy "in/i16.npy" : tensor<?xi16>
  array.print %i16 : tensor<?xi16>
  %i32 = array.load_npy "in/i32.npy" : tensor<2x?x1xi32>
  array.print %i32 : tensor<2x?x1xi32>
  %f16 = array.load_npy "in/f16.npy" : tensor<3xf16>
  array.print %f16 : tensor<3xf16>
  %e = array.load_npy "in/e.npy" : tensor<?xf32>
  array.print %e : tensor<?xf32>

  array.save_npy %dr, "dr.npy" : tensor<?x3xf32>
  %back = array.load_npy "dr.npy" : tensor<?x3xf32>
  array.print %back : tensor<?x3xf32>
  return
}
