// A two-stream pipeline: a copy stream moves chunk i + 1 to the device
// while a compute stream works on chunk i. The compiler makes the compute
// stream wait for an event behind each copy it reads (no host wait), and
// the host waits only to print. On the CPU target the streams go away.
//
//   arrayc examples/two-streams.mlir -o two-streams && ./two-streams
//
// NUMPY-RTOL: 1e-5
// NUMPY: w = np.array([[0.5, -1.0], [2.0, 0.25], [-0.5, 1.5]], np.float32)
// NUMPY: chunks = [np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32), np.array([[-1.0, 0.0, 1.0], [0.5, 0.5, 0.5]], np.float32), np.array([[2.0, -2.0, 0.0], [1.0, 1.0, -1.0]], np.float32)]
// NUMPY: ys = [np.tanh(c @ w) for c in chunks]
// NUMPY: print(np.concatenate(ys))
// NUMPY: print(sum(y.sum() for y in ys))

func.func @main() {
  %copy = array.stream_create
  %compute = array.stream_create
  %w = array.constant dense<[[0.5, -1.0], [2.0, 0.25], [-0.5, 1.5]]> : tensor<3x2xf32>
  %c0 = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %c1 = array.constant dense<[[-1.0, 0.0, 1.0], [0.5, 0.5, 0.5]]> : tensor<2x3xf32>
  %c2 = array.constant dense<[[2.0, -2.0, 0.0], [1.0, 1.0, -1.0]]> : tensor<2x3xf32>

  %d0 = array.on_stream %copy -> tensor<2x3xf32> {
    %d = array.to_device %c0 : tensor<2x3xf32>
    array.stream_yield %d : tensor<2x3xf32>
  }
  %d1 = array.on_stream %copy -> tensor<2x3xf32> {
    %d = array.to_device %c1 : tensor<2x3xf32>
    array.stream_yield %d : tensor<2x3xf32>
  }
  %y0 = array.on_stream %compute -> tensor<2x2xf32> {
    %m = array.matmul %d0, %w : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    %t = array.tanh %m : tensor<2x2xf32>
    array.stream_yield %t : tensor<2x2xf32>
  }
  %d2 = array.on_stream %copy -> tensor<2x3xf32> {
    %d = array.to_device %c2 : tensor<2x3xf32>
    array.stream_yield %d : tensor<2x3xf32>
  }
  %y1 = array.on_stream %compute -> tensor<2x2xf32> {
    %m = array.matmul %d1, %w : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    %t = array.tanh %m : tensor<2x2xf32>
    array.stream_yield %t : tensor<2x2xf32>
  }
  %y2 = array.on_stream %compute -> tensor<2x2xf32> {
    %m = array.matmul %d2, %w : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    %t = array.tanh %m : tensor<2x2xf32>
    array.stream_yield %t : tensor<2x2xf32>
  }

  %all = array.concatenate %y0, %y1, %y2 axis 0 : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<6x2xf32>
  %total = array.sum %all : tensor<6x2xf32> -> tensor<f32>
  array.print %all : tensor<6x2xf32>
  array.print %total : tensor<f32>
  return
}
