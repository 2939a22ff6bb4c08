// RUN: array-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(array-cpu-profile-spans))' | FileCheck %s

#map = affine_map<(d0) -> (d0)>
#loc = loc("prog.mlir":3:8)
#exp = loc("array.exp"(#loc))

// A loop nest to be is bracketed by a span named after its array op, as
// the CUDA target's profile names the op's kernels.
// CHECK-LABEL: func.func @kernel(
// CHECK-NEXT:    arrayrt.host_span_begin "array.exp @ prog.mlir:3:8"
// CHECK-NEXT:    linalg.generic
// CHECK:         linalg.yield
// CHECK-NEXT:         }
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    return
func.func @kernel(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } loc(#exp)
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
#sum = loc("array.sum"("prog.mlir":4:8))
#fused = loc(fused["array.mul"("prog.mlir":5:8), "array.exp"("prog.mlir":6:8)])

// Consecutive pieces of one op (a fill and its reduction, with an
// allocation between them) share one span; the next op, a fused chain,
// gets its own, named after every op in it.
// CHECK-LABEL: func.func @pieces(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    arrayrt.host_span_begin "array.sum @ prog.mlir:4:8"
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    memref.alloc
// CHECK-NEXT:    linalg.generic
// CHECK:         linalg.yield
// CHECK-NEXT:         }
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    arrayrt.host_span_begin "array.mul+array.exp @ prog.mlir:5:8"
// CHECK-NEXT:    linalg.generic
// CHECK:         linalg.yield
// CHECK-NEXT:         }
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    return
func.func @pieces(%x: memref<8xf32>, %s: memref<f32>, %y: memref<8xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%s : memref<f32>) loc(#sum)
  %unused = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction"]}
      ins(%x : memref<8xf32>) outs(%s : memref<f32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } loc(#sum)
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : memref<8xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    %e = math.exp %m : f32
    linalg.yield %e : f32
  } loc(#fused)
  memref.dealloc %unused : memref<2xf32>
  return
}

// -----

#sum = loc("array.sum"("prog.mlir":4:8))

// A call between two pieces of one op ends the span: the callee's work is
// its own.
// CHECK-LABEL: func.func @split(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    arrayrt.host_span_begin "array.sum @ prog.mlir:4:8"
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    call @other()
// CHECK-NEXT:    arrayrt.host_span_begin "array.sum @ prog.mlir:4:8"
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    arrayrt.host_span_end
func.func private @other()
func.func @split(%s: memref<f32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%s : memref<f32>) loc(#sum)
  call @other() : () -> ()
  linalg.fill ins(%z : f32) outs(%s : memref<f32>) loc(#sum)
  return
}

// -----

#print = loc("array.print"("prog.mlir":7:3))
#yield = loc("prog.mlir":11:5)
#save = loc("array.save_npy"("prog.mlir":8:3))
#load = loc("array.load_npy"("prog.mlir":2:8))
#matmul = loc("array.matmul"("prog.mlir":9:8))
#copy = loc("array.transpose"("prog.mlir":10:8))

// Runtime calls that do work get spans: a file's shape, allocation and
// read (one span), a BLAS product, copies (one at a location that names no
// array op: named after itself), a print and a save. Runtime calls that
// only mark (ranges) do not, and end a span.
// CHECK-LABEL: func.func @calls(
// CHECK:         arrayrt.host_span_begin "array.load_npy @ prog.mlir:2:8"
// CHECK-NEXT:    arrayrt.npy_shape
// CHECK-NEXT:    memref.alloc
// CHECK-NEXT:    arrayrt.load_npy_into
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    arrayrt.range_push "step"
// CHECK-NEXT:    arrayrt.host_span_begin "array.matmul @ prog.mlir:9:8"
// CHECK-NEXT:    arrayrt.blas_matmul
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    arrayrt.range_pop
// CHECK-NEXT:    arrayrt.host_span_begin "array.transpose @ prog.mlir:10:8"
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    arrayrt.host_span_begin "memref.copy @ prog.mlir:11:5"
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    arrayrt.host_span_begin "array.print @ prog.mlir:7:3"
// CHECK-NEXT:    arrayrt.print
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    arrayrt.host_span_begin "array.save_npy @ prog.mlir:8:3"
// CHECK-NEXT:    arrayrt.save_npy
// CHECK-NEXT:    arrayrt.host_span_end
// CHECK-NEXT:    return
func.func @calls(%a: memref<4x4xf32>, %c: memref<4x4xf32>) {
  %n = arrayrt.npy_shape "x.npy" of f32 : index loc(#load)
  %x = memref.alloc(%n) : memref<?xf32> loc(#load)
  arrayrt.load_npy_into "x.npy", %x : memref<?xf32> loc(#load)
  arrayrt.range_push "step"
  arrayrt.blas_matmul %a, %a into %c {host} : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32> loc(#matmul)
  arrayrt.range_pop
  memref.copy %a, %c : memref<4x4xf32> to memref<4x4xf32> loc(#copy)
  memref.copy %c, %a : memref<4x4xf32> to memref<4x4xf32> loc(#yield)
  arrayrt.print %x : memref<?xf32> loc(#print)
  arrayrt.save_npy %x, "y.npy" : memref<?xf32> loc(#save)
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
#loc = loc("prog.mlir":12:5)
#neg = loc("array.neg"(#loc))

// Work in a loop gets its span inside the loop, once per iteration; ops on
// tensors (not bufferized) and ops without a source location (named after
// themselves) are as they come.
// CHECK-LABEL: func.func @loop(
// CHECK:         scf.for
// CHECK-NEXT:      arrayrt.host_span_begin "array.neg @ prog.mlir:12:5"
// CHECK-NEXT:      linalg.generic
// CHECK:           linalg.yield
// CHECK-NEXT:           }
// CHECK-NEXT:      arrayrt.host_span_end
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<4xf32>)
// CHECK-NEXT:    arrayrt.host_span_begin "linalg.copy"
// CHECK-NEXT:    linalg.copy
// CHECK-NEXT:    arrayrt.host_span_end
func.func @loop(%a: memref<4xf32>, %b: memref<4xf32>, %n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %e = arith.negf %in : f32
      linalg.yield %e : f32
    } loc(#neg)
  }
  %f = linalg.fill ins(%z : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) loc(unknown)
  return %f : tensor<4xf32>
}
