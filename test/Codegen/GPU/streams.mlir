// RUN: array-opt %s -split-input-file -array-gpu-streams | FileCheck %s --enable-var-scope

// Work outside any stream region goes on the program's default stream;
// the host waits for it only before it reads the copied result and before
// returning, never per chain of GPU ops.
// CHECK-LABEL: func.func @default_stream
// CHECK: %[[D:.+]] = arrayrt.default_stream
// CHECK: %[[TD:.+]] = builtin.unrealized_conversion_cast %[[D]] : !arrayrt.stream to !gpu.async.token
// CHECK: gpu.alloc async [%[[TD]]] () : memref<4xf32>
// CHECK: gpu.launch_func async [%{{.+}}] @kernels::@write
// CHECK: gpu.memcpy async [%{{.+}}] %[[H:.+]], %
// CHECK-NEXT: %[[CAST:.+]] = memref.cast %[[H]]
// CHECK-NEXT: arrayrt.stream_synchronize %[[D]]
// CHECK-NEXT: call @use(%[[CAST]])
// CHECK-NEXT: memref.dealloc %[[H]]
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[D]]
// CHECK-NEXT: gpu.dealloc async
// CHECK-NEXT: arrayrt.stream_synchronize %[[D]]
// CHECK-NEXT: return
// CHECK-NOT: gpu.wait
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @use(memref<*xf32>)
  func.func @default_stream() {
    %c1 = arith.constant 1 : index
    %a = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    %h = memref.alloc() : memref<4xf32>
    gpu.memcpy %h, %a : memref<4xf32>, memref<4xf32>
    %cast = memref.cast %h : memref<4xf32> to memref<*xf32>
    func.call @use(%cast) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    gpu.dealloc %a : memref<4xf32>
    return
  }
}

// -----

// A buffer written on stream S and read on T: T waits for an event on S
// (once), the two readers on T and S run without waiting for each other,
// and the allocation goes on the stream of its first user.
// CHECK-LABEL: func.func @two_streams
// CHECK: %[[D:.+]] = arrayrt.default_stream
// CHECK: %[[S:.+]] = arrayrt.stream_create
// CHECK: %[[T:.+]] = arrayrt.stream_create
// CHECK: %[[TS:.+]] = builtin.unrealized_conversion_cast %[[S]] : !arrayrt.stream to !gpu.async.token
// CHECK-NEXT: gpu.alloc async [%[[TS]]] () : memref<4xf32>
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[S]]
// CHECK-NEXT: gpu.launch_func async [%{{.+}}] @kernels::@write
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[T]]
// CHECK-NEXT: gpu.alloc async [%{{.+}}] () : memref<4xf32>
// CHECK-NEXT: arrayrt.stream_wait_stream %[[T]], %[[S]]
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[T]]
// CHECK-NEXT: gpu.launch_func async [%{{.+}}] @kernels::@copy
// CHECK-NOT: arrayrt.stream_wait_stream
// CHECK: gpu.launch_func async [%{{.+}}] @kernels::@copy
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[S]]
// CHECK-NEXT: gpu.launch_func async [%{{.+}}] @kernels::@read
// The free of a buffer both streams used waits for both, on the default
// stream.
// CHECK-NEXT: arrayrt.stream_wait_stream %[[D]], %[[S]]
// CHECK-NEXT: arrayrt.stream_wait_stream %[[D]], %[[T]]
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[D]]
// CHECK-NEXT: gpu.dealloc async
// The buffer only T used is freed on T.
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[T]]
// CHECK-NEXT: gpu.dealloc async
// CHECK: arrayrt.stream_synchronize %[[D]]
// CHECK: arrayrt.stream_synchronize %[[S]]
// CHECK: arrayrt.stream_synchronize %[[T]]
// CHECK: arrayrt.stream_destroy %[[S]]
// CHECK: arrayrt.stream_destroy %[[T]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0] : memref<4xf32>
      gpu.return
    }
    gpu.func @copy(%in: memref<4xf32>, %out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %in[%c0] : memref<4xf32>
      memref.store %v, %out[%c0] : memref<4xf32>
      gpu.return
    }
    gpu.func @read(%in: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %in[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @two_streams() {
    %c1 = arith.constant 1 : index
    %s = array.stream_create
    %t = array.stream_create
    arrayrt.stream_begin %s
    %a = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    arrayrt.stream_end %s
    %b = gpu.alloc () : memref<4xf32>
    arrayrt.stream_begin %t
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>, %b : memref<4xf32>)
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>, %b : memref<4xf32>)
    arrayrt.stream_end %t
    arrayrt.stream_begin %s
    gpu.launch_func @kernels::@read blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    arrayrt.stream_end %s
    gpu.dealloc %a : memref<4xf32>
    gpu.dealloc %b : memref<4xf32>
    return
  }
}

