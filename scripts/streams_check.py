#!/usr/bin/env python3
"""The GPU checks of streams, events and the pinned staging pool (issue 5).

    streams_check.py prepare [BUILD] [DIR]   here: write and compile the
                                             programs into DIR (default
                                             .device/streams)
    streams_check.py run OUT [DIR]           on the GPU machine: run them,
                                             results under OUT

`run` does:

1. arrayrt-stream-stress (16 threads x 15 rounds, each thread with its own
   stream, allocating, filling, checking and freeing buffers of mixed
   sizes, some freed on a shared stream after an event) under
   `compute-sanitizer --tool memcheck`, then 32 threads x 200 rounds
   without it;
2. many_streams (an array program: 8 streams, each computing on its own
   arrays and on the previous stream's, all exact int64 arithmetic) against
   the CPU target's output of the same program, plain and under memcheck;
3. the two-stream overlap measurement: chunks of a matrix are loaded from
   .npy files (host read, pinned staging, DMA) on a copy stream while a
   compute stream multiplies the previous chunk by a weight matrix
   (generated kernels, --matmul-blas=false: see below). Five
   programs from one template, each timed with ARRAYRT_BENCH (median host
   wall time per run): `base` (the weights and the final print only),
   `copy` (the loads alone), `compute` (the products alone, on chunks made
   on the device), `both` (two streams) and `serial` (everything on the
   default stream). With C = copy - base, K = compute - base and
   B = both - base, the hidden time is C + K - B; the ideal for n equal
   chunks is (n - 1) / n * min(C, K) (the first load and the last product
   cannot overlap anything), and the overlap reported is hidden / ideal.

The products are compiled with --matmul-blas=false: generated kernels,
whose time the weight matrix's width sets so that compute can be made
about as long as the copies (a cuBLASLt product of these sizes takes a
fraction of a millisecond).

Exit status 1 if a check failed (the overlap target, >= 80 %, is reported
but does not fail the run).
"""

import json
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHUNKS = 8
ROWS, DEPTH = 1024, 2048        # one chunk: ROWS x DEPTH float32 (8 MiB)
WIDTHS = (256, 1024)            # weight matrices DEPTH x WIDTH
VARIANTS = ("base", "copy", "compute", "both", "serial")
STREAMS = 8
ELEMENTS = 1 << 20


