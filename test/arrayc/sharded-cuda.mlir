// A sharded program on the CUDA target: each process's part on its GPU,
// the collectives NCCL's on device buffers, queued on the op's stream
// (arrayrt.all_gather {device}, arrayrt_all_gather_device), the print on
// process 0. Each process reads its part of the input file into its GPU
// (arrayrt_load_npy_part_device). A grid of dynamic size takes --processes.
// RUN: arrayc --target=cuda --emit=gpu %s -o - | FileCheck %s
// RUN: arrayc --target=cuda --emit=llvm %s -o - | FileCheck %s --check-prefix=CALLS
// RUN: sed 's/shape = 2/shape = ?/' %s | arrayc --target=cuda --processes=1 --emit=gpu - -o - | FileCheck %s --check-prefix=ONE
// CHECK: %[[RANK:.*]] = arrayrt.process_index of 2
// CHECK: %[[AT:.*]] = arith.muli %[[RANK]], %{{.*}} : index
// CHECK: arrayrt.load_npy_into "x.npy", %{{.*}} at [%[[AT]]] in [8] on %{{.*}} {device} : memref<4xf32>
// CHECK: gpu.launch_func
// CHECK: arrayrt.all_gather %{{.*}} into %{{.*}} of 2 on %{{.*}} {device} : memref<4xf32>, memref<2x4xf32>
// CHECK: arrayrt.process_index of 2
// CHECK: scf.if
// CHECK: arrayrt.print
// CALLS: call void @arrayrt_load_npy_part_device(ptr {{.*}}, i64 1, ptr {{.*}}, i32 11, ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr
// CALLS: call void @arrayrt_all_gather_device(i64 1, ptr {{.*}}, i64 2, ptr {{.*}}, i32 11, i64 2, ptr
// ONE: arrayrt.all_gather %{{.*}} into %{{.*}} of 1 on %{{.*}} {device} : memref<8xf32>, memref<1x8xf32>
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @main() {
  %x = array.load_npy "x.npy" : tensor<8xf32>
  %s = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<8xf32>
  %y = array.exp %xs : tensor<8xf32>
  array.print %y : tensor<8xf32>
  return
}
