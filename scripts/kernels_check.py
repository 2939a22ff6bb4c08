#!/usr/bin/env python3
"""The GPU check of the user-kernel examples (examples/kernels/:
array.cuda_kernel and array.gpu_kernel).

On the GPU machine, from the repository root:

    python3 scripts/kernels_check.py --bin DIR --out OUT

DIR holds the five programs compiled elsewhere (the GPU machine has no
MLIR; scripts/device-check.sh prepare does this):

    for p in histogram transpose scan activation leaky_relu; do
      arrayc examples/kernels/$p.mlir -o DIR/$p
    done

The check:

1. Correctness. For each program, inputs of a few sizes (NumPy, fixed seed;
   sizes that are not multiples of the block or tile, one element, and
   empty arrays) are written as .npy files and the program is run as
   `DIR/prog in.npy -o out.npy`; its result is compared with NumPy:
   histogram and transpose exactly, scan against a float64 cumsum (each
   element within 1e-5 * the cumsum of |x| up to it), activation within
   one float16 ulp of the float64 value rounded to float16 (before the
   doubling, so two subnormal steps for tiny values), leaky_relu (a
   gpu.func) exactly. One OK/FAIL
   line per case.
2. compute-sanitizer: each program once more, on a small input, under
   `compute-sanitizer --tool memcheck --error-exitcode 3` (other tools with
   --sanitizer-tools memcheck,racecheck,...); an error report, an exit
   status other than 0 or a wrong result fails it. The reports go to
   OUT/sanitizer-<tool>-<prog>.txt.
3. Performance: the tiled transpose of an 8192 x 8192 float32 array, the
   same kernel (examples/kernels/transpose.cu, "transpose<float>") with the
   same block and grid, through Arrayc and through
   cupy.RawModule(code=..., name_expressions=["transpose<float>"]), in
   the same run on the same input.
   - Ours: the executable with ARRAYRT_BENCH=30 ARRAYRT_BENCH_WARMUP=3
     ARRAYRT_PROFILE=1 (and ARRAYRT_BENCH_OUT, ARRAYRT_TRACE into OUT).
     The time is the device time of our kernel alone (its output is an
     array.empty: nothing else runs): the profile row `transpose<float> @
     ...transpose.mlir:LINE:COL`. As bench/run.py does with the report's
     `operations` (name, kind, calls, total_ms over the timed runs), the
     mean per run is that row's total over the runs; the stderr profile
     table's row gives the same number and is the fallback. The trace's
     events of that kernel (the last 30: the timed runs) give its median.
   - CuPy: CUDA events around each launch, 30 after 3 warm-up launches;
     median and mean. Each launch comes after a fill of the output (not
     timed), which keeps the GPU busy while the host
     records the start event and launches: on an idle GPU the events would
     also time the host's launch latency (several microseconds, some 5 %
     here). The idle-GPU times are recorded too, not compared.
   Both results must equal x.T. It prints both times and ours/cupy (of the
   medians, or of the means where ours has no median) and whether that is
   within 3 % (0.97 to 1.03). The verdict is reported, not judged: it does
   not change the exit status.

OUT/kernels.json has everything (cases, sanitizer runs, the timings with
every CuPy sample, the programs' --help). Exit status 1 if a correctness
check or a sanitizer run failed (a failed run or wrong result in the
performance part included; CuPy missing only skips the comparison),
0 otherwise.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

# One reading of compute-sanitizer reports for every GPU check.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_check import sanitizer_errors  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRANSPOSE_CU = os.path.join(ROOT, "examples", "kernels", "transpose.cu")
PROGRAMS = ("histogram", "transpose", "scan", "activation", "leaky_relu")
SEED = 20261203
NBINS = 64
SCAN_COLS = 1024
SCAN_RTOL = 1e-5
ALPHA = float(np.float32(1.702))  # the program's f32 constant
F16_SUBNORMAL_STEP = 2.0 ** -24
LEAKY_ALPHA = np.float32(0.01)  # leaky_relu.mlir's f32 constant
TILE, BLOCK_ROWS = 32, 8
KERNEL_LABEL = "transpose<float>"
PERF_RATIO_RANGE = (0.97, 1.03)


def log(text=""):
    print(text, flush=True)


# --------------------------------------------------------------------------
# Inputs and NumPy references


def histogram_input(rng, n, kind="uniform"):
    if kind == "uniform":
        return rng.random(n, dtype=np.float32)
    if kind == "one-bin":  # every thread on the same counter
        return np.full(n, 0.5, np.float32)
    if kind == "outliers":  # values that are not counted, and bin edges
        x = rng.random(n, dtype=np.float32)
        special = np.array([-0.25, 1.0, 1.5, np.nan, np.inf, -np.inf, -0.0,
                            0.0, np.nextafter(np.float32(1), np.float32(0)),
                            1.0 / 64, 63.0 / 64, 1e-45], np.float32)
        where = rng.choice(n, size=min(n, 4 * special.size), replace=False)
        x[where] = np.resize(special, where.size)
        return x
    raise ValueError(kind)


def histogram_reference(x):
    inside = x[(x >= 0) & (x < 1)]  # NaN compares false
    bins = np.floor(inside.astype(np.float64) * NBINS).astype(np.int64)
    return np.bincount(bins, minlength=NBINS).astype(np.int32)


def check_histogram(out, x):
    ref = histogram_reference(x)
    if out.dtype != np.int32 or out.shape != (NBINS,):
        return False, "expected int32[%d], got %s%s" % (NBINS, out.dtype,
                                                        list(out.shape))
    if not np.array_equal(out, ref):
        bad = np.flatnonzero(out != ref)
        return False, "%d bins differ, e.g. bin %d: %d, expected %d" % (
            bad.size, bad[0], out[bad[0]], ref[bad[0]])
    return True, "exact, %d counted of %d" % (int(ref.sum()), x.size)


def check_transpose(out, x):
    want = (x.shape[1], x.shape[0])
    if out.dtype != np.float32 or out.shape != want:
        return False, "expected float32%s, got %s%s" % (list(want), out.dtype,
                                                        list(out.shape))
    if not np.array_equal(out, x.T):
        bad = np.argwhere(out != x.T)
        i, j = bad[0]
        return False, "%d elements differ, e.g. [%d, %d]: %r, expected %r" % (
            len(bad), i, j, out[i, j], x[j, i])
    return True, "exact"


def check_scan(out, x):
    if out.dtype != np.float32 or out.shape != x.shape:
        return False, "expected float32%s, got %s%s" % (list(x.shape),
                                                        out.dtype,
                                                        list(out.shape))
    if x.size == 0:
        return True, "empty"
    x64 = x.astype(np.float64)
    ref = np.cumsum(x64, axis=1)
    scale = np.cumsum(np.abs(x64), axis=1)
    err = np.abs(out.astype(np.float64) - ref)
    ok = err <= SCAN_RTOL * scale
    worst = float(np.max(err / np.maximum(scale, np.finfo(np.float64).tiny)))
    if not ok.all():
        i, j = np.argwhere(~ok)[0]
        return False, ("%d elements off, e.g. [%d, %d]: %r, expected %r "
                       "(max error %.2e of the cumsum of |x|, allowed %g)"
                       % (int((~ok).sum()), i, j, out[i, j], ref[i, j],
                          worst, SCAN_RTOL))
    return True, "max error %.2e of the cumsum of |x| (allowed %g)" % (
        worst, SCAN_RTOL)


def activation_input(rng, n, special=False):
    x = (3.0 * rng.standard_normal(n)).astype(np.float16)
    if special and n:
        values = np.array([0.0, -0.0, 65504.0, -65504.0, 30000.0, -30000.0,
                           6e-8, -6e-8, 1e-4, -1e-4, 1.0, -1.0, 0.5, -12.0],
                          np.float16)
        x[:min(n, values.size)] = values[:min(n, values.size)]
    return x


def activation_reference(x):
    """2 * quick_gelu(x) as the program rounds it: quick_gelu rounded to
    float16, then doubled in float16 (exact, or infinity)."""
    v = x.astype(np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        g = v / (1.0 + np.exp(-ALPHA * v))
        return (2.0 * g.astype(np.float16).astype(np.float64)).astype(
            np.float16)


def f16_ordered(a):
    """float16 values as integers in the order of the values (-0 == +0),
    so that neighbours differ by 1."""
    bits = a.view(np.int16).astype(np.int32)
    return np.where(bits < 0, -(bits & 0x7FFF), bits)


def check_activation(out, x):
    if out.dtype != np.float16 or out.shape != x.shape:
        return False, "expected float16%s, got %s%s" % (list(x.shape),
                                                        out.dtype,
                                                        list(out.shape))
    if x.size == 0:
        return True, "empty"
    ref = activation_reference(x)
    nan_out, nan_ref = np.isnan(out), np.isnan(ref)
    ulps = np.abs(f16_ordered(out) - f16_ordered(ref))
    # One ulp of quick_gelu's float16 value, doubled: one ulp of the result,
    # but two steps of the result's grid where quick_gelu is subnormal.
    with np.errstate(invalid="ignore"):
        near = np.abs(out.astype(np.float64) - ref.astype(np.float64)) <= \
            F16_SUBNORMAL_STEP * 2
    ok = (nan_out == nan_ref) & (nan_ref | (ulps <= 1) | near)
    if not ok.all():
        i = int(np.flatnonzero(~ok)[0])
        return False, ("%d elements off by more than 1 float16 ulp, e.g. "
                       "x[%d] = %r: %r, expected %r" % (
                           int((~ok).sum()), i, x[i], out[i], ref[i]))
    exact = int((ulps[~nan_ref] == 0).sum())
    return True, "within 1 float16 ulp (%d of %d exact)" % (exact, x.size)


def check_leaky_relu(out, x):
    if out.dtype != np.float32 or out.shape != x.shape:
        return False, "expected float32%s, got %s%s" % (list(x.shape),
                                                        out.dtype,
                                                        list(out.shape))
    ref = np.where(x > 0, x, LEAKY_ALPHA * x)
    same = (out.view(np.int32) == ref.view(np.int32)) | (np.isnan(out) &
                                                          np.isnan(ref))
    if not same.all():
        i = int(np.flatnonzero(~same)[0])
        return False, "%d elements differ, e.g. x[%d] = %r: %r, expected %r" % (
            int((~same).sum()), i, x[i], out[i], ref[i])
    return True, "exact (bits)"


def leaky_relu_input(rng, n):
    x = rng.standard_normal(n, dtype=np.float32)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45,
                        3e38, -3e38], np.float32)
    x[:min(n, special.size)] = special[:min(n, special.size)]
    return x


# Each case: (program, label, make(rng) -> input array, check(out, input)).
def correctness_cases():
    cases = []
    for n, kind in [(1_000_003, "uniform"), (256, "uniform"), (1, "uniform"),
                    (77_777, "outliers"), (1 << 20, "one-bin"),
                    (0, "uniform")]:
        cases.append(("histogram", "n=%d %s" % (n, kind),
                      lambda rng, n=n, kind=kind: histogram_input(rng, n, kind),
                      check_histogram))
    for rows, cols in [(1000, 1500), (4096, 4096), (33, 31), (1, 1),
                       (1, 4097), (3000, 7), (0, 5), (5, 0)]:
        cases.append(("transpose", "%dx%d" % (rows, cols),
                      lambda rng, r=rows, c=cols:
                      rng.standard_normal((r, c), dtype=np.float32),
                      check_transpose))
    for rows in (333, 1, 4096, 0):
        cases.append(("scan", "%dx%d" % (rows, SCAN_COLS),
                      lambda rng, r=rows:
                      rng.standard_normal((r, SCAN_COLS), dtype=np.float32),
                      check_scan))
    cases.append(("scan", "333x1024 positive (1 + |N(0,1)|)",
                  lambda rng: (1 + np.abs(rng.standard_normal(
                      (333, SCAN_COLS)))).astype(np.float32), check_scan))
    for n, special in [(1_000_001, False), (4096, True), (1, False),
                       (0, False)]:
        cases.append(("activation",
                      "n=%d%s" % (n, " with edge values" if special else ""),
                      lambda rng, n=n, s=special: activation_input(rng, n, s),
                      check_activation))
    for n in (1_000_003, 300, 1, 0):
        cases.append(("leaky_relu", "n=%d" % n,
                      lambda rng, n=n: leaky_relu_input(rng, n),
                      check_leaky_relu))
    return cases


# Small inputs for the sanitizer runs.
SANITIZER_CASES = {
    "histogram": ("n=10007 outliers",
                  lambda rng: histogram_input(rng, 10007, "outliers"),
                  check_histogram),
    "transpose": ("100x70", lambda rng: rng.standard_normal(
        (100, 70), dtype=np.float32), check_transpose),
    "scan": ("5x1024", lambda rng: rng.standard_normal(
        (5, SCAN_COLS), dtype=np.float32), check_scan),
    "activation": ("n=1001", lambda rng: activation_input(rng, 1001, True),
                   check_activation),
    "leaky_relu": ("n=1001", lambda rng: leaky_relu_input(rng, 1001),
                   check_leaky_relu),
}


# --------------------------------------------------------------------------
# Running the programs


def run(command, timeout, env=None, cwd=None):
    begin = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              errors="replace", timeout=timeout, env=env,
                              cwd=cwd)
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout, time.monotonic() - begin
    return done, None, time.monotonic() - begin


def tail(text, limit=600):
    text = (text or "").strip()
    return text if len(text) <= limit else "..." + text[-limit:]


def load(path):
    return np.load(path, allow_pickle=False)


def run_case(args, exe, x, check, stem, prefix=(), env=None):
    """Runs `prefix exe in.npy -o out.npy` and checks the result; returns
    the case's record (status, detail, ...)."""
    inp = os.path.join(args.workdir, stem + "-in.npy")
    out = os.path.join(args.workdir, stem + "-out.npy")
    np.save(inp, x)
    if os.path.exists(out):
        os.remove(out)
    command = list(prefix) + [exe, inp, "-o", out]
    done, error, seconds = run(command, args.timeout, env=env)
    record = {"command": command, "seconds": round(seconds, 3)}
    if error:
        record.update(ok=False, detail=error)
    elif done.returncode != 0:
        record.update(ok=False, returncode=done.returncode,
                      detail="exit status %d: %s" % (done.returncode,
                                                     tail(done.stderr)))
    elif not os.path.exists(out):
        record.update(ok=False, detail="no result file %s" % out)
    else:
        try:
            ok, detail = check(load(out), x)
        except Exception as e:  # a malformed result file
            ok, detail = False, "cannot check the result: %r" % e
        record.update(ok=ok, detail=detail)
    if not args.keep_inputs:
        for path in (inp, out):
            if os.path.exists(path):
                os.remove(path)
    return record, done


