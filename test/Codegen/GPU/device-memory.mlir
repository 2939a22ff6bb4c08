// RUN: array-opt %s -array-gpu-device-memory -split-input-file -verify-diagnostics | FileCheck %s

// Allocations, deallocations and copies of buffers a kernel uses move to
// the device (an external function's buffers count as a kernel's).
// CHECK-LABEL: func.func @buffers
// CHECK-SAME: (%[[N:.+]]: index, %[[SRC:.+]]: memref<?xf32>)
// CHECK: %[[A:.+]] = gpu.alloc (%[[N]]) : memref<?xf32>
// CHECK: gpu.memcpy %[[A]], %[[SRC]] : memref<?xf32>, memref<?xf32>
// CHECK: call @use(%[[A]])
// CHECK: gpu.dealloc %[[A]] : memref<?xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
func.func private @use(memref<?xf32>)
func.func @buffers(%n: index, %src: memref<?xf32>) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.copy %src, %a : memref<?xf32> to memref<?xf32>
  call @use(%a) : (memref<?xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// A constant is copied to the device once, at the function's entry, and
// freed at return, also when it is read inside a loop.
memref.global "private" constant @c : memref<3xf32> = dense<[1.0, 2.0, 3.0]>
// CHECK-LABEL: func.func @constant
// CHECK-NEXT: %[[HOST:.+]] = memref.get_global @c : memref<3xf32>
// CHECK-NEXT: %[[DEV:.+]] = gpu.alloc () : memref<3xf32>
// CHECK-NEXT: gpu.memcpy %[[DEV]], %[[HOST]] : memref<3xf32>, memref<3xf32>
// CHECK: scf.for
// CHECK-NEXT: call @use(%[[DEV]])
// CHECK: gpu.dealloc %[[DEV]] : memref<3xf32>
// CHECK-NEXT: return
func.func private @use(memref<3xf32>)
func.func @constant(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.get_global @c : memref<3xf32>
    func.call @use(%0) : (memref<3xf32>) -> ()
  }
  return
}

// -----

// Printing reads a host copy of a device buffer.
// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK: %[[DEV:.+]] = gpu.alloc (%[[N]]) : memref<?x4xi64>
// CHECK: %[[D0:.+]] = memref.dim %[[DEV]], %c0
// CHECK: %[[HOST:.+]] = memref.alloc(%[[D0]]) : memref<?x4xi64>
// CHECK: gpu.memcpy %[[HOST]], %[[DEV]] : memref<?x4xi64>, memref<?x4xi64>
// CHECK: arrayrt.print %[[HOST]] : memref<?x4xi64>
// CHECK: memref.dealloc %[[HOST]] : memref<?x4xi64>
// CHECK: gpu.dealloc %[[DEV]]
func.func private @fill(memref<?x4xi64>)
func.func @print(%n: index) {
  %a = memref.alloc(%n) : memref<?x4xi64>
  call @fill(%a) : (memref<?x4xi64>) -> ()
  arrayrt.print %a : memref<?x4xi64>
  memref.dealloc %a : memref<?x4xi64>
  return
}

// -----

// Buffers that only host code touches (buffer deallocation's ownership
// flags, a tensor.from_elements read back on the host) stay in host memory,
// and so do their deallocations.
// CHECK-LABEL: func.func @host_flags
// CHECK: %[[FLAGS:.+]] = memref.alloc() : memref<2xi1>
// CHECK: memref.store %{{.+}}, %[[FLAGS]]
// CHECK: memref.load %[[FLAGS]]
// CHECK: memref.dealloc %[[FLAGS]] : memref<2xi1>
// CHECK-NOT: gpu.
func.func @host_flags(%f: i1) -> i1 {
  %c0 = arith.constant 0 : index
  %flags = memref.alloc() : memref<2xi1>
  memref.store %f, %flags[%c0] : memref<2xi1>
  %g = memref.load %flags[%c0] : memref<2xi1>
  memref.dealloc %flags : memref<2xi1>
  return %g : i1
}

// -----

