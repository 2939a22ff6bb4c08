// RUN: array-opt %s -convert-arrayrt-to-calls -split-input-file -verify-diagnostics | FileCheck %s --implicit-check-not="func.func private @arrayrt"
// RUN: array-opt %s -convert-arrayrt-to-calls -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=DECL

// arrayrt.print on a buffer becomes a call into the runtime through an
// unranked memref, one entry point per dtype. Each entry point is declared
// once per module, however often it is called; no other declaration appears
// (--implicit-check-not).

// Exactly four declarations (CHECK), one of each dtype (DECL).
// CHECK-LABEL: module
// CHECK-COUNT-4: func.func private @arrayrt_print_{{f32|f64|i32|i64}}(memref<*x{{f32|f64|i32|i64}}>)
// DECL-LABEL: module
// DECL-DAG: func.func private @arrayrt_print_f32(memref<*xf32>)
// DECL-DAG: func.func private @arrayrt_print_f64(memref<*xf64>)
// DECL-DAG: func.func private @arrayrt_print_i32(memref<*xi32>)
// DECL-DAG: func.func private @arrayrt_print_i64(memref<*xi64>)
// DECL: func.func @print_each_dtype

// CHECK-LABEL: func.func @print_each_dtype
// CHECK-SAME: (%[[A:.*]]: memref<4x3xf32>, %[[B:.*]]: memref<?xf64, strided<[?], offset: ?>>, %[[C:.*]]: memref<i32>, %[[D:.*]]: memref<2x2xi64>, %[[E:.*]]: memref<5xf32>)
// CHECK-NOT: arrayrt.print
// CHECK: %[[CA:.*]] = memref.cast %[[A]] : memref<4x3xf32> to memref<*xf32>
// CHECK-NEXT: call @arrayrt_print_f32(%[[CA]]) : (memref<*xf32>) -> ()
// CHECK-NEXT: %[[CB:.*]] = memref.cast %[[B]] : memref<?xf64, strided<[?], offset: ?>> to memref<*xf64>
// CHECK-NEXT: call @arrayrt_print_f64(%[[CB]]) : (memref<*xf64>) -> ()
// CHECK-NEXT: %[[CC:.*]] = memref.cast %[[C]] : memref<i32> to memref<*xi32>
// CHECK-NEXT: call @arrayrt_print_i32(%[[CC]]) : (memref<*xi32>) -> ()
// CHECK-NEXT: %[[CD:.*]] = memref.cast %[[D]] : memref<2x2xi64> to memref<*xi64>
// CHECK-NEXT: call @arrayrt_print_i64(%[[CD]]) : (memref<*xi64>) -> ()
// CHECK-NEXT: %[[CE:.*]] = memref.cast %[[E]] : memref<5xf32> to memref<*xf32>
// CHECK-NEXT: call @arrayrt_print_f32(%[[CE]]) : (memref<*xf32>) -> ()
// CHECK-NEXT: return
func.func @print_each_dtype(%a: memref<4x3xf32>, %b: memref<?xf64, strided<[?], offset: ?>>, %c: memref<i32>, %d: memref<2x2xi64>, %e: memref<5xf32>) {
  arrayrt.print %a : memref<4x3xf32>
  arrayrt.print %b : memref<?xf64, strided<[?], offset: ?>>
  arrayrt.print %c : memref<i32>
  arrayrt.print %d : memref<2x2xi64>
  arrayrt.print %e : memref<5xf32>
  return
}

// A second function reuses the declarations.
// CHECK-LABEL: func.func @print_again
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<3xi64>)
// CHECK: %[[CA:.*]] = memref.cast %[[A]] : memref<?x?xf32> to memref<*xf32>
// CHECK-NEXT: call @arrayrt_print_f32(%[[CA]]) : (memref<*xf32>) -> ()
// CHECK-NEXT: %[[CB:.*]] = memref.cast %[[B]] : memref<3xi64> to memref<*xi64>
// CHECK-NEXT: call @arrayrt_print_i64(%[[CB]]) : (memref<*xi64>) -> ()
// CHECK-NEXT: return
func.func @print_again(%a: memref<?x?xf32>, %b: memref<3xi64>) {
  arrayrt.print %a : memref<?x?xf32>
  arrayrt.print %b : memref<3xi64>
  return
}

// -----

