// RUN: array-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @collectives
// CHECK: arrayrt.process_index of 4
// CHECK: arrayrt.all_reduce %{{.*}}, bitwise_or of 4 : memref<3xi32>
// CHECK: arrayrt.all_gather %{{.*}} into %{{.*}} of 4 : memref<?x2xf32>, memref<4x?x2xf32>
func.func @collectives(%a: memref<3xi32>, %b: memref<?x2xf32>, %c: memref<4x?x2xf32>) -> index {
  %i = arrayrt.process_index of 4
  arrayrt.all_reduce %a, bitwise_or of 4 : memref<3xi32>
  arrayrt.all_gather %b into %c of 4 : memref<?x2xf32>, memref<4x?x2xf32>
  return %i : index
}

// -----

// The device forms (CUDA target: NCCL on the op's stream).
// CHECK-LABEL: func.func @device
// CHECK: arrayrt.all_reduce %{{.*}}, max of 2 on %{{.*}} {device} : memref<8xf32>
// CHECK: arrayrt.all_gather %{{.*}} into %{{.*}} of 2 on %{{.*}} {device} : memref<8xf32>, memref<2x8xf32>
func.func @device(%s: !arrayrt.stream, %a: memref<8xf32>, %b: memref<2x8xf32>) {
  arrayrt.all_reduce %a, max of 2 on %s {device} : memref<8xf32>
  arrayrt.all_gather %a into %b of 2 on %s {device} : memref<8xf32>, memref<2x8xf32>
  return
}

// -----

func.func @strided(%a: memref<4xf32, strided<[2]>>) {
  // expected-error @below {{'arrayrt.all_reduce' op expected its buffer to be a contiguous buffer (identity layout), found 'memref<4xf32, strided<[2]>>'}}
  arrayrt.all_reduce %a, sum of 2 : memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @device(%a: memref<4xf32, 1>) {
  // expected-error @below {{'arrayrt.all_reduce' op expected its buffer in the default memory space, found memory space 1}}
  arrayrt.all_reduce %a, sum of 2 : memref<4xf32, 1>
  return
}

// -----

func.func @processes(%a: memref<3xf32>, %b: memref<4x3xf32>) {
  // expected-error @below {{'arrayrt.all_gather' op expected the output's first dimension to be the number of processes, 2, found 4}}
  arrayrt.all_gather %a into %b of 2 : memref<3xf32>, memref<4x3xf32>
  return
}

// -----

func.func @shape(%a: memref<3xf32>, %b: memref<2x4xf32>) {
  // expected-error @below {{'arrayrt.all_gather' op expected output dimension 1 to match input dimension 0, 3, found 4}}
  arrayrt.all_gather %a into %b of 2 : memref<3xf32>, memref<2x4xf32>
  return
}

// -----

func.func @rank(%a: memref<3xf32>, %b: memref<6xf32>) {
  // expected-error @below {{'arrayrt.all_gather' op expected an output of rank 2 (the processes, then the input's shape), found 'memref<6xf32>'}}
  arrayrt.all_gather %a into %b of 2 : memref<3xf32>, memref<6xf32>
  return
}

// -----

func.func @element(%a: memref<3xf32>, %b: memref<2x3xf64>) {
  // expected-error @below {{'arrayrt.all_gather' op expected input and output of one element type, found 'f32' and 'f64'}}
  arrayrt.all_gather %a into %b of 2 : memref<3xf32>, memref<2x3xf64>
  return
}

// -----

func.func @none() -> index {
  // expected-error @below {{'arrayrt.process_index' op attribute 'processes' failed to satisfy constraint}}
  %i = arrayrt.process_index of 0
  return %i : index
}