def status_line(ok, text):
    log("%-4s  %s" % ("OK" if ok else "FAIL", text))


def correctness(args, exes, summary):
    log("== correctness")
    for index, (prog, label, make, check) in enumerate(correctness_cases()):
        if prog not in args.only:
            continue
        x = make(np.random.default_rng([SEED, index]))
        name = "%s %s" % (prog, label)
        if exes.get(prog) is None:
            record = {"ok": False, "detail": "no executable %s" %
                      os.path.join(args.bin, prog)}
        else:
            record, _ = run_case(args, exes[prog], x, check,
                                 "%s-%d" % (prog, index))
        record.update(program=prog, case=label,
                      input={"shape": list(x.shape), "dtype": str(x.dtype)})
        summary["cases"].append(record)
        status_line(record["ok"], "%-44s %s" % (name, record["detail"]))


def find_sanitizer():
    found = shutil.which("compute-sanitizer")
    if found:
        return found
    for home in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
                 "/usr/local/cuda"):
        if home and os.path.exists(os.path.join(home, "bin",
                                                "compute-sanitizer")):
            return os.path.join(home, "bin", "compute-sanitizer")
    return None


def sanitize(args, exes, summary):
    tools = [t for t in args.sanitizer_tools.split(",") if t]
    if not tools:
        return
    log("== compute-sanitizer (%s)" % ", ".join(tools))
    sanitizer = find_sanitizer()
    for index, prog in enumerate(PROGRAMS):
        if prog not in args.only:
            continue
        label, make, check = SANITIZER_CASES[prog]
        x = make(np.random.default_rng([SEED, 1000 + index]))
        for tool in tools:
            name = "%s %s %s" % (tool, prog, label)
            report = os.path.join(args.out, "sanitizer-%s-%s.txt" % (tool,
                                                                     prog))
            record = {"program": prog, "tool": tool, "case": label,
                      "report": report}
            if sanitizer is None:
                record.update(ok=False, detail="compute-sanitizer not found "
                              "(PATH, CUDA_HOME, /usr/local/cuda/bin)")
            elif exes.get(prog) is None:
                record.update(ok=False, detail="no executable")
            else:
                prefix = [sanitizer, "--tool", tool, "--error-exitcode", "3",
                          "--log-file", report]
                result, _ = run_case(args, exes[prog], x, check,
                                     "%s-%s" % (tool, prog), prefix=prefix)
                errors = sanitizer_errors(report)
                record.update(result, errors=errors)
                if errors is None:
                    record.update(ok=False, detail="no summary in the report "
                                  "(%s)" % result["detail"])
                elif errors:
                    record.update(ok=False, detail="%d error(s), see %s: %s"
                                  % (errors, report, first_error(report)))
                elif result["ok"]:
                    record["detail"] = "0 errors; " + result["detail"]
            summary["sanitizer"].append(record)
            status_line(record["ok"], "%-44s %s" % (name, record["detail"]))