// Only the dtypes used are declared. An existing declaration is reused.
// CHECK-LABEL: module
// CHECK-DAG: func.func private @arrayrt_print_i32(memref<*xi32>)
// CHECK-DAG: func.func private @arrayrt_print_f64(memref<*xf64>) attributes {existing}
// CHECK-LABEL: func.func @print_some
// CHECK-SAME: (%[[A:.*]]: memref<2xi32>, %[[B:.*]]: memref<f64>)
// CHECK: %[[CA:.*]] = memref.cast %[[A]] : memref<2xi32> to memref<*xi32>
// CHECK-NEXT: call @arrayrt_print_i32(%[[CA]]) : (memref<*xi32>) -> ()
// CHECK-NEXT: %[[CB:.*]] = memref.cast %[[B]] : memref<f64> to memref<*xf64>
// CHECK-NEXT: call @arrayrt_print_f64(%[[CB]]) : (memref<*xf64>) -> ()
// The same value printed twice is printed twice.
// CHECK-NEXT: %[[CA2:.*]] = memref.cast %[[A]] : memref<2xi32> to memref<*xi32>
// CHECK-NEXT: call @arrayrt_print_i32(%[[CA2]]) : (memref<*xi32>) -> ()
// CHECK-NEXT: return
func.func private @arrayrt_print_f64(memref<*xf64>) attributes {existing}
func.func @print_some(%a: memref<2xi32>, %b: memref<f64>) {
  arrayrt.print %a : memref<2xi32>
  arrayrt.print %b : memref<f64>
  arrayrt.print %a : memref<2xi32>
  return
}

// -----

// Prints inside nested regions are lowered too; the declaration stays at
// module level.
// CHECK-LABEL: module
// CHECK-NEXT: func.func private @arrayrt_print_f64(memref<*xf64>)
// CHECK-LABEL: func.func @print_in_loop
// CHECK-SAME: (%[[A:.*]]: memref<4xf64>, %[[N:.*]]: index)
// CHECK: scf.for
// CHECK-NEXT: %[[CA:.*]] = memref.cast %[[A]] : memref<4xf64> to memref<*xf64>
// CHECK-NEXT: func.call @arrayrt_print_f64(%[[CA]]) : (memref<*xf64>) -> ()
func.func @print_in_loop(%a: memref<4xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    arrayrt.print %a : memref<4xf64>
  }
  return
}

// -----

// No print, nothing declared.
// CHECK-LABEL: func.func @no_print
// CHECK-NEXT: return
func.func @no_print() {
  return
}

// -----

// A print on a tensor has not been bufferized: the pass rejects it.
func.func @print_tensor(%a: tensor<4xf32>) {
  // expected-error @+1 {{'array.print' op must be bufferized before convert-arrayrt-to-calls}}
  array.print %a : tensor<4xf32>
  return
}

// -----

func.func @print_tensor_after_memref(%a: memref<4xi64>, %b: tensor<?x2xi32>) {
  arrayrt.print %a : memref<4xi64>
  // expected-error @+1 {{'array.print' op must be bufferized before convert-arrayrt-to-calls}}
  array.print %b : tensor<?x2xi32>
  return
}

// -----

// A symbol of the runtime's name with another type is reported, not called.
func.func private @arrayrt_print_f32(i32)
func.func @conflicting_declaration(%a: memref<4xf32>) {
  // expected-error @+1 {{'arrayrt.print' op needs runtime function @arrayrt_print_f32 of type '(memref<*xf32>) -> ()', but the module already defines that symbol differently}}
  arrayrt.print %a : memref<4xf32>
  return
}

// -----

func.func @device_memory_space(%a: memref<4xf32, 1>) {
  // expected-error @+1 {{'arrayrt.print' op prints a buffer in memory space 1 : i64; the runtime reads host memory (the default memory space)}}
  arrayrt.print %a : memref<4xf32, 1>
  return
}

// -----

// The SM count comes from the runtime (which reads it once).
// CHECK-LABEL: module
// CHECK: func.func private @arrayrt_multiprocessor_count() -> i64
// CHECK-LABEL: func.func @sm_count
// CHECK: %[[N:.+]] = call @arrayrt_multiprocessor_count() : () -> i64
// CHECK: %[[I:.+]] = arith.index_cast %[[N]] : i64 to index
// CHECK: return %[[I]] : index
// DECL-LABEL: module
// DECL: func.func private @arrayrt_multiprocessor_count() -> i64
func.func @sm_count() -> index {
  %0 = arrayrt.multiprocessor_count : index
  return %0 : index
}
