// RUN: array-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @attention
// CHECK: arrayrt.attention %{{.*}}, %{{.*}}, %{{.*}} into %{{.*}} {causal, scale = 1.250000e-01 : f64} : tensor<2x8x64x32xf16>, tensor<2x8x48x32xf16>, tensor<2x8x48x16xf16>, tensor<2x8x64x16xf16> -> tensor<2x8x64x16xf16>
func.func @attention(%q: tensor<2x8x64x32xf16>, %k: tensor<2x8x48x32xf16>, %v: tensor<2x8x48x16xf16>, %o: tensor<2x8x64x16xf16>) -> tensor<2x8x64x16xf16> {
  %0 = arrayrt.attention %q, %k, %v into %o {causal, scale = 0.125 : f64} : tensor<2x8x64x32xf16>, tensor<2x8x48x32xf16>, tensor<2x8x48x16xf16>, tensor<2x8x64x16xf16> -> tensor<2x8x64x16xf16>
  return %0 : tensor<2x8x64x16xf16>
}

// -----

// CHECK-LABEL: func.func @attention_buffers
// CHECK: arrayrt.attention %{{.*}}, %{{.*}}, %{{.*}} into %{{.*}} {scale = 1.000000e+00 : f64} : memref<?x64xbf16>, memref<?x64xbf16>, memref<?x64xbf16>, memref<?x64xbf16>
func.func @attention_buffers(%q: memref<?x64xbf16>, %k: memref<?x64xbf16>, %v: memref<?x64xbf16>, %o: memref<?x64xbf16>) {
  arrayrt.attention %q, %k, %v into %o {scale = 1.0 : f64} : memref<?x64xbf16>, memref<?x64xbf16>, memref<?x64xbf16>, memref<?x64xbf16>
  return
}

// -----

func.func @attention_f32(%q: tensor<64x32xf32>, %o: tensor<64x32xf32>) -> tensor<64x32xf32> {
  // expected-error @+1 {{'arrayrt.attention' op element type must be f16 or bf16, found 'f32'}}
  %0 = arrayrt.attention %q, %q, %q into %o {scale = 1.0 : f64} : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32> -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}

// -----

func.func @attention_mixed(%q: tensor<64x32xf16>, %k: tensor<64x32xbf16>, %o: tensor<64x32xf16>) -> tensor<64x32xf16> {
  // expected-error @+1 {{'arrayrt.attention' op operands must share one element type, found 'bf16' and 'f16'}}
  %0 = arrayrt.attention %q, %k, %q into %o {scale = 1.0 : f64} : tensor<64x32xf16>, tensor<64x32xbf16>, tensor<64x32xf16>, tensor<64x32xf16> -> tensor<64x32xf16>
  return %0 : tensor<64x32xf16>
}

// -----

func.func @attention_rank(%q: tensor<2x64x32xf16>, %k: tensor<64x32xf16>, %o: tensor<2x64x32xf16>) -> tensor<2x64x32xf16> {
  // expected-error @+1 {{'arrayrt.attention' op operands must have one rank, found 'tensor<64x32xf16>' with 'tensor<2x64x32xf16>'}}
  %0 = arrayrt.attention %q, %k, %k into %o {scale = 1.0 : f64} : tensor<2x64x32xf16>, tensor<64x32xf16>, tensor<64x32xf16>, tensor<2x64x32xf16> -> tensor<2x64x32xf16>
  return %0 : tensor<2x64x32xf16>
}

// -----

func.func @attention_batch(%q: tensor<2x64x32xf16>, %k: tensor<3x64x32xf16>, %o: tensor<2x64x32xf16>) -> tensor<2x64x32xf16> {
  // expected-error @+1 {{'arrayrt.attention' op batch dimensions of 'tensor<3x64x32xf16>' must equal 'tensor<2x64x32xf16>''s}}
  %0 = arrayrt.attention %q, %k, %q into %o {scale = 1.0 : f64} : tensor<2x64x32xf16>, tensor<3x64x32xf16>, tensor<2x64x32xf16>, tensor<2x64x32xf16> -> tensor<2x64x32xf16>
  return %0 : tensor<2x64x32xf16>
}

// -----

func.func @attention_head(%q: tensor<64x32xf16>, %k: tensor<48x16xf16>, %v: tensor<48x16xf16>, %o: tensor<64x16xf16>) -> tensor<64x16xf16> {
  // expected-error @+1 {{'arrayrt.attention' op query and key head sizes differ: 32 and 16}}
  %0 = arrayrt.attention %q, %k, %v into %o {scale = 1.0 : f64} : tensor<64x32xf16>, tensor<48x16xf16>, tensor<48x16xf16>, tensor<64x16xf16> -> tensor<64x16xf16>
  return %0 : tensor<64x16xf16>
}

// -----

func.func @attention_keys(%q: tensor<64x32xf16>, %k: tensor<48x32xf16>, %v: tensor<40x16xf16>, %o: tensor<64x16xf16>) -> tensor<64x16xf16> {
  // expected-error @+1 {{'arrayrt.attention' op key and value sequence lengths differ: 48 and 40}}
  %0 = arrayrt.attention %q, %k, %v into %o {scale = 1.0 : f64} : tensor<64x32xf16>, tensor<48x32xf16>, tensor<40x16xf16>, tensor<64x16xf16> -> tensor<64x16xf16>
  return %0 : tensor<64x16xf16>
}

// -----

func.func @attention_init(%q: tensor<64x32xf16>, %k: tensor<48x32xf16>, %v: tensor<48x16xf16>, %o: tensor<64x32xf16>) -> tensor<64x32xf16> {
  // expected-error @+1 {{'arrayrt.attention' op init must end in 64x16, found 64x32}}
  %0 = arrayrt.attention %q, %k, %v into %o {scale = 1.0 : f64} : tensor<64x32xf16>, tensor<48x32xf16>, tensor<48x16xf16>, tensor<64x32xf16> -> tensor<64x32xf16>
  return %0 : tensor<64x32xf16>
}

// -----

func.func @attention_result(%q: memref<64x32xf16>, %o: memref<64x32xf16>) {
  // expected-error @+1 {{'arrayrt.attention' op on memrefs must have no result}}
  %0 = arrayrt.attention %q, %q, %q into %o {scale = 1.0 : f64} : memref<64x32xf16>, memref<64x32xf16>, memref<64x32xf16>, memref<64x32xf16> -> tensor<64x32xf16>
  return
}
