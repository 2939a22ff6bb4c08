func.func @main() {
  %c = arith.constant 1 : index
  return
}
