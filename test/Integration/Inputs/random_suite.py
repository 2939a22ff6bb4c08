"""Array programs against NumPy on fresh random inputs.

Every op of the array dialect runs here on random inputs and parameters
(sizes, axes, permutations, fill values, ranges, seeds, kernel bodies): the
case writes its inputs as .npy files, a program loads them (`array.load_npy`,
with static or dynamic shapes), applies the op, saves each result
(`array.save_npy`) and prints it (`array.print`), and the results are
compared with NumPy's on the same inputs: exact for integers and bool,
normwise relative error <= 1e-6 for float64, 1e-5 for float32, 1e-2 for
float16 and bfloat16, with NaN and infinity in the same places. What the
program prints must equal, byte for byte, NumPy's `print` of what it saved;
the `.npy` round trips must equal NumPy's `np.save` byte for byte.

Cases are compiled in batches (one program of --batch cases, each case a
function), so the CPU run needs few compilations. A batch that does not
compile, or stops, is retried case by case to name the culprit.

  random_suite.py --arrayc ARRAYC --target cpu|cuda --workdir DIR [--seed N]
  random_suite.py ... --prepare   compile only, keeping the expected results
  random_suite.py --workdir DIR --run
                                  run and compare what --prepare left (on a
                                  GPU machine without arrayc)
  --first-dtype                   one dtype per op (smaller, for shipping)
  --other-dtypes                  the rest: the two together are the suite
  --only REGEX                    only the cases whose name matches
  --require-ops TD_DIR            fail unless every op defined in TD_DIR's
                                  .td files is used by some case

The seed is fresh each run unless given, and printed first, so a failure
can be replayed (with the same --first-dtype/--other-dtypes/--only). Ends
with 'N passed, N failed'.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import time

import numpy as np

# ---------------------------------------------------------------------------
# dtypes, in one place
# ---------------------------------------------------------------------------

# The element type of each dtype; bfloat16 has no NumPy dtype: its cases
# compute in bf16 and convert to float32 (array.astype) before saving.
MLIR_TYPES = {"float64": "f64", "float32": "f32", "float16": "f16",
              "bfloat16": "bf16", "int64": "i64", "int32": "i32",
              "int16": "i16", "int8": "i8", "uint64": "ui64",
              "uint32": "ui32", "uint16": "ui16", "uint8": "ui8",
              "bool": "i1"}
TOLERANCE = {"float64": 1e-6, "float32": 1e-5, "float16": 1e-2,
             "bfloat16": 1e-2}

FLOATS = ["float64", "float32", "float16"]
FLOAT_ONLY = ["float64", "float32"]
NUMBERS = ["float64", "float32", "int32", "int64"]
INTS = ["int32", "int64"]
NPY_DTYPES = ["float64", "float32", "float16", "int64", "int32", "int16",
              "int8", "bool"]

# Every op belongs to one group; an op's dtypes are its own list (the first
# is what --first-dtype ships) plus its group's entry here: the unsigned
# integers join every group that has integers (random_array and the op
# references below treat NumPy kind "u" as an integer, and map/reduce
# bodies compute on its signless bits).
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
GROUP_DTYPES = {
    "arithmetic": UNSIGNED,  # add, sub, mul, div, maximum, ..., neg, abs
    "compare": UNSIGNED,     # equal ... greater_equal, logical_*
    "integer": UNSIGNED,     # bitwise_*, shifts, invert
    "float": [],             # ufuncs, map and reduce bodies for floats only
    "reduction": UNSIGNED,   # sum, max, argmax, cumsum, matmul, dot, ...
    "shape": UNSIGNED,       # transpose, expand_dims, concatenate, ...
    "creation": UNSIGNED,    # full, constant, arange, linspace, eye
    "random": [],            # random_uniform, random_normal (floats only)
    "cast": UNSIGNED,        # astype sources (the targets: ASTYPE_TARGETS)
    "region": UNSIGNED,      # array.map and array.reduce bodies (arith ops
                             # take the signless bits of unsigned integers)
    "io": UNSIGNED,          # load_npy / save_npy round trips
    "sparse": [],            # sparse matrices (float32, float64 values)
}

# Dtypes a group skips on a target: cuSPARSE has no product of two float16
# sparse matrices (SpGEMM), which the sparse case ends with.
TARGET_SKIPS_DTYPES = {("sparse", "cuda"): ["float16"]}

# Ops that no program names but the programs run: bufferizing
# array.load_npy creates arrayrt.npy_shape (dynamic sizes) and
# arrayrt.load_npy_into, array.yield ends each array.map / array.reduce
# region, and on the CUDA target array-gpu-map-linalg sizes grid-stride
# kernels with arrayrt.multiprocessor_count; array-flatten-stream-regions
# turns each array.on_stream into arrayrt.stream_begin and arrayrt.stream_end.
INDIRECT_OPS = {"npy_shape": "from array.load_npy with dynamic sizes",
                "cuda_kernel": "user CUDA C++, CUDA target only; "
                               "examples/kernels (scripts/kernels_check.py)",
                "gpu_kernel": "a user gpu.func, CUDA target only",
                "empty": "unspecified contents, nothing to compare; the "
                         "outputs of test/Integration/CUDA/user-kernels.mlir",
                "load_npy_into": "from every array.load_npy",
                "yield": "in every array.map and array.reduce region",
                "multiprocessor_count": "from CUDA kernels' grid sizes",
                "load_mtx": "reads files; test/Integration/sparse-mtx.mlir",
                "load_sparse": "reads files; test/Integration/sparse-npz.mlir",
                "mtx_shape": "from array.load_mtx",
                "read_mtx": "from array.load_mtx",
                "read_mtx_into": "from array.load_mtx",
                "stream_begin": "from every array.on_stream (flattened)",
                "stream_end": "from every array.on_stream (flattened)",
                "blas_matmul": "from float matmul and dot on the CUDA "
                               "target (array-gpu-matmul-to-blas)",
                "csr_matrix": "reads .npy arrays; "
                              "test/Integration/sparse-csr.mlir",
                "csr_from_dense": "from array.to_sparse on the CUDA target "
                                  "(array-gpu-sparse)",
                "csr_from_arrays": "from array.csr_matrix on the CUDA target",
                "csr_load_mtx": "from array.load_mtx on the CUDA target",
                "csr_spgemm": "from array.spgemm on the CUDA target",
                "csr_transpose": "from array.sparse_transpose on the CUDA "
                                 "target; test/Integration/"
                                 "sparse-csr-derived.mlir",
                "csr_sddmm": "from array.sddmm on the CUDA target; "
                             "test/Integration/sparse-csr-derived.mlir",
                "csr_add": "from array.sparse_add on the CUDA target; "
                           "test/Integration/sparse-sddmm-transpose.mlir",
                "csr_scale": "from array.sparse_scale on the CUDA target; "
                             "test/Integration/sparse-sddmm-transpose.mlir",
                "csr_nnz": "from array.nnz on the CUDA target",
                "csr_spmv": "from array.spmv on the CUDA target",
                "csr_spmm": "from array.spmm on the CUDA target",
                "csr_to_dense": "from array.to_dense on the CUDA target",
                "csr_release": "after a CSR matrix's last use on the CUDA "
                               "target"}


def dtype_name(dtype):
    return dtype if dtype == "bfloat16" else np.dtype(dtype).name


def mlir_type(dtype):
    return MLIR_TYPES[dtype_name(dtype)]


def scalar_type(dtype):
    """The element type in array.map / array.reduce regions: arith computes
    on signless integers, so uint8 arrives as i8."""
    t = mlir_type(dtype)
    return t[1:] if t.startswith("ui") else t


def tensor(shape_rank, dtype):
    return "tensor<%s%s>" % ("?x" * shape_rank, mlir_type(dtype))


def static(shape, dtype):
    dims = "".join("%dx" % d for d in shape)
    return "tensor<%s%s>" % (dims, mlir_type(dtype))


def typed(shape, dtype, dynamic):
    """A tensor type with the dimensions where `dynamic` is true as `?`."""
    dims = "".join(("?" if d else "%d" % s) + "x"
                   for s, d in zip(shape, dynamic))
    return "tensor<%s%s>" % (dims, mlir_type(dtype))


def mlir_float(value):
    """A float literal MLIR reads back as `value` (finite)."""
    text = repr(float(value))
    mantissa, _, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")


def literal(value, dtype):
    """`value` as an MLIR attribute literal of `dtype` (non-finite floats as
    their bits in hex, which MLIR accepts in dense literals)."""
    name = dtype_name(dtype)
    if name == "bool":
        return "true" if value else "false"
    if np.dtype(name).kind in "iu":
        return "%d" % int(value)
    value = np.asarray(value, dtype=name)
    if np.isfinite(value):
        return mlir_float(value)
    bits = value.view("uint%d" % (8 * value.itemsize))
    return "0x%X" % int(bits)


def dense(values, dtype):
    """The body of a `dense<...>` literal for the array `values`."""
    if values.ndim == 0:
        return literal(values[()], dtype)
    return "[" + ", ".join(dense(v, dtype) for v in values) + "]"


def random_array(rng, shape, dtype, domain, nonzero=False):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        low, high = max(info.min, -100), min(info.max, 100)
        values = rng.integers(low, high + 1, size=shape, dtype=dtype)
        if nonzero:
            values[values == 0] = 1
        return values
    low, high = domain
    values = rng.uniform(low, high, size=shape).astype(dtype)
    if nonzero:
        values[np.abs(values) < 1e-3] = 1
    return values


def with_specials(rng, values, fraction=0.1):
    """Some of a float array's elements replaced by NaN, +-inf and -0.0."""
    if values.dtype.kind != "f" or values.size == 0:
        return values
    values = values.copy()
    where = rng.random(values.shape) < fraction
    pick = rng.choice(np.array([np.nan, np.inf, -np.inf, -0.0]),
                      size=values.shape)
    values[where] = pick[where].astype(values.dtype)
    return values


def random_shape(rng, rank, high, zero=0.0):
    """`rank` sizes in [1, high]; each is 0 with probability `zero`."""
    return tuple(0 if rng.random() < zero else int(rng.integers(1, high + 1))
                 for _ in range(rank))


