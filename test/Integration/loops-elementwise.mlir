// Loops elementwise over the arrays they carry (array-elementwise-loops:
// one kernel running the loop per element), on both targets: the
// scale-and-shift recurrence, two carried arrays with a broadcast row, a
// float16 intermediate and the induction variable, a dynamic and a
// zero-size shape, a loop that runs no iteration, nested loops over a 0-d
// array, a counted scf.while (its counter an index, then a 0-d array), and
// a loop with a dot product that feeds back (left as it is).
// RUN: arrayc --target=cpu %s -o %t.cpu 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// The recurrence: no host loop, the loop inside the elementwise kernel.
// RUN: arrayc --target=cuda --emit=gpu %s -o - | FileCheck %s --check-prefix=GPU
// RUN: arrayc --target=cuda --emit=gpu %s -o - | FileCheck %s --check-prefix=KERNEL

// NUMPY-RTOL: 1e-4
// NUMPY: t = (np.arange(1024, dtype=np.float32) * np.float32(0.001)); np.save("t0.npy", t)
// NUMPY: exec("for _ in range(100): t = t * np.float32(1.0001) + np.float32(0.5)")
// NUMPY: print(t)
// NUMPY: x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3); v = np.zeros((4, 3), np.float32); f = np.array([0.5, 1.0, 2.0], np.float32)
// NUMPY: exec("for i in range(10): a = x.astype(np.float16).astype(np.float32) * f - np.float32(i); v = v - a * np.float32(0.1); x = x + v * np.float32(0.1)")
// NUMPY: print(x); print(v)
// NUMPY: d = np.linspace(1, 100, 37); np.save("d.npy", d)
// NUMPY: exec("for _ in range(3): d = np.sqrt(d)")
// NUMPY: print(d)
// NUMPY: np.save("empty.npy", np.zeros(0, np.float32)); print(np.zeros(0, np.float32))
// NUMPY: print(np.arange(1024, dtype=np.float32) * np.float32(0.001))
// NUMPY: s = np.float32(2.0)
// NUMPY: exec("for _ in range(4):\n for _ in range(4): s = s * np.float32(0.5)\n s = s + np.float32(0.5)")
// NUMPY: print(s)
// NUMPY: y = np.arange(1, 9, dtype=np.float32)
// NUMPY: exec("for _ in range(3): r = (y * y).sum(dtype=np.float64).astype(np.float32); y = y / r")
// NUMPY: print(y); print(r)
// NUMPY: a = np.linspace(0.5, 1.0, 1024, dtype=np.float32); b = np.linspace(-1.0, 1.0, 1024, dtype=np.float32); np.save("a.npy", a); np.save("b.npy", b)
// NUMPY: u = np.arange(1024, dtype=np.float32) * np.float32(0.001)
// NUMPY: exec("for _ in range(10): u = u * a + b")
// NUMPY: print(u)
// NUMPY: q = np.arange(1024, dtype=np.float32) * np.float32(0.001)
// NUMPY: exec("for k in range(5): q = q * np.float32(0.75) + np.float32(k)")
// NUMPY: print(q)
// NUMPY: w = np.arange(1024, dtype=np.float32) * np.float32(0.001)
// NUMPY: exec("for _ in range(7): w = w * np.float32(0.5) + np.float32(1.0)")
// NUMPY: print(w)

// Functions that are not exported compile without a warning about their
// arguments' names.
// QUIET-NOT: warning

