#!/usr/bin/env python3
"""Benchmark Arrayc's executables against CuPy and PyTorch on one GPU.

  run.py prepare [--arrayc A] [--out DIR] [--target cuda|cpu] [--size full|small]
      Compile bench/*.mlir with arrayc into DIR/bin (default .device-bench/),
      record what was built in DIR/bin/BUILD_INFO.json and copy this script
      to DIR, so that DIR is all a GPU machine without MLIR needs.

  run.py run [--bin DIR/bin] [--workdir W] [--results R] [options]
      On the GPU machine: write the inputs (NumPy, fixed seed) once into W,
      run each executable with ARRAYRT_BENCH (device time from CUDA events
      around its kernels), time the same computation in CuPy (eager, and
      ElementwiseKernel / ReductionKernel / cupy.fuse where they apply) and
      PyTorch (eager, torch.compile) with CUDA events, check every result
      against a float64 NumPy reference, print a table and write
      R/results.json and R/performance.md.

  run.py matmul [--bin DIR/bin] [--workdir W] [--results R] [options]
      On the GPU machine: the matrix products (bench/matmul-*.mlir, through
      cuBLASLt): our cuBLASLt call's device time (CUDA events, from the
      ARRAYRT_BENCH report) against PyTorch and CuPy on the same inputs, in
      TFLOP/s; the first rows of every result against float64 NumPy (from
      the inputs rounded to the workload's dtype). R/matmul.json, matmul.md.

  run.py generality [--results R] [--only A,B]
      On the GPU machine: the generality suite (bench/generality.py: row
      groups, reductions, casts and attention over other ranks, widths and
      dtypes) against torch eager, torch.compile and PyTorch's fused
      attention, in one run; R/generality.md and .json. `prepare` (for
      --target=cuda) compiles it into DIR/generality.
      `python3 bench/generality.py docs R` here puts R's table into
      docs/performance.md.

  run.py dry-run [--arrayc A]
      Here, without a GPU, CuPy or PyTorch: prepare for --target=cpu at the
      small size into a temporary folder and run the harness on it (ours
      only, timed with the host clock), failing unless every result passes
      its check. What CI runs (test/Bench/dry-run.test).

Times are medians over the timed runs (after warm-up); GB/s is the least
number of bytes the computation must move (inputs read once, outputs
written once) over that time; "ours/this" is our median over the other's,
so 2.0 means ours takes twice as long.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20251129
RTOL = 1e-5  # Normwise relative error allowed against float64.
WORKLOADS = ["gaussian", "sum", "softmax", "layernorm", "colsum", "rowsum"]
# Matrix products through cuBLASLt (`run.py matmul`): name -> (dtype, FLOP
# per run at the full size, normwise error allowed against float64 on the
# checked rows).
MATMUL = {
    "matmul-bf16": ("bfloat16", 2 * 8192 ** 3, 1e-2),
    "matmul-f16": ("float16", 2 * 8192 ** 3, 5e-3),
    "matmul-f32": ("float32", 2 * 8192 ** 3, 1e-5),
    "matmul-tf32": ("float32", 2 * 8192 ** 3, 5e-3),
    "matmul-gelu": ("bfloat16", 2 * 8192 ** 3, 1e-2),
    "matmul-batched": ("float16", 64 * 2 * 512 ** 3, 5e-3),
}
# The small sizes of the dry run for the matmul programs.
MATMUL_SMALL = [("8192", "96"), ("64x512x512", "4x24x24"), ("512", "24")]
IMPLS = ["ours", "cupy", "torch", "compile"]
# The sizes the programs are written for, and the small ones the dry run
# substitutes for them (the programs have static shapes).
FULL = {"n": 1 << 28, "d": 16384}
SMALL = {"n": 1 << 16, "d": 256}
THREADS = min(32, os.cpu_count() or 1)


def log(message):
    print(message, flush=True)


# --------------------------------------------------------------------------
# prepare


def find_repo():
    return os.path.dirname(HERE)


def git_describe(repo):
    try:
        head = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"],
                              capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", repo, "status", "--porcelain",
                                "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return head + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def sized_source(text, size):
    """The program text at `size` ('full' as written, or 'small')."""
    if size == "full":
        return text
    # Not \b: in tensor<16384x16384xf32> the digits touch letters.
    text = re.sub(r"(?<!\d)%d(?!\d)" % FULL["n"], str(SMALL["n"]), text)
    return re.sub(r"(?<!\d)%d(?!\d)" % FULL["d"], str(SMALL["d"]), text)


def prepare(args):
    repo = find_repo()
    arrayc = args.arrayc or os.path.join(repo, "build", "bin", "arrayc")
    out = os.path.abspath(args.out)
    bindir = os.path.join(out, "bin")
    shutil.rmtree(bindir, ignore_errors=True)
    os.makedirs(bindir)
    sources = os.path.join(bindir, "src")
    os.makedirs(sources)
    # bfloat16 arithmetic (the GELU) does not link for the CPU, whose
    # libgcc lacks __truncsfbf2.
    matmul = [name for name in MATMUL
              if args.target == "cuda" or name != "matmul-gelu"]
    for name in WORKLOADS + matmul:
        text = open(os.path.join(HERE, name + ".mlir")).read()
        if name in MATMUL:
            if args.size == "small":
                for full, small in MATMUL_SMALL:
                    text = text.replace(full, small)
        else:
            text = sized_source(text, args.size)
        source = os.path.join(sources, name + ".mlir")
        with open(source, "w") as f:
            f.write(text)
        command = [arrayc, "--target=" + args.target, source, "-o",
                   os.path.join(bindir, name)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("prepare: %s failed:\n%s" % (" ".join(command),
                                                  result.stderr))
        log("compiled %s (--target=%s, %s size)" % (name, args.target,
                                                     args.size))
    info = {
        "commit": git_describe(repo),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
            timespec="seconds"),
        "target": args.target,
        "size": args.size,
        "dims": FULL if args.size == "full" else SMALL,
        "arrayc": arrayc,
        "workloads": WORKLOADS,
        "matmul": matmul,
    }
    with open(os.path.join(bindir, "BUILD_INFO.json"), "w") as f:
        json.dump(info, f, indent=2)
    if os.path.abspath(HERE) != out:
        for script in ("run.py", "generality.py", "generality_suite.py"):
            shutil.copy(os.path.join(os.path.dirname(os.path.abspath(
                __file__)), script), os.path.join(out, script))
    if args.target == "cuda" and args.size == "full":
        import generality
        generality.prepare(argparse.Namespace(
            arrayc=arrayc, build=None, only=None,
            stage=os.path.join(out, "generality")))
    log("prepared %s" % out)


def run_generality(args):
    import generality
    args.stage = os.path.join(HERE, "generality")
    sys.exit(generality.run(args))


# --------------------------------------------------------------------------
# Inputs and float64 references (NumPy, in row chunks over threads)


def row_chunks(rows, parts):
    step = max(1, -(-rows // parts))
    return [(i, min(rows, i + step)) for i in range(0, rows, step)]


def parallel(function, items):
    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(function, items))


def normal_f32(shape, seed, mean=1.0, scale=1.0):
    """mean + scale * N(0, 1) as float32, the same for a seed whatever the
    machine: fixed chunks, each with its own child generator."""
    out = np.empty(shape, np.float32)
    flat = out.reshape(-1)
    chunks = row_chunks(flat.size, 64)
    seeds = np.random.SeedSequence(seed).spawn(len(chunks))

    def fill(index):
        begin, end = chunks[index]
        rng = np.random.default_rng(seeds[index])
        part = flat[begin:end]
        rng.standard_normal(out=part, dtype=np.float32)
        part *= np.float32(scale)
        part += np.float32(mean)

    parallel(fill, range(len(chunks)))
    return out


def make_inputs(workdir, dims):
    """Writes the inputs once; returns them (NumPy arrays)."""
    n, d = dims["n"], dims["d"]
    stamp = os.path.join(workdir, "inputs.json")
    want = {"seed": SEED, "n": n, "d": d}
    names = ["x", "a", "b", "m", "gamma", "beta"]
    if os.path.exists(stamp) and json.load(open(stamp)) == want:
        return {k: np.load(os.path.join(workdir, k + ".npy"), mmap_mode="r")
                for k in names}
    inputs = {
        # Mean 1: sums are well conditioned, so float32 libraries can meet
        # the 1e-5 normwise check on 2^28 elements.
        "x": normal_f32((n,), SEED),
        "a": np.array(1.5, np.float32),
        "b": np.array(-0.25, np.float32),
        "m": normal_f32((d, d), SEED + 1),
        "gamma": normal_f32((d,), SEED + 2, mean=1.0, scale=0.1),
        "beta": normal_f32((d,), SEED + 3, mean=0.0, scale=0.1),
    }
    for k in names:
        np.save(os.path.join(workdir, k + ".npy"), inputs[k])
    with open(stamp, "w") as f:
        json.dump(want, f)
    return inputs


def reference(name, inp):
    """The float64 NumPy result of workload `name`."""
    x, m = inp["x"], inp["m"]
    a, b = float(inp["a"]), float(inp["b"])
    if name == "sum":
        parts = parallel(lambda r: np.sum(x[r[0]:r[1]], dtype=np.float64),
                         row_chunks(x.size, THREADS * 4))
        return np.array(np.sum(parts), np.float64)
    if name == "gaussian":
        out = np.empty(x.shape, np.float64)

        def rows(r):
            v = x[r[0]:r[1]].astype(np.float64)
            out[r[0]:r[1]] = np.exp(-(v * v) / 2) * a + b

        parallel(rows, row_chunks(x.size, THREADS * 4))
        return out
    if name == "colsum":
        parts = parallel(
            lambda r: m[r[0]:r[1]].astype(np.float64).sum(axis=0),
            row_chunks(m.shape[0], THREADS))
        return np.sum(parts, axis=0)
    out = np.empty(m.shape[0] if name == "rowsum" else m.shape, np.float64)
    gamma = inp["gamma"].astype(np.float64)
    beta = inp["beta"].astype(np.float64)

    def rows(r):
        v = m[r[0]:r[1]].astype(np.float64)
        if name == "rowsum":
            out[r[0]:r[1]] = v.sum(axis=1)
        elif name == "softmax":
            e = np.exp(v - v.max(axis=1, keepdims=True))
            out[r[0]:r[1]] = e / e.sum(axis=1, keepdims=True)
        elif name == "layernorm":
            mu = v.mean(axis=1, keepdims=True)
            var = ((v - mu) ** 2).mean(axis=1, keepdims=True)
            out[r[0]:r[1]] = (v - mu) / np.sqrt(var + 1e-5) * gamma + beta
        else:
            raise ValueError(name)

    parallel(rows, row_chunks(m.shape[0], THREADS * 4))
    return out


def min_bytes(name, dims):
    """Bytes a workload must move at least: inputs once, outputs once."""
    n, d = dims["n"], dims["d"]
    return {
        "copy": 8 * n,
        "gaussian": 8 * n,
        "sum": 4 * n + 4,
        "softmax": 8 * d * d,
        "layernorm": 8 * d * d + 8 * d,
        "colsum": 4 * d * d + 4 * d,
        "rowsum": 4 * d * d + 4 * d,
    }[name]


class Checker:
    """Normwise relative error of results against a float64 reference,
    on the GPU when CuPy is there (the reference goes there once)."""

    def __init__(self, ref, cp):
        self.cp = cp
        self.ref = ref
        self.ref_dev = cp.asarray(ref) if cp is not None else None
        if cp is not None:
            self.norm = float(cp.linalg.norm(self.ref_dev.ravel()))
        else:
            self.norm = float(np.sqrt(self._host_sumsq(ref, None)))

    def _host_sumsq(self, a, b):
        a = np.asarray(a).reshape(-1)
        b = None if b is None else np.asarray(b).reshape(-1)

        def part(r):
            v = np.asarray(a[r[0]:r[1]], np.float64)
            if b is not None:
                v = v - b[r[0]:r[1]]
            return float(np.dot(v, v))

        return sum(parallel(part, row_chunks(a.size, THREADS * 4)))

    def error(self, result):
        """`result` is a NumPy, CuPy or torch array."""
        if hasattr(result, "detach"):  # torch
            result = result.detach()
            if self.cp is None or not result.is_cuda:
                result = result.cpu().numpy()
        shape = tuple(result.shape)
        if shape != tuple(self.ref.shape):
            raise ValueError("shape %s, expected %s" % (shape,
                                                        self.ref.shape))
        if self.cp is not None:
            cp = self.cp
            dev = cp.asarray(result).astype(cp.float64)
            diff = float(cp.linalg.norm((dev - self.ref_dev).ravel()))
            finite = bool(cp.isfinite(dev).all())
            del dev
        else:
            diff = float(np.sqrt(self._host_sumsq(result, self.ref)))
            finite = bool(np.isfinite(np.asarray(result)).all())
        if not finite:
            return float("inf")
        return diff / self.norm if self.norm else diff

    def release(self):
        self.ref_dev = None
        if self.cp is not None:
            self.cp.get_default_memory_pool().free_all_blocks()


# --------------------------------------------------------------------------
# Timing


def summarize(samples):
    s = sorted(samples)
    k = len(s)
    median = s[k // 2] if k % 2 else (s[k // 2 - 1] + s[k // 2]) / 2
    return {"median_ms": median, "min_ms": s[0], "max_ms": s[-1],
            "mean_ms": sum(s) / k, "n": k}


def time_events(function, warmup, iters, event, synchronize):
    """CUDA-event time of each call of `function` after `warmup` calls."""
    result = None
    for _ in range(warmup):
        result = function()
    synchronize()
    samples = []
    for _ in range(iters):
        start, end = event(), event()
        start.record()
        result = function()
        end.record()
        end.synchronize()
        samples.append(elapsed(start, end))
    return samples, result


def elapsed(start, end):
    if hasattr(start, "elapsed_time"):  # torch
        return start.elapsed_time(end)
    import cupy
    return cupy.cuda.get_elapsed_time(start, end)


# --------------------------------------------------------------------------
# The implementations


def cupy_variants(cp, name, dev):
    """(label, function) pairs computing workload `name` with CuPy."""
    x, m, a, b = dev.get("x"), dev.get("m"), dev.get("a"), dev.get("b")
    if name == "copy":
        y = cp.empty_like(x)

        def copy():
            y[...] = x
            return y

        return [("cupy y[...] = x", copy)]
    if name == "gaussian":
        kernel = cp.ElementwiseKernel(
            "float32 x, float32 a, float32 b", "float32 y",
            "y = exp(-(x * x) / 2.0f) * a + b", "arrayc_bench_gaussian")

        @cp.fuse()
        def fused(x, a, b):
            return cp.exp(-(x * x) / cp.float32(2)) * a + b

        two = cp.float32(2)
        return [("cupy eager", lambda: cp.exp(-(x * x) / two) * a + b),
                ("cupy ElementwiseKernel", lambda: kernel(x, a, b)),
                ("cupy fuse", lambda: fused(x, a, b))]
    if name in ("sum", "colsum", "rowsum"):
        # Accumulating in float64, as array.sum does for float32.
        kernel = cp.ReductionKernel(
            "float32 x", "float32 y", "x", "a + b", "y = a", "0",
            "arrayc_bench_sum", reduce_type="double")
        if name == "sum":
            return [("cupy eager", lambda: x.sum()),
                    ("cupy ReductionKernel f64", lambda: kernel(x))]
        axis = 0 if name == "colsum" else 1
        return [("cupy eager", lambda: m.sum(axis=axis)),
                ("cupy ReductionKernel f64", lambda: kernel(m, axis=axis))]
    if name == "softmax":
        def softmax():
            e = cp.exp(m - m.max(axis=1, keepdims=True))
            return e / e.sum(axis=1, keepdims=True)

        return [("cupy eager", softmax)]
    if name == "layernorm":
        gamma, beta = dev["gamma"], dev["beta"]
        eps = cp.float32(1e-5)

        def layernorm():
            mu = m.mean(axis=1, keepdims=True)
            var = m.var(axis=1, keepdims=True)
            return (m - mu) / cp.sqrt(var + eps) * gamma + beta

        return [("cupy eager", layernorm)]
    return []


def torch_function(torch, name, dev):
    """The natural PyTorch code for workload `name`."""
    x, m, a, b = dev.get("x"), dev.get("m"), dev.get("a"), dev.get("b")
    if name == "copy":
        y = torch.empty_like(x)
        return lambda: y.copy_(x)
    if name == "gaussian":
        return lambda: torch.exp(-(x * x) / 2) * a + b
    if name == "sum":
        return lambda: x.sum()
    if name == "colsum":
        return lambda: m.sum(dim=0)
    if name == "rowsum":
        return lambda: m.sum(dim=1)
    if name == "softmax":
        return lambda: torch.softmax(m, dim=1)
    if name == "layernorm":
        import torch.nn.functional as F
        gamma, beta = dev["gamma"], dev["beta"]
        return lambda: F.layer_norm(m, (m.shape[1],), gamma, beta, eps=1e-5)
    raise ValueError(name)


def torch_compiled(torch, name, dev):
    """torch.compile of the same code, with its inputs as arguments (so the
    graph does not bake them in as constants)."""
    import torch.nn.functional as F
    x, m, a, b = dev.get("x"), dev.get("m"), dev.get("a"), dev.get("b")
    compile = lambda f: torch.compile(f, dynamic=False, fullgraph=True)
    if name == "gaussian":
        f = compile(lambda x, a, b: torch.exp(-(x * x) / 2) * a + b)
        return lambda: f(x, a, b)
    if name == "sum":
        f = compile(lambda x: x.sum())
        return lambda: f(x)
    if name in ("colsum", "rowsum"):
        f = compile(lambda m: m.sum(dim=0 if name == "colsum" else 1))
        return lambda: f(m)
    if name == "softmax":
        f = compile(lambda m: torch.softmax(m, dim=1))
        return lambda: f(m)
    if name == "layernorm":
        gamma, beta = dev["gamma"], dev["beta"]
        f = compile(lambda m, g, b: F.layer_norm(m, (m.shape[1],), g, b,
                                                 eps=1e-5))
        return lambda: f(m, gamma, beta)
    raise ValueError(name)


def run_ours(args, name, bindir, workdir, dims):
    """Runs our executable in bench mode; returns its row (and output)."""
    exe = os.path.join(bindir, name)
    report = os.path.join(workdir, name + ".bench.json")
    if os.path.exists(report):
        os.remove(report)
    env = dict(os.environ)
    env.update({
        "ARRAYRT_BENCH": str(args.iters),
        "ARRAYRT_BENCH_WARMUP": str(args.warmup),
        "ARRAYRT_BENCH_OUT": report,
        "ARRAYRT_PROFILE": "1",
    })
    if args.ours_max_seconds:
        env["ARRAYRT_BENCH_MAX_SECONDS"] = str(args.ours_max_seconds)
    begin = time.monotonic()
    try:
        done = subprocess.run([exe], cwd=workdir, env=env, timeout=args.timeout,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    except subprocess.TimeoutExpired:
        return {"status": "timeout after %ds" % args.timeout}, None
    row = {"wall_s": round(time.monotonic() - begin, 2),
           "profile": done.stderr.strip()[-4000:]}
    if done.returncode != 0:
        row["status"] = "exit %d: %s" % (done.returncode,
                                         done.stderr.strip()[-500:])
        return row, None
    bench = json.load(open(report))
    row.update({k: bench[k] for k in ("timer", "median_ms", "min_ms",
                                      "max_ms", "mean_ms", "warmup")})
    row["n"] = bench["iterations"]
    row["samples_ms"] = bench["samples_ms"]
    row["transfer_median_ms"] = summarize(bench["transfer_ms"])["median_ms"] \
        if bench.get("transfer_ms") else None
    row["host_median_ms"] = summarize(bench["host_ms"])["median_ms"]
    row["operations"] = bench["operations"]
    output = np.load(os.path.join(workdir, name + ".npy"), mmap_mode="r")
    return row, output


class Harness:
    def __init__(self, args):
        self.args = args
        self.start = time.monotonic()
        self.rows = []
        self.notes = []
        self.cp = self.torch = None
        self.impls = set(args.impls.split(","))
        unknown = self.impls - set(IMPLS)
        if unknown:
            sys.exit("unknown --impls %s (have %s)" % (",".join(sorted(
                unknown)), ",".join(IMPLS)))
        # CuPy also checks results on the GPU, measured or not.
        try:
            import cupy
            cupy.cuda.runtime.getDeviceCount()
            self.cp = cupy
        except Exception as error:  # Not there, or no GPU.
            self.notes.append("CuPy not used: %s" % str(error)[:200])
        if self.impls & {"torch", "compile"}:
            try:
                import torch
                if not torch.cuda.is_available():
                    raise RuntimeError("torch.cuda.is_available() is False")
                self.torch = torch
            except Exception as error:
                self.notes.append("PyTorch not used: %s" % str(error)[:200])

    def left(self):
        if not self.args.deadline_s:
            return float("inf")
        return self.args.deadline_s - (time.monotonic() - self.start)

    def add(self, workload, impl, row):
        row = dict(row)
        row["workload"] = workload
        row["impl"] = impl
        self.rows.append(row)
        self.save()
        log("  %-28s %s" % (impl, describe(row)))

    def framework_row(self, checker, samples, result, extra=None):
        row = summarize(samples)
        row["samples_ms"] = samples
        row["timer"] = "cuda-events"
        if extra:
            row.update(extra)
        if checker is not None:
            row["rel_err"] = checker.error(result)
            row["status"] = "ok" if row["rel_err"] <= RTOL else \
                "WRONG (normwise error %.2e > %g)" % (row["rel_err"], RTOL)
        else:
            row["status"] = "ok"
        return row

    def time_cupy(self, function):
        cp = self.cp
        return time_events(function, self.args.warmup, self.args.iters,
                           cp.cuda.Event, cp.cuda.Device().synchronize)

    def time_torch(self, function):
        torch = self.torch
        return time_events(
            function, self.args.warmup, self.args.iters,
            lambda: torch.cuda.Event(enable_timing=True),
            torch.cuda.synchronize)

    def run(self):
        args = self.args
        bindir = os.path.abspath(args.bin)
        info = json.load(open(os.path.join(bindir, "BUILD_INFO.json")))
        self.info = info
        dims = info["dims"]
        os.makedirs(args.workdir, exist_ok=True)
        os.makedirs(args.results, exist_ok=True)
        try:
            self.environment = describe_environment(self.cp, self.torch,
                                                    info)
        except Exception as error:  # Never worth losing the run over.
            self.environment = {"error": str(error)[:300]}
        log("environment: " + json.dumps(self.environment))
        t = time.monotonic()
        inputs = make_inputs(args.workdir, dims)
        log("inputs ready in %s (%.1f s)" % (args.workdir,
                                             time.monotonic() - t))
        dev, tdev = {}, {}
        if self.cp is not None:
            try:
                dev = {k: self.cp.asarray(np.asarray(v))
                       for k, v in inputs.items()}
            except Exception as error:
                self.notes.append("CuPy dropped: %s" % str(error)[:200])
                self.cp = None
        if self.torch is not None:
            try:
                if self.cp is not None:  # Shares CuPy's memory.
                    tdev = {k: self.torch.as_tensor(v, device="cuda")
                            for k, v in dev.items()}
                else:
                    tdev = {k: self.torch.from_numpy(np.array(v)).cuda()
                            for k, v in inputs.items()}
            except Exception as error:
                self.notes.append("PyTorch dropped: %s" % str(error)[:200])
                self.torch = None

        selected = args.only.split(",") if args.only else WORKLOADS
        if "copy" in (args.only or "copy").split(","):
            self.copy_anchor(dev, tdev, dims)
        compiled_later = []
        for name in selected:
            if name == "copy":
                continue
            if name not in WORKLOADS:
                sys.exit("unknown workload %r (have %s)" % (name, WORKLOADS))
            log("%s (%s)" % (name, shape_text(name, dims)))
            if self.left() < 20:
                self.notes.append("%s skipped: deadline" % name)
                continue
            t = time.monotonic()
            checker = Checker(reference(name, inputs), self.cp)
            log("  float64 reference in %.1f s" % (time.monotonic() - t))
            if "ours" in self.impls:
                self.measure_ours(name, checker, bindir, dims)
            if self.cp is not None and "cupy" in self.impls:
                for label, function in cupy_variants(self.cp, name, dev):
                    self.measure(name, label, checker, self.time_cupy,
                                 function)
            if self.torch is not None and "torch" in self.impls:
                self.measure(name, "torch eager", checker, self.time_torch,
                             torch_function(self.torch, name, tdev))
            if self.torch is not None and "compile" in self.impls:
                compiled_later.append(name)
            checker.release()
        for name in compiled_later:
            if self.left() < 30:
                self.notes.append("torch.compile of %s skipped: deadline"
                                  % name)
                continue
            log("%s: torch.compile" % name)
            checker = Checker(reference(name, inputs), self.cp)
            self.measure(name, "torch.compile", checker, self.time_torch,
                         lambda: torch_compiled(self.torch, name, tdev),
                         build=True)
            checker.release()
        self.save(final=True)
        print_table(self.rows, self.notes)
        return all(r.get("status") == "ok" for r in self.rows
                   if r["impl"] == "ours")

    def measure_ours(self, name, checker, bindir, dims):
        args = self.args
        try:
            row, output = run_ours(args, name, bindir, args.workdir, dims)
            if output is not None:
                row["rel_err"] = checker.error(output)
                row["status"] = "ok" if row["rel_err"] <= RTOL else \
                    "WRONG (normwise error %.2e > %g)" % (row["rel_err"],
                                                          RTOL)
            del output
        except Exception as error:
            row = {"status": "error: %s" % str(error)[:300]}
        self.add(name, "ours", row)

    def measure(self, name, label, checker, timer, function, build=False):
        try:
            extra = {}
            if build:
                begin = time.monotonic()
                function = function()
                function()  # Compiles.
                self.torch.cuda.synchronize()
                extra["compile_s"] = round(time.monotonic() - begin, 1)
            samples, result = timer(function)
            row = self.framework_row(checker, samples, result, extra)
            del result
        except Exception as error:
            row = {"status": "error: %s" % str(error)[:300]}
        self.add(name, label, row)

    def copy_anchor(self, dev, tdev, dims):
        log("copy (device to device, %s)" % shape_text("copy", dims))
        if self.cp is not None and "cupy" in self.impls:
            for label, function in cupy_variants(self.cp, "copy", dev):
                self.measure("copy", label, None, self.time_cupy, function)
        if self.torch is not None and "torch" in self.impls:
            self.measure("copy", "torch y.copy_(x)", None, self.time_torch,
                         torch_function(self.torch, "copy", tdev))

    def save(self, final=False):
        dims = self.info["dims"]
        finish(self.rows, dims)
        data = {"environment": self.environment, "build": self.info,
                "settings": {"iters": self.args.iters,
                             "warmup": self.args.warmup,
                             "ours_max_seconds": self.args.ours_max_seconds,
                             "seed": SEED, "rtol": RTOL},
                "rows": self.rows, "notes": self.notes,
                "complete": final,
                "harness_s": round(time.monotonic() - self.start, 1)}
        with open(os.path.join(self.args.results, "results.json"), "w") as f:
            json.dump(data, f, indent=1)
        with open(os.path.join(self.args.results, "performance.md"),
                  "w") as f:
            f.write(markdown(data))


def shape_text(name, dims):
    if name in ("copy", "gaussian", "sum"):
        return "%d float32" % dims["n"]
    return "%dx%d float32" % (dims["d"], dims["d"])


def finish(rows, dims):
    """Adds GB/s and the ratio to ours to every timed row."""
    ours = {r["workload"]: r.get("median_ms") for r in rows
            if r["impl"] == "ours"}
    for r in rows:
        if r.get("median_ms"):
            r["gb_s"] = min_bytes(r["workload"], dims) / (
                r["median_ms"] * 1e-3) / 1e9
            base = ours.get(r["workload"])
            r["ours_over_this"] = base / r["median_ms"] if base else None


def short_status(row, width=100):
    """The first line of a row's status, at most `width` characters."""
    lines = str(row.get("status", "?")).strip().splitlines() or ["?"]
    text = lines[0]
    return text if len(text) <= width else text[:width - 3] + "..."