def random_dynamic(rng, rank):
    return [bool(d) for d in rng.random(rank) < 0.5]


def bf16(values):
    """float32 values rounded to bfloat16 (to nearest even), as float32."""
    values = np.asarray(values, np.float32)
    bits = values.view(np.uint32)
    odd = (bits >> np.uint32(16)) & np.uint32(1)
    rounded = (bits + np.uint32(0x7FFF) + odd) & np.uint32(0xFFFF0000)
    return np.where(np.isnan(values), np.float32(np.nan),
                    rounded.view(np.float32))


class Case:
    """One op/dtype case: random inputs, the MLIR lines computing the
    outputs from them (inputs are %<label>, outputs %<label>), and NumPy's
    outputs with how to compare each: None (the dtype's tolerance), a
    tolerance, "exact" (bits, up to NaN payloads), "bytes" (the .npy
    files, and exact) or "bfloat16" (float32 holding bfloat16 values, within
    bfloat16's tolerance)."""

    def __init__(self, info=""):
        self.inputs = []
        self.lines = []
        self.outputs = []
        self.info = info

    def load(self, label, value, mlir=None):
        value = np.asarray(value)
        self.inputs.append((label, value,
                            mlir or static(value.shape, value.dtype)))

    def line(self, text):
        self.lines.extend(text.strip("\n").split("\n"))

    def output(self, label, expected, mlir=None, check=None, value=None):
        """Saves %<value> (default %<label>) as <label>.npy."""
        expected = np.array(expected, order="C")  # as array.save_npy writes
        self.outputs.append((label, expected,
                             mlir or static(expected.shape, expected.dtype),
                             check, value or label))


def op(name, group, dtypes, build):
    """An op's cases: `build(rng, dtype)` makes one Case."""
    return {"op": name, "group": group, "dtypes": dtypes, "build": build}


# ---------------------------------------------------------------------------
# ufuncs, reductions, scans, matmul: dynamic shapes, one (m, n) operand and,
# for binary ops, a broadcast (n,) one
# ---------------------------------------------------------------------------

def elementwise_build(kind, name, fn, domain, nonzero=False, shift=False):
    def build(rng, dtype):
        m, n = (int(v) for v in rng.integers(1, 40, size=2))
        a = random_array(rng, (m, n), dtype, domain, nonzero)
        inputs = [a]
        if kind == "binary" and shift:
            inputs.append(rng.integers(0, 16, size=(n,), dtype=dtype))
        elif kind == "binary":
            inputs.append(random_array(rng, (n,), dtype, domain, nonzero))
        with np.errstate(all="ignore"):
            expected = np.asarray(fn(*inputs))
        if name == "mean" and np.dtype(dtype).kind in "iu":
            expected = expected.astype(np.float64)
        case = Case("shape %s" % ((m, n),))
        case.load("a", a, tensor(2, dtype))
        if kind == "binary":
            case.load("b", inputs[1], tensor(1, dtype))
        result = tensor(expected.ndim, expected.dtype)
        t = tensor(2, dtype)
        if kind == "binary":
            case.line("%%r = array.%s %%a, %%b : (%s, %s) -> %s"
                      % (name, t, tensor(1, dtype), result))
        elif kind == "unary":
            case.line("%%r = array.%s %%a : %s -> %s" % (name, t, result))
        elif name in ("cumsum", "cumprod"):
            case.line("%%r = array.%s %%a axis %d : %s -> %s"
                      % (name, 1 if name == "cumsum" else 0, t, result))
        elif name == "transpose":
            case.line("%%r = array.transpose %%a : %s -> %s" % (t, result))
        elif name == "matmul":
            case.line("%%at = array.transpose %%a : %s -> %s" % (t, t))
            case.line("%%r = array.matmul %%a, %%at : (%s, %s) -> %s"
                      % (t, t, result))
        else:
            axis = 0 if name in ("max", "var", "all", "argmin") else 1
            attr = ("axis %d" if name in ("argmax", "argmin")
                    else "axes [%d]") % axis
            case.line("%%r = array.%s %%a %s : %s -> %s"
                      % (name, attr, t, result))
        case.output("r", expected, result)
        return case
    return build


def binary(name, fn, dtypes, domain=(-3.0, 3.0), nonzero=False, shift=False,
           group="arithmetic"):
    return op(name, group, dtypes,
              elementwise_build("binary", name, fn, domain, nonzero, shift))


def unary(name, fn, dtypes, domain=(-3.0, 3.0), group="float"):
    return op(name, group, dtypes,
              elementwise_build("unary", name, fn, domain))


def reduction(name, fn, dtypes):
    return op(name, "reduction", dtypes,
              elementwise_build("reduction", name, fn, (-3.0, 3.0)))


ERF = np.vectorize(math.erf, otypes=[np.float64])


def erf(x):
    return ERF(x).astype(x.dtype if x.dtype.kind == "f" else np.float64)


ELEMENTWISE_CASES = [
    binary("add", np.add, NUMBERS + ["float16", "int8", "bool"]),
    binary("sub", np.subtract, NUMBERS + ["int16"]),
    binary("mul", np.multiply, NUMBERS + ["int16", "bool"]),
    binary("div", np.divide, ["float64", "float32", "int32"], nonzero=True),
    binary("maximum", np.maximum, NUMBERS + ["bool"]),
    binary("minimum", np.minimum, NUMBERS),
    binary("fmax", np.fmax, FLOAT_ONLY, group="float"),
    binary("fmin", np.fmin, FLOAT_ONLY, group="float"),
    binary("floor_divide", np.floor_divide, ["float64", "int32", "int64"],
           nonzero=True),
    binary("remainder", np.remainder, ["float64", "float32", "int64"],
           nonzero=True),
    binary("power", np.power, FLOAT_ONLY, domain=(0.5, 2.0), group="float"),
    binary("arctan2", np.arctan2, FLOAT_ONLY, group="float"),
    binary("equal", np.equal, ["int32", "bool", "float32"], group="compare"),
    binary("not_equal", np.not_equal, ["int64", "float64"], group="compare"),
    binary("less", np.less, NUMBERS, group="compare"),
    binary("less_equal", np.less_equal, ["int32", "float32"], group="compare"),
    binary("greater", np.greater, ["int64", "float64"], group="compare"),
    binary("greater_equal", np.greater_equal, ["int32", "float32"],
           group="compare"),
    binary("logical_and", np.logical_and, ["bool", "float32"],
           group="compare"),
    binary("logical_or", np.logical_or, ["bool", "int32"], group="compare"),
    binary("logical_xor", np.logical_xor, ["bool", "float64"],
           group="compare"),
    binary("bitwise_and", np.bitwise_and, INTS + ["bool"], group="integer"),
    binary("bitwise_or", np.bitwise_or, INTS, group="integer"),
    binary("bitwise_xor", np.bitwise_xor, INTS, group="integer"),
    binary("left_shift", np.left_shift, INTS, shift=True, group="integer"),
    binary("right_shift", np.right_shift, INTS, shift=True, group="integer"),
    unary("neg", np.negative, NUMBERS, group="arithmetic"),
    unary("abs", np.abs, NUMBERS, group="arithmetic"),
    unary("sign", np.sign, NUMBERS, group="arithmetic"),
    unary("square", np.square, NUMBERS, group="arithmetic"),
    unary("reciprocal", np.reciprocal, FLOAT_ONLY, domain=(0.1, 10.0)),
    unary("exp", np.exp, FLOATS + ["int32"]),
    unary("exp2", np.exp2, FLOAT_ONLY),
    unary("expm1", np.expm1, FLOAT_ONLY, domain=(-1e-3, 1e-3)),
    unary("log", np.log, FLOATS, domain=(0.01, 10.0)),
    unary("log2", np.log2, FLOAT_ONLY, domain=(0.01, 10.0)),
    unary("log10", np.log10, FLOAT_ONLY, domain=(0.01, 10.0)),
    unary("log1p", np.log1p, FLOAT_ONLY, domain=(-0.5, 1.0)),
    unary("sqrt", np.sqrt, FLOATS, domain=(0.0, 10.0)),
    unary("rsqrt", lambda x: (1 / np.sqrt(x)).astype(x.dtype), FLOAT_ONLY,
          domain=(0.01, 10.0)),
    unary("cbrt", np.cbrt, FLOAT_ONLY),
    unary("sin", np.sin, FLOAT_ONLY),
    unary("cos", np.cos, FLOAT_ONLY),
    unary("tan", np.tan, FLOAT_ONLY, domain=(-1.5, 1.5)),
    unary("arcsin", np.arcsin, FLOAT_ONLY, domain=(-0.99, 0.99)),
    unary("arccos", np.arccos, FLOAT_ONLY, domain=(-0.99, 0.99)),
    unary("arctan", np.arctan, FLOAT_ONLY),
    unary("sinh", np.sinh, FLOAT_ONLY),
    unary("cosh", np.cosh, FLOAT_ONLY),
    unary("tanh", np.tanh, FLOATS),
    unary("arcsinh", np.arcsinh, FLOAT_ONLY),
    unary("arccosh", np.arccosh, FLOAT_ONLY, domain=(1.01, 10.0)),
    unary("arctanh", np.arctanh, FLOAT_ONLY, domain=(-0.99, 0.99)),
    unary("erf", erf, FLOAT_ONLY),
    unary("sigmoid", lambda x: (1 / (1 + np.exp(-x))).astype(x.dtype),
          FLOAT_ONLY),
    unary("floor", np.floor, FLOAT_ONLY),
    unary("ceil", np.ceil, FLOAT_ONLY),
    unary("round", np.round, FLOAT_ONLY),
    unary("trunc", np.trunc, FLOAT_ONLY),
    unary("isnan", np.isnan, ["float32"]),
    unary("isinf", np.isinf, ["float64"]),
    unary("isfinite", np.isfinite, ["float32"]),
    unary("logical_not", np.logical_not, ["bool", "float32"], group="compare"),
    unary("invert", np.invert, INTS + ["bool"], group="integer"),
    reduction("sum", lambda x: x.sum(axis=1), NUMBERS + ["bool"]),
    reduction("prod", lambda x: x.prod(axis=1), ["float64"]),
    reduction("max", lambda x: x.max(axis=0), NUMBERS),
    reduction("min", lambda x: x.min(axis=1), NUMBERS),
    reduction("mean", lambda x: x.mean(axis=1), ["float64", "float32", "int32"]),
    reduction("var", lambda x: x.var(axis=0), FLOAT_ONLY),
    reduction("std", lambda x: x.std(axis=1), FLOAT_ONLY),
    reduction("any", lambda x: x.any(axis=1), ["bool", "int32"]),
    reduction("all", lambda x: x.all(axis=0), ["bool", "float32"]),
    reduction("argmax", lambda x: x.argmax(axis=1), NUMBERS),
    reduction("argmin", lambda x: x.argmin(axis=0), NUMBERS),
    reduction("logsumexp", lambda x: np.logaddexp.reduce(x, axis=1),
              FLOAT_ONLY),
    reduction("cumsum", lambda x: np.cumsum(x, axis=1), NUMBERS),
    reduction("cumprod", lambda x: np.cumprod(x, axis=0), ["float64"]),
    reduction("matmul", lambda x: x @ x.T, ["float64", "float32", "int32"]),
    dict(reduction("transpose", lambda x: x.T, ["float32", "int64"]),
         group="shape"),
]


