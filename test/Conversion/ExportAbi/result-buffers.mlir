// RUN: array-opt %s --array-export-result-buffers -split-input-file | FileCheck %s

// The buffer a library function returns is allocated by
// arrayrt.result_alloc on the allocation's stream; the work that depended
// on the allocation's token depends on the allocation's dependency.

// CHECK-LABEL: func.func @scale
// CHECK: %[[S:.+]] = arrayrt.default_stream
// CHECK: %[[T:.+]] = builtin.unrealized_conversion_cast %[[S]] : !arrayrt.stream to !gpu.async.token
// CHECK: %[[N:.+]] = memref.dim
// CHECK-NOT: gpu.alloc
// CHECK: %[[Y:.+]] = arrayrt.result_alloc(%[[N]]) result 0 on %[[S]] : memref<?xf32>
// CHECK: gpu.memcpy async [%[[T]]] %[[Y]], %arg0
// CHECK: return %[[Y]]
func.func @scale(%x: memref<?xf32>) -> memref<?xf32> attributes {
    arrayrt.export = #arrayrt.export<kind = library, prefix = "p",
        signature = (tensor<?xf32>) -> tensor<?xf32>, arg_names = ["x"]>} {
  %s = arrayrt.default_stream
  %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %y, %t1 = gpu.alloc async [%t] (%n) : memref<?xf32>
  %t2 = gpu.memcpy async [%t1] %y, %x : memref<?xf32>, memref<?xf32>
  return %y : memref<?xf32>
}

// -----

// Each result its own: a buffer returned twice is allocated for its first
// result, an argument returned is not an allocation. A token that is not a
// stream's cast is cast to one.

// CHECK-LABEL: func.func @several
// CHECK: %[[TA:.+]] = gpu.launch_func async
// CHECK: %[[S:.+]] = builtin.unrealized_conversion_cast %[[TA]] : !gpu.async.token to !arrayrt.stream
// CHECK: %[[Y:.+]] = arrayrt.result_alloc result 0 on %[[S]] : memref<4xf32>
// CHECK: %[[Z:.+]] = arrayrt.result_alloc result 2 on %{{.+}} : memref<2x3xi1>
// CHECK-NOT: result_alloc
// CHECK: return %[[Y]], %[[Y]], %[[Z]], %arg0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @several(%x: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, memref<2x3xi1>, memref<4xf32>) attributes {
      arrayrt.export = #arrayrt.export<kind = library, prefix = "p",
          signature = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x3xi1>, tensor<4xf32>),
          arg_names = ["x"]>} {
    %s = arrayrt.default_stream
    %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
    %c1 = arith.constant 1 : index
    %ta = gpu.launch_func async [%t] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %y, %t1 = gpu.alloc async [%ta] () : memref<4xf32>
    %z, %t2 = gpu.alloc async [%t1] () : memref<2x3xi1>
    return %y, %y, %z, %x : memref<4xf32>, memref<4xf32>, memref<2x3xi1>, memref<4xf32>
  }
}

// -----

// Left alone: an executable's entry point, a function the module calls
// (the runtime would give it the outer call's tensors), an allocation that
// is not made once per call, managed memory, a function not exported.

// CHECK-LABEL: func.func @main
// CHECK-NOT: result_alloc
// CHECK: gpu.alloc async
func.func @main(%x: memref<4xf32>) -> memref<4xf32> attributes {
    arrayrt.export = #arrayrt.export<kind = entry, prefix = "",
        signature = (tensor<4xf32>) -> tensor<4xf32>, arg_names = ["x"]>} {
  %s = arrayrt.default_stream
  %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
  %y, %t1 = gpu.alloc async [%t] () : memref<4xf32>
  return %y : memref<4xf32>
}

// CHECK-LABEL: func.func @called
// CHECK-NOT: result_alloc
// CHECK: gpu.alloc async
func.func @called(%x: memref<4xf32>) -> memref<4xf32> attributes {
    arrayrt.export = #arrayrt.export<kind = library, prefix = "p",
        signature = (tensor<4xf32>) -> tensor<4xf32>, arg_names = ["x"]>} {
  %s = arrayrt.default_stream
  %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
  %y, %t1 = gpu.alloc async [%t] () : memref<4xf32>
  return %y : memref<4xf32>
}

// CHECK-LABEL: func.func @caller
// CHECK-NOT: result_alloc
// CHECK: gpu.alloc async
// CHECK: gpu.alloc async
func.func @caller(%x: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) attributes {
    arrayrt.export = #arrayrt.export<kind = library, prefix = "p",
        signature = (tensor<4xf32>, i1) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>),
        arg_names = ["x", "c"]>} {
  %s = arrayrt.default_stream
  %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
  %y = call @called(%x) : (memref<4xf32>) -> memref<4xf32>
  %z = scf.if %c -> memref<4xf32> {
    %a, %t1 = gpu.alloc async [%t] () : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %x : memref<4xf32>
  }
  %m, %t2 = gpu.alloc async [%t] host_shared () : memref<4xf32>
  return %y, %z, %m : memref<4xf32>, memref<4xf32>, memref<4xf32>
}

// CHECK-LABEL: func.func @internal
// CHECK-NOT: result_alloc
// CHECK: gpu.alloc async
func.func @internal(%x: memref<4xf32>) -> memref<4xf32> {
  %s = arrayrt.default_stream
  %t = builtin.unrealized_conversion_cast %s : !arrayrt.stream to !gpu.async.token
  %y, %t1 = gpu.alloc async [%t] () : memref<4xf32>
  return %y : memref<4xf32>
}
