"""Results computed in the caller's arrays on the GPU (scripts/interop_check.sh
run): a library call with out= computes a result directly in the out= array
when it may, else in a pool block copied there. Either way the values must
be NumPy's, including when out= is an argument, is misaligned, or when
results share a buffer. PyTorch tensors, on a non-default stream too.

  python3 scripts/interop_results.py libresults.so    (bench/interop/results.mlir)
"""

import sys

import numpy as np


def main():
    import arrayc
    import torch

    lib = arrayc.load(sys.argv[1])
    failures = []

    def check(name, got, want):
        got = got.cpu().numpy() if hasattr(got, "cpu") else got
        ok = got.shape == want.shape and np.array_equal(got, want)
        print(f"{name}: {'OK' if ok else 'WRONG'}")
        if not ok:
            failures.append(name)

    rng = np.random.default_rng(7)
    hx = rng.standard_normal(1000).astype(np.float32)
    hy = rng.standard_normal(1000).astype(np.float32)
    for stream in (None, torch.cuda.Stream()):
        where = "default stream" if stream is None else "own stream"
        with torch.cuda.stream(stream) if stream is not None else _null():
            x, y = torch.from_numpy(hx).cuda(), torch.from_numpy(hy).cuda()
            outs = tuple(torch.full_like(x, 7) for _ in range(4))
            lib.pair(x, y, out=outs)
            for name, got, want in zip("sdsx", outs, (hx + hy, hx - hy, hx + hy, hx)):
                check(f"{where}: pair out= {name}", got, want)
            # out= result 0 is argument x: computed elsewhere, then copied.
            b, c, d = (torch.zeros_like(x) for _ in range(3))
            lib.pair(x, y, out=(x, b, c, d))
            for name, got, want in zip("sdsx", (x, b, c, d), (hx + hy, hx - hy, hx + hy, hx)):
                check(f"{where}: pair out=(x, ...) {name}", got, want)
            # New results: the one returned twice is two tensors.
            new = lib.pair(torch.from_numpy(hx).cuda(), y)
            new[0].fill_(0)
            check(f"{where}: pair new, result 2 its own", new[2], hx + hy)
            # A transpose into its own argument, and into a misaligned view.
            hm = rng.standard_normal((300, 300)).astype(np.float32)
            m = torch.from_numpy(hm).cuda()
            lib.transpose(m, out=m)
            check(f"{where}: transpose out= its argument", m, hm.T)
            buffer = torch.zeros(300 * 300 + 1, device="cuda")
            shifted = buffer[1:].view(300, 300)
            lib.transpose(torch.from_numpy(hm).cuda(), out=shifted)
            check(f"{where}: transpose into a misaligned view", shifted, hm.T)
        torch.cuda.synchronize()
    print("OK" if not failures else f"FAILED: {failures}")
    return 1 if failures else 0


class _null:
    def __enter__(self):
        return None

    def __exit__(self, *_):
        return False


if __name__ == "__main__":
    raise SystemExit(main())
