"""Checks an ARRAYRT_BENCH report (runtime/include/arrayrt/arrayrt.h).

  check_bench_json.py REPORT --timer T --iterations N --warmup W
                      [--requested R] [--operation KIND:NAME-PREFIX ...]

REPORT is a file, or '-' for the JSON object in stdin (which may hold other
lines before it, as a program's stderr does). Exits 1 with a message naming
the first difference.
"""
import argparse
import json
import statistics
import sys


def fail(message):
    sys.exit("check_bench_json: " + message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("--timer", required=True)
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--warmup", type=int, required=True)
    parser.add_argument("--requested", type=int,
                        help="requested_iterations (default: --iterations)")
    parser.add_argument("--operation", action="append", default=[])
    args = parser.parse_args()
    text = sys.stdin.read() if args.report == "-" else open(args.report).read()
    start = text.find("{\n")
    if start < 0:
        fail("no JSON object in %r" % text)
    report, _ = json.JSONDecoder().raw_decode(text[start:])

    def expect(key, value):
        if report.get(key) != value:
            fail("%s is %r, expected %r" % (key, report.get(key), value))

    expect("timer", args.timer)
    expect("iterations", args.iterations)
    expect("warmup", args.warmup)
    expect("requested_iterations",
           args.iterations if args.requested is None else args.requested)
    arrays = ["samples_ms", "host_ms"]
    if args.timer == "cuda-events":
        arrays += ["span_ms", "transfer_ms"]
    else:
        for key in ["span_ms", "transfer_ms"]:
            if key in report:
                fail("%s is reported for timer %s" % (key, args.timer))
        expect("samples_ms", report["host_ms"])
    for key in arrays:
        values = report.get(key)
        if not isinstance(values, list) or len(values) != args.iterations:
            fail("%s is %r, expected %d values" % (key, values,
                                                   args.iterations))
        if any(not isinstance(v, (int, float)) or v < 0 for v in values):
            fail("%s holds a value that is not a time: %r" % (key, values))
    samples = report["samples_ms"]
    for key, value in [("median_ms", statistics.median(samples)),
                       ("min_ms", min(samples)), ("max_ms", max(samples)),
                       ("mean_ms", statistics.fmean(samples))]:
        if abs(report[key] - value) > 1e-6 + 1e-6 * abs(value):
            fail("%s is %r but the samples give %r" % (key, report[key],
                                                       value))
    operations = report.get("operations")
    if not isinstance(operations, list):
        fail("operations is %r" % operations)
    for spec in args.operation:
        kind, prefix = spec.split(":", 1)
        matches = [op for op in operations
                   if op["kind"] == kind and op["name"].startswith(prefix)]
        if not matches:
            fail("no %s operation named %s* in %r" % (kind, prefix,
                                                      operations))
        for op in matches:
            if op["calls"] % args.iterations:
                fail("%r: calls are not a multiple of the %d iterations"
                     % (op, args.iterations))
    print("ok: %s, %d iterations, median %.6f ms, %d operations"
          % (report["timer"], len(samples), report["median_ms"],
             len(operations)))


if __name__ == "__main__":
    main()
