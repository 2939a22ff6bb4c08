// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @reshape_count(%a: tensor<4x3xf32>) -> tensor<5x2xf32> {
  // expected-error @+1 {{'array.reshape' op cannot reshape [4, 3] (12 elements) into [5, 2] (10 elements)}}
  %0 = array.reshape %a : tensor<4x3xf32> -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @reshape_dynamic_result(%a: tensor<?xf32>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'array.reshape' op result shape [?, 2] must be static}}
  %0 = array.reshape %a : tensor<?xf32> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

func.func @reshape_dynamic_multiple(%a: tensor<?x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'array.reshape' op cannot reshape [?, 4] (a multiple of 4 elements) into [2, 3] (6 elements)}}
  %0 = array.reshape %a : tensor<?x4xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reshape_element_type(%a: tensor<4xf32>) -> tensor<2x2xf64> {
  // expected-error @+1 {{'array.reshape' op result element type 'f64' differs from the operand's 'f32'}}
  %0 = array.reshape %a : tensor<4xf32> -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

func.func @transpose_not_permutation(%a: tensor<4x3xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'array.transpose' op permutation [0, 0] is not a permutation of the 2 axes 0..1}}
  %0 = array.transpose %a permutation [0, 0] : tensor<4x3xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @transpose_length(%a: tensor<4x3xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'array.transpose' op permutation has 3 entries for an operand of rank 2}}
  %0 = array.transpose %a permutation [1, 0, 2] : tensor<4x3xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @transpose_shape(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'array.transpose' op result shape [4, 3] should be [3, 4] (the operand shape [4, 3] permuted by [1, 0])}}
  %0 = array.transpose %a : tensor<4x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @broadcast_to_mismatch(%a: tensor<3xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'array.broadcast_to' op cannot broadcast [3] to [4, 5] (dimension 1: 3 vs 5)}}
  %0 = array.broadcast_to %a : tensor<3xf32> -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @broadcast_to_lower_rank(%a: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.broadcast_to' op cannot broadcast [2, 3] to [3] of lower rank}}
  %0 = array.broadcast_to %a : tensor<2x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @broadcast_to_dynamic_from_static(%a: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'array.broadcast_to' op dynamic result dimension 0 needs a dynamic operand dimension to take its size from, found 1}}
  %0 = array.broadcast_to %a : tensor<1xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @expand_dims_axis(%a: tensor<4x3xf32>) -> tensor<4x3x1xf32> {
  // expected-error @+1 {{'array.expand_dims' op axis 3 is out of range for rank 3 (the result's)}}
  %0 = array.expand_dims %a axis 3 : tensor<4x3xf32> -> tensor<4x3x1xf32>
  return %0 : tensor<4x3x1xf32>
}

// -----

