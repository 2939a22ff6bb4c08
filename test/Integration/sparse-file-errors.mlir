// array.load_mtx and array.load_sparse on files whose headers declare more
// than a machine can hold, or that are not what the op reads: each stops
// the program with the op's location, the file and what is wrong (exit
// status 1), never a crash. A 10^12 x 10^12 Matrix Market header used to
// crash the program (its row offsets, 8 TB, were allocated unchecked), an
// entry count of 10^15 ended in an uncaught std::bad_alloc, and a .npz that
// is not a zip archive was reported as a bad Matrix Market banner. The
// NumPy code writes a.mtx and b.npz (scipy.sparse.save_npz's members,
// written with np.savez_compressed) in "." and one folder per error.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: cd %t.dir/huge && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=HUGE --input-file=%t.err
// RUN: cd %t.dir/entries && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=ENTRIES --input-file=%t.err
// RUN: cd %t.dir/notzip && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=NOTZIP --input-file=%t.err
// RUN: cd %t.dir/mtxnpz && not %t.cpu > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=MTXNPZ --input-file=%t.err
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ cd %t.dir/huge && not %t.cuda > /dev/null 2> %t.err && FileCheck %s --check-prefix=HUGE --input-file=%t.err %}
// RUN: %if cuda-gpu %{ cd %t.dir/entries && not %t.cuda > /dev/null 2> %t.err && FileCheck %s --check-prefix=ENTRIES --input-file=%t.err %}
// RUN: %if cuda-gpu %{ cd %t.dir/notzip && not %t.cuda > /dev/null 2> %t.err && FileCheck %s --check-prefix=NOTZIP --input-file=%t.err %}
// DEVICE-CASE: huge cannot load 'a.mtx': a 1000000000000 x 1000000000000 matrix does not fit in host memory
// DEVICE-CASE: entries cannot load 'a.mtx': line 3: expected 1000000000000000 entries, found 1 (the file ends at line 3)
// DEVICE-CASE: notzip cannot load 'b.npz': not a zip archive, so not an .npz file as scipy.sparse.save_npz writes (it starts with 'hello, I am text')
// HUGE: arrayrt: error: {{.*}}sparse-file-errors.mlir:[[#]]:[[#]]: cannot load 'a.mtx': a 1000000000000 x 1000000000000 matrix does not fit in host memory: the offsets of its rows (CSR) or columns (CSC), 8000000000008 bytes (7.28 TiB) exceed {{.*}} of {{[0-9]+}} bytes
// ENTRIES: arrayrt: error: {{.*}}sparse-file-errors.mlir:[[#]]:[[#]]: cannot load 'a.mtx': line 3: expected 1000000000000000 entries, found 1 (the file ends at line 3)
// NOTZIP: arrayrt: error: {{.*}}sparse-file-errors.mlir:[[#]]:[[#]]: cannot load 'b.npz': not a zip archive, so not an .npz file as scipy.sparse.save_npz writes (it starts with 'hello, I am text')
// MTXNPZ: arrayrt: error: {{.*}}sparse-file-errors.mlir:[[#]]:[[#]]: cannot load 'b.npz': not a zip archive, so not an .npz file as scipy.sparse.save_npz writes (it starts with '%%MatrixMarket m')

// NUMPY-RTOL: 1e-6
// NUMPY: import os
// NUMPY: mtx = "%%MatrixMarket matrix coordinate real general\n2 3 2\n1 1 1.5\n2 3 -2\n"
// NUMPY: def npz(path): np.savez_compressed(path, format=b"csr", shape=np.array([2, 2]), data=np.array([1.0, 4.0]), indices=np.array([1, 0], np.int32), indptr=np.array([0, 1, 2], np.int32))
// NUMPY: cases = {".": mtx, "huge": mtx.replace("2 3 2\n", "1000000000000 1000000000000 1\n").replace("2 3 -2\n", ""), "entries": mtx.replace("2 3 2\n", "3 3 1000000000000000\n").replace("2 3 -2\n", ""), "notzip": mtx, "mtxnpz": mtx}
// NUMPY: for folder, text in cases.items(): os.makedirs(folder, exist_ok=True); open(os.path.join(folder, "a.mtx"), "w").write(text); npz(os.path.join(folder, "b.npz"))
// NUMPY: open("notzip/b.npz", "w").write("hello, I am text, not a zip archive\n")
// NUMPY: open("mtxnpz/b.npz", "w").write(mtx)
// NUMPY: print(np.array([[1.5, 0, 0], [0, 0, -2]], np.float32))
// NUMPY: print(np.array([[0, 1], [4, 0]], np.float32))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @main() {
  %a = array.load_mtx "a.mtx" : tensor<?x?xf32, #CSR>
  %ad = array.to_dense %a : tensor<?x?xf32, #CSR> -> tensor<?x?xf32>
  array.print %ad : tensor<?x?xf32>
  %b = array.load_sparse "b.npz" : tensor<?x?xf32, #CSR>
  %bd = array.to_dense %b : tensor<?x?xf32, #CSR> -> tensor<?x?xf32>
  array.print %bd : tensor<?x?xf32>
  return
}
