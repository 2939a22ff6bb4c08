// Training-loop shapes that users write: k-means whose scf.for carries the
// centroids and reads a point set of dynamic size, and nested loops of
// minibatch gradient steps that pick rows with array.take (rows named by a
// dynamic slice of an index array), on both targets.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: rng = np.random.default_rng(7)
// NUMPY: p = np.concatenate([rng.normal(0, 1, (50, 2)), rng.normal(5, 1, (50, 2)), rng.normal((-4, 6), 1, (28, 2))]).astype(np.float32); np.save("points.npy", p)
// NUMPY: c = np.array([[0.0, 1.0], [6.0, 6.0], [-4.0, 4.0]], np.float32)
// NUMPY: ks = np.arange(3)
// NUMPY: for _ in range(10): lab = ((p[:, None, :] - c[None, :, :]) ** 2).sum(axis=2, dtype=np.float64).astype(np.float32).argmin(axis=1); oh = (lab[:, None] == ks[None, :]).astype(np.float32); c = (oh.T @ p) / oh.sum(axis=0, dtype=np.float64).astype(np.float32)[:, None]
// NUMPY: print(c)
// NUMPY: X = rng.normal(0, 1, (64, 5)).astype(np.float32); np.save("X.npy", X)
// NUMPY: y = (X @ (np.arange(5, dtype=np.float32) / 5)).astype(np.float32); np.save("y.npy", y)
// NUMPY: idx = rng.integers(0, 64, (4, 8)).astype(np.int64); np.save("idx.npy", idx)
// NUMPY: w = np.zeros(5, np.float32)
// NUMPY: for _ in range(3): exec("for b in range(idx.shape[0]): xb = X[idx[b]]; w = w - (xb.T @ (xb @ w - y[idx[b]])) * np.float32(0.1)")
// NUMPY: print(w)

func.func @kmeans(%p: tensor<?x2xf32>, %c0: tensor<3x2xf32>, %iters: index) -> tensor<3x2xf32> {
  %lo = arith.constant 0 : index
  %one = arith.constant 1 : index
  %ks = array.arange 0, 3, 1 : tensor<3xi64>
  %c = scf.for %i = %lo to %iters step %one iter_args(%ci = %c0) -> (tensor<3x2xf32>) {
    %p3 = array.expand_dims %p axis 1 : tensor<?x2xf32> -> tensor<?x1x2xf32>
    %c3 = array.expand_dims %ci axis 0 : tensor<3x2xf32> -> tensor<1x3x2xf32>
    %diff = array.sub %p3, %c3 : (tensor<?x1x2xf32>, tensor<1x3x2xf32>) -> tensor<?x3x2xf32>
    %sq = array.mul %diff, %diff : (tensor<?x3x2xf32>, tensor<?x3x2xf32>) -> tensor<?x3x2xf32>
    %dist = array.sum %sq axes [2] : tensor<?x3x2xf32> -> tensor<?x3xf32>
    %labels = array.argmin %dist axis 1 : tensor<?x3xf32> -> tensor<?xi64>
    %l2 = array.expand_dims %labels axis 1 : tensor<?xi64> -> tensor<?x1xi64>
    %hit = array.equal %l2, %ks : (tensor<?x1xi64>, tensor<3xi64>) -> tensor<?x3xi1>
    %onehot = array.astype %hit : tensor<?x3xi1> -> tensor<?x3xf32>
    %ot = array.transpose %onehot : tensor<?x3xf32> -> tensor<3x?xf32>
    %sums = array.matmul %ot, %p : (tensor<3x?xf32>, tensor<?x2xf32>) -> tensor<3x2xf32>
    %counts = array.sum %onehot axes [0] keepdims : tensor<?x3xf32> -> tensor<1x3xf32>
    %ct = array.transpose %counts : tensor<1x3xf32> -> tensor<3x1xf32>
    %cn = array.div %sums, %ct : (tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
    scf.yield %cn : tensor<3x2xf32>
  }
  return %c : tensor<3x2xf32>
}

func.func @minibatch(%X: tensor<?x?xf32>, %y: tensor<?xf32>, %idx: tensor<?x?xi64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %epochs = arith.constant 3 : index
  %nb = tensor.dim %idx, %c0 : tensor<?x?xi64>
  %d = tensor.dim %X, %c1 : tensor<?x?xf32>
  %w0 = array.full(%d) 0.0 : tensor<?xf32>
  %lr = array.full 0.1 : tensor<f32>
  %w = scf.for %e = %c0 to %epochs step %c1 iter_args(%we = %w0) -> (tensor<?xf32>) {
    %wb = scf.for %b = %c0 to %nb step %c1 iter_args(%wi = %we) -> (tensor<?xf32>) {
      %bi = tensor.extract_slice %idx[%b, 0] [1, 8] [1, 1] : tensor<?x?xi64> to tensor<8xi64>
      %xb = array.take %X, %bi axis 0 : (tensor<?x?xf32>, tensor<8xi64>) -> tensor<8x?xf32>
      %yb = array.take %y, %bi axis 0 : (tensor<?xf32>, tensor<8xi64>) -> tensor<8xf32>
      %pred = array.matmul %xb, %wi : (tensor<8x?xf32>, tensor<?xf32>) -> tensor<8xf32>
      %err = array.sub %pred, %yb : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      %xt = array.transpose %xb : tensor<8x?xf32> -> tensor<?x8xf32>
      %g = array.matmul %xt, %err : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?xf32>
      %gs = array.mul %g, %lr : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
      %wn = array.sub %wi, %gs : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
      scf.yield %wn : tensor<?xf32>
    }
    scf.yield %wb : tensor<?xf32>
  }
  return %w : tensor<?xf32>
}

func.func @main() {
  %p = array.load_npy "points.npy" : tensor<?x2xf32>
  %c0 = array.constant dense<[[0.0, 1.0], [6.0, 6.0], [-4.0, 4.0]]> : tensor<3x2xf32>
  %iters = arith.constant 10 : index
  %c = call @kmeans(%p, %c0, %iters) : (tensor<?x2xf32>, tensor<3x2xf32>, index) -> tensor<3x2xf32>
  array.print %c : tensor<3x2xf32>
  %X = array.load_npy "X.npy" : tensor<?x?xf32>
  %y = array.load_npy "y.npy" : tensor<?xf32>
  %idx = array.load_npy "idx.npy" : tensor<?x?xi64>
  %w = call @minibatch(%X, %y, %idx) : (tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xi64>) -> tensor<?xf32>
  array.print %w : tensor<?xf32>
  return
}
