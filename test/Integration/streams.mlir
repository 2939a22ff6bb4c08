// Two streams: one copies constants to the device, the other computes on
// what was copied; events and the lowering's own waits order them. The CPU
// target runs the same program sequentially.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda --emit=llvm %s -o - | FileCheck %s --check-prefix=HOST
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-6
// NUMPY: a = np.arange(6, dtype=np.float32).reshape(2, 3) * 0.5
// NUMPY: b = np.array([1.0, -2.0, 3.0], np.float32)
// NUMPY: x = np.exp(a) * b
// NUMPY: print(x)
// NUMPY: y = x.sum(axis=1)
// NUMPY: print(y)
// NUMPY: print(a + 1)
// NUMPY: print(np.sqrt(b * b))

// The host code queues everything on streams: the default stream and the
// two the program creates. The compute stream waits for the copy stream's
// event; the default stream, which copies the results back, waits for the
// stream that computed each one (an event, not a host wait); the host
// waits only before printing; nothing synchronizes the whole device.
// HOST-LABEL: define void @arrayc_program_main()
// HOST-NOT: mgpuStreamCreate
// HOST-NOT: cuCtxSynchronize
// HOST: %[[D:.+]] = tail call ptr @arrayrt_default_stream()
// HOST: %[[COPY:.+]] = tail call ptr @arrayrt_stream_create()
// HOST: %[[COMPUTE:.+]] = tail call ptr @arrayrt_stream_create()
// HOST: call void @mgpuMemcpy({{.+}}, ptr %[[COPY]])
// HOST: call void @arrayrt_event_record(ptr %[[E:.+]], ptr %[[COPY]])
// HOST: call void @arrayrt_stream_wait_event(ptr %[[COMPUTE]], ptr %[[E]])
// HOST: call void @mgpuLaunchKernel({{.+}}, ptr %[[COMPUTE]], {{.+}})
// HOST: call void @mgpuLaunchKernel({{.+}}, ptr %[[COPY]], {{.+}})
// HOST: call void @arrayrt_stream_synchronize(ptr %[[COMPUTE]])
// HOST: call void @arrayrt_stream_wait_stream(ptr %[[D]], ptr %[[COMPUTE]])
// HOST: call void @mgpuMemcpy({{.+}}, ptr %[[D]])
// HOST: call void @arrayrt_stream_synchronize(ptr %[[D]])
// HOST: call void @arrayrt_print_f32
// HOST: call void @arrayrt_stream_wait_stream(ptr %[[D]], ptr %[[COPY]])
// HOST: call void @arrayrt_stream_destroy(ptr %[[COPY]])
// HOST: call void @arrayrt_stream_destroy(ptr %[[COMPUTE]])
// HOST-NOT: mgpuStreamSynchronize

func.func @main() {
  %copy = array.stream_create
  %compute = array.stream_create
  %ca = array.constant dense<[[0.0, 0.5, 1.0], [1.5, 2.0, 2.5]]> : tensor<2x3xf32>
  %cb = array.constant dense<[1.0, -2.0, 3.0]> : tensor<3xf32>
  %a, %b = array.on_stream %copy -> tensor<2x3xf32>, tensor<3xf32> {
    %da = array.to_device %ca : tensor<2x3xf32>
    %db = array.to_device %cb : tensor<3xf32>
    array.stream_yield %da, %db : tensor<2x3xf32>, tensor<3xf32>
  }
  %copied = array.event_record %copy
  array.stream_wait %compute, %copied
  %x, %y = array.on_stream %compute -> tensor<2x3xf32>, tensor<2xf32> {
    %e = array.exp %a : tensor<2x3xf32>
    %m = array.mul %e, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %s = array.sum %m axes [1] : tensor<2x3xf32> -> tensor<2xf32>
    array.stream_yield %m, %s : tensor<2x3xf32>, tensor<2xf32>
  }
  // Work on the copy stream that reads what it copied, while the compute
  // stream runs; the default stream prints.
  %one = array.full 1.0 : tensor<f32>
  %p, %q = array.on_stream %copy -> tensor<2x3xf32>, tensor<3xf32> {
    %0 = array.add %a, %one : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %bb = array.mul %b, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %1 = array.sqrt %bb : tensor<3xf32>
    array.stream_yield %0, %1 : tensor<2x3xf32>, tensor<3xf32>
  }
  array.stream_synchronize %compute
  array.print %x : tensor<2x3xf32>
  array.print %y : tensor<2xf32>
  array.print %p : tensor<2x3xf32>
  array.print %q : tensor<3xf32>
  return
}
