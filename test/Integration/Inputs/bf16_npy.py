"""bfloat16 .npy fixtures for npy-bf16.mlir, without ml_dtypes.

NumPy + ml_dtypes save a bfloat16 array with descr '<V2' (the dtype's .str:
ml_dtypes registers bfloat16 as a 2-byte void kind); the bytes are the
bf16 bit patterns, little-endian.

  bf16_npy.py write        x.npy ('<V2'), y.npy ('|V2')
  bf16_npy.py check FILE   FILE is '<V2' and holds bf16(x*x + y)
"""

import sys

import numpy as np


def to_bf16_bits(values):
    """Round-to-nearest-even float32 -> bfloat16 bits."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = bits + 0x7FFF + ((bits >> 16) & 1)
    return (rounded >> 16).astype(np.uint16)


def from_bf16_bits(bits):
    return (np.asarray(bits, np.uint32) << 16).view(np.float32)


def write_npy(path, descr, bits):
    header = {"descr": descr, "fortran_order": False, "shape": bits.shape}
    with open(path, "wb") as f:
        np.lib.format.write_array_header_1_0(f, header)
        f.write(bits.astype("<u2").tobytes())


X = np.array([1.0, -2.5, 3.140625, 0.0078125], np.float32)
Y = np.array([0.0, 0.0, -0.0, 4.0], np.float32)


def main(argv):
    if argv[0] == "write":
        write_npy("x.npy", "<V2", to_bf16_bits(X))
        write_npy("y.npy", "|V2", to_bf16_bits(Y))
        return 0
    if argv[0] == "check":
        with open(argv[1], "rb") as f:
            version = np.lib.format.read_magic(f)
            shape, fortran, dtype = np.lib.format._read_array_header(f, version)
            data = np.frombuffer(f.read(), "<u2")
        assert dtype.str == "|V2" or dtype.str == "<V2", dtype
        assert shape == (4,) and not fortran, (shape, fortran)
        xx = to_bf16_bits(from_bf16_bits(to_bf16_bits(X)) ** 2)
        want = to_bf16_bits(from_bf16_bits(xx) + from_bf16_bits(to_bf16_bits(Y)))
        assert (data == want).all(), (data, want)
        with open(argv[1], "rb") as f:
            assert b"'descr': '<V2'" in f.read(128), "descr is not '<V2'"
        return 0
    raise SystemExit("unknown command " + argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
