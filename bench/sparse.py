#!/usr/bin/env python3
"""Sparse products on one GPU: arrayrt's cuSPARSE layer against CuPy and torch.

  sparse.py prepare [--build B] [--out DIR]
      Here: copy B/bin/arrayrt-sparse-bench and this script into DIR
      (default .device-sparse/), all a GPU machine without MLIR needs.

  sparse.py run [--results R] [--quick]
      On the GPU machine, in DIR: finds libcusparse.so.12 (the toolkit's,
      else the one CuPy's or torch's wheels bring) for ARRAYRT_CUSPARSE_LIB;
      runs `arrayrt-sparse-bench check` (small SpMV/SpMM cases, f32 and f64,
      32- and 64-bit indices, alpha/beta, against a float64 CPU CSR
      product), then issue 7's workloads through arrayrt (each checked on
      every row against the CPU product, then timed); times the same
      workloads in CuPy (cupyx.scipy.sparse) and torch (torch.sparse CSR)
      with CUDA events on matrices of the same size and structure generated
      on the device (16 random distinct columns per row); measures the
      anchors of the workloads arrayrt does not run yet (SpGEMM of a 1M x 1M
      matrix with 8 per row, squared; CG on the 2-D Poisson 5-point matrix
      of a 4096 x 4096 grid: cupyx's cg and the same loop written in CuPy).
      Prints a table and writes R/sparse.json.

  sparse.py cg-ab --bin A --other-bin B [--rounds 3] [--quick]
      On the GPU machine: bench/cg.mlir compiled two ways (two `prepare
      --out` folders' bin/, e.g. with `--arrayc-flag=--persistent-loops=false`
      for one), run alternately `--rounds` times on the same inputs; prints
      each way's median ms per iteration, their ratio and the errors.

  sparse.py dry-run [--arrayc A] [--workdir W]
      Here, without a GPU: compiles bench/spmv.mlir, spmm.mlir and
      spgemm.mlir and cg.mlir for the CPU, runs them in bench mode on small
      inputs and checks them.

Times are means over back-to-back calls between two synchronizations after
warm-up. "runtime" is arrayrt_spmv / arrayrt_spmm called directly by
arrayrt-sparse-bench; "compiled" is bench/spmv.mlir, bench/spmm.mlir and
bench/spgemm.mlir (C = A @ A, then C @ x to check it) and bench/cg.mlir
(100 CG iterations on the 2-D Poisson matrix of a 4096 x 4096 grid, x
checked against the same loop in float64, normwise 1e-3) compiled by
arrayc for the CUDA target (prepare compiles them into DIR/bin)
and run on the same inputs (the same generator and seeds as the CuPy and
torch runs, saved as .npy files) with ARRAYRT_BENCH: the program's device
time per run (median; cuSPARSE's preprocessing included, the copies of the
inputs and the result not) and the cusparseSpMV / cusparseSpMM call alone
and the SpGEMM steps (from ARRAYRT_PROFILE's totals), each result checked
against a float64 CPU CSR product (every row for SpMV and SpGEMM's
(A @ A) @ x, 4096 sampled rows for SpMM).
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def log(message):
    print(message, flush=True)


COMPILED = ["spmv", "spmm", "spgemm"]
# bench/cg.mlir: its grid side (full, dry run) and iterations (fixed in it).
CG_GRID = {"full": 4096, "small": 64}
CG_ITERS = 100
# Issue 7's sizes (rows, nnz per row, dense columns), and the dry run's
# (SpGEMM's CPU lowering is a dense product: a small matrix).
FULL = {"spmv": (4 << 20, 16, 1), "spmm": (1 << 20, 16, 64),
        "spgemm": (1 << 20, 8, 1)}
SMALL = {"spmv": (4096, 16, 1), "spmm": (2048, 16, 64),
         "spgemm": (384, 8, 1)}
# The seeds of random_csr and of the dense operand, as others() uses them.
SEEDS = {"spmv": (1, 2), "spmm": (3, 4), "spgemm": (5, 6)}
# The profile rows of the product itself.
CALLS = {"spmv": ["cusparseSpMV", "arrayrt_csr_spmv"],
         "spmm": ["cusparseSpMM"],
         "spgemm": ["cusparseSpGEMM_workEstimation",
                    "cusparseSpGEMM_compute", "cusparseSpGEMM_copy",
                    "arrayrt_spgemm_count", "arrayrt_spgemm_scan",
                    "arrayrt_spgemm_fill"],
         "cg": ["cusparseSpMV", "arrayrt_csr_spmv"]}


def compile_programs(arrayc, target, bindir, flags=()):
    os.makedirs(bindir, exist_ok=True)
    for name in COMPILED + ["cg"]:
        command = [arrayc, "--target=" + target, *flags,
                   os.path.join(HERE, name + ".mlir"), "-o",
                   os.path.join(bindir, name)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("%s failed:\n%s" % (" ".join(command), result.stderr))
        log("compiled %s (--target=%s)" % (name, target))


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    shutil.copy2(os.path.join(args.build, "bin", "arrayrt-sparse-bench"),
                 args.out)
    shutil.copy2(os.path.abspath(__file__), args.out)
    shutil.copy2(os.path.join(HERE, "sparse_summary.py"), args.out)
    compile_programs(os.path.join(args.build, "bin", "arrayc"), "cuda",
                     os.path.join(args.out, "bin"), args.arrayc_flag)
    log("prepared %s" % args.out)


def cg_ab(args):
    """bench/cg.mlir compiled two ways, alternately on the same inputs."""
    import statistics
    env = dict(os.environ)
    library = find_cusparse()
    if library:
        env["ARRAYRT_CUSPARSE_LIB"] = library
    grid = 1024 if args.quick else 4096
    args.bin = os.path.abspath(args.bin)
    args.other_bin = os.path.abspath(args.other_bin)
    times = {args.bin: [], args.other_bin: []}
    errors = {}
    for _ in range(args.rounds):
        for bindir in times:
            row = run_cg(bindir, args.workdir, grid, 5, 1, env, on_gpu=True)
            if row.get("status") != "ok":
                log("%s: %s" % (bindir, row.get("status")))
                return 1
            times[bindir].append(row["ms_per_iter"])
            errors[bindir] = row["rel_error"]
    base, other = (statistics.median(times[b]) for b in times)
    log("cg %dx%d ms per iteration: %s %.4f (error %.1e), %s %.4f "
        "(error %.1e), other/base %.3f" % (
            grid, grid, args.bin, base, errors[args.bin], args.other_bin,
            other, errors[args.other_bin], other / base))
    return 0 if max(errors.values()) <= 1e-3 else 1


def random_csr_numpy(rows, per_row, seed):
    """random_csr's structure drawn with NumPy (no GPU)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    cols = np.sort(rng.integers(0, rows, size=(rows, per_row)), axis=1)
    for _ in range(10):
        dup = np.zeros(cols.shape, bool)
        dup[:, 1:] = cols[:, 1:] == cols[:, :-1]
        if not dup.any():
            break
        cols[dup] = rng.integers(0, rows, size=int(dup.sum()))
        cols.sort(axis=1)
    indptr = np.arange(0, rows * per_row + 1, per_row, dtype=np.int32)
    data = (rng.random(rows * per_row) * 2 - 1).astype(np.float32)
    return indptr, cols.astype(np.int32).ravel(), data


