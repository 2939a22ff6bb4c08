#!/usr/bin/env python3
"""The CPU target against NumPy, whole programs (their .npy load and save
included), on this machine, in one run.

  bench/cpu.py [--build build] [--iters 7] [--only a,b] [--results R]
               [--flags "--mcpu=native"]

Ours: `arrayc --target=cpu`, timed by the runtime (ARRAYRT_BENCH: the
host clock around each whole run of @main, after a warm-up run), median.
NumPy: the same work written the NumPy way (np.load, the computation,
np.save), time.perf_counter around each run after a warm-up run, median.
Both read the same input files (in the page cache after the warm-up) and
write their own outputs; ours is checked against float64 NumPy. Prints a
Markdown table (docs/performance.md, "The CPU target").
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 20261204


class Workload:
    """`program`: the .mlir text (reads the inputs by file name, writes
    `out.npy`); `inputs(rng)`: arrays by file stem; `numpy(load, save)`:
    the NumPy version; `ref(**inputs)`: the float64 result."""

    def __init__(self, name, what, program, inputs, numpy_fn, ref):
        self.name, self.what, self.program = name, what, program
        self.inputs, self.numpy_fn, self.ref = inputs, numpy_fn, ref


def gaussian(n):
    t = "tensor<%dxf32>" % n
    program = f"""
func.func @main() {{
  %x = array.load_npy "x.npy" : {t}
  %xx = array.mul %x, %x : ({t}, {t}) -> {t}
  %h = array.full -0.5 : tensor<f32>
  %e0 = array.mul %xx, %h : ({t}, tensor<f32>) -> {t}
  %e = array.exp %e0 : {t}
  %a = array.full 1.5 : tensor<f32>
  %b = array.full 0.25 : tensor<f32>
  %m = array.mul %e, %a : ({t}, tensor<f32>) -> {t}
  %y = array.add %m, %b : ({t}, tensor<f32>) -> {t}
  array.save_npy %y, "out.npy" : {t}
  return
}}
"""

    def numpy_fn():
        x = np.load("x.npy")
        np.save("np_out.npy", np.exp(x * x * np.float32(-0.5)) *
                np.float32(1.5) + np.float32(0.25))

    return Workload(
        "gaussian_%d" % n, "exp(-x^2/2) * 1.5 + 0.25, %d float32" % n,
        program,
        lambda rng: {"x": rng.standard_normal(n, dtype=np.float32)},
        numpy_fn,
        lambda x: np.exp(x.astype(np.float64) ** 2 * -0.5) * 1.5 + 0.25)


def softmax(rows, cols):
    t = "tensor<%dx%dxf32>" % (rows, cols)
    c = "tensor<%dx1xf32>" % rows
    program = f"""
func.func @main() {{
  %m = array.load_npy "m.npy" : {t}
  %max = array.max %m axes [1] keepdims : {t} -> {c}
  %s = array.sub %m, %max : ({t}, {c}) -> {t}
  %e = array.exp %s : {t}
  %sum = array.sum %e axes [1] keepdims : {t} -> {c}
  %y = array.div %e, %sum : ({t}, {c}) -> {t}
  array.save_npy %y, "out.npy" : {t}
  return
}}
"""

    def numpy_fn():
        m = np.load("m.npy")
        e = np.exp(m - m.max(axis=1, keepdims=True))
        np.save("np_out.npy", e / e.sum(axis=1, keepdims=True))

    def ref(m):
        m = m.astype(np.float64)
        e = np.exp(m - m.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    return Workload(
        "softmax_%dx%d" % (rows, cols),
        "row softmax, %d x %d float32" % (rows, cols), program,
        lambda rng: {"m": rng.standard_normal((rows, cols), dtype=np.float32)},
        numpy_fn, ref)


def axis_sum(rows, cols, axis):
    """Row sums (axis 1) or column sums (axis 0)."""
    t = "tensor<%dx%dxf32>" % (rows, cols)
    r = "tensor<%dxf32>" % (rows if axis == 1 else cols)
    program = f"""