# ---------------------------------------------------------------------------
# shape ops with static shapes
# ---------------------------------------------------------------------------

def concat_case(rng, dtype, m, n):
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    b = random_array(rng, (m + 2, n), dtype, (-3.0, 3.0))
    r = np.concatenate([a, b])
    line = "%%r = array.concatenate %%a, %%b : (%s, %s) -> %s" % (
        static(a.shape, dtype), static(b.shape, dtype), static(r.shape, dtype))
    return {"a": a, "b": b}, line, r


def stack_case(rng, dtype, m, n):
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    b = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    r = np.stack([a, b], axis=1)
    line = "%%r = array.stack %%a, %%b axis 1 : (%s, %s) -> %s" % (
        static(a.shape, dtype), static(b.shape, dtype), static(r.shape, dtype))
    return {"a": a, "b": b}, line, r


def where_case(rng, dtype, m, n):
    c = rng.random((m, n)) < 0.5
    x = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    y = random_array(rng, (n,), dtype, (-3.0, 3.0))
    r = np.where(c, x, y)
    line = "%%r = array.where %%c, %%x, %%y : (%s, %s, %s) -> %s" % (
        static(c.shape, "bool"), static(x.shape, dtype), static(y.shape, dtype),
        static(r.shape, dtype))
    return {"c": c, "x": x, "y": y}, line, r


def clip_case(rng, dtype, m, n):
    x = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    lo = np.asarray(random_array(rng, (), dtype, (-2.0, -1.0)))
    hi = random_array(rng, (n,), dtype, (1.0, 2.0))
    r = np.clip(x, lo, hi)
    line = "%%r = array.clip %%x, %%lo, %%hi : (%s, %s, %s) -> %s" % (
        static(x.shape, dtype), static((), dtype), static(hi.shape, dtype),
        static(r.shape, dtype))
    return {"x": x, "lo": lo, "hi": hi}, line, r


def slice_case(rng, dtype, m, n):
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    r = a[1::2, ::-1]
    line = "%%r = array.slice %%a [1::2, ::-1] : %s -> %s" % (
        static(a.shape, dtype), static(r.shape, dtype))
    return {"a": a}, line, r


def pad_case(rng, dtype, m, n):
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    r = np.pad(a, ((1, 0), (0, 2)))
    line = "%%r = array.pad %%a low [1, 0] high [0, 2] : %s -> %s" % (
        static(a.shape, dtype), static(r.shape, dtype))
    return {"a": a}, line, r


def take_case(rng, dtype, m, n):
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    i = rng.integers(0, m, size=(5,), dtype=np.int64)
    r = np.take(a, i, axis=0)
    line = "%%r = array.take %%a, %%i axis 0 : (%s, %s) -> %s" % (
        static(a.shape, dtype), static(i.shape, "int64"), static(r.shape, dtype))
    return {"a": a, "i": i}, line, r


def reshape_case(rng, dtype, m, n):
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    r = a.reshape(n, m)
    line = "%%r = array.reshape %%a : %s -> %s" % (static(a.shape, dtype),
                                                   static(r.shape, dtype))
    return {"a": a}, line, r


def broadcast_case(rng, dtype, m, n):
    a = random_array(rng, (m, 1, n), dtype, (-3.0, 3.0))
    r = np.broadcast_to(a, (m, 3, n))
    line = "%%r = array.broadcast_to %%a : %s -> %s" % (static(a.shape, dtype),
                                                        static(r.shape, dtype))
    return {"a": a}, line, np.ascontiguousarray(r)


def squeeze_case(rng, dtype, m, n):
    a = random_array(rng, (m, 1, n), dtype, (-3.0, 3.0))
    r = np.squeeze(a, axis=1)
    line = "%%r = array.squeeze %%a axes [1] : %s -> %s" % (
        static(a.shape, dtype), static(r.shape, dtype))
    return {"a": a}, line, r




def shaped(name, build, dtypes):
    """A shape op with static shapes: `build(rng, dtype, m, n)` gives the
    inputs (name -> array), the op's MLIR line computing %r from them, and
    NumPy's result."""
    def make(rng, dtype):
        m, n = (int(v) for v in rng.integers(1, 40, size=2))
        named, line, expected = build(rng, dtype, m, n)
        case = Case("m, n = %d, %d" % (m, n))
        for label, value in named.items():
            case.load(label, value)
        case.line(line)
        case.output("r", expected)
        return case
    return op(name, "shape", dtypes, make)


SHAPED_CASES = [
    shaped("concatenate", concat_case, ["float32", "int64", "bool"]),
    shaped("stack", stack_case, ["float64", "int32"]),
    shaped("where", where_case, ["float32", "int64"]),
    shaped("clip", clip_case, ["float64", "int32"]),
    shaped("slice", slice_case, ["float32", "int16"]),
    shaped("pad", pad_case, ["float64", "int32"]),
    shaped("take", take_case, ["float32", "int64"]),
    shaped("reshape", reshape_case, ["float32", "bool"]),
    shaped("broadcast_to", broadcast_case, ["float64", "int8"]),
    shaped("squeeze", squeeze_case, ["float16", "int32"]),
]


# ---------------------------------------------------------------------------
# more shape ops: random ranks, static or dynamic dimensions
# ---------------------------------------------------------------------------

def operand(rng, case, label, dtype, rank, high, zero=0.0, specials=0.1):
    """A random input of a random shape (a `specials` fraction of NaN,
    infinities and -0.0 when float), loaded with random dynamic sizes;
    returns it, its shape and which dimensions are dynamic."""
    shape = random_shape(rng, rank, high, zero)
    dynamic = random_dynamic(rng, rank)
    value = with_specials(rng, random_array(rng, shape, dtype, (-3.0, 3.0)),
                          specials)
    case.load(label, value, typed(shape, dtype, dynamic))
    return value, shape, dynamic


def expand_dims_case(rng, dtype):
    rank = int(rng.integers(0, 4))
    case = Case()
    x, shape, dynamic = operand(rng, case, "x", dtype, rank, 12, zero=0.05)
    axis = int(rng.integers(-rank - 1, rank + 1))
    at = axis if axis >= 0 else axis + rank + 1
    result = typed(shape[:at] + (1,) + shape[at:], dtype,
                   dynamic[:at] + [False] + dynamic[at:])
    case.info = "shape %s axis %d" % (shape, axis)
    case.line("%%r = array.expand_dims %%x axis %d : %s -> %s"
              % (axis, case.inputs[0][2], result))
    case.output("r", np.expand_dims(x, axis), result, "exact")
    return case


def transpose_case(rng, dtype):
    rank = int(rng.integers(1, 5))
    case = Case()
    x, shape, dynamic = operand(rng, case, "x", dtype, rank,
                                [30, 30, 10, 6][rank - 1], zero=0.05)
    perm = [int(p) for p in rng.permutation(rank)]
    default = rank > 2 and rng.random() < 0.25
    if default:
        perm = list(range(rank))[::-1]
    result = typed([shape[p] for p in perm], dtype, [dynamic[p] for p in perm])
    case.info = "shape %s permutation %s" % (shape, perm)
    attr = "" if default else " permutation [%s]" % ", ".join(map(str, perm))
    case.line("%%r = array.transpose %%x%s : %s -> %s"
              % (attr, case.inputs[0][2], result))
    case.output("r", np.transpose(x, perm), result, "exact")
    return case


# ---------------------------------------------------------------------------
# creation ops: random shapes, values, ranges and seeds
# ---------------------------------------------------------------------------

def random_scalar(rng, dtype):
    name = dtype_name(dtype)
    if name == "bool":
        return bool(rng.random() < 0.5)
    kind = np.dtype(name).kind
    if kind in "iu":
        info = np.iinfo(name)
        return int(rng.integers(max(info.min, -10**6), min(info.max, 10**6),
                                endpoint=True))
    return float(np.asarray(round(float(rng.uniform(-100, 100)), 3), name))


def sizes_operands(case, shape, dynamic):
    """Index constants for the dynamic sizes: '(%n0, %n2)' or ''."""
    names = []
    for i, (size, dyn) in enumerate(zip(shape, dynamic)):
        if dyn:
            case.line("%%n%d = arith.constant %d : index" % (i, size))
            names.append("%%n%d" % i)
    return "(%s)" % ", ".join(names) if names else ""


def full_case(rng, dtype):
    rank = int(rng.integers(0, 4))
    shape = random_shape(rng, rank, 12, zero=0.05)
    dynamic = random_dynamic(rng, rank)
    value = random_scalar(rng, dtype)
    case = Case("shape %s value %r" % (shape, value))
    result = typed(shape, dtype, dynamic)
    # (array.full reads a bool as 1 or 0, not true or false.)
    text = "%d" % value if dtype == "bool" else literal(value, dtype)
    case.line("%%r = array.full%s %s : %s" % (
        sizes_operands(case, shape, dynamic), text, result))
    case.output("r", np.full(shape, value, dtype), result, "exact")
    return case


