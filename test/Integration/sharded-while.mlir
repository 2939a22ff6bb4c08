// A loop until a tolerance over split arrays (scf.while): CG on a banded
// 32 x 32 matrix whose rows and the vectors are split, until r.r <= 1e-20
// b.b or 100 steps. The test reads r.r, all-reduced, so every process
// takes the same branch; x is printed with the number of steps, against
// NumPy on 2 and 4 processes.
// REQUIRES: mpi
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > ref.txt
// RUN: arrayc --target=cpu --processes=2 %s -o %t.2
// RUN: cd %t.dir && %mpirun -np 2 %t.2 > out2.txt && %numpy-ref --compare out2.txt %s
// RUN: arrayc --target=cpu --processes=4 %s -o %t.4
// RUN: cd %t.dir && %mpirun -np 4 %t.4 > out4.txt && %numpy-ref --compare out4.txt %s

// NUMPY-RTOL: 1e-9
// NUMPY: n = 32; a = 4 * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1) - np.eye(n, k=4) - np.eye(n, k=-4); np.save("a.npy", a)
// NUMPY: b = np.ones(n); x = np.zeros(n); r = b.copy(); p = r.copy(); rr = r @ r; stop = rr * 1e-20; k = 0
// NUMPY: while rr > stop and k < 100: ap = a @ p; alpha = rr / (p @ ap); x = x + alpha * p; r = r - alpha * ap; rr_new = r @ r; p = r + (rr_new / rr) * p; rr = rr_new; k += 1
// NUMPY: print(x); print(np.array(k, dtype=np.int32))
shard.grid @ranks(shape = ?) {sym_visibility = "private"}
func.func @main() {
  %a = array.load_npy "a.npy" : tensor<32x32xf64>
  %b = array.full 1.0 : tensor<32xf64>
  %zero = array.full 0.0 : tensor<32xf64>
  %rows = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %a_rows = shard.shard %a to %rows : tensor<32x32xf64>
  %b_rows = shard.shard %b to %rows : tensor<32xf64>
  %x0 = shard.shard %zero to %rows : tensor<32xf64>
  %bb = array.mul %b_rows, %b_rows : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xf64>
  %rr0 = array.sum %bb : tensor<32xf64> -> tensor<f64>
  %tol = array.full 1.0e-20 : tensor<f64>
  %stop = array.mul %rr0, %tol : (tensor<f64>, tensor<f64>) -> tensor<f64>
  %k0 = array.full 0 : tensor<i32>
  %one = array.full 1 : tensor<i32>
  %kmax = array.full 100 : tensor<i32>
  %x, %r, %p, %rr, %k = scf.while (%x_i = %x0, %r_i = %b_rows, %p_i = %b_rows, %rr_i = %rr0, %k_i = %k0)
      : (tensor<32xf64>, tensor<32xf64>, tensor<32xf64>, tensor<f64>, tensor<i32>)
      -> (tensor<32xf64>, tensor<32xf64>, tensor<32xf64>, tensor<f64>, tensor<i32>) {
    %big = array.greater %rr_i, %stop : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %more = array.less %k_i, %kmax : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %go = array.logical_and %big, %more : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %c = tensor.extract %go[] : tensor<i1>
    scf.condition(%c) %x_i, %r_i, %p_i, %rr_i, %k_i : tensor<32xf64>, tensor<32xf64>, tensor<32xf64>, tensor<f64>, tensor<i32>
  } do {
  ^bb0(%x_i: tensor<32xf64>, %r_i: tensor<32xf64>, %p_i: tensor<32xf64>, %rr_i: tensor<f64>, %k_i: tensor<i32>):
    %ap = array.matmul %a_rows, %p_i : (tensor<32x32xf64>, tensor<32xf64>) -> tensor<32xf64>
    %pap_v = array.mul %p_i, %ap : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xf64>
    %pap = array.sum %pap_v : tensor<32xf64> -> tensor<f64>
    %alpha = array.div %rr_i, %pap : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %ap_x = array.mul %p_i, %alpha : (tensor<32xf64>, tensor<f64>) -> tensor<32xf64>
    %x_n = array.add %x_i, %ap_x : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xf64>
    %ap_r = array.mul %ap, %alpha : (tensor<32xf64>, tensor<f64>) -> tensor<32xf64>
    %r_n = array.sub %r_i, %ap_r : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xf64>
    %rr_v = array.mul %r_n, %r_n : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xf64>
    %rr_n = array.sum %rr_v : tensor<32xf64> -> tensor<f64>
    %beta = array.div %rr_n, %rr_i : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %bp = array.mul %p_i, %beta : (tensor<32xf64>, tensor<f64>) -> tensor<32xf64>
    %p_n = array.add %r_n, %bp : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xf64>
    %k_n = array.add %k_i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    scf.yield %x_n, %r_n, %p_n, %rr_n, %k_n : tensor<32xf64>, tensor<32xf64>, tensor<32xf64>, tensor<f64>, tensor<i32>
  }
  array.print %x : tensor<32xf64>
  array.print %k : tensor<i32>
  return
}
