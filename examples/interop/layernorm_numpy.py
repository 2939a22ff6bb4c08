"""A compiled layer norm called on NumPy arrays (the CPU target).

  python3 examples/interop/layernorm_numpy.py            # compiles with arrayc
  python3 examples/interop/layernorm_numpy.py --library liblayernorm.so
"""

import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def reference(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + np.float32(1e-5)) * gamma + beta


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", help="a built liblayernorm.so (cpu target)")
    args = parser.parse_args()

    import arrayc

    if args.library:
        lib = arrayc.load(args.library)
    else:
        lib = arrayc.compile(os.path.join(HERE, "layernorm.mlir"), target="cpu")
    print(lib.layernorm.signature)

    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 300)).astype(np.float32)
    gamma = (rng.random(300) + 0.5).astype(np.float32)
    beta = rng.standard_normal(300).astype(np.float32)
    want = reference(x, gamma, beta)

    y = lib.layernorm(x, gamma, beta)  # A new NumPy array.
    out = np.empty_like(x)
    same = lib.layernorm(x, gamma, beta, out=out)  # Into `out`.
    errors = [float(np.abs(y - want).max()), float(np.abs(out - want).max())]
    print(f"new: {type(y).__name__} {y.shape} {y.dtype}, max error {errors[0]:.3g}")
    print(f"out=: same array {same is out}, max error {errors[1]:.3g}")

    # A wrong argument is an exception naming it.
    try:
        lib.layernorm(x.astype(np.float64), gamma, beta)
        print("no error for a float64 argument")
        return 1
    except arrayc.ArraycError as error:
        print(f"float64 argument: {error}")
    ok = max(errors) < 1e-5 and isinstance(y, np.ndarray)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
