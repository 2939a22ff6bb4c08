// Flat elementwise kernels (array-gpu-map-linalg's vectorized path) at
// sizes around their vector, tile and tail boundaries: 1 and 5 elements,
// 1023, 4 whole f32 tiles (4 x 256 threads x 4 vectors x 4 floats) plus 3,
// and 100003. Element types of 1, 2, 4 and 8 bytes (16, 8, 4 and 2 per
// vector access) and mixed widths (float16 in, float32 out). The inputs
// are aranges, so NumPy reproduces them; each result prints its first and
// last elements and its sum.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// RUN: arrayc --target=cuda --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX

// 16-byte accesses for f32 and f64, 8-byte loads of 4 x f16.
// PTX-DAG: ld.global.v4.b32
// PTX-DAG: st.global.v4.b32
// PTX-DAG: ld.global.v2.b64
// PTX-DAG: st.global.v2.b64
// PTX-DAG: ld.global.v4.b16

// NUMPY-RTOL: 1e-5
// NUMPY: def show(y): print(y[:3]); print(y[-3:]); print(y.sum(dtype=np.float64).astype(y.dtype) if y.dtype.kind == "f" else y.sum())
// NUMPY: x = (np.arange(1) * 0.001).astype(np.float32)
// NUMPY: show((np.exp(-x * x / np.float32(2)) * np.float32(2.5) + np.float32(0.5)).astype(np.float32))
// NUMPY: h = np.arange(1).astype(np.float16)
// NUMPY: show(h.astype(np.float32) * np.float32(0.25))
// NUMPY: d = np.arange(1) * 0.5
// NUMPY: show(np.sqrt(d) + d)
// NUMPY: u = np.arange(1).astype(np.uint8)
// NUMPY: show(u * np.uint8(3) + np.uint8(7))
// NUMPY: x = (np.arange(5) * 0.001).astype(np.float32)
// NUMPY: show((np.exp(-x * x / np.float32(2)) * np.float32(2.5) + np.float32(0.5)).astype(np.float32))
// NUMPY: h = np.arange(5).astype(np.float16)
// NUMPY: show(h.astype(np.float32) * np.float32(0.25))
// NUMPY: d = np.arange(5) * 0.5
// NUMPY: show(np.sqrt(d) + d)
// NUMPY: u = np.arange(5).astype(np.uint8)
// NUMPY: show(u * np.uint8(3) + np.uint8(7))
// NUMPY: x = (np.arange(1023) * 0.001).astype(np.float32)
// NUMPY: show((np.exp(-x * x / np.float32(2)) * np.float32(2.5) + np.float32(0.5)).astype(np.float32))
// NUMPY: h = np.arange(1023).astype(np.float16)
// NUMPY: show(h.astype(np.float32) * np.float32(0.25))
// NUMPY: d = np.arange(1023) * 0.5
// NUMPY: show(np.sqrt(d) + d)
// NUMPY: u = np.arange(1023).astype(np.uint8)
// NUMPY: show(u * np.uint8(3) + np.uint8(7))
// NUMPY: x = (np.arange(16387) * 0.001).astype(np.float32)
// NUMPY: show((np.exp(-x * x / np.float32(2)) * np.float32(2.5) + np.float32(0.5)).astype(np.float32))
// NUMPY: h = np.arange(16387).astype(np.float16)
// NUMPY: show(h.astype(np.float32) * np.float32(0.25))
// NUMPY: d = np.arange(16387) * 0.5
// NUMPY: show(np.sqrt(d) + d)
// NUMPY: u = np.arange(16387).astype(np.uint8)
// NUMPY: show(u * np.uint8(3) + np.uint8(7))
// NUMPY: x = (np.arange(100003) * 0.001).astype(np.float32)
// NUMPY: show((np.exp(-x * x / np.float32(2)) * np.float32(2.5) + np.float32(0.5)).astype(np.float32))
// NUMPY: h = np.arange(100003).astype(np.float16)
// NUMPY: show(h.astype(np.float32) * np.float32(0.25))
// NUMPY: d = np.arange(100003) * 0.5
// NUMPY: show(np.sqrt(d) + d)
// NUMPY: u = np.arange(100003).astype(np.uint8)
// NUMPY: show(u * np.uint8(3) + np.uint8(7))