def first_error(path):
    for line in open(path, errors="replace"):
        if "=========" in line and ("Invalid" in line or "Error" in line or
                                    "Race" in line or "Hazard" in line):
            return line.replace("=========", "").strip()
    return ""


# --------------------------------------------------------------------------
# Performance: the tiled transpose, ours against CuPy


# A row of the ARRAYRT_PROFILE table (runtime/lib/profile/Bench.cpp,
# formatProfile: "%7s %12.3f %9llu %12.3f %9s  %s": share, total ms, calls,
# mean us, GB/s, name).
PROFILE_ROW = re.compile(r"^\s*(\S+)\s+([0-9.]+)\s+(\d+)\s+([0-9.]+)\s+(\S+)"
                         r"  (\S.*)$")
PROFILE_HEADER = re.compile(r"arrayrt profile: (\d+) runs? of the program")


def parse_profile(stderr):
    """The profile table's runs and its kernel rows (those before the
    transfers and the ranges)."""
    runs, rows = None, []
    section = None
    for line in stderr.splitlines():
        header = PROFILE_HEADER.search(line)
        if header:
            runs, section = int(header.group(1)), "device"
            continue
        if section != "device":
            continue
        if line.startswith("device time:"):
            section = "after"
            continue
        row = PROFILE_ROW.match(line)
        if row:
            rows.append({"share": row.group(1),
                         "total_ms": float(row.group(2)),
                         "calls": int(row.group(3)),
                         "mean_us": float(row.group(4)),
                         "gbps": row.group(5), "name": row.group(6).strip()})
    return runs, rows