// Buffers passed to a function with a body are placed with what the body
// does: the helper's index arrays stay on the host, also the empty one that
// nothing loads.
// CHECK-LABEL: func.func private @helper
// CHECK-NOT: gpu.
// CHECK-LABEL: func.func @calls
// CHECK: memref.alloc() : memref<2xindex>
// CHECK: memref.alloc() : memref<0xindex>
// CHECK-NOT: gpu.
func.func private @helper(%a: memref<?xindex>, %b: memref<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xindex>
  %n = memref.dim %b, %c0 : memref<?xindex>
  %s = arith.addi %v, %n : index
  return %s : index
}
func.func @calls(%i: index) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xindex>
  %b = memref.alloc() : memref<0xindex>
  memref.store %i, %a[%c0] : memref<2xindex>
  %ac = memref.cast %a : memref<2xindex> to memref<?xindex>
  %bc = memref.cast %b : memref<0xindex> to memref<?xindex>
  %r = call @helper(%ac, %bc) : (memref<?xindex>, memref<?xindex>) -> index
  memref.dealloc %a : memref<2xindex>
  memref.dealloc %b : memref<0xindex>
  return %r : index
}

// -----

// A loop-carried buffer is placed as one: the init, the region argument,
// the yielded buffer and the result. A kernel writes the yielded buffer,
// so all of them are device buffers, and the host's read of the result
// (a while loop's condition, tensor.extract) goes through a one-thread
// kernel and a copy of one element.
// CHECK-LABEL: func.func @loop_carried
// CHECK: %[[INIT:.+]] = gpu.alloc () : memref<4xf32>
// CHECK: %[[R:.+]] = scf.for {{.*}} iter_args(%[[X:.+]] = %[[INIT]])
// CHECK: %[[NEXT:.+]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.launch
// CHECK: gpu.dealloc %[[X]]
// CHECK: scf.yield %[[NEXT]]
// CHECK: %[[ONE:.+]] = gpu.alloc () : memref<f32>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
// CHECK-NEXT: %[[E:.+]] = memref.load %[[R]][%[[I:.+]]] : memref<4xf32>
// CHECK-NEXT: memref.store %[[E]], %[[ONE]][] : memref<f32>
// CHECK: %[[HOST:.+]] = memref.alloc() : memref<f32>
// CHECK-NEXT: gpu.memcpy %[[HOST]], %[[ONE]] : memref<f32>, memref<f32>
// CHECK-NEXT: gpu.dealloc %[[ONE]] : memref<f32>
// CHECK-NEXT: %[[V:.+]] = memref.load %[[HOST]][] : memref<f32>
// CHECK-NEXT: memref.dealloc %[[HOST]] : memref<f32>
// CHECK: return %[[V]]
func.func @loop_carried(%n: index, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (memref<4xf32>) {
    %next = memref.alloc() : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%ux = %c1, %uy = %c1, %uz = %c1) {
      %e = memref.load %x[%tx] : memref<4xf32>
      memref.store %e, %next[%tx] : memref<4xf32>
      gpu.terminator
    }
    memref.dealloc %x : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  %v = memref.load %r[%i] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return %v : f32
}

// -----

