// array.load_sparse: archives written as scipy.sparse.save_npz writes them
// (np.savez_compressed of format, shape, data and indices/indptr or
// row/col; SciPy is not needed to make them) in CSR, CSC and COO, read into
// CSR, CSC and COO results: int32 and int64 indices, float64 and int64
// data, a COO file with unsorted and duplicate coordinates (summed), an
// explicit zero (kept), an older file whose format is a unicode string.
// Then malformed archives: each stops with the file and the member at
// fault. Both targets (the CUDA target reads the file on the host as
// array.load_mtx does and uploads a CSR handle; run where lit sees a GPU).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: cd %t.dir/range && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=RANGE --input-file=%t.err
// RUN: cd %t.dir/format && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=FORMAT --input-file=%t.err
// RUN: cd %t.dir/missing && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=MISSING --input-file=%t.err
// RUN: cd %t.dir/indptr && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=INDPTR --input-file=%t.err
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ cd %t.dir/range && not %t.cuda > /dev/null 2> %t.err && FileCheck %s --check-prefix=RANGE --input-file=%t.err %}
// RANGE: arrayrt: error: {{.*}}sparse-npz.mlir:[[#]]:[[#]]: cannot load 'a.npz': member 'indices': element 2 is 7, outside 0..3
// FORMAT: arrayrt: error: {{.*}}sparse-npz.mlir:[[#]]:[[#]]: cannot load 'a.npz': member 'format': expected 'csr', 'csc' or 'coo' (what scipy.sparse.save_npz writes for them), found 'dia'
// MISSING: arrayrt: error: {{.*}}sparse-npz.mlir:[[#]]:[[#]]: cannot load 'a.npz': the archive has no member 'indptr'
// INDPTR: arrayrt: error: {{.*}}sparse-npz.mlir:[[#]]:[[#]]: cannot load 'a.npz': member 'indptr': has 4 elements; a csr matrix of shape (4, 4) needs 5

// NUMPY-RTOL: 1e-6
// NUMPY: import os
// NUMPY: d = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5]])
// NUMPY: r, k = np.nonzero(d)
// NUMPY: indptr = np.concatenate([[0], np.cumsum(np.count_nonzero(d, axis=1))]).astype(np.int32)
// NUMPY: def save(path, fmt, **arrays): np.savez_compressed(path, format=fmt, shape=np.array(d.shape), **arrays)
// NUMPY: save("a.npz", b"csr", data=d[r, k], indices=k.astype(np.int32), indptr=indptr)
// NUMPY: c, q = np.nonzero(d.T)
// NUMPY: save("c.npz", b"csc", data=d.T[c, q], indices=q.astype(np.int64), indptr=np.concatenate([[0], np.cumsum(np.count_nonzero(d, axis=0))]).astype(np.int64))
// NUMPY: save("o.npz", b"coo", data=np.array([4, 1, 2, -4, 3, 0, 5, 2], np.int64), row=np.array([3, 0, 0, 2, 2, 1, 3, 3], np.int32), col=np.array([3, 0, 2, 3, 1, 1, 0, 3], np.int32))
// NUMPY: np.savez("u.npz", format=np.array("csr"), shape=np.array(d.shape), data=d[r, k].astype(np.float32), indices=k.astype(np.int32), indptr=indptr)
// NUMPY: print(d)
// NUMPY: print(np.int64(6))
// NUMPY: print(d)
// NUMPY: o = np.zeros((4, 4)); o[3, 3] = 6; o[0, 0] = 1; o[0, 2] = 2; o[2, 3] = -4; o[2, 1] = 3; o[3, 0] = 5
// NUMPY: print(o)
// NUMPY: print(np.int64(7))
// NUMPY: print(d.astype(np.float32))
// NUMPY: for name in ("range", "format", "missing", "indptr"): os.makedirs(name, exist_ok=True)
// NUMPY: bad = k.astype(np.int32).copy(); bad[2] = 7
// NUMPY: save("range/a.npz", b"csr", data=d[r, k], indices=bad, indptr=indptr)
// NUMPY: save("format/a.npz", b"dia", data=d[r, k], offsets=np.array([0]))
// NUMPY: save("missing/a.npz", b"csr", data=d[r, k], indices=k.astype(np.int32))
// NUMPY: save("indptr/a.npz", b"csr", data=d[r, k], indices=k.astype(np.int32), indptr=indptr[:4])

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 64, crdWidth = 64}>

func.func @print_count(%n: index) {
  %i = arith.index_cast %n : index to i64
  %t = tensor.from_elements %i : tensor<i64>
  array.print %t : tensor<i64>
  return
}

func.func @main() {
  // A CSR file into CSR (its size checked against the static type).
  %a = array.load_sparse "a.npz" : tensor<4x?xf64, #CSR>
  %ad = array.to_dense %a : tensor<4x?xf64, #CSR> -> tensor<4x?xf64>
  array.print %ad : tensor<4x?xf64>
  %an = array.nnz %a : tensor<4x?xf64, #CSR>
  func.call @print_count(%an) : (index) -> ()
  // A CSC file (int64 indices) into CSC.
  %c = array.load_sparse "c.npz" : tensor<?x?xf64, #CSC>
  %cd = array.to_dense %c : tensor<?x?xf64, #CSC> -> tensor<?x?xf64>
  array.print %cd : tensor<?x?xf64>
  // A COO file of int64 data, unsorted, (3, 3) twice (4 + 2, summed) and
  // an explicit zero at (1, 1) (kept: 7 entries), into COO.
  %o = array.load_sparse "o.npz" : tensor<?x?xf64, #COO>
  %od = array.to_dense %o : tensor<?x?xf64, #COO> -> tensor<?x?xf64>
  array.print %od : tensor<?x?xf64>
  %on = array.nnz %o : tensor<?x?xf64, #COO>
  func.call @print_count(%on) : (index) -> ()
  // An older archive: format as a unicode string, float32 data.
  %u = array.load_sparse "u.npz" : tensor<?x?xf32, #CSR>
  %ud = array.to_dense %u : tensor<?x?xf32, #CSR> -> tensor<?x?xf32>
  array.print %ud : tensor<?x?xf32>
  return
}