def describe(row):
    if "median_ms" not in row:
        return short_status(row, 300)
    text = "%10.3f ms %8.1f GB/s  n=%d" % (row["median_ms"],
                                          row.get("gb_s") or 0, row["n"])
    if "rel_err" in row:
        text += "  err %.1e" % row["rel_err"]
    if row.get("status") != "ok":
        text += "  " + short_status(row)
    return text


def print_table(rows, notes):
    log("")
    log("%-10s %-26s %11s %9s %10s %9s %4s  %s" % (
        "workload", "implementation", "median ms", "GB/s", "ours/this",
        "rel err", "n", "status"))
    for r in rows:
        log("%-10s %-26s %11s %9s %10s %9s %4s  %s" % (
            r["workload"], r["impl"],
            "%.3f" % r["median_ms"] if r.get("median_ms") else "-",
            "%.1f" % r["gb_s"] if r.get("gb_s") else "-",
            "%.2f" % r["ours_over_this"] if r.get("ours_over_this") else "-",
            "%.1e" % r["rel_err"] if "rel_err" in r else "-",
            r.get("n", "-"), short_status(r)))
    for note in notes:
        log("note: " + note)


def markdown(data):
    env = data["environment"]
    lines = [
        "| workload | implementation | median ms | GB/s | ours/this | "
        "rel. error | runs | status |",
        "|---|---|---:|---:|---:|---:|---:|---|"]
    for r in data["rows"]:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["workload"], r["impl"],
            "%.3f" % r["median_ms"] if r.get("median_ms") else "-",
            "%.0f" % r["gb_s"] if r.get("gb_s") else "-",
            "%.2f" % r["ours_over_this"] if r.get("ours_over_this") else "-",
            "%.1e" % r["rel_err"] if "rel_err" in r else "-",
            r.get("n", "-"), short_status(r).replace("|", "/")))
    head = [
        "Measured %s on %s (driver %s); CUDA runtime %s (CuPy) / %s (torch); "
        "CuPy %s, PyTorch %s, NumPy %s; arrayc %s (built %s, --target=%s)."
        % (env.get("date"), env.get("device"), env.get("driver"),
           env.get("cupy_cuda_runtime"), env.get("torch_cuda"),
           env.get("cupy"), env.get("torch"), env.get("numpy"),
           data["build"].get("commit"), data["build"].get("date"),
           data["build"].get("target")),
        "",
        "Medians of CUDA-event times after warm-up (ours: the runtime's "
        "device time per run, ARRAYRT_BENCH=%d, warm-up %d%s); GB/s = least "
        "bytes moved / median; ours/this = our median / theirs; errors are "
        "normwise against float64 NumPy (limit %g)."
        % (data["settings"]["iters"], data["settings"]["warmup"],
           ", ARRAYRT_BENCH_MAX_SECONDS=%s" % data["settings"][
               "ours_max_seconds"] if data["settings"]["ours_max_seconds"]
           else "", RTOL),
        ""]
    tail = [""] + ["Note: " + n for n in data["notes"]] if data["notes"] \
        else []
    return "\n".join(head + lines + tail) + "\n"


