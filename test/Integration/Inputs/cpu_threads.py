"""Inputs and checks of cpu-threads.mlir.

  cpu_threads.py write            m.npy, v.npy in the current directory
  cpu_threads.py check D1 D2 ...  the results in each directory equal, bit
                                  for bit, and close to NumPy's
  cpu_threads.py tracks TRACE     how many threads ran each loop's shares
"""

import os
import sys

import numpy as np

ROWS, COLS, N = 301, 4099, 300_001


def inputs():
    rng = np.random.default_rng(20261205)
    m = (rng.standard_normal((ROWS, COLS)) * 3).astype(np.float32)
    v = (rng.standard_normal(N) * 2).astype(np.float32)
    return m, v


def expected(m, v):
    m64, v64 = m.astype(np.float64), v.astype(np.float64)
    e = np.exp(m64 - m64.max(axis=1, keepdims=True))
    return [e / e.sum(axis=1, keepdims=True), m64.sum(axis=0),
            np.log1p(np.abs(v64)) + np.tanh(v64), v64.sum(),
            m64.max(axis=1), np.argmax(m, axis=1)]


def main():
    if sys.argv[1] == "tracks":
        import json
        trace = json.load(open(sys.argv[2]))
        events = trace["traceEvents"] if isinstance(trace, dict) else trace
        threads = {}
        for e in events:
            if e.get("cat") == "host" and e["name"].endswith("(share)"):
                threads.setdefault(e["name"], set()).add((e["pid"], e["tid"]))
        for name in sorted(threads):
            print("%s: %d threads" % (name, len(threads[name])))
        return
    if sys.argv[1] == "write":
        m, v = inputs()
        np.save("m.npy", m)
        np.save("v.npy", v)
        return
    dirs = sys.argv[2:]
    refs = expected(*inputs())
    failures = []
    for j, ref in enumerate(refs):
        name = "result%d.npy" % j
        results = [np.load(os.path.join(d, name)) for d in dirs]
        for d, r in zip(dirs[1:], results[1:]):
            if r.shape != results[0].shape or r.tobytes() != results[0].tobytes():
                failures.append("%s: %s differs from %s" % (name, d, dirs[0]))
        out = results[0]
        if out.shape != np.shape(ref):
            failures.append("%s: shape %s, NumPy's %s" % (name, out.shape,
                                                          np.shape(ref)))
            continue
        if out.dtype.kind == "i":
            if not np.array_equal(out, ref):
                failures.append("%s: indices differ from NumPy's" % name)
            continue
        err = np.linalg.norm(np.ravel(out - ref)) / max(
            np.linalg.norm(np.ravel(ref)), 1e-300)
        if not err < 1e-6:
            failures.append("%s: relative error %.3g against NumPy" % (name,
                                                                       err))
    for failure in failures:
        print(failure)
    if failures:
        sys.exit(1)
    print("%d results equal on %d thread counts and match NumPy" %
          (len(refs), len(dirs)))


if __name__ == "__main__":
    main()
