// One k-means (Lloyd) step: assign each point to its nearest centroid, then
// move each centroid to the mean of its points. Distances broadcast points
// (N, 1, D) against centroids (1, K, D); the new centroids are a one-hot
// matrix product.
//
// NUMPY-RTOL: 1e-5
// NUMPY: p = np.array([[0.0, 0.0], [0.5, -0.2], [-0.3, 0.4], [5.0, 5.0], [5.5, 4.5], [4.8, 5.3], [-4.0, 6.0], [-5.0, 5.5]], np.float32)
// NUMPY: c = np.array([[0.0, 1.0], [6.0, 6.0], [-4.0, 4.0]], np.float32)
// NUMPY: d = ((p[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
// NUMPY: labels = d.argmin(axis=1)
// NUMPY: print(labels)
// NUMPY: onehot = (labels[:, None] == np.arange(3)[None, :]).astype(np.float32)
// NUMPY: print((onehot.T @ p) / onehot.sum(axis=0)[:, None])

func.func @kmeans_step(%p: tensor<8x2xf32>, %c: tensor<3x2xf32>) -> (tensor<8xi64>, tensor<3x2xf32>) {
  %p3 = array.expand_dims %p axis 1 : tensor<8x2xf32> -> tensor<8x1x2xf32>
  %c3 = array.expand_dims %c axis 0 : tensor<3x2xf32> -> tensor<1x3x2xf32>
  %diff = array.sub %p3, %c3 : (tensor<8x1x2xf32>, tensor<1x3x2xf32>) -> tensor<8x3x2xf32>
  %sq = array.mul %diff, %diff : (tensor<8x3x2xf32>, tensor<8x3x2xf32>) -> tensor<8x3x2xf32>
  %dist = array.sum %sq axes [2] : tensor<8x3x2xf32> -> tensor<8x3xf32>
  %labels = array.argmin %dist axis 1 : tensor<8x3xf32> -> tensor<8xi64>

  %l2 = array.expand_dims %labels axis 1 : tensor<8xi64> -> tensor<8x1xi64>
  %ks = array.arange 0, 3, 1 : tensor<3xi64>
  %hit = array.equal %l2, %ks : (tensor<8x1xi64>, tensor<3xi64>) -> tensor<8x3xi1>
  %onehot = array.astype %hit : tensor<8x3xi1> -> tensor<8x3xf32>
  %ot = array.transpose %onehot : tensor<8x3xf32> -> tensor<3x8xf32>
  %sums = array.matmul %ot, %p : (tensor<3x8xf32>, tensor<8x2xf32>) -> tensor<3x2xf32>
  %counts = array.sum %onehot axes [0] keepdims : tensor<8x3xf32> -> tensor<1x3xf32>
  %ct = array.transpose %counts : tensor<1x3xf32> -> tensor<3x1xf32>
  %centroids = array.div %sums, %ct : (tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
  return %labels, %centroids : tensor<8xi64>, tensor<3x2xf32>
}

func.func @main() {
  %p = array.constant dense<[[0.0, 0.0], [0.5, -0.2], [-0.3, 0.4], [5.0, 5.0],
                             [5.5, 4.5], [4.8, 5.3], [-4.0, 6.0], [-5.0, 5.5]]> : tensor<8x2xf32>
  %c = array.constant dense<[[0.0, 1.0], [6.0, 6.0], [-4.0, 4.0]]> : tensor<3x2xf32>
  %labels, %centroids = call @kmeans_step(%p, %c) : (tensor<8x2xf32>, tensor<3x2xf32>) -> (tensor<8xi64>, tensor<3x2xf32>)
  array.print %labels : tensor<8xi64>
  array.print %centroids : tensor<3x2xf32>
  return
}
