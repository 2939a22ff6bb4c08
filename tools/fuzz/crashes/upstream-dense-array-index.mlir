// Upstream MLIR 22 (not the project's): the dense array attribute parser
// calls getIntOrFloatBitWidth() on `index` and crashes (segfault in the
// release build, an assertion in an assert build). Reported as
// llvm/llvm-project#179045 (a tosa.variable reproducer), fixed by #179075
// after 22.1 (`index` is rejected with a diagnostic). Any op's attribute
// reaches it:
func.func @f() attributes {a = array<index: 1>} {
  return
}
