#!/usr/bin/env python3
"""The generality suite: row workloads of other ranks, widths and dtypes
than the benchmark programs (bench/generality/*.mlir), ours against torch
eager and torch.compile on the same inputs, in one run.

    python3 bench/generality.py prepare [--build build]   # here: compile
    python3 bench/generality.py run --results OUT         # on the GPU

`prepare` compiles each program into .device-bench/generality/, which
`run` (from the repository root, like `prepare`) reads. `run` makes each
workload's input (NumPy, fixed seed), runs our
executable on it in bench mode (ARRAYRT_BENCH=30 after 3 warm-up runs;
our time is the device time of the program's operations per run, from
the report's rows: the copies of the argument and the result between
host and device are not counted), times the torch functions with CUDA
events (median of 30 after 3 warm-up calls), and checks every result
against a float64 NumPy reference (normwise relative error). A device
copy of the workload's bytes (input read + output written, torch's
`copy_`) gives the bandwidth the ratio `of copy` compares with. Prints a
table and writes OUT/generality.json and OUT/generality.md.
"""

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "bench", "generality")
STAGE = os.path.join(ROOT, ".device-bench", "generality")
SEED = 20261204


def _layernorm_ref(x):
    v = x.astype(np.float64)
    mu = v.mean(-1, keepdims=True)
    return (v - mu) / np.sqrt(v.var(-1, keepdims=True) + 1e-5)


def _rmsnorm_ref(x):
    v = x.astype(np.float64)
    return v / np.sqrt((v * v).mean(-1, keepdims=True) + 1e-6)


def _softmax_ref(x):
    v = x.astype(np.float64)
    e = np.exp(v - v.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _torch_layernorm(torch, x):
    import torch.nn.functional as F
    return F.layer_norm(x, (x.shape[-1],), eps=1e-5)


def _torch_rmsnorm(torch, x):
    xf = x.float()
    return (xf * torch.rsqrt((xf * xf).mean(-1, keepdim=True) + 1e-6)).half()


def _torch_softmax(torch, x):
    return torch.softmax(x, dim=-1)


# name: (shape, dtype, NumPy reference, torch function). Each moves 200 MB
# or more (input and output), four times the H200's 50 MB L2: the times
# are memory-bound, not cache-resident, and a launch's latency is small
# next to them.
WORKLOADS = {
    "layernorm_f16_r3": ((32, 4096, 1024), np.float16, _layernorm_ref,
                         _torch_layernorm),
    "rmsnorm_f16_r3": ((32, 4096, 1024), np.float16, _rmsnorm_ref,
                       _torch_rmsnorm),
    "softmax_r3": ((64, 1024, 1024), np.float32, _softmax_ref, _torch_softmax),
    "softmax_wide": ((1024, 50304), np.float32, _softmax_ref, _torch_softmax),
}


def prepare(args):
    arrayc = os.path.join(os.path.abspath(args.build), "bin", "arrayc")
    os.makedirs(STAGE, exist_ok=True)
    for name in WORKLOADS:
        source = os.path.join(SOURCES, name + ".mlir")
        subprocess.run([arrayc, "--target=cuda", source, "-o",
                        os.path.join(STAGE, name)], check=True)
    print("prepared %d workloads in %s" % (len(WORKLOADS), STAGE))


def rel_error(out, ref):
    out = np.asarray(out, np.float64)
    return float(np.linalg.norm((out - ref).ravel()) /
                 np.linalg.norm(ref.ravel()))


def time_torch(torch, fn, iters, warmup):
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(iters):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end))
    return float(np.median(samples))


