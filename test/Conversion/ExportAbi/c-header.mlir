// RUN: array-opt %s --array-mark-exports='kind=library prefix=prog' \
// RUN:   | array-translate --arrayc-to-c-header | FileCheck %s
// The header compiles as C and as C++.
// RUN: array-opt %s --array-mark-exports='kind=library prefix=prog' \
// RUN:   | array-translate --arrayc-to-c-header > %t.h
// RUN: cc -fsyntax-only -std=c99 -Wall -Wextra -pedantic -Werror -x c %t.h
// RUN: c++ -fsyntax-only -std=c++17 -Wall -Wextra -pedantic -Werror -x c++ %t.h
// RUN: array-opt %s | not array-translate --arrayc-to-c-header 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONE

// CHECK: #ifndef PROG_H
// CHECK: #include <dlpack/dlpack.h>
// CHECK: PROG_OK = 0,
// CHECK: PROG_INVALID_ARGUMENT = 1,

// Arguments keep their names; names that are not C identifiers, are C
// keywords or repeat another become arg<i>. Scalars take their C types
// (f16 as its bits); index is int64_t.
// CHECK: /* softmax(x: tensor<?x?xf32>, arg1: f16, arg2: index, flag: i1) -> tensor<?x?xf32>
// CHECK-NEXT: int32_t prog_softmax(const DLTensor *x, uint16_t arg1, int64_t arg2, bool flag, DLManagedTensor **result0, void *stream);
// CHECK-NEXT: int32_t prog_softmax_into(const DLTensor *x, uint16_t arg1, int64_t arg2, bool flag, DLTensor *result0, void *stream);

// Several results, unsigned and 64-bit scalars.
// CHECK: /* stats(arg0: tensor<8xui8>, arg1: ui32, arg2: f64) -> (tensor<f64>, tensor<8xi64>)
// CHECK-NEXT: int32_t prog_stats(const DLTensor *arg0, uint32_t arg1, double arg2, DLManagedTensor **result0, DLManagedTensor **result1, void *stream);
// CHECK-NEXT: int32_t prog_stats_into(const DLTensor *arg0, uint32_t arg1, double arg2, DLTensor *result0, DLTensor *result1, void *stream);

// CHECK: const char *prog_last_error(void);
// CHECK: int32_t prog_stream_wait(void *waiter, void *stream);
// CHECK: const struct arrayrt_abi_module *prog_module(void);
// CHECK: int32_t prog_call(int32_t function, void *const *args, void *const *results,
// CHECK: #endif /* PROG_H */

// NONE: error: no library function to declare (run array-mark-exports with kind=library first)

func.func @softmax(%x: tensor<?x?xf32> {arrayrt.name = "x"},
                   %h: f16 {arrayrt.name = "double"},
                   %n: index {arrayrt.name = "x"},
                   %b: i1 {arrayrt.name = "flag"}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}

func.func @stats(%x: tensor<8xui8>, %k: ui32, %s: f64) -> (tensor<f64>, tensor<8xi64>) {
  %m = array.constant dense<1.0> : tensor<f64>
  %i = array.constant dense<2> : tensor<8xi64>
  return %m, %i : tensor<f64>, tensor<8xi64>
}

func.func private @helper(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