def constant_case(rng, dtype):
    rank = int(rng.integers(0, 4))
    shape = random_shape(rng, rank, 6, zero=0.05)
    if rng.random() < 0.25:
        value = random_scalar(rng, dtype)
        values = np.full(shape, value, dtype)
        text = literal(value, dtype)
    else:
        values = with_specials(rng, random_array(rng, shape, dtype,
                                                 (-1000.0, 1000.0)))
        text = dense(values, dtype)
    if values.size == 0:
        text = ""  # nested brackets cannot say (6, 0, 3)
    case = Case("shape %s" % (shape,))
    case.line("%%r = array.constant dense<%s> : %s"
              % (text, static(shape, dtype)))
    case.output("r", values, check="exact")
    return case


def arange_case(rng, dtype):
    if np.dtype(dtype).kind in "iu":
        low = 0 if np.dtype(dtype).kind == "u" else -50
        start = int(rng.integers(low, 51))
        step = int(rng.choice([-7, -3, -2, -1, 1, 2, 3, 5]))
        stop = int(rng.integers(low, 61))
        text = "%d, %d, %d" % (start, stop, step)
    else:
        start = round(float(rng.uniform(-5, 5)), 2)
        step = round(float(rng.choice([-1, 1]) * rng.uniform(0.05, 1.5)), 2)
        stop = round(float(rng.uniform(-5, 5)), 2)
        text = ", ".join(mlir_float(v) for v in (start, stop, step))
    expected = np.arange(start, stop, step, dtype=dtype)
    case = Case("arange(%r, %r, %r)" % (start, stop, step))
    case.line("%%r = array.arange %s : %s"
              % (text, static(expected.shape, dtype)))
    case.output("r", expected,
                check="exact" if np.dtype(dtype).kind in "iub" else None)
    return case


def linspace_case(rng, dtype):
    low = 0 if np.dtype(dtype).kind == "u" else -100
    start = round(float(rng.uniform(low, 100)), 3)
    stop = round(float(rng.uniform(low, 100)), 3)
    num = int(rng.integers(1, 41))
    values = np.linspace(start, stop, num, dtype=np.float64)
    if np.dtype(dtype).kind in "iu":
        # NumPy 2 floors for integer dtypes (1.x truncated), as the op does.
        values = np.floor(values)
    expected = values.astype(dtype)
    case = Case("linspace(%r, %r, %d)" % (start, stop, num))
    case.line("%%r = array.linspace %s, %s : %s"
              % (mlir_float(start), mlir_float(stop), static((num,), dtype)))
    case.output("r", expected,
                check="exact" if np.dtype(dtype).kind in "iub" else None)
    return case


def eye_case(rng, dtype):
    n, m = (int(v) for v in rng.integers(1, 17, size=2))
    if rng.random() < 0.05:
        n = 0
    k = int(rng.integers(-n - 1, m + 2))
    case = Case("eye(%d, %d, k=%d)" % (n, m, k))
    attr = "" if k == 0 and rng.random() < 0.5 else "k %d " % k
    case.line("%%r = array.eye %s: %s" % (attr, static((n, m), dtype)))
    case.output("r", np.eye(n, m, k, dtype=dtype), check="exact")
    return case


# Philox-4x32-10 (Random123's constants) on counter (i lo, i hi, 0, 0) with
# key (seed lo, seed hi), as array.random_uniform's description says; the same
# as the NUMPY lines of test/Integration/creation-random*.mlir.
PHILOX_M0, PHILOX_M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
PHILOX_W0, PHILOX_W1 = 0x9E3779B9, 0xBB67AE85
MASK32 = np.uint64(0xFFFFFFFF)


def philox(seed, n):
    """The four 32-bit output words (as uint64 arrays) for indices 0..n-1."""
    seed %= 2**64
    index = np.arange(n, dtype=np.uint64)
    c = [index & MASK32, index >> np.uint64(32), np.zeros(n, np.uint64),
         np.zeros(n, np.uint64)]
    for r in range(10):
        k0 = np.uint64((seed + r * PHILOX_W0) & 0xFFFFFFFF)
        k1 = np.uint64(((seed >> 32) + r * PHILOX_W1) & 0xFFFFFFFF)
        p1, p0 = PHILOX_M1 * c[2], PHILOX_M0 * c[0]
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ k0, p1 & MASK32,
             (p0 >> np.uint64(32)) ^ c[3] ^ k1, p0 & MASK32]
    return c


def uniform_reference(seed, n, dtype):
    x = philox(seed, n)
    if dtype == "float64":
        bits = ((x[0] << np.uint64(32)) | x[1]) >> np.uint64(11)
        return bits.astype(np.float64) * 2.0**-53
    width = {"float32": 24, "float16": 11, "bfloat16": 8}[dtype]
    values = (x[0] >> np.uint64(32 - width)).astype(np.float32) \
        * np.float32(2.0**-width)
    return values.astype(np.float16) if dtype == "float16" else values


def normal_reference(seed, n, dtype):
    x = philox(seed, n)
    if dtype == "float64":
        u = lambda hi, lo, d: (((((hi << np.uint64(32)) | lo) >> np.uint64(11))
                                + np.uint64(d)).astype(np.float64) * 2.0**-53)
        return np.sqrt(-2.0 * np.log(u(x[0], x[1], 1))) \
            * np.cos(2 * np.pi * u(x[2], x[3], 0))
    u = lambda w, d: ((w >> np.uint64(8)) + np.uint64(d)).astype(np.float32) \
        * np.float32(2.0**-24)
    values = np.sqrt(np.float32(-2.0) * np.log(u(x[0], 1))) \
        * np.cos(np.float32(2 * np.pi) * u(x[1], 0))
    return values.astype(np.float16) if dtype == "float16" else values


def random_seed(rng):
    kind = rng.integers(0, 3)
    if kind == 0:
        return int(rng.integers(0, 1000))
    if kind == 1:
        return -int(rng.integers(1, 2**63))
    return int(rng.integers(2**32, 2**63))


def random_case(name, reference):
    def build(rng, dtype):
        rank = int(rng.integers(1, 4))
        shape = random_shape(rng, rank, [200, 30, 10][rank - 1], zero=0.03)
        dynamic = random_dynamic(rng, rank)
        seed = random_seed(rng)
        case = Case("shape %s seed %d" % (shape, seed))
        made = typed(shape, dtype, dynamic)
        case.line("%%v = array.%s%s seed %d : %s" % (
            name, sizes_operands(case, shape, dynamic), seed, made))
        expected = reference(seed, int(np.prod(shape)), dtype).reshape(shape)
        exact = name == "random_uniform"
        if dtype == "bfloat16":
            # .npy has no bfloat16: saved as float32.
            result = typed(shape, "float32", dynamic)
            case.line("%%r = array.astype %%v : %s -> %s" % (made, result))
            case.output("r", bf16(expected), result,
                        "exact" if exact else "bfloat16")
        else:
            case.output("v", expected, made, "exact" if exact else None)
        return case
    return build


# ---------------------------------------------------------------------------
# astype, dot
# ---------------------------------------------------------------------------

ASTYPE_TARGETS = ["float64", "float32", "float16", "bfloat16", "int64",
                  "int32", "int16", "int8", "uint64", "uint32", "uint16",
                  "uint8", "bool"]


def astype_case(rng, dtype):
    """One source dtype to every target dtype at once."""
    shape = random_shape(rng, 2, 20)
    source = np.dtype(dtype)
    if source.kind in "iu":
        info = np.iinfo(source)
        x = rng.integers(info.min, info.max, size=shape, dtype=source,
                         endpoint=True)
    elif source.kind == "f":
        x = rng.uniform(-100, 100, size=shape).astype(source)
        x[rng.random(shape) < 0.1] = 0
    else:
        x = random_array(rng, shape, dtype, None)
    case = Case("shape %s" % (shape,))
    case.load("x", x)
    # NaN and infinity only to floats and bool, negative floats not to
    # unsigned integers (undefined, as in C).
    specials = with_specials(rng, x)
    if specials is not x:
        case.load("s", specials)
    if source.kind == "f":
        case.load("p", np.abs(x))
    for target in ASTYPE_TARGETS:
        label = "r_" + target
        name = "x"
        if target in FLOATS + ["bfloat16", "bool"] and specials is not x:
            name = "s"
        elif target.startswith("uint") and source.kind == "f":
            name = "p"
        value = {"x": x, "s": specials}.get(name, np.abs(x))
        if target == "bfloat16":
            made = static(shape, "bfloat16")
            result = static(shape, "float32")
            case.line("%%v = array.astype %%%s : %s -> %s"
                      % (name, static(shape, dtype), made))
            case.line("%%%s = array.astype %%v : %s -> %s"
                      % (label, made, result))
            # No NumPy reference from float64: rounding through float32
            # may differ in the last bit, so bfloat16 values within the
            # tolerance.
            case.output(label, bf16(value.astype(np.float32)), result,
                        "bfloat16" if source == np.float64 else "exact")
            continue
        case.line("%%%s = array.astype %%%s : %s -> %s"
                  % (label, name, static(shape, dtype), static(shape, target)))
        # NumPy converts some integers to float16 through float32.
        inexact = target == "float16" and source.kind in "iu"
        case.output(label, value.astype(target),
                    check=None if inexact else "exact")
    return case


def dot_case(rng, dtype):
    form = int(rng.integers(0, 4))
    k = int(rng.integers(1, 13))
    m, n, p = (int(v) for v in rng.integers(1, 9, size=3))
    pick = int(rng.integers(0, 2))
    lhs, rhs = [((k,), (k,)), ((m, k), (k, n)),
                [((m, k), (k,)), ((p, m, k), (k,))][pick],
                [((p, m, k), (k, n)), ((m, k), (p, k, n))][pick]][form]
    # Positive floats: no cancellation to blow up a relative error.
    a = random_array(rng, lhs, dtype, (0.5, 2.0))
    b = random_array(rng, rhs, dtype, (0.5, 2.0))
    expected = np.asarray(np.dot(a, b))
    case = Case("dot(%s, %s)" % (lhs, rhs))
    case.load("a", a)
    case.load("b", b)
    case.line("%%r = array.dot %%a, %%b : (%s, %s) -> %s"
              % (static(lhs, dtype), static(rhs, dtype),
                 static(expected.shape, expected.dtype)))
    case.output("r", expected)
    return case


