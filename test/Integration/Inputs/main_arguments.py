"""Inputs and checks of main-arguments.mlir.

  main_arguments.py write                      write x.npy, x64.npy, x4.npy,
                                               scale.npy, inputs.npz
  main_arguments.py check Y S SCALE COUNT      compare Y, S with NumPy
  main_arguments.py print SCALE COUNT          print the results as NumPy
"""

import sys

import numpy as np

X = np.arange(12, dtype=np.float32).reshape(4, 3) / 4 - 1


def results(scale, count):
    y = X * np.float32(scale) + np.float32(count)
    return y, y.sum(axis=1, dtype=np.float32)


def main(argv):
    if argv[0] == "write":
        np.save("x.npy", X)
        np.save("x64.npy", X.astype(np.float64))
        np.save("x4.npy", np.zeros((2, 4), np.float32))
        np.save("scale.npy", np.array(0.5, np.float32))
        np.savez("inputs.npz", x=X)
        return 0
    if argv[0] == "check":
        y, s = np.load(argv[1]), np.load(argv[2])
        want_y, want_s = results(float(argv[3]), int(argv[4]))
        assert y.dtype == np.float32 and y.shape == want_y.shape, (y.dtype, y.shape)
        assert s.dtype == np.float32 and s.shape == want_s.shape, (s.dtype, s.shape)
        np.testing.assert_allclose(y, want_y, rtol=1e-6)
        np.testing.assert_allclose(s, want_s, rtol=1e-6)
        return 0
    if argv[0] == "print":
        y, s = results(float(argv[1]), int(argv[2]))
        print(y)
        print(s)
        return 0
    raise SystemExit("unknown command " + argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