def overlap_program(variant, width):
    """The two-stream pipeline, or one of its parts (see the docstring)."""
    chunk = "tensor<%dx%dxf32>" % (ROWS, DEPTH)
    prod = "tensor<%dx%dxf32>" % (ROWS, width)
    lines = ["func.func @main() {"]
    lines.append("  %%w = array.random_uniform seed 7 : tensor<%dx%dxf32>"
                 % (DEPTH, width))
    lines.append("  %t0 = array.full 0.0 : tensor<f32>")
    two = variant in ("copy", "compute", "both")
    if two:
        lines.append("  %copy = array.stream_create")
        lines.append("  %compute = array.stream_create")

    def region(stream, result, body):
        if not two:
            return ["  " + line for line in body[:-1]] + [
                "  %%%s = %s" % (result[0], body[-1])]
        out = ["  %%%s = array.on_stream %%%s -> %s {"
               % (result[0], stream, result[1])]
        out += ["    " + line for line in body[:-1]]
        out += ["    %%r = %s" % body[-1],
                "    array.stream_yield %%r : %s" % result[1], "  }"]
        return out

    for i in range(CHUNKS if variant != "base" else 0):
        if variant in ("copy", "both", "serial"):
            lines += region("copy", ("x%d" % i, chunk),
                            ['array.load_npy "x%d.npy" : %s' % (i, chunk)])
        else:
            # Materialized (the copy keeps fusion from computing the random
            # values inside the product), so the product is the same kernel
            # reading the chunk from memory as in `both`.
            lines += region("compute", ("x%d" % i, chunk), [
                "%%g%d = array.random_uniform seed %d : %s" % (i, i, chunk),
                "array.to_device %%g%d : %s" % (i, chunk)])
        if variant == "copy":
            lines += region("copy", ("t%d" % (i + 1), "tensor<f32>"), [
                "%%s%d = array.sum %%x%d axes [0, 1] : %s -> tensor<f32>"
                % (i, i, chunk),
                "array.add %%t%d, %%s%d : (tensor<f32>, tensor<f32>) -> "
                "tensor<f32>" % (i, i)])
        else:
            lines += region("compute", ("t%d" % (i + 1), "tensor<f32>"), [
                "%%m%d = array.matmul %%x%d, %%w : (%s, tensor<%dx%dxf32>) -> "
                "%s" % (i, i, chunk, DEPTH, width, prod),
                "%%s%d = array.sum %%m%d axes [0, 1] : %s -> tensor<f32>"
                % (i, i, prod),
                "array.add %%t%d, %%s%d : (tensor<f32>, tensor<f32>) -> "
                "tensor<f32>" % (i, i)])
    last = CHUNKS if variant != "base" else 0
    if variant == "base":
        lines.append("  %%s = array.sum %%w axes [0, 1] : tensor<%dx%dxf32> "
                     "-> tensor<f32>" % (DEPTH, width))
        lines.append("  array.print %s : tensor<f32>")
    else:
        lines.append("  array.print %%t%d : tensor<f32>" % last)
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def many_streams_program():
    """STREAMS streams, each making its own int64 arrays and reading the
    previous stream's; every result is exact, so the CPU target's output is
    the reference."""
    t = "tensor<%dxi64>" % ELEMENTS
    lines = ["func.func @main() {"]
    for s in range(STREAMS):
        lines.append("  %%s%d = array.stream_create" % s)
    lines.append("  %%base = array.arange 0, %d, 1 : %s" % (ELEMENTS, t))
    # Round r + 1 on stream s reads its own round r and stream s - 1's:
    # the streams of a round run concurrently, and each waits for its
    # neighbour's previous round through an event.
    for round_ in range(3):
        for s in range(STREAMS):
            own = "%%y%d_%d" % (s, round_) if round_ else "%base"
            other = ("%%y%d_%d" % ((s - 1) % STREAMS, round_) if round_
                     else "%base")
            lines += [
                "  %%y%d_%d = array.on_stream %%s%d -> %s {" % (s, round_ + 1,
                                                             s, t),
                "    %%k = array.full %d : tensor<i64>" % (s + 3),
                "    %m = array.full 1000003 : tensor<i64>",
                "    %%a = array.mul %s, %%k : (%s, tensor<i64>) -> %s"
                % (own, t, t),
                "    %%b = array.add %%a, %s : (%s, %s) -> %s" % (other, t, t,
                                                                  t),
                "    %%c = array.remainder %%b, %%m : (%s, tensor<i64>) -> %s"
                % (t, t),
                "    array.stream_yield %%c : %s" % t,
                "  }"]
    for s in range(STREAMS):
        lines += [
            "  %%sum%d = array.on_stream %%s%d -> tensor<i64> {" % (s, s),
            "    %%r = array.sum %%y%d_3 : %s -> tensor<i64>" % (s, t),
            "    array.stream_yield %r : tensor<i64>",
            "  }",
            "  array.print %%sum%d : tensor<i64>" % s]
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def run(command, **kwargs):
    print("+", " ".join(command), flush=True)
    try:
        return subprocess.run(command, **kwargs)
    except subprocess.TimeoutExpired as e:
        print("timed out after %s s: %s" % (e.timeout, " ".join(command)))
        return subprocess.CompletedProcess(command, 124, "", "")


def prepare(build, folder):
    arrayc = os.path.join(build, "bin", "arrayc")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    programs = {"many_streams": many_streams_program()}
    for width in WIDTHS:
        for variant in VARIANTS:
            programs["overlap_%s_%d" % (variant, width)] = overlap_program(
                variant, width)
    for name, text in programs.items():
        source = os.path.join(folder, name + ".mlir")
        with open(source, "w") as f:
            f.write(text)
        # The products as generated kernels on the compute stream, slow
        # enough to balance the copies (see the module's docstring).
        if run([arrayc, "--target=cuda", "--matmul-blas=false", source, "-o",
                os.path.join(folder, name)]).returncode:
            return 1
    # The reference output of many_streams: the same program on the CPU.
    cpu = os.path.join(folder, "many_streams.cpu")
    if run([arrayc, "--target=cpu", os.path.join(folder, "many_streams.mlir"),
            "-o", cpu]).returncode:
        return 1
    with open(os.path.join(folder, "many_streams.expected"), "w") as f:
        if run([cpu], stdout=f).returncode:
            return 1
    os.remove(cpu)
    shutil.copy(os.path.join(build, "bin", "arrayrt-stream-stress"), folder)
    print("prepared %d programs in %s" % (len(programs), folder))
    return 0


def bench_ms(folder, program, out, runs):
    """Median host wall time per run and median kernel time per run (the
    runtime's events around each kernel, ARRAYRT_BENCH's samples)."""
    report = os.path.join(out, program + ".json")
    env = dict(os.environ, ARRAYRT_BENCH=str(runs), ARRAYRT_BENCH_WARMUP="1",
               ARRAYRT_BENCH_OUT=report)
    result = run(["./" + program], cwd=folder, env=env,
                 stdout=subprocess.DEVNULL)
    if result.returncode:
        return None, None
    with open(report) as f:
        data = json.load(f)
    return (statistics.median(data["host_ms"]),
            statistics.median(data["samples_ms"]))


