#!/usr/bin/env python3
"""Launch overhead: loops of small operations, ours against PyTorch (eager
and CUDA-graphed) and CuPy, in one device run, results checked against
float64 NumPy.

  launch.py prepare [--build B] [--stage S]   here: compile the programs
  launch.py run [--stage S] --results R       on the GPU machine

Ours: the ARRAYRT_BENCH report's span per run (from the start of the first
device operation that is not a host transfer to the end of the last),
median over the timed runs; graph regions replayed (one timed operation
per replay) and, in `ours_nographs_*`, the same executable with
ARRAYRT_GRAPHS=0. The frameworks: CUDA events around the whole loop,
median.
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

from generality import bench_report, rel_error, time_events

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGE = os.path.join(ROOT, ".device-bench", "launch")
SEED = 20261204


class Workload:
    """`inputs(rng)`: the arrays, by the .npy name the program loads;
    `ref(*arrays)`: the float64 result; `torch_setup(torch, *tensors)` and
    `cupy_setup(cp, *arrays)`: a function computing the result (set-up
    such as building a sparse matrix left out of the timing); the program
    saves its result as OUTPUT.npy, and its iteration count as
    ITERATIONS.npy when that is given. `graphable`: whether PyTorch's loop
    can be captured in a CUDA graph (not with a host test per
    iteration)."""

    def __init__(self, name, what, program, inputs, ref, torch_setup,
                 cupy_setup, output="y", iterations=None, graphable=True):
        self.name, self.what, self.program = name, what, program
        self.inputs, self.ref = inputs, ref
        self.torch_setup, self.cupy_setup = torch_setup, cupy_setup
        self.output, self.iterations = output, iterations
        self.graphable = graphable


def scale_shift(n, iters):
    """`t = t * 1.0001 + 0.5`, `iters` times over `n` float32 values."""
    program = """
func.func @main() {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%iters = arith.constant %(iters)d : index
  %%t0 = array.load_npy "t0.npy" : tensor<%(n)dxf32>
  %%a = array.full 1.0001 : tensor<f32>
  %%b = array.full 0.5 : tensor<f32>
  %%t = scf.for %%i = %%c0 to %%iters step %%c1 iter_args(%%ti = %%t0) -> (tensor<%(n)dxf32>) {
    %%m = array.mul %%ti, %%a : (tensor<%(n)dxf32>, tensor<f32>) -> tensor<%(n)dxf32>
    %%s = array.add %%m, %%b : (tensor<%(n)dxf32>, tensor<f32>) -> tensor<%(n)dxf32>
    scf.yield %%s : tensor<%(n)dxf32>
  }
  array.save_npy %%t, "y.npy" : tensor<%(n)dxf32>
  return
}
""" % dict(n=n, iters=iters)

    def inputs(rng):
        return {"t0": rng.random(n, dtype=np.float32)}

    def ref(t0):
        t = t0.astype(np.float64)
        for _ in range(iters):
            t = t * np.float64(np.float32(1.0001)) + 0.5
        return t

    def torch_setup(torch, t0):
        def loop():
            t = t0
            for _ in range(iters):
                t = t * 1.0001 + 0.5
            return t
        return loop

    def cupy_setup(cp, t0):
        def loop():
            t = t0
            for _ in range(iters):
                t = t * cp.float32(1.0001) + cp.float32(0.5)
            return t
        return loop

    return Workload("scale_shift_%dx%d" % (iters, n),
                    "%d iterations of t = t * 1.0001 + 0.5, %d float32"
                    % (iters, n), program, inputs, ref, torch_setup,
                    cupy_setup)


def cg_loop(new_zero, matvec, b, iters):
    """bench/cg.mlir's loop (and bench/sparse.py's): `iters` conjugate-
    gradient steps on A x = b from x = 0, in b's array module."""
    x = new_zero(b)
    r = p = b
    rr = r @ r
    for _ in range(iters):
        x, r, p, rr = cg_step(matvec, x, r, p, rr)
    return x


def cg_step(matvec, x, r, p, rr):
    """One conjugate-gradient step: the new x, r, p and r.r."""
    ap = matvec(p)
    alpha = rr / (p @ ap)
    x = x + alpha * p
    r = r - alpha * ap
    rr_new = r @ r
    p = r + (rr_new / rr) * p
    return x, r, p, rr_new