// GPU-LABEL: func.func @recurrence(
// GPU-NOT: scf.for
// GPU: gpu.launch_func
// GPU-NOT: scf.for
// GPU: return
// KERNEL-LABEL: gpu.func @recurrence_kernel
// KERNEL: scf.for %{{.+}} = %c0 to %arg1 step %c1 iter_args(%{{.+}} = %{{.+}}) -> (f32)
// KERNEL: arith.mulf
// KERNEL: arith.addf
func.func @recurrence(%t0: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = array.full 1.0001 : tensor<f32>
  %b = array.full 0.5 : tensor<f32>
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%ti = %t0) -> (tensor<?xf32>) {
    %m = array.mul %ti, %a : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %s = array.add %m, %b : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

func.func @oscillator(%x0: tensor<4x3xf32>, %v0: tensor<4x3xf32>, %f: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %dt = array.full 0.1 : tensor<f32>
  %x, %v = scf.for %i = %c0 to %c10 step %c1 iter_args(%xi = %x0, %vi = %v0) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %ii = arith.index_cast %i : index to i64
    %it = tensor.from_elements %ii : tensor<i64>
    %fi = array.astype %it : tensor<i64> -> tensor<f32>
    %h = array.astype %xi : tensor<4x3xf32> -> tensor<4x3xf16>
    %h32 = array.astype %h : tensor<4x3xf16> -> tensor<4x3xf32>
    %push = array.mul %h32, %f : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
    %a = array.sub %push, %fi : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %dv = array.mul %a, %dt : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %vn = array.sub %vi, %dv : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    %dx = array.mul %vn, %dt : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %xn = array.add %xi, %dx : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    scf.yield %xn, %vn : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %x, %v : tensor<4x3xf32>, tensor<4x3xf32>
}

func.func @roots(%d0: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d = scf.for %i = %c0 to %c3 step %c1 iter_args(%di = %d0) -> (tensor<?xf64>) {
    %s = array.sqrt %di : tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  return %d : tensor<?xf64>
}

func.func @nested(%s0: tensor<f32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = array.full 0.5 : tensor<f32>
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%si = %s0) -> (tensor<f32>) {
    %in = scf.for %j = %c0 to %c4 step %c1 iter_args(%sj = %si) -> (tensor<f32>) {
      %m = array.mul %sj, %k : (tensor<f32>, tensor<f32>) -> tensor<f32>
      scf.yield %m : tensor<f32>
    }
    %a = array.add %in, %k : (tensor<f32>, tensor<f32>) -> tensor<f32>
    scf.yield %a : tensor<f32>
  }
  return %s : tensor<f32>
}

func.func @normalized(%y0: tensor<8xf32>) -> (tensor<8xf32>, tensor<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r0 = array.full 0.0 : tensor<f32>
  %y, %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%yi = %y0, %ri = %r0) -> (tensor<8xf32>, tensor<f32>) {
    %yy = array.mul %yi, %yi : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %rn = array.sum %yy : tensor<8xf32> -> tensor<f32>
    %yn = array.div %yi, %rn : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    scf.yield %yn, %rn : tensor<8xf32>, tensor<f32>
  }
  return %y, %r : tensor<8xf32>, tensor<f32>
}

