// array.save_npy writes the bytes np.save writes, for every dtype that .npy
// files hold, 0-d, empty and dynamic shapes, on the CPU and (where a GPU was
// detected) on the GPU. The program prints each array it saves; NumPy
// checks each file byte for byte against np.save of the expected array and
// prints what np.load reads, which must be what the program printed. The
// files go to the working directory.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: npy = lambda a: (lambda f: (np.save(f, a), f.getvalue())[1])(__import__("io").BytesIO())
// NUMPY: def check(path, a): data = open(path, "rb").read(); assert data == npy(a), "%s holds %r, not np.save's bytes for %r" % (path, data, a); print(np.load(path))
// NUMPY: x = np.array([[1.5, -2.0, 3.25], [0.0, 1e10, -7.5]], np.float32)
// NUMPY: check("f32.npy", x + x)
// NUMPY: check("i64.npy", np.array([1, -2, 9223372036854775807, -9223372036854775808], np.int64))
// NUMPY: check("bool.npy", x > np.float32(0.5))
// NUMPY: check("f64.npy", np.array(np.pi, np.float64))
// NUMPY: check("i8.npy", np.array([-128, 0, 127], np.int8))
// NUMPY: check("i16.npy", np.array([[-32768], [32767]], np.int16))
// NUMPY: check("i32.npy", np.array([[[7, -3]], [[2147483647, -2147483648]]], np.int32))
// NUMPY: check("f16.npy", np.array([0.5, -65504.0, np.inf], np.float16))
// NUMPY: check("dynamic.npy", -x * x)
// NUMPY: check("empty.npy", np.zeros((0, 3), np.float32))
// The second save of a path replaces the first.
// NUMPY: check("twice.npy", np.array([2, 4], np.int32))

func.func @save(%x: tensor<?x3xf32>) {
  %sq = array.mul %x, %x : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %e = array.neg %sq : tensor<?x3xf32>
  array.print %e : tensor<?x3xf32>
  array.save_npy %e, "dynamic.npy" : tensor<?x3xf32>
  return
}

func.func @main() {
  %x = array.constant dense<[[1.5, -2.0, 3.25], [0.0, 1.0e10, -7.5]]> : tensor<2x3xf32>
  %sum = array.add %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  array.print %sum : tensor<2x3xf32>
  array.save_npy %sum, "f32.npy" : tensor<2x3xf32>

  %i64 = array.constant dense<[1, -2, 9223372036854775807, -9223372036854775808]> : tensor<4xi64>
  array.print %i64 : tensor<4xi64>
  array.save_npy %i64, "i64.npy" : tensor<4xi64>

  %half = array.full 0.5 : tensor<f32>
  %bool = array.greater %x, %half : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  array.print %bool : tensor<2x3xi1>
  array.save_npy %bool, "bool.npy" : tensor<2x3xi1>

  %f64 = array.constant dense<3.141592653589793> : tensor<f64>
  array.print %f64 : tensor<f64>
  array.save_npy %f64, "f64.npy" : tensor<f64>

  %i8 = array.constant dense<[-128, 0, 127]> : tensor<3xi8>
  array.print %i8 : tensor<3xi8>
  array.save_npy %i8, "i8.npy" : tensor<3xi8>
  %i16 = array.constant dense<[[-32768], [32767]]> : tensor<2x1xi16>
  array.print %i16 : tensor<2x1xi16>
  array.save_npy %i16, "i16.npy" : tensor<2x1xi16>
  %i32 = array.constant dense<[[[7, -3]], [[2147483647, -2147483648]]]> : tensor<2x1x2xi32>
  array.print %i32 : tensor<2x1x2xi32>
  array.save_npy %i32, "i32.npy" : tensor<2x1x2xi32>
  %f16 = array.constant dense<[0.5, -65504.0, 0x7C00]> : tensor<3xf16>
  array.print %f16 : tensor<3xf16>
  array.save_npy %f16, "f16.npy" : tensor<3xf16>

  %xd = tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>
  call @save(%xd) : (tensor<?x3xf32>) -> ()

  %empty = array.full 0.0 : tensor<0x3xf32>
  array.print %empty : tensor<0x3xf32>
  array.save_npy %empty, "empty.npy" : tensor<0x3xf32>

  %one = array.constant dense<[1, 2]> : tensor<2xi32>
  array.save_npy %one, "twice.npy" : tensor<2xi32>
  %two = array.add %one, %one : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  array.print %two : tensor<2xi32>
  array.save_npy %two, "twice.npy" : tensor<2xi32>
  return
}
