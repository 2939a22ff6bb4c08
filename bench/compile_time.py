#!/usr/bin/env python3
"""How long arrayc takes: on the bench and example programs, and as a
program grows.

With --programs: every `bench/*.mlir` and `examples/*.mlir` compiled for
the CUDA target (an executable) and, with --cpu, the CPU target; wall
time and CPU time (arrayc's and its children's: ptxas, fatbinary, the
linker), the fastest of --repeat, and with --baseline the same for another
arrayc (an older build) in the same run.

Without it:
Writes chains of N elementwise ops (the kinds users chain: binary ops with
a broadcast operand, unary ufuncs, comparisons and where, a cast) and times
`arrayc` on each: parsing, verifying and printing them back
(`--emit=mlir`), compiling for the CPU target (an executable) and, with
--cuda, for the CUDA target (an executable with its fatbin). No GPU is
needed. Compile time should grow linearly: the table shows seconds and
microseconds per op.

  bench/compile_time.py [--arrayc build/bin/arrayc] [--sizes 1000,10000,50000]
                        [--cuda] [--repeat 1]
  bench/compile_time.py --programs [--cpu] [--baseline OLD_ARRAYC] [--repeat 3]

Prints a Markdown table (docs/performance.md, "Compile time").
"""

import argparse
import glob
import os
import resource
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chain(n):
    """A program of n elementwise ops on a 4x3 float32 array."""
    lines = [
        "func.func @main() {",
        "  %v0 = array.full 0.5 : tensor<4x3xf32>",
        "  %row = array.constant dense<[0.25, -0.5, 0.75]> : tensor<3xf32>",
        "  %half = array.full 0.5 : tensor<f32>",
    ]
    t = "tensor<4x3xf32>"
    for i in range(n):
        a, r = "%%v%d" % i, "%%v%d" % (i + 1)
        kind = i % 6
        if kind == 0:
            lines.append("  %s = array.add %s, %%row : (%s, tensor<3xf32>) -> %s"
                         % (r, a, t, t))
        elif kind == 1:
            lines.append("  %s = array.tanh %s : %s" % (r, a, t))
        elif kind == 2:
            lines.append("  %s = array.mul %s, %%half : (%s, tensor<f32>) -> %s"
                         % (r, a, t, t))
        elif kind == 3:
            lines.append("  %%c%d = array.greater %s, %%half : (%s, tensor<f32>)"
                         " -> tensor<4x3xi1>" % (i, a, t))
            lines.append("  %s = array.where %%c%d, %s, %%half : "
                         "(tensor<4x3xi1>, %s, tensor<f32>) -> %s"
                         % (r, i, a, t, t))
        elif kind == 4:
            lines.append("  %%d%d = array.astype %s : %s -> tensor<4x3xf64>"
                         % (i, a, t))
            lines.append("  %s = array.astype %%d%d : tensor<4x3xf64> -> %s"
                         % (r, i, t))
        else:
            lines.append("  %s = array.sin %s : %s" % (r, a, t))
    lines.append("  array.print %%v%d : %s" % (n, t))
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def time_compile(arrayc, path, target, out, repeat):
    command = ([arrayc, "--emit=mlir", path, "-o", out] if target == "mlir"
               else [arrayc, "--target=" + target, path, "-o", out])
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(command, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit("arrayc failed on %s (%s):\n%s"
                     % (path, target, proc.stderr[-2000:]))
        best = elapsed if best is None else min(best, elapsed)
    return best


def time_program(arrayc, path, target, out, repeat):
    """(wall s, CPU s) of the fastest of `repeat` compiles; CPU time counts
    arrayc's children (ptxas, fatbinary, the linker)."""
    best = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run([arrayc, "--target=" + target, path, "-o", out],
                              capture_output=True, text=True, cwd=ROOT)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            sys.exit("arrayc failed on %s (%s):\n%s"
                     % (path, target, proc.stderr[-2000:]))
        cpu = (after.ru_utime - before.ru_utime) + \
            (after.ru_stime - before.ru_stime)
        if best is None or wall < best[0]:
            best = (wall, cpu)
    return best


def programs(args):
    paths = sorted(glob.glob(os.path.join(ROOT, "bench", "*.mlir")) +
                   glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    targets = ["cuda"] + (["cpu"] if args.cpu else [])
    head = "| program | target | wall s | CPU s |"
    rule = "|---|---|---:|---:|"
    if args.baseline:
        head += " baseline wall s | baseline CPU s |"
        rule += "---:|---:|"
    print(head)
    print(rule)
    worst = 0.0
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "a.out")
        for path in paths:
            for target in targets:
                wall, cpu = time_program(args.arrayc, path, target, out,
                                         args.repeat)
                worst = max(worst, wall)
                row = "| %s | %s | %.2f | %.2f |" % (
                    os.path.relpath(path, ROOT), target, wall, cpu)
                if args.baseline:
                    old = time_program(args.baseline, path, target, out,
                                       args.repeat)
                    row += " %.2f | %.2f |" % old
                print(row, flush=True)
    print("\nslowest: %.2f s wall; %s, %d cores, %s, arrayc's default -O3"
          % (worst, platform.node(), os.cpu_count(),
             time.strftime("%Y-%m-%d")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arrayc",
                        default=os.path.join(ROOT, "build", "bin", "arrayc"))
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--cuda", action="store_true",
                        help="also time the CUDA target")
    parser.add_argument("--repeat", type=int, default=1,
                        help="compiles per size (the fastest is reported)")
    parser.add_argument("--programs", action="store_true",
                        help="time the bench and example programs instead")
    parser.add_argument("--cpu", action="store_true",
                        help="with --programs: also the CPU target")
    parser.add_argument("--baseline",
                        help="with --programs: another arrayc to time too")
    args = parser.parse_args()
    if args.programs:
        return programs(args)
    sizes = [int(s) for s in args.sizes.split(",")]
    targets = ["mlir", "cpu"] + (["cuda"] if args.cuda else [])
    print("| ops | what | source lines | seconds | per op (us) |")
    print("|---:|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as work:
        for n in sizes:
            path = os.path.join(work, "chain%d.mlir" % n)
            text = chain(n)
            with open(path, "w") as f:
                f.write(text)
            for target in targets:
                seconds = time_compile(args.arrayc, path, target,
                                       os.path.join(work, "a.out"),
                                       args.repeat)
                what = {"mlir": "parse, verify, print (--emit=mlir)",
                        "cpu": "CPU executable",
                        "cuda": "CUDA executable"}[target]
                print("| %d | %s | %d | %.2f | %.1f |"
                      % (n, what, text.count("\n"), seconds,
                         seconds / n * 1e6), flush=True)
    print("\n%s, %d cores, %s" % (platform.node(), os.cpu_count(),
                                   time.strftime("%Y-%m-%d")))


if __name__ == "__main__":
    main()
