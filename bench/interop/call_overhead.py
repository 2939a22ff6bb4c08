"""Host time of one call into a compiled library from Python.

`scale` (libscale.so from scale.mlir: y = 2x + 1, one kernel) called
through the arrayc package on a 1024-element CuPy array and on a PyTorch
tensor, in place (out=) and returning a new array, against the same
computation as a CuPy ElementwiseKernel and as a PyTorch op (torch.mul +
torch.add in place: two kernels; and one fused torch.addcmul-free variant,
torch.mul(out=)), on the same arrays, in this one process. Calls go in
batches of 100 between synchronizations so the launch queue never fills;
the time is the median over batches of the host time per call. Prints one
JSON object.

  python3 bench/interop/call_overhead.py --library libscale.so
"""

import argparse
import json
import statistics
import time

import numpy as np

BATCH = 100
BATCHES = 200


def host_us(call, synchronize):
    samples = []
    for batch in range(BATCHES + 5):
        start = time.perf_counter()
        for _ in range(BATCH):
            call()
        end = time.perf_counter()
        synchronize()
        if batch >= 5:
            samples.append((end - start) / BATCH * 1e6)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", required=True)
    parser.add_argument("--elements", type=int, default=1024)
    args = parser.parse_args()

    import arrayc
    import cupy
    import torch

    lib = arrayc.load(args.library)
    n = args.elements
    host = (np.arange(n, dtype=np.float32) % 97) - 48
    want = host * 2 + 1
    result = {"elements": n}

    # CuPy.
    x = cupy.asarray(host)
    y = cupy.empty_like(x)
    kernel = cupy.ElementwiseKernel("float32 x", "float32 y", "y = x * 2 + 1",
                                    "scale_kernel")
    sync = cupy.cuda.get_current_stream().synchronize
    result["cupy_elementwise_kernel_us"] = host_us(lambda: kernel(x, y), sync)
    result["ours_cupy_out_us"] = host_us(lambda: lib.scale(x, out=y), sync)
    result["ours_cupy_new_us"] = host_us(lambda: lib.scale(x), sync)
    lib.scale(x, out=y)
    sync()
    result["cupy_wrong"] = int((cupy.asnumpy(y) != want).sum())

    # PyTorch.
    tx = torch.from_numpy(host).cuda()
    ty = torch.empty_like(tx)
    tsync = torch.cuda.synchronize
    result["torch_mul_out_us"] = host_us(lambda: torch.mul(tx, 2, out=ty), tsync)
    result["torch_mul_add_us"] = host_us(
        lambda: torch.add(torch.mul(tx, 2, out=ty), 1, out=ty), tsync)
    result["ours_torch_out_us"] = host_us(lambda: lib.scale(tx, out=ty), tsync)
    result["ours_torch_new_us"] = host_us(lambda: lib.scale(tx), tsync)
    lib.scale(tx, out=ty)
    tsync()
    result["torch_wrong"] = int((ty.cpu().numpy() != want).sum())

    result["ours_cupy_out_vs_elementwise_kernel"] = round(
        result["ours_cupy_out_us"] / result["cupy_elementwise_kernel_us"], 3)
    result["ours_torch_out_vs_torch_op"] = round(
        result["ours_torch_out_us"] / result["torch_mul_out_us"], 3)
    print(json.dumps(result))
    return 0 if result["cupy_wrong"] == 0 and result["torch_wrong"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