// -----

// An explicit event already orders T after S: no second wait. The event is
// destroyed at the end of its block.
// CHECK-LABEL: func.func @explicit_event
// CHECK: %[[S:.+]] = arrayrt.stream_create
// CHECK: %[[T:.+]] = arrayrt.stream_create
// CHECK: gpu.launch_func async
// CHECK: %[[E:.+]] = arrayrt.event_create
// CHECK-NEXT: arrayrt.event_record %[[E]], %[[S]]
// CHECK-NEXT: arrayrt.stream_wait_event %[[T]], %[[E]]
// CHECK-NOT: arrayrt.stream_wait_stream
// CHECK: gpu.launch_func async
// CHECK: arrayrt.event_synchronize %[[E]]
// CHECK: arrayrt.event_destroy %[[E]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @explicit_event(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %s = array.stream_create
    %t = array.stream_create
    arrayrt.stream_begin %s
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    arrayrt.stream_end %s
    %e = array.event_record %s
    array.stream_wait %t, %e
    arrayrt.stream_begin %t
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    arrayrt.stream_end %t
    array.event_synchronize %e
    return
  }
}

// -----

// Kernels in both branches of an scf.if, with no wait: the state after it
// merges both. A loop that only queues work on its position's stream runs
// without host waits (the stream orders its iterations); the function's
// return waits for it.
// CHECK-LABEL: func.func @control_flow
// CHECK: scf.if
// CHECK:   gpu.launch_func async
// CHECK-NEXT: } else {
// CHECK:   gpu.launch_func async
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK:   gpu.launch_func async
// CHECK-NEXT: }
// CHECK-NEXT: arrayrt.stream_synchronize
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @control_flow(%a: memref<4xf32>, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.if %cond {
      gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    } else {
      gpu.launch_func @kernels::@write blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    }
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    }
    return
  }
}

// -----

// A loop whose host code reads a buffer the kernels write starts after the
// work before it and ends each iteration with its streams synchronized.
// CHECK-LABEL: func.func @loop_reads_on_host
// CHECK: gpu.launch_func async
// CHECK-NEXT: arrayrt.stream_synchronize
// CHECK-NEXT: scf.for
// CHECK:   gpu.launch_func async
// CHECK-NEXT: arrayrt.stream_synchronize
// CHECK-NEXT: memref.load
// CHECK-NEXT: }
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @loop_reads_on_host(%a: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
      %x = memref.load %a[%c0] : memref<4xf32>
    }
    return
  }
}

// -----

// A loop carrying device buffers, with host code on host buffers of its
// own: no host waits inside; other streams' work before it is waited for
// once; its results are written by its stream's work, so a host read after
// it waits.
// CHECK-LABEL: func.func @loop_carries_buffers
// CHECK: %[[DEFAULT:.+]] = arrayrt.default_stream
// CHECK: %[[OTHER:.+]] = arrayrt.stream_create
// CHECK: gpu.launch_func async
// CHECK-NEXT: arrayrt.stream_synchronize %[[OTHER]]
// CHECK-NEXT: %[[R:.+]] = scf.for
// CHECK-NOT: arrayrt.stream_synchronize
// CHECK:   memref.store
// CHECK-NOT: arrayrt.stream_synchronize
// CHECK:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: arrayrt.stream_synchronize %[[DEFAULT]]
// CHECK-NEXT: memref.load %[[R]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @step(%in: memref<4xf32>, %out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %in[%c0] : memref<4xf32>
      memref.store %v, %out[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @loop_carries_buffers(%a: memref<4xf32>, %b: memref<4xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %s = array.stream_create
    arrayrt.stream_begin %s
    gpu.launch_func @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>, %b : memref<4xf32>)
    arrayrt.stream_end %s
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %b) -> (memref<4xf32>) {
      %y = gpu.alloc () : memref<4xf32>
      gpu.launch_func @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>, %y : memref<4xf32>)
      %sizes = memref.alloca () : memref<1xi64>
      %n = arith.constant 4 : i64
      memref.store %n, %sizes[%c0] : memref<1xi64>
      scf.yield %y : memref<4xf32>
    }
    %v = memref.load %r[%c0] : memref<4xf32>
    return %v : f32
  }
}

// -----