def is_our_kernel(name):
    return name.startswith(KERNEL_LABEL + " @") or name == KERNEL_LABEL


def summarize(samples):
    return {"median_ms": statistics.median(samples),
            "mean_ms": statistics.fmean(samples), "min_ms": min(samples),
            "max_ms": max(samples), "n": len(samples)}


def time_ours(args, exe, inp, out_path):
    report = os.path.join(args.out, "transpose-bench.json")
    trace = os.path.join(args.out, "transpose-trace.json")
    for path in (report, trace, out_path):
        if os.path.exists(path):
            os.remove(path)
    env = dict(os.environ)
    env.update({"ARRAYRT_BENCH": str(args.iters),
                "ARRAYRT_BENCH_WARMUP": str(args.warmup),
                "ARRAYRT_PROFILE": "1",
                "ARRAYRT_BENCH_OUT": report,
                "ARRAYRT_TRACE": trace})
    command = [exe, inp, "-o", out_path]
    done, error, seconds = run(command, args.timeout, env=env)
    ours = {"command": command, "env": {k: env[k] for k in (
        "ARRAYRT_BENCH", "ARRAYRT_BENCH_WARMUP", "ARRAYRT_PROFILE",
        "ARRAYRT_BENCH_OUT", "ARRAYRT_TRACE")}, "seconds": round(seconds, 2)}
    if error or done.returncode != 0:
        ours["error"] = error or "exit status %d: %s" % (done.returncode,
                                                         tail(done.stderr))
        return ours
    ours["profile"] = done.stderr.strip()[-4000:]
    with open(os.path.join(args.out, "transpose-profile.txt"), "w") as f:
        f.write(done.stderr)

    # The profile table on stderr.
    runs, rows = parse_profile(done.stderr)
    mine = [r for r in rows if is_our_kernel(r["name"])]
    ours["profile_rows"] = rows
    if mine and runs:
        ours["label"] = mine[0]["name"]
        ours["calls_per_run"] = mine[0]["calls"] / runs
        ours["table_mean_ms"] = mine[0]["total_ms"] / runs
        ours["table_mean_us_per_call"] = mine[0]["mean_us"]
    # The report's operations, as bench/run.py reads them.
    if os.path.exists(report):
        bench = json.load(open(report))
        iterations = bench.get("iterations") or runs
        ours["iterations"] = iterations
        ours["warmup"] = bench.get("warmup")
        ours["program_median_ms"] = bench.get("median_ms")
        ours["operations"] = bench.get("operations", [])
        ops = [o for o in ours["operations"] if is_our_kernel(o["name"])]
        if ops and iterations:
            ours["label"] = ops[0]["name"]
            ours["calls_per_run"] = ops[0]["calls"] / iterations
            ours["mean_ms"] = ops[0]["total_ms"] / iterations
    if "mean_ms" not in ours and "table_mean_ms" in ours:
        ours["mean_ms"] = ours["table_mean_ms"]
    # The trace: one event per launch, warm-up runs possibly included.
    if os.path.exists(trace):
        try:
            data = json.load(open(trace))
            events = data.get("traceEvents", []) if isinstance(data, dict) \
                else data
            durations = [e["dur"] / 1000.0 for e in events
                         if e.get("ph") == "X" and e.get("cat") == "kernel"
                         and is_our_kernel(e.get("name", ""))]
            ours["trace_events"] = len(durations)
            n = ours.get("iterations") or args.iters
            if len(durations) >= n and ours.get("calls_per_run") == 1:
                timed = durations[-n:]
                ours["samples_ms"] = timed
                ours.update({k: v for k, v in summarize(timed).items()
                             if k != "mean_ms"})
                ours["trace_mean_ms"] = statistics.fmean(timed)
        except (ValueError, KeyError, TypeError) as e:
            ours["trace_error"] = repr(e)
    if "mean_ms" not in ours:
        ours["error"] = ("no profile row named '%s @ ...' (rows: %s)"
                         % (KERNEL_LABEL, [r["name"] for r in rows]))
    return ours


