// RUN: array-opt %s -array-graph-while -split-input-file | FileCheck %s
// RUN: array-opt %s -array-graph-while -array-graph-regions -convert-arrayrt-to-calls -split-input-file | FileCheck %s --check-prefix=CALLS

// A while loop whose test is a device i1 read by its condition region:
// the test once on the host, then iterations recorded as graph regions
// that end in arrayrt.graph_while_end; the host reads the test only when
// the rest of the loop did not run on the device. The test's buffer is
// freed after the end, not before.
// CHECK-LABEL: func.func @device_test
// CHECK: %[[S:.+]] = arrayrt.default_stream
// CHECK: gpu.launch_func async [%{{.+}}] @kernels::@test
// CHECK: arrayrt.stream_synchronize %[[S]]
// CHECK: %[[FIRST:.+]] = memref.load
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: arrayrt.graph_begin "device_test: scf.while at {{.*}}graph-while.mlir:{{[0-9]+}}:{{[0-9]+}}" on %[[S]]
// CHECK-NEXT: gpu.launch_func async [%{{.+}}] @kernels::@step
// CHECK-NEXT: gpu.launch_func async [%{{.+}}] @kernels::@step
// CHECK-NEXT: %[[T:.+]], %{{.+}} = gpu.alloc async
// CHECK-NEXT: gpu.launch_func async [%{{.+}}] @kernels::@test {{.*}}args(%{{.+}} : memref<f32>, %[[T]] : memref<i1>)
// CHECK-NEXT: %[[RAN:.+]] = arrayrt.graph_while_end "device_test: scf.while at {{.*}}" on %[[S]] test %[[T]] : memref<i1>
// CHECK-NEXT: %[[AGAIN:.+]] = scf.if %[[RAN]] -> (i1) {
// CHECK-NEXT: %[[FALSE:.+]] = arith.constant false
// CHECK-NEXT: scf.yield %[[FALSE]] : i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[H:.+]] = memref.alloc() : memref<i1>
// CHECK-NEXT: gpu.memcpy async [%{{.+}}] %[[H]], %[[T]]
// CHECK-NEXT: arrayrt.stream_synchronize %[[S]]
// CHECK-NEXT: %[[V:.+]] = memref.load %[[H]][] : memref<i1>
// CHECK-NEXT: memref.dealloc %[[H]] : memref<i1>
// CHECK-NEXT: scf.yield %[[V]] : i1
// CHECK-NEXT: }
// CHECK-NEXT: gpu.dealloc async [%{{.+}}] %[[T]] : memref<i1>
// CHECK-NEXT: scf.condition(%[[AGAIN]])
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// The end is one runtime call with the test's address; array-graph-regions
// leaves the loop alone.
// CALLS-LABEL: func.func @device_test
// CALLS: func.call @arrayrt_graph_begin
// CALLS-NOT: func.call @arrayrt_graph_begin
// CALLS: %[[ADDR:.+]] = memref.extract_aligned_pointer_as_index
// CALLS: %[[A64:.+]] = arith.index_castui %[[ADDR]] : index to i64
// CALLS: %[[R:.+]] = func.call @arrayrt_graph_while_end(%{{.+}}, %{{.+}}, %[[A64]]) : (!llvm.ptr, !llvm.ptr, i64) -> i32
// CALLS: arith.cmpi ne, %[[R]], %{{.+}} : i32
// CALLS-NOT: call @arrayrt_graph_end
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @step(%x: memref<f32>) kernel {
      gpu.return
    }
    gpu.func @test(%x: memref<f32>, %t: memref<i1>) kernel {
      gpu.return
    }
  }
  func.func @device_test(%x: memref<f32>) {
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %tok = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.while : () -> () {
      %t, %t_tok = gpu.alloc async [%tok] () : memref<i1>
      %k = gpu.launch_func async [%tok] @kernels::@test blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>, %t : memref<i1>)
      %h = memref.alloc() : memref<i1>
      %cp = gpu.memcpy async [%tok] %h, %t : memref<i1>, memref<i1>
      arrayrt.stream_synchronize %s
      %c = memref.load %h[] : memref<i1>
      memref.dealloc %h : memref<i1>
      %d = gpu.dealloc async [%tok] %t : memref<i1>
      scf.condition(%c)
    } do {
      %a = gpu.launch_func async [%tok] @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>)
      %b = gpu.launch_func async [%tok] @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>)
      scf.yield
    }
    return
  }
}

// -----