def write_inputs(workdir, sizes, on_gpu):
    """The compiled programs' .npy inputs: on a GPU, the arrays the CuPy and
    torch runs use (random_csr with their seeds); else NumPy's."""
    import numpy as np
    os.makedirs(workdir, exist_ok=True)
    for name, seeds in SEEDS.items():
        rows, per_row, cols = sizes[name]
        if on_gpu:
            import cupy as cp
            arrays = [cp.asnumpy(a) for a in random_csr(rows, per_row,
                                                         seeds[0])]
            shape = (rows,) if name != "spmm" else (rows, cols)
            dense = cp.asnumpy(cp.random.default_rng(seeds[1]).random(
                shape).astype(cp.float32))
        else:
            arrays = random_csr_numpy(rows, per_row, seeds[0])
            rng = np.random.default_rng(seeds[1])
            dense = rng.random((rows,) if name != "spmm"
                               else (rows, cols)).astype(np.float32)
        for part, array in zip(("indptr", "indices", "data"), arrays):
            np.save(os.path.join(workdir, "%s_%s.npy" % (name, part)), array)
        np.save(os.path.join(workdir, name + ("_b.npy" if name == "spmm"
                                              else "_x.npy")), dense)


def poisson_csr(g):
    """The 2-D Poisson 5-point matrix of a g x g grid as SciPy's CSR arrays
    (float32 data, int32 indices), built with NumPy, rows in order, columns
    sorted: the matrix cupyx's kron construction in others() gives."""
    import numpy as np
    n = g * g
    k = np.arange(n, dtype=np.int64)
    i, j = k // g, k % g
    # Neighbours in column order: up, left, centre, right, down.
    parts = [(k - g, i > 0, -1.0), (k - 1, j > 0, -1.0), (k, True, 4.0),
             (k + 1, j < g - 1, -1.0), (k + g, i < g - 1, -1.0)]
    cols = np.stack([c for c, _, _ in parts], axis=1)
    valid = np.stack([np.broadcast_to(m, (n,)) for _, m, _ in parts], axis=1)
    vals = np.broadcast_to(np.array([v for _, _, v in parts], np.float32),
                           (n, 5))
    counts = valid.sum(axis=1)
    indptr = np.zeros(n + 1, np.int64)
    np.cumsum(counts, out=indptr[1:])
    return (indptr.astype(np.int32), cols[valid].astype(np.int32),
            vals[valid].astype(np.float32))