def conjugate_gradient(grid, iters):
    """`iters` CG iterations on the 2-D Poisson 5-point matrix of a
    `grid` x `grid` grid (float32 CSR, int32 indices), b all ones:
    bench/cg.mlir with its trip count set."""
    with open(os.path.join(ROOT, "bench", "cg.mlir")) as f:
        program = f.read()
    old = "%iters = arith.constant 100 : index"
    assert old in program, "bench/cg.mlir's trip count moved"
    program = program.replace(old, "%%iters = arith.constant %d : index"
                              % iters)

    def inputs(rng):
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        from sparse import poisson_csr
        indptr, indices, data = poisson_csr(grid)
        return {"cg_data": data, "cg_indices": indices, "cg_indptr": indptr,
                "cg_b": np.ones(grid * grid, np.float32)}

    def ref(data, indices, indptr, b):
        data64 = data.astype(np.float64)
        starts = indptr[:-1]
        return cg_loop(np.zeros_like,
                       lambda p: np.add.reduceat(data64 * p[indices], starts),
                       b.astype(np.float64), iters)

    def torch_setup(torch, data, indices, indptr, b):
        a = torch.sparse_csr_tensor(indptr.long(), indices.long(), data,
                                    size=(b.numel(), b.numel()))
        return lambda: cg_loop(torch.zeros_like, lambda p: a @ p, b, iters)

    def cupy_setup(cp, data, indices, indptr, b):
        import cupyx.scipy.sparse as sp
        a = sp.csr_matrix((data, indices, indptr), shape=(b.size, b.size))
        return lambda: cg_loop(cp.zeros_like, lambda p: a @ p, b, iters)

    return Workload("cg_poisson%d_x%d" % (grid, iters),
                    "%d CG iterations, 2-D Poisson %d x %d, float32"
                    % (iters, grid, grid), program, inputs, ref, torch_setup,
                    cupy_setup, output="cg_x")


def cg_until(new_zero, matvec, b, rel_tol, max_iters):
    """CG on A x = b from x = 0 until r.r <= rel_tol * b.b (or `max_iters`
    steps), the test read on the host every iteration as a NumPy user
    writes it: the loop CuPy and PyTorch run. Returns x."""
    x = new_zero(b)
    r = p = b
    rr = r @ r
    stop = rr * rel_tol
    k = 0
    while float(rr) > float(stop) and k < max_iters:
        x, r, p, rr = cg_step(matvec, x, r, p, rr)
        k += 1
    return x


CG_WHILE = """
// CG until r.r <= TOL b.b (at most MAX steps): the test is a 0-d array on
// the device, read by the loop's condition each iteration.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
func.func @main() {
  %%data = array.load_npy "cg_data.npy" : tensor<?xf32>
  %%indices = array.load_npy "cg_indices.npy" : tensor<?xi32>
  %%indptr = array.load_npy "cg_indptr.npy" : tensor<?xi32>
  %%b = array.load_npy "cg_b.npy" : tensor<?xf32>
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%b, %%c0 : tensor<?xf32>
  %%a = array.csr_matrix %%data, %%indices, %%indptr cols %%n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %%zero = array.full 0.0 : tensor<f32>
  %%x0 = array.mul %%b, %%zero : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %%bb = array.mul %%b, %%b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %%rr0 = array.sum %%bb : tensor<?xf32> -> tensor<f32>
  %%tol = array.full %(tol)s : tensor<f32>
  %%stop = array.mul %%rr0, %%tol : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %%k0 = array.full 0 : tensor<i32>
  %%one = array.full 1 : tensor<i32>
  %%kmax = array.full %(max_iters)d : tensor<i32>
  %%x, %%r, %%p, %%rr, %%k = scf.while (%%x_i = %%x0, %%r_i = %%b, %%p_i = %%b, %%rr_i = %%rr0, %%k_i = %%k0)
      : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>)
      -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>) {
    %%big = array.greater %%rr_i, %%stop : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %%more = array.less %%k_i, %%kmax : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %%go = array.logical_and %%big, %%more : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %%c = tensor.extract %%go[] : tensor<i1>
    scf.condition(%%c) %%x_i, %%r_i, %%p_i, %%rr_i, %%k_i : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>
  } do {
  ^bb0(%%x_i: tensor<?xf32>, %%r_i: tensor<?xf32>, %%p_i: tensor<?xf32>, %%rr_i: tensor<f32>, %%k_i: tensor<i32>):
    %%ap = array.spmv %%a, %%p_i : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    %%pap_v = array.mul %%p_i, %%ap : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %%pap = array.sum %%pap_v : tensor<?xf32> -> tensor<f32>
    %%alpha = array.div %%rr_i, %%pap : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %%ap_s = array.mul %%p_i, %%alpha : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %%x_n = array.add %%x_i, %%ap_s : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %%aap = array.mul %%ap, %%alpha : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %%r_n = array.sub %%r_i, %%aap : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %%rr_v = array.mul %%r_n, %%r_n : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %%rr_n = array.sum %%rr_v : tensor<?xf32> -> tensor<f32>
    %%beta = array.div %%rr_n, %%rr_i : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %%bp = array.mul %%p_i, %%beta : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %%p_n = array.add %%r_n, %%bp : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %%k_n = array.add %%k_i, %%one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    scf.yield %%x_n, %%r_n, %%p_n, %%rr_n, %%k_n : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<i32>
  }
  array.save_npy %%x, "cg_x.npy" : tensor<?xf32>
  array.save_npy %%k, "cg_k.npy" : tensor<i32>
  return
}
"""


