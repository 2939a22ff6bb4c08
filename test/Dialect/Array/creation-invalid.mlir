// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @arange_length() -> tensor<4xi64> {
  // expected-error @+1 {{'array.arange' op result has 4 elements, but the range has 5}}
  %0 = array.arange 0, 10, 2 : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @arange_float_length() -> tensor<3xf32> {
  // expected-error @+1 {{'array.arange' op result has 3 elements, but the range has 4}}
  %0 = array.arange 0.0, 1.0, 0.3 : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @arange_zero_step() -> tensor<0xi32> {
  // expected-error @+1 {{'array.arange' op step cannot be zero}}
  %0 = array.arange 0, 10, 0 : tensor<0xi32>
  return %0 : tensor<0xi32>
}

// -----

func.func @arange_float_literal_int_type() -> tensor<2xi32> {
  // expected-error @+1 {{'array.arange' op integer element type 'i32' needs integer start, stop and step}}
  %0 = array.arange 0, 1, 0.5 : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @arange_overflow() -> tensor<200xi8> {
  // expected-error @+1 {{'array.arange' op value 199 of the range does not fit in element type 'i8'}}
  %0 = array.arange 0, 200, 1 : tensor<200xi8>
  return %0 : tensor<200xi8>
}

// -----

func.func @arange_rank() -> tensor<2x2xf32> {
  // expected-error @+1 {{'array.arange' op expected a 1-D result of static size, found 'tensor<2x2xf32>'}}
  %0 = array.arange 0, 4, 1 : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @arange_bool() -> tensor<2xi1> {
  // expected-error @+1 {{'array.arange' op expected a numeric element type, found i1 (bool)}}
  %0 = array.arange 0, 2, 1 : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @arange_values() -> tensor<2xf32> {
  // expected-error @+1 {{expected start, stop and step, found 2 values}}
  %0 = array.arange 0, 2 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @linspace_dynamic(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{'array.linspace' op expected a 1-D result of static size, found 'tensor<?xf32>'}}
  %0 = array.linspace 0.0, 1.0 : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @linspace_values() -> tensor<2xf32> {
  // expected-error @+1 {{expected start and stop, found 3 values}}
  %0 = array.linspace 0.0, 1.0, 2.0 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @eye_rank() -> tensor<3xf32> {
  // expected-error @+1 {{'array.eye' op expected a 2-D result of static shape, found 'tensor<3xf32>'}}
  %0 = array.eye : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @random_sizes(%n: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'array.random_uniform' op expected 2 dynamic size operands for result type 'tensor<?x?xf32>', found 1}}
  %0 = array.random_uniform(%n) seed 1 : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @random_int() -> tensor<4xi32> {
  // expected-error @+1 {{'array.random_normal' op result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
  %0 = array.random_normal seed 1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @full_negative_unsigned() -> tensor<2xui8> {
  // expected-error @+1 {{value -1 does not fit in element type 'ui8'}}
  %0 = array.full -1 : tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

func.func @full_unsigned_too_large() -> tensor<2xui8> {
  // expected-error @+1 {{value 256 does not fit in element type 'ui8'}}
  %0 = array.full 256 : tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

func.func @full_above_uint64() -> tensor<2xui64> {
  // expected-error @+1 {{integer value out of the range of i64 and ui64}}
  %0 = array.full 18446744073709551616 : tensor<2xui64>
  return %0 : tensor<2xui64>
}

// -----

func.func @full_below_int64() -> tensor<2xi64> {
  // expected-error @+1 {{integer value out of the range of i64 and ui64}}
  %0 = array.full -9223372036854775809 : tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @arange_above_int64() -> tensor<2xui64> {
  // expected-error @+1 {{integer value out of the range of i64}}
  %0 = array.arange 18446744073709551615, 0, -1 : tensor<2xui64>
  return %0 : tensor<2xui64>
}

// -----

func.func @full_bool_negative() -> tensor<2xi1> {
  // expected-error @+1 {{expected 0 or 1 for a bool (i1) array, found -1}}
  %0 = array.full -1 : tensor<2xi1>
  return %0 : tensor<2xi1>
}