// GPU-LABEL: func.func @counted(
// GPU-NOT: scf.while
// GPU: return
// KERNEL-LABEL: gpu.func @counted_kernel
// KERNEL: scf.while (%{{.+}} = %c0, %{{.+}} = %{{.+}}) : (index, f32) -> (index, f32)
func.func @counted(%t0: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = array.full 0.5 : tensor<f32>
  %one = array.full 1.0 : tensor<f32>
  %i, %t = scf.while (%i = %c0, %t = %t0) : (index, tensor<?xf32>) -> (index, tensor<?xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t : index, tensor<?xf32>
  } do {
  ^bb0(%i1: index, %t1: tensor<?xf32>):
    %h = array.mul %t1, %half : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %s = array.add %h, %one : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %next = arith.addi %i1, %c1 : index
    scf.yield %next, %s : index, tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

// Dynamic operands: their size checks made once, before the loop (which
// runs: no scf.if around them).
// GPU-LABEL: func.func @affine(
// GPU: cf.assert
// GPU: cf.assert
// GPU-NOT: scf.for
// GPU: gpu.launch_func
// GPU: return
func.func @affine(%t0: tensor<?xf32>, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %t = scf.for %i = %c0 to %c10 step %c1 iter_args(%ti = %t0) -> (tensor<?xf32>) {
    %m = array.mul %ti, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %s = array.add %m, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

// The counter a 0-d array, as CuPy code keeps it.
// GPU-LABEL: func.func @counter_array(
// GPU-NOT: scf.while
// GPU: return
func.func @counter_array(%t0: tensor<?xf32>, %n: tensor<i64>) -> tensor<?xf32> {
  %zero = array.full 0 : tensor<i64>
  %one = array.full 1 : tensor<i64>
  %third = array.full 0.75 : tensor<f32>
  %i, %t = scf.while (%i = %zero, %t = %t0) : (tensor<i64>, tensor<?xf32>) -> (tensor<i64>, tensor<?xf32>) {
    %v = tensor.extract %i[] : tensor<i64>
    %limit = tensor.extract %n[] : tensor<i64>
    %go = arith.cmpi slt, %v, %limit : i64
    scf.condition(%go) %i, %t : tensor<i64>, tensor<?xf32>
  } do {
  ^bb0(%i1: tensor<i64>, %t1: tensor<?xf32>):
    %next = array.add %i1, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s = array.mul %t1, %third : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %f = array.astype %i1 : tensor<i64> -> tensor<f32>
    %u = array.add %s, %f : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    scf.yield %next, %u : tensor<i64>, tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  %t0 = array.load_npy "t0.npy" : tensor<?xf32>
  %t = call @recurrence(%t0, %c100) : (tensor<?xf32>, index) -> tensor<?xf32>
  array.print %t : tensor<?xf32>
  %x0 = array.linspace -1.0, 1.0 : tensor<12xf32>
  %x0r = array.reshape %x0 : tensor<12xf32> -> tensor<4x3xf32>
  %v0 = array.full 0.0 : tensor<4x3xf32>
  %f = array.constant dense<[0.5, 1.0, 2.0]> : tensor<3xf32>
  %x, %v = call @oscillator(%x0r, %v0, %f) : (tensor<4x3xf32>, tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  array.print %x : tensor<4x3xf32>
  array.print %v : tensor<4x3xf32>
  %d0 = array.load_npy "d.npy" : tensor<?xf64>
  %d = call @roots(%d0) : (tensor<?xf64>) -> tensor<?xf64>
  array.print %d : tensor<?xf64>
  %e0 = array.load_npy "empty.npy" : tensor<?xf32>
  %e = call @recurrence(%e0, %c100) : (tensor<?xf32>, index) -> tensor<?xf32>
  array.print %e : tensor<?xf32>
  // No iteration: the initial values.
  %z = call @recurrence(%t0, %c0) : (tensor<?xf32>, index) -> tensor<?xf32>
  array.print %z : tensor<?xf32>
  %s0 = array.full 2.0 : tensor<f32>
  %s = call @nested(%s0) : (tensor<f32>) -> tensor<f32>
  array.print %s : tensor<f32>
  %y0 = array.arange 1, 9, 1 : tensor<8xf32>
  %y, %r = call @normalized(%y0) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<f32>)
  array.print %y : tensor<8xf32>
  array.print %r : tensor<f32>
  %a = array.load_npy "a.npy" : tensor<?xf32>
  %b = array.load_npy "b.npy" : tensor<?xf32>
  %ab = call @affine(%t0, %a, %b) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  array.print %ab : tensor<?xf32>
  %five = array.full 5 : tensor<i64>
  %ca = call @counter_array(%t0, %five) : (tensor<?xf32>, tensor<i64>) -> tensor<?xf32>
  array.print %ca : tensor<?xf32>
  %c7 = arith.constant 7 : index
  %w = call @counted(%t0, %c7) : (tensor<?xf32>, index) -> tensor<?xf32>
  array.print %w : tensor<?xf32>
  return
}
