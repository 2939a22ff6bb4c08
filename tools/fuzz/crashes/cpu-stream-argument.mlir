// array-cpu-pipeline-fuzzer: the CPU pipeline succeeds on a function that
// takes an !array.stream, but leaves the func.func unconverted, so the
// result does not translate to LLVM IR ("missing
// LLVMTranslationDialectInterface registration for dialect for op:
// func.func"). Found among the seeds (test/Dialect/Array/stream-ops.mlir).
func.func @markers(%s: !array.stream) {
  return
}
