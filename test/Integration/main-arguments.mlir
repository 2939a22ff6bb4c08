// An executable's @main takes tensors and scalars from its command line
// (.npy files, .npz members, numbers) and returns its results to .npy files
// (-o, --outdir) or to stdout; arguments are checked before any work
// (docs/abi.md). CPU target here; the same on the GPU where one is found.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %numpy-python %S/Inputs/main_arguments.py write
// RUN: arrayc --target=cpu %s -o %t/prog
//
// --help prints the signature with the arguments' names.
// RUN: %t/prog --help | FileCheck %s --check-prefix=HELP
// HELP: usage: {{.*}}prog [-o FILE]... [--outdir DIR] x scale count
// HELP-NEXT: x tensor<?x3xf32> a .npy file, FILE.npz:NAME, or FILE.npz (its member x)
// HELP-NEXT: scale tensor<f32> a number (inf, -inf, nan too), or a .npy/.npz file of one
// HELP-NEXT: count i64 an integer, or a .npy/.npz file of one
// HELP-NEXT: results:
// HELP-NEXT: result0 tensor<?x3xf32> printed, or written by -o FILE / --outdir DIR
// HELP-NEXT: result1 tensor<?xf32> printed, or written by -o FILE / --outdir DIR
//
// Results to files (-o) and to a directory, compared with NumPy.
// RUN: %t/prog x.npy 2.5 4 -o y.npy -o s.npy
// RUN: %numpy-python %S/Inputs/main_arguments.py check y.npy s.npy 2.5 4
// RUN: %t/prog inputs.npz:x 2.5 4 --outdir %t/out
// RUN: %numpy-python %S/Inputs/main_arguments.py check out/result0.npy out/result1.npy 2.5 4
// RUN: %t/prog x.npy scale.npy 4 --outdir %t/out2
// RUN: %numpy-python %S/Inputs/main_arguments.py check out2/result0.npy out2/result1.npy 0.5 4
//
// Printed when no destination is given, as NumPy prints them.
// RUN: %t/prog x.npy 1 0 > printed.txt
// RUN: %numpy-python %S/Inputs/main_arguments.py print 1 0 > expected.txt
// RUN: diff expected.txt printed.txt
//
// Wrong arguments: exit status 2, one line naming the argument, nothing run
// and nothing written.
// RUN: not %t/prog x64.npy 2.5 4 -o bad.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not test -e bad.npy
// DTYPE: arrayrt: error: argument 1 'x' (x64.npy): expected tensor<?x3xf32>, found float64 array of shape (4, 3)
// RUN: not %t/prog x4.npy 2.5 4 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: arrayrt: error: argument 1 'x' (x4.npy): expected tensor<?x3xf32>, found float32 array of shape (2, 4)
// RUN: not %t/prog x.npy 2.5 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error:
// COUNT-SAME: 3
// RUN: not %t/prog x.npy 2.5 4.5 2>&1 | FileCheck %s --check-prefix=NUMBER
// NUMBER: error:
// NUMBER-SAME: count
// RUN: not %t/prog missing.npy 2.5 4 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error:
// MISSING-SAME: missing.npy
// RUN: not %t/prog inputs.npz:nope 2.5 4 2>&1 | FileCheck %s --check-prefix=MEMBER
// MEMBER: error:
// MEMBER-SAME: nope
//
// GPU: the same program and arguments.
// RUN: %if cuda-gpu %{ arrayc %s -o %t/prog-gpu %}
// RUN: %if cuda-gpu %{ %t/prog-gpu x.npy 2.5 4 -o yg.npy -o sg.npy %}
// RUN: %if cuda-gpu %{ %numpy-python %S/Inputs/main_arguments.py check yg.npy sg.npy 2.5 4 %}

// y = x * scale + count (broadcast over rows), and the row sums of y.
func.func @main(%x: tensor<?x3xf32>, %scale: tensor<f32>, %count: i64) -> (tensor<?x3xf32>, tensor<?xf32>) {
  %c = tensor.from_elements %count : tensor<i64>
  %cf = array.astype %c : tensor<i64> -> tensor<f32>
  %xs = array.mul %x, %scale : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
  %y = array.add %xs, %cf : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
  %s = array.sum %y axes [1] : tensor<?x3xf32> -> tensor<?xf32>
  return %y, %s : tensor<?x3xf32>, tensor<?xf32>
}
