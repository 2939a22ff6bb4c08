#!/usr/bin/env python3
"""Sharded programs on several GPUs (issue 24): all-reduce bandwidth
against NCCL's own all-reduce, and the scaling of a sharded elementwise
workload, one process per GPU.

  python3 bench/sharded.py prepare [--build build] [--stage DIR] [--gpus 1,2,4,8]
      here: compiles, for each number of processes N, the two programs
      with a grid of N processes (arrayc --processes=N)
  python3 bench/sharded.py run [--stage DIR] [--results DIR]
      there: for each N up to the GPUs present, ours under mpirun -np N
      (ARRAYRT_BENCH: each process's report), then NCCL's own all-reduce
      through PyTorch (torch.distributed, NCCL backend) on the same sizes
      in the same run, and prints the table

All-reduce: a loop of ITERATIONS steps, each summing a float32 array of
ELEMENTS elements split over the processes along a leading axis of 2 N
(each process's partial sum of its 2 rows, then ncclAllReduce of the
ELEMENTS elements); ours
is the mean time of the ncclAllReduce calls in the report (the runtime's
events around them; graphs off, ARRAYRT_GRAPHS=0, as in a loop body
recorded into a CUDA graph the calls are part of the graph's row), NCCL's the mean of its calls timed by CUDA events,
both as bus bandwidth (nccl-tests' convention: 2 (N - 1) / N times the
bytes over the time; none for one process, whose all-reduce moves
nothing). Scaling: sin(x) * 2 + 1 summed, over a SCALE-element
float32 arange split over the processes; the slowest process's span per
run, against one process's.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ELEMENTS = 1 << 26  # 256 MiB of float32
ITERATIONS = 20
SCALE = 1 << 28

ALL_REDUCE = """
shard.grid @gpus(shape = {n}) {{sym_visibility = "private"}}
func.func @main() {{
  %y0 = array.full 1.0 : tensor<{e}xf32>
  %scale = array.full {inv} : tensor<f32>
  %split = shard.sharding @gpus split_axes = [[0]] : !shard.sharding
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant {it} : index
  %y = scf.for %i = %c0 to %steps step %c1 iter_args(%yi = %y0) -> tensor<{e}xf32> {{
    %b = array.broadcast_to %yi : tensor<{e}xf32> -> tensor<{rows}x{e}xf32>
    %parts = shard.shard %b to %split : tensor<{rows}x{e}xf32>
    %s = array.sum %parts axes [0] : tensor<{rows}x{e}xf32> -> tensor<{e}xf32>
    %next = array.mul %s, %scale : (tensor<{e}xf32>, tensor<f32>) -> tensor<{e}xf32>
    scf.yield %next : tensor<{e}xf32>
  }}
  %total = array.sum %y : tensor<{e}xf32> -> tensor<f32>
  array.print %total : tensor<f32>
  return
}}
"""

SCALING = """
shard.grid @gpus(shape = {n}) {{sym_visibility = "private"}}
func.func @main() {{
  %x = array.arange 0, {s}, 1 : tensor<{s}xf32>
  %split = shard.sharding @gpus split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<{s}xf32>
  %two = array.full 2.0 : tensor<f32>
  %one = array.full 1.0 : tensor<f32>
  %a = array.sin %xs : tensor<{s}xf32>
  %b = array.mul %a, %two : (tensor<{s}xf32>, tensor<f32>) -> tensor<{s}xf32>
  %c = array.add %b, %one : (tensor<{s}xf32>, tensor<f32>) -> tensor<{s}xf32>
  %total = array.sum %c : tensor<{s}xf32> -> tensor<f32>
  array.print %total : tensor<f32>
  return
}}
"""


def prepare(args):
    arrayc = os.path.join(args.build, "bin", "arrayc")
    os.makedirs(args.stage, exist_ok=True)
    for n in [int(g) for g in args.gpus.split(",")]:
        for name, template in (("allreduce", ALL_REDUCE),
                               ("scaling", SCALING)):
            source = os.path.join(args.stage, "%s_%d.mlir" % (name, n))
            with open(source, "w") as f:
                f.write(template.format(n=n, rows=2 * n, e=ELEMENTS,
                                        inv=0.5 / n, it=ITERATIONS, s=SCALE))
            done = subprocess.run([arrayc, source, "-o",
                                   source[:-len(".mlir")]],
                                  text=True, capture_output=True)
            if done.returncode != 0:
                sys.exit("%s: arrayc failed:\n%s" % (source,
                                                     done.stderr[-2000:]))
    print("prepared in %s" % args.stage)


def mpirun(n):
    """The launcher of n processes; one process runs by itself where there
    is no mpirun (MPI's singleton start)."""
    launcher = shutil.which("mpirun")
    if not launcher:
        if n == 1:
            return []
        raise RuntimeError("mpirun not found")
    return [launcher, "--allow-run-as-root", "--oversubscribe", "-np", str(n)]


def run_ours(exe, n, workdir, runs, graphs=True):
    """Each process's ARRAYRT_BENCH report (without CUDA graphs unless
    `graphs`)."""
    wrapper = ("ARRAYRT_BENCH_OUT=%s/report.${OMPI_COMM_WORLD_RANK:-0}.json "
               "exec %s" % (workdir, os.path.abspath(exe)))
    env = dict(os.environ, ARRAYRT_BENCH=str(runs), ARRAYRT_BENCH_WARMUP="2")
    if not graphs:
        env["ARRAYRT_GRAPHS"] = "0"
    done = subprocess.run(mpirun(n) + ["sh", "-c", wrapper], cwd=workdir,
                          env=env, text=True, capture_output=True,
                          timeout=900)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-1500:])
    return [json.load(open(os.path.join(workdir, "report.%d.json" % r)))
            for r in range(n)]


