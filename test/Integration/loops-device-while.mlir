// While loops whose test is a 0-d array on the device: their arrays stay in
// their buffers (array-while-in-place), and on the CUDA target the loop
// after its first test runs on the device as one CUDA graph with a
// conditional WHILE node (array-graph-while): no host wait per iteration.
// (An iteration whose recording breaks runs as before and the next one
// records; the loop in the host loop runs on the device each time.)
// Static and dynamic sizes, a loop that never runs, and a loop inside a
// host loop.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && env ARRAYRT_GRAPHS=2 %t.cuda > %t.cuda.out 2> %t.cuda.err && %numpy-ref --compare %t.cuda.out %s && FileCheck %s < %t.cuda.err %}
// RUN: %if cuda-gpu %{ env ARRAYRT_GRAPHS=0 %t.cuda > %t.off.out && %numpy-ref --compare %t.off.out %s %}
// DEVICE-ENV: ARRAYRT_GRAPHS=2
// DEVICE-STDERR: graph halve: scf\.while at .* not recorded, 1 device loops
// DEVICE-STDERR: graph halve_dynamic: scf\.while at .* not recorded, 4 device loops
// DEVICE-STDERR: graph host_test: scf\.while at .* not recorded, 1 device loops
// CHECK-DAG: graph halve: scf.while at {{.*}} not recorded, 1 device loops
// CHECK-DAG: graph halve_dynamic: scf.while at {{.*}} not recorded, 4 device loops
// CHECK-DAG: graph host_test: scf.while at {{.*}} not recorded, 1 device loops

// NUMPY: HALVE = "k = np.int32(0); rr = (r.astype(np.float64) ** 2).sum(); stop = rr * 1e-10\nwhile rr > stop and k < kmax: x = x + r; r = r * np.float32(0.5); rr = (r.astype(np.float64) ** 2).sum(); k += np.int32(1)"
// NUMPY: r = np.linspace(1, 2, 1000).astype(np.float32); x = np.zeros(1000, np.float32); kmax = 100; exec(HALVE)
// NUMPY: print(x); print(k)
// NUMPY: r = np.linspace(-1, 1, 37).astype(np.float32); x = np.ones(37, np.float32); exec(HALVE)
// NUMPY: print(x); print(r); print(k)
// NUMPY: print(np.zeros(8, np.float32))
// NUMPY: x = np.linspace(1, 2, 4096).astype(np.float32)
// NUMPY: while x.sum(dtype=np.float64) > 0.1: x = x * np.float32(0.5)
// NUMPY: print(x)
// NUMPY: for i in range(3): r = np.full(5, np.float32(i + 1)); x = np.zeros(5, np.float32); exec(HALVE); print(x); print(k)

// x += r, r /= 2 until r.r <= 1e-10 r0.r0 (or 100 times).
func.func @halve(%r0: tensor<1000xf32>) {
  %zero = array.full 0.0 : tensor<1000xf32>
  %half = array.full 0.5 : tensor<f32>
  %sq0 = array.mul %r0, %r0 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %rr0 = array.sum %sq0 : tensor<1000xf32> -> tensor<f32>
  %tol = array.full 1.0e-10 : tensor<f32>
  %stop = array.mul %rr0, %tol : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %k0 = array.full 0 : tensor<i32>
  %one = array.full 1 : tensor<i32>
  %kmax = array.full 100 : tensor<i32>
  %x, %r, %rr, %k = scf.while (%x_i = %zero, %r_i = %r0, %rr_i = %rr0, %k_i = %k0)
      : (tensor<1000xf32>, tensor<1000xf32>, tensor<f32>, tensor<i32>)
      -> (tensor<1000xf32>, tensor<1000xf32>, tensor<f32>, tensor<i32>) {
    %big = array.greater %rr_i, %stop : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %more = array.less %k_i, %kmax : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %go = array.logical_and %big, %more : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %c = tensor.extract %go[] : tensor<i1>
    scf.condition(%c) %x_i, %r_i, %rr_i, %k_i : tensor<1000xf32>, tensor<1000xf32>, tensor<f32>, tensor<i32>
  } do {
  ^bb0(%x_i: tensor<1000xf32>, %r_i: tensor<1000xf32>, %rr_i: tensor<f32>, %k_i: tensor<i32>):
    %x_n = array.add %x_i, %r_i : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
    %r_n = array.mul %r_i, %half : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
    %sq = array.mul %r_n, %r_n : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
    %rr_n = array.sum %sq : tensor<1000xf32> -> tensor<f32>
    %k_n = array.add %k_i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    scf.yield %x_n, %r_n, %rr_n, %k_n : tensor<1000xf32>, tensor<1000xf32>, tensor<f32>, tensor<i32>
  }
  array.print %x : tensor<1000xf32>
  array.print %k : tensor<i32>
  return
}