# --------------------------------------------------------------------------
# Matrix products (run.py matmul)


def matmul_dims(size):
    """(n, batch, m): n x n products, batch products of m x m."""
    return (8192, 64, 512) if size == "full" else (96, 4, 24)


def round_bf16(a):
    """float32 rounded to bfloat16's 8 significant bits (to nearest even),
    as float32."""
    u = np.ascontiguousarray(a, np.float32).view(np.uint32)
    u = (u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))) \
        & np.uint32(0xFFFF0000)
    return u.view(np.float32)


def matmul_inputs(workdir, size):
    """Writes the inputs of the matmul programs once; returns them."""
    n, nb, m = matmul_dims(size)
    stamp = os.path.join(workdir, "matmul-inputs.json")
    want = {"seed": SEED, "n": n, "batch": nb, "m": m}
    names = ["ma", "mb", "m16a", "m16b", "mbias", "bx16", "by16"]
    if os.path.exists(stamp) and json.load(open(stamp)) == want:
        return {k: np.load(os.path.join(workdir, k + ".npy"), mmap_mode="r")
                for k in names}
    # N(0, 0.1^2) entries: products of about N(0, 0.9^2) at n = 8192.
    a = normal_f32((n, n), SEED + 10, mean=0.0, scale=0.1)
    b = normal_f32((n, n), SEED + 11, mean=0.0, scale=0.1)
    inputs = {
        "ma": a, "mb": b,
        "m16a": a.astype(np.float16), "m16b": b.astype(np.float16),
        "mbias": normal_f32((n,), SEED + 12, mean=0.0, scale=0.5),
        "bx16": normal_f32((nb, m, m), SEED + 13, 0.0, 0.1).astype(
            np.float16),
        "by16": normal_f32((nb, m, m), SEED + 14, 0.0, 0.1).astype(
            np.float16),
    }
    for k in names:
        np.save(os.path.join(workdir, k + ".npy"), inputs[k])
    with open(stamp, "w") as f:
        json.dump(want, f)
    return inputs


