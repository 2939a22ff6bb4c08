// .npy files on the CUDA target: the runtime's device forms read the file
// into pinned memory and copy it to the device on the program's stream, so
// the kernel is queued right behind the load's copy with no host wait in
// between, and the save copies back on the same stream (it waits for that
// stream itself). No pageable host buffer, no separate copy.
// RUN: array-opt %s --array-to-cuda-pipeline | FileCheck %s

// CHECK-LABEL: llvm.func @main()
// CHECK: %[[S:.+]] = llvm.call @arrayrt_default_stream()
// CHECK: llvm.call @arrayrt_npy_shape(
// CHECK: llvm.call @mgpuMemAlloc(%{{.+}}, %[[S]], %{{.+}})
// CHECK: llvm.call @arrayrt_load_npy_device(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[S]], %{{.+}})
// CHECK-NOT: llvm.call @arrayrt_stream_synchronize
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @arrayc_kernels::@main_kernel
// CHECK-NOT: llvm.call @arrayrt_stream_synchronize
// CHECK: llvm.call @arrayrt_save_npy_device(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[S]], %{{.+}})
// CHECK-NOT: llvm.call @mgpuMemcpy
// CHECK-NOT: llvm.call @malloc
// CHECK: llvm.return
func.func @main() {
  %x = array.load_npy "x.npy" : tensor<?xf32>
  %y = array.exp %x : tensor<?xf32>
  array.save_npy %y, "y.npy" : tensor<?xf32>
  return
}
