// Functions whose names PTX does not accept ('.', quoted names) compile and
// run on both targets: their kernels are renamed (array-gpu-kernel-names).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda --emit=ptx %s -o - | FileCheck %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// CHECK-DAG: .entry my_helper_kernel(
// CHECK-DAG: .entry _2nd_step_kernel(

// NUMPY: a = np.full(4, 1.0, np.float32)
// NUMPY: print(np.exp(a) * np.float32(2))

func.func @my.helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = array.exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @"2nd step"(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = array.full 2.0 : tensor<f32>
  %0 = array.mul %x, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @main() {
  %a = array.full 1.0 : tensor<4xf32>
  %b = call @my.helper(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = call @"2nd step"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  array.print %c : tensor<4xf32>
  return
}