// Left alone: a loop that carries a value (its host code may differ per
// iteration), a body that makes the host wait, a body that loads host
// memory, a test computed from something else than a device copy, and a
// body that writes host memory (each iteration would, the device loop
// only once).
// CHECK-LABEL: func.func @carries
// CHECK-NOT: graph_while_end
// CHECK-LABEL: func.func @body_waits
// CHECK-NOT: graph_while_end
// CHECK-LABEL: func.func @body_loads
// CHECK-NOT: graph_while_end
// CHECK-LABEL: func.func @host_test
// CHECK-NOT: graph_while_end
// CHECK-LABEL: func.func @body_stores
// CHECK-NOT: graph_while_end
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @step(%x: memref<f32>) kernel {
      gpu.return
    }
    gpu.func @test(%x: memref<f32>, %t: memref<i1>) kernel {
      gpu.return
    }
  }
  func.func @carries(%x: memref<f32>, %n: index) {
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %tok = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    %r = scf.while (%i = %c1) : (index) -> index {
      %t, %t_tok = gpu.alloc async [%tok] () : memref<i1>
      %k = gpu.launch_func async [%tok] @kernels::@test blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>, %t : memref<i1>)
      %h = memref.alloc() : memref<i1>
      %cp = gpu.memcpy async [%tok] %h, %t : memref<i1>, memref<i1>
      arrayrt.stream_synchronize %s
      %c = memref.load %h[] : memref<i1>
      memref.dealloc %h : memref<i1>
      scf.condition(%c) %i : index
    } do {
    ^bb0(%i: index):
      %a = gpu.launch_func async [%tok] @kernels::@step blocks in (%i, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>)
      %j = arith.addi %i, %c1 : index
      scf.yield %j : index
    }
    return
  }
  func.func @body_waits(%x: memref<f32>) {
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %tok = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.while : () -> () {
      %t, %t_tok = gpu.alloc async [%tok] () : memref<i1>
      %k = gpu.launch_func async [%tok] @kernels::@test blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>, %t : memref<i1>)
      %h = memref.alloc() : memref<i1>
      %cp = gpu.memcpy async [%tok] %h, %t : memref<i1>, memref<i1>
      arrayrt.stream_synchronize %s
      %c = memref.load %h[] : memref<i1>
      memref.dealloc %h : memref<i1>
      scf.condition(%c)
    } do {
      %a = gpu.launch_func async [%tok] @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>)
      arrayrt.stream_synchronize %s
      scf.yield
    }
    return
  }
  func.func @body_loads(%x: memref<f32>, %host: memref<index>) {
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %tok = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.while : () -> () {
      %t, %t_tok = gpu.alloc async [%tok] () : memref<i1>
      %k = gpu.launch_func async [%tok] @kernels::@test blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>, %t : memref<i1>)
      %h = memref.alloc() : memref<i1>
      %cp = gpu.memcpy async [%tok] %h, %t : memref<i1>, memref<i1>
      arrayrt.stream_synchronize %s
      %c = memref.load %h[] : memref<i1>
      memref.dealloc %h : memref<i1>
      scf.condition(%c)
    } do {
      %n = memref.load %host[] : memref<index>
      %a = gpu.launch_func async [%tok] @kernels::@step blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>)
      %m = arith.addi %n, %c1 : index
      memref.store %m, %host[] : memref<index>
      scf.yield
    }
    return
  }
  func.func @host_test(%x: memref<f32>, %host: memref<i1>) {
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %tok = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.while : () -> () {
      %c = memref.load %host[] : memref<i1>
      scf.condition(%c)
    } do {
      %a = gpu.launch_func async [%tok] @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>)
      scf.yield
    }
    return
  }
  func.func @body_stores(%x: memref<f32>, %host: memref<index>) {
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %tok = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.while : () -> () {
      %t, %t_tok = gpu.alloc async [%tok] () : memref<i1>
      %k = gpu.launch_func async [%tok] @kernels::@test blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>, %t : memref<i1>)
      %h = memref.alloc() : memref<i1>
      %cp = gpu.memcpy async [%tok] %h, %t : memref<i1>, memref<i1>
      arrayrt.stream_synchronize %s
      %c = memref.load %h[] : memref<i1>
      memref.dealloc %h : memref<i1>
      scf.condition(%c)
    } do {
      %a = gpu.launch_func async [%tok] @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<f32>)
      memref.store %c1, %host[] : memref<index>
      scf.yield
    }
    return
  }
}
