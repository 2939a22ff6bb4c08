#!/usr/bin/env python3
"""The generality suite: the workloads of bench/generality_suite.py (row
groups, reductions and casts over other ranks, widths and dtypes than the
benchmark programs), ours against torch eager and torch.compile on the same
inputs, in one run.

    python3 bench/generality.py prepare [--build build]   # here: compile
    python3 bench/generality.py run --results OUT         # on the GPU
    python3 bench/generality.py docs OUT                  # here: the table
                                                          # into the docs

(bench/run.py prepare compiles it too, and `run.py generality` runs it.)

`prepare` writes each workload's program into .device-bench/generality/,
compiles it there and keeps its kernel plan (NAME.plan, from
--print-kernel-plan); `run` (from the repository root, like `prepare`)
reads them. `run` makes each workload's inputs (NumPy, fixed seed; causal
masks for boolean ones), runs our executable on them in bench mode
(ARRAYRT_BENCH=30 after 3 warm-up runs; our time is the device time of the
program's operations per run, from the report's rows: the copies of the
arguments and the result between host and device are not counted), times
the torch functions with CUDA events (median of 30 after 3 warm-up calls),
and checks every result against a float64 NumPy reference (normwise
relative error). A device copy of the workload's bytes (inputs read and
output written, torch's `copy_`) gives the bandwidth the ratio `of copy`
compares with. Prints a table with the worst three workloads by ratio to
torch.compile and writes OUT/generality.json and OUT/generality.md.
"""

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGE = os.path.join(ROOT, ".device-bench", "generality")
SEED = 20261204
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generality_suite import WORKLOADS  # noqa: E402


def prepare(args):
    """Writes each workload's program to the stage, compiles it and keeps
    the compiler's kernel plan next to it."""
    global STAGE
    STAGE = args.stage
    arrayc = getattr(args, "arrayc", None) or os.path.join(
        os.path.abspath(args.build), "bin", "arrayc")
    os.makedirs(STAGE, exist_ok=True)
    for w in WORKLOADS:
        if args.only and w.name not in args.only.split(","):
            continue
        source = os.path.join(STAGE, w.name + ".mlir")
        with open(source, "w") as f:
            f.write(w.program())
        flags = getattr(args, "arrayc_flag", None) or []
        done = subprocess.run([arrayc, "--target=cuda", "--print-kernel-plan"]
                              + flags + [source, "-o",
                                         os.path.join(STAGE, w.name)],
                              text=True, capture_output=True)
        with open(os.path.join(STAGE, w.name + ".plan"), "w") as f:
            f.write(done.stderr)
        if done.returncode != 0:
            sys.exit("%s: arrayc failed:\n%s" % (w.name, done.stderr[-2000:]))
    print("prepared %d workloads in %s" % (len(WORKLOADS), STAGE))


def make_inputs(w, rng):
    """NumPy arrays for the workload's arguments (ml_dtypes bfloat16 for
    bf16), and float64 copies for the reference."""
    arrays = []
    for name, shape, dtype in w.args:
        if dtype == "bool":
            # A causal mask over the last two axes.
            n, m = shape[-2], shape[-1]
            arrays.append(np.tril(np.ones((n, m), bool)))
            continue
        v = (2 * rng.standard_normal(shape, dtype=np.float32) + 0.5)
        if w.attention:
            # Scores of unit spread after the 1/sqrt(D) scale.
            v = rng.standard_normal(shape, dtype=np.float32)
        if dtype == "bfloat16":
            import ml_dtypes
            arrays.append(v.astype(ml_dtypes.bfloat16))
        else:
            arrays.append(v.astype(dtype))
    return arrays


def to_torch(torch, a):
    if a.dtype.name == "bfloat16":
        return torch.from_numpy(a.view(np.int16)).cuda().view(torch.bfloat16)
    return torch.from_numpy(a).cuda()


def load_result(path, dtype):
    out = np.load(path)
    if dtype == "bfloat16":
        import ml_dtypes
        out = out.view(ml_dtypes.bfloat16)
    return out


def rel_error(out, ref):
    out = np.asarray(out, np.float64)
    return float(np.linalg.norm((out - ref).ravel()) /
                 np.linalg.norm(ref.ravel()))


def time_events(event, elapsed, fn, iters, warmup):
    """Median of CUDA-event times around `fn` (`event()` makes an event,
    `elapsed(start, end)` reads the milliseconds between two)."""
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(iters):
        start, end = event(), event()
        start.record()
        fn()
        end.record()
        end.synchronize()
        samples.append(elapsed(start, end))
    return float(np.median(samples))