func.func @expand_dims_shape(%a: tensor<4x3xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'array.expand_dims' op result shape [1, 4, 3] should be [4, 1, 3]}}
  %0 = array.expand_dims %a axis -2 : tensor<4x3xf32> -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @squeeze_not_one(%a: tensor<1x3xf32>) -> tensor<1xf32> {
  // expected-error @+1 {{'array.squeeze' op cannot squeeze axis 1 of size 3 (only axes of static size 1 can be squeezed)}}
  %0 = array.squeeze %a axes [1] : tensor<1x3xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @squeeze_dynamic(%a: tensor<1x?xf32>) -> tensor<1xf32> {
  // expected-error @+1 {{'array.squeeze' op cannot squeeze axis -1 of size ? (only axes of static size 1 can be squeezed)}}
  %0 = array.squeeze %a axes [-1] : tensor<1x?xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @squeeze_axis(%a: tensor<1x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.squeeze' op axis 2 is out of range for rank 2}}
  %0 = array.squeeze %a axes [2] : tensor<1x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @squeeze_repeated(%a: tensor<1x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.squeeze' op axis -2 is repeated}}
  %0 = array.squeeze %a axes [0, -2] : tensor<1x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @squeeze_shape(%a: tensor<1x3x1xf32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{'array.squeeze' op result shape [1, 3] should be [3]}}
  %0 = array.squeeze %a : tensor<1x3x1xf32> -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @slice_length(%a: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'array.slice' op result shape [4, 4] should be [3, 4] (the lengths of the slices)}}
  %0 = array.slice %a [1:7:2] : tensor<8x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @slice_zero_step(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{slice step cannot be zero}}
  %0 = array.slice %a [::0] : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @slice_too_many(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected at most 1 slices for an operand of rank 1, found 2}}
  %0 = array.slice %a [:, :] : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @slice_dynamic(%a: tensor<?xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{dimension 0 of the operand is dynamic; array.slice needs a static operand shape}}
  %0 = array.slice %a [0:2] : tensor<?xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// The generic form is checked too: start and stop must be resolved.
func.func @slice_not_normalized(%a: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'array.slice' op slice 9:11:1 of dimension 0 is not normalized for size 8 (start and stop in [0, 8] for a positive step)}}
  %0 = "array.slice"(%a) {start = array<i64: 9>, stop = array<i64: 11>, step = array<i64: 1>} : (tensor<8xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @concatenate_shapes(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'array.concatenate' op operand shapes [2, 3] and [2, 4] (operand 1) differ in dimension 1, which is not the concatenation axis 0}}
  %0 = array.concatenate %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @concatenate_rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'array.concatenate' op operand 1 has rank 1, expected 2 (the rank of operand 0)}}
  %0 = array.concatenate %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @concatenate_axis(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'array.concatenate' op axis -3 is out of range for rank 2}}
  %0 = array.concatenate %a axis -3 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concatenate_result(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'array.concatenate' op result shape [5, 3] should be [?, 3]}}
  %0 = array.concatenate %a, %b : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @concatenate_promotion(%a: tensor<2xi32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.concatenate' op result element type 'f32' should be 'f64' (float64), the promotion of the operands' element types}}
  %0 = array.concatenate %a, %b : (tensor<2xi32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_rank0(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'array.concatenate' op cannot concatenate rank-0 arrays}}
  %0 = array.concatenate %a : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @stack_shapes(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'array.stack' op operand shapes [3] and [4] (operand 1) differ; stacked arrays must have one shape}}
  %0 = array.stack %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @stack_axis(%a: tensor<3xf32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{'array.stack' op axis 2 is out of range for rank 2 (the result's)}}
  %0 = array.stack %a axis 2 : (tensor<3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @stack_result(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'array.stack' op result shape [2, 3] should be [3, 2]}}
  %0 = array.stack %a, %b axis 1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_negative(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.pad' op pad widths must be non-negative, found -1 before and 1 after dimension 0}}
  %0 = array.pad %a low [-1] high [1] : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_rank(%a: tensor<3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'array.pad' op expected 1 low and high pad widths for an operand of rank 1, found 2 and 1}}
  %0 = array.pad %a low [1, 1] high [1] : tensor<3xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @pad_shape(%a: tensor<3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'array.pad' op result shape [6] should be [5]}}
  %0 = array.pad %a low [1] high [1] : tensor<3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_value(%a: tensor<3xi8>) -> tensor<5xi8> {
  // expected-error @+1 {{value 300 does not fit in element type 'i8'}}
  %0 = array.pad %a low [1] high [1] value 300 : tensor<3xi8> -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

// -----

func.func @take_axis(%a: tensor<5x3xf32>, %i: tensor<4xi64>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'array.take' op axis 2 is out of range for rank 2}}
  %0 = array.take %a, %i axis 2 : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @take_shape(%a: tensor<5x3xf32>, %i: tensor<4xi64>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'array.take' op result shape [4, 3] should be [5, 4] (the operand shape with axis 1 replaced by the indices' shape)}}
  %0 = array.take %a, %i axis 1 : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @take_index_type(%a: tensor<5xf32>, %i: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.take' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values}}
  %0 = array.take %a, %i axis 0 : (tensor<5xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @take_empty_axis(%a: tensor<0xf32>, %i: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.take' op cannot take from axis 0 of size 0}}
  %0 = array.take %a, %i axis 0 : (tensor<0xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
