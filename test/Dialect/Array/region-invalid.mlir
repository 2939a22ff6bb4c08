// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @map_args(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.map' op the body region takes ('f64') but should take ('f32')}}
  %0 = array.map %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: f64):
    %t = arith.truncf %a : f64 to f32
    array.yield %t : f32
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @map_result(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.map' op result element type 'f64' should be 'f32' (float32) for operands of float32}}
  %0 = array.map %x : (tensor<4xf32>) -> tensor<4xf64> {
  ^bb0(%a: f32):
    array.yield %a : f32
  }
  return %0 : tensor<4xf64>
}

// -----

func.func @map_shape(%x: tensor<4xf32>, %y: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.map' op operand shapes [4] and [5] do not broadcast (dimension 0: 4 vs 5)}}
  %0 = array.map %x, %y : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    array.yield %a : f32
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_map_type(%x: tensor<4xf32>) -> tensor<f64> {
  // expected-error @+1 {{'array.reduce' op the map region yields 'f32' but the accumulator (identity) type is 'f64'}}
  %0 = array.reduce %x identity 0.0 : f64 : tensor<4xf32> -> tensor<f64>
    map {
    ^bb0(%v: f32):
      array.yield %v : f32
    } combine {
    ^bb0(%acc: f64, %v: f64):
      array.yield %acc : f64
    }
  return %0 : tensor<f64>
}

// -----

func.func @reduce_combine_args(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'array.reduce' op the combine region takes ('f32') but should take ('f32', 'f32')}}
  %0 = array.reduce %x identity 0.0 : f32 : tensor<4xf32> -> tensor<f32>
    map {
    ^bb0(%v: f32):
      array.yield %v : f32
    } combine {
    ^bb0(%acc: f32):
      array.yield %acc : f32
    }
  return %0 : tensor<f32>
}

// -----

func.func @reduce_result(%x: tensor<4x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'array.reduce' op result shape [2] should be [4] (operand shape [4, 2] reduced over [1])}}
  %0 = array.reduce %x axes [1] identity 0.0 : f32 : tensor<4x2xf32> -> tensor<2xf32>
    map {
    ^bb0(%v: f32):
      array.yield %v : f32
    } combine {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.addf %acc, %v : f32
      array.yield %s : f32
    }
  return %0 : tensor<2xf32>
}

// -----

func.func @yield_outside(%v: f32) {
  // expected-error @+1 {{'array.yield' op expects parent op to be one of 'array.map, array.reduce'}}
  array.yield %v : f32
}

// -----

func.func @map_without_yield(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.map' op the body region must end with array.yield}}
  %0 = array.map %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32):
    func.return
  }
  return %0 : tensor<4xf32>
}

// -----

// arith computes on signless integers: an unsigned element arrives as i8.
func.func @map_unsigned_argument(%a: tensor<4xui8>) -> tensor<4xui8> {
  // expected-error @+1 {{'array.map' op the body region takes ('ui8') but should take ('i8')}}
  %0 = array.map %a : (tensor<4xui8>) -> tensor<4xui8> {
  ^bb0(%x: ui8):
    array.yield %x : ui8
  }
  return %0 : tensor<4xui8>
}