def time_cupy(args, x):
    try:
        import cupy as cp
    except ImportError as e:
        return {"skipped": "CuPy is not importable: %s" % e}, None
    rows, cols = x.shape
    grid = (math.ceil(cols / TILE), math.ceil(rows / TILE), 1)
    block = (TILE, BLOCK_ROWS, 1)
    info = {"cupy_version": cp.__version__, "grid": grid, "block": block}
    try:
        info["device"] = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
        info["nvrtc_version"] = list(cp.cuda.nvrtc.getVersion())
    except Exception:
        pass
    try:
        code = open(TRANSPOSE_CU).read()
        module = cp.RawModule(code=code, name_expressions=[KERNEL_LABEL])
        kernel = module.get_function(KERNEL_LABEL)
        xd = cp.asarray(x)
        out = cp.empty((cols, rows), dtype=cp.float32)
        params = (xd, out, np.int32(rows), np.int32(cols))

        def timed(cover):
            for _ in range(args.warmup):
                cover()
                kernel(grid, block, params)
            cp.cuda.Device().synchronize()
            samples = []
            for _ in range(args.iters):
                start, end = cp.cuda.Event(), cp.cuda.Event()
                cover()
                start.record()
                kernel(grid, block, params)
                end.record()
                end.synchronize()
                samples.append(cp.cuda.get_elapsed_time(start, end))
            return samples

        # The output is filled just before each launch (not timed): the GPU
        # is busy with the fill while the host records the start
        # event and launches the kernel, so the events time the kernel and
        # not the host's launch latency too (on an idle GPU the start event
        # completes at once and the kernel starts microseconds later).
        samples = timed(lambda: out.fill(0))
        result = cp.asnumpy(out)
        idle = timed(lambda: None)
        if not np.array_equal(cp.asnumpy(out), result):
            raise RuntimeError("the idle-GPU launches gave another result")
        del xd, out
        cp.get_default_memory_pool().free_all_blocks()
    except Exception as e:
        info["error"] = "CuPy failed: %r" % e
        return info, None
    info.update(summarize(samples))
    info["samples_ms"] = samples
    info["idle"] = dict(summarize(idle), samples_ms=idle)
    return info, result


