// RUN: array-opt %s -array-gpu-map-linalg -split-input-file -verify-diagnostics | FileCheck %s
// RUN: array-opt %s -array-gpu-map-linalg="block-size=128 max-grid-size=64" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=OPTS
// RUN: array-opt %s -array-gpu-map-linalg="vector-bytes=0" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=NOVEC
// RUN: array-opt %s -array-gpu-map-linalg="unroll=4 blocks-per-sm=4" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=WAVE

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
// Dynamic sizes: a kernel with 32-bit index arithmetic when the elements
// fit, the 64-bit one otherwise.
// CHECK:   %[[FITS:.+]] = arith.cmpi ule, %[[N]], %{{.+}} : index
// CHECK:   scf.if %[[FITS]] {
// CHECK:     gpu.launch
// CHECK:       %[[N32:.+]] = arith.index_castui %[[N]] : index to i32
// CHECK:       %[[D132:.+]] = arith.index_castui %[[D1]] : index to i32
// CHECK:       scf.for %[[I32:.+]] = %{{.+}} to %[[N32]] step %{{.+}} : i32 {
// CHECK:         %[[J32:.+]] = arith.remui %[[I32]], %[[D132]] : i32
// CHECK:         %[[K32:.+]] = arith.divui %[[I32]], %[[D132]] : i32
// CHECK:         %[[K:.+]] = arith.index_castui %[[K32]] : i32 to index
// CHECK:         %[[J:.+]] = arith.index_castui %[[J32]] : i32 to index
// CHECK:         memref.load %[[A]][%[[K]], %[[J]]]
// CHECK:   } else {
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
// CHECK:   scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i32
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

// linalg.index maps to the delinearized loop index (32-bit arithmetic:
// the size is known to fit).
// CHECK-LABEL: func.func @iota
// CHECK-NOT: arith.cmpi ule
// CHECK: scf.for %[[I:.+]] = {{.+}} : i32 {
// CHECK:   %[[X:.+]] = arith.index_castui %[[I]] : i32 to index
// CHECK:   %[[C:.+]] = arith.index_cast %[[X]] : index to i32
// CHECK:   memref.store %[[C]], %{{.+}}[%[[X]]]
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

// -----

