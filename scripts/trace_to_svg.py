#!/usr/bin/env python3
"""Draw an ARRAYRT_TRACE Chrome trace as an SVG timeline (no dependencies).

  scripts/trace_to_svg.py trace.json out.svg [--title TEXT] [--max-ms MS]

One lane per track of the trace (the program's ranges, then each stream;
then, for host spans, each thread), a box per complete ("X") event
coloured by category (kernel, copy, memset, range, library, host) and
labelled when wide enough, a tick per allocation or free, the
"device memory in use" counter as a step line underneath, and a time axis
in milliseconds. --max-ms cuts the picture at that time (a long trace of
many iterations).
"""

import argparse
import html
import json
import sys

COLOURS = {"kernel": "#4e79a7", "copy": "#f28e2b", "memset": "#59a14f",
           "range": "#b07aa1", "library": "#e15759", "host": "#edc948"}
LANE, GAP, LEFT, RIGHT, TOP = 34, 8, 170, 20, 46
MEMORY_HEIGHT = 70


def lane_key(event):
    """A track: the device's (pid 1) and the host threads' (pid 2) apart."""
    return (event.get("pid", 1), event["tid"])


def load(path):
    with open(path) as source:
        trace = json.load(source)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    tracks = {}
    boxes, ticks, memory = [], [], []
    for event in events:
        phase = event.get("ph")
        if phase == "M" and event.get("name") == "thread_name":
            tracks[lane_key(event)] = event["args"]["name"]
        elif phase == "X":
            boxes.append(event)
        elif phase == "i":
            ticks.append(event)
        elif phase == "C":
            memory.append((event["ts"], event["args"]["bytes"]))
    return tracks, boxes, ticks, memory


def nice_step(span):
    """A round tick spacing giving about 8 ticks over `span`."""
    raw = span / 8.0
    scale = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    while scale > raw:
        scale /= 10
    for factor in (1, 2, 5, 10):
        if scale * factor >= raw:
            return scale * factor
    return scale * 10


