#!/usr/bin/env python3
"""Prints the path of cuDNN 9's libcudnn.so.9 for ARRAYRT_CUDNN_LIB: the
variable's own value, the CUDA toolkit's copy, or the one a pip wheel put
next to this Python's packages (PyTorch's nvidia-cudnn-cu12/cu13); prints
nothing when there is none.

    export ARRAYRT_CUDNN_LIB=$(python3 scripts/find_cudnn.py)
"""

import glob
import os
import sys


def find_cudnn():
    if os.environ.get("ARRAYRT_CUDNN_LIB"):
        return os.environ["ARRAYRT_CUDNN_LIB"]
    candidates = ["/usr/local/cuda/lib64/libcudnn.so.9"]
    for root in sys.path:
        for pattern in ("nvidia/cudnn/lib/libcudnn.so.9",
                        "nvidia/cu1*/lib/libcudnn.so.9"):
            candidates += sorted(glob.glob(os.path.join(root, pattern)))
    for path in candidates:
        if os.path.exists(path):
            return path
    return None


if __name__ == "__main__":
    print(find_cudnn() or "")
