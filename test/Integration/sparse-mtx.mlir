// array.load_mtx on the CPU target: a general real file with a comment,
// a blank line and a duplicate entry (summed) into CSR, a symmetric integer
// file (mirrored) into COO with 32-bit indices and float64, a pattern file
// into CSC, then SpMV with each; and malformed files, each stopping the
// program with the op's location, the file and the line (exit status 1).
// The NumPy code writes the files and computes what SciPy's
// mmread(...).tocsr() gives.
// DEVICE-SKIP: COO and CSC results; sparse-csr.mlir reads a file into CSR on both targets
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: cd %t.dir/range && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=RANGE --input-file=%t.err
// RUN: cd %t.dir/missing && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=MISSING --input-file=%t.err
// RUN: cd %t.dir/short && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=SHORT --input-file=%t.err
// RUN: cd %t.dir/rows && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.err
// RANGE: arrayrt: error: {{.*}}sparse-mtx.mlir:[[#]]:[[#]]: cannot load 'general.mtx': line 6: column 5 is outside 1..4
// MISSING: arrayrt: error: {{.*}}sparse-mtx.mlir:[[#]]:[[#]]: cannot load 'general.mtx': No such file or directory
// SHORT: arrayrt: error: {{.*}}sparse-mtx.mlir:[[#]]:[[#]]: cannot load 'general.mtx': line 7: expected 4 entries, found 3 (the file ends at line 7)
// ROWS: {{.*}}sparse-mtx.mlir:[[#]]:[[#]]: array.load_mtx: 'symmetric.mtx' does not have 3 rows, as the result type says

// NUMPY-RTOL: 1e-6
// NUMPY: import os
// NUMPY: good = "%%MatrixMarket matrix coordinate real general\n% a comment\n\n3 4 4\n1 1 1.5\n3 4 -2e1\n2 2 3\n1 1 0.25\n"
// NUMPY: sym = "%%MatrixMarket matrix coordinate integer symmetric\n3 3 3\n1 1 7\n3 1 -2\n3 2 4\n"
// NUMPY: pat = "%%MatrixMarket Matrix Coordinate Pattern General\n2 3 2\n2 3\n1 2\n"
// NUMPY: files = {".": good, "range": good.replace("3 4 -2e1", "3 5 -2e1"), "short": good.rsplit("1 1 0.25", 1)[0]}
// NUMPY: for d, text in files.items(): os.makedirs(d, exist_ok=True); open(os.path.join(d, "general.mtx"), "w").write(text); open(os.path.join(d, "symmetric.mtx"), "w").write(sym); open(os.path.join(d, "pattern.mtx"), "w").write(pat)
// NUMPY: os.makedirs("missing", exist_ok=True); os.makedirs("rows", exist_ok=True)
// NUMPY: open("rows/general.mtx", "w").write(good); open("rows/symmetric.mtx", "w").write(sym.replace("3 3 3", "4 4 3")); open("rows/pattern.mtx", "w").write(pat)
// NUMPY: g = np.array([[1.75, 0, 0, 0], [0, 3, 0, 0], [0, 0, 0, -20]], np.float32)
// NUMPY: print(g)
// NUMPY: print(np.int64(3))
// NUMPY: print(g @ np.array([1, 2, 3, 4], np.float32))
// NUMPY: s = np.array([[7, 0, -2], [0, 0, 4], [-2, 4, 0]], np.float64)
// NUMPY: print(s)
// NUMPY: print(np.int64(5))
// NUMPY: print(s @ np.array([1.0, -1.0, 0.5]))
// NUMPY: p = np.array([[0, 1, 0], [0, 0, 1]], np.float32)
// NUMPY: print(p)
// NUMPY: print(p @ np.array([1, 2, 3], np.float32))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#COO32 = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @print_nnz(%n: index) {
  %i = arith.index_cast %n : index to i64
  %t = tensor.from_elements %i : tensor<i64>
  array.print %t : tensor<i64>
  return
}

func.func @main() {
  %g = array.load_mtx "general.mtx" : tensor<?x?xf32, #CSR>
  %gd = array.to_dense %g : tensor<?x?xf32, #CSR> -> tensor<?x?xf32>
  array.print %gd : tensor<?x?xf32>
  %gn = array.nnz %g : tensor<?x?xf32, #CSR>
  call @print_nnz(%gn) : (index) -> ()
  %x = array.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %xd = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  %gy = array.spmv %g, %xd : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
  array.print %gy : tensor<?xf32>

  %s = array.load_mtx "symmetric.mtx" : tensor<3x3xf64, #COO32>
  %sd = array.to_dense %s : tensor<3x3xf64, #COO32> -> tensor<3x3xf64>
  array.print %sd : tensor<3x3xf64>
  %sn = array.nnz %s : tensor<3x3xf64, #COO32>
  call @print_nnz(%sn) : (index) -> ()
  %v = array.constant dense<[1.0, -1.0, 0.5]> : tensor<3xf64>
  %sy = array.spmv %s, %v : (tensor<3x3xf64, #COO32>, tensor<3xf64>) -> tensor<3xf64>
  array.print %sy : tensor<3xf64>

  %p = array.load_mtx "pattern.mtx" : tensor<2x3xf32, #CSC>
  %pd = array.to_dense %p : tensor<2x3xf32, #CSC> -> tensor<2x3xf32>
  array.print %pd : tensor<2x3xf32>
  %w = array.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %py = array.spmv %p, %w : (tensor<2x3xf32, #CSC>, tensor<3xf32>) -> tensor<2xf32>
  array.print %py : tensor<2xf32>
  return
}
