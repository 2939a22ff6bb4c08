#!/usr/bin/python3
"""Regenerates runtime/test/npz/: .npz archives written by NumPy for NpzTest.

Run with a Python that has NumPy:
    /usr/bin/python3 runtime/test/gen_npz_fixtures.py

Outputs, small and committed so that the unit tests need no NumPy:
  savez.npz       np.savez (members stored, with NumPy's forced Zip64
                  fields): a = arange(6) as float32 (2, 3), b = [1, -2, 3]
                  as int64, flags = [True, False] as bool
  compressed.npz  np.savez_compressed of the same (deflated)
  csr.npz         what scipy.sparse.save_npz writes for the CSR matrix
                  [[1, 0, 2], [0, 0, 3]] (float32, int32 indices):
                  indices, indptr, format ('csr'), shape, data, deflated
  damaged.npz     compressed.npz with a byte of member b's deflate data
                  changed (so inflating it fails or its CRC-32 differs)
"""

import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "npz")


def main():
    os.makedirs(OUT, exist_ok=True)
    arrays = {"a": np.arange(6, dtype=np.float32).reshape(2, 3),
              "b": np.array([1, -2, 3], dtype=np.int64),
              "flags": np.array([True, False])}
    np.savez(os.path.join(OUT, "savez.npz"), **arrays)
    compressed = os.path.join(OUT, "compressed.npz")
    np.savez_compressed(compressed, **arrays)
    np.savez_compressed(
        os.path.join(OUT, "csr.npz"),
        indices=np.array([0, 2, 2], dtype=np.int32),
        indptr=np.array([0, 2, 3], dtype=np.int32),
        format=np.array("csr"), shape=np.array([2, 3]),
        data=np.array([1, 2, 3], dtype=np.float32))
    data = bytearray(open(compressed, "rb").read())
    # The local header of b.npy, then its name and extra field; flip a byte
    # in the middle of its deflate data.
    at = data.index(b"PK\x03\x04", data.index(b"b.npy") - 30)
    name_len = int.from_bytes(data[at + 26:at + 28], "little")
    extra_len = int.from_bytes(data[at + 28:at + 30], "little")
    start = at + 30 + name_len + extra_len
    data[start + 20] ^= 0x5A
    open(os.path.join(OUT, "damaged.npz"), "wb").write(bytes(data))


if __name__ == "__main__":
    main()
