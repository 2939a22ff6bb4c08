"""Host time of one call into a compiled library from Python.

`scale` (libscale.so from scale.mlir: y = 2x + 1, one kernel) called
through the arrayc package on a 1024-element CuPy array and on a PyTorch
tensor, into an array (out=) and returning a new one, through the
package's C hot path and through ctypes only, against a CuPy
ElementwiseKernel computing the same and a PyTorch op (torch.mul, into an
array and new; torch.mul + torch.add, two kernels), on the same arrays, in
this one process. Calls go in batches of 100 between synchronizations, so
the launch queue never fills; the batches of all variants of a framework
take turns (the host's speed drifts, and each ratio compares batches run
side by side); a variant's time is the median over its batches of the host
time per call. Prints one JSON object; exit status 1 if a result is wrong.

  python3 bench/interop/call_overhead.py --library libscale.so
"""

import argparse
import json
import statistics
import time

import numpy as np

BATCH = 100
BATCHES = 200
WARMUP = 5


def host_us(variants, synchronize):
    """{name: median host us per call}, for `variants` ({name: call}) run
    in turns, batch by batch."""
    samples = {name: [] for name in variants}
    for batch in range(BATCHES + WARMUP):
        for name, call in variants.items():
            start = time.perf_counter()
            for _ in range(BATCH):
                call()
            end = time.perf_counter()
            synchronize()
            if batch >= WARMUP:
                samples[name].append((end - start) / BATCH * 1e6)
    return {name: round(statistics.median(s), 3) for name, s in samples.items()}


class CtypesOnly:
    """`function` called through ctypes only, as without arrayc's C hot path
    (arrayc._fastcall)."""

    def __init__(self, function):
        self.function = function

    def __call__(self, *args, **kwargs):
        return self.function._call_python(*args, **kwargs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", required=True)
    parser.add_argument("--elements", type=int, default=1024)
    args = parser.parse_args()

    import arrayc
    import cupy
    import torch

    lib = arrayc.load(args.library)
    scale = lib.scale
    slow = CtypesOnly(scale)
    n = args.elements
    result = {"elements": n, "c_hot_path": bool(getattr(scale, "_fast", 0))}
    host = (np.arange(n, dtype=np.float32) % 97) - 48
    want = host * 2 + 1

    # CuPy.
    x = cupy.asarray(host)
    y = cupy.empty_like(x)
    kernel = cupy.ElementwiseKernel("float32 x", "float32 y", "y = x * 2 + 1",
                                    "scale_kernel")
    result.update(host_us({
        "cupy_elementwise_kernel_us": lambda: kernel(x, y),
        "ours_cupy_out_us": lambda: scale(x, out=y),
        "cupy_elementwise_kernel_new_us": lambda: kernel(x),
        "ours_cupy_new_us": lambda: scale(x),
        "ours_cupy_out_ctypes_us": lambda: slow(x, out=y),
    }, cupy.cuda.get_current_stream().synchronize))
    wrong = 0
    for call in (scale, slow):
        y.fill(0)
        call(x, out=y)
        wrong += int((cupy.asnumpy(y) != want).sum())
        wrong += int((cupy.asnumpy(call(x)) != want).sum())
    result["cupy_wrong"] = wrong

    # PyTorch.
    tx = torch.from_numpy(host).cuda()
    ty = torch.empty_like(tx)
    result.update(host_us({
        "torch_mul_out_us": lambda: torch.mul(tx, 2, out=ty),
        "ours_torch_out_us": lambda: scale(tx, out=ty),
        "torch_mul_new_us": lambda: torch.mul(tx, 2),
        "ours_torch_new_us": lambda: scale(tx),
        "torch_mul_add_us": lambda: torch.add(torch.mul(tx, 2, out=ty), 1, out=ty),
        "ours_torch_out_ctypes_us": lambda: slow(tx, out=ty),
    }, torch.cuda.synchronize))
    wrong = 0
    for call in (scale, slow):
        ty.zero_()
        call(tx, out=ty)
        wrong += int((ty.cpu().numpy() != want).sum())
        wrong += int((call(tx).cpu().numpy() != want).sum())
    result["torch_wrong"] = wrong

    for ours, theirs in (("ours_cupy_out_us", "cupy_elementwise_kernel_us"),
                         ("ours_cupy_new_us", "cupy_elementwise_kernel_new_us"),
                         ("ours_torch_out_us", "torch_mul_out_us"),
                         ("ours_torch_new_us", "torch_mul_new_us")):
        result[f"{ours[:-3]}_vs_{theirs[:-3]}"] = round(result[ours] / result[theirs], 3)
    print(json.dumps(result))
    return 0 if result["cupy_wrong"] == 0 and result["torch_wrong"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
