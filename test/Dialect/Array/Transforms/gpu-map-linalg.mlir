// RUN: array-opt %s -array-gpu-map-linalg -split-input-file -verify-diagnostics | FileCheck %s
// RUN: array-opt %s -array-gpu-map-linalg="block-size=128 max-grid-size=64" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=OPTS

// A 2-D generic with a broadcast operand: one grid-stride kernel over the
// linearized iteration space, operands read through their indexing maps.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @broadcast_add
// CHECK-SAME: (%[[A:.+]]: memref<?x?xf32>, %[[B:.+]]: memref<1x?xf32>, %[[C:.+]]: memref<?x?xf32>)
// CHECK-DAG: %[[D0:.+]] = memref.dim %[[A]], %c0
// CHECK-DAG: %[[D1:.+]] = memref.dim %[[A]], %c1
// CHECK: %[[N:.+]] = arith.muli %[[D0]], %[[D1]] : index
// CHECK: %[[NONEMPTY:.+]] = arith.cmpi ugt, %[[N]], %{{.+}} : index
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK:   %[[BLOCKS:.+]] = arith.ceildivui %[[N]], %[[BS:.+]] : index
// CHECK:   %[[GRID:.+]] = arith.minui %[[BLOCKS]], %{{.+}} : index
// CHECK:   gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%[[GX:.+]] = %[[GRID]], %{{.+}} = %c1{{.*}}, %{{.+}} = %c1{{.*}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in (%[[TBX:.+]] = %[[BS]],
// CHECK:     %[[BASE:.+]] = arith.muli %[[BX]], %[[TBX]] : index
// CHECK:     %[[FIRST:.+]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK:     %[[STRIDE:.+]] = arith.muli %[[GX]], %[[TBX]] : index
// CHECK:     scf.for %[[I:.+]] = %[[FIRST]] to %[[N]] step %[[STRIDE]] {
// CHECK:       %[[J:.+]] = arith.remui %[[I]], %[[D1]] : index
// CHECK:       %[[K:.+]] = arith.divui %[[I]], %[[D1]] : index
// CHECK:       %[[X:.+]] = memref.load %[[A]][%[[K]], %[[J]]]
// CHECK:       %[[Y:.+]] = memref.load %[[B]][%{{.+}}, %[[J]]]
// CHECK:       %[[S:.+]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:       memref.store %[[S]], %[[C]][%[[K]], %[[J]]]
// CHECK:     gpu.terminator
// CHECK-NOT: linalg.generic
// OPTS-LABEL: func.func @broadcast_add
// OPTS-DAG: arith.constant 128 : index
// OPTS-DAG: arith.constant 64 : index
func.func @broadcast_add(%a: memref<?x?xf32>, %b: memref<1x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<1x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Named ops are generalized first; a scalar operand is used directly.
// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[OUT:.+]]: memref<4x8xi64>)
// CHECK: %[[N:.+]] = arith.constant 32 : index
// CHECK: gpu.launch
// CHECK:   scf.for %[[I:.+]] = %{{.+}} to %[[N]] step
// CHECK:     memref.store %c7_i64, %[[OUT]]
// CHECK-NOT: linalg.fill
func.func @fill(%out: memref<4x8xi64>) {
  %c7 = arith.constant 7 : i64
  linalg.fill ins(%c7 : i64) outs(%out : memref<4x8xi64>)
  return
}

// -----

// A 0-d op runs as a kernel of one element (never on the host).
// CHECK-LABEL: func.func @scalar
// CHECK: gpu.launch
// CHECK:   scf.for %[[I:.+]] = %{{.+}} to %c1{{.*}} step
// CHECK:     %[[V:.+]] = memref.load %{{.+}}[] : memref<f64>
// CHECK:     %[[E:.+]] = math.exp %[[V]] : f64
// CHECK:     memref.store %[[E]], %{{.+}}[] : memref<f64>
#scalar = affine_map<() -> ()>
func.func @scalar(%in: memref<f64>, %out: memref<f64>) {
  linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%in : memref<f64>) outs(%out : memref<f64>) {
  ^bb0(%x: f64, %o: f64):
    %0 = math.exp %x : f64
    linalg.yield %0 : f64
  }
  return
}

// -----

// linalg.index maps to the delinearized loop index.
// CHECK-LABEL: func.func @iota
// CHECK: scf.for %[[I:.+]] = {{.+}} {
// CHECK:   %[[C:.+]] = arith.index_cast %[[I]] : index to i32
// CHECK:   memref.store %[[C]], %{{.+}}[%[[I]]]
#id1 = affine_map<(d0) -> (d0)>
func.func @iota(%out: memref<100xi32>) {
  linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%out : memref<100xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  }
  return
}

// -----

// A reduction: threads cover the parallel dimension (rows); each walks the
// reduction dimension in order, carrying the accumulator from the output.
// CHECK-LABEL: func.func @row_sums
// CHECK-SAME: (%[[IN:.+]]: memref<?x?xf32>, %[[OUT:.+]]: memref<?xf32>)
// CHECK-DAG: %[[ROWS:.+]] = memref.dim %[[IN]], %c0
// CHECK-DAG: %[[COLS:.+]] = memref.dim %[[IN]], %c1
// CHECK: arith.ceildivui %[[ROWS]],
// CHECK: gpu.launch
// CHECK:   scf.for %[[I:.+]] = %{{.+}} to %[[ROWS]] step
// CHECK:     %[[INIT:.+]] = memref.load %[[OUT]][%[[I]]]
// CHECK:     %[[SUM:.+]] = scf.for %[[J:.+]] = %{{.+}} to %[[COLS]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (f32) {
// CHECK:       %[[X:.+]] = memref.load %[[IN]][%[[I]], %[[J]]]
// CHECK:       %[[NEXT:.+]] = arith.addf %[[X]], %[[ACC]] : f32
// CHECK:       scf.yield %[[NEXT]] : f32
// CHECK:     memref.store %[[SUM]], %[[OUT]][%[[I]]]
#in2 = affine_map<(d0, d1) -> (d0, d1)>
#out1 = affine_map<(d0, d1) -> (d0)>
func.func @row_sums(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [#in2, #out1], iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.addf %x, %acc : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

#id1 = affine_map<(d0) -> (d0)>
func.func @tensors(%in: tensor<100xf32>) -> tensor<100xf32> {
  // expected-error @+1 {{must be bufferized before array-gpu-map-linalg}}
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%in : tensor<100xf32>) outs(%in : tensor<100xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<100xf32>
  return %0 : tensor<100xf32>
}
