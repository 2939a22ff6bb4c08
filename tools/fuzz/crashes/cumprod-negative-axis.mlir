// array-cpu-pipeline-fuzzer: convert-array-to-linalg lowers a scan with a
// negative axis to `linalg.index -1`, which does not verify ("'linalg.index'
// op attribute 'dim' failed to satisfy constraint: 64-bit signless integer
// attribute whose minimum value is 0"). Found among the seeds
// (test/Dialect/Array/reduction-ops.mlir).
func.func @main() {
  %i = array.full 2 : tensor<5xi32>
  %0 = array.cumprod %i axis -1 : tensor<5xi32> -> tensor<5xi64>
  array.print %0 : tensor<5xi64>
  return
}