func.func @main() {{
  %m = array.load_npy "m.npy" : {t}
  %s = array.sum %m axes [{axis}] : {t} -> {r}
  array.save_npy %s, "out.npy" : {r}
  return
}}
"""

    def numpy_fn():
        np.save("np_out.npy", np.load("m.npy").sum(axis=axis))

    kind = ("row", "rowsum") if axis == 1 else ("column", "colsum")
    return Workload(
        "%s_%dx%d" % (kind[1], rows, cols),
        "%s sums, %d x %d float32" % (kind[0], rows, cols), program,
        lambda rng: {"m": rng.standard_normal((rows, cols), dtype=np.float32)},
        numpy_fn, lambda m: m.astype(np.float64).sum(axis=axis))


def total_sum(n):
    t = "tensor<%dxf32>" % n
    program = f"""
func.func @main() {{
  %x = array.load_npy "x.npy" : {t}
  %s = array.sum %x : {t} -> tensor<f32>
  array.save_npy %s, "out.npy" : tensor<f32>
  return
}}
"""

    def numpy_fn():
        np.save("np_out.npy", np.load("x.npy").sum())

    return Workload(
        "sum_%d" % n, "sum of %d float32" % n, program,
        lambda rng: {"x": rng.standard_normal(n, dtype=np.float32)},
        numpy_fn, lambda x: np.asarray(x.astype(np.float64).sum()))


def layernorm(rows, cols):
    t = "tensor<%dx%dxf32>" % (rows, cols)
    c = "tensor<%dx1xf32>" % rows
    v = "tensor<%dxf32>" % cols
    program = f"""
func.func @main() {{
  %m = array.load_npy "m.npy" : {t}
  %gamma = array.load_npy "gamma.npy" : {v}
  %beta = array.load_npy "beta.npy" : {v}
  %eps = array.full 1.0e-5 : tensor<f32>
  %mu = array.mean %m axes [1] keepdims : {t} -> {c}
  %var = array.var %m axes [1] keepdims : {t} -> {c}
  %centered = array.sub %m, %mu : ({t}, {c}) -> {t}
  %ve = array.add %var, %eps : ({c}, tensor<f32>) -> {c}
  %sd = array.sqrt %ve : {c}
  %normed = array.div %centered, %sd : ({t}, {c}) -> {t}
  %scaled = array.mul %normed, %gamma : ({t}, {v}) -> {t}
  %y = array.add %scaled, %beta : ({t}, {v}) -> {t}
  array.save_npy %y, "out.npy" : {t}
  return
}}
"""

    def numpy_fn():
        m, gamma, beta = (np.load(f) for f in ("m.npy", "gamma.npy",
                                                  "beta.npy"))
        mu = m.mean(axis=1, keepdims=True)
        var = m.var(axis=1, keepdims=True)
        np.save("np_out.npy",
                (m - mu) / np.sqrt(var + np.float32(1e-5)) * gamma + beta)

    def ref(m, gamma, beta):
        m = m.astype(np.float64)
        mu = m.mean(axis=1, keepdims=True)
        var = m.var(axis=1, keepdims=True)
        return (m - mu) / np.sqrt(var + 1e-5) * gamma + beta

    return Workload(
        "layernorm_%dx%d" % (rows, cols),
        "layer norm of rows, %d x %d float32" % (rows, cols), program,
        lambda rng: {
            "m": rng.standard_normal((rows, cols), dtype=np.float32) + 1,
            "gamma": rng.standard_normal(cols, dtype=np.float32),
            "beta": rng.standard_normal(cols, dtype=np.float32)},
        numpy_fn, ref)


def matmul(n, dtype="f32"):
    t = "tensor<%dx%dx%s>" % (n, n, dtype)
    np_type = {"f16": np.float16, "f32": np.float32, "f64": np.float64,
               "i32": np.int32}[dtype]

    def operand(rng):
        if dtype == "i32":
            return rng.integers(-8, 9, (n, n)).astype(np_type)
        return rng.standard_normal((n, n)).astype(np_type)
    program = f"""
