// Found by random_programs.py (seed 4242, programs 356 and 918): `any` over
// an empty axis of an array filled with a nonzero value gave uninitialized
// memory instead of False. Fusion puts the fill into the reduction,
// `out | (-3 != 0)` folds to `true`, the body no longer reads its output,
// and upstream's RemoveOutsDependency replaced the reduction's initial
// value (False) by tensor.empty: with no iterations, the result was
// whatever the buffer held. array-fuse-elementwise keeps reduction inits.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: arrayc --target=cpu --emit=linalg %s -o - | FileCheck %s
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// The reduction's output keeps its initial value (a fill of false).
// CHECK: linalg.fill ins(%false
// CHECK: iterator_types = ["reduction", "parallel"]

// NUMPY: np.save("e.npy", np.zeros(0, np.int32))
// NUMPY: print(np.any(np.full((0, 7), -3, np.int32), axis=0))
// NUMPY: print(np.all(np.full((0, 3), 0, np.int32), axis=0))

func.func @main() {
  %e = array.load_npy "e.npy" : tensor<?xi32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %e, %c0 : tensor<?xi32>
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %f = array.full(%n, %c7) -3 : tensor<?x?xi32>
  %any = array.any %f axes [0] : tensor<?x?xi32> -> tensor<?xi1>
  array.print %any : tensor<?xi1>
  %z = array.full(%n, %c3) 0 : tensor<?x?xi32>
  %all = array.all %z axes [0] : tensor<?x?xi32> -> tensor<?xi1>
  array.print %all : tensor<?xi1>
  return
}
