"""bfloat16 .npy files written and read by NumPy + ml_dtypes themselves
(the GPU machine has ml_dtypes), against a program of
test/Integration/npy-bf16.mlir: out = x * x + y in bfloat16.

  interop_bf16.py DIR PROGRAM     runs DIR/bin/PROGRAM in DIR/PROGRAM.dir
"""

import os
import subprocess
import sys

import ml_dtypes
import numpy as np


def main(directory, program):
    work = os.path.join(directory, program + ".dir")
    os.makedirs(work, exist_ok=True)
    bf16 = ml_dtypes.bfloat16
    x = np.array([1.0, -2.5, 3.140625, 0.0078125], bf16)
    y = np.array([0.0, 0.0, -0.0, 4.0], bf16)
    np.save(os.path.join(work, "x.npy"), x)
    np.save(os.path.join(work, "y.npy"), y)
    with open(os.path.join(work, "x.npy"), "rb") as f:
        descr = f.read(128).split(b"'descr': ")[1][:6].decode()
    subprocess.run([os.path.abspath(os.path.join(directory, "bin", program))],
                   cwd=work, check=True, stdout=subprocess.DEVNULL)
    out = np.load(os.path.join(work, "out.npy")).view(bf16)
    want = (x * x + y).astype(bf16)
    ok = (out.view(np.uint16) == want.view(np.uint16)).all()
    print(f"{program}: ml_dtypes wrote descr {descr}; read back {out} "
          f"(want {want}): {'OK' if ok else 'FAILED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