# ---------------------------------------------------------------------------
# array.map and array.reduce: bodies from a small menu, random constants
# ---------------------------------------------------------------------------

def arith(dtype, what):
    """The arith op (or predicate) for `what` on elements of `dtype`."""
    float_kind = dtype_name(dtype) in FLOATS + ["bfloat16"]
    unsigned = not float_kind and np.dtype(dtype).kind in "ub"
    sign = "u" if unsigned else "s"
    table = {"mul": ("arith.mulf", "arith.muli"),
             "add": ("arith.addf", "arith.addi"),
             "gt": ("arith.cmpf ogt", "arith.cmpi %sgt" % sign),
             "lt": ("arith.cmpf olt", "arith.cmpi %slt" % sign),
             "max": ("arith.maximumf", "arith.max%si" % sign),
             "min": ("arith.minimumf", "arith.min%si" % sign),
             "abs": ("math.absf", "math.absi")}
    return table[what][0 if float_kind else 1]


def arith_constant(name, value, dtype):
    """`%name = arith.constant ...` of `value` (bool literals take no type)."""
    if dtype_name(dtype) == "bool":
        return "%%%s = arith.constant %s" % (name, literal(value, dtype))
    return "%%%s = arith.constant %s : %s" % (name, literal(value, dtype),
                                             scalar_type(dtype))


def constant(rng, dtype, low, high):
    """A random constant of `dtype` in [low, high] (2 decimals for floats;
    not below 0 for unsigned integers)."""
    if np.dtype(dtype).kind in "iu":
        low = max(low, np.iinfo(dtype).min)
        return np.asarray(int(rng.integers(low, high + 1)), dtype)
    return np.asarray(round(float(rng.uniform(low, high)), 2), dtype)


def broadcast_operand(rng, case, label, dtype, shape, dynamic):
    """A random operand that broadcasts to `shape`: (n,), (m, 1), () or
    (m, n), static 1 where it broadcasts, `dynamic` elsewhere."""
    m, n = shape
    form = int(rng.integers(0, 4))
    own = [(n,), (m, 1), (), (m, n)][form]
    own_dynamic = [[dynamic[1]], [dynamic[0], False], [], dynamic][form]
    value = random_array(rng, own, dtype, (-3.0, 3.0))
    case.load(label, value, typed(own, dtype, own_dynamic))
    return value


def map_case(body):
    """array.map of the (m, n) operand x and a broadcast y with a body from
    `body(rng, dtype, T)`: (extra inputs, region lines, NumPy function of
    x, y and the extras, result dtype)."""
    def build(rng, dtype):
        shape = random_shape(rng, 2, 40)
        dynamic = random_dynamic(rng, 2)
        case = Case("shape %s" % (shape,))
        x = with_specials(rng, random_array(rng, shape, dtype, (-3.0, 3.0)),
                          0.02)
        case.load("x", x, typed(shape, dtype, dynamic))
        y = broadcast_operand(rng, case, "y", dtype, shape, dynamic)
        t = scalar_type(dtype)
        args, region, fn, result_dtype = body(rng, dtype, t, case, shape,
                                              dynamic)
        result = typed(shape, result_dtype, dynamic)
        operands = ["%x", "%y"] + ["%" + a[0] for a in args]
        types = [i[2] for i in case.inputs]
        block = ["%xi: " + t, "%yi: " + t] + ["%%%si: %s" % a for a in args]
        case.line("%%r = array.map %s : (%s) -> %s {\n^bb0(%s):\n%s\n}"
                  % (", ".join(operands), ", ".join(types), result,
                     ", ".join(block),
                     "\n".join("  " + line for line in region)))
        with np.errstate(all="ignore"):
            case.output("r", np.asarray(fn(x, y)).astype(result_dtype),
                        result)
        return case
    return build


def axpby_body(rng, dtype, t, case, shape, dynamic):
    a, b = constant(rng, dtype, -3, 3), constant(rng, dtype, -3, 3)
    region = [arith_constant("a", a, dtype),
              arith_constant("b", b, dtype),
              "%%0 = %s %%a, %%xi : %s" % (arith(dtype, "mul"), t),
              "%%1 = %s %%b, %%yi : %s" % (arith(dtype, "mul"), t),
              "%%2 = %s %%0, %%1 : %s" % (arith(dtype, "add"), t),
              "array.yield %%2 : %s" % t]
    case.info += " a %s b %s" % (a, b)
    return [], region, lambda x, y: a[()] * x + b[()] * y, dtype


def select_body(rng, dtype, t, case, shape, dynamic):
    c = rng.random(shape) < 0.5
    case.load("c", c, typed(shape, "bool", dynamic))
    k = constant(rng, dtype, -3, 3) if dtype != "bool" else \
        np.asarray(rng.random() < 0.5)
    region = [arith_constant("k", k, dtype),
              "%%g = %s, %%xi, %%yi : %s" % (arith(dtype, "gt"), t),
              "%m = arith.select %g, %xi, %yi : " + t,
              "%r = arith.select %ci, %m, %k : " + t,
              "array.yield %r : " + t]
    case.info += " k %s" % k
    fn = lambda x, y: np.where(c, np.where(x > y, x, y), k)
    return [("c", "i1")], region, fn, dtype


def hypot_body(rng, dtype, t, case, shape, dynamic):
    a = constant(rng, dtype, -3, 3)
    region = [arith_constant("a", a, dtype),
              "%0 = arith.mulf %xi, %xi : " + t,
              "%1 = arith.mulf %yi, %yi : " + t,
              "%2 = arith.addf %0, %1 : " + t,
              "%3 = math.sqrt %2 : " + t,
              "%4 = arith.mulf %3, %a : " + t,
              "array.yield %4 : " + t]
    case.info += " a %s" % a
    return [], region, lambda x, y: np.sqrt(x * x + y * y) * a[()], dtype


def clamp_body(rng, dtype, t, case, shape, dynamic):
    lo, hi = sorted([constant(rng, dtype, -3, 3), constant(rng, dtype, -3, 3)],
                    key=float)
    region = [arith_constant("lo", lo, dtype),
              arith_constant("hi", hi, dtype),
              "%%0 = %s %%xi, %%hi : %s" % (arith(dtype, "min"), t),
              "%%1 = %s %%0, %%lo : %s" % (arith(dtype, "max"), t),
              "%%2 = %s %%1, %%yi : %s" % (arith(dtype, "add"), t),
              "array.yield %%2 : %s" % t]
    case.info += " lo %s hi %s" % (lo, hi)
    fn = lambda x, y: np.maximum(np.minimum(x, hi[()]), lo[()]) + y
    return [], region, fn, dtype


def bits_body(rng, dtype, t, case, shape, dynamic):
    k = (np.asarray(rng.random() < 0.5) if dtype == "bool"
         else constant(rng, dtype, -100, 100))
    region = [arith_constant("k", k, dtype),
              "%0 = arith.andi %xi, %yi : " + t,
              "%1 = arith.xori %0, %k : " + t,
              "%2 = arith.ori %1, %yi : " + t,
              "array.yield %2 : " + t]
    case.info += " k %s" % k
    return [], region, lambda x, y: ((x & y) ^ k[()]) | y, dtype


def compare_body(rng, dtype, t, case, shape, dynamic):
    a = constant(rng, dtype, -2, 2)
    cmp = arith(dtype, "lt")
    region = [arith_constant("a", a, dtype),
              "%%0 = %s %%a, %%yi : %s" % (arith(dtype, "mul"), t),
              "%%1 = %s, %%xi, %%0 : %s" % (cmp, t),
              "array.yield %1 : i1"]
    case.info += " a %s" % a
    return [], region, lambda x, y: x < a[()] * y, "bool"


def mixed_body(rng, dtype, t, case, shape, dynamic):
    """A float x plus an int32 operand converted in the body."""
    j = random_array(rng, shape, "int32", None)
    case.load("j", j, typed(shape, "int32", dynamic))
    region = ["%f = arith.sitofp %ji : i32 to " + t,
              "%0 = arith.addf %xi, %f : " + t,
              "%1 = arith.mulf %0, %yi : " + t,
              "array.yield %1 : " + t]
    return [("j", "i32")], region, \
        lambda x, y: (x + j.astype(x.dtype)) * y, dtype


def reduce_case(body):
    """array.reduce over random axes (or all), with or without keepdims, of
    a body from the menu: `body(dtype, E)` gives (accumulator type and
    identity, map, combine and post region lines or None, NumPy function
    of x, axes and keepdims, result dtype)."""
    def build(rng, dtype):
        rank = int(rng.integers(1, 4))
        case = Case()
        # Few specials: one NaN makes a whole reduction NaN.
        x, shape, dynamic = operand(rng, case, "x", dtype, rank,
                                    [300, 40, 12][rank - 1], zero=0.05,
                                    specials=0.002)
        if rng.random() < 0.25:
            axes = None
        else:
            count = int(rng.integers(1, rank + 1))
            axes = sorted(int(a) for a in rng.choice(rank, count,
                                                     replace=False))
        keepdims = bool(rng.random() < 0.3)
        e = scalar_type(dtype)
        acc, identity, map_region, combine, post, fn, result_dtype = \
            body(dtype, e)
        reduced = list(range(rank)) if axes is None else axes
        out_shape, out_dynamic = [], []
        for d in range(rank):
            if d not in reduced:
                out_shape.append(shape[d])
                out_dynamic.append(dynamic[d])
            elif keepdims:
                out_shape.append(1)
                out_dynamic.append(False)
        result = typed(out_shape, result_dtype, out_dynamic)
        written = None if axes is None else [
            a - rank if rng.random() < 0.3 else a for a in axes]
        case.info = "shape %s axes %s keepdims %s" % (shape, written, keepdims)
        region = lambda name, args, lines: (
            "%s {\n^bb0(%s):\n%s\n}" % (name, args, "\n".join(
                "  " + line for line in lines)))
        attr = "" if axes is None else " axes [%s]" % ", ".join(
            map(str, written))
        text = "%%r = array.reduce %%x%s%s identity %s : %s -> %s\n" % (
            attr, " keepdims" if keepdims else "", identity,
            case.inputs[0][2], result)
        text += region("  map", "%v: " + e, map_region)
        text += region(" combine", "%%acc: %s, %%v: %s" % (acc, acc), combine)
        if post:
            text += region(" post", "%acc: " + acc, post)
        case.line(text)
        axis = None if axes is None else tuple(axes)
        with np.errstate(all="ignore"):
            expected = np.asarray(fn(x, axis, keepdims)).astype(result_dtype)
        case.output("r", expected, result)
        return case
    return build


