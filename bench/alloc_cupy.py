#!/usr/bin/env python3
"""CuPy's memory pool, timed like arrayrt-alloc-bench times ours.

Nanoseconds per malloc+free pair in a steady state (the block comes back
from the pool's cache every time), 1 MiB and 256 B, from Python: the
anchor issue 5 compares arrayrt's pool with. Prints lines in
arrayrt-alloc-bench's format:

  alloc-bench: allocator=cupy op=malloc+free size=1MiB pairs=N ns_per_pair=X
"""
import sys
import time

try:
    import cupy
except ImportError:
    print("alloc-bench: allocator=cupy skipped: no CuPy")
    sys.exit(0)


def ns_per_pair(size, pairs):
    pool = cupy.get_default_memory_pool()
    for _ in range(1000):  # Warm the cache.
        pool.malloc(size)
    start = time.perf_counter_ns()
    for _ in range(pairs):
        memory = pool.malloc(size)
        del memory
    return (time.perf_counter_ns() - start) / pairs


pairs = 200000
for size, label in ((1 << 20, "1MiB"), (256, "256B")):
    best = min(ns_per_pair(size, pairs) for _ in range(3))
    print("alloc-bench: allocator=cupy op=malloc+free size=%s pairs=%d "
          "ns_per_pair=%.1f" % (label, pairs, best))