func.func @gauss(%x: tensor<?xf32>) -> tensor<?xf32> {
  %sq = array.mul %x, %x : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %two = array.full 2.0 : tensor<f32>
  %h = array.div %sq, %two : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %n = array.neg %h : tensor<?xf32> -> tensor<?xf32>
  %e = array.exp %n : tensor<?xf32> -> tensor<?xf32>
  %a = array.full 2.5 : tensor<f32>
  %m = array.mul %e, %a : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %b = array.full 0.5 : tensor<f32>
  %y = array.add %m, %b : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

func.func @widen(%h: tensor<?xf16>) -> tensor<?xf32> {
  %w = array.astype %h : tensor<?xf16> -> tensor<?xf32>
  %q = array.full 0.25 : tensor<f32>
  %y = array.mul %w, %q : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

func.func @root(%d: tensor<?xf64>) -> tensor<?xf64> {
  %s = array.sqrt %d : tensor<?xf64> -> tensor<?xf64>
  %y = array.add %s, %d : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %y : tensor<?xf64>
}

func.func @bytes(%u: tensor<?xui8>) -> tensor<?xui8> {
  %three = array.full 3 : tensor<ui8>
  %m = array.mul %u, %three : (tensor<?xui8>, tensor<ui8>) -> tensor<?xui8>
  %seven = array.full 7 : tensor<ui8>
  %y = array.add %m, %seven : (tensor<?xui8>, tensor<ui8>) -> tensor<?xui8>
  return %y : tensor<?xui8>
}

func.func @main() {
  %i1 = array.arange 0, 1, 1 : tensor<1xi64>
  %x1f = array.astype %i1 : tensor<1xi64> -> tensor<1xf64>
  %k1 = array.full 0.001 : tensor<f64>
  %x1m = array.mul %x1f, %k1 : (tensor<1xf64>, tensor<f64>) -> tensor<1xf64>
  %x1 = array.astype %x1m : tensor<1xf64> -> tensor<1xf32>
  %x1c = tensor.cast %x1 : tensor<1xf32> to tensor<?xf32>
  %g1d = func.call @gauss(%x1c) : (tensor<?xf32>) -> tensor<?xf32>
  %g1s = tensor.cast %g1d : tensor<?xf32> to tensor<1xf32>
  %g1a = array.slice %g1s [0:1] : tensor<1xf32> -> tensor<1xf32>
  array.print %g1a : tensor<1xf32>
  %g1b = array.slice %g1s [0:1] : tensor<1xf32> -> tensor<1xf32>
  array.print %g1b : tensor<1xf32>
  %g1c = array.sum %g1s : tensor<1xf32> -> tensor<f32>
  array.print %g1c : tensor<f32>
  %h1 = array.astype %i1 : tensor<1xi64> -> tensor<1xf16>
  %h1c = tensor.cast %h1 : tensor<1xf16> to tensor<?xf16>
  %w1d = func.call @widen(%h1c) : (tensor<?xf16>) -> tensor<?xf32>
  %w1s = tensor.cast %w1d : tensor<?xf32> to tensor<1xf32>
  %w1a = array.slice %w1s [0:1] : tensor<1xf32> -> tensor<1xf32>
  array.print %w1a : tensor<1xf32>
  %w1b = array.slice %w1s [0:1] : tensor<1xf32> -> tensor<1xf32>
  array.print %w1b : tensor<1xf32>
  %w1c = array.sum %w1s : tensor<1xf32> -> tensor<f32>
  array.print %w1c : tensor<f32>
  %half1 = array.full 0.5 : tensor<f64>
  %d1 = array.mul %x1f, %half1 : (tensor<1xf64>, tensor<f64>) -> tensor<1xf64>
  %d1c = tensor.cast %d1 : tensor<1xf64> to tensor<?xf64>
  %r1d = func.call @root(%d1c) : (tensor<?xf64>) -> tensor<?xf64>
  %r1s = tensor.cast %r1d : tensor<?xf64> to tensor<1xf64>
  %r1a = array.slice %r1s [0:1] : tensor<1xf64> -> tensor<1xf64>
  array.print %r1a : tensor<1xf64>
  %r1b = array.slice %r1s [0:1] : tensor<1xf64> -> tensor<1xf64>
  array.print %r1b : tensor<1xf64>
  %r1c = array.sum %r1s : tensor<1xf64> -> tensor<f64>
  array.print %r1c : tensor<f64>
  %u1 = array.astype %i1 : tensor<1xi64> -> tensor<1xui8>
  %u1c = tensor.cast %u1 : tensor<1xui8> to tensor<?xui8>
  %b1d = func.call @bytes(%u1c) : (tensor<?xui8>) -> tensor<?xui8>
  %b1s = tensor.cast %b1d : tensor<?xui8> to tensor<1xui8>
  %b1a = array.slice %b1s [0:1] : tensor<1xui8> -> tensor<1xui8>
  array.print %b1a : tensor<1xui8>
  %b1b = array.slice %b1s [0:1] : tensor<1xui8> -> tensor<1xui8>
  array.print %b1b : tensor<1xui8>
  %b1c = array.sum %b1s : tensor<1xui8> -> tensor<ui64>
  array.print %b1c : tensor<ui64>
  %i5 = array.arange 0, 5, 1 : tensor<5xi64>
  %x5f = array.astype %i5 : tensor<5xi64> -> tensor<5xf64>
  %k5 = array.full 0.001 : tensor<f64>
  %x5m = array.mul %x5f, %k5 : (tensor<5xf64>, tensor<f64>) -> tensor<5xf64>
  %x5 = array.astype %x5m : tensor<5xf64> -> tensor<5xf32>
  %x5c = tensor.cast %x5 : tensor<5xf32> to tensor<?xf32>
  %g5d = func.call @gauss(%x5c) : (tensor<?xf32>) -> tensor<?xf32>
  %g5s = tensor.cast %g5d : tensor<?xf32> to tensor<5xf32>
  %g5a = array.slice %g5s [0:3] : tensor<5xf32> -> tensor<3xf32>
  array.print %g5a : tensor<3xf32>
  %g5b = array.slice %g5s [2:5] : tensor<5xf32> -> tensor<3xf32>
  array.print %g5b : tensor<3xf32>
  %g5c = array.sum %g5s : tensor<5xf32> -> tensor<f32>
  array.print %g5c : tensor<f32>
  %h5 = array.astype %i5 : tensor<5xi64> -> tensor<5xf16>
  %h5c = tensor.cast %h5 : tensor<5xf16> to tensor<?xf16>
  %w5d = func.call @widen(%h5c) : (tensor<?xf16>) -> tensor<?xf32>
  %w5s = tensor.cast %w5d : tensor<?xf32> to tensor<5xf32>
  %w5a = array.slice %w5s [0:3] : tensor<5xf32> -> tensor<3xf32>
  array.print %w5a : tensor<3xf32>
  %w5b = array.slice %w5s [2:5] : tensor<5xf32> -> tensor<3xf32>
  array.print %w5b : tensor<3xf32>
  %w5c = array.sum %w5s : tensor<5xf32> -> tensor<f32>
  array.print %w5c : tensor<f32>
  %half5 = array.full 0.5 : tensor<f64>
  %d5 = array.mul %x5f, %half5 : (tensor<5xf64>, tensor<f64>) -> tensor<5xf64>
  %d5c = tensor.cast %d5 : tensor<5xf64> to tensor<?xf64>
  %r5d = func.call @root(%d5c) : (tensor<?xf64>) -> tensor<?xf64>
  %r5s = tensor.cast %r5d : tensor<?xf64> to tensor<5xf64>
  %r5a = array.slice %r5s [0:3] : tensor<5xf64> -> tensor<3xf64>
  array.print %r5a : tensor<3xf64>
  %r5b = array.slice %r5s [2:5] : tensor<5xf64> -> tensor<3xf64>
  array.print %r5b : tensor<3xf64>
  %r5c = array.sum %r5s : tensor<5xf64> -> tensor<f64>
  array.print %r5c : tensor<f64>
  %u5 = array.astype %i5 : tensor<5xi64> -> tensor<5xui8>
  %u5c = tensor.cast %u5 : tensor<5xui8> to tensor<?xui8>
  %b5d = func.call @bytes(%u5c) : (tensor<?xui8>) -> tensor<?xui8>
  %b5s = tensor.cast %b5d : tensor<?xui8> to tensor<5xui8>
  %b5a = array.slice %b5s [0:3] : tensor<5xui8> -> tensor<3xui8>
  array.print %b5a : tensor<3xui8>
  %b5b = array.slice %b5s [2:5] : tensor<5xui8> -> tensor<3xui8>
  array.print %b5b : tensor<3xui8>
  %b5c = array.sum %b5s : tensor<5xui8> -> tensor<ui64>
  array.print %b5c : tensor<ui64>
  %i1023 = array.arange 0, 1023, 1 : tensor<1023xi64>
  %x1023f = array.astype %i1023 : tensor<1023xi64> -> tensor<1023xf64>
  %k1023 = array.full 0.001 : tensor<f64>
  %x1023m = array.mul %x1023f, %k1023 : (tensor<1023xf64>, tensor<f64>) -> tensor<1023xf64>
  %x1023 = array.astype %x1023m : tensor<1023xf64> -> tensor<1023xf32>
  %x1023c = tensor.cast %x1023 : tensor<1023xf32> to tensor<?xf32>
  %g1023d = func.call @gauss(%x1023c) : (tensor<?xf32>) -> tensor<?xf32>
  %g1023s = tensor.cast %g1023d : tensor<?xf32> to tensor<1023xf32>
  %g1023a = array.slice %g1023s [0:3] : tensor<1023xf32> -> tensor<3xf32>
  array.print %g1023a : tensor<3xf32>
  %g1023b = array.slice %g1023s [1020:1023] : tensor<1023xf32> -> tensor<3xf32>
  array.print %g1023b : tensor<3xf32>
  %g1023c = array.sum %g1023s : tensor<1023xf32> -> tensor<f32>
  array.print %g1023c : tensor<f32>
  %h1023 = array.astype %i1023 : tensor<1023xi64> -> tensor<1023xf16>
  %h1023c = tensor.cast %h1023 : tensor<1023xf16> to tensor<?xf16>
  %w1023d = func.call @widen(%h1023c) : (tensor<?xf16>) -> tensor<?xf32>
  %w1023s = tensor.cast %w1023d : tensor<?xf32> to tensor<1023xf32>
  %w1023a = array.slice %w1023s [0:3] : tensor<1023xf32> -> tensor<3xf32>
  array.print %w1023a : tensor<3xf32>
  %w1023b = array.slice %w1023s [1020:1023] : tensor<1023xf32> -> tensor<3xf32>
  array.print %w1023b : tensor<3xf32>
  %w1023c = array.sum %w1023s : tensor<1023xf32> -> tensor<f32>
  array.print %w1023c : tensor<f32>
  %half1023 = array.full 0.5 : tensor<f64>
  %d1023 = array.mul %x1023f, %half1023 : (tensor<1023xf64>, tensor<f64>) -> tensor<1023xf64>
  %d1023c = tensor.cast %d1023 : tensor<1023xf64> to tensor<?xf64>
  %r1023d = func.call @root(%d1023c) : (tensor<?xf64>) -> tensor<?xf64>
  %r1023s = tensor.cast %r1023d : tensor<?xf64> to tensor<1023xf64>
  %r1023a = array.slice %r1023s [0:3] : tensor<1023xf64> -> tensor<3xf64>
  array.print %r1023a : tensor<3xf64>
  %r1023b = array.slice %r1023s [1020:1023] : tensor<1023xf64> -> tensor<3xf64>
  array.print %r1023b : tensor<3xf64>
  %r1023c = array.sum %r1023s : tensor<1023xf64> -> tensor<f64>
  array.print %r1023c : tensor<f64>
  %u1023 = array.astype %i1023 : tensor<1023xi64> -> tensor<1023xui8>
  %u1023c = tensor.cast %u1023 : tensor<1023xui8> to tensor<?xui8>
  %b1023d = func.call @bytes(%u1023c) : (tensor<?xui8>) -> tensor<?xui8>
  %b1023s = tensor.cast %b1023d : tensor<?xui8> to tensor<1023xui8>
  %b1023a = array.slice %b1023s [0:3] : tensor<1023xui8> -> tensor<3xui8>
  array.print %b1023a : tensor<3xui8>
  %b1023b = array.slice %b1023s [1020:1023] : tensor<1023xui8> -> tensor<3xui8>
  array.print %b1023b : tensor<3xui8>
  %b1023c = array.sum %b1023s : tensor<1023xui8> -> tensor<ui64>
  array.print %b1023c : tensor<ui64>
  %i16387 = array.arange 0, 16387, 1 : tensor<16387xi64>
  %x16387f = array.astype %i16387 : tensor<16387xi64> -> tensor<16387xf64>
  %k16387 = array.full 0.001 : tensor<f64>
  %x16387m = array.mul %x16387f, %k16387 : (tensor<16387xf64>, tensor<f64>) -> tensor<16387xf64>
  %x16387 = array.astype %x16387m : tensor<16387xf64> -> tensor<16387xf32>
  %x16387c = tensor.cast %x16387 : tensor<16387xf32> to tensor<?xf32>
  %g16387d = func.call @gauss(%x16387c) : (tensor<?xf32>) -> tensor<?xf32>
  %g16387s = tensor.cast %g16387d : tensor<?xf32> to tensor<16387xf32>
  %g16387a = array.slice %g16387s [0:3] : tensor<16387xf32> -> tensor<3xf32>
  array.print %g16387a : tensor<3xf32>
  %g16387b = array.slice %g16387s [16384:16387] : tensor<16387xf32> -> tensor<3xf32>
  array.print %g16387b : tensor<3xf32>
  %g16387c = array.sum %g16387s : tensor<16387xf32> -> tensor<f32>
  array.print %g16387c : tensor<f32>
  %h16387 = array.astype %i16387 : tensor<16387xi64> -> tensor<16387xf16>
  %h16387c = tensor.cast %h16387 : tensor<16387xf16> to tensor<?xf16>
  %w16387d = func.call @widen(%h16387c) : (tensor<?xf16>) -> tensor<?xf32>
  %w16387s = tensor.cast %w16387d : tensor<?xf32> to tensor<16387xf32>
  %w16387a = array.slice %w16387s [0:3] : tensor<16387xf32> -> tensor<3xf32>
  array.print %w16387a : tensor<3xf32>
  %w16387b = array.slice %w16387s [16384:16387] : tensor<16387xf32> -> tensor<3xf32>
  array.print %w16387b : tensor<3xf32>
  %w16387c = array.sum %w16387s : tensor<16387xf32> -> tensor<f32>
  array.print %w16387c : tensor<f32>
  %half16387 = array.full 0.5 : tensor<f64>
  %d16387 = array.mul %x16387f, %half16387 : (tensor<16387xf64>, tensor<f64>) -> tensor<16387xf64>
  %d16387c = tensor.cast %d16387 : tensor<16387xf64> to tensor<?xf64>
  %r16387d = func.call @root(%d16387c) : (tensor<?xf64>) -> tensor<?xf64>
  %r16387s = tensor.cast %r16387d : tensor<?xf64> to tensor<16387xf64>
  %r16387a = array.slice %r16387s [0:3] : tensor<16387xf64> -> tensor<3xf64>
  array.print %r16387a : tensor<3xf64>
  %r16387b = array.slice %r16387s [16384:16387] : tensor<16387xf64> -> tensor<3xf64>
  array.print %r16387b : tensor<3xf64>
  %r16387c = array.sum %r16387s : tensor<16387xf64> -> tensor<f64>
  array.print %r16387c : tensor<f64>
  %u16387 = array.astype %i16387 : tensor<16387xi64> -> tensor<16387xui8>
  %u16387c = tensor.cast %u16387 : tensor<16387xui8> to tensor<?xui8>
  %b16387d = func.call @bytes(%u16387c) : (tensor<?xui8>) -> tensor<?xui8>
  %b16387s = tensor.cast %b16387d : tensor<?xui8> to tensor<16387xui8>
  %b16387a = array.slice %b16387s [0:3] : tensor<16387xui8> -> tensor<3xui8>
  array.print %b16387a : tensor<3xui8>
  %b16387b = array.slice %b16387s [16384:16387] : tensor<16387xui8> -> tensor<3xui8>
  array.print %b16387b : tensor<3xui8>
  %b16387c = array.sum %b16387s : tensor<16387xui8> -> tensor<ui64>
  array.print %b16387c : tensor<ui64>
  %i100003 = array.arange 0, 100003, 1 : tensor<100003xi64>
  %x100003f = array.astype %i100003 : tensor<100003xi64> -> tensor<100003xf64>
  %k100003 = array.full 0.001 : tensor<f64>
  %x100003m = array.mul %x100003f, %k100003 : (tensor<100003xf64>, tensor<f64>) -> tensor<100003xf64>
  %x100003 = array.astype %x100003m : tensor<100003xf64> -> tensor<100003xf32>
  %x100003c = tensor.cast %x100003 : tensor<100003xf32> to tensor<?xf32>
  %g100003d = func.call @gauss(%x100003c) : (tensor<?xf32>) -> tensor<?xf32>
  %g100003s = tensor.cast %g100003d : tensor<?xf32> to tensor<100003xf32>
  %g100003a = array.slice %g100003s [0:3] : tensor<100003xf32> -> tensor<3xf32>
  array.print %g100003a : tensor<3xf32>
  %g100003b = array.slice %g100003s [100000:100003] : tensor<100003xf32> -> tensor<3xf32>
  array.print %g100003b : tensor<3xf32>
  %g100003c = array.sum %g100003s : tensor<100003xf32> -> tensor<f32>
  array.print %g100003c : tensor<f32>
  %h100003 = array.astype %i100003 : tensor<100003xi64> -> tensor<100003xf16>
  %h100003c = tensor.cast %h100003 : tensor<100003xf16> to tensor<?xf16>
  %w100003d = func.call @widen(%h100003c) : (tensor<?xf16>) -> tensor<?xf32>
  %w100003s = tensor.cast %w100003d : tensor<?xf32> to tensor<100003xf32>
  %w100003a = array.slice %w100003s [0:3] : tensor<100003xf32> -> tensor<3xf32>
  array.print %w100003a : tensor<3xf32>
  %w100003b = array.slice %w100003s [100000:100003] : tensor<100003xf32> -> tensor<3xf32>
  array.print %w100003b : tensor<3xf32>
  %w100003c = array.sum %w100003s : tensor<100003xf32> -> tensor<f32>
  array.print %w100003c : tensor<f32>
  %half100003 = array.full 0.5 : tensor<f64>
  %d100003 = array.mul %x100003f, %half100003 : (tensor<100003xf64>, tensor<f64>) -> tensor<100003xf64>
  %d100003c = tensor.cast %d100003 : tensor<100003xf64> to tensor<?xf64>
  %r100003d = func.call @root(%d100003c) : (tensor<?xf64>) -> tensor<?xf64>
  %r100003s = tensor.cast %r100003d : tensor<?xf64> to tensor<100003xf64>
  %r100003a = array.slice %r100003s [0:3] : tensor<100003xf64> -> tensor<3xf64>
  array.print %r100003a : tensor<3xf64>
  %r100003b = array.slice %r100003s [100000:100003] : tensor<100003xf64> -> tensor<3xf64>
  array.print %r100003b : tensor<3xf64>
  %r100003c = array.sum %r100003s : tensor<100003xf64> -> tensor<f64>
  array.print %r100003c : tensor<f64>
  %u100003 = array.astype %i100003 : tensor<100003xi64> -> tensor<100003xui8>
  %u100003c = tensor.cast %u100003 : tensor<100003xui8> to tensor<?xui8>
  %b100003d = func.call @bytes(%u100003c) : (tensor<?xui8>) -> tensor<?xui8>
  %b100003s = tensor.cast %b100003d : tensor<?xui8> to tensor<100003xui8>
  %b100003a = array.slice %b100003s [0:3] : tensor<100003xui8> -> tensor<3xui8>
  array.print %b100003a : tensor<3xui8>
  %b100003b = array.slice %b100003s [100000:100003] : tensor<100003xui8> -> tensor<3xui8>
  array.print %b100003b : tensor<3xui8>
  %b100003c = array.sum %b100003s : tensor<100003xui8> -> tensor<ui64>
  array.print %b100003c : tensor<ui64>
  return
}