def run_checks(out, folder):
    import numpy as np

    os.makedirs(out, exist_ok=True)
    status = 0
    results = {}

    # 1. The runtime stress test under memcheck, then bigger without it.
    log = os.path.join(out, "memcheck-stream-stress.txt")
    with open(log, "w") as f:
        code = run(["compute-sanitizer", "--tool", "memcheck",
                    "--error-exitcode", "3", "./arrayrt-stream-stress", "16",
                    "15"], cwd=folder, stdout=f, stderr=subprocess.STDOUT,
                   timeout=100).returncode
    text = open(log).read()
    summary = [l for l in text.splitlines() if "ERROR SUMMARY" in l]
    print("memcheck stream-stress: exit %d, %s" % (
        code, summary[-1] if summary else "no summary"))
    print("\n".join(l for l in text.splitlines() if "stream-stress" in l))
    results["memcheck_stream_stress"] = {"exit": code, "summary": summary}
    status |= code != 0
    result = run(["./arrayrt-stream-stress", "32", "200"], cwd=folder,
                 capture_output=True, text=True, timeout=60)
    print(result.stdout.strip())
    results["stream_stress"] = {"exit": result.returncode,
                                "output": result.stdout.strip()}
    status |= result.returncode != 0

    # 2. many_streams against the CPU output, plain and under memcheck.
    expected = open(os.path.join(folder, "many_streams.expected")).read()
    result = run(["./many_streams"], cwd=folder, capture_output=True,
                 text=True, timeout=60)
    same = result.returncode == 0 and result.stdout == expected
    print("many_streams: %s" % ("OK" if same else "FAILED"))
    if not same:
        print(result.stdout[-2000:], result.stderr[-2000:])
    log = os.path.join(out, "memcheck-many_streams.txt")
    with open(log, "w") as f:
        code = run(["compute-sanitizer", "--tool", "memcheck",
                    "--error-exitcode", "3", "./many_streams"], cwd=folder,
                   stdout=f, stderr=subprocess.STDOUT, timeout=120).returncode
    text = open(log).read()
    summary = [l for l in text.splitlines() if "ERROR SUMMARY" in l]
    same_under = expected in text
    print("memcheck many_streams: exit %d, %s, output %s" % (
        code, summary[-1] if summary else "no summary",
        "matches" if same_under else "DIFFERS"))
    results["many_streams"] = {"ok": same, "memcheck_exit": code,
                               "memcheck_summary": summary,
                               "memcheck_output_ok": same_under}
    status |= (not same) or code != 0 or not same_under

    # 3. Overlap.
    rng = np.random.default_rng(1)
    for i in range(CHUNKS):
        np.save(os.path.join(folder, "x%d.npy" % i),
                rng.random((ROWS, DEPTH), dtype=np.float32))
    results["overlap"] = {}
    for width in WIDTHS:
        ms, kernel_ms = {}, {}
        for variant in VARIANTS:
            ms[variant], kernel_ms[variant] = bench_ms(
                folder, "overlap_%s_%d" % (variant, width), out, 7)
            if ms[variant] is None:
                status = 1
        if None in ms.values():
            continue
        copy = ms["copy"] - ms["base"]
        compute = ms["compute"] - ms["base"]
        both = ms["both"] - ms["base"]
        serial = ms["serial"] - ms["base"]
        hidden = copy + compute - both
        ideal = (CHUNKS - 1) / CHUNKS * min(copy, compute)
        entry = dict(ms, copy_ms=copy, compute_ms=compute, both_ms=both,
                     serial_ms=serial, hidden_ms=hidden, ideal_hidden_ms=ideal,
                     overlap_of_ideal=hidden / ideal if ideal > 0 else None,
                     serial_hidden_ms=copy + compute - serial,
                     kernel_ms=kernel_ms)
        results["overlap"][str(width)] = entry
        print("overlap (weights %dx%d): base %.2f ms, copy %.2f, compute %.2f,"
              " both %.2f, serial %.2f (net of base); hidden %.2f ms of an "
              "ideal %.2f: %.0f %% (serial hides %.2f ms)"
              % (DEPTH, width, ms["base"], copy, compute, both, serial,
                 hidden, ideal, 100 * hidden / ideal if ideal > 0 else 0,
                 copy + compute - serial))
        print("kernel time per run (events): compute %.2f ms, both %.2f, "
              "serial %.2f" % (kernel_ms["compute"], kernel_ms["both"],
                               kernel_ms["serial"]))
    with open(os.path.join(out, "streams.json"), "w") as f:
        json.dump(results, f, indent=2)
    return 1 if status else 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "prepare":
        build = argv[2] if len(argv) > 2 else "build"
        folder = argv[3] if len(argv) > 3 else ".device/streams"
        return prepare(os.path.abspath(build), os.path.abspath(folder))
    if len(argv) >= 3 and argv[1] == "run":
        folder = argv[3] if len(argv) > 3 else ".device/streams"
        return run_checks(os.path.abspath(argv[2]), os.path.abspath(folder))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