def identity(value, dtype):
    """The identity attribute: `0 : i32`, `0.0 : f32`, `false`."""
    if dtype_name(dtype) == "bool":
        return literal(value, dtype)
    return "%s : %s" % (literal(value, dtype), scalar_type(dtype))


def sumsq_body(dtype, e):
    return (e, identity(0, dtype),
            ["%%s = %s %%v, %%v : %s" % (arith(dtype, "mul"), e),
             "array.yield %s : " + e],
            ["%%s = %s %%acc, %%v : %s" % (arith(dtype, "add"), e),
             "array.yield %s : " + e],
            None,
            lambda x, axis, keep: np.sum(x * x, axis=axis, keepdims=keep,
                                         dtype=x.dtype),
            dtype)


def l2norm_body(dtype, e):
    acc, identity, map_region, combine, _, fn, _ = sumsq_body(dtype, e)
    post = ["%r = math.sqrt %acc : " + e, "array.yield %r : " + e]
    return (acc, identity, map_region, combine, post,
            lambda x, axis, keep: np.sqrt(fn(x, axis, keep)), dtype)


def maxabs_body(dtype, e):
    if np.dtype(dtype).kind == "u":
        absolute = ["array.yield %v : " + e]
    else:
        absolute = ["%%a = %s %%v : %s" % (arith(dtype, "abs"), e),
                    "array.yield %a : " + e]
    return (e, identity(0, dtype), absolute,
            ["%%m = %s %%acc, %%v : %s" % (arith(dtype, "max"), e),
             "array.yield %m : " + e],
            None,
            lambda x, axis, keep: np.max(np.abs(x), axis=axis, keepdims=keep,
                                         initial=0),
            dtype)


def count_body(dtype, e):
    """How many elements are positive (true), in an int64 accumulator."""
    if dtype == "bool":
        test = ["%c = arith.extui %v : i1 to i64"]
    else:
        cmp = arith(dtype, "gt")
        test = ["%%z = arith.constant %s : %s" % (literal(0, dtype), e),
                "%%p = %s, %%v, %%z : %s" % (cmp, e),
                "%c = arith.extui %p : i1 to i64"]
    return ("i64", "0 : i64", test + ["array.yield %c : i64"],
            ["%s = arith.addi %acc, %v : i64", "array.yield %s : i64"],
            None,
            lambda x, axis, keep: np.sum(x > 0, axis=axis, keepdims=keep,
                                         dtype=np.int64),
            "int64")


def widesum_body(dtype, e):
    """A sum accumulated in the next wider float, rounded back by post."""
    wide = {"float16": "float32", "float32": "float64"}[dtype]
    w = mlir_type(wide)
    return (w, "0.0 : " + w,
            ["%%w = arith.extf %%v : %s to %s" % (e, w),
             "array.yield %w : " + w],
            ["%s = arith.addf %acc, %v : " + w, "array.yield %s : " + w],
            ["%%n = arith.truncf %%acc : %s to %s" % (w, e),
             "array.yield %n : " + e],
            lambda x, axis, keep: np.sum(x.astype(wide), axis=axis,
                                         keepdims=keep),
            dtype)


def or_body(dtype, e):
    return (e, identity(0, dtype),
            ["array.yield %v : " + e],
            ["%o = arith.ori %acc, %v : " + e, "array.yield %o : " + e],
            None,
            lambda x, axis, keep: np.bitwise_or.reduce(x, axis=axis,
                                                       keepdims=keep),
            dtype)


# ---------------------------------------------------------------------------
# sparse matrices: a random matrix of random density in a random format and
# index width, converted back, counted, multiplied (SpMV, SpMM, SDDMM) with
# random alpha and beta, added to another, scaled, transposed (into a
# random format) and multiplied by another in CSR (SpGEMM)
# ---------------------------------------------------------------------------

SPARSE_FORMATS = {
    "CSR": "(i, j) -> (i : dense, j : compressed)",
    "CSC": "(i, j) -> (j : dense, i : compressed)",
    "COO": "(i, j) -> (i : compressed(nonunique), j : singleton)",
}


def sparse_type(shape, dtype, dynamic, fmt, width):
    widths = ", posWidth = %d, crdWidth = %d" % (width, width) if width else ""
    dims = "".join(("?" if dynamic else "%d" % size) + "x" for size in shape)
    return "tensor<%s%s, #sparse_tensor.encoding<{map = %s%s}>>" % (
        dims, mlir_type(dtype), SPARSE_FORMATS[fmt], widths)


def sparse_case(rng, dtype):
    m, n, p = (int(v) for v in rng.integers(1, 12, size=3))
    density = float(rng.choice([0.0, 0.1, 0.3, 0.7, 1.0]))
    fmt = str(rng.choice(sorted(SPARSE_FORMATS)))
    width = int(rng.choice([0, 32, 64]))
    dynamic = bool(rng.integers(0, 2))
    alpha = float(rng.choice([1.0, 2.5, -0.5]))
    beta = float(rng.choice([0.0, 1.0, -1.5]))
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    a = np.where(rng.random((m, n)) < density, a, 0).astype(dtype)
    x = random_array(rng, (n,), dtype, (-3.0, 3.0))
    y = random_array(rng, (m,), dtype, (-3.0, 3.0))
    b = random_array(rng, (n, p), dtype, (-3.0, 3.0))
    c = random_array(rng, (m, p), dtype, (-3.0, 3.0))
    a2 = random_array(rng, (m, n), dtype, (-3.0, 3.0))
    a2 = np.where(rng.random((m, n)) < density, a2, 0).astype(dtype)
    bq = random_array(rng, (n, p), dtype, (-3.0, 3.0))
    bq = np.where(rng.random((n, p)) < density, bq, 0).astype(dtype)
    bt = random_array(rng, (p, n), dtype, (-3.0, 3.0))
    wide = a.astype(np.float64)
    spmv = alpha * (wide @ x) + beta * y
    spmm = alpha * (wide @ b) + beta * c

    def t(shape):
        return typed(shape, dtype, [dynamic] * len(shape))

    case = Case("%s %s, %d-bit indices, density %g, alpha %g, beta %g%s"
                % (fmt, (m, n), width or 64, density, alpha, beta,
                   ", dynamic" if dynamic else ""))
    for label, value in (("a", a), ("a2", a2), ("x", x), ("y", y), ("b", b),
                         ("c", c), ("bq", bq), ("bt", bt)):
        case.load(label, value, t(value.shape))
    st = sparse_type((m, n), dtype, dynamic, fmt, width)
    attrs = "{alpha = %s, beta = %s}" % (mlir_float(alpha), mlir_float(beta))
    case.line("%%s = array.to_sparse %%a : %s -> %s" % (t((m, n)), st))
    case.line("%%dense = array.to_dense %%s : %s -> %s" % (st, t((m, n))))
    case.line("%%n = array.nnz %%s : %s" % st)
    case.line("%ni = arith.index_cast %n : index to i64")
    case.line("%nnz = tensor.from_elements %ni : tensor<i64>")
    case.line("%%spmv = array.spmv %%s, %%x, %%y %s : (%s, %s, %s) -> %s"
              % (attrs, st, t((n,)), t((m,)), t((m,))))
    case.line("%%spmm = array.spmm %%s, %%b, %%c %s : (%s, %s, %s) -> %s"
              % (attrs, st, t((n, p)), t((m, p)), t((m, p))))
    # A sum with another matrix of the format (s1, a copy of s in it, is
    # what once met a shared empty matrix: docs/sparse.md), a scaling.
    su = sparse_type((m, n), dtype, dynamic, "CSR", width)
    case.line("%%s1 = array.to_sparse %%s : %s -> %s" % (st, st))
    case.line("%%s2 = array.to_sparse %%a2 : %s -> %s" % (t((m, n)), st))
    case.line("%%sum = array.sparse_add %%s1, %%s2 : %s" % st)
    case.line("%%sumd = array.to_dense %%sum : %s -> %s" % (st, t((m, n))))
    case.line("%%scaled = array.sparse_scale %%s by %s : %s"
              % (mlir_float(alpha), st))
    case.line("%%scaledd = array.to_dense %%scaled : %s -> %s"
              % (st, t((m, n))))
    # The transpose, in a random format; the sampled product on s's pattern.
    tfmt = str(rng.choice(sorted(SPARSE_FORMATS)))
    stt = sparse_type((n, m), dtype, dynamic, tfmt, width)
    case.line("%%tr = array.sparse_transpose %%s : %s -> %s" % (st, stt))
    case.line("%%trd = array.to_dense %%tr : %s -> %s" % (stt, t((n, m))))
    case.line("%%sd = array.sddmm %%s, %%c, %%bt %s : %s, %s, %s"
              % (attrs, st, t((m, p)), t((p, n))))
    case.line("%%sdd = array.to_dense %%sd : %s -> %s" % (st, t((m, n))))
    case.line("%%s1c = array.to_sparse %%s : %s -> %s" % (st, su))
    # A product of two CSR matrices, back to dense.
    sq = sparse_type((n, p), dtype, dynamic, "CSR", width)
    sr = sparse_type((m, p), dtype, dynamic, "CSR", width)
    case.line("%%s3 = array.to_sparse %%bq : %s -> %s" % (t((n, p)), sq))
    case.line("%%prod = array.spgemm %%s1c, %%s3 : %s, %s -> %s"
              % (su, sq, sr))
    case.line("%%prodd = array.to_dense %%prod : %s -> %s" % (sr, t((m, p))))
    case.output("dense", a, t((m, n)), check="exact")
    case.output("prodd", (wide @ bq.astype(np.float64)).astype(dtype),
                t((m, p)))
    case.output("sumd", (wide + a2).astype(dtype), t((m, n)))
    case.output("scaledd", (alpha * wide).astype(dtype), t((m, n)))
    case.output("trd", a.T, t((n, m)), check="exact")
    sampled = alpha * (c.astype(np.float64) @ bt) + beta * wide
    case.output("sdd", np.where(a != 0, sampled, 0).astype(dtype), t((m, n)))
    case.output("nnz", np.int64(np.count_nonzero(a)), "tensor<i64>",
                check="exact")
    case.output("spmv", spmv.astype(dtype), t((m,)))
    case.output("spmm", spmm.astype(dtype), t((m, p)))
    return case