def performance(args, exes, summary):
    n = args.perf_size
    log("== performance: tiled transpose %dx%d float32, block (%d, %d, 1), "
        "grid (%d, %d, 1)" % (n, n, TILE, BLOCK_ROWS, math.ceil(n / TILE),
                              math.ceil(n / TILE)))
    perf = {"size": [n, n], "iters": args.iters, "warmup": args.warmup}
    summary["performance"] = perf
    x = np.random.default_rng(SEED + 2).standard_normal((n, n),
                                                        dtype=np.float32)
    inp = os.path.join(args.workdir, "transpose-perf-in.npy")
    out_path = os.path.join(args.workdir, "transpose-perf-out.npy")
    np.save(inp, x)

    def correct(label, result):
        ok, detail = check_transpose(result, x)
        summary["cases"].append({"program": "transpose", "case": label,
                                 "ok": ok, "detail": detail})
        status_line(ok, "%-44s %s" % (label, detail))

    def failed(label, detail):
        summary["cases"].append({"program": "transpose", "case": label,
                                 "ok": False, "detail": detail})
        status_line(False, "%-44s %s" % (label, detail))

    label = "transpose %dx%d (bench run, ours)" % (n, n)
    if exes.get("transpose") is None:
        perf["ours"] = {"error": "no executable"}
        failed(label, "no executable")
    else:
        ours = time_ours(args, exes["transpose"], inp, out_path)
        perf["ours"] = ours
        if "error" in ours:  # the run failed, or no profile row
            failed(label, ours["error"])
        elif not os.path.exists(out_path):
            failed(label, "no result file %s" % out_path)
        else:
            correct(label, load(out_path))
    cupy, result = time_cupy(args, x)
    perf["cupy"] = cupy
    if "skipped" in cupy:
        log("SKIP  cupy: %s" % cupy["skipped"])
    elif result is None:
        failed("transpose %dx%d (cupy.RawModule)" % (n, n), cupy["error"])
    else:
        correct("transpose %dx%d (cupy.RawModule)" % (n, n), result)

    ours = perf.get("ours", {})
    if "mean_ms" in ours:
        text = "mean %.4f ms" % ours["mean_ms"]
        if "median_ms" in ours:
            text = "median %.4f ms, " % ours["median_ms"] + text
        log("  ours: %s per run over %s timed runs (profile row '%s')" % (
            text, ours.get("iterations"), ours.get("label")))
    if "median_ms" in cupy:
        log("  cupy: median %.4f ms, mean %.4f ms per launch over %d "
            "(CUDA events, each launch after an untimed fill of the output)"
            % (cupy["median_ms"], cupy["mean_ms"], cupy["n"]))
        log("        median %.4f ms, mean %.4f ms on an idle GPU (events "
            "include the launch latency; not compared)"
            % (cupy["idle"]["median_ms"], cupy["idle"]["mean_ms"]))
    if "mean_ms" in ours and "median_ms" in cupy:
        perf["ratio_mean"] = ours["mean_ms"] / cupy["mean_ms"]
        if "median_ms" in ours:
            perf["ratio_median"] = ours["median_ms"] / cupy["median_ms"]
            perf["ratio"], perf["ratio_of"] = perf["ratio_median"], "medians"
        else:
            perf["ratio"], perf["ratio_of"] = perf["ratio_mean"], "means"
        low, high = PERF_RATIO_RANGE
        perf["within_3_percent"] = low <= perf["ratio"] <= high
        log("  ours/cupy: %.3f (%s)%s: %s" % (
            perf["ratio"], perf["ratio_of"],
            "; %.3f of the means" % perf["ratio_mean"]
            if perf["ratio_of"] == "medians" else "",
            "within 3 %" if perf["within_3_percent"] else
            "NOT within 3 % (reported, not failed)"))
    else:
        perf["within_3_percent"] = None
        log("  ours/cupy: not measured")
    if not args.keep_inputs:
        for path in (inp, out_path):
            if os.path.exists(path):
                os.remove(path)


