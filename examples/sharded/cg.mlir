// A sharded conjugate-gradient solve of A x = b, A symmetric positive
// definite (64 x 64, banded: 4 on the diagonal, -1 on the diagonals at
// distances 1 and 8), b = 1. The rows of A and the vectors x, r, p are
// split over the processes: each process multiplies its rows of A by p
// (gathered whole first, MPI_Allgather), and the dot products p.Ap and
// r.r are partial sums, all-reduced. 12 iterations; prints x and the
// final residual r.r.
//
//   arrayc --target=cpu --processes=4 cg.mlir -o cg
//   mpirun -np 4 ./cg
//
// NUMPY-RTOL: 1e-9
// NUMPY: n = 64; a = 4 * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1) - np.eye(n, k=8) - np.eye(n, k=-8)
// NUMPY: b = np.ones(n); x = np.zeros(n); r = b.copy(); p = r.copy(); rr = r @ r
// NUMPY: for _ in range(12): ap = a @ p; alpha = rr / (p @ ap); x = x + alpha * p; r = r - alpha * ap; rr_new = r @ r; p = r + (rr_new / rr) * p; rr = rr_new
// NUMPY: print(x); print(np.array(rr))

shard.grid @processes(shape = ?) {sym_visibility = "private"}

func.func @main() {
  %four = array.full 4.0 : tensor<f64>
  %i = array.eye : tensor<64x64xf64>
  %d0 = array.mul %i, %four : (tensor<64x64xf64>, tensor<f64>) -> tensor<64x64xf64>
  %u1 = array.eye k 1 : tensor<64x64xf64>
  %l1 = array.eye k -1 : tensor<64x64xf64>
  %u8 = array.eye k 8 : tensor<64x64xf64>
  %l8 = array.eye k -8 : tensor<64x64xf64>
  %t1 = array.sub %d0, %u1 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %t2 = array.sub %t1, %l1 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %t3 = array.sub %t2, %u8 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %a = array.sub %t3, %l8 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %b = array.full 1.0 : tensor<64xf64>
  %zero = array.full 0.0 : tensor<64xf64>

  %rows = shard.sharding @processes split_axes = [[0]] : !shard.sharding
  %a_rows = shard.shard %a to %rows : tensor<64x64xf64>
  %b_rows = shard.shard %b to %rows : tensor<64xf64>
  %x0 = shard.shard %zero to %rows : tensor<64xf64>

  %bb = array.mul %b_rows, %b_rows : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
  %rr0 = array.sum %bb : tensor<64xf64> -> tensor<f64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %iterations = arith.constant 12 : index
  %x, %r, %p, %rr = scf.for %k = %c0 to %iterations step %c1
      iter_args(%x_k = %x0, %r_k = %b_rows, %p_k = %b_rows, %rr_k = %rr0)
      -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<f64>) {
    %ap = array.matmul %a_rows, %p_k : (tensor<64x64xf64>, tensor<64xf64>) -> tensor<64xf64>
    %pap_v = array.mul %p_k, %ap : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
    %pap = array.sum %pap_v : tensor<64xf64> -> tensor<f64>
    %alpha = array.div %rr_k, %pap : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %ap_x = array.mul %p_k, %alpha : (tensor<64xf64>, tensor<f64>) -> tensor<64xf64>
    %x_n = array.add %x_k, %ap_x : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
    %ap_r = array.mul %ap, %alpha : (tensor<64xf64>, tensor<f64>) -> tensor<64xf64>
    %r_n = array.sub %r_k, %ap_r : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
    %rr_v = array.mul %r_n, %r_n : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
    %rr_n = array.sum %rr_v : tensor<64xf64> -> tensor<f64>
    %beta = array.div %rr_n, %rr_k : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %bp = array.mul %p_k, %beta : (tensor<64xf64>, tensor<f64>) -> tensor<64xf64>
    %p_n = array.add %r_n, %bp : (tensor<64xf64>, tensor<64xf64>) -> tensor<64xf64>
    scf.yield %x_n, %r_n, %p_n, %rr_n : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<f64>
  }
  array.print %x : tensor<64xf64>
  array.print %rr : tensor<f64>
  return
}