// The same on arrays of a size known at run time, returning r too.
func.func @halve_dynamic(%r0: tensor<?xf32>, %x0: tensor<?xf32>, %kmax: tensor<i32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<i32>) {
  %half = array.full 0.5 : tensor<f32>
  %sq0 = array.mul %r0, %r0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %rr0 = array.sum %sq0 : tensor<?xf32> -> tensor<f32>
  %tol = array.full 1.0e-10 : tensor<f32>
  %stop = array.mul %rr0, %tol : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %k0 = array.full 0 : tensor<i32>
  %one = array.full 1 : tensor<i32>
  %x, %r, %rr, %k = scf.while (%x_i = %x0, %r_i = %r0, %rr_i = %rr0, %k_i = %k0)
      : (tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>)
      -> (tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>) {
    %big = array.greater %rr_i, %stop : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %more = array.less %k_i, %kmax : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %go = array.logical_and %big, %more : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %c = tensor.extract %go[] : tensor<i1>
    scf.condition(%c) %x_i, %r_i, %rr_i, %k_i : tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>
  } do {
  ^bb0(%x_i: tensor<?xf32>, %r_i: tensor<?xf32>, %rr_i: tensor<f32>, %k_i: tensor<i32>):
    %x_n = array.add %x_i, %r_i : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %r_n = array.mul %r_i, %half : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %sq = array.mul %r_n, %r_n : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %rr_n = array.sum %sq : tensor<?xf32> -> tensor<f32>
    %k_n = array.add %k_i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    scf.yield %x_n, %r_n, %rr_n, %k_n : tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>
  }
  return %x, %r, %k : tensor<?xf32>, tensor<?xf32>, tensor<i32>
}

// The test as NumPy code writes it, `while x.sum() > 0.1`: a host
// comparison, which array-while-device-test moves to the device.
func.func @host_test() {
  %x0 = array.linspace 1.0, 2.0 : tensor<4096xf32>
  %half = array.full 0.5 : tensor<f32>
  %tol = arith.constant 0.1 : f32
  %r = scf.while (%x = %x0) : (tensor<4096xf32>) -> tensor<4096xf32> {
    %s = array.sum %x : tensor<4096xf32> -> tensor<f32>
    %v = tensor.extract %s[] : tensor<f32>
    %c = arith.cmpf ogt, %v, %tol : f32
    scf.condition(%c) %x : tensor<4096xf32>
  } do {
  ^bb0(%x: tensor<4096xf32>):
    %y = array.mul %x, %half : (tensor<4096xf32>, tensor<f32>) -> tensor<4096xf32>
    scf.yield %y : tensor<4096xf32>
  }
  array.print %r : tensor<4096xf32>
  return
}

func.func @main() {
  %r0 = array.linspace 1.0, 2.0 : tensor<1000xf32>
  call @halve(%r0) : (tensor<1000xf32>) -> ()
  %c37 = arith.constant 37 : index
  %r1s = array.linspace -1.0, 1.0 : tensor<37xf32>
  %r1 = tensor.cast %r1s : tensor<37xf32> to tensor<?xf32>
  %x1 = array.full(%c37) 1.0 : tensor<?xf32>
  %kmax = array.full 100 : tensor<i32>
  %x, %r, %k = call @halve_dynamic(%r1, %x1, %kmax) : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<i32>)
  array.print %x : tensor<?xf32>
  array.print %r : tensor<?xf32>
  array.print %k : tensor<i32>
  // Never runs: the first test fails.
  %c8 = arith.constant 8 : index
  %z = array.full(%c8) 0.0 : tensor<?xf32>
  %kzero = array.full 0 : tensor<i32>
  %x2, %r2, %k2 = call @halve_dynamic(%z, %z, %kzero) : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<i32>)
  array.print %x2 : tensor<?xf32>
  call @host_test() : () -> ()
  // Inside a host loop.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %f = arith.sitofp %i64 : i64 to f32
    %one = arith.constant 1.0 : f32
    %v = arith.addf %f, %one : f32
    %vt = tensor.from_elements %v : tensor<f32>
    %ones = array.full(%c5) 1.0 : tensor<?xf32>
    %ri = array.mul %ones, %vt : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %xi = array.full(%c5) 0.0 : tensor<?xf32>
    %x3, %r3, %k3 = func.call @halve_dynamic(%ri, %xi, %kmax) : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<i32>)
    array.print %x3 : tensor<?xf32>
    array.print %k3 : tensor<i32>
  }
  return
}