// The condition of a while loop read from a device 0-d buffer: one copy.
// CHECK-LABEL: func.func @while_condition
// CHECK: scf.while
// CHECK: %[[S:.+]] = gpu.alloc () : memref<f32>
// CHECK: gpu.launch
// CHECK: %[[HOST:.+]] = memref.alloc() : memref<f32>
// CHECK-NEXT: gpu.memcpy %[[HOST]], %[[S]] : memref<f32>, memref<f32>
// CHECK-NEXT: %[[V:.+]] = memref.load %[[HOST]][] : memref<f32>
// CHECK-NEXT: memref.dealloc %[[HOST]] : memref<f32>
// CHECK: %[[C:.+]] = arith.cmpf ogt, %[[V]]
// CHECK: scf.condition(%[[C]])
func.func @while_condition(%tol: f32) {
  %c1 = arith.constant 1 : index
  scf.while : () -> () {
    %s = memref.alloc() : memref<f32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%ux = %c1, %uy = %c1, %uz = %c1) {
      %z = arith.constant 0.0 : f32
      memref.store %z, %s[] : memref<f32>
      gpu.terminator
    }
    %v = memref.load %s[] : memref<f32>
    memref.dealloc %s : memref<f32>
    %c = arith.cmpf ogt, %v, %tol : f32
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

// Host stores into buffers a kernel reads (tensor.from_elements): one
// one-thread kernel for the run of stores, the values as its arguments (a
// bool as a byte).
// CHECK-LABEL: func.func @from_elements
// CHECK-SAME: (%[[A:.+]]: f32, %[[B:.+]]: f32, %[[F:.+]]: i1)
// CHECK: %[[BUF:.+]] = gpu.alloc () : memref<2xf32>
// CHECK: %[[FLAGS:.+]] = gpu.alloc () : memref<1xi1>
// CHECK: %[[BYTE:.+]] = arith.extui %[[F]] : i1 to i8
// CHECK: gpu.launch
// CHECK-NEXT: memref.store %[[A]], %[[BUF]][%c0{{.*}}] : memref<2xf32>
// CHECK-NEXT: memref.store %[[B]], %[[BUF]][%c1{{.*}}] : memref<2xf32>
// CHECK-NEXT: %[[BIT:.+]] = arith.trunci %[[BYTE]] : i8 to i1
// CHECK-NEXT: memref.store %[[BIT]], %[[FLAGS]]
// CHECK-NEXT: gpu.terminator
// CHECK-NOT: memref.store
func.func private @use(memref<2xf32>, memref<1xi1>)
func.func @from_elements(%a: f32, %b: f32, %f: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<2xf32>
  %flags = memref.alloc() : memref<1xi1>
  memref.store %a, %buf[%c0] : memref<2xf32>
  memref.store %b, %buf[%c1] : memref<2xf32>
  memref.store %f, %flags[%c0] : memref<1xi1>
  call @use(%buf, %flags) : (memref<2xf32>, memref<1xi1>) -> ()
  memref.dealloc %buf : memref<2xf32>
  memref.dealloc %flags : memref<1xi1>
  return
}

// -----

// A strided copy between device buffers becomes a grid-stride kernel,
// skipped when there is nothing to copy.
// CHECK-LABEL: func.func @strided
// CHECK: %[[TOTAL:.+]] = arith.muli
// CHECK: %[[NONEMPTY:.+]] = arith.cmpi ne, %[[TOTAL]], %c0
// CHECK: scf.if %[[NONEMPTY]]
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: memref.load %{{.+}} : memref<?x?xf32, strided<[?, 2], offset: ?>>
// CHECK: memref.store %{{.+}} : memref<?x?xf32>
// CHECK-NOT: memref.copy
func.func private @use(memref<?x?xf32>, memref<8x8xf32>)
func.func @strided(%src: memref<8x8xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %view = memref.subview %src[0, 0] [%n, %m] [1, 2] : memref<8x8xf32> to memref<?x?xf32, strided<[8, 2]>>
  %cast = memref.cast %view : memref<?x?xf32, strided<[8, 2]>> to memref<?x?xf32, strided<[?, 2], offset: ?>>
  %dst = memref.alloc(%n, %m) : memref<?x?xf32>
  memref.copy %cast, %dst : memref<?x?xf32, strided<[?, 2], offset: ?>> to memref<?x?xf32>
  call @use(%dst, %src) : (memref<?x?xf32>, memref<8x8xf32>) -> ()
  memref.dealloc %dst : memref<?x?xf32>
  return
}

// -----

// A constant only copied into device buffers (array.to_device) gets no
// device twin at the start: each copy reads host memory where it stands.
// CHECK-LABEL: func.func @to_device
// CHECK: %[[G:.+]] = memref.get_global @c
// CHECK-NOT: gpu.memcpy
// CHECK: arrayrt.stream_begin
// CHECK-NEXT: %[[D:.+]] = gpu.alloc () : memref<4xf32>
// CHECK-NEXT: gpu.memcpy %[[D]], %[[G]]
// CHECK-NEXT: arrayrt.stream_end
memref.global "private" constant @c : memref<4xf32> = dense<1.0>
func.func private @use(memref<4xf32>)
func.func @to_device(%s: !array.stream) {
  %g = memref.get_global @c : memref<4xf32>
  arrayrt.stream_begin %s
  %d = memref.alloc() : memref<4xf32>
  memref.copy %g, %d : memref<4xf32> to memref<4xf32>
  arrayrt.stream_end %s
  call @use(%d) : (memref<4xf32>) -> ()
  memref.dealloc %d : memref<4xf32>
  return
}

// -----

// A strided copy out of a constant: the constant is copied to the device,
// then the view of it copied by a kernel.
// CHECK-LABEL: func.func @strided_constant
// CHECK: %[[HOST:.+]] = memref.get_global @k
// CHECK-NEXT: %[[DEV:.+]] = gpu.alloc () : memref<4x4xf32>
// CHECK-NEXT: gpu.memcpy %[[DEV]], %[[HOST]]
// CHECK-NEXT: %[[VIEW:.+]] = memref.subview %[[DEV]]
// CHECK: gpu.launch
// CHECK: memref.load %[[VIEW]]
memref.global "private" constant @k : memref<4x4xf32> = dense<1.0>
func.func private @use(memref<2x2xf32>)
func.func @strided_constant() {
  %g = memref.get_global @k : memref<4x4xf32>
  %v = memref.subview %g[0, 0] [2, 2] [2, 2] : memref<4x4xf32> to memref<2x2xf32, strided<[8, 2]>>
  %d = memref.alloc() : memref<2x2xf32>
  memref.copy %v, %d : memref<2x2xf32, strided<[8, 2]>> to memref<2x2xf32>
  call @use(%d) : (memref<2x2xf32>) -> ()
  memref.dealloc %d : memref<2x2xf32>
  return
}

// -----

// An exported function's arguments and results are device arrays: the
// copy of an argument into the result is a device-to-device copy into GPU
// memory, and a constant result is copied to the device.
// CHECK-LABEL: func.func @exported
// CHECK-SAME: (%[[X:.+]]: memref<?xf32>)
// CHECK: %[[R:.+]] = gpu.alloc (%{{.+}}) : memref<?xf32>
// CHECK: gpu.memcpy %[[R]], %[[X]]
// CHECK: %[[G:.+]] = memref.get_global
// CHECK: %[[C:.+]] = gpu.alloc () : memref<3xf32>
// CHECK: gpu.memcpy %[[C]], %[[G]]
// CHECK: return %[[R]], %[[C]]
memref.global "private" constant @cst : memref<3xf32> = dense<[1.0, 2.0, 3.0]>
func.func @exported(%x: memref<?xf32>) -> (memref<?xf32>, memref<3xf32>) attributes {arrayrt.export = #arrayrt.export<kind = library, prefix = "p", signature = (tensor<?xf32>) -> (tensor<?xf32>, tensor<3xf32>), arg_names = ["x"]>} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %r = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %r : memref<?xf32> to memref<?xf32>
  %g = memref.get_global @cst : memref<3xf32>
  %c = memref.alloc() : memref<3xf32>
  memref.copy %g, %c : memref<3xf32> to memref<3xf32>
  return %r, %c : memref<?xf32>, memref<3xf32>
}

// -----

// The copy a while loop's condition forwards of a device buffer, which host
// code only passes on and frees, is a device buffer too: a copy on the
// device, no host buffer for the host to wait on.
// CHECK-LABEL: func.func @forwarded_copy
// CHECK: scf.while
// CHECK: %[[COPY:.+]] = gpu.alloc () : memref<f32>
// CHECK-NEXT: gpu.memcpy %[[COPY]], %{{.+}} : memref<f32>, memref<f32>
// CHECK: scf.condition(%{{.+}}) %[[COPY]]
// CHECK-NOT: memref.alloc
// CHECK: gpu.dealloc
func.func private @kernel_use(memref<f32>)
func.func @forwarded_copy(%init: memref<f32>, %go: i1) {
  %r = scf.while (%a = %init) : (memref<f32>) -> memref<f32> {
    func.call @kernel_use(%a) : (memref<f32>) -> ()
    %copy = memref.alloc() : memref<f32>
    memref.copy %a, %copy : memref<f32> to memref<f32>
    scf.condition(%go) %copy : memref<f32>
  } do {
  ^bb0(%b: memref<f32>):
    %new = memref.alloc() : memref<f32>
    func.call @kernel_use(%new) : (memref<f32>) -> ()
    memref.dealloc %b : memref<f32>
    scf.yield %new : memref<f32>
  }
  memref.dealloc %r : memref<f32>
  return
}

// -----

// A choice between two device buffers (canonicalization folds an scf.if
// yielding one or the other into a select) is a device buffer: printing it
// copies it to the host first.
// CHECK-LABEL: func.func @select_print
// CHECK-DAG: %[[A:.+]] = gpu.alloc () : memref<4xf32>
// CHECK-DAG: %[[B:.+]] = gpu.alloc () : memref<4xf32>
// CHECK: %[[S:.+]] = arith.select %{{.+}}, %[[A]], %[[B]] : memref<4xf32>
// CHECK: %[[H:.+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: gpu.memcpy %[[H]], %[[S]]
// CHECK: arrayrt.print %[[H]] : memref<4xf32>
func.func private @kernel_use4(memref<4xf32>)
func.func @select_print(%which: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  func.call @kernel_use4(%a) : (memref<4xf32>) -> ()
  func.call @kernel_use4(%b) : (memref<4xf32>) -> ()
  %s = arith.select %which, %a, %b : memref<4xf32>
  arrayrt.print %s : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
