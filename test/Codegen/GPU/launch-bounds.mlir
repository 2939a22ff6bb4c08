// RUN: array-opt %s -array-gpu-launch-bounds -split-input-file | FileCheck %s

// The largest request in a kernel becomes its nvvm.minctasm; the requests
// are removed.
// CHECK-LABEL: gpu.module @rows
// CHECK: gpu.func @k(%{{.+}}: index) kernel attributes {known_block_size = array<i32: 512, 1, 1>, nvvm.minctasm = 4 : i32}
// CHECK-NOT: arrayrt.min_blocks_per_sm
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @rows {
    gpu.func @k(%n: index) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %bx = gpu.block_id x
      %gx = gpu.grid_dim x
      scf.for %i = %bx to %n step %gx {
        scf.for %j = %bx to %n step %gx {
        } {arrayrt.min_blocks_per_sm = 4 : i32}
      } {arrayrt.min_blocks_per_sm = 2 : i32}
      gpu.return
    }
  }
}

// -----

// No request (or a request of one block): nothing to add.
// CHECK-LABEL: gpu.module @plain
// CHECK: gpu.func @k(%{{.+}}: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
// CHECK-NOT: minctasm
// CHECK-NOT: arrayrt.min_blocks_per_sm
// CHECK: gpu.func @one
// CHECK-NOT: minctasm
// CHECK-NOT: arrayrt.min_blocks_per_sm
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @plain {
    gpu.func @k(%n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %bx = gpu.block_id x
      %gx = gpu.grid_dim x
      scf.for %i = %bx to %n step %gx {
      }
      gpu.return
    }
    gpu.func @one(%n: index) kernel {
      %bx = gpu.block_id x
      %gx = gpu.grid_dim x
      scf.for %i = %bx to %n step %gx {
      } {arrayrt.min_blocks_per_sm = 1 : i32}
      gpu.return
    }
  }
}