def conjugate_gradient_until(grid, rel_tol, max_iters):
    """CG on the 2-D Poisson matrix of `grid` x `grid` until r.r falls to
    `rel_tol` times b.b: an `scf.while` whose test is a device 0-d array
    (ours) against the loop with a host check per iteration (CuPy, PyTorch
    eager; a CUDA graph cannot hold it)."""
    program = CG_WHILE % {"tol": "%.6e" % rel_tol, "max_iters": max_iters}
    base = conjugate_gradient(grid, 1)

    def ref(data, indices, indptr, b):
        data64 = data.astype(np.float64)
        starts = indptr[:-1]
        return cg_until(np.zeros_like,
                        lambda p: np.add.reduceat(data64 * p[indices], starts),
                        b.astype(np.float64), rel_tol, max_iters)

    def torch_setup(torch, data, indices, indptr, b):
        a = torch.sparse_csr_tensor(indptr.long(), indices.long(), data,
                                    size=(b.numel(), b.numel()))
        return lambda: cg_until(torch.zeros_like, lambda p: a @ p, b, rel_tol,
                                max_iters)

    def cupy_setup(cp, data, indices, indptr, b):
        import cupyx.scipy.sparse as sp
        a = sp.csr_matrix((data, indices, indptr), shape=(b.size, b.size))
        return lambda: cg_until(cp.zeros_like, lambda p: a @ p, b, rel_tol,
                                max_iters)

    return Workload("cg_until_poisson%d" % grid,
                    "CG until r.r <= %g b.b, 2-D Poisson %d x %d, float32"
                    % (rel_tol, grid, grid), program, base.inputs, ref,
                    torch_setup, cupy_setup, output="cg_x",
                    iterations="cg_k", graphable=False)


WORKLOADS = [scale_shift(1024, 100), scale_shift(1 << 20, 100),
             conjugate_gradient(256, 1000),
             conjugate_gradient_until(256, 1e-8, 5000)]


def prepare(args):
    os.makedirs(args.stage, exist_ok=True)
    arrayc = os.path.join(os.path.abspath(args.build), "bin", "arrayc")
    for w in WORKLOADS:
        source = os.path.join(args.stage, w.name + ".mlir")
        with open(source, "w") as f:
            f.write(w.program)
        done = subprocess.run([arrayc, "--target=cuda"] + args.arrayc_flag +
                              [source, "-o", os.path.join(args.stage, w.name)],
                              text=True, capture_output=True)
        if done.returncode != 0:
            sys.exit("%s: arrayc failed:\n%s" % (w.name, done.stderr[-2000:]))
    print("prepared %d workloads in %s" % (len(WORKLOADS), args.stage))


def run_ours(exe, workdir, iters, warmup, env=None, report="bench.json"):
    """The median span and the device operations queued per run (a graph
    launch counts one); the ARRAYRT_BENCH report stays in `workdir` as
    `report`."""
    bench, kernels = bench_report([os.path.abspath(exe)],
                                  os.path.join(workdir, report), iters,
                                  warmup, cwd=workdir, env=env)
    return (float(np.median(bench["span_ms"])),
            sum(op["calls"] for op in kernels) / bench["iterations"])


