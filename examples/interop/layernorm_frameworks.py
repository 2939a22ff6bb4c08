"""A compiled layer norm called on PyTorch tensors and CuPy arrays.

The arrays stay where the frameworks put them: the function reads them in
place and writes its result into the caller's array (out=) or returns a
new one, on the framework's current stream (here a non-default stream of
each framework), and its result matches the framework's own layer norm.

  python3 examples/interop/layernorm_frameworks.py            # compiles
  python3 examples/interop/layernorm_frameworks.py --library liblayernorm.so
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def check(name, error, tolerance=2e-5):
    ok = error < tolerance
    print(f"{name}: max error {error:.3g} {'OK' if ok else 'FAILED'}")
    return ok


def with_torch(lib, rows, features):
    import torch

    ok = True
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        x = torch.randn(rows, features, device="cuda")
        gamma = torch.rand(features, device="cuda") + 0.5
        beta = torch.randn(features, device="cuda")
        y = torch.empty_like(x)
        pointer = y.data_ptr()
        lib.layernorm(x, gamma, beta, out=y)  # In place, on `stream`.
        z = lib.layernorm(x, gamma, beta)  # A new torch.Tensor.
        ref = torch.nn.functional.layer_norm(x, (features,), gamma, beta, eps=1e-5)
        ok &= check("torch out=", (y - ref).abs().max().item())
        ok &= check("torch new", (z - ref).abs().max().item())
        ok &= y.data_ptr() == pointer and isinstance(z, torch.Tensor)
        print(f"torch: ran on stream {stream.cuda_stream:#x}, "
              f"result in place: {y.data_ptr() == pointer}, new: {type(z).__name__} {tuple(z.shape)}")
    return ok


def with_cupy(lib, rows, features):
    import cupy

    ok = True
    with cupy.cuda.Stream(non_blocking=True) as stream:
        rng = cupy.random.default_rng(0)
        x = rng.standard_normal((rows, features), dtype=cupy.float32)
        gamma = rng.random(features, dtype=cupy.float32) + 0.5
        beta = rng.standard_normal(features, dtype=cupy.float32)
        y = cupy.empty_like(x)
        pointer = y.data.ptr
        lib.layernorm(x, gamma, beta, out=y)
        z = lib.layernorm(x, gamma, beta)
        mean = x.mean(axis=-1, keepdims=True)
        var = x.var(axis=-1, keepdims=True)
        ref = (x - mean) / cupy.sqrt(var + 1e-5) * gamma + beta
        ok &= check("cupy out=", float(cupy.abs(y - ref).max()))
        ok &= check("cupy new", float(cupy.abs(z - ref).max()))
        ok &= y.data.ptr == pointer and isinstance(z, cupy.ndarray)
        print(f"cupy: ran on stream {stream.ptr:#x}, "
              f"result in place: {y.data.ptr == pointer}, new: {type(z).__name__} {z.shape}")
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", help="a built liblayernorm.so")
    parser.add_argument("--rows", type=int, default=4096)
    parser.add_argument("--features", type=int, default=1024)
    args = parser.parse_args()

    import arrayc

    if args.library:
        lib = arrayc.load(args.library)
    else:
        lib = arrayc.compile(os.path.join(HERE, "layernorm.mlir"), target="cuda")
    print(lib.layernorm.signature)
    ok = with_torch(lib, args.rows, args.features)
    ok &= with_cupy(lib, args.rows, args.features)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
