// RUN: array-opt %s --array-to-cpu-pipeline='export=library export-prefix=prog' \
// RUN:   | FileCheck %s
// RUN: array-opt %s --array-to-cpu-pipeline=export=entry | FileCheck %s --check-prefix=ENTRY

// The packed entry point loads each argument through args[i]: a memref
// descriptor for a tensor, the value for a scalar; it stores each result's
// descriptor through results[j].
// CHECK-LABEL: llvm.func internal @__arrayc_packed_main(
// CHECK-SAME: %[[ARGS:.+]]: !llvm.ptr, %[[RESULTS:.+]]: !llvm.ptr)
// CHECK: %[[SLOT0:.+]] = llvm.getelementptr %[[ARGS]][0]
// CHECK: %[[P0:.+]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[D0:.+]] = llvm.load %[[P0]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-COUNT-7: llvm.extractvalue %[[D0]]
// CHECK: %[[SLOT1:.+]] = llvm.getelementptr %[[ARGS]][1]
// CHECK: %[[P1:.+]] = llvm.load %[[SLOT1]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[S:.+]] = llvm.load %[[P1]] : !llvm.ptr -> f16
// CHECK: %[[P2:.+]] = llvm.load %{{.+}} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[B:.+]] = llvm.load %[[P2]] : !llvm.ptr -> i1
// CHECK: %[[R:.+]] = llvm.call @main({{.+}}, %[[S]], %[[B]])
// CHECK: %[[RSLOT:.+]] = llvm.getelementptr %[[RESULTS]][0]
// CHECK: %[[RP:.+]] = llvm.load %[[RSLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.store %[[R]], %[[RP]]

// The module's table: version 1, one function, its name, flags
// (ARRAYRT_ABI_STREAM_ORDERED = 2 for a library function on the cpu
// target), 3 arguments and 1 result, its packed entry point.
// CHECK-LABEL: llvm.mlir.global private constant @__arrayc_abi_functions_prog()
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(3 : i32)
// CHECK: llvm.mlir.constant(1 : i32)
// CHECK: llvm.mlir.addressof @__arrayc_packed_main
// CHECK-LABEL: llvm.mlir.global private constant @__arrayc_abi_module_prog()
// CHECK: llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.mlir.addressof @__arrayc_abi_functions_prog

// The library's C functions: each calls arrayrt_abi_call with the module.
// CHECK-LABEL: llvm.func @prog_module() -> !llvm.ptr
// CHECK-LABEL: llvm.func @prog_last_error() -> !llvm.ptr
// CHECK: llvm.call @arrayrt_abi_last_error()
// CHECK-LABEL: llvm.func @prog_stream_wait(
// CHECK: llvm.call @arrayrt_abi_stream_wait(
// CHECK-LABEL: llvm.func @prog_call(
// CHECK: llvm.call @arrayrt_abi_call(

// A tensor is a pointer (its DLTensor), f16 its bits (i16), bool a byte;
// then the results and the stream. Scalars go through a stack slot.
// CHECK-LABEL: llvm.func @prog_main(
// CHECK-SAME: %[[X:.+]]: !llvm.ptr, %[[H:.+]]: i16, %[[F:.+]]: i8, %[[OUT:.+]]: !llvm.ptr, %[[STREAM:.+]]: !llvm.ptr) -> i32
// CHECK: %[[ARGV:.+]] = llvm.alloca %{{.+}} x !llvm.ptr
// CHECK: %[[RESV:.+]] = llvm.alloca %{{.+}} x !llvm.ptr
// CHECK: llvm.store %[[X]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK: %[[HSLOT:.+]] = llvm.alloca %{{.+}} x i16
// CHECK: llvm.store %[[H]], %[[HSLOT]] : i16, !llvm.ptr
// CHECK: llvm.store %[[OUT]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK: %[[INDEX:.+]] = llvm.mlir.constant(0 : i32)
// CHECK: %[[MODE:.+]] = llvm.mlir.constant(0 : i32)
// CHECK: llvm.call @arrayrt_abi_call(%{{.+}}, %[[INDEX]], %[[ARGV]], %[[RESV]], %[[MODE]], %[[STREAM]])
// CHECK-LABEL: llvm.func @prog_main_into(
// CHECK: llvm.mlir.constant(1 : i32)

// An executable's @main: its table is the external global arrayc_program
// (flags 0: not stream ordered, host memory).
// ENTRY: llvm.func internal @__arrayc_packed_main(
// ENTRY-LABEL: llvm.mlir.global external constant @arrayc_program()
// ENTRY: llvm.mlir.constant(0 : i32)
// ENTRY: llvm.mlir.constant(3 : i32)
// ENTRY-NOT: llvm.func @prog_
func.func @main(%x: tensor<?x4xf32>, %s: f16, %flag: i1) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}