def run_ours(exe, inp, out, iters, warmup, report):
    env = dict(os.environ, ARRAYRT_BENCH=str(iters),
               ARRAYRT_BENCH_WARMUP=str(warmup), ARRAYRT_BENCH_OUT=report)
    done = subprocess.run([exe, inp, "-o", out], env=env, text=True,
                          capture_output=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError("exit %d: %s" % (done.returncode,
                                            done.stderr[-500:]))
    bench = json.load(open(report))
    # Everything on the device but the argument's and result's transfers.
    kernels = [op for op in bench["operations"]
               if op["kind"] not in ("copy-htod", "copy-dtoh")]
    runs = bench["iterations"]
    return (sum(op["total_ms"] for op in kernels) / runs,
            sum(op["calls"] for op in kernels) / runs)


def run(args):
    import torch
    os.makedirs(args.results, exist_ok=True)
    work = os.path.join(args.results, "work")
    os.makedirs(work, exist_ok=True)
    rows = []
    for name, (shape, dtype, ref_fn, torch_fn) in WORKLOADS.items():
        if args.only and name not in args.only.split(","):
            continue
        rng = np.random.default_rng(SEED)
        x = (2 * rng.standard_normal(shape) + 0.5).astype(dtype)
        ref = ref_fn(x)
        inp = os.path.join(work, name + "-x.npy")
        out = os.path.join(work, name + "-y.npy")
        np.save(inp, x)
        row = {"workload": name, "shape": list(shape),
               "dtype": np.dtype(dtype).name}
        try:
            ms, kernels = run_ours(os.path.join(STAGE, name), inp, out,
                                   args.iters, args.warmup,
                                   os.path.join(work, name + ".json"))
            row.update(ours_ms=ms, ours_kernels=kernels,
                       ours_err=rel_error(np.load(out), ref))
        except Exception as e:  # reported, the others still run
            row["ours_error"] = str(e)[:300]
        xd = torch.from_numpy(x).cuda()
        eager = lambda: torch_fn(torch, xd)
        compiled_fn = torch.compile(lambda t: torch_fn(torch, t),
                                    dynamic=False, fullgraph=True)
        compiled = lambda: compiled_fn(xd)
        row["eager_ms"] = time_torch(torch, eager, args.iters, args.warmup)
        row["eager_err"] = rel_error(eager().float().cpu().numpy(), ref)
        row["compile_ms"] = time_torch(torch, compiled, args.iters,
                                       args.warmup)
        row["compile_err"] = rel_error(compiled().float().cpu().numpy(), ref)
        # The bytes the workload must move: its input read, its output
        # written (the same size here), copied once by the device.
        y = torch.empty_like(xd)
        row["copy_ms"] = time_torch(torch, lambda: y.copy_(xd), args.iters,
                                    args.warmup)
        nbytes = 2 * x.nbytes
        row["copy_GBps"] = nbytes / row["copy_ms"] / 1e6
        if "ours_ms" in row:
            row["ours_GBps"] = nbytes / row["ours_ms"] / 1e6
            row["vs_compile"] = row["ours_ms"] / row["compile_ms"]
            row["of_copy"] = row["ours_GBps"] / row["copy_GBps"]
        rows.append(row)
        del xd, y
        torch.cuda.empty_cache()
    lines = ["| workload | shape | dtype | ours ms (kernels) | torch eager ms "
             "| torch.compile ms | ours / compile | ours GB/s | of copy "
             "| errors (ours, eager, compile) |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if "ours_ms" not in r:
            lines.append("| %s | %s | %s | FAILED: %s | %.3f | %.3f | | | | |"
                         % (r["workload"], "x".join(map(str, r["shape"])),
                            r["dtype"], r.get("ours_error"), r["eager_ms"],
                            r["compile_ms"]))
            continue
        lines.append(
            "| %s | %s | %s | %.3f (%g) | %.3f | %.3f | **%.2f** | %.0f | "
            "%.0f %% | %.1e, %.1e, %.1e |" % (
                r["workload"], "x".join(map(str, r["shape"])), r["dtype"],
                r["ours_ms"], r["ours_kernels"], r["eager_ms"],
                r["compile_ms"], r["vs_compile"], r["ours_GBps"],
                100 * r["of_copy"], r["ours_err"], r["eager_err"],
                r["compile_err"]))
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(args.results, "generality.md"), "w") as f:
        f.write(table + "\n")
    with open(os.path.join(args.results, "generality.json"), "w") as f:
        json.dump({"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                   "gpu": torch.cuda.get_device_name(),
                   "torch": torch.__version__, "rows": rows}, f, indent=1)
    failed = [r["workload"] for r in rows if "ours_ms" not in r
              or r["ours_err"] > (1e-2 if r["dtype"] != "float32" else 1e-5)]
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    r = sub.add_parser("run")
    r.add_argument("--results", required=True)
    r.add_argument("--iters", type=int, default=30)
    r.add_argument("--warmup", type=int, default=3)
    r.add_argument("--only", help="comma-separated workloads")
    args = parser.parse_args()
    if args.command == "prepare":
        prepare(args)
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