// A host call given a buffer waits only if that buffer has queued work; a
// pointer, which may address any buffer (the pass does not trace
// addresses), makes it wait for every stream.
// CHECK-LABEL: func.func @host_calls
// CHECK: gpu.launch_func async
// CHECK-NOT: arrayrt.stream_synchronize
// CHECK: call @host(%{{.+}}) : (memref<1xi64>) -> ()
// CHECK-NEXT: arrayrt.stream_synchronize
// CHECK-NEXT: call @shape(%{{.+}}) : (!llvm.ptr) -> ()
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @host(memref<1xi64>)
  func.func private @shape(!llvm.ptr)
  func.func @host_calls(%unknown: i64) {
    %c1 = arith.constant 1 : index
    %a = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    %s = memref.alloca() : memref<1xi64>
    %q = llvm.inttoptr %unknown : i64 to !llvm.ptr
    func.call @host(%s) : (memref<1xi64>) -> ()
    func.call @shape(%q) : (!llvm.ptr) -> ()
    gpu.dealloc %a : memref<4xf32>
    return
  }
}

// -----

// A stream-ordered arrayrt op (here cuBLASLt's product) is ordered like a
// kernel: on T it waits for the write of its input on S, gets T as its
// stream, and the host does not wait before it; a kernel on S that reads
// its output waits for T. The output's allocation goes on T, the stream of
// its first user.
// CHECK-LABEL: func.func @stream_ordered_op
// CHECK: %[[S:.+]] = arrayrt.stream_create
// CHECK: %[[T:.+]] = arrayrt.stream_create
// CHECK: gpu.alloc async [%{{.+}}] () : memref<4x4xf32>
// CHECK: %[[TT:.+]] = builtin.unrealized_conversion_cast %[[T]] : !arrayrt.stream to !gpu.async.token
// CHECK-NEXT: gpu.alloc async [%[[TT]]] () : memref<4x4xf32>
// CHECK: gpu.launch_func async [%{{.+}}] @kernels::@write
// CHECK-NOT: arrayrt.stream_synchronize
// CHECK: arrayrt.stream_wait_stream %[[T]], %[[S]]
// CHECK-NEXT: arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} on %[[T]] : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>
// CHECK-NEXT: arrayrt.stream_wait_stream %[[S]], %[[T]]
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[S]]
// CHECK-NEXT: gpu.launch_func async [%{{.+}}] @kernels::@read
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4x4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0, %c0] : memref<4x4xf32>
      gpu.return
    }
    gpu.func @read(%in: memref<4x4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %in[%c0, %c0] : memref<4x4xf32>
      gpu.return
    }
  }
  func.func @stream_ordered_op() {
    %c1 = arith.constant 1 : index
    %s = array.stream_create
    %t = array.stream_create
    %a = gpu.alloc () : memref<4x4xf32>
    %b = gpu.alloc () : memref<4x4xf32>
    arrayrt.stream_begin %s
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>)
    arrayrt.stream_end %s
    arrayrt.stream_begin %t
    arrayrt.blas_matmul %a, %a into %b : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>
    arrayrt.stream_end %t
    arrayrt.stream_begin %s
    gpu.launch_func @kernels::@read blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : memref<4x4xf32>)
    arrayrt.stream_end %s
    gpu.dealloc %a : memref<4x4xf32>
    gpu.dealloc %b : memref<4x4xf32>
    return
  }
}

// -----

// A library function (#arrayrt.export kind = library) returns with its work
// queued: no host synchronization; the default stream (the caller's, at
// run time) waits for the streams the function created before they are
// destroyed.
// CHECK-LABEL: func.func @library
// CHECK: %[[D:.+]] = arrayrt.default_stream
// CHECK: %[[S:.+]] = arrayrt.stream_create
// CHECK: gpu.launch_func async [%{{.+}}] @kernels::@write
// CHECK: gpu.launch_func async [%{{.+}}] @kernels::@copy
// CHECK-NOT: arrayrt.stream_synchronize
// CHECK: arrayrt.stream_wait_stream %[[D]], %[[S]]
// CHECK-NEXT: arrayrt.stream_destroy %[[S]]
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @write(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %out[%c0] : memref<4xf32>
      gpu.return
    }
    gpu.func @copy(%in: memref<4xf32>, %out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %in[%c0] : memref<4xf32>
      memref.store %v, %out[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @library(%x: memref<4xf32>, %side: memref<4xf32>) -> memref<4xf32> attributes {arrayrt.export = #arrayrt.export<kind = library, prefix = "p", signature = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, arg_names = ["x", "side"]>} {
    %c1 = arith.constant 1 : index
    %s = array.stream_create
    arrayrt.stream_begin %s
    gpu.launch_func @kernels::@write blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%side : memref<4xf32>)
    arrayrt.stream_end %s
    %b = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>, %b : memref<4xf32>)
    return %b : memref<4xf32>
  }
}