ROWS = 16  # Result rows (batched: 2 batches) the programs save and we check.


def gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(0.7978845608028654 *
                                  (x + 0.044715 * x ** 3)))


def matmul_reference(name, inp):
    """float64 result of the checked rows, from the inputs rounded to the
    workload's dtype."""
    if name == "matmul-batched":
        x = np.asarray(inp["bx16"][:2], np.float64)
        y = np.asarray(inp["by16"][:2], np.float64)
        return x @ y
    if name == "matmul-f16":
        a = np.asarray(inp["m16a"][:ROWS], np.float64)
        b = np.asarray(inp["m16b"], np.float64)
        return a @ b
    if name in ("matmul-bf16", "matmul-gelu"):
        a = round_bf16(inp["ma"][:ROWS]).astype(np.float64)
        b = round_bf16(inp["mb"]).astype(np.float64)
        out = a @ b
        if name == "matmul-gelu":
            bias = round_bf16(inp["mbias"]).astype(np.float64)
            out = gelu_tanh(out + bias)
        return out
    a = np.asarray(inp["ma"][:ROWS], np.float64)
    return a @ np.asarray(inp["mb"], np.float64)


def normwise(result, ref):
    result = np.asarray(result, np.float64)
    if result.shape != ref.shape:
        raise ValueError("shape %s, expected %s" % (result.shape, ref.shape))
    if not np.isfinite(result).all():
        return float("inf")
    return float(np.linalg.norm(result - ref) / np.linalg.norm(ref))


