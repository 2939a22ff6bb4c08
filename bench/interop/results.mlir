// Results the library ABI must get right when they are computed in the
// caller's tensors (scripts/interop_results.py, test/python): several
// results, one returned twice, one that is an argument, and a transpose
// whose out= may be its own argument (computed elsewhere, then copied).
func.func @pair(%x: tensor<?xf32>, %y: tensor<?xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %s = array.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %d = array.sub %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %s, %d, %s, %x : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

func.func @transpose(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %t = array.transpose %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}