// A flat elementwise op (whole identity-layout buffers and a scalar): when
// both buffers are 16-byte aligned, a kernel of 4 x f32 vector accesses
// with a block per tile of 256 vectors, then the vectors after the last
// tile, then the scalar tail; otherwise the general kernel.
#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @flat_scale
// CHECK-SAME: (%[[X:.+]]: memref<?xf32>, %[[A:.+]]: memref<f32>, %[[Y:.+]]: memref<?xf32>)
// CHECK: %[[N:.+]] = memref.dim %[[X]], %c0
// CHECK: scf.if
// CHECK:   %[[PX:.+]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK:   arith.remui %[[PX]], %c16
// CHECK:   %[[PY:.+]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK:   arith.remui %[[PY]], %c16
// CHECK:   scf.if %{{.+}} {
// CHECK:     %[[VECS:.+]] = arith.divui %[[N]], %c4 : index
// CHECK:     %[[TILES:.+]] = arith.divui %[[VECS]], %c256 : index
// CHECK:     %[[CEIL:.+]] = arith.ceildivui %[[VECS]], %c256 : index
// CHECK:     %[[BLOCKS:.+]] = arith.maxui %[[CEIL]], %c1{{.*}} : index
// CHECK:     %[[GRID:.+]] = arith.minui %[[BLOCKS]], %c2147483647 : index
// CHECK:     gpu.launch blocks(%{{.+}}) in (%{{.+}} = %[[GRID]],
// CHECK:       %[[S:.+]] = memref.load %[[A]][] : memref<f32>
// CHECK:       scf.for %{{.+}} = %{{.+}} to %[[TILES]] step
// CHECK:         vector.load %[[X]][%{{.+}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NOT:     vector.load
// CHECK:         arith.mulf %{{.+}}, %[[S]] : f32
// CHECK:         vector.store %{{.+}}, %[[Y]][%{{.+}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NOT:     arrayrt.min_blocks_per_sm
// CHECK:       scf.for %{{.+}} = %{{.+}} to %[[VECS]] step
// CHECK:         vector.load %[[X]]
// CHECK:         vector.store
// CHECK:       scf.for %[[I:.+]] = %{{.+}} to %[[N]] step
// CHECK:         memref.load %[[X]][%[[I]]]
// CHECK:         memref.store %{{.+}}, %[[Y]][%[[I]]]
// CHECK:   } else {
// CHECK:     gpu.launch
// CHECK-NOT:   vector.
// CHECK:       memref.load %[[X]]
// CHECK:     gpu.terminator
// With blocks-per-sm, one wave of that many blocks per SM strides over the
// tiles, 4 vectors in flight per thread.
// WAVE-LABEL: func.func @flat_scale
// WAVE:     %[[VECS:.+]] = arith.divui %{{.+}}, %c4 : index
// WAVE:     %[[TILES:.+]] = arith.divui %[[VECS]], %c1024 : index
// WAVE:     %[[SMS:.+]] = arrayrt.multiprocessor_count : index
// WAVE:     %[[ONEWAVE:.+]] = arith.muli %[[SMS]], %c4{{.*}} : index
// WAVE:     %[[GRID:.+]] = arith.minui %{{.+}}, %[[ONEWAVE]] : index
// WAVE:     gpu.launch blocks(%{{.+}}) in (%{{.+}} = %[[GRID]],
// WAVE:       scf.for %{{.+}} = %{{.+}} to %[[TILES]] step
// WAVE-COUNT-4: vector.load
// WAVE-COUNT-4: vector.store
// The grid assumes 4 blocks fit on an SM: a request for ptxas.
// WAVE:       } {arrayrt.min_blocks_per_sm = 4 : i64}
// NOVEC-LABEL: func.func @flat_scale
// NOVEC-NOT: vector.
// NOVEC-NOT: extract_aligned_pointer
func.func @flat_scale(%x: memref<?xf32>, %a: memref<f32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel"]}
      ins(%x, %a : memref<?xf32>, memref<f32>) outs(%y : memref<?xf32>) {
  ^bb0(%v: f32, %s: f32, %out: f32):
    %0 = arith.mulf %v, %s : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// A bias over the last axis (an input indexed by the last loops) keeps the
// op flat: read in vectors at the flat offset modulo its size. Its size
// must be a multiple of the vector width (checked with the alignment at
// run time: dynamic here), else the general kernel.
#id2b = affine_map<(d0, d1) -> (d0, d1)>
#last = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @flat_bias
// CHECK-SAME: (%[[X:.+]]: memref<?x?xf32>, %[[B:.+]]: memref<?xf32>, %[[Y:.+]]: memref<?x?xf16>)
// CHECK: %[[BN:.+]] = memref.dim %[[B]], %c0
// CHECK: %[[REM:.+]] = arith.remui %{{.+}}, %c4
// CHECK: arith.cmpi eq, %[[REM]], %c0
// CHECK: scf.if
// CHECK: %[[BF:.+]] = memref.collapse_shape
// CHECK: gpu.launch
// CHECK: vector.load
// CHECK: %[[AT:.+]] = arith.remui %{{.+}}, %{{.+}} : index
// CHECK: vector.load %{{.+}}[%[[AT]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: vector.store %{{.+}} {alignment = 8 : i64} : memref<?xf16>, vector<4xf16>
func.func @flat_bias(%x: memref<?x?xf32>, %b: memref<?xf32>, %y: memref<?x?xf16>) {
  linalg.generic {indexing_maps = [#id2b, #last, #id2b], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?x?xf16>) {
  ^bb0(%v: f32, %c: f32, %out: f16):
    %0 = arith.addf %v, %c : f32
    %1 = arith.truncf %0 : f32 to f16
    linalg.yield %1 : f16
  }
  return
}

// -----

// A 2-D flat op is walked through 1-D views; the vector width follows the
// widest operand (f32: 4 lanes), so the f16 input moves 8 bytes.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @flat_widen
// CHECK: memref.collapse_shape %{{.+}} {{\[\[}}0, 1]] : memref<4x?xf16> into memref<?xf16>
// CHECK: memref.collapse_shape %{{.+}} {{\[\[}}0, 1]] : memref<4x?xf32> into memref<?xf32>
// CHECK: vector.load %{{.+}} {alignment = 8 : i64} : memref<?xf16>, vector<4xf16>
// CHECK: arith.extf %{{.+}} : f16 to f32
// CHECK: vector.store %{{.+}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
func.func @flat_widen(%h: memref<4x?xf16>, %y: memref<4x?xf32>) {
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%h : memref<4x?xf16>) outs(%y : memref<4x?xf32>) {
  ^bb0(%v: f16, %out: f32):
    %0 = arith.extf %v : f16 to f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Not flat: bool buffers (vectors of i1 would be bit-packed), broadcasts
// along a dimension, and bodies that read the loop index.
#id = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @not_flat
// CHECK-NOT: vector.
// CHECK: return
func.func @not_flat(%b: memref<?xi1>, %c: memref<?xi1>, %r: memref<1x?xf32>,
                    %m: memref<?x?xf32>, %i: memref<?xi64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : memref<?xi1>) outs(%c : memref<?xi1>) {
  ^bb0(%v: i1, %out: i1):
    linalg.yield %v : i1
  }
  linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%r : memref<1x?xf32>) outs(%m : memref<?x?xf32>) {
  ^bb0(%v: f32, %out: f32):
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%i : memref<?xi64>) {
  ^bb0(%out: i64):
    %0 = linalg.index 0 : index
    %1 = arith.index_cast %0 : index to i64
    linalg.yield %1 : i64
  }
  return
}