def matmul_frameworks(name, inp, torch, cp):
    """(label, function, rows) triples computing workload `name` in PyTorch
    and CuPy on the GPU; rows(result) gives the checked rows on the host."""
    out = []
    take = (lambda r: r[:2]) if name == "matmul-batched" \
        else (lambda r: r[:ROWS])
    if torch is not None:
        import torch.nn.functional as F
        tf = lambda k, dt: torch.from_numpy(np.array(inp[k])).cuda().to(dt)
        host = lambda r: take(r).float().cpu().numpy()
        if name in ("matmul-bf16", "matmul-f16", "matmul-f32",
                    "matmul-tf32"):
            dt = {"matmul-bf16": torch.bfloat16, "matmul-f16": torch.float16,
                  }.get(name, torch.float32)
            ka, kb = ("m16a", "m16b") if name == "matmul-f16" else ("ma",
                                                                    "mb")
            a, b = tf(ka, dt), tf(kb, dt)
            tf32 = name == "matmul-tf32"

            def mm(a=a, b=b, tf32=tf32):
                torch.backends.cuda.matmul.allow_tf32 = tf32
                return torch.matmul(a, b)

            out.append(("torch" + (" (allow_tf32)" if tf32 else ""), mm,
                        host))
        elif name == "matmul-gelu":
            a, b = tf("ma", torch.bfloat16), tf("mb", torch.bfloat16)
            bias = tf("mbias", torch.bfloat16)

            def eager(a=a, b=b, bias=bias):
                return F.gelu(a @ b + bias, approximate="tanh")

            out.append(("torch eager", eager, host))
            out.append(("torch.compile", ("compile", eager, (a, b, bias)),
                        host))
        elif name == "matmul-batched":
            x, y = tf("bx16", torch.float16), tf("by16", torch.float16)
            out.append(("torch", lambda x=x, y=y: torch.matmul(x, y), host))
    if cp is not None:
        host = lambda r: cp.asnumpy(take(r)).astype(np.float32)
        if name == "matmul-f16":
            a, b = cp.asarray(inp["m16a"]), cp.asarray(inp["m16b"])
            out.append(("cupy", lambda a=a, b=b: cp.matmul(a, b), host))
        elif name == "matmul-f32":
            a, b = cp.asarray(inp["ma"]), cp.asarray(inp["mb"])
            out.append(("cupy", lambda a=a, b=b: cp.matmul(a, b), host))
        elif name == "matmul-batched":
            x, y = cp.asarray(inp["bx16"]), cp.asarray(inp["by16"])
            out.append(("cupy", lambda x=x, y=y: cp.matmul(x, y), host))
        elif name == "matmul-gelu":
            a, b = cp.asarray(inp["m16a"]), cp.asarray(inp["m16b"])
            bias = cp.asarray(np.asarray(inp["mbias"]).astype(np.float16))
            half, one = cp.float16(0.5), cp.float16(1)
            c, k = cp.float16(0.044715), cp.float16(0.7978845608028654)

            def composed(a=a, b=b, bias=bias):
                x = a @ b + bias
                return half * x * (one + cp.tanh(k * (x + c * x * x * x)))

            # float16: its own reference, from the float16 inputs.
            out.append(("cupy f16 composed", composed, host))
    return out


