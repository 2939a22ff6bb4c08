// array.load_npy with a member reads arrays from .npz archives: np.savez
// (stored), np.savez_compressed (deflated) and the layout of
// scipy.sparse.save_npz (data, indices, indptr, shape); on the CPU and
// (where a GPU was detected) on the GPU, where each member goes straight
// to device memory. A missing member stops the program with the op's
// location and the archive's members.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: cd %t.cpu.dir/missing && not %t.cpu > /dev/null 2> %t.cpu.err
// RUN: FileCheck %s --input-file=%t.cpu.err
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir/missing && not %t.cuda > /dev/null 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --input-file=%t.cuda.err %}

// CHECK: arrayrt: error: {{.*}}npz-load.mlir:[[#@LINE+36]]:{{[0-9]+}}: cannot load 'w' in 'plain.npz': the archive has no member 'w' (it holds: a.npy, n.npy)

// NUMPY: import os; os.makedirs("missing", exist_ok=True)
// NUMPY: a = np.arange(12, dtype=np.float32).reshape(3, 4) / np.float32(8)
// NUMPY: n = np.array([-3, 7, 2**40], np.int64)
// NUMPY: w = np.linspace(-1, 1, 5).astype(np.float64)
// NUMPY: csr = dict(indices=np.array([0, 2, 2], np.int32), indptr=np.array([0, 2, 3], np.int32), format=np.array("csr"), shape=np.array([2, 3]), data=np.array([1.5, 2.0, -3.0], np.float32))
// NUMPY: np.savez("plain.npz", a=a, n=n, w=w); np.savez_compressed("packed.npz", w=w, a=a); np.savez_compressed("csr.npz", **csr)
// NUMPY: np.savez("missing/plain.npz", a=a, n=n); np.savez_compressed("missing/packed.npz", w=w, a=a); np.savez_compressed("missing/csr.npz", **csr)
// NUMPY: print(a * np.float32(2)); print(n + 1)
// NUMPY: print(w + w * w)
// NUMPY: print(csr["data"]); print(csr["indices"]); print(csr["indptr"]); print(csr["shape"])
// NUMPY: print(w)

func.func @main() {
  %a = array.load_npy "plain.npz"["a"] : tensor<3x4xf32>
  %two = array.full 2.0 : tensor<f32>
  %a2 = array.mul %a, %two : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  array.print %a2 : tensor<3x4xf32>
  %n = array.load_npy "plain.npz"["n.npy"] : tensor<?xi64>
  %one = array.full 1 : tensor<i64>
  %n1 = array.add %n, %one : (tensor<?xi64>, tensor<i64>) -> tensor<?xi64>
  array.print %n1 : tensor<?xi64>
  %w = array.load_npy "packed.npz"["w"] : tensor<?xf64>
  %ww = array.mul %w, %w : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  %ws = array.add %w, %ww : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  array.print %ws : tensor<?xf64>
  %data = array.load_npy "csr.npz"["data"] : tensor<?xf32>
  array.print %data : tensor<?xf32>
  %indices = array.load_npy "csr.npz"["indices"] : tensor<?xi32>
  array.print %indices : tensor<?xi32>
  %indptr = array.load_npy "csr.npz"["indptr"] : tensor<?xi32>
  array.print %indptr : tensor<?xi32>
  %shape = array.load_npy "csr.npz"["shape"] : tensor<2xi64>
  array.print %shape : tensor<2xi64>
  // In missing/, plain.npz has no member w: the program stops here.
  %v = array.load_npy "plain.npz"["w"] : tensor<?xf64>
  array.print %v : tensor<?xf64>
  return
}
