// array.csr_matrix's checks of indptr on a matrix large enough for every
// path of the CUDA target's row check (kernels/CsrSpmv.cu: blocks of 2048
// rows in groups of 1024, four rows a thread from one 16-byte load, the
// offset after a thread's rows shuffled from the next lane or loaded by
// lane 31, a last partial block read one offset at a time): 5000 rows of
// 0 to 40 entries, and five broken copies of its indptr, one per folder.
// Each broken copy stops the program with the op's location and the first
// thing wrong; the good one gives NumPy's product.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > /dev/null
// RUN: cd %t.dir && %t.cpu > %t.cpu.out && %numpy-ref --compare %t.cpu.out %s
// RUN: cd %t.dir/start && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=START --input-file=%t.err
// RUN: cd %t.dir/end && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=END --input-file=%t.err
// RUN: cd %t.dir/lane31 && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=DECREASE --input-file=%t.err
// RUN: cd %t.dir/shuffled && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=DECREASE --input-file=%t.err
// RUN: cd %t.dir/tail && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=DECREASE --input-file=%t.err
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// START: arrayrt: error: {{.*}}sparse-csr-row-check.mlir:[[#]]:[[#]]: array.csr_matrix: indptr[0] must be 0
// END: arrayrt: error: {{.*}}sparse-csr-row-check.mlir:[[#]]:[[#]]: array.csr_matrix: indptr[rows] must be the number of entries
// DECREASE: arrayrt: error: {{.*}}sparse-csr-row-check.mlir:[[#]]:[[#]]: array.csr_matrix: indptr must be nondecreasing
// On the GPU (scripts/gpu_check.py), with the row the kernel found first:
// row 2175 is lane 31's last in block 1 (its next offset its own load),
// 2171 lane 30's (shuffled from lane 31), 4998 in the partial block.
// DEVICE-CASE: start array.csr_matrix: indptr[0] must be 0, found 1
// DEVICE-CASE: end array.csr_matrix: indptr[rows] must be the number of entries (the size of data and indices), 
// DEVICE-CASE: lane31 array.csr_matrix: indptr must be nondecreasing, but indptr[2175] > indptr[2176]
// DEVICE-CASE: shuffled array.csr_matrix: indptr must be nondecreasing, but indptr[2171] > indptr[2172]
// DEVICE-CASE: tail array.csr_matrix: indptr must be nondecreasing, but indptr[4998] > indptr[4999]

// NUMPY-RTOL: 1e-5
// NUMPY: import os
// NUMPY: rng = np.random.default_rng(7)
// NUMPY: rows, cols = 5000, 300
// NUMPY: lengths = rng.integers(0, 41, rows)
// NUMPY: indptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
// NUMPY: indices = np.concatenate([np.sort(rng.choice(cols, n, replace=False)) for n in lengths]).astype(np.int32)
// NUMPY: data = (rng.random(indices.size) + 0.5).astype(np.float32)
// NUMPY: x = (rng.random(cols) - 0.5).astype(np.float32)
// NUMPY: dense = np.zeros((rows, cols), np.float32)
// NUMPY: dense[np.repeat(np.arange(rows), lengths), indices] = data
// NUMPY: print(dense @ x)
// NUMPY: arrays = dict(data=data, indices=indices, indptr=indptr, x=x)
// NUMPY: def broken(p): q = indptr.copy(); q[p[0]] = p[1]; return q
// NUMPY: cases = {"start": (0, 1), "end": (rows, indptr[rows] - 1), "lane31": (2176, indptr[2175] - 1), "shuffled": (2172, indptr[2171] - 1), "tail": (4999, indptr[4998] - 1)}
// NUMPY: for folder, change in cases.items(): os.makedirs(folder, exist_ok=True); [np.save(os.path.join(folder, k + ".npy"), broken(change) if k == "indptr" else a) for k, a in arrays.items()]
// NUMPY: [np.save(k + ".npy", a) for k, a in arrays.items()]

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %data = array.load_npy "data.npy" : tensor<?xf32>
  %indices = array.load_npy "indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "indptr.npy" : tensor<?xi32>
  %x = array.load_npy "x.npy" : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %a = array.csr_matrix %data, %indices, %indptr cols %n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %y = array.spmv %a, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
  array.print %y : tensor<?xf32>
  return
}