def run_matmul(args):
    info = json.load(open(os.path.join(args.bin, "BUILD_INFO.json")))
    os.makedirs(args.workdir, exist_ok=True)
    os.makedirs(args.results, exist_ok=True)
    start = time.monotonic()
    torch = cp = None
    notes = []
    if args.impls != "ours":
        try:
            import torch as torch_module
            if torch_module.cuda.is_available():
                torch = torch_module
        except Exception as error:
            notes.append("PyTorch not used: %s" % str(error)[:200])
        try:
            import cupy
            cupy.cuda.runtime.getDeviceCount()
            cp = cupy
        except Exception as error:
            notes.append("CuPy not used: %s" % str(error)[:200])
    t = time.monotonic()
    inp = matmul_inputs(args.workdir, info["size"])
    log("matmul inputs in %.1f s" % (time.monotonic() - t))
    names = args.only.split(",") if args.only else info.get("matmul", [])
    rows = []

    def add(row):
        rows.append(row)
        log("  %-22s %s" % (row["impl"], matmul_describe(row)))
        save_matmul(args.results, rows, notes, info, args, start)

    n, nb, m = matmul_dims(info["size"])
    for name in names:
        dtype, _, tol = MATMUL[name]
        flop = nb * 2 * m ** 3 if name == "matmul-batched" else 2 * n ** 3
        log("%s" % name)
        if args.deadline_s and time.monotonic() - start > args.deadline_s:
            notes.append("%s skipped: deadline" % name)
            continue
        ref = matmul_reference(name, inp)
        row, output = run_ours(args, name, args.bin, args.workdir, None)
        row.update({"workload": name, "impl": "ours", "flop": flop})
        if output is not None:
            ops = row.get("operations", [])
            library = [o for o in ops if o["kind"] == "library"]
            if row.get("timer") == "cuda-events" and library:
                row["library_calls_per_run"] = sum(
                    o["calls"] for o in library) / row["n"]
                row["kernels"] = [o["name"] for o in ops
                                  if o["kind"] == "kernel"]
                # The device time of the product: the cuBLASLt call(s).
                row["time_ms"] = sum(o["total_ms"] for o in library) / row["n"]
            else:
                row["time_ms"] = row["median_ms"]
            row["rel_err"] = normwise(output, ref)
            row["status"] = "ok" if row["rel_err"] <= tol else \
                "WRONG (normwise error %.2e > %g)" % (row["rel_err"], tol)
        add(row)
        for label, function, host in matmul_frameworks(name, inp, torch, cp):
            fref = ref
            if label.startswith("cupy f16"):
                a = np.asarray(inp["m16a"][:ROWS], np.float64)
                fref = gelu_tanh(a @ np.asarray(inp["m16b"], np.float64) +
                                 np.asarray(inp["mbias"]).astype(
                                     np.float16).astype(np.float64))
            frow = {"workload": name, "impl": label, "flop": flop}
            try:
                if isinstance(function, tuple):  # torch.compile
                    _, eager, operands = function
                    begin = time.monotonic()
                    compiled = torch.compile(
                        lambda a, b, bias: torch.nn.functional.gelu(
                            a @ b + bias, approximate="tanh"),
                        dynamic=False, fullgraph=True)
                    function = lambda c=compiled, o=operands: c(*o)
                    function()
                    torch.cuda.synchronize()
                    frow["compile_s"] = round(time.monotonic() - begin, 1)
                if label.startswith("torch"):
                    samples, result = time_events(
                        function, args.warmup, args.iters,
                        lambda: torch.cuda.Event(enable_timing=True),
                        torch.cuda.synchronize)
                else:
                    samples, result = time_events(
                        function, args.warmup, args.iters, cp.cuda.Event,
                        cp.cuda.Device().synchronize)
                frow.update(summarize(samples))
                frow["time_ms"] = frow["median_ms"]
                frow["rel_err"] = normwise(host(result), fref)
                frow["status"] = "ok" if frow["rel_err"] <= tol else \
                    "WRONG (normwise error %.2e > %g)" % (frow["rel_err"], tol)
                del result
            except Exception as error:
                frow["status"] = "error: %s" % str(error)[:300]
            add(frow)
        if torch is not None:
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.cuda.empty_cache()
        if cp is not None:
            cp.get_default_memory_pool().free_all_blocks()
    save_matmul(args.results, rows, notes, info, args, start, final=True)
    ok = all(r.get("status") == "ok" for r in rows if r["impl"] == "ours")
    if args.require_ok and not ok:
        sys.exit("matmul: some of our results are missing or wrong")
    return rows


