"""Splits a program's standard output into what it printed and the .npy
file it saved to /dev/stdout after that, and prints both, each line
prefixed (`printed: `, `saved: `), the saved array with its dtype and
shape. Used by npy-save-devices.mlir."""

import io
import sys

import numpy as np

data = open(sys.argv[1], "rb").read()
start = data.index(b"\x93NUMPY")
for line in data[:start].decode().splitlines():
    print("printed:", line)
array = np.load(io.BytesIO(data[start:]))
print("saved:", array.dtype, array.shape)
for line in str(array).splitlines():
    print("saved:", line)
