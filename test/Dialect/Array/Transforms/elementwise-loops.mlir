// RUN: array-opt %s -convert-array-to-linalg -array-fuse-elementwise -cse -array-elementwise-loops -split-input-file | FileCheck %s

// t = t * 1.0001 + 0.5, 100 times: one elementwise op over t whose body
// runs the loop on the element.
// CHECK-LABEL: func.func @scale_shift
// CHECK-SAME: (%[[T0:.+]]: tensor<1024xf32>)
// CHECK-NOT: scf.for
// CHECK: %[[R:.+]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[T0]] : tensor<1024xf32>) outs(%{{.+}} : tensor<1024xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: %[[V:.+]] = scf.for %{{.+}} = %c0 to %c100 step %c1 iter_args(%[[X:.+]] = %[[IN]]) -> (f32) {
// CHECK-NEXT: %[[M:.+]] = arith.mulf %[[X]], %{{.+}} : f32
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[M]], %{{.+}} : f32
// CHECK-NEXT: scf.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.yield %[[V]] : f32
// CHECK: return %[[R]]
func.func @scale_shift(%t0: tensor<1024xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %a = array.full 1.0001 : tensor<f32>
  %b = array.full 0.5 : tensor<f32>
  %t = scf.for %i = %c0 to %c100 step %c1 iter_args(%ti = %t0) -> (tensor<1024xf32>) {
    %m = array.mul %ti, %a : (tensor<1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %s = array.add %m, %b : (tensor<1024xf32>, tensor<f32>) -> tensor<1024xf32>
    scf.yield %s : tensor<1024xf32>
  }
  return %t : tensor<1024xf32>
}

// -----

// Two carried arrays (a damped oscillator), a loop-invariant row broadcast
// over them, a value of the induction variable, and an intermediate in
// float16: the invariant is read through its broadcast map, the carried
// arrays' initial values at the element, the index's conversion is cloned
// into the scalar loop.
// CHECK-DAG: #[[$ROWMAP:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @oscillator
// CHECK-SAME: (%[[X0:.+]]: tensor<4x3xf32>, %[[V0:.+]]: tensor<4x3xf32>, %[[F:.+]]: tensor<3xf32>)
// CHECK-NOT: scf.for
// CHECK: %[[R:.+]]:2 = linalg.generic {indexing_maps = [#[[$ROWMAP]], #[[$ID]], #[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[F]], %[[X0]], %[[V0]] : tensor<3xf32>, tensor<4x3xf32>, tensor<4x3xf32>)
// CHECK-NEXT: ^bb0(%[[FE:.+]]: f32, %[[XE:.+]]: f32, %[[VE:.+]]: f32, %{{.+}}: f32, %{{.+}}: f32):
// CHECK-NEXT: %[[L:.+]]:2 = scf.for %[[I:.+]] = %c0 to %c10 step %c1 iter_args(%[[X:.+]] = %[[XE]], %[[V:.+]] = %[[VE]]) -> (f32, f32) {
// CHECK: arith.index_cast %[[I]]
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK: arith.mulf %{{.+}}, %[[FE]] : f32
// CHECK: scf.yield
// CHECK: linalg.yield %[[L]]#0, %[[L]]#1 : f32, f32
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @oscillator(%x0: tensor<4x3xf32>, %v0: tensor<4x3xf32>, %f: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %dt = array.full 0.1 : tensor<f32>
  %x, %v = scf.for %i = %c0 to %c10 step %c1 iter_args(%xi = %x0, %vi = %v0) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %ii = arith.index_cast %i : index to i64
    %it = tensor.from_elements %ii : tensor<i64>
    %fi = array.astype %it : tensor<i64> -> tensor<f32>
    %h = array.astype %xi : tensor<4x3xf32> -> tensor<4x3xf16>
    %h32 = array.astype %h : tensor<4x3xf16> -> tensor<4x3xf32>
    %push = array.mul %h32, %f : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
    %a = array.sub %push, %fi : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %dv = array.mul %a, %dt : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %vn = array.sub %vi, %dv : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    %dx = array.mul %vn, %dt : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %xn = array.add %xi, %dx : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    scf.yield %xn, %vn : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %x, %v : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// A dynamic shape and dynamic bounds: the result's size is the initial
// value's.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[T0:.+]]: tensor<?xf64>, %[[N:.+]]: index)
// CHECK: %[[D:.+]] = tensor.dim %[[T0]], %c0
// CHECK: %[[E:.+]] = tensor.empty(%[[D]]) : tensor<?xf64>
// CHECK: linalg.generic {{.*}} ins(%[[T0]] : tensor<?xf64>) outs(%[[E]] : tensor<?xf64>)
// CHECK: scf.for %{{.+}} = %c0 to %[[N]] step %c1 iter_args(%{{.+}} = %{{.+}}) -> (f64)
// CHECK: math.sqrt
func.func @dynamic(%t0: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%ti = %t0) -> (tensor<?xf64>) {
    %s = array.sqrt %ti : tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  return %t : tensor<?xf64>
}

// -----

// A 0-d array (a scalar recurrence) and nested loops: the inner loop
// becomes elementwise first, then the outer one.
// CHECK-LABEL: func.func @nested_scalar
// CHECK: linalg.generic {{.*}} iterator_types = []} ins(%{{.+}} : tensor<f32>)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.mulf
// CHECK-NOT: scf.for
// CHECK: return
func.func @nested_scalar(%s0: tensor<f32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = array.full 0.5 : tensor<f32>
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%si = %s0) -> (tensor<f32>) {
    %in = scf.for %j = %c0 to %c4 step %c1 iter_args(%sj = %si) -> (tensor<f32>) {
      %m = array.mul %sj, %k : (tensor<f32>, tensor<f32>) -> tensor<f32>
      scf.yield %m : tensor<f32>
    }
    %a = array.add %in, %k : (tensor<f32>, tensor<f32>) -> tensor<f32>
    scf.yield %a : tensor<f32>
  }
  return %s : tensor<f32>
}

// -----

// Left alone: a body that reads the carried array at another element (a
// transpose), one that reduces it, one that prints it, and carried arrays
// of different shapes.
// CHECK-LABEL: func.func @transposed
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK: scf.yield
func.func @transposed(%t0: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %t = scf.for %i = %c0 to %c5 step %c1 iter_args(%ti = %t0) -> (tensor<3x3xf32>) {
    %tt = array.transpose %ti : tensor<3x3xf32> -> tensor<3x3xf32>
    %s = array.add %tt, %ti : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    scf.yield %s : tensor<3x3xf32>
  }
  return %t : tensor<3x3xf32>
}

// CHECK-LABEL: func.func @centered
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK: scf.yield
func.func @centered(%t0: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %t = scf.for %i = %c0 to %c5 step %c1 iter_args(%ti = %t0) -> (tensor<8xf32>) {
    %m = array.mean %ti : tensor<8xf32> -> tensor<f32>
    %s = array.sub %ti, %m : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  return %t : tensor<8xf32>
}

// CHECK-LABEL: func.func @printed
// CHECK: scf.for
// CHECK: array.print
// CHECK: scf.yield
func.func @printed(%t0: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %t = scf.for %i = %c0 to %c5 step %c1 iter_args(%ti = %t0) -> (tensor<8xf32>) {
    array.print %ti : tensor<8xf32>
    %s = array.add %ti, %ti : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  return %t : tensor<8xf32>
}

// The CG pattern: a vector and the 0-d dot product that feeds back.
// CHECK-LABEL: func.func @with_dot
// CHECK: scf.for
// CHECK: scf.yield
func.func @with_dot(%x0: tensor<8xf32>, %r0: tensor<f32>) -> (tensor<8xf32>, tensor<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %x, %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%xi = %x0, %ri = %r0) -> (tensor<8xf32>, tensor<f32>) {
    %xx = array.mul %xi, %xi : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %rn = array.sum %xx : tensor<8xf32> -> tensor<f32>
    %xn = array.div %xi, %rn : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    scf.yield %xn, %rn : tensor<8xf32>, tensor<f32>
  }
  return %x, %r : tensor<8xf32>, tensor<f32>
}

// -----

// A counted scf.while: the counter is a scalar the element loop carries
// too (its result is not read after the loop).
// CHECK-LABEL: func.func @counted_while
// CHECK-SAME: (%[[T0:.+]]: tensor<8xf32>, %[[N:.+]]: index)
// CHECK-NOT: scf.while
// CHECK: linalg.generic {{.*}} ins(%[[T0]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: %{{.+}}:2 = scf.while (%[[I:.+]] = %c0, %[[X:.+]] = %[[IN]]) : (index, f32) -> (index, f32) {
// CHECK-NEXT: %[[C:.+]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT: scf.condition(%[[C]]) %[[I]], %[[X]] : index, f32
// CHECK: ^bb0(%[[I2:.+]]: index, %[[X2:.+]]: f32):
// CHECK: arith.mulf %[[X2]], %[[X2]] : f32
// CHECK: arith.addi %[[I2]], %c1 : index
// CHECK: scf.yield
func.func @counted_while(%t0: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i, %t = scf.while (%i = %c0, %t = %t0) : (index, tensor<8xf32>) -> (index, tensor<8xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t : index, tensor<8xf32>
  } do {
  ^bb0(%i1: index, %t1: tensor<8xf32>):
    %sq = array.mul %t1, %t1 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %next = arith.addi %i1, %c1 : index
    scf.yield %next, %sq : index, tensor<8xf32>
  }
  return %t : tensor<8xf32>
}

// A scalar carried by an scf.for and read by the elementwise ops.
// CHECK-LABEL: func.func @scalar_carried
// CHECK: linalg.generic
// CHECK: scf.for {{.*}} iter_args(%{{.+}} = %{{.+}}, %[[K:.+]] = %{{.+}}) -> (f32, f32)
// CHECK: arith.mulf %{{.+}}, %[[K]] : f32
// CHECK: arith.mulf %[[K]], %{{.+}} : f32
func.func @scalar_carried(%t0: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k0 = arith.constant 1.5 : f32
  %half = arith.constant 0.5 : f32
  %t, %k = scf.for %i = %c0 to %c4 step %c1 iter_args(%ti = %t0, %ki = %k0) -> (tensor<8xf32>, f32) {
    %kt = tensor.from_elements %ki : tensor<f32>
    %m = array.mul %ti, %kt : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    %kn = arith.mulf %ki, %half : f32
    scf.yield %m, %kn : tensor<8xf32>, f32
  }
  return %t : tensor<8xf32>
}

// Left alone: the counter read after the loop, and a condition on the
// arrays' values (a reduction).
// CHECK-LABEL: func.func @counter_read_after
// CHECK: scf.while
func.func @counter_read_after(%t0: tensor<8xf32>, %n: index) -> (tensor<8xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i, %t = scf.while (%i = %c0, %t = %t0) : (index, tensor<8xf32>) -> (index, tensor<8xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t : index, tensor<8xf32>
  } do {
  ^bb0(%i1: index, %t1: tensor<8xf32>):
    %sq = array.mul %t1, %t1 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %next = arith.addi %i1, %c1 : index
    scf.yield %next, %sq : index, tensor<8xf32>
  }
  return %t, %i : tensor<8xf32>, index
}

// CHECK-LABEL: func.func @until_small
// CHECK: scf.while
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]
func.func @until_small(%t0: tensor<8xf32>) -> tensor<8xf32> {
  %tol = arith.constant 1.0e-3 : f32
  %half = array.full 0.5 : tensor<f32>
  %t = scf.while (%t = %t0) : (tensor<8xf32>) -> tensor<8xf32> {
    %s = array.sum %t : tensor<8xf32> -> tensor<f32>
    %v = tensor.extract %s[] : tensor<f32>
    %go = arith.cmpf ogt, %v, %tol : f32
    scf.condition(%go) %t : tensor<8xf32>
  } do {
  ^bb0(%t1: tensor<8xf32>):
    %h = array.mul %t1, %half : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    scf.yield %h : tensor<8xf32>
  }
  return %t : tensor<8xf32>
}

// -----

// A carried tensor with a dimension of size 1, which a broadcast reads at
// index 0 of that dimension: the same element.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row0 = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @size_one
// CHECK-NOT: scf.for
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK: arith.xori
func.func @size_one(%t0: tensor<1x4xi1>, %u: tensor<1x4xi1>) -> tensor<1x4xi1> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<1x4xi1>
  %t = scf.for %i = %c0 to %c3 step %c1 iter_args(%ti = %t0) -> (tensor<1x4xi1>) {
    %x = linalg.generic {indexing_maps = [#row0, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%ti, %u : tensor<1x4xi1>, tensor<1x4xi1>) outs(%e : tensor<1x4xi1>) {
    ^bb0(%a: i1, %b: i1, %o: i1):
      %r = arith.xori %a, %b : i1
      linalg.yield %r : i1
    } -> tensor<1x4xi1>
    scf.yield %x : tensor<1x4xi1>
  }
  return %t : tensor<1x4xi1>
}

// -----

// Dynamic operands: the size checks the body makes each iteration (the
// carried size against the others') are made once, before the loop, when
// it runs an iteration.
// CHECK-LABEL: func.func @checked_sizes
// CHECK-SAME: (%[[T0:.+]]: tensor<?xf32>, %[[A:.+]]: tensor<?xf32>, %[[N:.+]]: index)
// CHECK: %[[DA:.+]] = tensor.dim %[[A]], %c0
// CHECK: %[[RUNS:.+]] = arith.cmpi slt, %c0, %[[N]] : index
// CHECK: scf.if %[[RUNS]] {
// CHECK-NEXT: %[[DT:.+]] = tensor.dim %[[T0]], %c0
// CHECK-NEXT: %[[SAME:.+]] = arith.cmpi eq, %[[DA]], %[[DT]] : index
// CHECK-NEXT: cf.assert %[[SAME]], "{{.*}}array.mul: operand sizes differ at run time
// CHECK-NEXT: }
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK-NOT: cf.assert
// CHECK-NOT: tensor.dim
// CHECK: arith.mulf
// CHECK: scf.yield
func.func @checked_sizes(%t0: tensor<?xf32>, %a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%ti = %t0) -> (tensor<?xf32>) {
    %m = array.mul %ti, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %m : tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

// -----

// A while loop's counter as a 0-d array (`while i < 3: i = i + 1`): the
// same scalar at every element, carried by the element loop too.
// CHECK-LABEL: func.func @counter_array
// CHECK-SAME: (%[[T0:.+]]: tensor<8xf32>)
// CHECK-NOT: scf.while
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel"]} ins(%[[T0]], %{{.+}} : tensor<8xf32>, tensor<i64>)
// CHECK-NEXT: ^bb0(%[[X0:.+]]: f32, %[[I0:.+]]: i64, %{{.+}}: f32):
// CHECK-NEXT: scf.while (%[[I:.+]] = %[[I0]], %[[X:.+]] = %[[X0]]) : (i64, f32) -> (i64, f32) {
// CHECK-NEXT: %[[GO:.+]] = arith.cmpi slt, %[[I]], %c3_i64 : i64
// CHECK-NEXT: scf.condition(%[[GO]]) %[[I]], %[[X]] : i64, f32
// CHECK: arith.addi
// CHECK: arith.mulf
func.func @counter_array(%t0: tensor<8xf32>) -> tensor<8xf32> {
  %zero = array.full 0 : tensor<i64>
  %one = array.full 1 : tensor<i64>
  %c3 = arith.constant 3 : i64
  %i, %t = scf.while (%i = %zero, %t = %t0) : (tensor<i64>, tensor<8xf32>) -> (tensor<i64>, tensor<8xf32>) {
    %v = tensor.extract %i[] : tensor<i64>
    %go = arith.cmpi slt, %v, %c3 : i64
    scf.condition(%go) %i, %t : tensor<i64>, tensor<8xf32>
  } do {
  ^bb0(%i1: tensor<i64>, %t1: tensor<8xf32>):
    %n = array.add %i1, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %h = array.mul %t1, %t1 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    scf.yield %n, %h : tensor<i64>, tensor<8xf32>
  }
  return %t : tensor<8xf32>
}