# ---------------------------------------------------------------------------
# .npy round trips: load random shapes and dtypes, save, compare the bytes
# ---------------------------------------------------------------------------

def npy_case(rng, dtype):
    rank = int(rng.integers(0, 5))
    case = Case()
    x, shape, dynamic = operand(rng, case, "x", dtype, rank,
                                [1, 300, 40, 12, 6][rank], zero=0.05)
    case.info = "shape %s" % (shape,)
    case.output("r", x, case.inputs[0][2], "bytes", value="x")
    return case


def streams_case(rng, dtype):
    """Two streams: one copies the loaded array (array.to_device), the other
    computes on the copy after an event; the host waits for both."""
    m, n = (int(v) for v in rng.integers(1, 40, size=2))
    a = random_array(rng, (m, n), dtype, (-3.0, 3.0), False)
    b = random_array(rng, (n,), dtype, (-3.0, 3.0), False)
    with np.errstate(all="ignore"):
        r = np.add(a, b)
        q = np.multiply(a, a)
    case = Case("shape %s" % ((m, n),))
    t, tb = tensor(2, dtype), tensor(1, dtype)
    case.load("a", a, t)
    case.load("b", b, tb)
    case.line("""
%copy = array.stream_create
%compute = array.stream_create
%c = array.on_stream %copy -> {t} {{
  %0 = array.to_device %a : {t}
  array.stream_yield %0 : {t}
}}
%copied = array.event_record %copy
array.stream_wait %compute, %copied
%r, %q = array.on_stream %compute -> {t}, {t} {{
  %1 = array.add %c, %b : ({t}, {tb}) -> {t}
  %2 = array.mul %c, %c : ({t}, {t}) -> {t}
  array.stream_yield %1, %2 : {t}, {t}
}}
array.event_synchronize %copied
array.stream_synchronize %compute""".format(t=t, tb=tb))
    case.output("r", r, t)
    case.output("q", q, t)
    return case


OPS = ELEMENTWISE_CASES + SHAPED_CASES + [
    op("expand_dims", "shape", ["float32", "int64", "bool", "float16"],
       expand_dims_case),
    op("transpose_perm", "shape", ["float64", "int32", "int8", "bool"],
       transpose_case),
    op("full", "creation", NPY_DTYPES, full_case),
    op("constant", "creation", NPY_DTYPES, constant_case),
    op("arange", "creation", NPY_DTYPES[:-1], arange_case),
    op("linspace", "creation", NPY_DTYPES[:-1], linspace_case),
    op("eye", "creation", NPY_DTYPES, eye_case),
    op("random_uniform", "random", ["float32", "float64", "float16",
                                    "bfloat16"],
       random_case("random_uniform", uniform_reference)),
    op("random_normal", "random", ["float32", "float64", "float16",
                                   "bfloat16"],
       random_case("random_normal", normal_reference)),
    op("astype", "cast", NPY_DTYPES, astype_case),
    op("dot", "reduction", NUMBERS, dot_case),
    op("map_axpby", "region", ["float32", "float64", "float16", "int64",
                               "int32", "int8"], map_case(axpby_body)),
    op("map_select", "region", ["float64", "int16", "bool", "float32"],
       map_case(select_body)),
    op("map_hypot", "float", FLOATS, map_case(hypot_body)),
    op("map_clamp", "region", ["int32", "float64", "int8"],
       map_case(clamp_body)),
    op("map_bits", "region", ["int64", "int32", "bool"], map_case(bits_body)),
    op("map_compare", "region", ["float32", "int64", "float16"],
       map_case(compare_body)),
    op("map_mixed", "float", FLOAT_ONLY, map_case(mixed_body)),
    op("reduce_sumsq", "region", ["float64", "float32", "int64", "int32",
                                  "int8"], reduce_case(sumsq_body)),
    op("reduce_l2norm", "float", FLOAT_ONLY, reduce_case(l2norm_body)),
    op("reduce_maxabs", "region", ["float32", "int16", "float64"],
       reduce_case(maxabs_body)),
    op("reduce_count", "region", ["float64", "int32", "bool"],
       reduce_case(count_body)),
    op("reduce_widesum", "float", ["float16", "float32"],
       reduce_case(widesum_body)),
    op("reduce_or", "region", ["bool", "int64", "int16"],
       reduce_case(or_body)),
    op("npy_roundtrip", "io", NPY_DTYPES, npy_case),
    op("sparse", "sparse", FLOAT_ONLY + ["float16"], sparse_case),
    op("on_stream", "arithmetic", ["float32", "int32", "float64"],
       streams_case),
]


# ---------------------------------------------------------------------------
# programs, batches, comparisons
# ---------------------------------------------------------------------------

MARKER = -7777777


def marker_text(index):
    """What the program prints before case `index`'s outputs."""
    return str(np.array([MARKER, index], dtype=np.int64)) + "\n"


def function(name, index, case):
    """Case `index` as a function: load, compute (in a range), mark, save
    and print."""
    lines = ["func.func @case%d() {" % index]
    for label, _, t in case.inputs:
        lines.append('  %%%s = array.load_npy "%s/%s.npy" : %s'
                     % (label, name, label, t))
    # The computation is a named range (a profiler's view of the case).
    lines.append('  array.range_push "case %d"' % index)
    lines += ["  " + line for line in case.lines]
    lines.append("  array.range_pop")
    lines.append("  %%marker = array.constant dense<[%d, %d]> : tensor<2xi64>"
                 % (MARKER, index))
    lines.append("  array.print %marker : tensor<2xi64>")
    for label, _, t, _, value in case.outputs:
        lines.append('  array.save_npy %%%s, "%s/%s.npy" : %s'
                     % (value, name, label, t))
        lines.append("  array.print %%%s : %s" % (value, t))
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def program(entries):
    """One program running the cases `entries` ((name, index, case)) in
    order."""
    text = "".join(function(name, index, case)
                   for name, index, case in entries)
    calls = "".join("  call @case%d() : () -> ()\n" % index
                    for _, index, _ in entries)
    return text + "func.func @main() {\n" + calls + "  return\n}\n"


def compare(result, expected, check):
    if result.shape != expected.shape or result.dtype != expected.dtype:
        return "got %s %s, expected %s %s" % (result.dtype, result.shape,
                                               expected.dtype, expected.shape)
    if expected.dtype.kind in "biu":
        if np.array_equal(result, expected):
            return None
        bad = np.argwhere(result != expected)[0]
        return "not equal (first at %s: %s, expected %s)" % (
            tuple(int(i) for i in bad), result[tuple(bad)],
            expected[tuple(bad)])
    bad = np.isnan(result) != np.isnan(expected)
    bad |= np.isinf(expected) & (result != expected)
    if bad.any():
        return "NaN or infinity in other places (first at %s)" % (
            tuple(int(i) for i in np.argwhere(bad)[0]),)
    if check == "bfloat16":
        # bfloat16 results saved as float32: their low 16 bits are zero.
        low = result.view(np.uint32) & np.uint32(0xFFFF)
        if low[~np.isnan(result)].any():
            return "not bfloat16 values (low 16 bits set)"
        check = TOLERANCE["bfloat16"]
    if check in ("exact", "bytes"):
        same = (result == expected) | np.isnan(expected)
        same &= np.signbit(result) == np.signbit(expected)
        if same.all():
            return None
        bad = tuple(int(i) for i in np.argwhere(~same)[0])
        return "not exact (first at %s: %r, expected %r)" % (
            bad, result[bad], expected[bad])
    finite = np.isfinite(expected)
    e = expected[finite].astype(np.float64)
    r = result[finite].astype(np.float64)
    norm = np.linalg.norm(e)
    error = np.linalg.norm(r - e) / (norm if norm > 0 else 1.0)
    limit = check if check is not None else TOLERANCE[expected.dtype.name]
    return None if error <= limit else "relative error %.3g > %g" % (error,
                                                                       limit)


# arrayrt prints as NumPy up to 2.2 does. NumPy 2.3 switched float16 arrays
# from 1e3 and float32 arrays from 1e6 to scientific notation (numpy/numpy
# PR 28703, issue 28679); its legacy="2.2" mode prints as before.
NUMPY_VERSION = tuple(int(v) for v in re.findall(r"\d+", np.__version__)[:2])
PRINT_OPTIONS = {"legacy": "2.2"} if NUMPY_VERSION >= (2, 3) else {}


def numpy_print(array):
    """What NumPy's print(array) writes, as arrayrt follows it."""
    with np.printoptions(**PRINT_OPTIONS):
        return str(array) + "\n"