def op_mean_us(report, name):
    for op in report["operations"]:
        if op["name"] == name:
            return 1000.0 * op["total_ms"] / op["calls"]
    raise RuntimeError("no %s in the report" % name)


def bus_bandwidth(n, seconds):
    return 2.0 * (n - 1) / n * 4 * ELEMENTS / seconds / 1e9


NCCL_REFERENCE = r"""
import os, sys, torch, torch.distributed as dist
rank = int(os.environ.get("OMPI_COMM_WORLD_RANK", 0))
size = int(os.environ.get("OMPI_COMM_WORLD_SIZE", 1))
torch.cuda.set_device(int(os.environ.get("OMPI_COMM_WORLD_LOCAL_RANK", 0)))
dist.init_process_group("nccl", init_method="tcp://127.0.0.1:29533",
                        rank=rank, world_size=size)
x = torch.ones(int(sys.argv[1]), dtype=torch.float32, device="cuda")
for _ in range(3):
    dist.all_reduce(x)
torch.cuda.synchronize()
start, end = torch.cuda.Event(True), torch.cuda.Event(True)
calls = int(sys.argv[2])
start.record()
for _ in range(calls):
    dist.all_reduce(x)
end.record()
torch.cuda.synchronize()
if rank == 0:
    print(start.elapsed_time(end) * 1000.0 / calls)
dist.destroy_process_group()
"""


def run_nccl(n, workdir):
    script = os.path.join(workdir, "nccl_reference.py")
    with open(script, "w") as f:
        f.write(NCCL_REFERENCE)
    done = subprocess.run(mpirun(n) + [sys.executable, script,
                                       str(ELEMENTS), str(ITERATIONS)],
                          text=True, capture_output=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-1500:])
    return float(done.stdout.split()[-1])


def run(args):
    import torch
    gpus = torch.cuda.device_count()
    os.makedirs(args.results, exist_ok=True)
    rows, one = [], None
    counts = sorted({int(name.split("_")[1]) for name in os.listdir(args.stage)
                     if name.startswith("scaling_") and
                     not name.endswith(".mlir")})
    for n in counts:
        if n > gpus:
            print("%d processes: skipped (%d GPU%s here)" %
                  (n, gpus, "" if gpus == 1 else "s"))
            continue
        row = {"processes": n}
        work = os.path.join(args.results, "n%d" % n)
        os.makedirs(work, exist_ok=True)
        try:
            reports = run_ours(os.path.join(args.stage, "allreduce_%d" % n),
                               n, work, args.runs, graphs=False)
            row["ours_allreduce_us"] = max(op_mean_us(r, "ncclAllReduce")
                                           for r in reports)
            row["nccl_allreduce_us"] = run_nccl(n, work)
            scaling = os.path.join(work, "scaling")
            os.makedirs(scaling, exist_ok=True)
            reports = run_ours(os.path.join(args.stage, "scaling_%d" % n), n,
                               scaling, args.runs)
            row["scaling_ms"] = max(
                sum(r["span_ms"]) / len(r["span_ms"]) for r in reports)
        except Exception as e:  # reported; the other sizes still run
            row["error"] = str(e)[-600:]
        rows.append(row)
        if n == 1 and "scaling_ms" in row:
            one = row["scaling_ms"]
    print("| processes | ours all-reduce us | NCCL's us | ours GB/s | "
          "NCCL's GB/s | ours / NCCL | scaling ms | speed-up vs 1 |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        if "error" in row:
            print("| %d | error: %s |" % (row["processes"],
                                         row["error"].splitlines()[-1]))
            continue
        n = row["processes"]
        # One rank moves nothing (NCCL returns at once, in place): times
        # only, no bandwidth.
        bandwidth = "- | - | -"
        if n > 1:
            ours = bus_bandwidth(n, row["ours_allreduce_us"] * 1e-6)
            theirs = bus_bandwidth(n, row["nccl_allreduce_us"] * 1e-6)
            bandwidth = "%.1f | %.1f | %.3f" % (ours, theirs, ours / theirs)
        print("| %d | %.1f | %.1f | %s | %.3f | %s |" % (
            n, row["ours_allreduce_us"], row["nccl_allreduce_us"], bandwidth,
            row["scaling_ms"],
            "%.2f" % (one / row["scaling_ms"]) if one else "-"))
    with open(os.path.join(args.results, "sharded.json"), "w") as f:
        json.dump(rows, f, indent=1)
    print("(GB/s: bus bandwidth, 2 (N-1)/N x bytes / time)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--stage", default=os.path.join(ROOT, ".device-bench",
                                                   "sharded"))
    p.add_argument("--gpus", default="1,2,4,8")
    r = sub.add_parser("run")
    r.add_argument("--stage", default=os.path.join(ROOT, ".device-bench",
                                                   "sharded"))
    r.add_argument("--results", default="/tmp/sharded-bench")
    r.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    prepare(args) if args.command == "prepare" else run(args)


if __name__ == "__main__":
    main()