def time_torch(torch, fn, iters, warmup):
    return time_events(lambda: torch.cuda.Event(enable_timing=True),
                       lambda start, end: start.elapsed_time(end), fn, iters,
                       warmup)


def bench_report(argv, report, iters, warmup, cwd=None, env=None):
    """Runs a compiled program in bench mode (ARRAYRT_BENCH), with `env`
    added to the environment: its report, and the report's operations that
    are not host transfers."""
    env = dict(os.environ, **(env or {}), ARRAYRT_BENCH=str(iters),
               ARRAYRT_BENCH_WARMUP=str(warmup), ARRAYRT_BENCH_OUT=report)
    done = subprocess.run(argv, cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError("exit %d: %s" % (done.returncode,
                                            done.stderr[-500:]))
    bench = json.load(open(report))
    kernels = [op for op in bench["operations"]
               if op["kind"] not in ("copy-htod", "copy-dtoh")]
    return bench, kernels


def run_ours(exe, inputs, out, iters, warmup, report):
    # Everything on the device but the argument's and result's transfers.
    bench, kernels = bench_report([exe] + inputs + ["-o", out], report,
                                  iters, warmup)
    runs = bench["iterations"]
    return (sum(op["total_ms"] for op in kernels) / runs,
            sum(op["calls"] for op in kernels) / runs)


def attention_ref(torch, w, q, k, v):
    """The float64 reference of an attention workload, one head at a time
    on the GPU (NumPy would need the whole float64 score array)."""
    scale, causal = w.attention["scale"], w.attention["causal"]
    out = torch.empty(q.shape, dtype=torch.float64, device=q.device)
    n = q.shape[-2]
    keep = torch.ones(n, n, dtype=torch.bool, device=q.device).tril()
    for b in range(q.shape[0]):
        for h in range(q.shape[1]):
            s = (q[b, h].double() @ k[b, h].double().T) * scale
            if causal:
                s.masked_fill_(~keep, float("-inf"))
            out[b, h] = torch.softmax(s, dim=-1) @ v[b, h].double()
    return out.cpu().numpy()


def time_sdpa(torch, w, tensors, row, args, ref):
    """PyTorch's fused attention, each backend that takes the problem, in
    the same run: `sdpa_<backend>_ms`, its error, and the best of them."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel
    q, k, v = tensors
    scale, causal = w.attention["scale"], w.attention["causal"]
    best = None
    for name in ("cudnn", "flash", "efficient"):
        backend = {"cudnn": SDPBackend.CUDNN_ATTENTION,
                   "flash": SDPBackend.FLASH_ATTENTION,
                   "efficient": SDPBackend.EFFICIENT_ATTENTION}[name]
        fn = lambda: F.scaled_dot_product_attention(q, k, v, scale=scale,
                                                    is_causal=causal)
        try:
            with sdpa_kernel([backend]):
                ms = time_torch(torch, fn, args.iters, args.warmup)
                err = rel_error(fn().float().cpu().numpy(), ref)
        except RuntimeError as e:
            row["sdpa_%s_error" % name] = str(e)[:200]
            continue
        row["sdpa_%s_ms" % name], row["sdpa_%s_err" % name] = ms, err
        if best is None or ms < row["best_fused_ms"]:
            best = name
            row["best_fused_ms"], row["best_fused"] = ms, name
    if best and "ours_ms" in row:
        row["vs_fused"] = row["ours_ms"] / row["best_fused_ms"]
        row["ours_TFLOPs"] = w.attention["flops"] / row["ours_ms"] / 1e9


def interleave(torch, w, tensors, row, args, paths, out, work):
    """Attention kernels are power-limited: a kernel timed on a cooler GPU
    runs faster. `--rounds N` times ours and the best fused backend
    alternately N times in all (the first round is the pass above) and
    keeps the median of each side's round medians as its time."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel
    backend = {"cudnn": SDPBackend.CUDNN_ATTENTION,
               "flash": SDPBackend.FLASH_ATTENTION,
               "efficient": SDPBackend.EFFICIENT_ATTENTION}[row["best_fused"]]
    q, k, v = tensors
    fn = lambda: F.scaled_dot_product_attention(
        q, k, v, scale=w.attention["scale"], is_causal=w.attention["causal"])
    ours, fused = [row["ours_ms"]], [row["best_fused_ms"]]
    for _ in range(args.rounds - 1):
        ours.append(run_ours(os.path.join(STAGE, w.name), paths, out,
                             args.iters, args.warmup,
                             os.path.join(work, w.name + ".json"))[0])
        with sdpa_kernel([backend]):
            fused.append(time_torch(torch, fn, args.iters, args.warmup))
    row["ours_rounds_ms"], row["fused_rounds_ms"] = ours, fused
    row["ours_ms"], row["best_fused_ms"] = (float(np.median(ours)),
                                            float(np.median(fused)))
    row["sdpa_%s_ms" % row["best_fused"]] = row["best_fused_ms"]
    row["vs_fused"] = row["ours_ms"] / row["best_fused_ms"]
    row["ours_TFLOPs"] = w.attention["flops"] / row["ours_ms"] / 1e9


def run(args):
    import torch
    global STAGE
    STAGE = args.stage
    # cuDNN for the attention workloads: the toolkit's or PyTorch's wheel.
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    from find_cudnn import find_cudnn
    if find_cudnn():
        os.environ["ARRAYRT_CUDNN_LIB"] = find_cudnn()
    os.makedirs(args.results, exist_ok=True)
    work = os.path.join(args.results, "work")
    os.makedirs(work, exist_ok=True)
    rows = []
    for w in WORKLOADS:
        if args.only and w.name not in args.only.split(","):
            continue
        rng = np.random.default_rng(SEED)
        arrays = make_inputs(w, rng)
        tensors = [to_torch(torch, a) for a in arrays]
        ref = attention_ref(torch, w, *tensors) if w.attention else \
            w.ref(*[a.astype(np.float64) for a in arrays])
        paths = []
        for (name, _, _), a in zip(w.args, arrays):
            paths.append(os.path.join(work, "%s-%s.npy" % (w.name, name)))
            np.save(paths[-1], a)
        out = os.path.join(work, w.name + "-y.npy")
        row = {"workload": w.name, "what": w.what,
               "shape": list(w.args[0][1]), "dtype": w.args[0][2]}
        try:
            ms, kernels = run_ours(os.path.join(STAGE, w.name), paths, out,
                                   args.iters, args.warmup,
                                   os.path.join(work, w.name + ".json"))
            row.update(ours_ms=ms, ours_kernels=kernels,
                       ours_err=rel_error(load_result(out, w.out_dtype), ref))
        except Exception as e:  # reported, the others still run
            row["ours_error"] = str(e)[:300]
        eager = lambda: w.torch_fn(torch, *tensors)
        # One code object compiles for every workload: a fresh cache each
        # time, or dynamo's recompilation limit is hit.
        torch._dynamo.reset()
        compiled_fn = torch.compile(lambda *ts: w.torch_fn(torch, *ts),
                                    dynamic=False, fullgraph=True)
        compiled = lambda: compiled_fn(*tensors)
        row["eager_ms"] = time_torch(torch, eager, args.iters, args.warmup)
        row["eager_err"] = rel_error(eager().float().cpu().numpy(), ref)
        row["compile_ms"] = time_torch(torch, compiled, args.iters,
                                       args.warmup)
        row["compile_err"] = rel_error(compiled().float().cpu().numpy(), ref)
        if w.attention:
            # Compute-bound: compared with PyTorch's fused kernels instead
            # of a copy.
            time_sdpa(torch, w, tensors, row, args, ref)
            if args.rounds > 1 and "ours_ms" in row and "best_fused" in row:
                interleave(torch, w, tensors, row, args, paths, out, work)
            if "ours_ms" in row:
                row["vs_compile"] = row["ours_ms"] / row["compile_ms"]
            rows.append(row)
            print("%-24s %s" % (w.name, {
                k: (round(v, 4) if isinstance(v, float) else v)
                for k, v in row.items() if k not in ("what", "shape")}),
                flush=True)
            del tensors
            torch.cuda.empty_cache()
            continue
        # The bytes the workload must move: its inputs read and its output
        # written once, moved by a device copy of half as many bytes.
        result = eager()
        nbytes = sum(a.nbytes for a in arrays) + \
            result.numel() * result.element_size()
        src = torch.empty(nbytes // 2, dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        row["copy_ms"] = time_torch(torch, lambda: dst.copy_(src), args.iters,
                                    args.warmup)
        row["copy_GBps"] = nbytes / row["copy_ms"] / 1e6
        if "ours_ms" in row:
            row["ours_GBps"] = nbytes / row["ours_ms"] / 1e6
            row["vs_compile"] = row["ours_ms"] / row["compile_ms"]
            row["of_copy"] = row["ours_GBps"] / row["copy_GBps"]
        rows.append(row)
        print("%-24s %s" % (w.name, {k: (round(v, 4) if isinstance(v, float)
                                         else v) for k, v in row.items()
                                     if k not in ("what", "shape")}),
              flush=True)
        del tensors, src, dst, result
        torch.cuda.empty_cache()
    lines = ["| workload | shape | dtype | ours ms (kernels) | torch eager ms "
             "| torch.compile ms | ours / compile | ours GB/s | of copy "
             "| errors (ours, eager, compile) |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if r["workload"].startswith("attention"):
            continue
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
    measured = sorted((r for r in rows if "of_copy" in r),
                      key=lambda r: -r["vs_compile"])
    lines += ["", "Worst three by ours / torch.compile: " + ", ".join(
        "%s %.2f (%.0f %% of copy)" % (r["workload"], r["vs_compile"],
                                       100 * r["of_copy"])
        for r in measured[:3])]
    attention = [r for r in rows if r["workload"].startswith("attention")]
    if attention:
        lines += ["", "| workload | shape | ours ms (calls) | SDPA cuDNN ms "
                  "| SDPA flash ms | SDPA efficient ms | torch.compile "
                  "(unfused) ms | ours / best fused | ours TFLOP/s "
                  "| errors (ours, best fused) |",
                  "|---|---|---:|---:|---:|---:|---:|---:|---:|---|"]
        for r in attention:
            fused = lambda n: ("%.3f" % r["sdpa_%s_ms" % n]
                               if "sdpa_%s_ms" % n in r else "n/a")
            if "ours_ms" not in r:
                ours = "FAILED: %s" % r.get("ours_error")
                ratio = tflops = err = ""
            else:
                ours = "%.3f (%g)" % (r["ours_ms"], r["ours_kernels"])
                ratio = "**%.2f**" % r["vs_fused"] if "vs_fused" in r else ""
                tflops = "%.0f" % r.get("ours_TFLOPs", 0)
                err = "%.1e, %.1e" % (r["ours_err"], r.get(
                    "sdpa_%s_err" % r.get("best_fused", ""), float("nan")))
            lines.append("| %s | %s | %s | %s | %s | %s | %.3f | %s | %s | %s |"
                         % (r["workload"], "x".join(map(str, r["shape"])),
                            ours, fused("cudnn"), fused("flash"),
                            fused("efficient"), r["compile_ms"], ratio,
                            tflops, err))
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


DOCS = os.path.join(ROOT, "docs", "performance.md")
BEGIN, END = "<!-- generality-table:begin -->", "<!-- generality-table:end -->"


def docs(args):
    """Puts the table of a run (RESULTS/generality.md, with the date, GPU
    and torch of RESULTS/generality.json) between the markers of
    docs/performance.md."""
    table = open(os.path.join(args.results, "generality.md")).read().strip()
    meta = json.load(open(os.path.join(args.results, "generality.json")))
    text = open(DOCS).read()
    if BEGIN not in text or END not in text:
        sys.exit("docs: %s lacks the markers %s ... %s" % (DOCS, BEGIN, END))
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    body = "%s\n\nRun of %s on an %s, torch %s:\n\n%s\n%s" % (
        BEGIN, meta["date"], meta["gpu"], meta["torch"], table, END)
    with open(DOCS, "w") as f:
        f.write(head + body + tail)
    print("docs: wrote the run of %s into %s" % (meta["date"], DOCS))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--arrayc-flag", action="append", default=[],
                   help="an arrayc option for every compile (repeatable)")
    p.add_argument("--only", help="comma-separated workloads")
    p.add_argument("--stage", default=STAGE,
                   help="where the programs go (another folder keeps a "
                   "variant's build for an A/B run)")
    r = sub.add_parser("run")
    r.add_argument("--stage", default=STAGE,
                   help="where prepare put the programs")
    r.add_argument("--results", required=True)
    r.add_argument("--iters", type=int, default=30)
    r.add_argument("--warmup", type=int, default=3)
    r.add_argument("--only", help="comma-separated workloads")
    r.add_argument("--rounds", type=int, default=1,
                   help="attention: time ours and the best fused backend "
                   "alternately this many times, keep the medians")
    d = sub.add_parser("docs")
    d.add_argument("results", help="the --results folder of a run")
    args = parser.parse_args()
    if args.command == "prepare":
        prepare(args)
        return 0
    if args.command == "docs":
        return docs(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