def matmul_finish(rows):
    ours = {r["workload"]: r.get("time_ms") for r in rows
            if r["impl"] == "ours"}
    for r in rows:
        if r.get("time_ms"):
            r["tflops"] = r["flop"] / (r["time_ms"] * 1e-3) / 1e12
            base = ours.get(r["workload"])
            r["ours_over_this"] = base / r["time_ms"] if base else None


def matmul_describe(row):
    if not row.get("time_ms"):
        return short_status(row, 300)
    text = "%9.3f ms %7.1f TFLOP/s" % (row["time_ms"], row["flop"] / (
        row["time_ms"] * 1e-3) / 1e12)
    if "rel_err" in row:
        text += "  err %.1e" % row["rel_err"]
    if row.get("status") != "ok":
        text += "  " + short_status(row)
    return text


def save_matmul(results, rows, notes, info, args, start, final=False):
    matmul_finish(rows)
    env = describe_environment(None, None, info)
    data = {"environment": env, "build": info, "rows": rows, "notes": notes,
            "settings": {"iters": args.iters, "warmup": args.warmup,
                         "seed": SEED},
            "complete": final,
            "harness_s": round(time.monotonic() - start, 1)}
    with open(os.path.join(results, "matmul.json"), "w") as f:
        json.dump(data, f, indent=1)
    lines = ["| workload | implementation | ms | TFLOP/s | ours/this | "
             "rel. error | status |", "|---|---|---:|---:|---:|---:|---|"]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            r["workload"], r["impl"],
            "%.3f" % r["time_ms"] if r.get("time_ms") else "-",
            "%.1f" % r["tflops"] if r.get("tflops") else "-",
            "%.3f" % r["ours_over_this"] if r.get("ours_over_this") else "-",
            "%.1e" % r["rel_err"] if "rel_err" in r else "-",
            short_status(r).replace("|", "/")))
    with open(os.path.join(results, "matmul.md"), "w") as f:
        f.write("\n".join(lines) + "\n" + "".join(
            "\nNote: %s" % n for n in notes) + "\n")