func.func @main() {{
  %a = array.load_npy "a.npy" : {t}
  %b = array.load_npy "b.npy" : {t}
  %c = array.matmul %a, %b : ({t}, {t}) -> {t}
  array.save_npy %c, "out.npy" : {t}
  return
}}
"""

    def numpy_fn():
        np.save("np_out.npy", np.load("a.npy") @ np.load("b.npy"))

    return Workload(
        "matmul_%s_%d" % (dtype, n),
        "matmul %d x %d x %d %s" % (n, n, n, np.dtype(np_type).name),
        program,
        lambda rng: {"a": operand(rng), "b": operand(rng)},
        numpy_fn, lambda a, b: a.astype(np.float64) @ b.astype(np.float64))


def npy_io(n):
    t = "tensor<%dxf32>" % n
    program = f"""
func.func @main() {{
  %x = array.load_npy "x.npy" : {t}
  array.save_npy %x, "out.npy" : {t}
  return
}}
"""

    def numpy_fn():
        np.save("np_out.npy", np.load("x.npy"))

    return Workload(
        "npy_io_%dMB" % (n * 4 >> 20),
        ".npy load + save, %d MB float32" % (n * 4 >> 20), program,
        lambda rng: {"x": rng.standard_normal(n, dtype=np.float32)},
        numpy_fn, lambda x: x.astype(np.float64))


WORKLOADS = [gaussian(1 << 24), total_sum(1 << 24), softmax(2048, 4096),
             layernorm(2048, 4096), axis_sum(4096, 4096, 0),
             axis_sum(4096, 4096, 1),
             matmul(1024), matmul(1024, "f64"), matmul(512, "f16"),
             matmul(512, "i32"), npy_io(1 << 24)]


def time_ours(exe, iters):
    report = os.path.abspath("bench.json")
    env = dict(os.environ, ARRAYRT_BENCH=str(iters), ARRAYRT_BENCH_WARMUP="1",
               ARRAYRT_BENCH_OUT=report)
    done = subprocess.run([exe], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-500:])
    return json.load(open(report))["median_ms"]


def time_numpy(fn, iters):
    fn()
    samples = []
    for _ in range(iters):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1e3)
    return statistics.median(samples)


def rel_error(out, ref):
    out = np.asarray(out, np.float64)
    return float(np.linalg.norm((out - ref).ravel()) /
                 max(np.linalg.norm(ref.ravel()), 1e-300))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--iters", type=int, default=7)
    parser.add_argument("--only", help="comma-separated workloads")
    parser.add_argument("--results", help="write the rows as JSON here")
    parser.add_argument("--flags", default="",
                        help="more arrayc options, space-separated")
    args = parser.parse_args()
    arrayc = os.path.join(os.path.abspath(args.build), "bin", "arrayc")
    rows = []
    print("| workload | ours ms | NumPy ms | ours / NumPy | error |")
    print("|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="arrayc-cpu-bench-") as work:
        os.chdir(work)
        for w in WORKLOADS:
            if args.only and w.name not in args.only.split(","):
                continue
            arrays = w.inputs(np.random.default_rng(SEED))
            for stem, a in arrays.items():
                np.save(stem + ".npy", a)
            with open("prog.mlir", "w") as f:
                f.write(w.program)
            exe = os.path.join(work, w.name)
            built = subprocess.run([arrayc, "--target=cpu"] +
                                   args.flags.split() +
                                   ["prog.mlir", "-o", exe],
                                   capture_output=True, text=True)
            if built.returncode != 0:
                sys.exit("%s: arrayc failed:\n%s" % (w.name, built.stderr))
            ours = time_ours(exe, args.iters)
            err = rel_error(np.load("out.npy"), w.ref(**arrays))
            theirs = time_numpy(w.numpy_fn, args.iters)
            row = dict(workload=w.name, what=w.what, ours_ms=ours,
                       numpy_ms=theirs, ratio=ours / theirs, error=err)
            rows.append(row)
            print("| %s | %.1f | %.1f | %.2f | %.1e |"
                  % (w.what, ours, theirs, ours / theirs, err), flush=True)
            for name in os.listdir("."):
                if name.endswith(".npy"):
                    os.remove(name)
    print("\n%s, %d cores, %s; NumPy %s" % (platform.node(), os.cpu_count(),
                                           time.strftime("%Y-%m-%d"),
                                           np.__version__))
    if args.results:
        with open(args.results, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
