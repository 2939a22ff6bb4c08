// RUN: array-opt %s -array-gpu-device-memory -split-input-file -verify-diagnostics | FileCheck %s

// Allocations, deallocations and copies move to the device.
// CHECK-LABEL: func.func @buffers
// CHECK-SAME: (%[[N:.+]]: index, %[[SRC:.+]]: memref<?xf32>)
// CHECK: %[[A:.+]] = gpu.alloc (%[[N]]) : memref<?xf32>
// CHECK: gpu.memcpy %[[A]], %[[SRC]] : memref<?xf32>, memref<?xf32>
// CHECK: gpu.dealloc %[[A]] : memref<?xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
func.func @buffers(%n: index, %src: memref<?xf32>) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.copy %src, %a : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// A constant is copied to the device where it is used and freed at return.
memref.global "private" constant @c : memref<3xf32> = dense<[1.0, 2.0, 3.0]>
// CHECK-LABEL: func.func @constant
// CHECK: %[[HOST:.+]] = memref.get_global @c : memref<3xf32>
// CHECK: %[[DEV:.+]] = gpu.alloc () : memref<3xf32>
// CHECK: gpu.memcpy %[[DEV]], %[[HOST]] : memref<3xf32>, memref<3xf32>
// CHECK: call @use(%[[DEV]])
// CHECK: gpu.dealloc %[[DEV]] : memref<3xf32>
// CHECK-NEXT: return
func.func private @use(memref<3xf32>)
func.func @constant() {
  %0 = memref.get_global @c : memref<3xf32>
  call @use(%0) : (memref<3xf32>) -> ()
  return
}

// -----

// Printing reads a host copy of the device buffer.
// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK: %[[DEV:.+]] = gpu.alloc (%[[N]]) : memref<?x4xi64>
// CHECK: %[[D0:.+]] = memref.dim %[[DEV]], %c0
// CHECK: %[[HOST:.+]] = memref.alloc(%[[D0]]) : memref<?x4xi64>
// CHECK: gpu.memcpy %[[HOST]], %[[DEV]] : memref<?x4xi64>, memref<?x4xi64>
// CHECK: array.print %[[HOST]] : memref<?x4xi64>
// CHECK: memref.dealloc %[[HOST]] : memref<?x4xi64>
// CHECK: gpu.dealloc %[[DEV]]
func.func @print(%n: index) {
  %a = memref.alloc(%n) : memref<?x4xi64>
  array.print %a : memref<?x4xi64>
  memref.dealloc %a : memref<?x4xi64>
  return
}

// -----

// Buffers that host code loads or stores (like buffer deallocation's
// ownership flags) stay in host memory, and so do their deallocations.
// CHECK-LABEL: func.func @host_flags
// CHECK: %[[FLAGS:.+]] = memref.alloc() : memref<2xi1>
// CHECK: memref.store %{{.+}}, %[[FLAGS]]
// CHECK: memref.dealloc %[[FLAGS]] : memref<2xi1>
// CHECK-NOT: gpu.
func.func @host_flags(%f: i1) {
  %c0 = arith.constant 0 : index
  %flags = memref.alloc() : memref<2xi1>
  memref.store %f, %flags[%c0] : memref<2xi1>
  memref.dealloc %flags : memref<2xi1>
  return
}

// -----

func.func @strided(%src: memref<4x4xf32, strided<[8, 1]>>, %dst: memref<4x4xf32>) {
  // expected-error @+1 {{cannot move the strided buffer 'memref<4x4xf32, strided<[8, 1]>>' between host and device memory yet}}
  memref.copy %src, %dst : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
  return
}

// -----

memref.global "private" constant @k : memref<2xf32> = dense<[1.0, 2.0]>
func.func private @use2(memref<2xf32>)
func.func @nested_constant(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'memref.get_global' op reads a constant inside a nested region; the cuda target copies constants to the device only at function level}}
    %0 = memref.get_global @k : memref<2xf32>
    func.call @use2(%0) : (memref<2xf32>) -> ()
  }
  return
}

// -----

// A constant that is only copied into device buffers (array.to_device) gets
// no device twin at the start: each copy reads host memory where it stands.
// CHECK-LABEL: func.func @to_device
// CHECK: %[[G:.+]] = memref.get_global @c
// CHECK-NOT: gpu.memcpy
// CHECK: array.stream_begin
// CHECK-NEXT: %[[D:.+]] = gpu.alloc () : memref<4xf32>
// CHECK-NEXT: gpu.memcpy %[[D]], %[[G]]
// CHECK-NEXT: array.stream_end
memref.global "private" constant @c : memref<4xf32> = dense<1.0>
func.func @to_device(%s: !array.stream) {
  %g = memref.get_global @c : memref<4xf32>
  array.stream_begin %s
  %d = memref.alloc() : memref<4xf32>
  memref.copy %g, %d : memref<4xf32> to memref<4xf32>
  array.stream_end %s
  memref.dealloc %d : memref<4xf32>
  return
}