def describe_environment(cp, torch, info):
    env = {"date": datetime.datetime.now(datetime.timezone.utc).strftime(
               "%Y-%m-%d %H:%M UTC"),
           "numpy": np.__version__, "python": platform.python_version(),
           "host": platform.node(), "cpus": os.cpu_count()}
    try:
        smi = subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version",
             "--format=csv,noheader"], capture_output=True, text=True,
            timeout=30)
        if smi.returncode == 0 and smi.stdout.strip():
            name, driver = smi.stdout.strip().splitlines()[0].split(", ")
            env["device"], env["driver"] = name, driver
    except (OSError, subprocess.TimeoutExpired, ValueError):
        pass
    if cp is not None:
        env["cupy"] = cp.__version__
        version = cp.cuda.runtime.runtimeGetVersion()
        env["cupy_cuda_runtime"] = "%d.%d" % (version // 1000,
                                              version % 1000 // 10)
        props = cp.cuda.runtime.getDeviceProperties(0)
        env.setdefault("device", props["name"].decode())
        env["sms"] = props["multiProcessorCount"]
    if torch is not None:
        env["torch"] = torch.__version__
        env["torch_cuda"] = torch.version.cuda
        env.setdefault("device", torch.cuda.get_device_name(0))
    env.setdefault("device", "none (%s target)" % info["target"])
    return env


def run(args):
    harness = Harness(args)
    ok = harness.run()
    if args.require_ok and not ok:
        sys.exit("run: some of our results are missing or wrong")


def dry_run(args):
    with tempfile.TemporaryDirectory(prefix="arrayc-bench-") as tmp:
        out = args.workdir or tmp
        prep = argparse.Namespace(arrayc=args.arrayc, out=out, target="cpu",
                                  size="small")
        prepare(prep)
        runargs = argparse.Namespace(
            bin=os.path.join(out, "bin"), workdir=os.path.join(out, "work"),
            results=os.path.join(out, "results"), iters=3, warmup=1,
            ours_max_seconds=0, timeout=120, deadline_s=0, only=None,
            impls="ours", require_ok=True)
        harness = Harness(runargs)
        ok = harness.run()
        ours = [r for r in harness.rows if r["impl"] == "ours"]
        if not ok or len(ours) != len(WORKLOADS):
            sys.exit("dry-run: FAILED")
        table = open(os.path.join(runargs.results, "performance.md")).read()
        if table.count("| ours |") != len(WORKLOADS):
            sys.exit("dry-run: performance.md lacks rows:\n" + table)
        mmargs = argparse.Namespace(
            bin=os.path.join(out, "bin"), workdir=os.path.join(out, "work"),
            results=os.path.join(out, "results"), iters=2, warmup=0,
            ours_max_seconds=0, timeout=120, deadline_s=0, only=None,
            impls="ours", require_ok=True)
        products = run_matmul(mmargs)
        log("dry-run: %d programs compiled for the CPU, ran in bench mode "
            "and matched float64 NumPy; %d matrix products matched theirs"
            % (len(ours), len(products)))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare", help="compile bench/*.mlir (here)")
    p.add_argument("--arrayc", help="arrayc (default build/bin/arrayc)")
    p.add_argument("--out", default=os.path.join(find_repo(),
                                                 ".device-bench"),
                   help="staging folder (default .device-bench)")
    p.add_argument("--target", choices=["cuda", "cpu"], default="cuda")
    p.add_argument("--size", choices=["full", "small"], default="full")
    r = sub.add_parser("run", help="measure (on the GPU machine)")
    r.add_argument("--bin", default=os.path.join(HERE, "bin"),
                   help="the executables from prepare (default ./bin)")
    r.add_argument("--workdir", default=default_workdir(),
                   help="inputs and outputs (default under /dev/shm)")
    r.add_argument("--results", default="results",
                   help="folder for results.json and performance.md")
    r.add_argument("--iters", type=int, default=25,
                   help="timed runs of everything (default 25)")
    r.add_argument("--warmup", type=int, default=3,
                   help="warm-up runs of everything (default 3)")
    r.add_argument("--ours-max-seconds", type=float, default=60,
                   help="ARRAYRT_BENCH_MAX_SECONDS for our executables, "
                   "whose every run reads and writes .npy files (0: none)")
    r.add_argument("--timeout", type=int, default=300,
                   help="seconds one of our executables may take")
    r.add_argument("--deadline-s", type=float, default=0,
                   help="skip what would start later than this many seconds "
                   "after the start (0: none)")
    r.add_argument("--only", help="comma-separated workloads (and 'copy')")
    r.add_argument("--impls", default=",".join(IMPLS),
                   help="comma-separated implementations to measure, of "
                   "%s (default: all)" % ",".join(IMPLS))
    r.add_argument("--require-ok", action="store_true",
                   help="exit 1 unless all of our results pass")
    mm = sub.add_parser("matmul", help="measure the matrix products "
                        "against PyTorch and CuPy (on the GPU machine)")
    mm.add_argument("--bin", default=os.path.join(HERE, "bin"),
                    help="the executables from prepare (default ./bin)")
    mm.add_argument("--workdir", default=default_workdir(),
                    help="inputs and outputs (default under /dev/shm)")
    mm.add_argument("--results", default="results",
                    help="folder for matmul.json and matmul.md")
    mm.add_argument("--iters", type=int, default=20,
                    help="timed runs of everything (default 20)")
    mm.add_argument("--warmup", type=int, default=3,
                    help="warm-up runs of everything (default 3)")
    mm.add_argument("--ours-max-seconds", type=float, default=30,
                    help="ARRAYRT_BENCH_MAX_SECONDS for our executables")
    mm.add_argument("--timeout", type=int, default=300,
                    help="seconds one of our executables may take")
    mm.add_argument("--deadline-s", type=float, default=0,
                    help="skip workloads that would start later (0: none)")
    mm.add_argument("--only", help="comma-separated matmul workloads, of %s"
                    % ",".join(MATMUL))
    mm.add_argument("--impls", default="all",
                    help="'ours' to skip PyTorch and CuPy")
    mm.add_argument("--require-ok", action="store_true",
                    help="exit 1 unless all of our results pass")
    g = sub.add_parser("generality", help="the generality suite against "
                       "PyTorch (on the GPU machine)")
    g.add_argument("--results", default="results",
                   help="folder for generality.md and generality.json")
    g.add_argument("--iters", type=int, default=30)
    g.add_argument("--warmup", type=int, default=3)
    g.add_argument("--only", help="comma-separated workloads")
    g.add_argument("--rounds", type=int, default=1,
                   help="attention: time ours and the best fused backend "
                   "alternately this many times, keep the medians")
    d = sub.add_parser("dry-run", help="check here, on the CPU target")
    d.add_argument("--arrayc", help="arrayc (default build/bin/arrayc)")
    d.add_argument("--workdir", help="keep everything here (default: a "
                   "temporary folder)")
    args = parser.parse_args()
    {"prepare": prepare, "run": run, "matmul": run_matmul,
     "generality": run_generality, "dry-run": dry_run}[args.command](args)


def default_workdir():
    """/dev/shm where it has room for the inputs and outputs (about 6 GiB at
    the full size), so that every run's .npy reading and writing is cheap."""
    try:
        if shutil.disk_usage("/dev/shm").free > (12 << 30):
            return "/dev/shm/arrayc-bench"
    except OSError:
        pass
    return os.path.join(tempfile.gettempdir(), "arrayc-bench")


if __name__ == "__main__":
    main()
