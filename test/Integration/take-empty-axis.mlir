// Taking elements of an axis that is empty at run time: with no indices the
// result is empty; with indices there is nothing to clip them to, so the
// program stops with the op's location (NumPy raises IndexError), on both
// targets, instead of reading outside the array.
// DEVICE-EXPECT-ERROR: array.take: cannot take from axis 0, which is empty, at the given indices
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > /dev/null
// RUN: cd %t.dir && not %t.cpu > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && cd %t.dir && not %t.cuda > %t.out 2> %t.err && FileCheck %s --check-prefix=ERR < %t.err %}

// NUMPY: np.save("empty.npy", np.zeros(0, np.float32)); np.save("none.npy", np.zeros(0, np.int64)); np.save("two.npy", np.array([0, 1], np.int64))

// OUT: []
// OUT-NOT: [
func.func @main() {
  %a = array.load_npy "empty.npy" : tensor<?xf32>
  %none = array.load_npy "none.npy" : tensor<?xi64>
  %two = array.load_npy "two.npy" : tensor<?xi64>
  %r0 = array.take %a, %none axis 0 : (tensor<?xf32>, tensor<?xi64>) -> tensor<?xf32>
  array.print %r0 : tensor<?xf32>
  // ERR: arrayrt: error: {{.*}}take-empty-axis.mlir:[[@LINE+1]]:9: array.take: cannot take from axis 0, which is empty, at the given indices
  %r1 = array.take %a, %two axis 0 : (tensor<?xf32>, tensor<?xi64>) -> tensor<?xf32>
  array.print %r1 : tensor<?xf32>
  return
}