def graphed_loop(torch, eager, ref, row, args):
    """PyTorch's loop captured once into a CUDA graph, replayed: its time
    and error into `row`."""
    event = lambda: torch.cuda.Event(enable_timing=True)
    elapsed = lambda start, end: start.elapsed_time(end)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):
            eager()
    torch.cuda.current_stream().wait_stream(stream)
    try:
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            graphed = eager()
        row["torch_graph_ms"] = time_events(event, elapsed, graph.replay,
                                            args.iters, args.warmup)
        graph.replay()
        torch.cuda.synchronize()
        row["torch_graph_err"] = rel_error(graphed.cpu().numpy(), ref)
    except Exception as e:  # reported, the others still run
        row["torch_graph_error"] = str(e)[:200]


def run(args):
    import torch
    os.makedirs(args.results, exist_ok=True)
    try:
        import cupy as cp
    except ImportError:
        cp = None
    rows = []
    for w in WORKLOADS:
        if args.only and w.name not in args.only.split(","):
            continue
        work = os.path.join(args.results, "work", w.name)
        os.makedirs(work, exist_ok=True)
        arrays = w.inputs(np.random.default_rng(SEED))
        for name, a in arrays.items():
            np.save(os.path.join(work, name + ".npy"), a)
        ref = w.ref(*arrays.values())
        row = {"workload": w.name, "what": w.what}
        try:
            ms, launches = run_ours(os.path.join(args.stage, w.name), work,
                                    args.iters, args.warmup)
            row.update(ours_ms=ms, ours_launches=launches,
                       ours_err=rel_error(np.load(os.path.join(
                           work, w.output + ".npy")), ref))
            # The same executable with graph regions off.
            ms, launches = run_ours(os.path.join(args.stage, w.name), work,
                                    args.iters, args.warmup,
                                    env={"ARRAYRT_GRAPHS": "0"},
                                    report="bench-nographs.json")
            row.update(ours_nographs_ms=ms, ours_nographs_launches=launches,
                       ours_nographs_err=rel_error(np.load(os.path.join(
                           work, w.output + ".npy")), ref))
        except Exception as e:  # reported, the others still run
            row["ours_error"] = str(e)[:300]
        tensors = [torch.from_numpy(a).cuda() for a in arrays.values()]
        eager = w.torch_setup(torch, *tensors)
        event = lambda: torch.cuda.Event(enable_timing=True)
        elapsed = lambda start, end: start.elapsed_time(end)
        row["torch_eager_ms"] = time_events(event, elapsed, eager, args.iters,
                                            args.warmup)
        row["torch_eager_err"] = rel_error(eager().cpu().numpy(), ref)
        if w.iterations and "ours_ms" in row:
            row["ours_iterations"] = int(np.load(os.path.join(
                work, w.iterations + ".npy")))
        if w.graphable:
            graphed_loop(torch, eager, ref, row, args)
        else:
            row["torch_graph_error"] = "a host test per iteration"
        if cp is not None:
            arrays_cp = [cp.asarray(a) for a in arrays.values()]
            fn = w.cupy_setup(cp, *arrays_cp)
            row["cupy_ms"] = time_events(cp.cuda.Event,
                                         cp.cuda.get_elapsed_time, fn,
                                         args.iters, args.warmup)
            row["cupy_err"] = rel_error(cp.asnumpy(fn()), ref)
        best = min(row[k] for k in ("torch_eager_ms", "torch_graph_ms",
                                    "cupy_ms") if k in row)
        if "ours_ms" in row:
            row["best_anchor_ms"] = best
            row["speedup_vs_best"] = best / row["ours_ms"]
        rows.append(row)
        print("%-24s %s" % (w.name, {
            k: (float("%.4g" % v) if isinstance(v, float) else v)
            for k, v in row.items() if k != "what"}), flush=True)
    with open(os.path.join(args.results, "launch.json"), "w") as f:
        json.dump(rows, f, indent=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--stage", default=STAGE)
    p.add_argument("--arrayc-flag", action="append", default=[],
                   help="an arrayc option for every compile (repeatable), "
                        "e.g. --arrayc-flag=--persistent-loops")
    r = sub.add_parser("run")
    r.add_argument("--stage", default=STAGE)
    r.add_argument("--results", required=True)
    r.add_argument("--iters", type=int, default=30)
    r.add_argument("--warmup", type=int, default=3)
    r.add_argument("--only", help="comma-separated workloads")
    args = parser.parse_args()
    {"prepare": prepare, "run": run}[args.command](args)


if __name__ == "__main__":
    main()
