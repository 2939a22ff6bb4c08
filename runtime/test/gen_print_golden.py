#!/usr/bin/python3
"""Regenerates PrintGolden.inc: the strings NumPy's print() gives for arrays.

Run with a Python that has NumPy (>= 1.24):
    /usr/bin/python3 runtime/test/gen_print_golden.py

Each case is a strided view of a flat buffer (offset, sizes and strides in
elements, as an MLIR memref descriptor holds them) and the expected text is
str() of the same view built with as_strided. The output is committed so that
the unit tests need no NumPy.

bfloat16 is not a NumPy dtype. arrayrt prints it with the float16 algorithm
using bfloat16's own shortest digits, so its expected text is NumPy's output
for a float64 array holding those shortest decimals (exact values where the
integer part needs more digits than the shortest form has). That equivalence
holds for the values below; it would not for exponential-format arrays whose
mantissas need padding beyond their shortest digits, so none are used.
"""

import math
import os
import sys

import numpy as np
from numpy.lib.stride_tricks import as_strided

DTYPES = {
    "I1": np.bool_, "I8": np.int8, "I16": np.int16, "I32": np.int32,
    "I64": np.int64, "UI8": np.uint8, "UI16": np.uint16, "UI32": np.uint32,
    "UI64": np.uint64, "F16": np.float16, "F32": np.float32,
    "F64": np.float64,
}

cases = []