def cg_loop(matvec, b, iters):
    """`iters` conjugate-gradient steps on A x = b from x = 0, A given by
    `matvec`, in b's array module and dtype: bench/cg.mlir's loop, which
    the CuPy timing and the float64 reference both run."""
    x = b.copy()
    x.fill(0)
    r = b.copy()
    p = r.copy()
    rr = r @ r
    for _ in range(iters):
        ap = matvec(p)
        alpha = rr / (p @ ap)
        x += alpha * p
        r -= alpha * ap
        rr_new = r @ r
        p = r + (rr_new / rr) * p
        rr = rr_new
    return x


def run_cg(bindir, workdir, grid, iters, warmup, env, on_gpu):
    """bench/cg.mlir on the Poisson matrix of `grid`: per-iteration device
    time and span, and x against the same loop in float64 (CuPy on a GPU,
    NumPy here)."""
    import numpy as np
    os.makedirs(workdir, exist_ok=True)
    indptr, indices, data = poisson_csr(grid)
    for part, array in (("indptr", indptr), ("indices", indices),
                        ("data", data),
                        ("b", np.ones(grid * grid, np.float32))):
        np.save(os.path.join(workdir, "cg_%s.npy" % part), array)
    row = run_compiled("cg", bindir, workdir, iters, warmup, env,
                       check=False)
    if row.get("status") != "ok":
        return row
    bench = json.load(open(os.path.join(workdir, "cg.bench.json")))
    row["ms_per_iter"] = row["median_ms"] / CG_ITERS
    if bench.get("span_ms"):
        spans = sorted(bench["span_ms"])
        row["span_ms_per_iter"] = spans[len(spans) // 2] / CG_ITERS
    if on_gpu:
        import cupy as xp
        import cupyx.scipy.sparse as sp
        a = sp.csr_matrix((xp.asarray(data, xp.float64), xp.asarray(indices),
                           xp.asarray(indptr)), shape=(grid * grid,) * 2)
    else:
        xp = np
        a = None
    b = xp.ones(grid * grid, xp.float64)

    def matvec(p):
        if a is not None:
            return a @ p
        y = np.add.reduceat(data.astype(np.float64) * p[indices], indptr[:-1])
        return y
    x = cg_loop(matvec, b, CG_ITERS)
    ref = x.get() if on_gpu else x
    got = np.load(os.path.join(workdir, "cg_x.npy")).astype(np.float64)
    # float32 against float64 after 100 CG steps: the trajectories part by
    # rounding; 1e-3 normwise is what a correct float32 solver keeps.
    row["rel_error"] = float(np.linalg.norm(got - ref) / np.linalg.norm(ref))
    row["ok"] = row["rel_error"] <= 1e-3
    row["status"] = "ok" if row["ok"] else "wrong result"
    return row


def check_compiled(name, workdir):
    """Normwise relative error of the program's result against a float64
    CPU CSR product (SpMM: 4096 sampled rows)."""
    import numpy as np

    def load(part):
        return np.load(os.path.join(workdir, "%s_%s.npy" % (name, part)))
    indptr, indices, data = load("indptr"), load("indices"), load("data")
    out = np.load(os.path.join(workdir, name + ".npy"))
    counts = np.diff(indptr)
    def product(x):  # A @ x in float64, every row.
        y = np.add.reduceat(data.astype(np.float64) * x[indices], indptr[:-1])
        y[counts == 0] = 0
        return y
    if name == "spmv":
        ref = product(load("x").astype(np.float64))
        got = out
    elif name == "spgemm":  # (A @ A) @ x as A @ (A @ x)
        ref = product(product(load("x").astype(np.float64)))
        got = out
    else:
        b = load("b")
        rows = np.random.default_rng(0).choice(
            len(counts), size=min(4096, len(counts)), replace=False)
        ref = np.stack([data[indptr[i]:indptr[i + 1]].astype(np.float64)
                        @ b[indices[indptr[i]:indptr[i + 1]]].astype(
                            np.float64) for i in rows])
        got = out[rows]
    error = float(np.linalg.norm(got - ref) / max(np.linalg.norm(ref), 1e-300))
    return error


def run_compiled(name, bindir, workdir, iters, warmup, env, check=True):
    """Runs a compiled program in bench mode; its times and (with `check`)
    its result's check."""
    report = os.path.join(workdir, name + ".bench.json")
    if os.path.exists(report):
        os.remove(report)
    env = dict(env, ARRAYRT_BENCH=str(iters), ARRAYRT_BENCH_WARMUP=str(warmup),
               ARRAYRT_BENCH_OUT=report, ARRAYRT_PROFILE="1")
    begin = time.time()
    proc = subprocess.run([os.path.join(bindir, name)], cwd=workdir, env=env,
                          capture_output=True, text=True)
    row = {"wall_s": round(time.time() - begin, 2),
           "profile": proc.stderr.strip()[-3000:]}
    if proc.returncode != 0:
        row["status"] = "exit %d: %s" % (proc.returncode,
                                         proc.stderr.strip()[-500:])
        return row
    bench = json.load(open(report))
    for key in ("timer", "median_ms", "min_ms", "max_ms", "iterations"):
        row[key] = bench.get(key)
    row["operations"] = bench.get("operations", [])
    calls = [op for op in row["operations"] if op["name"] in CALLS[name]]
    if calls and row.get("iterations"):
        row["call_ms"] = sum(op["total_ms"] for op in calls) / row["iterations"]
    if not check:
        row["status"] = "ok"
        return row
    row["rel_error"] = check_compiled(name, workdir)
    row["ok"] = row["rel_error"] <= 1e-5
    row["status"] = "ok" if row["ok"] else "wrong result"
    return row


def dry_run(args):
    """The compiled programs for the CPU, small inputs, bench mode."""
    workdir = os.path.abspath(args.workdir)
    bindir = os.path.join(workdir, "bin")
    arrayc = args.arrayc or os.path.join(HERE, "..", "build", "bin", "arrayc")
    compile_programs(arrayc, "cpu", bindir)
    write_inputs(workdir, SMALL, on_gpu=False)
    failed = 0
    rows = {}
    for name in COMPILED:
        rows[name] = run_compiled(name, bindir, workdir, 3, 1,
                                  dict(os.environ))
    rows["cg"] = run_cg(bindir, workdir, CG_GRID["small"], 2, 1,
                        dict(os.environ), on_gpu=False)
    for name, row in rows.items():
        failed += not row.get("ok")
        log("%-6s %s, rel. error %s, %s runs" % (
            name, row["status"], row.get("rel_error"), row.get("iterations")))
    log("sparse dry-run: %d of %d programs compiled for the CPU, ran in bench "
        "mode and matched float64 NumPy" % (len(rows) - failed, len(rows)))
    return 1 if failed else 0


def find_cusparse():
    if os.environ.get("ARRAYRT_CUSPARSE_LIB"):
        return os.environ["ARRAYRT_CUSPARSE_LIB"]
    candidates = ["/usr/local/cuda/lib64/libcusparse.so.12"]
    for root in sys.path:
        candidates += glob.glob(os.path.join(
            root, "nvidia", "cusparse", "lib", "libcusparse.so.12"))
        candidates += glob.glob(os.path.join(
            root, "nvidia", "cu1*", "lib", "libcusparse.so.12"))
    for path in candidates:
        if os.path.exists(path):
            return path
    return None


def ours(cmd, env):
    log("$ " + " ".join(cmd))
    start = time.time()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    log("  (%.1f s, exit %d)" % (time.time() - start, proc.returncode))
    found = re.search(r"sparse-bench: (\{.*\})", proc.stdout)
    result = json.loads(found.group(1)) if found else None
    return proc.returncode, proc.stdout, result


def timed(fn, reps, warmup=3):
    import cupy as cp
    for _ in range(warmup):
        fn()
    cp.cuda.Device().synchronize()
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    end.synchronize()
    return cp.cuda.get_elapsed_time(start, end) / reps


def random_csr(rows, per_row, seed):
    """(indptr, indices, data) on the device: per_row distinct sorted
    columns per row (drawn with replacement, duplicates redrawn)."""
    import cupy as cp
    rng = cp.random.default_rng(seed)
    cols = rng.integers(0, rows, size=(rows, per_row), dtype=cp.int64)
    cols.sort(axis=1)
    for _ in range(10):  # Redraw the (rare) repeated columns.
        dup = cp.zeros(cols.shape, bool)
        dup[:, 1:] = cols[:, 1:] == cols[:, :-1]
        count = int(dup.sum())
        if not count:
            break
        cols[dup] = rng.integers(0, rows, size=count, dtype=cp.int64)
        cols.sort(axis=1)
    indptr = cp.arange(0, rows * per_row + 1, per_row, dtype=cp.int32)
    data = (rng.random(rows * per_row) * 2 - 1).astype(cp.float32)
    return indptr, cols.astype(cp.int32).ravel(), data


def others(quick, results):
    """CuPy and torch times (ms) of the workloads, into `results`; a section
    that fails records its error and the next one runs."""
    import cupy as cp
    import cupyx.scipy.sparse as csp
    import cupyx.scipy.sparse.linalg as cspl
    try:
        import torch
    except ImportError:
        torch = None
    scale = 16 if quick else 1
    results["cupy"] = cp.__version__
    results["torch"] = torch.__version__ if torch is not None else None

    def section(name, fn):
        try:
            fn()
        except Exception as error:  # Keep going: report what ran.
            results[name + "_error"] = repr(error)
            log("%s failed: %r" % (name, error))
        cp.get_default_memory_pool().free_all_blocks()
        if torch is not None:
            torch.cuda.empty_cache()

    def torch_csr(indptr, indices, data, rows):
        return torch.sparse_csr_tensor(torch.as_tensor(indptr),
                                       torch.as_tensor(indices),
                                       torch.as_tensor(data), (rows, rows))

    def spmv():  # CSR 4M x 4M, 16 per row, float32.
        rows = (4 << 20) // scale
        indptr, indices, data = random_csr(rows, 16, 1)
        a = csp.csr_matrix((data, indices, indptr), shape=(rows, rows))
        x = cp.random.default_rng(2).random(rows).astype(cp.float32)
        results["spmv_cupy_ms"] = timed(lambda: a @ x, 50)
        if torch is not None:
            ta, tx = torch_csr(indptr, indices, data, rows), torch.as_tensor(x)
            results["spmv_torch_ms"] = timed(lambda: ta @ tx, 50)

    def spmm():  # CSR 1M x 1M, 16 per row, times dense 1M x 64, float32.
        rows = (1 << 20) // scale
        indptr, indices, data = random_csr(rows, 16, 3)
        a = csp.csr_matrix((data, indices, indptr), shape=(rows, rows))
        b = cp.random.default_rng(4).random((rows, 64)).astype(cp.float32)
        results["spmm_cupy_ms"] = timed(lambda: a @ b, 10)
        if torch is not None:
            ta, tb = torch_csr(indptr, indices, data, rows), torch.as_tensor(b)
            results["spmm_torch_ms"] = timed(lambda: ta @ tb, 20)

    def spgemm():  # CSR 1M x 1M, 8 per row, squared.
        rows = (1 << 20) // scale
        indptr, indices, data = random_csr(rows, 8, 5)
        a = csp.csr_matrix((data, indices, indptr), shape=(rows, rows))
        results["spgemm_cupy_ms"] = timed(lambda: a @ a, 3, warmup=1)
        results["spgemm_nnz"] = int((a @ a).nnz)
        if torch is not None:
            ta = torch_csr(indptr, indices, data, rows)
            results["spgemm_torch_ms"] = timed(lambda: ta @ ta, 3, warmup=1)

    def cg():  # 2-D Poisson, 5-point, 4096 x 4096 grid.
        g = 4096 // (4 if quick else 1)
        t = csp.diags([-1, 4, -1], [-1, 0, 1], shape=(g, g), format="csr",
                      dtype=cp.float32)
        e = csp.identity(g, format="csr", dtype=cp.float32)
        off = csp.diags([-1, -1], [-1, 1], shape=(g, g), format="csr",
                        dtype=cp.float32)
        poisson = (csp.kron(e, t) + csp.kron(off, e)).tocsr()
        results["poisson_nnz"] = int(poisson.nnz)
        rhs = cp.ones(g * g, cp.float32)
        iters = 100

        def loop():
            return cg_loop(lambda p: poisson @ p, rhs, iters)
        results["cg_loop_cupy_ms_per_iter"] = timed(loop, 1, warmup=1) / iters
        for keyword in ("rtol", "tol"):
            try:
                cspl.cg(poisson, rhs, maxiter=2, **{keyword: 1e-30})
            except TypeError:
                continue
            cp.cuda.Device().synchronize()
            start = time.time()
            cspl.cg(poisson, rhs, maxiter=iters, **{keyword: 1e-30})
            cp.cuda.Device().synchronize()
            results["cg_cupyx_ms_per_iter"] = ((time.time() - start) * 1e3
                                               / iters)
            break

    for name, fn in (("spmv", spmv), ("spmm", spmm), ("spgemm", spgemm),
                     ("cg", cg)):
        section(name, fn)


def run(args):
    env = dict(os.environ)
    library = find_cusparse()
    if library:
        env["ARRAYRT_CUSPARSE_LIB"] = library
    log("cuSPARSE: %s" % library)
    bench = os.path.join(HERE, "arrayrt-sparse-bench")
    report = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "cusparse": library}
    try:
        smi = subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version",
             "--format=csv,noheader"], capture_output=True, text=True)
        report["device"] = smi.stdout.strip()
    except OSError:
        pass
    code, out, _ = ours([bench, "check"], env)
    report["check_ok"] = code == 0
    report["check"] = [l for l in out.splitlines() if l.startswith("sparse-")]
    scale = 16 if args.quick else 1
    code, _, report["spmv_ours"] = ours(
        [bench, "spmv", str((4 << 20) // scale), "16", "50"], env)
    code, _, report["spmm_ours"] = ours(
        [bench, "spmm", str((1 << 20) // scale), "16", "64", "20"], env)
    # The compiled programs, on the inputs the CuPy and torch runs draw.
    bindir = os.path.join(HERE, "bin")
    if os.path.isdir(bindir):
        sizes = {k: (rows // scale, per_row, cols)
                 for k, (rows, per_row, cols) in FULL.items()}
        try:
            write_inputs(args.workdir, sizes, on_gpu=True)
            runs = [(name, name, {}) for name in COMPILED]
            # SpMV's runtime choices (ARRAYRT_SPMV, _PREPROCESS), measured
            # on the same inputs: the default is arrayrt's kernel on this
            # matrix (short rows), the others cuSPARSE's ways.
            cusparse = {"ARRAYRT_SPMV": "cusparse"}
            runs += [("spmv", "spmv_cusparse", cusparse),
                     ("spmv", "spmv_first",
                      dict(cusparse, ARRAYRT_SPMV_PREPROCESS="1")),
                     ("spmv", "spmv_nopre",
                      dict(cusparse, ARRAYRT_SPMV_PREPROCESS="0")),
                     ("spmv", "spmv_alg2", {"ARRAYRT_SPMV": "alg2"}),
                     # SpGEMM: arrayrt's kernels by default, cuSPARSE's.
                     ("spgemm", "spgemm_cusparse",
                      {"ARRAYRT_SPGEMM": "cusparse"})]
            for name, key, extra in runs:
                row = run_compiled(name, bindir, args.workdir, args.iters, 3,
                                   dict(env, **extra))
                report[key + "_compiled"] = row
                log("compiled %s: %s" % (key, json.dumps(
                    {k: v for k, v in row.items()
                     if k not in ("profile", "operations")})))
            # CG: 5 runs of 100 iterations (the per-iteration time is a
            # mean over each run's 100).
            grid = CG_GRID["full"] // (4 if args.quick else 1)
            row = run_cg(bindir, args.workdir, grid, 5, 1, env, on_gpu=True)
            report["cg_compiled"] = row
            log("compiled cg: %s" % json.dumps(
                {k: v for k, v in row.items()
                 if k not in ("profile", "operations")}))
            # The same with cuSPARSE's SpMV instead of arrayrt's kernel.
            row = run_cg(bindir, args.workdir, grid, 5, 1,
                         dict(env, ARRAYRT_SPMV="cusparse"), on_gpu=True)
            report["cg_cusparse_compiled"] = row
            log("compiled cg (cuSPARSE): %s" % json.dumps(
                {k: v for k, v in row.items()
                 if k not in ("profile", "operations")}))
        except Exception as error:
            report["compiled_error"] = repr(error)
            log("compiled programs failed: %r" % error)
        shutil.rmtree(args.workdir, ignore_errors=True)
    try:
        others(args.quick, report)
    except Exception as error:  # No CuPy at all: report what we have.
        report["others_error"] = repr(error)
        log("CuPy/torch part failed: %r" % error)
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, "sparse.json"), "w") as out:
        json.dump(report, out, indent=1)
    log(json.dumps(report, indent=1))
    ok = report["check_ok"] and all(
        (report.get(k) or {}).get("ok") for k in ("spmv_ours", "spmm_ours"))
    if os.path.isdir(bindir):
        ok = ok and all((report.get(name + "_compiled") or {}).get("ok")
                        for name in COMPILED + ["cg"])
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    p.add_argument("--out", default=os.path.join(HERE, "..", ".device-sparse"))
    p.add_argument("--arrayc-flag", action="append", default=[],
                   help="an arrayc option for the compiled programs")
    ab = sub.add_parser("cg-ab")
    ab.add_argument("--bin", required=True)
    ab.add_argument("--other-bin", required=True)
    ab.add_argument("--rounds", type=int, default=3)
    ab.add_argument("--quick", action="store_true")
    ab.add_argument("--workdir", default="/dev/shm/arrayc-cg-ab")
    r = sub.add_parser("run")
    r.add_argument("--results", default="results")
    r.add_argument("--quick", action="store_true",
                   help="1/16 of the sizes (a smoke test)")
    r.add_argument("--workdir", default="/dev/shm/arrayc-sparse",
                   help="where the compiled programs' inputs are written")
    r.add_argument("--iters", type=int, default=20,
                   help="ARRAYRT_BENCH runs of each compiled program")
    d = sub.add_parser("dry-run")
    d.add_argument("--arrayc")
    d.add_argument("--workdir", default="sparse-dry-run")
    args = parser.parse_args()
    if args.command == "prepare":
        prepare(args)
        return 0
    if args.command == "dry-run":
        return dry_run(args)
    if args.command == "cg-ab":
        return cg_ab(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
