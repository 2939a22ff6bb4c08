// array.csr_matrix over arrays that are not in SciPy's canonical form: each
// stops the program with the op's location and what is wrong (exit status
// 1). Both targets check the sizes, indptr's ends (the CUDA target reads
// back two elements) and that indptr never decreases (the CUDA target with
// a kernel of the runtime, where it was built with nvcc); the CPU target
// also checks every row's column indices. The NumPy code writes one set of
// arrays per folder.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > /dev/null
// RUN: cd %t.dir && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=END --input-file=%t.err
// RUN: cd %t.dir/order && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=ORDER --input-file=%t.err
// RUN: cd %t.dir/size && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=SIZE --input-file=%t.err
// RUN: cd %t.dir/decrease && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=DECREASE --input-file=%t.err
// RUN: %if cuda-gpu %{ cd %t.dir && not %t.cuda > /dev/null 2> %t.err && FileCheck %s --check-prefix=END --input-file=%t.err %}
// RUN: %if cuda-gpu %{ cd %t.dir/size && not %t.cuda > /dev/null 2> %t.err && FileCheck %s --check-prefix=SIZE --input-file=%t.err %}
// RUN: %if cuda-gpu %{ cd %t.dir/decrease && not %t.cuda > /dev/null 2> %t.err && FileCheck %s --check-prefix=DECREASE --input-file=%t.err %}
// DEVICE-EXPECT-ERROR: array.csr_matrix: indptr[rows] must be the number of entries
// DEVICE-CASE: size array.csr_matrix: indices and data must have one size
// DEVICE-CASE: decrease array.csr_matrix: indptr must be nondecreasing, but indptr[1] > indptr[2]
// END: arrayrt: error: {{.*}}sparse-csr-errors.mlir:[[#]]:[[#]]: array.csr_matrix: indptr[rows] must be the number of entries (the size of data and indices)
// ORDER: arrayrt: error: {{.*}}sparse-csr-errors.mlir:[[#]]:[[#]]: array.csr_matrix: the column indices of a row must be increasing and below the number of columns
// SIZE: arrayrt: error: {{.*}}sparse-csr-errors.mlir:[[#]]:[[#]]: array.csr_matrix: indices and data must have one size
// DECREASE: arrayrt: error: {{.*}}sparse-csr-errors.mlir:[[#]]:[[#]]: array.csr_matrix: indptr must be nondecreasing

// NUMPY: import os
// NUMPY: good = dict(data=np.array([1, 2, 3], np.float32), indices=np.array([0, 2, 1], np.int32), indptr=np.array([0, 2, 3], np.int32))
// NUMPY: cases = {".": dict(good, indptr=np.array([0, 2, 2], np.int32)), "order": dict(good, indices=np.array([2, 0, 1], np.int32)), "size": dict(good, indices=np.array([0, 2], np.int32)), "decrease": dict(good, data=good["data"][:2], indices=np.array([0, 2], np.int32), indptr=np.array([0, 3, 2], np.int32))}
// NUMPY: for folder, arrays in cases.items(): os.makedirs(folder, exist_ok=True); [np.save(os.path.join(folder, k + ".npy"), a) for k, a in arrays.items()]

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %data = array.load_npy "data.npy" : tensor<?xf32>
  %indices = array.load_npy "indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "indptr.npy" : tensor<?xi32>
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<2x3xf32, #CSR>
  %x = array.full 1.0 : tensor<3xf32>
  %y = array.spmv %a, %x : (tensor<2x3xf32, #CSR>, tensor<3xf32>) -> tensor<2xf32>
  array.print %y : tensor<2xf32>
  return
}
