// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @empty_name() {
  // expected-error @+1 {{'array.range_push' op needs a non-empty range name}}
  array.range_push ""
  array.range_pop
  return
}

// -----

func.func @nul_in_name() {
  // expected-error @+1 {{range name must not contain a NUL character}}
  array.range_push "a\00b"
  array.range_pop
  return
}

// -----

func.func @name_is_a_string() {
  // expected-error @+1 {{expected attribute value}}
  array.range_push
  return
}
