// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// The result of an scf.if whose branches make their arrays differently (a
// fill, an elementwise op on a loaded array) has a fully dynamic layout;
// reshaping it copies it into a contiguous buffer with a memref.copy
// between strided views, which the CPU target lowers to a call of
// memrefCopy (arrayrt's: the executable failed to link before). Found by
// random_programs.py (seed 1216, program 49; reduced by its --reduce).

// NUMPY: a = (np.arange(10, dtype=np.float32).reshape(2, 5) - 4) / 4
// NUMPY: np.save("a.npy", a)
// NUMPY: np.save("low.npy", np.float32(-2.0))
// NUMPY: np.save("high.npy", np.float32(2.0))
// NUMPY: print(np.full((10,), 1.5, dtype=np.float32))
// NUMPY: print(np.tanh(a).reshape(10))

func.func @pick(%a: tensor<?x5xf32>, %cond: tensor<f32>) -> tensor<10xf32> {
  %c = tensor.extract %cond[] : tensor<f32>
  %limit = arith.constant -1.0 : f32
  %le = arith.cmpf ole, %c, %limit : f32
  %r = scf.if %le -> (tensor<?x5xf32>) {
    %n = arith.constant 2 : index
    %f = array.full(%n) 1.5 : tensor<?x5xf32>
    scf.yield %f : tensor<?x5xf32>
  } else {
    %t = array.tanh %a : tensor<?x5xf32> -> tensor<?x5xf32>
    scf.yield %t : tensor<?x5xf32>
  }
  %flat = array.reshape %r : tensor<?x5xf32> -> tensor<10xf32>
  return %flat : tensor<10xf32>
}

func.func @main() {
  %a = array.load_npy "a.npy" : tensor<?x5xf32>
  %low = array.load_npy "low.npy" : tensor<f32>
  %high = array.load_npy "high.npy" : tensor<f32>
  %x = func.call @pick(%a, %low) : (tensor<?x5xf32>, tensor<f32>) -> tensor<10xf32>
  array.print %x : tensor<10xf32>
  %y = func.call @pick(%a, %high) : (tensor<?x5xf32>, tensor<f32>) -> tensor<10xf32>
  array.print %y : tensor<10xf32>
  return
}
