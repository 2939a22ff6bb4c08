"""Checks the host spans of an ARRAYRT_TRACE Chrome trace.

    check_host_trace.py TRACE [--span PREFIX=COUNT ...] [--no-host]

Every host span is a complete ("X") event of process 2 ("arrayrt (host
time)") on a thread track named after its thread, with ts and dur in
microseconds; on each track the spans of a single-threaded program follow
one another without overlapping, and the first one starts at 0. --span:
COUNT spans have a name that starts with PREFIX. --no-host: a trace without
host spans (a CUDA program's), which must still be valid JSON.
"""

import argparse
import collections
import json
import sys


def fail(message):
    sys.exit("check_host_trace.py: " + message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trace")
    parser.add_argument("--span", action="append", default=[])
    parser.add_argument("--no-host", action="store_true")
    args = parser.parse_args()
    with open(args.trace) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    host = [e for e in events if e.get("cat") == "host"]
    if args.no_host:
        if host or any(e.get("pid") == 2 for e in events):
            fail("host events in a trace that should have none")
        return

    processes = {e["pid"]: e["args"]["name"] for e in events
                 if e.get("ph") == "M" and e["name"] == "process_name"}
    if processes.get(2) != "arrayrt (host time)":
        fail("no host process: %r" % processes)
    threads = {e["tid"]: e["args"]["name"] for e in events
               if e.get("ph") == "M" and e["name"] == "thread_name"
               and e["pid"] == 2}
    if not host:
        fail("no host spans")
    tracks = collections.defaultdict(list)
    for e in host:
        if e["ph"] != "X" or e["pid"] != 2:
            fail("not a complete event of process 2: %r" % e)
        if not (isinstance(e["ts"], (int, float)) and e["ts"] >= 0 and
                isinstance(e["dur"], (int, float)) and e["dur"] >= 0):
            fail("bad ts or dur: %r" % e)
        if e["tid"] not in threads:
            fail("span on a track without a name: %r" % e)
        tracks[e["tid"]].append(e)
    if min(e["ts"] for e in host) != 0:
        fail("the first span does not start at 0")
    for tid, spans in tracks.items():
        spans.sort(key=lambda e: e["ts"])
        for a, b in zip(spans, spans[1:]):
            # ts and dur are printed with 3 decimals.
            if b["ts"] < a["ts"] + a["dur"] - 0.002:
                fail("spans overlap on track %d: %r and %r" % (tid, a, b))
    for span in args.span:
        prefix, count = span.rsplit("=", 1)
        found = sum(1 for e in host if e["name"].startswith(prefix))
        if found != int(count):
            fail("%d spans named %s..., expected %s; spans: %s" %
                 (found, prefix, count, sorted({e["name"] for e in host})))
    for tid, name in sorted(threads.items()):
        print("track %d: %s, %d spans" % (tid, name, len(tracks[tid])))


if __name__ == "__main__":
    main()
