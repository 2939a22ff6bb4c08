// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Shape ops: C-order reshapes become views (collapse/expand_shape); all
// data movement is one all-parallel linalg op over the result, reading the
// operand through an indexing map or gathering it with tensor.extract.

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>)
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<4x3xf32> into tensor<12xf32>
// CHECK: %[[R:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [2, 6] : tensor<12xf32> into tensor<2x6xf32>
// CHECK: return %[[R]]
func.func @reshape(%a: tensor<4x3xf32>) -> tensor<2x6xf32> {
  %0 = array.reshape %a : tensor<4x3xf32> -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// A dynamic source is checked at run time, then cast to the static count.
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<?x4xi64> into tensor<?xi64>
// CHECK: %[[N:.*]] = tensor.dim %[[FLAT]], %{{.*}} : tensor<?xi64>
// CHECK: %[[C12:.*]] = arith.constant 12 : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[N]], %[[C12]] : index
// CHECK: cf.assert %[[OK]], "{{.*}}array.reshape: cannot reshape the operand into [3, 4] (12 elements): its element count differs"
// CHECK: %[[CAST:.*]] = tensor.cast %[[FLAT]] : tensor<?xi64> to tensor<12xi64>
// CHECK: tensor.expand_shape %[[CAST]] {{\[}}[0, 1]] output_shape [3, 4] : tensor<12xi64> into tensor<3x4xi64>
func.func @reshape_dynamic(%a: tensor<?x4xi64>) -> tensor<3x4xi64> {
  %0 = array.reshape %a : tensor<?x4xi64> -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

// CHECK-LABEL: func.func @reshape_scalar
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<1x1xf64> into tensor<1xf64>
// CHECK: tensor.collapse_shape %[[FLAT]] [] : tensor<1xf64> into tensor<f64>
func.func @reshape_scalar(%a: tensor<1x1xf64>) -> tensor<f64> {
  %0 = array.reshape %a : tensor<1x1xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[A:.*]]: tensor<2x?x5xf64>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<2x?x5xf64>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<5x?x2xf64>
// CHECK: linalg.transpose ins(%[[A]] : tensor<2x?x5xf64>) outs(%[[INIT]] : tensor<5x?x2xf64>) permutation = [2, 1, 0]
func.func @transpose(%a: tensor<2x?x5xf64>) -> tensor<5x?x2xf64> {
  %0 = array.transpose %a : tensor<2x?x5xf64> -> tensor<5x?x2xf64>
  return %0 : tensor<5x?x2xf64>
}

// -----

// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_to
// CHECK-SAME: (%[[A:.*]]: tensor<?x1xi32>)
// CHECK-NOT: cf.assert
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x1xi32>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<2x?x5xi32>
// CHECK: linalg.generic {indexing_maps = [#[[$IN]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]] : tensor<?x1xi32>) outs(%[[INIT]] : tensor<2x?x5xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: linalg.yield %[[X]] : i32
func.func @broadcast_to(%a: tensor<?x1xi32>) -> tensor<2x?x5xi32> {
  %0 = array.broadcast_to %a : tensor<?x1xi32> -> tensor<2x?x5xi32>
  return %0 : tensor<2x?x5xi32>
}

// -----

// A dynamic operand dimension meeting a static result size is checked.
// CHECK-LABEL: func.func @broadcast_to_check
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[D]], %{{.*}} : index
// CHECK: cf.assert %[[OK]], "{{.*}}array.broadcast_to: operand dimension 0 differs at run time from result dimension 1 of size 3 (a dynamic dimension is not broadcast)"
// CHECK: linalg.generic
func.func @broadcast_to_check(%a: tensor<?xf32>) -> tensor<4x3xf32> {
  %0 = array.broadcast_to %a : tensor<?xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @expand_dims
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, %{{.*}}, 1] : tensor<4x?xf32> into tensor<4x?x1xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [1, 4, %{{.*}}] : tensor<4x?xf32> into tensor<1x4x?xf32>
func.func @expand_dims(%a: tensor<4x?xf32>) -> (tensor<4x?x1xf32>, tensor<1x4x?xf32>) {
  %0 = array.expand_dims %a axis -1 : tensor<4x?xf32> -> tensor<4x?x1xf32>
  %1 = array.expand_dims %a axis 0 : tensor<4x?xf32> -> tensor<1x4x?xf32>
  return %0, %1 : tensor<4x?x1xf32>, tensor<1x4x?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<1x3x1xf32> into tensor<3xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<1x3x1xf32> into tensor<1x3xf32>
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @squeeze(%a: tensor<1x3x1xf32>, %b: tensor<1x1xf32>) -> (tensor<3xf32>, tensor<1x3xf32>, tensor<f32>) {
  %0 = array.squeeze %a : tensor<1x3x1xf32> -> tensor<3xf32>
  %1 = array.squeeze %a axes [2] : tensor<1x3x1xf32> -> tensor<1x3xf32>
  %2 = array.squeeze %b : tensor<1x1xf32> -> tensor<f32>
  return %0, %1, %2 : tensor<3xf32>, tensor<1x3xf32>, tensor<f32>
}

// -----

// Element [i, j] of a[1:7:2, ::-1] is a[2 * i + 1, -j + 3].
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[A:.*]]: tensor<8x4xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs(%[[INIT]] : tensor<3x4xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[I2:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[ROW:.*]] = arith.addi %[[I2]], %[[C1]] : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[CM1:.*]] = arith.constant -1 : index
// CHECK: %[[JN:.*]] = arith.muli %[[J]], %[[CM1]] : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[COL:.*]] = arith.addi %[[JN]], %[[C3]] : index
// CHECK: %[[E:.*]] = tensor.extract %[[A]][%[[ROW]], %[[COL]]] : tensor<8x4xf32>
// CHECK: linalg.yield %[[E]] : f32
func.func @slice(%a: tensor<8x4xf32>) -> tensor<3x4xf32> {
  %0 = array.slice %a [1:7:2, ::-1] : tensor<8x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @slice_empty
// CHECK-NOT: linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0x4xf32>
// CHECK: return %[[E]]
func.func @slice_empty(%a: tensor<8x4xf32>) -> tensor<0x4xf32> {
  %0 = array.slice %a [5:2] : tensor<8x4xf32> -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

// -----

// With static sizes along the axis, each result element reads every input
// at a clamped position and selects the one whose range along the axis
// holds it, converted to the promoted element type.
// CHECK-LABEL: func.func @concatenate_static
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<4x3xf64>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<6x3xf64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[EA:.*]] = tensor.extract %[[A]][%{{.*}}, %[[J]]] : tensor<2x3xf32>
// CHECK: %[[XA:.*]] = arith.extf %[[EA]] : f32 to f64
// CHECK: %[[EB:.*]] = tensor.extract %[[B]][%{{.*}}, %[[J]]] : tensor<4x3xf64>
// CHECK: %[[IN:.*]] = arith.cmpi sge, %[[I]], %{{.*}} : index
// CHECK: %[[S:.*]] = arith.select %[[IN]], %[[EB]], %[[XA]] : f64
// CHECK: linalg.yield %[[S]] : f64
func.func @concatenate_static(%a: tensor<2x3xf32>, %b: tensor<4x3xf64>) -> tensor<6x3xf64> {
  %0 = array.concatenate %a, %b : (tensor<2x3xf32>, tensor<4x3xf64>) -> tensor<6x3xf64>
  return %0 : tensor<6x3xf64>
}

// -----

// An input whose size along the axis is known only at run time may be
// empty, so no input is read outside its range: a chain of scf.if reads
// the one input whose range holds the position.
// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf32>, %[[B:.*]]: tensor<2x3xf64>)
// CHECK: %[[DA:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[OFF:.*]] = arith.addi %{{.*}}, %[[DA]] : index
// CHECK: %[[TOTAL:.*]] = arith.addi %[[OFF]], %{{.*}} : index
// CHECK: %[[INIT:.*]] = tensor.empty(%[[TOTAL]]) : tensor<?x3xf64>
// CHECK: linalg.generic {{.*}} outs(%[[INIT]] : tensor<?x3xf64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[BEFORE:.*]] = arith.cmpi slt, %[[I]], %[[OFF]] : index
// CHECK: %[[R:.*]] = scf.if %[[BEFORE]] -> (f64) {
// CHECK: %[[EA:.*]] = tensor.extract %[[A]][%{{.*}}, %{{.*}}] : tensor<?x3xf32>
// CHECK: %[[XA:.*]] = arith.extf %[[EA]] : f32 to f64
// CHECK: scf.yield %[[XA]] : f64
// CHECK: } else {
// CHECK: %[[LOCAL:.*]] = arith.subi %[[I]], %[[OFF]] : index
// CHECK: %[[EB:.*]] = tensor.extract %[[B]][%[[LOCAL]], %{{.*}}] : tensor<2x3xf64>
// CHECK: scf.yield %[[EB]] : f64
// CHECK: linalg.yield %[[R]] : f64
func.func @concatenate(%a: tensor<?x3xf32>, %b: tensor<2x3xf64>) -> tensor<?x3xf64> {
  %0 = array.concatenate %a, %b : (tensor<?x3xf32>, tensor<2x3xf64>) -> tensor<?x3xf64>
  return %0 : tensor<?x3xf64>
}

// -----

// Dynamic sizes in a non-concatenated axis must agree at run time.
// CHECK-LABEL: func.func @concatenate_check
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<2x?xi32>
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[D]], %{{.*}} : index
// CHECK: cf.assert %[[OK]], "{{.*}}array.concatenate: operand 1 differs at run time from operand sizes it must equal in dimension 1"
func.func @concatenate_check(%a: tensor<2x3xi32>, %b: tensor<2x?xi32>) -> tensor<4x3xi32> {
  %0 = array.concatenate %a, %b : (tensor<2x3xi32>, tensor<2x?xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----

// CHECK-LABEL: func.func @stack
// CHECK-SAME: (%[[A:.*]]: tensor<3xi32>, %[[B:.*]]: tensor<3xi32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<3x2xi32>
// CHECK: linalg.generic {{.*}} outs(%[[INIT]] : tensor<3x2xi32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[K:.*]] = linalg.index 1 : index
// CHECK: %[[EA:.*]] = tensor.extract %[[A]][%[[I]]] : tensor<3xi32>
// CHECK: %[[EB:.*]] = tensor.extract %[[B]][%[[I]]] : tensor<3xi32>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[IS1:.*]] = arith.cmpi eq, %[[K]], %[[C1]] : index
// CHECK: %[[S:.*]] = arith.select %[[IS1]], %[[EB]], %[[EA]] : i32
// CHECK: linalg.yield %[[S]] : i32
func.func @stack(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3x2xi32> {
  %0 = array.stack %a, %b axis 1 : (tensor<3xi32>, tensor<3xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

// An operand of dynamic size may be empty: it is read only inside it.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xf32>
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[N:.*]] = arith.addi %[[D]], %[[C3]] : index
// CHECK: %[[V:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK: linalg.generic {{.*}} outs(%[[INIT]] : tensor<?xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[LOCAL:.*]] = arith.subi %[[I]], %{{.*}} : index
// CHECK: %[[LO:.*]] = arith.cmpi sge, %[[LOCAL]], %{{.*}} : index
// CHECK: %[[HI:.*]] = arith.cmpi slt, %[[LOCAL]], %[[D]] : index
// CHECK: %[[IN:.*]] = arith.andi %[[LO]], %[[HI]] : i1
// CHECK: %[[S:.*]] = scf.if %[[IN]] -> (f32) {
// CHECK: %[[E:.*]] = tensor.extract %[[A]][%[[LOCAL]]] : tensor<?xf32>
// CHECK: scf.yield %[[E]] : f32
// CHECK: } else {
// CHECK: scf.yield %[[V]] : f32
// CHECK: linalg.yield %[[S]] : f32
func.func @pad(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = array.pad %a low [1] high [2] value 1.5 : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A static operand is read at a clamped position and selected.
// CHECK-LABEL: func.func @pad_static
// CHECK: %[[E:.*]] = tensor.extract %{{.*}}[%{{.*}}] : tensor<4xf32>
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %[[E]], %{{.*}} : f32
// CHECK: linalg.yield %[[S]] : f32
func.func @pad_static(%a: tensor<4xf32>) -> tensor<7xf32> {
  %0 = array.pad %a low [1] high [2] value 1.5 : tensor<4xf32> -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// CHECK-DAG: #[[$IDX:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @take
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<4xi64>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<5x4xf32>
// CHECK: %[[LAST:.*]] = arith.subi
// CHECK: linalg.generic {indexing_maps = [#[[$IDX]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[I]] : tensor<4xi64>) outs(%[[INIT]] : tensor<5x4xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT: %[[IX:.*]] = arith.index_cast %[[X]] : i64 to index
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[LOW:.*]] = arith.maxsi %[[IX]], %[[C0]] : index
// CHECK-NEXT: %[[CL:.*]] = arith.minsi %[[LOW]], %[[LAST]] : index
// CHECK-NEXT: %[[ROW:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[E:.*]] = tensor.extract %[[A]][%[[ROW]], %[[CL]]] : tensor<5x3xf32>
// CHECK-NEXT: linalg.yield %[[E]] : f32
func.func @take(%a: tensor<5x3xf32>, %i: tensor<4xi64>) -> tensor<5x4xf32> {
  %0 = array.take %a, %i axis 1 : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// An axis of dynamic size may be empty: then there must be no index.
// CHECK-LABEL: func.func @take_dynamic_axis
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[I:.*]]: tensor<?xi32>)
// CHECK: %[[N:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xf32>
// CHECK: %[[K:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi32>
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : index
// CHECK: %[[NONE:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK: %[[OK:.*]] = arith.ori %[[NONEMPTY]], %[[NONE]] : i1
// CHECK: cf.assert %[[OK]], "{{.*}}array.take: cannot take from axis 0, which is empty, at the given indices"
func.func @take_dynamic_axis(%a: tensor<?xf32>, %i: tensor<?xi32>) -> tensor<?xf32> {
  %0 = array.take %a, %i axis 0 : (tensor<?xf32>, tensor<?xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
