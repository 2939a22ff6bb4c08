// RUN: array-opt %s -array-graph-regions -split-input-file | FileCheck %s
// RUN: array-opt %s -array-graph-regions -convert-arrayrt-to-calls -split-input-file | FileCheck %s --check-prefix=CALLS

// A loop body with two launches on the default stream becomes a region,
// named after the function and the loop; the nested loop is part of it.
// CHECK-LABEL: func.func @two_launches
// CHECK: %[[S:.+]] = arrayrt.default_stream
// CHECK: scf.for
// CHECK-NEXT: arrayrt.graph_begin "two_launches: scf.for at {{.*}}graph-regions.mlir:{{[0-9]+}}:{{[0-9]+}}" on %[[S]]
// CHECK: gpu.launch_func
// CHECK: scf.for
// CHECK-NOT: arrayrt.graph_begin
// CHECK: gpu.launch_func
// CHECK: arrayrt.graph_end "two_launches: scf.for at {{.*}}" on %[[S]]
// CHECK-NEXT: }
// CALLS-LABEL: func.func @two_launches
// CALLS: call @arrayrt_graph_begin(%[[NAME:.+]], %{{.+}}) : (!llvm.ptr, !llvm.ptr) -> ()
// CALLS: call @arrayrt_graph_end(%{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr) -> ()
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<8xf32>) kernel {
      gpu.return
    }
  }
  func.func @two_launches(%buf: memref<8xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.for %i = %c0 to %n step %c1 {
      %a = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      scf.for %j = %c0 to %n step %c1 {
        %b = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      }
    }
    return
  }
}

// -----

// One launch per iteration is left alone (the loop pays one launch either
// way), so is a body that makes the host wait; a nested loop of the latter
// is looked at in turn. The condition region of a while loop stays out of
// its region.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arrayrt.graph_begin
// CHECK: arrayrt.stream_synchronize
// CHECK: scf.for
// CHECK-NEXT: arrayrt.graph_begin
// CHECK: arrayrt.graph_end
// CHECK-NEXT: }
// CHECK-NOT: arrayrt.graph_begin
// CHECK-LABEL: func.func @while_loop
// CHECK: scf.while
// CHECK-NOT: arrayrt.graph_begin
// CHECK: scf.condition
// CHECK-NEXT: } do {
// CHECK-NEXT: arrayrt.graph_begin "while_loop: scf.while
// CHECK: arrayrt.graph_end
// CHECK-NEXT: scf.yield
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<8xf32>) kernel {
      gpu.return
    }
  }
  func.func @left_alone(%buf: memref<8xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.for %i = %c0 to %n step %c1 {
      %a = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
    }
    scf.for %i = %c0 to %n step %c1 {
      arrayrt.stream_synchronize %s
      scf.for %j = %c0 to %n step %c1 {
        %a = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
        %b = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      }
    }
    return
  }
  func.func @while_loop(%buf: memref<8xf32>, %flag: memref<i1>) {
    %s = arrayrt.default_stream
    %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    scf.while : () -> () {
      arrayrt.stream_synchronize %s
      %go = memref.load %flag[] : memref<i1>
      scf.condition(%go)
    } do {
    ^bb0:
      %c1 = arith.constant 1 : index
      %a = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      %b = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      scf.yield
    }
    return
  }
}

// -----

// Work on two streams, or on a stream the body makes, is left alone.
// CHECK-LABEL: func.func @two_streams
// CHECK-NOT: arrayrt.graph_begin
// CHECK-LABEL: func.func @stream_made_inside
// CHECK-NOT: arrayrt.graph_begin
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<8xf32>) kernel {
      gpu.return
    }
  }
  func.func @two_streams(%buf: memref<8xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = arrayrt.default_stream
    %u = arrayrt.stream_create
    %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    %v = builtin.unrealized_conversion_cast %u : !arrayrt.stream to !gpu.async.token
    scf.for %i = %c0 to %n step %c1 {
      %a = gpu.launch_func async [%t] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      %b = gpu.launch_func async [%v] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
    }
    arrayrt.stream_destroy %u
    return
  }
  func.func @stream_made_inside(%buf: memref<8xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %u = arrayrt.stream_create
      %v = builtin.unrealized_conversion_cast %u : !arrayrt.stream to !gpu.async.token
      %a = gpu.launch_func async [%v] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      %b = gpu.launch_func async [%v] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
      arrayrt.stream_destroy %u
    }
    return
  }
}
