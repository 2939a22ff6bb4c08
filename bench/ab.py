#!/usr/bin/env python3
"""Ours against ours: with and without a runtime setting, or two builds.

    python3 bench/ab.py (--env NAME=VALUE | --other-stage DIR)
        --results OUT [--stage DIR] [--only A,B] [--rounds 3] [--iters 30]
        [--warmup 3]

On the GPU machine, from the repository root, after `bench/generality.py
prepare` (or `bench/run.py prepare`, which compiles the generality suite
too): for each workload of the generality suite
(bench/generality_suite.py), makes its inputs as `generality.py run` does,
then times our executable in bench mode (ARRAYRT_BENCH; the device time of
the program's operations per run) two ways, alternating `--rounds` times,
and takes each side's median: the executable of `--stage` as it is ("base")
against the same with NAME=VALUE in its environment, or against the
executable of the same name in `--other-stage` (the suite compiled by
another build: `generality.py prepare --build OTHER --stage DIR`). Every
result is checked against the float64 NumPy reference (attention
workloads: skipped, their reference needs torch). Prints one line per
workload (ms each way, their ratio other/base) and writes OUT/ab.json. A
ratio above 1 means the other way is slower.
"""

import argparse
import json
import os
import statistics
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generality  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    way = p.add_mutually_exclusive_group(required=True)
    way.add_argument("--env", help="NAME=VALUE")
    way.add_argument("--other-stage",
                     help="the suite's executables from another build")
    p.add_argument("--results", required=True)
    p.add_argument("--only", help="comma-separated workloads")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--iters", type=int, default=30)
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--stage", default=generality.STAGE)
    args = p.parse_args()
    name, sep, value = (args.env or "").partition("=")
    if args.env and (not sep or not name):
        p.error("--env takes NAME=VALUE, not '%s'" % args.env)
    other = args.env or "other build"
    work = os.path.join(args.results, "work")
    os.makedirs(work, exist_ok=True)
    rows = []
    for w in generality.WORKLOADS:
        if args.only and w.name not in args.only.split(","):
            continue
        arrays = generality.make_inputs(w, np.random.default_rng(
            generality.SEED))
        paths = []
        for (arg, _, _), a in zip(w.args, arrays):
            paths.append(os.path.join(work, "%s-%s.npy" % (w.name, arg)))
            np.save(paths[-1], a)
        ref = None if w.attention else \
            w.ref(*[a.astype(np.float64) for a in arrays])
        times = {"base": [], "other": []}
        errors = {}
        for _ in range(args.rounds):
            for side in ("base", "other"):
                env_before = os.environ.get(name) if name else None
                stage = args.stage
                if side == "other" and name:
                    os.environ[name] = value
                elif side == "other":
                    stage = args.other_stage
                out = os.path.join(work, "%s-%s-y.npy" % (w.name, side))
                try:
                    ms, _ = generality.run_ours(
                        os.path.join(stage, w.name), paths, out,
                        args.iters, args.warmup,
                        os.path.join(work, "%s-%s.json" % (w.name, side)))
                finally:
                    if name and env_before is None:
                        os.environ.pop(name, None)
                    elif name:
                        os.environ[name] = env_before
                times[side].append(ms)
                if ref is not None:
                    errors[side] = generality.rel_error(
                        generality.load_result(out, w.out_dtype), ref)
        row = {"workload": w.name,
               "base_ms": statistics.median(times["base"]),
               "other_ms": statistics.median(times["other"]),
               "errors": errors}
        row["ratio"] = row["other_ms"] / row["base_ms"]
        rows.append(row)
        print("%-28s base %.4f ms, %s %.4f ms, ratio %.3f, errors %s" % (
            w.name, row["base_ms"], other, row["other_ms"], row["ratio"],
            {k: "%.1e" % v for k, v in errors.items()}), flush=True)
    ratios = [r["ratio"] for r in rows]
    if ratios:
        print("geometric mean of the ratios: %.3f; worst %.3f (%s)" % (
            float(np.exp(np.mean(np.log(ratios)))), max(ratios),
            rows[int(np.argmax(ratios))]["workload"]))
    with open(os.path.join(args.results, "ab.json"), "w") as f:
        json.dump({"other": other, "stage": args.stage,
                   "other_stage": args.other_stage, "rows": rows}, f,
                  indent=1)


if __name__ == "__main__":
    main()