def check_case(workdir, name, outputs, printed):
    """The problem with case `name`'s saved results and printed text, or
    None. `outputs` is [(label, check)]; `printed` what it printed, or None
    when the program stopped before its marker."""
    folder = os.path.join(workdir, name)
    text = ""
    for label, check in outputs:
        path = os.path.join(folder, label + ".npy")
        if not os.path.exists(path):
            return "no %s.npy" % label
        expected_path = os.path.join(folder, label + ".expected.npy")
        with open(path, "rb") as got, open(expected_path, "rb") as want:
            got, want = got.read(), want.read()
        # Every result's header as np.save writes it; round trips' data too.
        size = 10 + int.from_bytes(want[8:10], "little")
        if got[:size] != want[:size]:
            return "%s.npy's header is not what np.save writes: %r" % (
                label, got[:size])
        if check == "bytes" and got != want:
            return "%s.npy is not what np.save writes (%d bytes, %d " \
                   "expected)" % (label, len(got), len(want))
        result = np.load(path)
        problem = compare(result, np.load(expected_path), check)
        if problem:
            return "%s: %s" % (label, problem)
        text += numpy_print(result)
    if printed is None:
        return "printed nothing"
    if printed != text:
        return "array.print differs from NumPy's print:\n%s--- NumPy\n%s" % (
            printed[:600], text[:600])
    return None


def split_printed(stdout, indices):
    """The text each case printed after its marker (None where the marker
    is missing)."""
    starts = []
    position = 0
    for index in indices:
        at = stdout.find(marker_text(index), position)
        starts.append(at)
        if at >= 0:
            position = at + len(marker_text(index))
    pieces = []
    for i, (index, at) in enumerate(zip(indices, starts)):
        if at < 0:
            pieces.append(None)
            continue
        end = next((s for s in starts[i + 1:] if s >= 0), len(stdout))
        pieces.append(stdout[at + len(marker_text(index)):end])
    return pieces


def run_group(workdir, group):
    """Runs a compiled group (a manifest entry) and returns [(name, problem,
    info)]."""
    for entry in group["cases"]:
        for label, _ in entry["outputs"]:
            path = os.path.join(workdir, entry["name"], label + ".npy")
            if os.path.exists(path):
                os.remove(path)
    try:
        ran = subprocess.run([os.path.join(os.path.abspath(workdir),
                                           group["exe"])],
                             cwd=workdir, capture_output=True, text=True,
                             timeout=300)
        stdout, stderr, status = ran.stdout, ran.stderr, ran.returncode
    except subprocess.TimeoutExpired:
        stdout, stderr, status = "", "timed out", -1
    printed = split_printed(stdout, [e["index"] for e in group["cases"]])
    results = []
    stopped = False
    for entry, text in zip(group["cases"], printed):
        folder = os.path.join(workdir, entry["name"])
        complete = text is not None and all(
            os.path.exists(os.path.join(folder, label + ".npy"))
            for label, _ in entry["outputs"])
        if stopped:
            problem = "not run: the program stopped in an earlier case"
        elif status != 0 and not complete:
            # The first case without its results is where it stopped.
            problem = "run (status %d): %s" % (status, stderr.strip()[:400])
            stopped = True
        else:
            problem = check_case(workdir, entry["name"], entry["outputs"],
                                 text)
        results.append((entry["name"], problem, entry["info"]))
    if status != 0 and not stopped:
        results[-1] = (results[-1][0], "run (status %d) after its results: %s"
                       % (status, stderr.strip()[:400]), results[-1][2])
    return results


def compile_group(arrayc, target, workdir, exe, entries):
    source = os.path.join(workdir, exe + ".mlir")
    with open(source, "w") as out:
        out.write(program(entries))
    built = subprocess.run([arrayc, "--target=" + target, source, "-o",
                            os.path.join(os.path.abspath(workdir), exe)],
                           capture_output=True, text=True)
    return None if built.returncode == 0 else built.stderr.strip()


def manifest_entry(name, index, case):
    return {"name": name, "index": index, "info": case.info,
            "outputs": [[label, check] for label, _, _, check, _
                        in case.outputs]}


def compile_batches(args, batches):
    """Compiles each batch; a batch that fails is compiled case by case.
    Returns the manifest groups and [(name, problem, info)] for the cases
    that do not compile."""
    groups, failures = [], []
    for number, entries in enumerate(batches):
        exe = "batch%d" % number
        error = compile_group(args.arrayc, args.target, args.workdir, exe,
                              entries)
        if error is None:
            groups.append({"exe": exe, "cases": [manifest_entry(*e)
                                                 for e in entries]})
            continue
        for name, index, case in entries:
            exe = os.path.join(name, "prog")
            error = compile_group(args.arrayc, args.target, args.workdir, exe,
                                  [(name, index, case)])
            if error is None:
                groups.append({"exe": exe,
                               "cases": [manifest_entry(name, index, case)]})
            else:
                failures.append((name, "compile: " + error[:600], case.info))
    return groups, failures


def make_cases(args, rng):
    """(name, index, Case) for every op and dtype, in order."""
    cases = []
    for entry in OPS:
        dtypes = entry["dtypes"] + GROUP_DTYPES[entry["group"]]
        if args.first_dtype:
            dtypes = dtypes[:1]
        elif args.other_dtypes:
            dtypes = dtypes[1:]
        for dtype in dtypes:
            name = "%s-%s" % (entry["op"], dtype)
            # Built even when --only skips it, so the rest replay the same.
            with np.errstate(all="ignore"):
                case = entry["build"](rng, dtype)
            if args.only and not re.search(args.only, name):
                continue
            if dtype in TARGET_SKIPS_DTYPES.get((entry["group"], args.target),
                                                []):
                continue
            cases.append((name, len(cases), case))
    return cases


def ops_used(cases):
    used = set()
    for name, index, case in cases:
        used.update(re.findall(r"\barray\.(\w+)", function(name, index, case)))
    return used


def check_ops(td_dir, cases):
    """The ops defined in td_dir that no case uses (nor INDIRECT_OPS)."""
    defined = set()
    for name in os.listdir(td_dir):
        if name.endswith(".td"):
            text = open(os.path.join(td_dir, name)).read()
            defined.update(re.findall(
                r'^def Array_\w+Op\s*:\s*Array_\w+<"(\w+)"', text, re.M))
    return sorted(defined - ops_used(cases) - set(INDIRECT_OPS)), defined


def report(results, target, seconds, programs):
    failed = [r for r in results if r[1]]
    for name, problem, info in failed:
        print("FAIL %s (%s): %s" % (name, info, problem))
    print("target %s: %d cases in %d programs, %.1f s"
          % (target, len(results), programs, seconds))
    print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
    return 1 if failed else 0


def run_prepared(workdir):
    """Runs the programs --prepare compiled and compares their results."""
    start = time.time()
    with open(os.path.join(workdir, "manifest.json")) as source:
        manifest = json.load(source)
    print("seed %d, target %s, prepared; NumPy %s%s" % (
        manifest["seed"], manifest["target"], np.__version__,
        " (print compared in its legacy='2.2' mode)" if PRINT_OPTIONS
        else ""))
    results = []
    for group in manifest["groups"]:
        results += run_group(workdir, group)
    return report(results, manifest["target"], time.time() - start,
                  len(manifest["groups"]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrayc")
    parser.add_argument("--prepare", action="store_true")
    parser.add_argument("--run", action="store_true")
    parser.add_argument("--first-dtype", action="store_true")
    parser.add_argument("--other-dtypes", action="store_true")
    parser.add_argument("--only")
    parser.add_argument("--batch", type=int, default=40)
    parser.add_argument("--require-ops")
    parser.add_argument("--target", default="cpu")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--seed", type=int,
                        default=int(os.environ.get("ARRAYC_RANDOM_SEED",
                                                   time.time_ns() % 2**31)))
    args = parser.parse_args()
    if args.run:
        return run_prepared(args.workdir)
    start = time.time()
    print("seed %d, target %s" % (args.seed, args.target))
    sys.stdout.flush()
    rng = np.random.default_rng(args.seed)
    cases = make_cases(args, rng)
    if args.require_ops:
        missing, defined = check_ops(args.require_ops, cases)
        if missing:
            print("FAIL: no case uses array.%s" % ", array.".join(missing))
            return 1
        print("%d ops: every one used (%s indirectly)"
              % (len(defined), ", ".join(sorted(INDIRECT_OPS))))
    os.makedirs(args.workdir, exist_ok=True)
    for name, _, case in cases:
        folder = os.path.join(args.workdir, name)
        os.makedirs(folder, exist_ok=True)
        for label, value, _ in case.inputs:
            np.save(os.path.join(folder, label + ".npy"), value)
        for label, expected, _, _, _ in case.outputs:
            np.save(os.path.join(folder, label + ".expected.npy"), expected)
    batches = [cases[i:i + args.batch]
               for i in range(0, len(cases), args.batch)]
    groups, results = compile_batches(args, batches)
    if args.prepare:
        with open(os.path.join(args.workdir, "manifest.json"), "w") as out:
            json.dump({"seed": args.seed, "target": args.target,
                       "groups": groups}, out, indent=1)
        for name, problem, info in results:
            print("FAIL %s (%s): %s" % (name, info, problem))
        print("prepared %d cases in %d programs, %.1f s"
              % (sum(len(g["cases"]) for g in groups), len(groups),
                 time.time() - start))
        print("%d passed, %d failed" % (len(cases) - len(results),
                                        len(results)))
        return 1 if results else 0
    programs = len(groups)
    by_name = {name: (index, case) for name, index, case in cases}
    for group in groups:
        ran = run_group(args.workdir, group)
        if len(group["cases"]) > 1 and any(problem and problem.startswith(
                ("run", "not run")) for _, problem, _ in ran):
            # Name the case that stops the program: each on its own.
            ran = []
            for entry in group["cases"]:
                index, case = by_name[entry["name"]]
                exe = os.path.join(entry["name"], "prog")
                error = compile_group(args.arrayc, args.target, args.workdir,
                                      exe, [(entry["name"], index, case)])
                programs += 1
                if error:
                    ran.append((entry["name"], "compile: " + error[:600],
                                case.info))
                else:
                    ran += run_group(args.workdir,
                                     {"exe": exe, "cases": [entry]})
        results += ran
    return report(results, args.target, time.time() - start, programs)


if __name__ == "__main__":
    sys.exit(main())
