// RUN: array-opt %s -array-gpu-device-memory -split-input-file -verify-diagnostics | FileCheck %s

// The runtime reads and writes .npy data in host memory. A loaded array's
// buffer still moves to the device: the file is read into a host buffer of
// its shape, which is copied to the device and freed.
// CHECK-LABEL: func.func @load
// CHECK: %[[S:.+]]:2 = array.npy_shape "a.npy" of f32 : index, index
// CHECK-NEXT: %[[DEV:.+]] = gpu.alloc (%[[S]]#0) : memref<?x3xf32>
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[D0:.+]] = memref.dim %[[DEV]], %[[C0]] : memref<?x3xf32>
// CHECK-NEXT: %[[HOST:.+]] = memref.alloc(%[[D0]]) : memref<?x3xf32>
// CHECK-NEXT: array.load_npy_into "a.npy", %[[HOST]] : memref<?x3xf32>
// CHECK-NEXT: gpu.memcpy %[[DEV]], %[[HOST]] : memref<?x3xf32>, memref<?x3xf32>
// CHECK-NEXT: memref.dealloc %[[HOST]] : memref<?x3xf32>
// CHECK-NEXT: call @use(%[[DEV]])
// CHECK-NEXT: gpu.dealloc %[[DEV]] : memref<?x3xf32>
// CHECK-NOT: memref.alloc
func.func private @use(memref<?x3xf32>)
func.func @load() {
  %s:2 = array.npy_shape "a.npy" of f32 : index, index
  %a = memref.alloc(%s#0) : memref<?x3xf32>
  array.load_npy_into "a.npy", %a : memref<?x3xf32>
  call @use(%a) : (memref<?x3xf32>) -> ()
  memref.dealloc %a : memref<?x3xf32>
  return
}

// -----

// Saving, like printing, writes a host copy of the device buffer.
// CHECK-LABEL: func.func @save
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK: %[[DEV:.+]] = gpu.alloc (%[[N]]) : memref<?x4xi64>
// CHECK: %[[D0:.+]] = memref.dim %[[DEV]], %c0
// CHECK-NEXT: %[[HOST:.+]] = memref.alloc(%[[D0]]) : memref<?x4xi64>
// CHECK-NEXT: gpu.memcpy %[[HOST]], %[[DEV]] : memref<?x4xi64>, memref<?x4xi64>
// CHECK-NEXT: array.save_npy %[[HOST]], "b.npy" : memref<?x4xi64>
// CHECK-NEXT: memref.dealloc %[[HOST]] : memref<?x4xi64>
// CHECK-NEXT: gpu.dealloc %[[DEV]]
func.func @save(%n: index) {
  %a = memref.alloc(%n) : memref<?x4xi64>
  array.save_npy %a, "b.npy" : memref<?x4xi64>
  memref.dealloc %a : memref<?x4xi64>
  return
}

// -----

// A load then a save of the same 0-d buffer: in, to the device, and back.
// CHECK-LABEL: func.func @round_trip
// CHECK: %[[DEV:.+]] = gpu.alloc () : memref<f64>
// CHECK-NEXT: %[[IN:.+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: array.load_npy_into "x.npy", %[[IN]] : memref<f64>
// CHECK-NEXT: gpu.memcpy %[[DEV]], %[[IN]] : memref<f64>, memref<f64>
// CHECK-NEXT: memref.dealloc %[[IN]] : memref<f64>
// CHECK-NEXT: %[[OUT:.+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: gpu.memcpy %[[OUT]], %[[DEV]] : memref<f64>, memref<f64>
// CHECK-NEXT: array.save_npy %[[OUT]], "y.npy" : memref<f64>
// CHECK-NEXT: memref.dealloc %[[OUT]] : memref<f64>
// CHECK-NEXT: gpu.dealloc %[[DEV]] : memref<f64>
func.func @round_trip() {
  %a = memref.alloc() : memref<f64>
  array.load_npy_into "x.npy", %a : memref<f64>
  array.save_npy %a, "y.npy" : memref<f64>
  memref.dealloc %a : memref<f64>
  return
}

// -----

// A buffer that host code reads stays in host memory: no copies.
// CHECK-LABEL: func.func @host_buffer
// CHECK: %[[A:.+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: array.load_npy_into "x.npy", %[[A]] : memref<2xi32>
// CHECK-NEXT: array.save_npy %[[A]], "y.npy" : memref<2xi32>
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]] : memref<2xi32>
// CHECK-NOT: gpu.
func.func @host_buffer(%i: index) -> i32 {
  %a = memref.alloc() : memref<2xi32>
  array.load_npy_into "x.npy", %a : memref<2xi32>
  array.save_npy %a, "y.npy" : memref<2xi32>
  %v = memref.load %a[%i] : memref<2xi32>
  memref.dealloc %a : memref<2xi32>
  return %v : i32
}

// -----

// The shape query touches no buffer and is left alone.
// CHECK-LABEL: func.func @shape_only
// CHECK-NEXT: %[[S:.+]] = array.npy_shape "x.npy" of i1 : index
// CHECK-NEXT: return %[[S]]
func.func @shape_only() -> index {
  %s = array.npy_shape "x.npy" of i1 : index
  return %s : index
}

// -----

func.func @strided(%a: memref<4xf32, strided<[2]>>) {
  // expected-error @+1 {{'array.load_npy_into' op cannot move the strided buffer 'memref<4xf32, strided<[2]>>' between host and device memory yet}}
  array.load_npy_into "x.npy", %a : memref<4xf32, strided<[2]>>
  return
}
