// RUN: array-opt %s -array-gpu-device-memory -split-input-file -verify-diagnostics | FileCheck %s

// A loaded array's buffer moves to the device and the load stays on it,
// marked for the runtime's device form (the file goes through pinned
// memory and one copy on the op's stream).
// CHECK-LABEL: func.func @load
// CHECK: %[[S:.+]]:2 = arrayrt.npy_shape "a.npy" of f32 : index, index
// CHECK-NEXT: %[[DEV:.+]] = gpu.alloc (%[[S]]#0) : memref<?x3xf32>
// CHECK-NEXT: arrayrt.load_npy_into "a.npy", %[[DEV]] {device} : memref<?x3xf32>
// CHECK-NEXT: call @use(%[[DEV]])
// CHECK-NEXT: gpu.dealloc %[[DEV]] : memref<?x3xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: gpu.memcpy
func.func private @use(memref<?x3xf32>)
func.func @load() {
  %s:2 = arrayrt.npy_shape "a.npy" of f32 : index, index
  %a = memref.alloc(%s#0) : memref<?x3xf32>
  arrayrt.load_npy_into "a.npy", %a : memref<?x3xf32>
  call @use(%a) : (memref<?x3xf32>) -> ()
  memref.dealloc %a : memref<?x3xf32>
  return
}

// -----

// Saving reads the device buffer the same way.
// CHECK-LABEL: func.func @save
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK-NEXT: %[[DEV:.+]] = gpu.alloc (%[[N]]) : memref<?x4xi64>
// CHECK-NEXT: call @fill(%[[DEV]])
// CHECK-NEXT: arrayrt.save_npy %[[DEV]], "b.npy" {device} : memref<?x4xi64>
// CHECK-NEXT: gpu.dealloc %[[DEV]]
func.func private @fill(memref<?x4xi64>)
func.func @save(%n: index) {
  %a = memref.alloc(%n) : memref<?x4xi64>
  call @fill(%a) : (memref<?x4xi64>) -> ()
  arrayrt.save_npy %a, "b.npy" : memref<?x4xi64>
  memref.dealloc %a : memref<?x4xi64>
  return
}

// -----

// A load then a save of the same 0-d buffer that a kernel updates between
// them: both on the device buffer.
// CHECK-LABEL: func.func @round_trip
// CHECK: %[[DEV:.+]] = gpu.alloc () : memref<f64>
// CHECK-NEXT: arrayrt.load_npy_into "x.npy", %[[DEV]] {device} : memref<f64>
// CHECK: gpu.launch
// CHECK: arrayrt.save_npy %[[DEV]], "y.npy" {device} : memref<f64>
// CHECK-NEXT: gpu.dealloc %[[DEV]] : memref<f64>
func.func @round_trip() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<f64>
  arrayrt.load_npy_into "x.npy", %a : memref<f64>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %e = memref.load %a[] : memref<f64>
    %d = arith.addf %e, %e : f64
    memref.store %d, %a[] : memref<f64>
    gpu.terminator
  }
  arrayrt.save_npy %a, "y.npy" : memref<f64>
  memref.dealloc %a : memref<f64>
  return
}

// -----

// Without a kernel, a load then a save stay in host memory.
// CHECK-LABEL: func.func @host_round_trip
// CHECK: %[[A:.+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: arrayrt.load_npy_into "x.npy", %[[A]] : memref<f64>
// CHECK-NEXT: arrayrt.save_npy %[[A]], "y.npy" : memref<f64>
// CHECK-NOT: gpu.
func.func @host_round_trip() {
  %a = memref.alloc() : memref<f64>
  arrayrt.load_npy_into "x.npy", %a : memref<f64>
  arrayrt.save_npy %a, "y.npy" : memref<f64>
  memref.dealloc %a : memref<f64>
  return
}

// -----

// A buffer that host code reads stays in host memory: no copies.
// CHECK-LABEL: func.func @host_buffer
// CHECK: %[[A:.+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: arrayrt.load_npy_into "x.npy", %[[A]] : memref<2xi32>
// CHECK-NEXT: arrayrt.save_npy %[[A]], "y.npy" : memref<2xi32>
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]] : memref<2xi32>
// CHECK-NOT: gpu.
func.func @host_buffer(%i: index) -> i32 {
  %a = memref.alloc() : memref<2xi32>
  arrayrt.load_npy_into "x.npy", %a : memref<2xi32>
  arrayrt.save_npy %a, "y.npy" : memref<2xi32>
  %v = memref.load %a[%i] : memref<2xi32>
  memref.dealloc %a : memref<2xi32>
  return %v : i32
}

// -----

// The shape query touches no buffer and is left alone.
// CHECK-LABEL: func.func @shape_only
// CHECK-NEXT: %[[S:.+]] = arrayrt.npy_shape "x.npy" of i1 : index
// CHECK-NEXT: return %[[S]]
func.func @shape_only() -> index {
  %s = arrayrt.npy_shape "x.npy" of i1 : index
  return %s : index
}

// -----

// A load into a strided device view goes into a contiguous device buffer
// that a kernel then copies into the view.
// CHECK-LABEL: func.func @strided
// CHECK-SAME: (%[[A:.+]]: memref<4xf32, strided<[2]>>)
// CHECK: %[[PACKED:.+]] = gpu.alloc () : memref<4xf32>
// CHECK-NEXT: arrayrt.load_npy_into "x.npy", %[[PACKED]] {device} : memref<4xf32>
// CHECK: gpu.launch
// CHECK: memref.load %[[PACKED]]
// CHECK: memref.store %{{.+}}, %[[A]]
// CHECK: gpu.dealloc %[[PACKED]] : memref<4xf32>
func.func private @use_strided(memref<4xf32, strided<[2]>>)
func.func @strided(%a: memref<4xf32, strided<[2]>>) {
  call @use_strided(%a) : (memref<4xf32, strided<[2]>>) -> ()
  arrayrt.load_npy_into "x.npy", %a : memref<4xf32, strided<[2]>>
  return
}

// -----

// A strided view of a device buffer (a column slice) is saved through a
// contiguous device copy that a kernel fills, freed after the save.
// CHECK-LABEL: func.func @save_strided
// CHECK: %[[DEV:.+]] = gpu.alloc () : memref<4x6xf32>
// CHECK: %[[VIEW:.+]] = memref.subview %[[DEV]]
// CHECK: %[[PACKED:.+]] = gpu.alloc () : memref<4x3xf32>
// CHECK: gpu.launch
// CHECK: memref.load %[[VIEW]]
// CHECK: memref.store %{{.+}}, %[[PACKED]]
// CHECK: arrayrt.save_npy %[[PACKED]], "s.npy" {device} : memref<4x3xf32>
// CHECK-NEXT: gpu.dealloc %[[PACKED]] : memref<4x3xf32>
func.func private @fill2(memref<4x6xf32>)
func.func @save_strided() {
  %a = memref.alloc() : memref<4x6xf32>
  call @fill2(%a) : (memref<4x6xf32>) -> ()
  %v = memref.subview %a[0, 1] [4, 3] [1, 1] : memref<4x6xf32> to memref<4x3xf32, strided<[6, 1], offset: 1>>
  arrayrt.save_npy %v, "s.npy" : memref<4x3xf32, strided<[6, 1], offset: 1>>
  memref.dealloc %a : memref<4x6xf32>
  return
}
