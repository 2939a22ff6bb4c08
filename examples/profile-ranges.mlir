// A row softmax over 2048 x 4096 random float32 values, with its phases in
// named ranges (array.range_push/pop) for profilers. Run it with
//
//   arrayc examples/profile-ranges.mlir -o prof
//   ARRAYRT_PROFILE=1 ARRAYRT_TRACE=trace.json ./prof
//
// for the profile table (per array op: time, share, GB/s; then the ranges)
// and a Chrome trace to open in Perfetto (docs/profiling.md); under Nsight
// Systems the ranges and every op appear as NVTX ranges. Each softmax row
// sums to 1, so the total is the number of rows.
//
// NUMPY-RTOL: 1e-4
// NUMPY: print(np.array(2048.0, np.float32))

func.func @main() {
  array.range_push "inputs"
  %x = array.random_normal seed 7 : tensor<2048x4096xf32>
  array.range_pop

  array.range_push "softmax"
  %max = array.max %x axes [-1] keepdims : tensor<2048x4096xf32> -> tensor<2048x1xf32>
  %shifted = array.sub %x, %max : (tensor<2048x4096xf32>, tensor<2048x1xf32>) -> tensor<2048x4096xf32>
  %e = array.exp %shifted : tensor<2048x4096xf32>
  %sum = array.sum %e axes [-1] keepdims : tensor<2048x4096xf32> -> tensor<2048x1xf32>
  %y = array.div %e, %sum : (tensor<2048x4096xf32>, tensor<2048x1xf32>) -> tensor<2048x4096xf32>
  array.range_pop

  array.range_push "check"
  %total = array.sum %y : tensor<2048x4096xf32> -> tensor<f32>
  array.range_pop
  array.print %total : tensor<f32>
  return
}