def draw(tracks, boxes, ticks, memory, title, max_us, width=1200):
    if max_us is not None:
        boxes = [b for b in boxes if b["ts"] < max_us]
        ticks = [t for t in ticks if t["ts"] < max_us]
        memory = [m for m in memory if m[0] < max_us]
    end = max([b["ts"] + b["dur"] for b in boxes] +
              [t["ts"] for t in ticks] + [1.0])
    if max_us is not None:
        end = min(end, max_us)
    used = sorted({lane_key(b) for b in boxes} | {lane_key(t) for t in ticks})
    lanes = {tid: i for i, tid in enumerate(used)}
    plot = width - LEFT - RIGHT

    def x(us):
        return LEFT + plot * min(us, end) / end

    height = TOP + len(used) * (LANE + GAP) + MEMORY_HEIGHT + 60
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="Helvetica, Arial, sans-serif" font-size="11">'
           % (width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>'
           % (LEFT, html.escape(title))]
    for key, lane in lanes.items():
        y = TOP + lane * (LANE + GAP)
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#f4f4f4"/>'
                   % (LEFT, y, plot, LANE))
        # "stream 2 (0x...)": the handle means nothing in a picture.
        name = tracks.get(key, "track %d" % key[1]).split(" (")[0]
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                   % (LEFT - 6, y + LANE / 2 + 4, html.escape(name[:28])))
    for box in boxes:
        y = TOP + lanes[lane_key(box)] * (LANE + GAP)
        x0, x1 = x(box["ts"]), x(box["ts"] + box["dur"])
        colour = COLOURS.get(box.get("cat"), "#9c755f")
        label = box["name"]
        args = box.get("args", {})
        tip = "%s: %.1f us" % (label, box["dur"])
        if "GB/s" in args:
            tip += ", %s GB/s" % args["GB/s"]
        out.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s" '
                   'stroke="white" stroke-width="0.5"><title>%s</title></rect>'
                   % (x0, y + 2, max(x1 - x0, 0.8), LANE - 4, colour,
                      html.escape(tip)))
        # Labels where they fit: the op, without its file name.
        short = label.split(" @ ")[0]
        if x1 - x0 > 5.2 * len(short) + 3:
            out.append('<text x="%.2f" y="%d" fill="white" font-size="10">'
                       '%s</text>' % (x0 + 2, y + LANE / 2 + 4,
                                      html.escape(short)))
    for tick in ticks:
        y = TOP + lanes[lane_key(tick)] * (LANE + GAP)
        colour = "#e15759" if tick["name"] == "alloc" else "#76b7b2"
        size = tick.get("args", {}).get("bytes")
        title = tick["name"] + ("" if size is None else " %s bytes" % size)
        out.append('<line x1="%.2f" x2="%.2f" y1="%d" y2="%d" stroke="%s" '
                   'stroke-width="1.5"><title>%s</title></line>'
                   % (x(tick["ts"]), x(tick["ts"]), y, y + 7, colour,
                      html.escape(title)))
    base = TOP + len(used) * (LANE + GAP) + MEMORY_HEIGHT
    if memory:
        peak = max(b for _, b in memory) or 1
        points, level = ["%.2f,%d" % (LEFT, base)], 0
        for ts, value in memory:
            points.append("%.2f,%.2f" % (x(ts), base - level * MEMORY_HEIGHT / peak))
            level = value
            points.append("%.2f,%.2f" % (x(ts), base - level * MEMORY_HEIGHT / peak))
        points.append("%.2f,%.2f" % (x(end), base - level * MEMORY_HEIGHT / peak))
        out.append('<polyline points="%s" fill="none" stroke="#e15759" '
                   'stroke-width="1.5"/>' % " ".join(points))
        out.append('<text x="%d" y="%d" text-anchor="end">device memory</text>'
                   % (LEFT - 6, base - MEMORY_HEIGHT / 2))
        out.append('<text x="%d" y="%d" text-anchor="end" fill="#777">'
                   'peak %.1f MiB</text>'
                   % (LEFT - 6, base - MEMORY_HEIGHT / 2 + 14, peak / 2**20))
    out.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="black"/>'
               % (LEFT, LEFT + plot, base + 4, base + 4))
    step = nice_step(end / 1000.0) * 1000.0
    t = 0.0
    while t <= end + 1e-9:
        out.append('<line x1="%.2f" x2="%.2f" y1="%d" y2="%d" stroke="black"/>'
                   '<text x="%.2f" y="%d" text-anchor="middle">%g</text>'
                   % (x(t), x(t), base + 4, base + 9, x(t), base + 22,
                      round(t / 1000.0, 6)))
        t += step
    host = any(b.get("cat") == "host" for b in boxes)
    device = any(b.get("cat") != "host" for b in boxes) or ticks
    clock = ("GPU time from CUDA events, host time from the steady clock"
             if host and device else
             "host time, from the steady clock" if host else
             "device time, from CUDA events")
    out.append('<text x="%d" y="%d" text-anchor="middle">ms (%s)</text>'
               % (LEFT + plot / 2, base + 38, clock))
    legend_x = LEFT
    for name, colour in COLOURS.items():
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                   '<text x="%d" y="%d">%s</text>'
                   % (legend_x, base + 46, colour, legend_x + 14, base + 55,
                      name))
        legend_x += 80
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace")
    parser.add_argument("svg")
    parser.add_argument("--title", default="")
    parser.add_argument("--max-ms", type=float)
    args = parser.parse_args(argv[1:])
    tracks, boxes, ticks, memory = load(args.trace)
    if not boxes and not ticks:
        sys.exit("trace_to_svg: %s has no events" % args.trace)
    title = args.title or "ARRAYRT_TRACE of %s" % args.trace
    max_us = args.max_ms * 1000 if args.max_ms is not None else None
    with open(args.svg, "w") as out:
        out.write(draw(tracks, boxes, ticks, memory, title, max_us))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