# --------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True,
                        help="folder of the compiled histogram, transpose, "
                             "scan and activation")
    parser.add_argument("--out", default="kernels-check",
                        help="results: kernels.json, sanitizer reports, our "
                             "profile (default %(default)s)")
    parser.add_argument("--workdir",
                        help="where inputs and results go (default OUT/work)")
    parser.add_argument("--keep-inputs", action="store_true",
                        help="keep the .npy inputs and results")
    parser.add_argument("--only", default=",".join(PROGRAMS),
                        help="programs to check (default all)")
    parser.add_argument("--sanitizer-tools", default="memcheck",
                        help="compute-sanitizer tools, comma-separated "
                             "(default memcheck; '' for none)")
    parser.add_argument("--skip-perf", action="store_true",
                        help="no performance comparison")
    parser.add_argument("--perf-size", type=int, default=8192)
    parser.add_argument("--iters", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds per program run")
    args = parser.parse_args()
    args.only = [p for p in args.only.split(",") if p]
    for p in args.only:
        if p not in PROGRAMS:
            parser.error("unknown program %r (expected %s)" % (
                p, ", ".join(PROGRAMS)))
    args.bin = os.path.abspath(args.bin)
    args.out = os.path.abspath(args.out)
    args.workdir = os.path.abspath(args.workdir or os.path.join(args.out,
                                                                "work"))
    os.makedirs(args.out, exist_ok=True)
    os.makedirs(args.workdir, exist_ok=True)

    exes = {}
    summary = {"started": datetime.datetime.now(datetime.timezone.utc)
               .isoformat(timespec="seconds"),
               "host": platform.node(), "bin": args.bin, "seed": SEED,
               "programs": {}, "cases": [], "sanitizer": [],
               "performance": None}
    for prog in PROGRAMS:
        exe = os.path.join(args.bin, prog)
        exes[prog] = exe if os.access(exe, os.X_OK) else None
        entry = {"path": exe, "found": exes[prog] is not None}
        if exes[prog]:
            done, error, _ = run([exe, "--help"], 60)
            entry["help"] = error or tail(done.stdout + done.stderr, 2000)
        summary["programs"][prog] = entry
    smi = shutil.which("nvidia-smi")
    if smi:
        done, _, _ = run([smi, "--query-gpu=name,driver_version,clocks.sm,"
                          "clocks.max.sm", "--format=csv,noheader"], 30)
        if done is not None:
            summary["gpu"] = done.stdout.strip()

    correctness(args, exes, summary)
    sanitize(args, exes, summary)
    if not args.skip_perf and "transpose" in args.only:
        performance(args, exes, summary)

    failed = [c for c in summary["cases"] + summary["sanitizer"]
              if not c["ok"]]
    passed = len(summary["cases"]) + len(summary["sanitizer"]) - len(failed)
    summary.update(passed=passed, failed=len(failed),
                   finished=datetime.datetime.now(datetime.timezone.utc)
                   .isoformat(timespec="seconds"))
    path = os.path.join(args.out, "kernels.json")
    with open(path, "w") as f:
        json.dump(summary, f, indent=1, default=str)
    if not args.keep_inputs:
        try:
            os.rmdir(args.workdir)
        except OSError:
            pass
    log("== %d passed, %d failed; %s" % (passed, len(failed), path))
    for c in failed:
        log("   FAIL %s %s: %s" % (c["program"], c.get("tool", "") and
                                   c["tool"] + " " or "", c.get("case")))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
