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

// -----

//===----------------------------------------------------------------------===//
// array.full
//===----------------------------------------------------------------------===//

func.func @full_i32_overflow() -> tensor<4xi32> {
  // expected-error @+1 {{value 3000000000 does not fit in element type 'i32'}}
  %0 = array.full 3000000000 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @full_i32_underflow() -> tensor<4xi32> {
  // expected-error @+1 {{value -2147483649 does not fit in element type 'i32'}}
  %0 = array.full -2147483649 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// The unsigned range does not count: i32 is signed.
func.func @full_i32_unsigned_max() -> tensor<i32> {
  // expected-error @+1 {{value 4294967295 does not fit in element type 'i32'}}
  %0 = array.full 4294967295 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @full_i64_overflow() -> tensor<4xi64> {
  // expected-error @+1 {{value 9223372036854775808 does not fit in element type 'i64'}}
  %0 = array.full 9223372036854775808 : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @full_float_for_int() -> tensor<4xi32> {
  // expected-error @+1 {{expected an integer value for element type 'i32', found 1.5}}
  %0 = array.full 1.5 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// 2.0 is integral but still a float literal.
func.func @full_integral_float_for_int() -> tensor<4xi64> {
  // expected-error @+1 {{expected an integer value for element type 'i64', found 2.0}}
  %0 = array.full 2.0 : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @full_inf_for_int() -> tensor<4xi64> {
  // expected-error @+1 {{expected an integer value for element type 'i64'}}
  %0 = array.full -inf : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @full_nan_for_int() -> tensor<4xi32> {
  // expected-error @+1 {{expected an integer value for element type 'i32'}}
  %0 = array.full nan : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @full_not_a_number() -> tensor<4xf32> {
  // expected-error @+1 {{expected floating point literal}}
  %0 = array.full true : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @full_missing_size(%n: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'array.full' op expected 2 dynamic size operands for result type 'tensor<?x?xf32>', found 1}}
  %0 = array.full(%n) 0.0 : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @full_extra_size(%n: index) -> tensor<4xf64> {
  // expected-error @+1 {{'array.full' op expected 0 dynamic size operands for result type 'tensor<4xf64>', found 1}}
  %0 = array.full(%n) 0.0 : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @full_no_size() -> tensor<?xi32> {
  // expected-error @+1 {{'array.full' op expected 1 dynamic size operands for result type 'tensor<?xi32>', found 0}}
  %0 = array.full 7 : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @full_size_not_index(%n: i64) -> tensor<?xi32> {
  // expected-error @+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i64'}}
  %0 = array.full(%n) 7 : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @full_unranked() -> tensor<*xf32> {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = array.full 1.0 : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @full_memref() -> memref<4xf32> {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'memref<4xf32>'}}
  %0 = array.full 1.0 : memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// In generic form the value attribute carries its own type.
func.func @full_value_type() -> tensor<4xf32> {
  // expected-error @+1 {{'array.full' op value type 'f64' differs from result element type 'f32'}}
  %0 = "array.full"() <{value = 1.0 : f64}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @full_value_int_type() -> tensor<4xi64> {
  // expected-error @+1 {{'array.full' op value type 'i32' differs from result element type 'i64'}}
  %0 = "array.full"() <{value = 1 : i32}> : () -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// A string attribute is typed, with type none.
func.func @full_value_not_typed() -> tensor<4xf32> {
  // expected-error @+1 {{'array.full' op value type 'none' differs from result element type 'f32'}}
  %0 = "array.full"() <{value = "one"}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// array.constant
//===----------------------------------------------------------------------===//

func.func @constant_scalar() -> tensor<f32> {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = array.constant 1.0 : f32
  return %0 : tensor<f32>
}

// -----

func.func @constant_scalar_generic() -> tensor<f32> {
  // expected-error @+1 {{invalid properties {value = 1.000000e+00 : f32} for op array.constant: Invalid attribute `value` in property conversion: 1.000000e+00 : f32}}
  %0 = "array.constant"() <{value = 1.0 : f32}> : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @constant_array_attr() -> tensor<2xi32> {
  // expected-error @+1 {{invalid properties {value = [1 : i32, 2 : i32]} for op array.constant: Invalid attribute `value` in property conversion}}
  %0 = "array.constant"() <{value = [1 : i32, 2 : i32]}> : () -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @constant_type_mismatch() -> tensor<3xf32> {
  // expected-error @+1 {{'array.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "array.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @constant_vector() -> vector<2xf32> {
  // expected-error @+1 {{'array.constant' op result #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'vector<2xf32>'}}
  %0 = array.constant dense<1.0> : vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

func.func @full_index() -> tensor<2xindex> {
  // expected-error @+1 {{custom op 'array.full' expected a tensor of an array element type (i1, i8-i64, ui8-ui64, f16, bf16, f32, f64), found element type 'index'}}
  %0 = array.full 1 : tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

func.func @full_f32_overflow() -> tensor<f32> {
  // expected-error @+1 {{custom op 'array.full' value 1.0e+39 is out of the range of element type 'f32'}}
  %0 = array.full 1.0e39 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @full_inf_for_int() -> tensor<2xi32> {
  // expected-error @+1 {{custom op 'array.full' expected an integer value for element type 'i32', found -inf}}
  %0 = array.full -inf : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @empty_missing_size(%n: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'array.empty' op expected 2 dynamic size operands for result type 'tensor<?x?xf32>', found 1}}
  %0 = array.empty(%n) : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