def bf16_bits(values):
    """Rounds float32 values to bfloat16 (nearest, ties to even)."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    out = []
    for b in bits:
        b = int(b)
        if (b & 0x7F800000) == 0x7F800000 and (b & 0x7FFFFF):
            out.append(0x7FC0)
            continue
        rounding = 0x7FFF + ((b >> 16) & 1)
        out.append(((b + rounding) >> 16) & 0xFFFF)
    return out


def bf16_value(bits):
    return float(np.array([bits << 16], dtype=np.uint32).view(np.float32)[0])


def bf16_shortest(bits):
    """Shortest decimal that rounds back to this bfloat16 (ties to even)."""
    mag = bits & 0x7FFF
    v = bf16_value(mag)
    if v == 0 or not math.isfinite(v):
        return v
    lo = (v + bf16_value(mag - 1)) / 2
    hi = (v + bf16_value(mag + 1)) / 2
    even = (mag & 1) == 0
    for p in range(17):
        text = "%.*e" % (p, v)
        mant, exp = text.split("e")
        m = int(mant.replace(".", ""))
        scale = int(exp) - p
        best = None
        for c in (m, m - 1, m + 1):
            if c <= 0:
                continue
            cv = float("%de%d" % (c, scale))
            ok = lo <= cv <= hi if even else lo < cv < hi
            if ok and (best is None or abs(cv - v) < abs(best - v)):
                best = cv
        if best is not None:
            return best
    raise AssertionError


def add(name, dtype, flat, sizes=None, strides=None, offset=0,
        exact_ints=False):
    """Adds the view of `flat` given by sizes/strides (in elements).

    exact_ints (bfloat16 only): positional arrays print integer parts
    exactly, so use the exact value for magnitudes of 256 and above, where
    every bfloat16 is an integer.
    """
    flat_list = list(flat)
    if sizes is None:
        sizes = [len(flat_list)]
    if strides is None:
        strides = []
        running = 1
        for s in reversed(sizes):
            strides.insert(0, running)
            running *= s
    if dtype == "BF16":
        bits = bf16_bits(flat_list)
        decimals = np.array(
            [bf16_value(b) if not math.isfinite(bf16_value(b)) or
             (exact_ints and abs(bf16_value(b)) >= 256) else
             math.copysign(bf16_shortest(b), -1.0 if b & 0x8000 else 1.0)
             for b in bits], dtype=np.float64)
        view = as_strided(decimals[offset:], shape=tuple(sizes),
                          strides=tuple(s * 8 for s in strides))
        expected = str(view)
    else:
        base = np.array(flat_list, dtype=DTYPES[dtype])
        size = base.itemsize
        view = as_strided(base[offset:], shape=tuple(sizes),
                          strides=tuple(s * size for s in strides))
        expected = str(view)
        raw = base.view({1: np.uint8, 2: np.uint16, 4: np.uint32,
                         8: np.uint64}[size])
        bits = [int(b) for b in raw]
    assert ")golden\"" not in expected
    cases.append((name, dtype, sizes, strides, offset, bits, expected))


rng = np.random.default_rng(20240601)
nan, inf = float("nan"), float("inf")

# 0-d arrays print like scalars.
for dtype, value in [("I1", True), ("I1", False), ("I8", -128), ("I32", 7),
                     ("UI64", 2**64 - 1), ("I64", -2**63), ("F64", 1.0),
                     ("F64", 0.1), ("F64", 1e16), ("F64", 1.5e-5),
                     ("F64", -0.0), ("F64", nan), ("F64", -inf),
                     ("F32", 0.1), ("F32", 3.4028235e38), ("F16", 0.1),
                     ("F16", 65504.0), ("F16", 33216.0), ("BF16", 0.1),
                     ("BF16", 3.0), ("F64", 123456789.123)]:
    name = "scalar_%s_%d" % (dtype.lower(), len([c for c in cases]))
    add(name, dtype, [value], sizes=[], strides=[])

# Integers of every width.
add("i8_1d", "I8", [-128, 0, 5, 127])
add("i16_1d", "I16", [-32768, 12, 32767])
add("i32_2d", "I32", [1, -20, 300, 4000, 5, 6], sizes=[2, 3])
add("i64_1d_extremes", "I64", [-2**63, 0, 2**63 - 1])
add("ui8_1d", "UI8", [0, 7, 255])
add("ui16_1d", "UI16", [1, 65535])
add("ui32_1d", "UI32", [4294967295, 3])
add("ui64_1d", "UI64", [2**64 - 1, 0, 42])
add("i32_3d", "I32", list(range(-12, 12)), sizes=[2, 3, 4])
add("i64_wrap", "I64", list(range(0, 4000, 97)))
add("i16_summary", "I16", [(i * 37) % 2001 - 1000 for i in range(1500)])
add("i32_2d_summary", "I32", list(range(40 * 30)), sizes=[40, 30])
add("i8_4d", "I8", list(range(-60, 60)), sizes=[2, 3, 4, 5])

# Bools.
add("i1_1d", "I1", [True, False, True])
add("i1_all_true", "I1", [True, True])
add("i1_2d", "I1", [True, False, False, True, True, False], sizes=[3, 2])
add("i1_wrap", "I1", [(i % 3) == 0 for i in range(30)])

# float64: positional, scientific and their edges.
add("f64_simple", "F64", [1.0, 2.5, 3.0])
add("f64_neg", "F64", [-1.0, 2.0, -3.25])
add("f64_zeros", "F64", [0.0, 0.0])
add("f64_negzero", "F64", [-0.0, 1.0])
add("f64_tenth", "F64", [0.1, 0.2, 0.30000000000000004])
add("f64_precision_cut", "F64", [0.123456789, 1.0 / 3, 2.0 / 3])
add("f64_big_positional", "F64", [99999999.0, 1.5])
add("f64_sci_big", "F64", [1e8, 1.0])
add("f64_sci_small", "F64", [1e-5, 1.0])
add("f64_sci_ratio", "F64", [1001.0, 1.0])
add("f64_ratio_1000", "F64", [1000.0, 1.0])
add("f64_sci_mixed", "F64", [1.5e-10, 2.25e10, -3.0])
add("f64_sci_exp3", "F64", [1e100, 1e-5])
add("f64_sci_exp3_neg", "F64", [-1.234e-200, 5e300])
add("f64_tiny_huge", "F64", [5e-324, 1.7976931348623157e308])
add("f64_nan_inf", "F64", [nan, 1.5, -inf, inf])
add("f64_only_nan", "F64", [nan, nan])
add("f64_nan_neginf", "F64", [nan, -inf])
add("f64_sci_nan", "F64", [1e-5, nan])
add("f64_2d_nan", "F64", [1.5, nan, inf, 2.0], sizes=[2, 2])
add("f64_round_carry", "F64", [0.999999999, 9.9999999999])
add("f64_wrap", "F64", [i * 1.25 for i in range(40)])
add("f64_wrap_sci", "F64", [10.0 ** i for i in range(-6, 14)])
add("f64_3d", "F64", [i / 4 for i in range(24)], sizes=[2, 3, 4])
add("f64_4d", "F64", [i * 0.5 - 3 for i in range(36)], sizes=[3, 2, 2, 3])
add("f64_summary", "F64", [i * 0.001 for i in range(2000)])
add("f64_summary_2d", "F64", list(rng.standard_normal(50 * 40)),
    sizes=[50, 40])
add("f64_summary_3d", "F64", list(rng.uniform(-1e3, 1e3, 12 * 10 * 10)),
    sizes=[12, 10, 10])
add("f64_random", "F64", list(rng.standard_normal(20)))
add("f64_random_2d", "F64", list(rng.uniform(-100, 100, 24)), sizes=[4, 6])
add("f64_random_sci", "F64",
    list(rng.standard_normal(12) * 10.0 ** rng.integers(-12, 12, 12)))
add("f64_integral_big", "F64", [12345678.0, 3.0])
add("f64_mixed_len", "F64", [1.0, 0.5, 0.25, 0.125, 0.0625])

# Strided, transposed and broadcast views.
flat = [float(i) + 0.5 for i in range(12)]
add("f64_transposed", "F64", flat, sizes=[4, 3], strides=[1, 4])
add("f64_step2", "F64", flat, sizes=[6], strides=[2])
add("f64_offset_reverse", "F64", flat, sizes=[5], strides=[-2], offset=10)
add("f64_broadcast_row", "F64", [1.5, 2.5, 3.5], sizes=[4, 3],
    strides=[0, 1])
add("f64_broadcast_scalar", "F64", [7.25], sizes=[2, 3], strides=[0, 0])
add("i32_broadcast_col", "I32", [1, -22, 333], sizes=[3, 4], strides=[1, 0])
add("i32_sub_block", "I32", list(range(30)), sizes=[2, 3], strides=[10, 2],
    offset=11)
add("f32_broadcast_summary", "F32", [0.5, 1.25], sizes=[600, 2],
    strides=[0, 1])

# float32.
add("f32_tenth", "F32", [0.1, 0.2, 0.3])
add("f32_third", "F32", [1 / 3, 2 / 3, 1e-3])
add("f32_random", "F32", list(rng.standard_normal(16).astype(np.float32)))
add("f32_random_2d", "F32",
    list(rng.uniform(-10, 10, 15).astype(np.float32)), sizes=[3, 5])
add("f32_random_sci", "F32",
    list((rng.standard_normal(10) * 1e6).astype(np.float32)) + [1e-3])
add("f32_large_int", "F32", [50331648.0, 1.0])
add("f32_sci_pad", "F32", [0.1, 1.2345678e-10])
add("f32_nan_inf", "F32", [nan, -inf, 0.5])
add("f32_max", "F32", [3.4028235e38, -1.0])
add("f32_summary", "F32", list(rng.uniform(0, 1, 1500).astype(np.float32)))

# float16.
add("f16_simple", "F16", [0.1, 0.2, 0.3, 1.0])
add("f16_max", "F16", [65504.0, 1.0, -2.0])
add("f16_exact_int", "F16", [33216.0, 0.5])
add("f16_exact_int_pos", "F16", [33216.0, 33248.0, 100.5])
add("f16_sci", "F16", [60000.0, 0.5])
add("f16_subnormal", "F16", [6e-8, 1.0])
add("f16_sci_pad", "F16", [0.1, 1.2345e-7, 3.0])
add("f16_nan_inf", "F16", [nan, inf, -1.5])
add("f16_random", "F16", list(rng.standard_normal(12).astype(np.float16)))
add("f16_2d", "F16", [i / 8 for i in range(-6, 6)], sizes=[3, 4])

# bfloat16 (see the module docstring for how these are derived).
add("bf16_simple", "BF16", [0.1, 0.2, 0.3, 1.0])
add("bf16_neg", "BF16", [-1.5, 2.0, 3.140625])
add("bf16_large_int", "BF16", [12345.0, 100.0], exact_ints=True)
add("bf16_large_sci", "BF16", [12345.0, 1.0])
add("bf16_sci", "BF16", [1e10, 3e-20])
add("bf16_nan_inf", "BF16", [nan, -inf, 1.0])
add("bf16_2d", "BF16", [i / 16 for i in range(12)], sizes=[3, 4])

assert len(set(c[0] for c in cases)) == len(cases)

out_path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "PrintGolden.inc")
with open(out_path, "w") as f:
    f.write("// Generated by gen_print_golden.py with NumPy %s; do not edit.\n"
            % np.__version__)
    f.write("// {name, dtype, sizes, strides, offset, element bits, "
            "expected str()}\n")
    for name, dtype, sizes, strides, offset, bits, expected in cases:
        f.write('{"%s", Dtype::%s, {%s}, {%s}, %d,\n {' % (
            name, dtype, ", ".join(map(str, sizes)),
            ", ".join(map(str, strides)), offset))
        for i, b in enumerate(bits):
            if i and i % 8 == 0:
                f.write("\n  ")
            f.write("0x%xULL%s" % (b, ", " if i + 1 < len(bits) else ""))
        f.write('},\n R"golden(%s)golden"},\n' % expected)
print("wrote %d cases to %s" % (len(cases), out_path), file=sys.stderr)
