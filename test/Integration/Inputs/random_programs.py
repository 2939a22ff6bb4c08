"""Random array programs with NumPy twins: differential testing of Arrayc.

Each program is what users write: chains of elementwise ops with
broadcasting, reductions, scans, shape ops, products, creation ops, scf.for
and scf.while loops carrying arrays (nested, with static and dynamic
shapes, 0-d arrays as loop-carried scalars), conditions read from 0-d
arrays (tensor.extract + arith.cmpf), tensor.dim / tensor.extract /
tensor.from_elements scalars feeding sizes and values, scf.if, calls of
functions on dynamic shapes, sparse matrices, inputs loaded from .npy files
with static or dynamic (`?`) types, zero-size and size-1 dimensions (dynamic
ones 0 at run time too), every dtype of the dialect. Program i of seed s
is always the same program (its generator is seeded with (s, i)); its
NumPy twin is the same computation in NumPy, following the documented
differences from NumPy (README.md: float32 sums in float64, take clips,
empty reductions give the identity, integer power of a negative exponent
gives 0, a float converted to an unsigned type goes through int64).

How it works. A program is built op by op, each op evaluated at once on
the concrete arrays (an interpreter running the twin's expressions and the
checks the compiled program makes at run time, such as a dynamic size that
must equal what it meets), so that the generator knows every value: an op
whose result is not finite (NaN and infinities only appear where an input
has them), exceeds a magnitude bound or breaks a run-time rule is dropped
and another drawn; a loop is kept when all its iterations pass. Values are
bounded and well conditioned: inputs in [-2, 2] (or [0.5, 2]), integers
small (or full range for wrap-around), float-to-integer conversions only of
values in range, comparisons of floats (scf.if, scf.while conditions) only
with a margin. The twin is the list of its ops' NumPy expressions; loops,
conditionals and calls are lambdas over walrus assignments, so that the
whole twin fits the one-line `// NUMPY:` form numpy_ref.py reads.

Comparison, as random_suite.py: exact for integers and bool; normwise
relative error at most 1e-6 (float64), 1e-5 (float32), 1e-2 (float16,
bfloat16, saved as float32 through array.astype), NaN and infinities in the
same places. Long float chains are loosened by measuring their condition:
the twin is evaluated twice more with every float result perturbed by a
random relative 4 ulps of its type (the size of legitimate differences:
libm, FMA contraction, summation order); an output's tolerance is the
larger of its dtype's and 10 times the largest normwise deviation the
perturbations caused. An output whose perturbed runs change an integer or
bool, move a NaN, or need a tolerance above 1e-2 (1e-3 for float64, 5e-2
for 16-bit floats) is ill-conditioned: it is still computed and saved, but
not compared (counted as "unchecked").

Runs (one function per program, many per executable, as random_suite.py):

  random_programs.py --arrayc ARRAYC --target cpu --workdir DIR
        [--seed S] [--count N] [--start I] [--batch B] [--keep DIR]
        [--avoid FEATURE ...] [--reduce] [--jobs J]
  random_programs.py ... --target cuda --prepare   compile only: DIR holds the
        executables, inputs, expected results and manifest.json
  random_programs.py --workdir DIR --run [--sanitizer memcheck|racecheck|
        initcheck]                          on the GPU machine (NumPy only)
  random_programs.py --seed S --index I --show   print program I (MLIR, twin)

Every executable's @main runs the programs a selection file names
(`bN.sel.npy`), so that after a crash the runner runs the crashing program
alone to confirm it, and the rest after it. Each program's verdict is
printed as it is known (PASS / MISMATCH / CRASH / COMPILE-FAIL / REJECTED,
REJECTED being a compile error that is a documented limitation); the
summary counts the verdicts and the programs' features. A failing program
(not REJECTED) is reduced with --reduce (CPU target, and compile failures
on both), and written to --keep DIR as a standalone test in the style of
test/Integration/*.mlir (RUN lines for the CPU and `%if cuda-gpu`, NUMPY
lines writing the inputs and printing the expected results).
"""

import argparse
import copy
import functools
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import warnings

import numpy as np

warnings.filterwarnings("ignore")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_suite as rs  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "scripts"))
import sanitizer_reports  # noqa: E402

# ---------------------------------------------------------------------------
# dtypes and the dialect's type rules (lib/Dialect/Array/IR/TypePromotion.cpp)
# ---------------------------------------------------------------------------

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
          "uint32", "uint64", "float16", "bfloat16", "float32", "float64"]
FLOATS = ("float16", "bfloat16", "float32", "float64")
WIDTH = {"bool": 1, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
         "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64, "float16": 16,
         "bfloat16": 16, "float32": 32, "float64": 64}
TOLERANCE = dict(rs.TOLERANCE)
# The largest tolerance an output may need (else it is not compared).
TOLERANCE_CAP = {"float64": 1e-3, "float32": 1e-2, "float16": 1e-1,
                 "bfloat16": 1e-1}
# Unit roundoff of each float type (the perturbation's scale).
EPS = {"float64": 2.0**-53, "float32": 2.0**-24, "float16": 2.0**-11,
       "bfloat16": 2.0**-8}
# How many ulps the tolerance estimate perturbs each float result by: about
# what an implementation may differ by (libm, FMA, order of a sum), one
# rounding for the 16-bit types (which round after every op in both).
PERTURB_ULPS = {"float64": 4, "float32": 4, "float16": 1, "bfloat16": 1}
# Magnitude bounds of float values (beyond them an op is dropped).
BOUND = {"float16": 1e3, "bfloat16": 1e4, "float32": 1e6, "float64": 1e8}


def kind(dt):
    if dt == "bool":
        return "b"
    if dt in FLOATS:
        return "f"
    return "u" if dt.startswith("uint") else "i"


def is_float(dt):
    return dt in FLOATS


def is_int(dt):
    """A signed or unsigned integer (not bool)."""
    return kind(dt) in "iu"


def storage(dt):
    """The NumPy dtype holding `dt` (bfloat16 values live in float32)."""
    return "float32" if dt == "bfloat16" else dt


def float_for_int(dt):
    w = WIDTH[dt]
    return "float16" if w <= 8 else "float32" if w == 16 else "float64"


def promote2(a, b):
    ka, kb = kind(a), kind(b)
    if ka in "biu" and kb in "biu":
        if a == "bool":
            return b
        if b == "bool":
            return a
        if ka == kb:
            return a if WIDTH[a] >= WIDTH[b] else b
        u, s = (a, b) if ka == "u" else (b, a)
        if WIDTH[s] > WIDTH[u]:
            return s
        if WIDTH[u] == 64:
            return "float64"
        return "int%d" % (2 * WIDTH[u])

    def as_float(t):
        if t == "bool":
            return None
        return float_for_int(t) if kind(t) in "iu" else t
    fa, fb = as_float(a), as_float(b)
    if fa is None:
        return fb
    if fb is None:
        return fa
    if fa == fb:
        return fa
    if WIDTH[fa] == 16 and WIDTH[fb] == 16:
        return "float32"
    return fa if WIDTH[fa] >= WIDTH[fb] else fb


def promote(*dts):
    return functools.reduce(promote2, dts)


def float_result(dt):
    if is_float(dt):
        return dt
    return float_for_int("int8" if dt == "bool" else dt)


def sum_type(dt):
    if kind(dt) == "u":
        return "uint64"
    if kind(dt) in "ib":
        return "int64"
    return dt


def acc_type(dt):
    if kind(dt) == "u":
        return "uint64"
    if kind(dt) in "ib":
        return "int64"
    return "float32" if WIDTH[dt] == 16 else "float64"


def mean_type(dt):
    return dt if is_float(dt) else "float64"


def compute_type(dt):
    """Floats of 16 bits compute in float32 and round back."""
    return "float32" if dt in ("float16", "bfloat16") else dt


# ---------------------------------------------------------------------------
# types and values
# ---------------------------------------------------------------------------

SPARSE_MAPS = rs.SPARSE_FORMATS


class Invalid(Exception):
    """The op (or program) is not valid here: not well typed, or it breaks
    a run-time rule of the compiled program, or its values are not what the
    generator keeps (not finite, too large, a comparison without margin)."""


class TT:
    """A ranked tensor type: dtype, dims (an int or None for `?`), and for
    sparse matrices (format, index width)."""
    __slots__ = ("dtype", "dims", "sparse")

    def __init__(self, dtype, dims, sparse=None):
        self.dtype = dtype
        self.dims = tuple(dims)
        self.sparse = sparse

    @property
    def rank(self):
        return len(self.dims)

    def mlir(self):
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.dims)
        enc = ""
        if self.sparse:
            fmt, width = self.sparse
            widths = (", posWidth = %d, crdWidth = %d" % (width, width)
                      if width else "")
            enc = ", #sparse_tensor.encoding<{map = %s%s}>" % (
                SPARSE_MAPS[fmt], widths)
        return "tensor<%s%s%s>" % (dims, rs.MLIR_TYPES[self.dtype], enc)

    def dynamic(self):
        return any(d is None for d in self.dims)

    def __eq__(self, other):
        return (isinstance(other, TT) and self.dtype == other.dtype
                and self.dims == other.dims and self.sparse == other.sparse)

    def __hash__(self):
        return hash((self.dtype, self.dims, self.sparse))

    def __repr__(self):
        return self.mlir()


class ST:
    """A scalar type: index, i1, i32, i64, f32, f64."""
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def mlir(self):
        return self.name

    def __eq__(self, other):
        return isinstance(other, ST) and self.name == other.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return self.name


SCALAR_OF = {"float32": "f32", "float64": "f64", "int64": "i64",
             "int32": "i32", "bool": "i1"}
DTYPE_OF = {v: k for k, v in SCALAR_OF.items()}


class Val:
    """An SSA value: `name` is the Python name and (with %) the MLIR one;
    results of multi-result ops are referred to in MLIR as %op#k."""
    __slots__ = ("name", "type", "ref", "op")

    def __init__(self, name, type_, ref=None, op=None):
        self.name = name
        self.type = type_
        self.ref = ref or "%" + name
        self.op = op

    def __repr__(self):
        return "%s: %s" % (self.name, self.type)


def is_tensor(v):
    return isinstance(v.type, TT) and not v.type.sparse


def is_sparse(v):
    return isinstance(v.type, TT) and v.type.sparse is not None


# ---------------------------------------------------------------------------
# the twin's helpers: one line each, so that they fit `// NUMPY:` lines
# ---------------------------------------------------------------------------

HELPERS = [
    ("functools", "import functools"),
    ("math", "import math"),
    ("_bf", "def _bf(v): v = np.asarray(v, np.float32); b = v.view(np.uint32); "
            "return np.where(np.isnan(v), np.float32(np.nan), ((b + np.uint32("
            "0x7FFF) + ((b >> np.uint32(16)) & np.uint32(1))) & np.uint32("
            "0xFFFF0000)).view(np.float32))"),
    ("_as", "def _as(x, t): x = np.asarray(x); return _bf(x.astype("
            "np.float32)) if t == 'bfloat16' else (x.astype(np.int64) if "
            "x.dtype.kind == 'f' and t[0] == 'u' else x).astype(t)"),
    ("_ipow", "def _ipow(a, b): n = b < 0; r = np.power(a, np.where(n, 0, b)"
              ".astype(b.dtype)); return np.where(n, np.where(a == 1, 1, "
              "np.where((a.astype(np.int64) == -1) & (a.dtype.kind == 'i'), "
              "np.where(b % 2 == 0, 1, -1), 0)), r).astype(a.dtype)"),
    ("_irecip", "def _irecip(a): return np.where(a == 1, 1, np.where("
                "(a.astype(np.int64) == -1) & (a.dtype.kind == 'i'), -1, 0))"
                ".astype(a.dtype)"),
    # A sparse product multiplies only A's stored entries (as SciPy and
    # cuSPARSE do): an infinity or NaN of x meets no implicit zero.
    ("_spmul", "def _spmul(a, b): a = np.asarray(a); b = np.asarray(b); "
               "bb = b if b.ndim == 2 else b[:, None]; r = np.where((a != 0)"
               "[:, :, None], a[:, :, None] * bb[None, :, :], 0).sum(axis=1); "
               "return r if b.ndim == 2 else r[:, 0]"),
    ("_erf", "def _erf(x): return np.vectorize(math.erf, otypes=[np.float64])"
             "(np.asarray(x, np.float64))"),
    ("_lse", "def _lse(x, ax, k): m = np.max(x, axis=ax, keepdims=True, "
             "initial=-np.inf); m = np.where(np.isfinite(m), m, 0); r = "
             "np.log(np.sum(np.exp(x - m), axis=ax, keepdims=True)) + m; "
             "return r if k else (r.reshape(()) if ax is None else np.squeeze("
             "r, axis=ax))"),
    ("_bto", "def _bto(x, s): x = np.asarray(x); o = len(s) - x.ndim; return "
             "np.broadcast_to(x, tuple(x.shape[i - o] if d is None else d for "
             "i, d in enumerate(s)))"),
    ("_for", "def _for(lb, ub, st, s, f): return functools.reduce(lambda s, "
             "i: f(i, *s), range(lb, ub, st), s)"),
    ("_while", "def _while(b, a, s): c, f = b(*s); return _while(b, a, "
               "a(*f)) if c else f"),
]
HELPER_NAMES = [name for name, _ in HELPERS]
TWIN_GLOBALS = {"np": np}
for _name, _line in HELPERS:
    exec(_line, TWIN_GLOBALS)  # noqa: S102 (our own one-line helpers)


def helpers_for(text):
    """The helper lines `text` needs (with those they need), in order."""
    needed = set()
    for name, line in HELPERS:
        if re.search(r"\b%s\b" % re.escape(name), text):
            needed.add(name)
    changed = True
    while changed:
        changed = False
        for name, line in HELPERS:
            if name in needed:
                for other, _ in HELPERS:
                    if other not in needed and re.search(
                            r"\b%s\b" % re.escape(other),
                            line.split(":", 1)[1] if line.startswith("def")
                            else ""):
                        needed.add(other)
                        changed = True
    return [line for name, line in HELPERS if name in needed]


def py_cast(expr, src, dst):
    """`expr` (of dtype `src`) converted to `dst` in the twin."""
    if src == dst:
        return expr
    if src == "bfloat16" and dst == "float32":
        return expr
    return "_as(%s, %r)" % (expr, dst)


def np_dtype(dt):
    """The NumPy dtype of `dt` in the twin's text."""
    return "np.bool_" if dt == "bool" else "np." + storage(dt)


def py_float(value):
    if math.isnan(value):
        return "np.nan"
    if math.isinf(value):
        return "np.inf" if value > 0 else "-np.inf"
    return repr(float(value))


def py_scalar(value, dt):
    """A NumPy scalar literal of dtype `dt`."""
    if dt == "bool":
        return "np.bool_(%s)" % bool(value)
    if is_float(dt):
        return "np.%s(%s)" % (storage(dt), py_float(value))
    return "np.%s(%d)" % (dt, int(value))


def mlir_value(value, dt):
    """A fill literal (array.full, array.pad) of `value`."""
    if dt == "bool":
        return "1" if value else "0"
    if is_float(dt):
        return rs.mlir_float(value)
    return "%d" % int(value)


# ---------------------------------------------------------------------------
# ops: each gives its result types (the verifier's rules), the run-time rules
# the compiled program enforces or leaves undefined, its MLIR and its twin
# ---------------------------------------------------------------------------

def broadcast_dims(types):
    """NumPy broadcasting of static/dynamic dims (Broadcast.cpp)."""
    rank = max(t.rank for t in types)
    out = []
    for d in range(rank):
        static, dynamic = None, False
        for t in types:
            off = rank - t.rank
            if d < off:
                continue
            size = t.dims[d - off]
            if size is None:
                dynamic = True
            elif size != 1:
                if static is not None and static != size:
                    raise Invalid("dims do not broadcast")
                static = size
        out.append(static if static is not None else (None if dynamic else 1))
    return tuple(out)


def broadcast_check(types, shapes):
    """A dynamic dimension is never stretched: the sizes that meet in a
    dimension, static 1s aside, must be equal at run time."""
    rank = max(len(s) for s in shapes)
    for d in range(rank):
        sizes = set()
        for t, s in zip(types, shapes):
            off = rank - len(s)
            if d < off:
                continue
            if t.dims[d - off] == 1:
                continue
            sizes.add(s[d - off])
        if len(sizes) > 1:
            raise Invalid("dynamic dims differ at run time")


def shape_of(value):
    return tuple(np.shape(value))


class Op:
    """A statement with results; `kind` names its family."""
    kind = "op"

    def __init__(self, operands, **attrs):
        self.operands = list(operands)
        self.attrs = attrs
        self.results = []

    def blocks(self):
        return []

    def infer(self):
        raise NotImplementedError

    def check(self, vals):
        pass

    def mlir(self):
        raise NotImplementedError

    def py(self):
        raise NotImplementedError

    # helpers
    @property
    def r(self):
        return self.results[0]

    def o(self, i):
        return self.operands[i].ref

    def t(self, i):
        return self.operands[i].type.mlir()

    def n(self, i):
        return self.operands[i].name

    def dt(self, i):
        return self.operands[i].type.dtype

    def sig(self):
        """`(A, B) -> R`"""
        return "(%s) -> %s" % (", ".join(v.type.mlir() for v in self.operands),
                               self.r.type.mlir())


# Elementwise ops: name -> (NumPy function, type rule).
BINARY = {
    "add": ("np.add", "promote"), "sub": ("np.subtract", "nobool"),
    "mul": ("np.multiply", "promote"), "div": ("np.divide", "div"),
    "maximum": ("np.maximum", "promote"), "minimum": ("np.minimum", "promote"),
    "fmax": ("np.fmax", "promote"), "fmin": ("np.fmin", "promote"),
    "floor_divide": ("np.floor_divide", "arith"),
    "remainder": ("np.remainder", "arith"), "power": ("np.power", "arith"),
    "arctan2": ("np.arctan2", "floatfn"),
    "equal": ("np.equal", "cmp"), "not_equal": ("np.not_equal", "cmp"),
    "less": ("np.less", "cmp"), "less_equal": ("np.less_equal", "cmp"),
    "greater": ("np.greater", "cmp"),
    "greater_equal": ("np.greater_equal", "cmp"),
    "logical_and": ("np.logical_and", "logical"),
    "logical_or": ("np.logical_or", "logical"),
    "logical_xor": ("np.logical_xor", "logical"),
    "bitwise_and": ("np.bitwise_and", "bitwise"),
    "bitwise_or": ("np.bitwise_or", "bitwise"),
    "bitwise_xor": ("np.bitwise_xor", "bitwise"),
    "left_shift": ("np.left_shift", "shift"),
    "right_shift": ("np.right_shift", "shift"),
}
FLOAT_FUNCTIONS = {
    "exp": "np.exp", "exp2": "np.exp2", "expm1": "np.expm1", "log": "np.log",
    "log2": "np.log2", "log10": "np.log10", "log1p": "np.log1p",
    "sqrt": "np.sqrt", "rsqrt": "1 / np.sqrt", "cbrt": "np.cbrt",
    "sin": "np.sin", "cos": "np.cos", "tan": "np.tan", "arcsin": "np.arcsin",
    "arccos": "np.arccos", "arctan": "np.arctan", "sinh": "np.sinh",
    "cosh": "np.cosh", "tanh": "np.tanh", "arcsinh": "np.arcsinh",
    "arccosh": "np.arccosh", "arctanh": "np.arctanh", "erf": "_erf",
    "sigmoid": "1 / (1 + np.exp(-{x}))",
}
UNARY = dict({f: (fn, "floatfn") for f, fn in FLOAT_FUNCTIONS.items()}, **{
    "neg": ("np.negative", "nobool"), "abs": ("np.abs", "promote"),
    "sign": ("np.sign", "nobool"), "square": ("np.square", "arith"),
    "reciprocal": ("np.reciprocal", "arith"),
    "floor": ("np.floor", "rounding"), "ceil": ("np.ceil", "rounding"),
    "round": ("np.round", "rounding"), "trunc": ("np.trunc", "rounding"),
    "isnan": ("np.isnan", "classify"), "isinf": ("np.isinf", "classify"),
    "isfinite": ("np.isfinite", "classify"),
    "logical_not": ("np.logical_not", "logical"),
    "invert": ("np.invert", "bitwise"),
})


def elementwise_types(fn, rule, dtypes):
    """(compute dtype, result dtype) of an elementwise op, or Invalid."""
    t = promote(*dtypes)
    if rule == "promote":
        return t, t
    if rule == "nobool":
        if t == "bool":
            raise Invalid("%s of bool" % fn)
        return t, t
    if rule == "div":
        t = "float64" if not is_float(t) else t
        return t, t
    if rule == "arith":
        t = "int8" if t == "bool" else t
        return t, t
    if rule == "floatfn":
        t = float_result(t)
        return t, t
    if rule == "cmp":
        return t, "bool"
    if rule == "logical" or rule == "classify":
        return None, "bool"
    if rule == "bitwise":
        if is_float(t):
            raise Invalid("bitwise op of floats")
        return t, t
    if rule == "shift":
        if not is_int(t):
            raise Invalid("shift of non-integers")
        return t, t
    if rule == "rounding":
        if not is_float(t):
            raise Invalid("rounding of integers")
        return t, t
    raise AssertionError(rule)


class Elementwise(Op):
    """array.<fn> of one, two or three (where, clip) operands."""
    kind = "ew"

    def rule(self):
        fn = self.attrs["fn"]
        if fn in ("where", "clip"):
            return None, "promote"
        return BINARY[fn] if len(self.operands) == 2 else UNARY[fn]

    def types(self):
        fn = self.attrs["fn"]
        dts = [v.type.dtype for v in self.operands]
        if fn == "where":
            t = promote(dts[1], dts[2])
            return t, t
        return elementwise_types(fn, self.rule()[1], dts)

    def infer(self):
        for v in self.operands:
            if not is_tensor(v):
                raise Invalid("elementwise of a non-tensor")
        dims = broadcast_dims([v.type for v in self.operands])
        return [TT(self.types()[1], dims)]

    def check(self, vals):
        broadcast_check([v.type for v in self.operands],
                        [shape_of(x) for x in vals])

    def mlir(self):
        fn = self.attrs["fn"]
        args = ", ".join(v.ref for v in self.operands)
        if len(self.operands) == 1:
            return ["%s = array.%s %s : %s -> %s" % (
                self.r.ref, fn, args, self.t(0), self.r.type.mlir())]
        return ["%s = array.%s %s : %s" % (self.r.ref, fn, args, self.sig())]

    def py(self):
        fn = self.attrs["fn"]
        compute, result = self.types()
        names = [v.name for v in self.operands]
        dts = [v.type.dtype for v in self.operands]
        if fn == "where":
            x, y = (py_cast(n, d, result) for n, d in zip(names[1:], dts[1:]))
            return "np.where(%s, %s, %s)" % (names[0], x, y)
        rule = self.rule()[1]
        if rule in ("logical", "classify"):
            return "%s(%s)" % (self.rule()[0], ", ".join(names))
        if rule == "cmp":
            return "%s(%s)" % (self.rule()[0], ", ".join(
                py_cast(n, d, compute) for n, d in zip(names, dts)))
        inner = compute_type(compute)
        args = [py_cast(py_cast(n, d, compute), compute, inner)
                for n, d in zip(names, dts)]
        if fn == "clip":
            expr = "np.minimum(np.maximum(%s, %s), %s)" % tuple(args)
        elif fn == "power" and is_int(compute):
            expr = "_ipow(%s, %s)" % tuple(args)
        elif fn == "reciprocal" and is_int(compute):
            expr = "_irecip(%s)" % tuple(args)
        else:
            np_fn = self.rule()[0]
            if "{x}" in np_fn:
                expr = np_fn.format(x=args[0])
            else:
                expr = "%s(%s)" % (np_fn, ", ".join(args))
        if fn == "erf":
            return py_cast(expr, "float64", result)
        return py_cast(expr, inner, result) if inner != result or \
            result == "bfloat16" else expr


class AsType(Op):
    kind = "astype"

    def infer(self):
        if not is_tensor(self.operands[0]):
            raise Invalid("astype of a non-tensor")
        return [TT(self.attrs["to"], self.operands[0].type.dims)]

    def check(self, vals):
        src, dst = self.dt(0), self.attrs["to"]
        x = np.asarray(vals[0])
        if is_float(src) and not is_float(dst) and dst != "bool" and x.size:
            if not np.all(np.isfinite(x)):
                raise Invalid("non-finite float to integer")
            low, high = ((-2.0**63, 2.0**63) if kind(dst) == "u" else
                         (np.iinfo(dst).min, np.iinfo(dst).max))
            if x.min() < low or x.max() > high:
                raise Invalid("float out of the integer's range")

    def mlir(self):
        return ["%s = array.astype %s : %s -> %s" % (
            self.r.ref, self.o(0), self.t(0), self.r.type.mlir())]

    def py(self):
        src, dst = self.dt(0), self.attrs["to"]
        if src == dst:
            return self.n(0)
        return "_as(%s, %r)" % (self.n(0), dst)


def norm_axes(axes, rank):
    out = sorted(a + rank if a < 0 else a for a in axes)
    if any(a < 0 or a >= rank for a in out) or len(set(out)) != len(out):
        raise Invalid("bad axes")
    return out


REDUCTIONS = ["sum", "prod", "max", "min", "mean", "var", "std", "any",
              "all", "logsumexp"]


class Reduce(Op):
    """array.<fn> over `axes` (None: all), keepdims, ddof."""
    kind = "reduce"

    def rdims(self):
        rank = self.operands[0].type.rank
        axes = self.attrs.get("axes")
        return list(range(rank)) if axes is None else norm_axes(axes, rank)

    def rtype(self):
        fn, dt = self.attrs["fn"], self.dt(0)
        if fn in ("sum", "prod"):
            return sum_type(dt)
        if fn in ("mean", "var", "std"):
            return mean_type(dt)
        if fn in ("any", "all"):
            return "bool"
        if fn == "logsumexp":
            return float_result(dt)
        return dt

    def infer(self):
        if not is_tensor(self.operands[0]):
            raise Invalid("reduction of a non-tensor")
        red = self.rdims()
        keep = self.attrs.get("keepdims", False)
        dims = []
        for d, size in enumerate(self.operands[0].type.dims):
            if d not in red:
                dims.append(size)
            elif keep:
                dims.append(1)
        return [TT(self.rtype(), dims)]

    def check(self, vals):
        fn = self.attrs["fn"]
        shape = shape_of(vals[0])
        count = int(np.prod([shape[d] for d in self.rdims()]))
        if fn in ("var", "std") and count < self.attrs.get("ddof", 0):
            raise Invalid("fewer elements than ddof")

    def mlir(self):
        fn, axes = self.attrs["fn"], self.attrs.get("axes")
        text = "%s = array.%s %s" % (self.r.ref, fn, self.o(0))
        if axes is not None:
            text += " axes [%s]" % ", ".join(map(str, axes))
        if self.attrs.get("keepdims"):
            text += " keepdims"
        if self.attrs.get("ddof"):
            text += " ddof %d" % self.attrs["ddof"]
        return [text + " : %s -> %s" % (self.t(0), self.r.type.mlir())]

    def py(self):
        fn, dt, x = self.attrs["fn"], self.dt(0), self.n(0)
        axes = self.attrs.get("axes")
        ax = "None" if axes is None else repr(tuple(axes))
        keep = bool(self.attrs.get("keepdims"))
        rt = self.rtype()
        kw = "axis=%s, keepdims=%s" % (ax, keep)
        if fn in ("sum", "prod", "mean"):
            acc = acc_type(dt) if fn != "mean" or is_float(dt) else "float64"
            expr = "np.%s(%s, %s)" % (fn, py_cast(x, dt, acc), kw)
            return py_cast(expr, acc, rt)
        if fn in ("var", "std"):
            acc = acc_type(dt) if is_float(dt) else "float64"
            expr = "np.%s(%s, %s, ddof=%d)" % (
                fn, py_cast(x, dt, acc), kw, self.attrs.get("ddof", 0))
            return py_cast(expr, acc, rt)
        if fn in ("max", "min"):
            if is_float(dt):
                ident = "-np.inf" if fn == "max" else "np.inf"
            elif dt == "bool":
                ident = "False" if fn == "max" else "True"
            else:
                info = np.iinfo(dt)
                ident = str(info.min if fn == "max" else info.max)
            return "np.%s(%s, %s, initial=%s)" % (fn, x, kw, ident)
        if fn in ("any", "all"):
            return "np.%s(%s, %s)" % (fn, x, kw)
        if fn == "logsumexp":
            inner = compute_type(rt)
            return py_cast("_lse(%s, %s, %s)" % (py_cast(x, dt, inner), ax,
                                                 keep), inner, rt)
        raise AssertionError(fn)


class ArgReduce(Op):
    kind = "argreduce"

    def infer(self):
        t = self.operands[0].type
        if not is_tensor(self.operands[0]):
            raise Invalid("argmax of a non-tensor")
        axis = self.attrs.get("axis")
        red = list(range(t.rank)) if axis is None else norm_axes([axis],
                                                                 t.rank)
        keep = self.attrs.get("keepdims", False)
        dims = [s if d not in red else 1 for d, s in enumerate(t.dims)
                if d not in red or keep]
        return [TT("int64", dims)]

    def check(self, vals):
        shape = shape_of(vals[0])
        axis = self.attrs.get("axis")
        red = list(range(len(shape))) if axis is None else norm_axes(
            [axis], len(shape))
        count = int(np.prod([shape[d] for d in red]))
        rest = int(np.prod(shape)) // count if count else 0
        if count == 0 and (rest > 0 or axis is None):
            raise Invalid("argmax of an empty slice")

    def mlir(self):
        axis = self.attrs.get("axis")
        text = "%s = array.%s %s" % (self.r.ref, self.attrs["fn"], self.o(0))
        if axis is not None:
            text += " axis %d" % axis
        if self.attrs.get("keepdims"):
            text += " keepdims"
        return [text + " : %s -> %s" % (self.t(0), self.r.type.mlir())]

    def py(self):
        return "np.%s(%s, axis=%s, keepdims=%s)" % (
            self.attrs["fn"], self.n(0), self.attrs.get("axis"),
            bool(self.attrs.get("keepdims")))


class Scan(Op):
    kind = "scan"

    def infer(self):
        t = self.operands[0].type
        if not is_tensor(self.operands[0]) or t.rank == 0:
            raise Invalid("scan of a 0-d array")
        norm_axes([self.attrs["axis"]], t.rank)
        return [TT(sum_type(t.dtype), t.dims)]

    def mlir(self):
        return ["%s = array.%s %s axis %d : %s -> %s" % (
            self.r.ref, self.attrs["fn"], self.o(0), self.attrs["axis"],
            self.t(0), self.r.type.mlir())]

    def py(self):
        dt = self.dt(0)
        acc = acc_type(dt)
        return py_cast("np.%s(%s, axis=%d)" % (
            self.attrs["fn"], py_cast(self.n(0), dt, acc), self.attrs["axis"]),
            acc, sum_type(dt))


def slice_text(slices):
    parts = []
    for start, stop, step in slices:
        text = ("" if start is None else str(start)) + ":" + \
            ("" if stop is None else str(stop))
        if step is not None:
            text += ":" + str(step)
        parts.append(text)
    return "[%s]" % ", ".join(parts)


class Shape(Op):
    """reshape, transpose, slice, concatenate, stack, pad, take, expand_dims,
    squeeze, broadcast_to, tensor.cast."""
    kind = "shape"

    def infer(self):
        fn, a = self.attrs["fn"], self.attrs
        for v in self.operands:
            if not is_tensor(v):
                raise Invalid("shape op of a non-tensor")
        t = self.operands[0].type
        dims = list(t.dims)
        if fn == "reshape":
            shape = tuple(a["shape"])
            count = int(np.prod(shape))
            known = [d for d in dims if d is not None]
            if None not in dims:
                if int(np.prod(dims)) != count:
                    raise Invalid("reshape count")
            else:
                k = int(np.prod(known)) if known else 1
                if (count != 0) if k == 0 else (count % k):
                    raise Invalid("reshape count")
            return [TT(t.dtype, shape)]
        if fn == "transpose":
            perm = a.get("perm") or list(range(t.rank))[::-1]
            if sorted(perm) != list(range(t.rank)):
                raise Invalid("permutation")
            return [TT(t.dtype, [dims[p] for p in perm])]
        if fn == "slice":
            if None in dims or t.rank == 0 or len(a["slices"]) != t.rank:
                raise Invalid("slice of a dynamic shape")
            out = [len(range(*slice(*s).indices(n)))
                   for s, n in zip(a["slices"], dims)]
            return [TT(t.dtype, out)]
        if fn in ("concatenate", "stack"):
            dt = promote(*[v.type.dtype for v in self.operands])
            ranks = {v.type.rank for v in self.operands}
            if len(ranks) != 1:
                raise Invalid("ranks differ")
            rank = t.rank
            if fn == "concatenate":
                if rank == 0:
                    raise Invalid("concatenate 0-d")
                axis = norm_axes([a["axis"]], rank)[0]
            else:
                axis = norm_axes([a["axis"]], rank + 1)[0]
            out = list(dims)
            for v in self.operands[1:]:
                for d, size in enumerate(v.type.dims):
                    if fn == "concatenate" and d == axis:
                        out[d] = None if out[d] is None or size is None \
                            else out[d] + size
                    elif size is not None:
                        if out[d] is None:
                            out[d] = size
                        elif out[d] != size:
                            raise Invalid("join sizes differ")
            if fn == "stack":
                out.insert(axis, len(self.operands))
            return [TT(dt, out)]
        if fn == "pad":
            if t.rank == 0:
                raise Invalid("pad 0-d")
            return [TT(t.dtype, [None if d is None else d + lo + hi
                                 for d, lo, hi in zip(dims, a["low"],
                                                      a["high"])])]
        if fn == "take":
            idx = self.operands[1].type
            if t.rank == 0 or idx.dtype not in ("int32", "int64"):
                raise Invalid("take")
            axis = norm_axes([a["axis"]], t.rank)[0]
            if dims[axis] == 0:
                raise Invalid("take from an empty axis")
            return [TT(t.dtype, dims[:axis] + list(idx.dims) +
                       dims[axis + 1:])]
        if fn == "expand_dims":
            axis = norm_axes([a["axis"]], t.rank + 1)[0]
            dims.insert(axis, 1)
            return [TT(t.dtype, dims)]
        if fn == "squeeze":
            axes = a.get("axes")
            if axes is None:
                axes = [d for d, s in enumerate(dims) if s == 1]
            axes = norm_axes(axes, t.rank)
            if any(dims[d] != 1 for d in axes):
                raise Invalid("squeeze of a non-1 axis")
            return [TT(t.dtype, [s for d, s in enumerate(dims)
                                 if d not in axes])]
        if fn == "broadcast_to":
            target = list(a["dims"])
            off = len(target) - t.rank
            if off < 0:
                raise Invalid("broadcast_to a lower rank")
            for d, size in enumerate(target):
                od = d - off
                osize = 1 if od < 0 else dims[od]
                if size is None:
                    if osize is not None:
                        raise Invalid("dynamic result dim of a static one")
                elif not (osize == 1 or osize is None or osize == size):
                    raise Invalid("cannot broadcast")
            return [TT(t.dtype, target)]
        if fn == "cast":
            target = list(a["dims"])
            if len(target) != t.rank or any(
                    x is not None and y is not None and x != y
                    for x, y in zip(target, dims)):
                raise Invalid("cast")
            return [TT(t.dtype, target)]
        raise AssertionError(fn)

    def check(self, vals):
        fn, a = self.attrs["fn"], self.attrs
        shapes = [shape_of(x) for x in vals]
        s = shapes[0]
        if fn == "reshape" and int(np.prod(s)) != int(np.prod(a["shape"])):
            raise Invalid("reshape count at run time")
        if fn == "concatenate" or fn == "stack":
            axis = a["axis"] % (len(s) + (fn == "stack"))
            for other in shapes[1:]:
                for d in range(len(s)):
                    if (fn == "stack" or d != axis) and other[d] != s[d]:
                        raise Invalid("join sizes differ at run time")
        if fn == "take":
            if s[a["axis"] % len(s)] == 0:
                raise Invalid("take from an empty axis")
        if fn == "broadcast_to":
            target = a["dims"]
            off = len(target) - len(s)
            t = self.operands[0].type
            for d, size in enumerate(target):
                od = d - off
                if od >= 0 and t.dims[od] is None and size is not None \
                        and s[od] != size:
                    raise Invalid("dynamic dim differs from broadcast size")
        if fn == "cast":
            if any(x is not None and x != y for x, y in zip(a["dims"], s)):
                raise Invalid("cast to a wrong static size")

    def mlir(self):
        fn, a = self.attrs["fn"], self.attrs
        r, rt = self.r.ref, self.r.type.mlir()
        if fn == "cast":
            return ["%s = tensor.cast %s : %s to %s" % (r, self.o(0),
                                                        self.t(0), rt)]
        if fn in ("concatenate", "stack"):
            return ["%s = array.%s %s axis %d : %s" % (
                r, fn, ", ".join(v.ref for v in self.operands), a["axis"],
                self.sig())]
        if fn == "take":
            return ["%s = array.take %s, %s axis %d : %s" % (
                r, self.o(0), self.o(1), a["axis"], self.sig())]
        attr = ""
        if fn == "transpose" and a.get("perm") is not None:
            attr = " permutation [%s]" % ", ".join(map(str, a["perm"]))
        elif fn == "slice":
            attr = " " + slice_text(a["slices"])
        elif fn == "pad":
            attr = " low [%s] high [%s] value %s" % (
                ", ".join(map(str, a["low"])), ", ".join(map(str, a["high"])),
                mlir_value(a["value"], self.dt(0)))
        elif fn == "expand_dims":
            attr = " axis %d" % a["axis"]
        elif fn == "squeeze" and a.get("axes") is not None:
            attr = " axes [%s]" % ", ".join(map(str, a["axes"]))
        return ["%s = array.%s %s%s : %s -> %s" % (r, fn, self.o(0), attr,
                                                   self.t(0), rt)]

    def py(self):
        fn, a = self.attrs["fn"], self.attrs
        x = self.n(0)
        if fn == "cast":
            return x
        if fn == "reshape":
            return "np.reshape(%s, %r)" % (x, tuple(a["shape"]))
        if fn == "transpose":
            return "np.transpose(%s, %r)" % (
                x, tuple(a["perm"]) if a.get("perm") is not None else None)
        if fn == "slice":
            return "%s%s" % (x, slice_text(a["slices"]))
        if fn in ("concatenate", "stack"):
            dt = self.r.type.dtype
            return "np.%s([%s], axis=%d)" % (fn, ", ".join(
                py_cast(v.name, v.type.dtype, dt) for v in self.operands),
                a["axis"])
        if fn == "pad":
            dt = self.dt(0)
            value = a["value"]
            v = (repr(bool(value)) if dt == "bool" else py_float(value)
                 if is_float(dt) else str(int(value)))
            return "np.pad(%s, %r, constant_values=%s)" % (
                x, tuple(zip(a["low"], a["high"])), v)
        if fn == "take":
            return "np.take(%s, %s, axis=%d, mode='clip')" % (
                x, self.n(1), a["axis"])
        if fn == "expand_dims":
            return "np.expand_dims(%s, %d)" % (x, a["axis"])
        if fn == "squeeze":
            t = self.operands[0].type
            axes = a.get("axes")
            if axes is None:
                axes = [d for d, s in enumerate(t.dims) if s == 1]
            return "np.squeeze(%s, axis=%r)" % (x, tuple(axes))
        if fn == "broadcast_to":
            return "_bto(%s, %r)" % (x, tuple(a["dims"]))
        raise AssertionError(fn)


class Product(Op):
    """array.matmul and array.dot."""
    kind = "product"

    def infer(self):
        a, b = (v.type for v in self.operands)
        if not all(is_tensor(v) for v in self.operands):
            raise Invalid("product of a non-tensor")
        if a.rank == 0 or b.rank == 0:
            raise Invalid("product of 0-d")
        dt = promote(a.dtype, b.dtype)
        if dt == "bool":
            raise Invalid("bool product")
        ka, kb = a.dims[-1], b.dims[0 if b.rank == 1 else -2]
        if ka is not None and kb is not None and ka != kb:
            raise Invalid("contracted sizes differ")
        if self.attrs["fn"] == "dot":
            rk = 0 if b.rank == 1 else b.rank - 2
            return [TT(dt, list(a.dims[:-1]) + [d for i, d in
                                                enumerate(b.dims) if i != rk])]
        batch = broadcast_dims([TT(dt, a.dims[:-2]), TT(dt, b.dims[:-2])]) \
            if a.rank > 2 or b.rank > 2 else ()
        dims = list(batch)
        if a.rank >= 2:
            dims.append(a.dims[-2])
        if b.rank >= 2:
            dims.append(b.dims[-1])
        return [TT(dt, dims)]

    def check(self, vals):
        a, b = (shape_of(x) for x in vals)
        ka = a[-1]
        kb = b[0] if len(b) == 1 else b[-2]
        if ka != kb:
            raise Invalid("contracted sizes differ at run time")
        if self.attrs["fn"] == "matmul" and (len(a) > 2 or len(b) > 2):
            ta, tb = (v.type for v in self.operands)
            broadcast_check([TT(ta.dtype, ta.dims[:-2]),
                             TT(tb.dtype, tb.dims[:-2])], [a[:-2], b[:-2]])

    def mlir(self):
        return ["%s = array.%s %s, %s : %s" % (
            self.r.ref, self.attrs["fn"], self.o(0), self.o(1), self.sig())]

    def py(self):
        dt = self.r.type.dtype
        inner = "float32" if WIDTH[dt] == 16 and is_float(dt) else dt
        fn = "np.matmul" if self.attrs["fn"] == "matmul" else "np.dot"
        expr = "%s(%s, %s)" % (fn, py_cast(self.n(0), self.dt(0), inner),
                               py_cast(self.n(1), self.dt(1), inner))
        if inner != dt or dt == "bfloat16":
            return py_cast(expr, inner, dt)
        return "np.asarray(%s)" % expr


class Create(Op):
    """array.full (dynamic sizes from index operands), constant, arange,
    linspace, eye."""
    kind = "create"

    def infer(self):
        a = self.attrs
        fn, dt = a["fn"], a["dtype"]
        if fn == "full":
            dims = list(a["dims"])
            if sum(d is None for d in dims) != len(self.operands) or any(
                    v.type != ST("index") for v in self.operands):
                raise Invalid("full sizes")
            return [TT(dt, dims)]
        if fn == "constant":
            return [TT(dt, a["value"].shape)]
        if fn == "arange":
            n = len(np.arange(a["start"], a["stop"], a["step"]))
            return [TT(dt, [n])]
        if fn == "linspace":
            return [TT(dt, [a["num"]])]
        if fn == "eye":
            return [TT(dt, [a["n"], a["m"]])]
        raise AssertionError(fn)

    def check(self, vals):
        if any(int(v) < 0 for v in vals):
            raise Invalid("negative size")

    def mlir(self):
        a = self.attrs
        fn, dt = a["fn"], a["dtype"]
        r, rt = self.r.ref, self.r.type.mlir()
        if fn == "full":
            sizes = "(%s)" % ", ".join(v.ref for v in self.operands) \
                if self.operands else ""
            return ["%s = array.full%s %s : %s" % (
                r, sizes, mlir_value(a["value"], dt), rt)]
        if fn == "constant":
            value = a["value"]
            text = rs.dense(value, dt) if value.size else ""
            return ["%s = array.constant dense<%s> : %s" % (r, text, rt)]
        if fn == "arange":
            text = ", ".join(rs.mlir_float(v) if is_float(dt) else str(v)
                             for v in (a["start"], a["stop"], a["step"]))
            return ["%s = array.arange %s : %s" % (r, text, rt)]
        if fn == "linspace":
            return ["%s = array.linspace %s, %s : %s" % (
                r, rs.mlir_float(a["start"]), rs.mlir_float(a["stop"]), rt)]
        if fn == "eye":
            k = "k %d " % a["k"] if a["k"] else ""
            return ["%s = array.eye %s: %s" % (r, k, rt)]
        raise AssertionError(fn)

    def py(self):
        a = self.attrs
        fn, dt = a["fn"], a["dtype"]
        st = storage(dt)
        if fn == "full":
            names = iter(v.name for v in self.operands)
            shape = ", ".join(next(names) if d is None else str(d)
                              for d in a["dims"])
            shape = "(%s%s)" % (shape, "," if len(a["dims"]) == 1 else "")
            v = a["value"]
            lit = repr(bool(v)) if dt == "bool" else py_float(v) \
                if is_float(dt) else str(int(v))
            return "np.full(%s, %s, dtype=%s)" % (shape, lit, np_dtype(dt))
        if fn == "constant":
            value = a["value"]
            return "np.array(%s, dtype=%s).reshape(%r)" % (
                py_list(value, dt), np_dtype(dt), value.shape)
        if fn == "arange":
            if is_float(dt):
                expr = "np.arange(%s, %s, %s, dtype=np.%s)" % (
                    py_float(a["start"]), py_float(a["stop"]),
                    py_float(a["step"]), "float32" if WIDTH[dt] == 16
                    else st)
                return py_cast(expr, "float32", dt) if WIDTH[dt] == 16 \
                    else expr
            return "np.arange(%d, %d, %d, dtype=np.%s)" % (
                a["start"], a["stop"], a["step"], st)
        if fn == "linspace":
            expr = "np.linspace(%s, %s, %d)" % (py_float(a["start"]),
                                               py_float(a["stop"]), a["num"])
            if not is_float(dt):
                expr = "np.floor(%s)" % expr
            return py_cast(expr, "float64", dt)
        if fn == "eye":
            return "np.eye(%d, %d, k=%d, dtype=%s)" % (a["n"], a["m"],
                                                      a["k"], np_dtype(dt))
        raise AssertionError(fn)


def short_float(x, dt):
    """The shortest literal that reads back as `x` in `dt`."""
    x = np.asarray(x, dt)[()]
    if np.isfinite(x):
        text = str(x)
        if np.asarray(float(text)).astype(dt) == x:
            return text
    return py_float(float(x))


def py_list(value, dt):
    """A nested list literal of `value`'s elements."""
    if value.ndim == 0:
        x = value[()]
        if dt == "bool":
            return repr(bool(x))
        return short_float(x, dt) if is_float(dt) else str(int(x))
    return "[%s]" % ", ".join(py_list(v, dt) for v in value)


SCALAR_BINARY = {
    "addf": "+", "subf": "-", "mulf": "*", "maximumf": "max", "minimumf":
    "min", "addi": "+", "subi": "-", "muli": "*", "maxsi": "max", "minsi":
    "min", "andi": "&", "ori": "|"}
CMPF = {"ogt": ">", "olt": "<", "oge": ">=", "ole": "<="}
CMPI = {"sgt": ">", "slt": "<", "sge": ">=", "sle": "<=", "eq": "==",
        "ne": "!="}


def py_scalar_type(name):
    return {"index": "int", "i1": "bool", "i32": "np.int32", "i64": "np.int64",
            "f32": "np.float32", "f64": "np.float64"}[name]


class Scalar(Op):
    """Scalars: arith.constant, tensor.dim, tensor.extract, arith ops and
    casts, tensor.from_elements."""
    kind = "scalar"

    def infer(self):
        a = self.attrs
        fn = a["fn"]
        ops = self.operands
        if fn == "const":
            return [ST(a["type"])]
        if fn == "dim":
            if not isinstance(ops[0].type, TT) or \
                    not 0 <= a["dim"] < ops[0].type.rank:
                raise Invalid("dim")
            return [ST("index")]
        if fn == "extract":
            t = ops[0].type
            if not is_tensor(ops[0]) or t.dtype not in SCALAR_OF or \
                    len(ops) - 1 != t.rank or any(
                        v.type != ST("index") for v in ops[1:]):
                raise Invalid("extract")
            return [ST(SCALAR_OF[t.dtype])]
        if fn in SCALAR_BINARY:
            ta, tb = ops[0].type, ops[1].type
            if ta != tb or not isinstance(ta, ST):
                raise Invalid("scalar types differ")
            floaty = fn.endswith("f")
            if floaty != (ta.name in ("f32", "f64")):
                raise Invalid("scalar op type")
            if fn in ("andi", "ori") and ta.name != "i1":
                raise Invalid("andi of non-i1")
            return [ta]
        if fn in ("cmpf", "cmpi"):
            ta, tb = ops[0].type, ops[1].type
            if ta != tb or not isinstance(ta, ST) or (fn == "cmpf") != (
                    ta.name in ("f32", "f64")):
                raise Invalid("cmp types")
            return [ST("i1")]
        if fn == "select":
            if ops[0].type != ST("i1") or ops[1].type != ops[2].type:
                raise Invalid("select")
            return [ops[1].type]
        if fn == "cast":
            src, dst = ops[0].type, ST(a["to"])
            pairs = {("index_cast", "index", "i64"),
                     ("index_cast", "i64", "index"),
                     ("index_cast", "index", "i32"),
                     ("index_cast", "i32", "index"),
                     ("sitofp", "i64", "f32"), ("sitofp", "i64", "f64"),
                     ("sitofp", "i32", "f32"), ("sitofp", "i32", "f64"),
                     ("fptosi", "f32", "i64"), ("fptosi", "f64", "i64"),
                     ("extf", "f32", "f64"), ("truncf", "f64", "f32")}
            if not isinstance(src, ST) or (a["op"], src.name,
                                           dst.name) not in pairs:
                raise Invalid("scalar cast")
            return [dst]
        if fn == "from_elements":
            dt = a["dtype"]
            if not ops or any(v.type != ST(SCALAR_OF[dt]) for v in ops):
                raise Invalid("from_elements types")
            dims = [] if a.get("zero_d") else [len(ops)]
            if a.get("zero_d") and len(ops) != 1:
                raise Invalid("0-d from_elements of several")
            return [TT(dt, dims)]
        raise AssertionError(fn)

    def check(self, vals):
        a = self.attrs
        fn = a["fn"]
        if fn == "extract":
            shape = shape_of(vals[0])
            if any(not 0 <= int(i) < n for i, n in zip(vals[1:], shape)):
                raise Invalid("extract out of bounds")
        if fn == "cmpf":
            x, y = (float(v) for v in vals)
            if not (math.isfinite(x) and math.isfinite(y)) or \
                    abs(x - y) <= 1e-3 * max(abs(x), abs(y), 1.0):
                raise Invalid("float comparison without margin")
        if fn == "cast" and a["op"] == "fptosi":
            x = float(vals[0])
            if not math.isfinite(x) or abs(x) > 2.0**62 or \
                    abs(x - round(x)) < 1e-3 and x != round(x):
                raise Invalid("float to integer without margin")
        if fn == "cast" and a["op"] == "index_cast" and a["to"] == "i32":
            if not -2**31 <= int(vals[0]) < 2**31:
                raise Invalid("index out of i32")
        if fn in ("addi", "subi", "muli") and self.operands[0].type.name \
                in ("index",):
            x, y = (int(v) for v in vals)
            r = {"addi": x + y, "subi": x - y, "muli": x * y}[fn]
            if abs(r) > 2**40:
                raise Invalid("index too large")

    def mlir(self):
        a = self.attrs
        fn = a["fn"]
        r = self.r.ref
        ops = self.operands
        if fn == "const":
            t = a["type"]
            if t == "i1":
                return ["%s = arith.constant %s" % (
                    r, "true" if a["value"] else "false")]
            v = rs.mlir_float(a["value"]) if t in ("f32", "f64") \
                else str(int(a["value"]))
            return ["%s = arith.constant %s : %s" % (r, v, t)]
        if fn == "dim":
            c = r + "_d"
            return ["%s = arith.constant %d : index" % (c, a["dim"]),
                    "%s = tensor.dim %s, %s : %s" % (r, self.o(0), c,
                                                     self.t(0))]
        if fn == "extract":
            return ["%s = tensor.extract %s[%s] : %s" % (
                r, self.o(0), ", ".join(v.ref for v in ops[1:]), self.t(0))]
        if fn in SCALAR_BINARY:
            return ["%s = arith.%s %s, %s : %s" % (r, fn, self.o(0),
                                                   self.o(1), self.t(0))]
        if fn in ("cmpf", "cmpi"):
            return ["%s = arith.%s %s, %s, %s : %s" % (
                r, fn, a["pred"], self.o(0), self.o(1), self.t(0))]
        if fn == "select":
            return ["%s = arith.select %s, %s, %s : %s" % (
                r, self.o(0), self.o(1), self.o(2), self.t(1))]
        if fn == "cast":
            return ["%s = arith.%s %s : %s to %s" % (
                r, a["op"], self.o(0), self.t(0), a["to"])]
        if fn == "from_elements":
            return ["%s = tensor.from_elements %s : %s" % (
                r, ", ".join(v.ref for v in ops), self.r.type.mlir())]
        raise AssertionError(fn)

    def py(self):
        a = self.attrs
        fn = a["fn"]
        ops = self.operands
        if fn == "const":
            t = a["type"]
            if t == "index":
                return str(int(a["value"]))
            if t == "i1":
                return repr(bool(a["value"]))
            if t in ("f32", "f64"):
                return "%s(%s)" % (py_scalar_type(t), py_float(a["value"]))
            return "%s(%d)" % (py_scalar_type(t), int(a["value"]))
        if fn == "dim":
            return "np.shape(%s)[%d]" % (self.n(0), a["dim"])
        if fn == "extract":
            return "%s[%s]" % (self.n(0), ", ".join(
                "int(%s)" % v.name for v in ops[1:]) if len(ops) > 1
                else "()")
        if fn in SCALAR_BINARY:
            t = py_scalar_type(ops[0].type.name)
            sym = SCALAR_BINARY[fn]
            if sym in ("max", "min"):
                expr = "%s(%s, %s)" % (sym, self.n(0), self.n(1))
            else:
                expr = "%s %s %s" % (self.n(0), sym, self.n(1))
            return "%s(%s)" % (t, expr)
        if fn in ("cmpf", "cmpi"):
            sym = (CMPF if fn == "cmpf" else CMPI)[a["pred"]]
            return "bool(%s %s %s)" % (self.n(0), sym, self.n(1))
        if fn == "select":
            return "(%s if %s else %s)" % (self.n(1), self.n(0), self.n(2))
        if fn == "cast":
            return "%s(%s)" % (py_scalar_type(a["to"]), self.n(0))
        if fn == "from_elements":
            st = np_dtype(a["dtype"])
            if a.get("zero_d"):
                return "np.array(%s, dtype=%s)" % (self.n(0), st)
            return "np.array([%s], dtype=%s)" % (
                ", ".join(v.name for v in ops), st)
        raise AssertionError(fn)


class Sparse(Op):
    """to_sparse (of a dense or sparse matrix), to_dense, nnz, spmv, spmm,
    sparse_add, sparse_scale, sparse_transpose, sddmm, spgemm. The twin
    holds a sparse matrix as its dense array."""
    kind = "sparse"

    def infer(self):
        a = self.attrs
        fn = a["fn"]
        ops = self.operands
        t0 = ops[0].type
        if fn == "to_sparse":
            if not isinstance(t0, TT) or t0.rank != 2 or \
                    t0.dtype not in FLOATS:
                raise Invalid("to_sparse")
            if t0.sparse and t0.sparse[1] != a["width"]:
                raise Invalid("index width change")
            return [TT(t0.dtype, t0.dims, (a["fmt"], a["width"]))]
        if not is_sparse(ops[0]):
            raise Invalid("sparse op of a dense operand")
        m, n = t0.dims
        if fn == "to_dense":
            return [TT(t0.dtype, t0.dims)]
        if fn == "nnz":
            return [ST("index")]
        if fn in ("spmv", "spmm"):
            b = ops[1].type
            if not is_tensor(ops[1]) or b.dtype != t0.dtype or b.rank != (
                    1 if fn == "spmv" else 2) or not compatible(b.dims[0], n):
                raise Invalid(fn)
            dims = [m] if fn == "spmv" else [m, b.dims[1]]
            if len(ops) == 3:
                c = ops[2].type
                if not is_tensor(ops[2]) or c.dtype != t0.dtype or \
                        c.rank != len(dims) or not all(
                            compatible(x, y) for x, y in zip(c.dims, dims)):
                    raise Invalid(fn + " addend")
            return [TT(t0.dtype, dims)]
        if fn == "sparse_add":
            if ops[1].type != t0:
                raise Invalid("sparse_add types")
            return [t0]
        if fn == "sparse_scale":
            return [t0]
        if fn == "sparse_transpose":
            return [TT(t0.dtype, (n, m), (a["fmt"], t0.sparse[1]))]
        if fn == "sddmm":
            x, y = ops[1].type, ops[2].type
            if not (is_tensor(ops[1]) and is_tensor(ops[2])) or \
                    x.dtype != t0.dtype or y.dtype != t0.dtype or \
                    x.rank != 2 or y.rank != 2 or \
                    not compatible(x.dims[0], m) or \
                    not compatible(y.dims[1], n) or \
                    not compatible(x.dims[1], y.dims[0]):
                raise Invalid("sddmm")
            return [t0]
        if fn == "spgemm":
            b = ops[1].type
            if t0.sparse[0] != "CSR" or b.sparse != t0.sparse or \
                    b.dtype != t0.dtype or not compatible(n, b.dims[0]):
                raise Invalid("spgemm")
            return [TT(t0.dtype, (m, b.dims[1]), t0.sparse)]
        raise AssertionError(fn)

    def check(self, vals):
        fn = self.attrs["fn"]
        shapes = [shape_of(x) for x in vals]
        if fn in ("spmv", "spmm"):
            if shapes[1][0] != shapes[0][1]:
                raise Invalid("product sizes at run time")
            if len(vals) == 3:
                want = (shapes[0][0],) + tuple(shapes[1][1:])
                if shapes[2] != want:
                    raise Invalid("addend sizes at run time")
        if fn == "sparse_add" and shapes[0] != shapes[1]:
            raise Invalid("sum sizes at run time")
        if fn == "sddmm":
            m, n = shapes[0]
            if shapes[1][0] != m or shapes[2][1] != n or \
                    shapes[1][1] != shapes[2][0]:
                raise Invalid("sddmm sizes at run time")
        if fn == "spgemm" and shapes[0][1] != shapes[1][0]:
            raise Invalid("spgemm sizes at run time")

    def attrs_text(self):
        return "{alpha = %s, beta = %s}" % (rs.mlir_float(self.attrs["alpha"]),
                                           rs.mlir_float(self.attrs["beta"]))

    def mlir(self):
        a = self.attrs
        fn = a["fn"]
        r, rt = self.r.ref, self.r.type.mlir()
        ops = ", ".join(v.ref for v in self.operands)
        if fn in ("to_sparse", "to_dense", "sparse_transpose"):
            return ["%s = array.%s %s : %s -> %s" % (r, fn, ops, self.t(0),
                                                     rt)]
        if fn == "nnz":
            return ["%s = array.nnz %s : %s" % (r, ops, self.t(0))]
        if fn in ("spmv", "spmm"):
            return ["%s = array.%s %s %s : %s" % (r, fn, ops,
                                                  self.attrs_text(),
                                                  self.sig())]
        if fn == "sparse_add":
            return ["%s = array.sparse_add %s : %s" % (r, ops, rt)]
        if fn == "sparse_scale":
            return ["%s = array.sparse_scale %s by %s : %s" % (
                r, ops, rs.mlir_float(a["alpha"]), rt)]
        if fn == "sddmm":
            return ["%s = array.sddmm %s %s : %s" % (
                r, ops, self.attrs_text(),
                ", ".join(v.type.mlir() for v in self.operands))]
        if fn == "spgemm":
            return ["%s = array.spgemm %s : %s, %s -> %s" % (
                r, ops, self.t(0), self.t(1), rt)]
        raise AssertionError(fn)

    def py(self):
        a = self.attrs
        fn = a["fn"]
        dt = self.dt(0)
        names = [v.name for v in self.operands]
        wide = [py_cast(n, v.type.dtype, "float64")
                for n, v in zip(names, self.operands)]
        if fn in ("to_sparse", "to_dense"):
            return names[0]
        if fn == "nnz":
            return "int(np.count_nonzero(%s))" % names[0]
        if fn == "sparse_transpose":
            return "np.transpose(%s)" % names[0]
        alpha, beta = py_float(a.get("alpha", 1.0)), py_float(
            a.get("beta", 0.0))
        if fn in ("spmv", "spmm"):
            expr = "%s * _spmul(%s, %s)" % (alpha, wide[0], wide[1])
            # y is not read when beta is 0 (arrayrt.csr_spmv).
            if len(names) == 3 and a.get("beta", 0.0) != 0:
                expr += " + %s * %s" % (beta, wide[2])
        elif fn == "sparse_add":
            expr = "%s + %s" % (wide[0], wide[1])
        elif fn == "sparse_scale":
            expr = "%s * %s" % (alpha, wide[0])
        elif fn == "sddmm":
            # S's values are not read when beta is 0 (as y in spmv).
            expr = "np.where(%s != 0, %s * (%s @ %s)%s, 0)" % (
                names[0], alpha, wide[1], wide[2],
                " + %s * %s" % (beta, wide[0]) if a.get("beta", 0.0) != 0
                else "")
        elif fn == "spgemm":
            expr = "%s @ %s" % (wide[0], wide[1])
        else:
            raise AssertionError(fn)
        return "_as(%s, %r)" % (expr, dt)


def compatible(a, b):
    return a is None or b is None or a == b


# ---------------------------------------------------------------------------
# control flow, functions, programs
# ---------------------------------------------------------------------------

class Block:
    """Statements with arguments and the values they end with (scf.yield,
    scf.condition's operands after the condition, return)."""

    def __init__(self, args=None, stmts=None, yields=None):
        self.args = list(args or [])
        self.stmts = list(stmts or [])
        self.yields = list(yields or [])


def mlir_block(block, indent):
    out = []
    for stmt in block.stmts:
        for line in stmt.mlir():
            out.append(indent + line)
    return out


def yield_line(vals, keyword="scf.yield"):
    if not vals:
        return keyword
    return "%s %s : %s" % (keyword, ", ".join(v.ref for v in vals),
                           ", ".join(v.type.mlir() for v in vals))


def result_head(op):
    """`%v3:2` or `%v3`."""
    if len(op.results) == 1:
        return op.results[0].ref
    return "%%%s:%d" % (op.attrs["id"], len(op.results))


def types_text(vals):
    return ", ".join(v.type.mlir() for v in vals)


class For(Op):
    """scf.for %iv = lb to ub step st iter_args(...) over `body` (args: iv,
    then the carried values)."""
    kind = "for"

    def blocks(self):
        return [self.attrs["body"]]

    def infer(self):
        ops = self.operands
        if any(v.type != ST("index") for v in ops[:3]):
            raise Invalid("for bounds")
        body = self.attrs["body"]
        inits = ops[3:]
        for arg, init in zip(body.args[1:], inits):
            arg.type = init.type
        return [v.type for v in inits]

    def check_yields(self):
        body = self.attrs["body"]
        if [v.type for v in body.yields] != [v.type for v in body.args[1:]]:
            raise Invalid("yield types differ from the carried types")

    def mlir(self):
        body = self.attrs["body"]
        lb, ub, st = (v.ref for v in self.operands[:3])
        head = "%s = " % result_head(self) if self.results else ""
        carried = ""
        if self.results:
            carried = " iter_args(%s) -> (%s)" % (
                ", ".join("%s = %s" % (a.ref, i.ref) for a, i in
                          zip(body.args[1:], self.operands[3:])),
                types_text(self.results))
        lines = ["%sscf.for %s = %s to %s step %s%s {" % (
            head, body.args[0].ref, lb, ub, st, carried)]
        lines += mlir_block(body, "  ")
        lines.append("  " + yield_line(body.yields))
        lines.append("}")
        return lines


class While(Op):
    """scf.while: `before` computes attrs cond and forwards its args
    unchanged; `after` is the body."""
    kind = "while"

    def blocks(self):
        return [self.attrs["before"], self.attrs["after"]]

    def infer(self):
        before, after = self.attrs["before"], self.attrs["after"]
        for arg, init in zip(before.args, self.operands):
            arg.type = init.type
        for arg, init in zip(after.args, self.operands):
            arg.type = init.type
        return [v.type for v in self.operands]

    def check_yields(self):
        before, after = self.attrs["before"], self.attrs["after"]
        if before.yields[0].type != ST("i1"):
            raise Invalid("while condition type")
        if [v.type for v in after.yields] != [v.type for v in after.args]:
            raise Invalid("while yield types")

    def mlir(self):
        before, after = self.attrs["before"], self.attrs["after"]
        types = types_text(self.operands)
        lines = ["%s = scf.while (%s) : (%s) -> (%s) {" % (
            result_head(self), ", ".join(
                "%s = %s" % (a.ref, i.ref)
                for a, i in zip(before.args, self.operands)), types, types)]
        lines += mlir_block(before, "  ")
        cond = before.yields[0]
        lines.append("  scf.condition(%s) %s : %s" % (
            cond.ref, ", ".join(a.ref for a in before.args), types))
        lines.append("} do {")
        lines.append("^bb0(%s):" % ", ".join(
            "%s: %s" % (a.ref, a.type.mlir()) for a in after.args))
        lines += mlir_block(after, "  ")
        lines.append("  " + yield_line(after.yields))
        lines.append("}")
        return lines


class If(Op):
    """scf.if on an i1 operand, both branches yielding the result types."""
    kind = "if"

    def blocks(self):
        return [self.attrs["then"], self.attrs["else"]]

    def infer(self):
        if self.operands[0].type != ST("i1"):
            raise Invalid("if condition")
        return [v.type for v in self.attrs["then"].yields]

    def check_yields(self):
        a, b = self.attrs["then"], self.attrs["else"]
        if [v.type for v in a.yields] != [v.type for v in b.yields]:
            raise Invalid("branch types differ")

    def mlir(self):
        a, b = self.attrs["then"], self.attrs["else"]
        head = "%s = " % result_head(self) if self.results else ""
        types = " -> (%s)" % types_text(self.results) if self.results else ""
        lines = ["%sscf.if %s%s {" % (head, self.o(0), types)]
        lines += mlir_block(a, "  ")
        lines.append("  " + yield_line(a.yields))
        lines.append("} else {")
        lines += mlir_block(b, "  ")
        lines.append("  " + yield_line(b.yields))
        lines.append("}")
        return lines


class Func:
    """A function of the program: `args` have fixed types; `body` yields
    the results."""

    def __init__(self, name, args, body):
        self.name = name
        self.args = args
        self.body = body

    def mlir(self, prefix):
        results = self.body.yields
        lines = ["func.func @%s_%s(%s) -> (%s) {" % (
            prefix, self.name, ", ".join("%s: %s" % (a.ref, a.type.mlir())
                                         for a in self.args),
            types_text(results))]
        lines += mlir_block(self.body, "  ")
        lines.append("  " + yield_line(results, "return"))
        lines.append("}")
        return lines


class Call(Op):
    kind = "call"

    def infer(self):
        func = self.attrs["func"]
        if [v.type for v in self.operands] != [a.type for a in func.args]:
            raise Invalid("call operand types")
        return [v.type for v in func.body.yields]

    def mlir(self):
        func = self.attrs["func"]
        head = "%s = " % result_head(self)
        return ["%sfunc.call @%s_%s(%s) : (%s) -> (%s)" % (
            head, self.attrs["prefix"], func.name,
            ", ".join(v.ref for v in self.operands), types_text(self.operands),
            types_text(self.results))]


class Program:
    """Inputs (Val, array; bfloat16 ones are loaded as float32 and
    converted), functions, the main block, outputs (Val, check)."""

    def __init__(self, seed, index):
        self.seed = seed
        self.index = index
        self.inputs = []
        self.funcs = []
        self.main = Block()
        self.outputs = []
        self.specials = False
        self.counter = 0

    def fresh(self, prefix="v"):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def walk(self):
        """Every statement, in order, with the block holding it."""
        def visit(block):
            for stmt in block.stmts:
                yield stmt, block
                for inner in stmt.blocks():
                    yield from visit(inner)
        for func in self.funcs:
            yield from visit(func.body)
        yield from visit(self.main)


# ---------------------------------------------------------------------------
# the interpreter: runs the twin op by op with the compiled program's
# run-time rules, and (for the generator) the value checks
# ---------------------------------------------------------------------------

CODE_CACHE = {}
ELEMENT_CAP = 1 << 15
LARGE_CAP = 1 << 19
MAX_TRIPS = 40


def twin_eval(expr, env):
    code = CODE_CACHE.get(expr)
    if code is None:
        code = CODE_CACHE[expr] = compile(expr, "<twin>", "eval")
    return eval(code, TWIN_GLOBALS, env)  # noqa: S307 (our own expressions)


class Interp:
    """Evaluates a program (or, for the generator, one statement at a time).
    `strict`: float values must be finite (unless the program's inputs have
    NaN or infinities) and bounded; `perturb`: an rng perturbing every float
    result by a random 4 ulps (the tolerance estimate)."""

    def __init__(self, program, strict=True, perturb=None, cap=ELEMENT_CAP):
        self.program = program
        self.strict = strict
        self.perturb = perturb
        self.cap = cap
        self.zero = False       # some array had a zero-size dimension
        self.dynamic_zero = False  # ... a dynamic one
        self.shapes = {}        # the first concrete shape of each value
        self.scalars = {}       # the first value of each scalar
        self.steps = 0

    def run(self):
        env = {}
        for val, array in self.program.inputs:
            self.bind(val, array, env)
        self.block(self.program.main, env)
        return [env[val.name] for val, _ in self.program.outputs]

    def block(self, block, env):
        for stmt in block.stmts:
            self.stmt(stmt, env)

    def stmt(self, op, env):
        self.steps += 1
        if self.steps > 20000:
            raise Invalid("too many steps")
        if isinstance(op, For):
            self.run_for(op, env)
        elif isinstance(op, While):
            self.run_while(op, env)
        elif isinstance(op, If):
            branch = op.attrs["then"] if env[op.operands[0].name] else \
                op.attrs["else"]
            inner = dict(env)
            self.block(branch, inner)
            self.bind_all(op.results, [inner[v.name] for v in branch.yields],
                          env)
        elif isinstance(op, Call):
            func = op.attrs["func"]
            inner = {}
            for arg, v in zip(func.args, op.operands):
                self.bind(arg, env[v.name], inner)
            self.block(func.body, inner)
            self.bind_all(op.results,
                          [inner[v.name] for v in func.body.yields], env)
        else:
            vals = [env[v.name] for v in op.operands]
            op.check(vals)
            if result_size(op, vals) > self.cap:
                raise Invalid("too large")
            try:
                with np.errstate(all="ignore"):
                    value = twin_eval(op.py(), env)
            except Invalid:
                raise
            except Exception as error:  # the twin refuses: not valid here
                raise Invalid("twin: %s" % error)
            self.bind(op.results[0], value, env)

    def run_for(self, op, env):
        lb, ub, st = (int(env[v.name]) for v in op.operands[:3])
        if st <= 0 or len(range(lb, ub, st)) > MAX_TRIPS:
            raise Invalid("loop bounds")
        body = op.attrs["body"]
        state = [env[v.name] for v in op.operands[3:]]
        for i in range(lb, ub, st):
            inner = dict(env)
            inner[body.args[0].name] = i
            for arg, x in zip(body.args[1:], state):
                self.bind(arg, x, inner)
            self.block(body, inner)
            state = [inner[v.name] for v in body.yields]
        self.bind_all(op.results, state, env)

    def run_while(self, op, env):
        before, after = op.attrs["before"], op.attrs["after"]
        state = [env[v.name] for v in op.operands]
        trips = 0
        while True:
            inner = dict(env)
            for arg, x in zip(before.args, state):
                self.bind(arg, x, inner)
            self.block(before, inner)
            if not inner[before.yields[0].name]:
                break
            trips += 1
            if trips > MAX_TRIPS:
                raise Invalid("while does not end")
            inner = dict(env)
            for arg, x in zip(after.args, state):
                self.bind(arg, x, inner)
            self.block(after, inner)
            state = [inner[v.name] for v in after.yields]
        self.bind_all(op.results, state, env)

    def bind_all(self, vals, values, env):
        for val, value in zip(vals, values):
            self.bind(val, value, env)

    def bind(self, val, value, env):
        t = val.type
        if isinstance(t, TT):
            value = np.asarray(value)
            if value.dtype != np.dtype(storage(t.dtype)) or \
                    value.ndim != t.rank or any(
                        d is not None and d != s
                        for d, s in zip(t.dims, value.shape)):
                raise Invalid("twin value %s %s does not have type %s" % (
                    value.dtype, value.shape, t.mlir()))
            if value.size > self.cap:
                raise Invalid("too large")
            if 0 in value.shape:
                self.zero = True
                if any(d is None and s == 0
                       for d, s in zip(t.dims, value.shape)):
                    self.dynamic_zero = True
            if is_float(t.dtype):
                if self.perturb is not None:
                    value = perturbed(self.perturb, value, t.dtype)
                if self.strict and value.size:
                    if not self.program.specials and \
                            not np.all(np.isfinite(value)):
                        raise Invalid("not finite")
                    finite = value[np.isfinite(value)]
                    if finite.size and np.max(np.abs(finite)) > \
                            BOUND[t.dtype]:
                        raise Invalid("too large values")
        elif isinstance(t, ST) and t.name in ("f32", "f64"):
            if self.strict and not math.isfinite(float(value)):
                raise Invalid("scalar not finite")
            if self.perturb is not None:
                dt = "float32" if t.name == "f32" else "float64"
                value = perturbed(self.perturb, np.asarray(value), dt)[()]
        if val.name not in self.shapes:
            self.shapes[val.name] = np.shape(value)
            if isinstance(t, ST):
                self.scalars[val.name] = value
        env[val.name] = value


def result_size(op, vals):
    """An upper bound of an op's result size, before computing it."""
    shapes = [np.shape(x) for x in vals]
    static = int(np.prod([d for d in op.results[0].type.dims
                          if d is not None])) \
        if isinstance(op.results[0].type, TT) else 1
    if isinstance(op, Elementwise):
        try:
            return int(np.prod(np.broadcast_shapes(*shapes)))
        except ValueError:
            return 0
    if isinstance(op, Product) and len(shapes) == 2:
        a, b = shapes
        return int(np.prod(a[:-1])) * int(np.prod(b)) // max(
            1, (b[0] if len(b) == 1 else b[-2])) * max(1, int(np.prod(
                b[:-2])))
    if isinstance(op, Create) and op.attrs["fn"] == "full":
        return static * int(np.prod([int(x) for x in vals]))
    if isinstance(op, Shape) and op.attrs["fn"] == "take":
        return int(np.prod(shapes[0])) * max(1, int(np.prod(shapes[1])))
    if isinstance(op, (Shape, Sparse)):
        return max([static] + [int(np.prod(x)) * 4 for x in shapes])
    return static


def perturbed(rng, value, dt):
    factor = 1 + 2 * PERTURB_ULPS[dt] * EPS[dt] * rng.uniform(
        -1, 1, size=np.shape(value))
    out = (value.astype(np.float64) * factor).astype(storage(dt))
    if dt == "bfloat16":
        out = TWIN_GLOBALS["_bf"](out)
    return np.asarray(out)


# ---------------------------------------------------------------------------
# the generator
# ---------------------------------------------------------------------------

# Features --avoid can turn off (the default generates everything).
FEATURES = ["for", "while", "if", "call", "nested", "sparse", "dynamic",
            "zero", "scalar", "take", "product", "large", "save-cf",
            "uconst"] + \
    ["dtype:" + d for d in DTYPES]

SIZES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 31, 33]
LARGE_SIZES = [64, 100, 128, 257, 1000, 1024, 4097]
DTYPE_WEIGHTS = {"float32": 30, "float64": 14, "float16": 6, "bfloat16": 6,
                 "int32": 8, "int64": 8, "int8": 3, "int16": 3, "uint8": 3,
                 "uint16": 2, "uint32": 2, "uint64": 2, "bool": 4}
TAME_FLOAT_UNARY = ["tanh", "sin", "cos", "abs", "neg", "sigmoid", "arctan",
                    "erf"]
FLOAT_UNARY_ALL = list(FLOAT_FUNCTIONS) + ["neg", "abs", "sign", "square",
                                           "reciprocal", "floor", "ceil",
                                           "round", "trunc", "isnan", "isinf",
                                           "isfinite", "logical_not"]
INT_UNARY = ["neg", "abs", "sign", "square", "reciprocal", "invert",
             "logical_not", "isnan", "isfinite", "exp", "sqrt", "sin", "tanh",
             "log1p", "cbrt"]
BOOL_UNARY = ["abs", "square", "reciprocal", "logical_not", "invert", "exp",
              "sin", "isinf"]
FLOAT_BINARY = ["add", "sub", "mul", "div", "maximum", "minimum", "fmax",
                "fmin", "power", "arctan2", "floor_divide", "remainder",
                "equal", "not_equal", "less", "less_equal", "greater",
                "greater_equal", "logical_and", "logical_or", "logical_xor"]
INT_BINARY = ["add", "sub", "mul", "div", "maximum", "minimum", "fmax",
              "floor_divide", "remainder", "power", "equal", "not_equal",
              "less", "less_equal", "greater", "greater_equal",
              "logical_and", "logical_xor", "bitwise_and", "bitwise_or",
              "bitwise_xor", "left_shift", "right_shift", "arctan2"]
BOOL_BINARY = ["add", "mul", "maximum", "minimum", "logical_and",
               "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
               "bitwise_xor", "equal", "not_equal", "less", "greater_equal",
               "div", "floor_divide", "power"]


class Scope:
    def __init__(self, parent, env, block, boundary=False):
        self.parent = parent
        self.env = env
        self.block = block
        self.boundary = boundary
        self.vals = []

    def visible(self):
        out = self.parent.visible() if self.parent and not self.boundary \
            else []
        return out + self.vals


class Gen:
    """Builds program `index` of `seed`."""

    def __init__(self, seed, index, avoid=()):
        self.seed, self.index = seed, index
        self.avoid = set(avoid)
        self.rng = np.random.default_rng([seed, index, 7])

    # -- random helpers ----------------------------------------------------

    def chance(self, p):
        return self.rng.random() < p

    def choice(self, items, weights=None):
        items = list(items)
        if weights is not None:
            w = np.asarray(weights, dtype=float)
            return items[int(self.rng.choice(len(items), p=w / w.sum()))]
        return items[int(self.rng.integers(len(items)))]

    def ok(self, feature):
        return feature not in self.avoid

    def dtypes(self):
        return [d for d in DTYPE_WEIGHTS if self.ok("dtype:" + d)]

    def rand_dtype(self, floats=False, numeric=False):
        names = [d for d in self.dtypes()
                 if (not floats or is_float(d)) and
                 (not numeric or d != "bool")]
        return self.choice(names, [DTYPE_WEIGHTS[d] for d in names])

    # -- program -----------------------------------------------------------

    def build(self):
        """A program; retried (same rng stream) until valid."""
        for _ in range(30):
            try:
                program = self.attempt()
            except Invalid:
                continue
            if program is not None:
                return program
        raise RuntimeError("no valid program for seed %d index %d"
                           % (self.seed, self.index))

    def attempt(self):
        p = self.p = Program(self.seed, self.index)
        p.specials = self.chance(0.05)
        self.large = self.ok("large") and self.chance(0.06)
        self.cap = LARGE_CAP if self.large else ELEMENT_CAP
        self.interp = Interp(p, cap=self.cap)
        self.scopes = [Scope(None, {}, p.main)]
        self.depth = 0
        self.ivs = []
        self.nfuncs = 0
        sizes = [s for s in SIZES if self.ok("zero") or s]
        self.pool = [int(s) for s in self.rng.choice(sizes, 3)]
        if self.large:
            self.pool[0] = int(self.choice(LARGE_SIZES))
        if self.ok("zero") and self.chance(0.12):
            self.pool[int(self.rng.integers(3))] = 0
        self.main_dtype = self.rand_dtype()
        for _ in range(int(self.rng.integers(1, 4))):
            self.fresh_input(self.main_dtype if self.chance(0.7)
                             else self.rand_dtype())
        for _ in range(int(self.rng.integers(2, 9))):
            self.action(top=True)
        self.choose_outputs()
        return self.finish()

    @property
    def scope(self):
        return self.scopes[-1]

    def env(self):
        return self.scope.env

    def visible_ivs(self):
        """The induction variables of the loops around the current scope
        that it can read: not those outside a function called from a loop
        (seed 3030, program 367)."""
        return [iv for iv in self.ivs if iv.name in self.env()]

    def value(self, v):
        return self.scope.env[v.name]

    def in_function(self):
        return any(s.boundary for s in self.scopes)

    # -- adding statements -------------------------------------------------

    def new_results(self, op, types):
        if len(types) == 1:
            op.results = [Val(self.p.fresh(), types[0], op=op)]
        else:
            name = self.p.fresh()
            op.attrs["id"] = name
            op.results = [Val("%s_%d" % (name, k), t,
                              ref="%%%s#%d" % (name, k), op=op)
                          for k, t in enumerate(types)]

    def add(self, op, scope=None):
        """Types, evaluates and appends `op` (Invalid if it does not fit)."""
        scope = scope or self.scope
        types = op.infer()
        self.new_results(op, types)
        if hasattr(op, "check_yields"):
            op.check_yields()
        self.interp.stmt(op, scope.env)
        scope.block.stmts.append(op)
        scope.vals.extend(op.results)
        if scope is not self.scope:
            # Made further out (an input): visible in the scopes inside.
            inner = False
            for s in self.scopes:
                if inner and not s.boundary:
                    for r in op.results:
                        s.env[r.name] = scope.env[r.name]
                inner = inner or s is scope
        return op.results if len(op.results) != 1 else op.results[0]

    def attempt_op(self, make, tries=4):
        for _ in range(tries):
            mark = self.mark()
            try:
                return make()
            except Invalid:
                self.rollback(mark)
        return None

    def mark(self):
        return [(s, len(s.block.stmts), len(s.vals)) for s in self.scopes] + \
            [len(self.p.inputs)]

    def rollback(self, mark):
        for s, n, k in mark[:-1]:
            del s.block.stmts[n:]
            del s.vals[k:]
        del self.p.inputs[mark[-1]:]

    # -- values ------------------------------------------------------------

    def tensors(self, pred=None):
        return [v for v in self.scope.visible()
                if is_tensor(v) and (pred is None or pred(v))]

    def pick(self, vals):
        if not vals:
            raise Invalid("nothing to pick")
        if len(vals) > 4 and self.chance(0.6):
            return self.choice(vals[-4:])
        return self.choice(vals)

    def rand_values(self, dtype, shape, positive=False, low=None, high=None):
        rng = self.rng
        if dtype == "bool":
            return rng.random(shape) < 0.5
        if is_int(dtype):
            info = np.iinfo(dtype)
            if low is None:
                if self.chance(0.15) and WIDTH[dtype] <= 16:
                    low, high = info.min, info.max
                elif self.chance(0.1):
                    low, high = -1000, 1000
                else:
                    low, high = -5, 5
                if positive:
                    low = 1
            low, high = max(low, info.min), min(high, info.max)
            return rng.integers(low, high, size=shape, dtype=dtype,
                                endpoint=True)
        if low is None:
            low, high = (0.5, 2.0) if positive else (-2.0, 2.0)
        values = np.array(rng.uniform(low, high, size=shape), np.float64)
        if self.chance(0.3):
            values = np.array(np.round(values, 2), np.float64)
        if self.p.specials and not positive:
            values = rs.with_specials(rng, values.astype(np.float64), 0.1)
        out = values.astype(storage(dtype))
        return TWIN_GLOBALS["_bf"](out) if dtype == "bfloat16" else out

    def rand_dims(self, rank):
        return [1 if self.chance(0.15) else self.choice(self.pool)
                for _ in range(rank)]

    def rand_dynamic(self, rank):
        if not self.ok("dynamic"):
            return [False] * rank
        if self.chance(0.2):
            return [True] * rank
        return [bool(x) for x in self.rng.random(rank) < 0.35]

    def fresh_input(self, dtype, shape=None, dynamic=None, array=None, **kw):
        """A new .npy input (loaded with static or `?` sizes); in a
        function, a constant or a fill instead."""
        if shape is None:
            rank = self.choice([0, 1, 2, 2, 2, 3, 3, 4])
            shape = self.rand_dims(rank)
        shape = [int(s) for s in shape]
        if dynamic is None:
            dynamic = self.rand_dynamic(len(shape))
        dynamic = [bool(d) and self.ok("dynamic") for d in dynamic]
        if int(np.prod(shape)) > 4096:
            raise Invalid("input too large")
        if array is None:
            array = self.rand_values(dtype, shape, **kw)
        array = np.asarray(array)
        if array.size > 4096:
            raise Invalid("input too large")
        if self.in_function():
            if array.size > 64 or any(dynamic):
                return self.fill(dtype, shape, dynamic)
            return self.constant(dtype, array)
        root = self.scopes[0]
        dims = [None if d else s for s, d in zip(shape, dynamic)]
        load = Val(self.p.fresh("i"), TT(storage(dtype), dims))
        self.p.inputs.append((load, array))
        self.interp.bind(load, array, root.env)
        for s in self.scopes[1:]:
            if not s.boundary:
                s.env[load.name] = root.env[load.name]
        root.vals.append(load)
        if dtype == "bfloat16":
            return self.add(AsType([load], to="bfloat16"), scope=root)
        return load

    def fill(self, dtype, shape, dynamic, value=None, like=None, sizes=None):
        """array.full; dynamic sizes from `sizes`, else tensor.dim of a
        visible array (`like` first) or index arithmetic."""
        if value is None:
            value = self.fill_value(dtype)
        dynamic = [bool(d) and self.ok("dynamic") for d in dynamic]
        if sizes is None:
            sizes = [self.index_value(s, like)
                     for s, dyn in zip(shape, dynamic) if dyn]
        dims = [None if d else s for s, d in zip(shape, dynamic)]
        return self.add(Create(sizes, fn="full", dtype=dtype, dims=dims,
                               value=value))

    def fill_value(self, dtype):
        if dtype == "bool":
            return bool(self.chance(0.5))
        if is_int(dtype):
            return int(self.rng.integers(0 if kind(dtype) == "u" else -3, 4))
        return float(self.choice([0.5, 1.0, -1.0, 0.25, 1.5, 2.0, -0.75]))

    def index_value(self, size, like=None):
        """An index Val equal to `size`: tensor.dim of a visible array with a
        dimension of that size, or arith on index constants."""
        cands = []
        for v in self.tensors() + [u for u in self.scope.visible()
                                   if is_sparse(u)]:
            shape = np.shape(self.value(v))
            for d, s in enumerate(shape):
                if s == size:
                    cands.append((v, d))
        if like is not None:
            shape = np.shape(self.value(like))
            cands += [(like, d) for d, s in enumerate(shape) if s == size] * 3
        if self.ok("scalar") and cands and self.chance(0.8):
            v, d = self.choice(cands)
            return self.add(Scalar([v], fn="dim", dim=d))
        if self.ok("scalar") and self.chance(0.4):
            a = int(self.rng.integers(0, size + 3))
            ca = self.add(Scalar([], fn="const", type="index", value=a))
            cb = self.add(Scalar([], fn="const", type="index",
                                 value=abs(a - size)))
            return self.add(Scalar([ca, cb], fn="subi" if a >= size
                                   else "addi"))
        return self.add(Scalar([], fn="const", type="index", value=size))

    def index_const(self, value):
        return self.add(Scalar([], fn="const", type="index", value=value))

    def operand_like(self, target, dtype=None, expand=False, **kw):
        """A new operand broadcasting into `target`'s shape (without
        changing it unless `expand`): a suffix of its dims, some static 1."""
        t = target.type
        shape = list(np.shape(self.value(target)))
        dtype = dtype or t.dtype
        rank = t.rank if self.chance(0.6) else int(self.rng.integers(0,
                                                                     t.rank + 1))
        dims, dyn = [], []
        for d in range(t.rank - rank, t.rank):
            size, tdyn = shape[d], t.dims[d] is None
            if self.chance(0.25) or (t.rank and self.chance(0.1)):
                dims.append(1)
                dyn.append(False)
            else:
                dims.append(size)
                dyn.append(tdyn if self.chance(0.8) else
                           (not tdyn and self.ok("dynamic")))
        if expand and self.chance(0.5):
            extra = self.rand_dims(int(self.rng.integers(1, 3)))
            dims = extra + dims
            dyn = [False] * len(extra) + dyn
        return self.make_array(dtype, dims, dyn, like=target, **kw)

    def make_array(self, dtype, dims, dyn, like=None, **kw):
        """A new array of this shape: an input, a fill or a constant."""
        r = self.rng.random()
        if r < 0.6 and not self.in_function():
            return self.fresh_input(dtype, dims, dyn, **kw)
        if r < 0.8 or any(dyn) or int(np.prod(dims)) > 64:
            value = None
            if kw.get("positive") or kw.get("low") is not None:
                low = kw.get("low")
                value = 1.0 if low is None else low
                if not is_float(dtype):
                    value = int(value) if dtype != "bool" else bool(value)
                    if kind(dtype) == "u":
                        value = max(value, 0)
            return self.fill(dtype, dims, dyn, value=value, like=like)
        return self.constant(dtype, self.rand_values(dtype, dims, **kw))

    def constant(self, dtype, value):
        """array.constant (an unsigned splat as array.full under --avoid
        uconst)."""
        value = np.asarray(value)
        if kind(dtype) == "u" and value.size == 1 and not self.ok("uconst"):
            return self.add(Create([], fn="full", dtype=dtype,
                                   dims=list(value.shape),
                                   value=int(value.reshape(-1)[0])))
        return self.add(Create([], fn="constant", dtype=dtype, value=value))

    def cast_dims(self, v, dims):
        if tuple(dims) == v.type.dims:
            return v
        return self.add(Shape([v], fn="cast", dims=list(dims)))

    def static_of(self, v):
        """`v` with every dimension static (tensor.cast)."""
        return self.cast_dims(v, np.shape(self.value(v)))

    def retype(self, v, t):
        """`v` converted to type `t` (same rank): astype, tensor.cast."""
        if v.type.dtype != t.dtype:
            v = self.add(AsType([v], to=t.dtype))
        return self.cast_dims(v, t.dims)

    # -- actions -----------------------------------------------------------

    def action(self, top=False):
        acts = [("binary", 20), ("unary", 10), ("ternary", 5),
                ("astype", 5), ("reduce", 10), ("argreduce", 3),
                ("scan", 3), ("shape", 14), ("product", 6),
                ("create", 5), ("scalar", 5), ("for", 7), ("while", 4),
                ("if", 4), ("call", 3), ("sparse", 4)]
        acts = [(a, w) for a, w in acts if self.ok(a) and not (
            a in ("for", "while") and self.depth >= (2 if self.ok("nested")
                                                     else 1)) and not (
            a == "call" and (self.in_function() or self.nfuncs >= 2)) and not (
            a == "product" and not self.ok("product"))]
        if self.depth or self.in_function():
            acts = [(a, w if a not in ("for", "while", "call", "sparse")
                     else w / 3) for a, w in acts]
        name = self.choice([a for a, _ in acts], [w for _, w in acts])
        return self.attempt_op(getattr(self, "act_" + name))

    def act_binary(self):
        a = self.pick(self.tensors())
        dt = a.type.dtype
        fns = FLOAT_BINARY if is_float(dt) else BOOL_BINARY \
            if dt == "bool" else INT_BINARY
        fn = self.choice(fns)
        other = dt if self.chance(0.7) else self.rand_dtype()
        kw = {}
        if fn == "power":
            kw = ({"low": -2, "high": 3} if is_int(other) else
                  {"low": -1.5, "high": 2.0})
        elif fn in ("left_shift", "right_shift"):
            other = dt if self.chance(0.7) else self.rand_dtype()
            kw = {"low": 0, "high": 12 if self.chance(0.8) else 70}
        elif fn in ("div", "floor_divide", "remainder") and is_float(
                promote(dt, other)):
            kw = {"positive": True}
        if self.chance(0.3) and not kw:
            cands = [v for v in self.tensors() if v is not a]
            b = self.pick(cands)
        else:
            b = self.operand_like(a, other, expand=self.chance(0.15), **kw)
        if fn == "power" and is_float(promote(a.type.dtype, b.type.dtype)):
            a = self.add(Elementwise([a], fn="abs"))
        args = [a, b] if self.chance(0.75) or fn in (
            "power", "left_shift", "right_shift", "div", "floor_divide",
            "remainder") else [b, a]
        return self.add(Elementwise(args, fn=fn))

    def act_unary(self):
        a = self.pick(self.tensors())
        dt = a.type.dtype
        fns = FLOAT_UNARY_ALL if is_float(dt) else BOOL_UNARY \
            if dt == "bool" else INT_UNARY
        fn = self.choice(fns)
        if fn in ("log", "log2", "log10", "sqrt", "rsqrt", "arccosh"):
            if np.any(np.asarray(self.value(a), np.float64) <= 0):
                a = self.add(Elementwise([a, self.make_array(
                    dt if is_float(dt) else "float32", [], [],
                    positive=True)], fn="add"))
                a = self.add(Elementwise([a], fn="abs"))
        return self.add(Elementwise([a], fn=fn))

    def act_ternary(self):
        x = self.pick(self.tensors())
        if self.chance(0.5):
            conds = self.tensors(lambda v: v.type.dtype == "bool")
            if conds and self.chance(0.6):
                c = self.pick(conds)
            else:
                c = self.add(Elementwise([x, self.operand_like(x)],
                                         fn=self.choice(["less", "greater",
                                                         "not_equal"])))
            y = self.operand_like(x, expand=self.chance(0.1))
            args = [c, x, y] if self.chance(0.5) else [c, y, x]
            return self.add(Elementwise(args, fn="where"))
        dt = x.type.dtype
        if dt == "bool":
            raise Invalid("clip of bool")
        lo = self.make_array(dt, [], [], low=-1 if kind(dt) != "u" else 0,
                             high=0)
        hi = self.operand_like(x, low=1, high=3) if self.chance(0.3) else \
            self.make_array(dt, [], [], low=1, high=2)
        return self.add(Elementwise([x, lo, hi], fn="clip"))

    def act_astype(self):
        a = self.pick(self.tensors())
        return self.add(AsType([a], to=self.rand_dtype()))

    def act_reduce(self):
        a = self.pick(self.tensors())
        t = a.type
        fn = self.choice(REDUCTIONS)
        if fn == "prod" and is_float(t.dtype):
            a = self.add(Elementwise([a], fn="tanh"))
        if fn == "logsumexp" and not is_float(t.dtype):
            raise Invalid("logsumexp of integers")
        axes = None
        if t.rank and self.chance(0.75):
            n = int(self.rng.integers(1, t.rank + 1))
            axes = [int(x) for x in self.rng.choice(t.rank, n, replace=False)]
            axes = [x - t.rank if self.chance(0.3) else x for x in axes]
        attrs = {"fn": fn, "axes": axes, "keepdims": self.chance(0.3)}
        if fn in ("var", "std") and self.chance(0.4):
            attrs["ddof"] = 1
        return self.add(Reduce([a], **attrs))

    def act_argreduce(self):
        a = self.pick(self.tensors(lambda v: v.type.rank > 0))
        axis = None
        if self.chance(0.8):
            axis = int(self.rng.integers(-a.type.rank, a.type.rank))
        return self.add(ArgReduce([a], fn=self.choice(["argmax", "argmin"]),
                                  axis=axis, keepdims=self.chance(0.2)))

    def act_scan(self):
        a = self.pick(self.tensors(lambda v: v.type.rank > 0))
        if is_float(a.type.dtype) and self.chance(0.5):
            a = self.add(Elementwise([a], fn="tanh"))
        fn = self.choice(["cumsum", "cumsum", "cumprod"])
        if fn == "cumprod" and is_float(a.type.dtype):
            a = self.add(Elementwise([a], fn="sigmoid"))
        axis = int(self.rng.integers(-a.type.rank, a.type.rank))
        return self.add(Scan([a], fn=fn, axis=axis))

    def act_shape(self):
        fn = self.choice(["reshape", "transpose", "slice", "slice",
                          "concatenate", "stack", "pad", "take", "take",
                          "expand_dims", "squeeze", "broadcast_to", "cast"])
        if fn == "take" and not self.ok("take"):
            raise Invalid("take avoided")
        a = self.pick(self.tensors())
        t = a.type
        shape = list(np.shape(self.value(a)))
        if fn == "reshape":
            total = int(np.prod(shape))
            dims = self.factor(total)
            return self.add(Shape([a], fn="reshape", shape=dims))
        if fn == "transpose":
            if t.rank < 2:
                raise Invalid("transpose of rank < 2")
            perm = None if self.chance(0.3) else \
                [int(x) for x in self.rng.permutation(t.rank)]
            return self.add(Shape([a], fn="transpose", perm=perm))
        if fn == "slice":
            if t.rank == 0:
                raise Invalid("slice of 0-d")
            a = self.static_of(a)
            slices = [self.rand_slice(n) for n in shape]
            return self.add(Shape([a], fn="slice", slices=slices))
        if fn in ("concatenate", "stack"):
            if fn == "concatenate" and t.rank == 0:
                raise Invalid("concatenate 0-d")
            axis = int(self.rng.integers(0, t.rank + (fn == "stack")))
            dims = list(shape)
            dyn = [d is None for d in t.dims]
            others = []
            for _ in range(1 if self.chance(0.8) else 2):
                if fn == "concatenate":
                    dims[axis] = self.choice(self.pool + [1])
                    dyn[axis] = self.chance(0.4) and self.ok("dynamic")
                other = self.make_array(self.choice([t.dtype, t.dtype,
                                                     self.rand_dtype()]),
                                        dims, dyn, like=a)
                others.append(other)
            args = [a] + others
            if self.chance(0.3):
                args = args[::-1]
            rank = t.rank + (fn == "stack")
            if self.chance(0.3):
                axis -= rank
            return self.add(Shape(args, fn=fn, axis=axis))
        if fn == "pad":
            if t.rank == 0:
                raise Invalid("pad 0-d")
            low = [int(x) for x in self.rng.integers(0, 3, t.rank)]
            high = [int(x) for x in self.rng.integers(0, 3, t.rank)]
            return self.add(Shape([a], fn="pad", low=low, high=high,
                                  value=self.fill_value(t.dtype)))
        if fn == "take":
            if t.rank == 0:
                raise Invalid("take of 0-d")
            axis = int(self.rng.integers(-t.rank, t.rank))
            n = shape[axis]
            if n == 0:
                raise Invalid("take from an empty axis")
            ints = self.tensors(lambda v: v.type.dtype in ("int32", "int64")
                                and v is not a)
            if ints and self.chance(0.3):
                idx = self.pick(ints)
            else:
                irank = self.choice([0, 1, 1, 1, 2])
                idims = self.rand_dims(irank)
                low, high = (-2, n + 1) if self.chance(0.2) else (0, n - 1)
                idx = self.make_array(self.choice(["int32", "int64"]), idims,
                                      self.rand_dynamic(irank), low=low,
                                      high=high)
                if idx.type.dtype not in ("int32", "int64"):
                    raise Invalid("index dtype")
            return self.add(Shape([a, idx], fn="take", axis=axis))
        if fn == "expand_dims":
            axis = int(self.rng.integers(-t.rank - 1, t.rank + 1))
            return self.add(Shape([a], fn="expand_dims", axis=axis))
        if fn == "squeeze":
            ones = [d for d, s in enumerate(t.dims) if s == 1]
            if not ones:
                raise Invalid("nothing to squeeze")
            axes = None if self.chance(0.3) else [
                d - t.rank if self.chance(0.3) else d for d in ones
                if self.chance(0.7)] or [ones[0]]
            return self.add(Shape([a], fn="squeeze", axes=axes))
        if fn == "broadcast_to":
            dims = [self.choice(self.pool + [2, 3])
                    for _ in range(int(self.rng.integers(0, 2)))]
            for d, size in enumerate(t.dims):
                if size == 1 and self.chance(0.5):
                    dims.append(self.choice(self.pool + [3]))
                else:
                    dims.append(size)
            return self.add(Shape([a], fn="broadcast_to", dims=dims))
        if fn == "cast":
            dims = [None if (d is None or self.chance(0.5)) and
                    not (d is None and self.chance(0.4)) else s
                    for d, s in zip(t.dims, shape)]
            if not self.ok("dynamic"):
                dims = shape
            return self.add(Shape([a], fn="cast", dims=dims))
        raise AssertionError(fn)

    def factor(self, total):
        if total == 0:
            return self.choice([[0], [0, 3], [2, 0], [1, 0, 1]])
        dims = []
        rest = total
        for _ in range(int(self.rng.integers(0, 3))):
            divisors = [d for d in range(1, min(rest, 64) + 1)
                        if rest % d == 0]
            d = self.choice(divisors)
            dims.append(d)
            rest //= d
        dims.append(rest)
        if self.chance(0.2):
            dims.insert(int(self.rng.integers(0, len(dims) + 1)), 1)
        return [int(x) for x in self.rng.permutation(dims)]

    def rand_slice(self, n):
        step = self.choice([None, None, 1, 2, 3, -1, -2])
        start = None if self.chance(0.4) else int(self.rng.integers(-n - 1,
                                                                    n + 2))
        stop = None if self.chance(0.4) else int(self.rng.integers(-n - 1,
                                                                   n + 2))
        return (start, stop, step)

    def act_product(self):
        fn = self.choice(["matmul", "matmul", "dot"])
        a = self.pick(self.tensors(lambda v: 1 <= v.type.rank <= 3 and
                                   v.type.dtype != "bool"))
        t = a.type
        shape = list(np.shape(self.value(a)))
        k = shape[-1]
        kdyn = t.dims[-1] is None
        dt = t.dtype if self.chance(0.8) else self.rand_dtype(numeric=True)
        if is_float(t.dtype) and self.chance(0.5):
            a = self.add(Elementwise([a], fn="tanh"))
        form = self.choice([1, 2, 2, 3])
        n = self.choice(self.pool + [1])
        if form == 1:
            dims, dyn = [k], [kdyn if self.chance(0.7) else not kdyn]
        elif form == 2:
            dims, dyn = [k, n], [kdyn, self.chance(0.3)]
        else:
            if fn == "dot":
                dims, dyn = [2, k, n], [False, kdyn, False]
            else:
                batch = shape[0] if t.rank == 3 and self.chance(0.6) else 1
                dims, dyn = [batch, k, n], [False, kdyn, self.chance(0.3)]
        if not self.ok("dynamic"):
            dyn = [False] * len(dyn)
        kw = {"low": -1.0, "high": 1.0} if is_float(dt) else {"low": -3,
                                                              "high": 3}
        b = self.make_array(dt, dims, dyn, like=a, **kw)
        return self.add(Product([a, b], fn=fn))

    def act_create(self):
        fn = self.choice(["full", "full", "arange", "linspace", "eye",
                          "constant"])
        dt = self.rand_dtype()
        if fn == "full":
            rank = self.choice([0, 1, 2, 2, 3])
            dims = self.rand_dims(rank)
            v = self.fill(dt, dims, self.rand_dynamic(rank))
            return self.combine(v)
        if fn == "arange":
            if dt == "bool":
                raise Invalid("arange of bool")
            if is_float(dt):
                start = round(float(self.rng.uniform(-3, 3)), 2)
                step = self.choice([0.25, 0.5, -0.5, 0.125, 1.0])
                stop = start + step * int(self.rng.integers(0, 20)) + \
                    step * 0.5
            else:
                low = 0 if kind(dt) == "u" else -10
                start = int(self.rng.integers(low, 10))
                step = self.choice([1, 2, 3, -1, -2] if kind(dt) != "u"
                                   else [1, 2, 3])
                stop = start + step * int(self.rng.integers(0, 20))
                if kind(dt) == "u" and stop < 0:
                    raise Invalid("negative arange")
            v = self.add(Create([], fn="arange", dtype=dt, start=start,
                                stop=stop, step=step))
            return self.combine(v)
        if fn == "linspace":
            if dt == "bool":
                raise Invalid("linspace of bool")
            low = 0 if kind(dt) == "u" else -5
            start = round(float(self.rng.uniform(low, 5)), 2)
            stop = round(float(self.rng.uniform(low, 5)), 2)
            v = self.add(Create([], fn="linspace", dtype=dt, start=start,
                                stop=stop, num=int(self.rng.integers(1, 20))))
            return self.combine(v)
        if fn == "eye":
            n, m = self.choice(self.pool + [3]), self.choice(self.pool + [4])
            k = int(self.rng.integers(-2, 3))
            v = self.add(Create([], fn="eye", dtype=dt, n=n, m=m, k=k))
            return self.combine(v)
        rank = self.choice([0, 1, 2])
        dims = [self.choice([1, 2, 3, 4]) for _ in range(rank)]
        v = self.constant(dt, self.rand_values(dt, dims))
        return self.combine(v)

    def combine(self, v):
        """Uses a new array with a visible one (else it would be a sink)."""
        if not self.chance(0.6):
            return v
        others = [u for u in self.tensors() if u is not v]
        for _ in range(6):
            u = self.pick(others)
            try:
                broadcast_dims([u.type, v.type])
                broadcast_check([u.type, v.type],
                                [np.shape(self.value(u)),
                                 np.shape(self.value(v))])
            except Invalid:
                continue
            fn = "add" if u.type.dtype != "bool" else "logical_or"
            return self.add(Elementwise([u, v], fn=fn))
        return v

    # -- scalars -----------------------------------------------------------

    def scalar_of(self, x):
        """A float or integer scalar read from array `x` (tensor.extract of
        a 0-d reduction, or of an element)."""
        dt = x.type.dtype
        if dt not in SCALAR_OF:
            x = self.add(AsType([x], to="float32" if is_float(dt)
                                else "int64" if dt != "bool" else "bool"))
        shape = np.shape(self.value(x))
        if x.type.rank and (self.chance(0.6) or 0 in shape):
            x = self.add(Reduce([x], fn=self.choice(
                ["sum", "max", "mean"] if x.type.dtype != "bool"
                else ["any", "all"]), axes=None))
            shape = ()
        idx = [self.index_const(int(self.rng.integers(0, s))) for s in shape]
        return self.add(Scalar([x] + idx, fn="extract"))

    def act_scalar(self):
        if not self.ok("scalar"):
            raise Invalid("scalars avoided")
        form = self.choice(["value", "value", "sizes", "element"])
        if form == "sizes":
            x = self.pick(self.tensors(lambda v: v.type.rank > 0))
            d = int(self.rng.integers(0, x.type.rank))
            n = self.add(Scalar([x], fn="dim", dim=d))
            c = self.index_const(int(self.rng.integers(0, 4)))
            n2 = self.add(Scalar([n, c], fn=self.choice(["addi", "muli",
                                                          "maxsi", "subi"])))
            if self.chance(0.5) and int(self.value(n2)) >= 0:
                dims = [int(self.value(n2))] + self.rand_dims(
                    int(self.rng.integers(0, 2)))
                v = self.fill(self.rand_dtype(), dims,
                              [True] + [False] * (len(dims) - 1), sizes=[n2])
                return self.combine(v)
            i = self.add(Scalar([n2], fn="cast", op="index_cast", to="i64"))
            j = self.add(Scalar([n], fn="cast", op="index_cast", to="i64"))
            return self.add(Scalar([i, j], fn="from_elements", dtype="int64"))
        x = self.pick(self.tensors())
        e = self.scalar_of(x)
        st = e.type.name
        if st in ("f32", "f64"):
            c = self.add(Scalar([], fn="const", type=st,
                                value=self.choice([0.5, 2.0, -1.25, 0.1])))
            e = self.add(Scalar([e, c], fn=self.choice(
                ["addf", "mulf", "subf", "maximumf", "minimumf"])))
            dt = DTYPE_OF[st]
        elif st in ("i64", "i32"):
            c = self.add(Scalar([], fn="const", type=st,
                                value=int(self.rng.integers(-3, 4))))
            e = self.add(Scalar([e, c], fn=self.choice(["addi", "muli",
                                                        "maxsi"])))
            if self.chance(0.5):
                e = self.add(Scalar([e], fn="cast", op="sitofp", to="f32"))
            dt = DTYPE_OF[e.type.name]
        else:
            dt = "bool"
        zero_d = form == "value"
        if zero_d:
            t = self.add(Scalar([e], fn="from_elements", dtype=dt,
                                zero_d=True))
        else:
            t = self.add(Scalar([e, e], fn="from_elements", dtype=dt))
        return self.combine(t)

    # -- shape-preserving updates (loop bodies, branches) ------------------

    def update(self, v, steps=None):
        """A new value of `v`'s type computed from it (or `v` itself)."""
        steps = steps if steps is not None else int(self.rng.integers(1, 3))
        cur = v
        for _ in range(steps):
            nxt = self.attempt_op(lambda: self.update_step(cur), tries=3)
            if nxt is not None:
                cur = nxt
        if cur.type != v.type:
            fixed = self.attempt_op(lambda: self.retype(cur, v.type), tries=1)
            cur = fixed if fixed is not None else v
        return cur

    def update_step(self, cur):
        t = cur.type
        dt = t.dtype
        shape = np.shape(self.value(cur))
        if dt == "bool":
            other = self.operand_like(cur, "bool")
            return self.add(Elementwise([cur, other], fn=self.choice(
                ["logical_xor", "logical_or", "logical_and", "not_equal"])))
        opts = [("binary", 40), ("unary", 12)]
        if is_float(dt):
            opts.append(("normalize", 12))
            if t.rank:
                opts += [("center", 8), ("scan", 4)]
            if t.rank and t.dims[-1] is not None and self.ok("product"):
                opts.append(("matvec", 8))
            if self.visible_ivs():
                opts.append(("schedule", 8))
            if t.rank == 1 and any(is_sparse(s) and s.type.dtype == dt
                                   for s in self.scope.visible()):
                opts.append(("spmv", 10))
        if t.rank and shape[0] and self.ok("take"):
            opts.append(("take", 6))
        if getattr(self, "elementwise_only", False):
            opts = [(o, w) for o, w in opts
                    if o in ("binary", "unary", "schedule")]
        what = self.choice([o for o, _ in opts], [w for _, w in opts])
        if what == "binary":
            if is_float(dt):
                fn = self.choice(["add", "sub", "mul", "maximum", "minimum",
                                  "div", "add"])
            else:
                fn = self.choice(["add", "sub", "mul", "maximum", "minimum",
                                  "bitwise_xor", "floor_divide"])
            kw = {}
            if fn == "mul":
                kw = {"low": 0.5, "high": 1.25} if is_float(dt) else \
                    {"low": -2, "high": 2}
            elif fn == "div":
                kw = {"low": 1.0, "high": 2.0}
            other = dt if self.chance(0.8) else self.rand_dtype()
            if kw and not is_float(other) and fn in ("mul", "div"):
                other = dt
            b = self.operand_like(cur, other, **kw)
            return self.add(Elementwise([cur, b], fn=fn))
        if what == "unary":
            fn = self.choice(TAME_FLOAT_UNARY if is_float(dt) else
                             ["neg", "abs", "invert"])
            return self.add(Elementwise([cur], fn=fn))
        if what == "normalize":
            a = self.add(Elementwise([cur], fn="abs"))
            m = self.add(Reduce([a], fn="max", axes=None, keepdims=True))
            one = self.make_array(dt, [], [], low=1.0, high=1.0)
            d = self.add(Elementwise([m, one], fn="add"))
            return self.add(Elementwise([cur, d], fn="div"))
        if what == "center":
            axis = int(self.rng.integers(-t.rank, t.rank))
            m = self.add(Reduce([cur], fn="mean", axes=[axis], keepdims=True))
            return self.add(Elementwise([cur, m], fn="sub"))
        if what == "matvec":
            n = t.dims[-1]
            w = self.make_array(dt, [n, n], [False, False], low=-0.5,
                                high=0.5)
            return self.add(Product([cur, w], fn="matmul"))
        if what == "scan":
            s = self.add(Scan([cur], fn="cumsum",
                              axis=int(self.rng.integers(-t.rank, t.rank))))
            return self.add(Elementwise([s], fn="tanh"))
        if what == "schedule":
            iv = self.choice(self.visible_ivs())
            i = self.add(Scalar([iv], fn="cast", op="index_cast", to="i64"))
            st = "f64" if dt == "float64" else "f32"
            f = self.add(Scalar([i], fn="cast", op="sitofp", to=st))
            c = self.add(Scalar([], fn="const", type=st, value=0.125))
            g = self.add(Scalar([f, c], fn="mulf"))
            one = self.add(Scalar([], fn="const", type=st, value=1.0))
            h = self.add(Scalar([g, one], fn="addf"))
            s = self.add(Scalar([h], fn="from_elements",
                                dtype=DTYPE_OF[st], zero_d=True))
            return self.add(Elementwise([cur, s], fn=self.choice(["div",
                                                                  "mul"])))
        if what == "spmv":
            mats = [s for s in self.scope.visible() if is_sparse(s) and
                    s.type.dtype == dt and
                    np.shape(self.value(s)) == (shape[0], shape[0])]
            if not mats:
                raise Invalid("no square matrix")
            s = self.choice(mats)
            y = self.add(Sparse([s, cur], fn="spmv", alpha=0.5, beta=0.0))
            return self.add(Elementwise([y, cur], fn="add"))
        if what == "take":
            n = shape[0]
            if t.dims[0] is not None:
                perm = np.asarray(self.rng.permutation(n), np.int64)
                if self.chance(0.3):
                    perm[0] = n + 2  # clipped to the last
                idx = self.add(Create([], fn="constant", dtype="int64",
                                      value=perm)) if n <= 64 else \
                    self.fresh_input("int64", [n], [False], low=0, high=n - 1)
            else:
                if self.in_function():
                    raise Invalid("dynamic indices in a function")
                idx = self.fresh_input(self.choice(["int64", "int32"]), [n],
                                       [True], low=-1, high=n)
            return self.add(Shape([cur, idx], fn="take", axis=0))
        raise AssertionError(what)

    # -- loops, branches, calls ----------------------------------------------

    def loop_bounds(self):
        lb = 0 if self.chance(0.8) else 1
        trips = self.choice([0, 1, 2, 2, 3, 3, 4]) if self.ok("zero") \
            else self.choice([1, 2, 2, 3, 3, 4])
        lbv = self.index_const(lb)
        r = self.rng.random()
        sized = [(v, d) for v in self.tensors() for d, s in
                 enumerate(np.shape(self.value(v))) if 1 <= s <= 5 or
                 (s == 0 and self.ok("zero"))]
        if r < 0.3 and sized and self.ok("scalar"):
            v, d = self.choice(sized)
            n = self.add(Scalar([v], fn="dim", dim=d))
            if lb:
                ubv = self.add(Scalar([n, lbv], fn="addi"))
            else:
                ubv = n
        elif r < 0.45 and self.ok("scalar"):
            a = self.index_const(lb + trips + 2)
            b = self.index_const(lb + trips)
            ubv = self.add(Scalar([a, b], fn="minsi"))
        else:
            ubv = self.index_const(lb + trips)
        stv = self.index_const(1 if self.chance(0.8) else 2)
        return lbv, ubv, stv

    def push(self, block, env, vals, boundary=False):
        scope = Scope(self.scope, env, block, boundary)
        scope.vals = list(vals)
        self.scopes.append(scope)
        return scope

    def make_for(self, carried, body_fn, bounds=None):
        lb, ub, st = bounds or self.loop_bounds()
        body = Block()
        iv = Val(self.p.fresh("a"), ST("index"))
        args = [Val(self.p.fresh("a"), v.type) for v in carried]
        body.args = [iv] + args
        env = dict(self.env())
        env[iv.name] = int(self.value(lb))
        for a, v in zip(args, carried):
            env[a.name] = self.value(v)
        self.push(body, env, [iv] + args)
        self.depth += 1
        self.ivs.append(iv)
        try:
            body.yields = body_fn(iv, args)
        finally:
            self.scopes.pop()
            self.depth -= 1
            self.ivs.pop()
        return self.add(For([lb, ub, st] + list(carried), body=body))

    def carried_values(self, most=3):
        cands = self.tensors()
        floats = [v for v in cands if is_float(v.type.dtype)]
        out = []
        for _ in range(int(self.rng.integers(1, most + 1))):
            pool = floats if floats and self.chance(0.7) else cands
            v = self.pick(pool)
            if v not in out:
                out.append(v)
        if self.ok("dynamic"):
            out = [self.cast_dims(v, [None] * v.type.rank)
                   if v.type.rank and self.chance(0.3) else v for v in out]
        return out

    def act_for(self):
        if not self.ok("for"):
            raise Invalid("for avoided")
        r = self.rng.random()
        if r < 0.12 and self.depth == 0:
            return self.kmeans()
        if r < 0.24 and self.depth == 0 and self.ok("take"):
            return self.minibatch()
        if r < 0.45:
            return self.elementwise_loop()
        carried = self.carried_values(2)
        if self.chance(0.3):
            carried.append(self.fill(self.choice(["float32", "float64"]), [],
                                     [], value=0.0))

        def body(iv, args):
            for _ in range(int(self.rng.integers(0, 2))):
                self.action()
            return [self.update(a) for a in args]
        return self.make_for(carried, body)

    def elementwise_loop(self):
        """A loop elementwise over the arrays it carries (of one type:
        array-elementwise-loops runs such a loop inside one kernel): each
        update an elementwise op with an operand from outside the loop or
        of the induction variable."""
        first = self.pick(self.tensors())
        carried = [first]
        same = [v for v in self.tensors(lambda v: v.type == first.type)
                if v is not first]
        if same and self.chance(0.5):
            carried.append(self.choice(same))

        def body(iv, args):
            self.elementwise_only = True
            try:
                return [self.update(a) for a in args]
            finally:
                self.elementwise_only = False
        return self.make_for(carried, body)

    def kmeans(self):
        """One Lloyd step per iteration: the centroids carried, the points
        (n x d, n dynamic) read inside."""
        dt = self.choice([d for d in ("float32", "float64", "float32")
                          if self.ok("dtype:" + d)] or ["float32"])
        n = self.choice([s for s in self.pool if s] or [5])
        if self.ok("zero") and self.chance(0.1):
            n = 0
        d, k = self.choice([1, 2, 3]), self.choice([2, 3, 4])
        points = self.fresh_input(dt, [n, d], [self.ok("dynamic"), False])
        c0 = self.fresh_input(dt, [k, d], [False, False])
        iters = self.index_const(int(self.rng.integers(1, 4)))

        def body(iv, args):
            c = args[0]
            pe = self.add(Shape([points], fn="expand_dims", axis=1))
            ce = self.add(Shape([c], fn="expand_dims", axis=0))
            diff = self.add(Elementwise([pe, ce], fn="sub"))
            sq = self.add(Elementwise([diff, diff], fn="mul"))
            dist = self.add(Reduce([sq], fn="sum", axes=[-1]))
            assign = self.add(ArgReduce([dist], fn="argmin", axis=1))
            ae = self.add(Shape([assign], fn="expand_dims", axis=-1))
            ks = self.add(Create([], fn="arange", dtype="int64", start=0,
                                 stop=k, step=1))
            onehot = self.add(Elementwise([ae, ks], fn="equal"))
            of = self.add(AsType([onehot], to=dt))
            counts = self.add(Reduce([of], fn="sum", axes=[0]))
            one = self.add(Create([], fn="full", dtype=dt, dims=[],
                                  value=1.0))
            counts1 = self.add(Elementwise([counts, one], fn="maximum"))
            ot = self.add(Shape([of], fn="transpose", perm=None))
            sums = self.add(Product([ot, points], fn="matmul"))
            ce2 = self.add(Shape([counts1], fn="expand_dims", axis=1))
            return [self.add(Elementwise([sums, ce2], fn="div"))]
        zero = self.index_const(0)
        step = self.index_const(1)
        return self.make_for([c0], body, bounds=(zero, iters, step))

    def minibatch(self):
        """Epochs of minibatch gradient steps of a linear model: nested
        loops, rows picked with array.take (clipped past the end)."""
        dt = self.choice([d for d in ("float32", "float64")
                          if self.ok("dtype:" + d)] or ["float32"])
        n = self.choice([s for s in self.pool if s] or [6])
        d = self.choice([1, 2, 3, 4])
        bs = self.choice([1, 2, 3, 4])
        nb = min(4, -(-n // bs))
        dyn = self.ok("dynamic") and self.chance(0.6)
        x = self.fresh_input(dt, [n, d], [dyn, False], low=-1.0, high=1.0)
        y = self.fresh_input(dt, [n], [dyn], low=-1.0, high=1.0)
        w0 = self.fresh_input(dt, [d], [False], low=-0.5, high=0.5)
        lr = self.add(Create([], fn="full", dtype=dt, dims=[],
                             value=0.25 / bs))
        epochs = self.index_const(self.choice([1, 2]))
        zero, one = self.index_const(0), self.index_const(1)
        batches = self.index_const(nb)
        size = self.index_const(bs)
        offs = self.add(Create([], fn="arange", dtype="int64", start=0,
                               stop=bs, step=1))

        def inner(iv, args):
            w = args[0]
            start = self.add(Scalar([iv, size], fn="muli"))
            s64 = self.add(Scalar([start], fn="cast", op="index_cast",
                                  to="i64"))
            s1 = self.add(Scalar([s64], fn="from_elements", dtype="int64"))
            idx = self.add(Elementwise([s1, offs], fn="add"))
            xb = self.add(Shape([x, idx], fn="take", axis=0))
            yb = self.add(Shape([y, idx], fn="take", axis=0))
            pred = self.add(Product([xb, w], fn="matmul"))
            err = self.add(Elementwise([pred, yb], fn="sub"))
            g = self.add(Product([err, xb], fn="matmul"))
            step = self.add(Elementwise([g, lr], fn="mul"))
            return [self.add(Elementwise([w, step], fn="sub"))]

        def outer(iv, args):
            return [self.make_for(args, inner, bounds=(zero, batches, one))]
        return self.make_for([w0], outer, bounds=(zero, epochs, one))

    def act_while(self):
        if not self.ok("while"):
            raise Invalid("while avoided")
        carried = self.carried_values(2)
        limit = int(self.rng.integers(0 if self.ok("zero") else 1, 5))
        float_count = self.chance(0.3)
        cdt = "float32" if float_count else "int64"
        count0 = self.fill(cdt, [], [], value=0.0 if float_count else 0)
        converge = self.chance(0.4) and is_float(carried[0].type.dtype) \
            and carried[0].type.dtype in ("float32", "float64")
        inits = [count0] + carried
        if converge:
            inits.append(self.fill(carried[0].type.dtype, [], [], value=1.0))
        env = self.env()
        before = Block(args=[Val(self.p.fresh("b"), v.type) for v in inits])
        after = Block(args=[Val(self.p.fresh("b"), v.type) for v in inits])
        for block in (before, after):
            benv = dict(env)
            for a, v in zip(block.args, inits):
                benv[a.name] = self.value(v)
            self.push(block, benv, block.args)
            self.depth += 1
            try:
                if block is before:
                    cv = self.add(Scalar([block.args[0]], fn="extract"))
                    if float_count:
                        lim = self.add(Scalar([], fn="const", type="f32",
                                              value=limit - 0.5))
                        c = self.add(Scalar([cv, lim], fn="cmpf", pred="olt"))
                    else:
                        lim = self.add(Scalar([], fn="const", type="i64",
                                              value=limit))
                        c = self.add(Scalar([cv, lim], fn="cmpi", pred="slt"))
                    if converge:
                        ev = self.add(Scalar([block.args[-1]], fn="extract"))
                        st = ev.type.name
                        th = self.add(Scalar([], fn="const", type=st,
                                             value=self.choice([1e-3, 0.05,
                                                                1e-6])))
                        c2 = self.add(Scalar([ev, th], fn="cmpf", pred="ogt"))
                        c = self.add(Scalar([c, c2], fn="andi"))
                    block.yields = [c]
                else:
                    one = self.fill(cdt, [], [], value=1.0 if float_count
                                    else 1)
                    cnt = self.add(Elementwise([block.args[0], one],
                                               fn="add"))
                    for _ in range(int(self.rng.integers(0, 2))):
                        self.action()
                    news = [self.update(a) for a in
                            block.args[1:1 + len(carried)]]
                    ys = [cnt] + news
                    if converge:
                        delta = self.add(Elementwise(
                            [news[0], block.args[1]], fn="sub"))
                        delta = self.add(Elementwise([delta], fn="abs"))
                        delta = self.add(Reduce([delta], fn="max", axes=None))
                        ys.append(delta)
                    block.yields = ys
            finally:
                self.scopes.pop()
                self.depth -= 1
        return self.add(While(inits, before=before, after=after))

    def condition(self):
        """An i1 scalar: a float read from a 0-d array compared with a
        margin, a size, or an integer element."""
        r = self.rng.random()
        if r < 0.55:
            x = self.pick(self.tensors(lambda v: is_float(v.type.dtype)) or
                          self.tensors())
            e = self.scalar_of(x)
            if e.type.name in ("f32", "f64"):
                v = float(self.value(e))
                margin = max(abs(v) * 0.2, 0.25)
                th = v + margin if self.chance(0.5) else v - margin
                c = self.add(Scalar([], fn="const", type=e.type.name,
                                    value=float(np.asarray(
                                        th, storage(DTYPE_OF[e.type.name])))))
                return self.add(Scalar([e, c], fn="cmpf", pred=self.choice(
                    list(CMPF))))
            if e.type.name == "i1":
                return e
            c = self.add(Scalar([], fn="const", type=e.type.name,
                                value=int(self.rng.integers(-2, 3))))
            return self.add(Scalar([e, c], fn="cmpi",
                                   pred=self.choice(list(CMPI))))
        x = self.pick(self.tensors(lambda v: v.type.rank > 0))
        d = self.add(Scalar([x], fn="dim", dim=int(self.rng.integers(
            0, x.type.rank))))
        c = self.index_const(int(self.rng.integers(0, 6)))
        return self.add(Scalar([d, c], fn="cmpi", pred=self.choice(
            ["sgt", "slt", "eq", "sge"])))

    def act_if(self):
        if not self.ok("if") or not self.ok("scalar"):
            raise Invalid("if avoided")
        cond = self.condition()
        carried = self.carried_values(2)
        grow = self.ok("dynamic") and carried[0].type.rank and \
            self.chance(0.25)
        env = self.env()
        blocks = [Block(), Block()]
        for k, block in enumerate(blocks):
            self.push(block, dict(env), [])
            try:
                if grow:
                    v = carried[0]
                    dims = [None] + list(v.type.dims[1:])
                    if k == 0:
                        w = self.add(Shape([v, self.update(v)],
                                           fn="concatenate", axis=0))
                    else:
                        w = self.update(v)
                    block.yields = [self.cast_dims(w, dims)]
                else:
                    if self.chance(0.5):
                        self.action()
                    block.yields = [self.update(v) if k == 0 or
                                    self.chance(0.7) else v for v in carried]
            finally:
                self.scopes.pop()
        return self.add(If([cond], then=blocks[0], **{"else": blocks[1]}))

    def act_call(self):
        if not self.ok("call"):
            raise Invalid("calls avoided")
        vals = self.carried_values(2)
        self.nfuncs += 1
        name = "f%d" % self.nfuncs
        args = []
        for v in vals:
            dims = [None if self.chance(0.7) and self.ok("dynamic") else d
                    for d in v.type.dims]
            args.append(Val(self.p.fresh("x"), TT(v.type.dtype, dims)))
        func = Func(name, args, Block())
        env = {}
        for a, v in zip(args, vals):
            self.interp.bind(a, self.value(v), env)
        self.push(func.body, env, args, boundary=True)
        try:
            for _ in range(int(self.rng.integers(1, 3))):
                self.action()
            made = [v for v in self.scope.vals if is_tensor(v)]
            if not made:
                raise Invalid("the function computes nothing")
            results = [made[-1]]
            if len(made) > 1 and self.chance(0.5):
                results.append(self.pick(made[:-1]))
            func.body.yields = results
        finally:
            self.scopes.pop()
        self.p.funcs.append(func)
        try:
            operands = [self.cast_dims(v, a.type.dims)
                        for v, a in zip(vals, args)]
            out = self.add(Call(operands, func=func))
        except Invalid:
            self.p.funcs.remove(func)
            raise
        if self.chance(0.4):
            # Called again with other arrays of the same ranks and dtypes.
            def again():
                ops = []
                for a in args:
                    cands = self.tensors(lambda v: v.type.dtype ==
                                         a.type.dtype and
                                         v.type.rank == a.type.rank)
                    v = self.pick(cands)
                    ops.append(self.cast_dims(v, a.type.dims))
                return self.add(Call(ops, func=func))
            self.attempt_op(again, tries=3)
        return out

    # -- sparse matrices -----------------------------------------------------

    def act_sparse(self):
        if not self.ok("sparse"):
            raise Invalid("sparse avoided")
        dts = [d for d in ("float32", "float64", "float16", "bfloat16")
               if self.ok("dtype:" + d)]
        if not dts:
            raise Invalid("no sparse dtype")
        dt = self.choice(dts, [DTYPE_WEIGHTS[d] for d in dts])
        m, n = (self.choice([s for s in self.pool] + [3, 4]) for _ in "mn")
        dyn = [self.ok("dynamic") and self.chance(0.5) for _ in "mn"]
        density = self.choice([0.0, 0.2, 0.5, 1.0])
        fmt = self.choice(sorted(SPARSE_MAPS))
        width = self.choice([0, 32, 64])

        def dense(shape, dyn):
            arr = self.rand_values(dt, shape)
            arr = np.where(self.rng.random(shape) < density, arr,
                           0).astype(storage(dt))
            return self.fresh_input(dt, shape, dyn, array=arr)
        a = dense([m, n], dyn)
        s = self.add(Sparse([a], fn="to_sparse", fmt=fmt, width=width))
        alpha = self.choice([1.0, 2.5, -0.5])
        beta = self.choice([0.0, 1.0, -1.5])
        outs = []
        for _ in range(int(self.rng.integers(1, 3))):
            what = self.choice(["spmv", "spmm", "add", "scale", "transpose",
                                "sddmm", "spgemm", "nnz", "dense"])
            p = self.choice([s for s in self.pool if s] + [2])
            if what == "spmv":
                x = self.fresh_input(dt, [n], [dyn[1]])
                ops = [s, x]
                if self.chance(0.5):
                    ops.append(self.fresh_input(dt, [m], [dyn[0]]))
                outs.append(self.add(Sparse(ops, fn="spmv", alpha=alpha,
                                            beta=beta if len(ops) == 3
                                            else 0.0)))
            elif what == "spmm":
                b = self.fresh_input(dt, [n, p], [dyn[1], False])
                ops = [s, b]
                if self.chance(0.5):
                    ops.append(self.fresh_input(dt, [m, p], [dyn[0], False]))
                outs.append(self.add(Sparse(ops, fn="spmm", alpha=alpha,
                                            beta=beta if len(ops) == 3
                                            else 0.0)))
            elif what == "add":
                s2 = self.add(Sparse([dense([m, n], dyn)], fn="to_sparse",
                                     fmt=fmt, width=width))
                t = self.add(Sparse([s, s2], fn="sparse_add"))
                outs.append(self.add(Sparse([t], fn="to_dense")))
            elif what == "scale":
                t = self.add(Sparse([s], fn="sparse_scale", alpha=alpha))
                outs.append(self.add(Sparse([t], fn="to_dense")))
            elif what == "transpose":
                t = self.add(Sparse([s], fn="sparse_transpose",
                                    fmt=self.choice(sorted(SPARSE_MAPS))))
                outs.append(self.add(Sparse([t], fn="to_dense")))
            elif what == "sddmm":
                if dt == "bfloat16":
                    continue  # cuSPARSE has no bf16 SDDMM (a documented limit)
                c = self.fresh_input(dt, [m, p], [dyn[0], False])
                bt = self.fresh_input(dt, [p, n], [False, dyn[1]])
                t = self.add(Sparse([s, c, bt], fn="sddmm", alpha=alpha,
                                    beta=beta))
                outs.append(self.add(Sparse([t], fn="to_dense")))
            elif what == "spgemm":
                if dt not in ("float32", "float64"):
                    continue  # cuSPARSE has no 16-bit SpGEMM (documented)
                csr = s if fmt == "CSR" else self.add(Sparse(
                    [s], fn="to_sparse", fmt="CSR", width=width))
                b = self.add(Sparse([dense([n, p], [dyn[1], False])],
                                    fn="to_sparse", fmt="CSR", width=width))
                t = self.add(Sparse([csr, b], fn="spgemm"))
                outs.append(self.add(Sparse([t], fn="to_dense")))
            elif what == "nnz":
                k = self.add(Sparse([s], fn="nnz"))
                if self.chance(0.5):
                    outs.append(self.fill(self.choice(["int32", "float32"]),
                                          [int(self.value(k))], [True],
                                          sizes=[k]))
                else:
                    i = self.add(Scalar([k], fn="cast", op="index_cast",
                                        to="i64"))
                    outs.append(self.add(Scalar([i], fn="from_elements",
                                                dtype="int64", zero_d=True)))
            else:
                outs.append(self.add(Sparse([s], fn="to_dense")))
        if not outs:
            raise Invalid("no sparse result")
        return outs[-1]

    # -- outputs -------------------------------------------------------------

    def choose_outputs(self):
        p = self.p
        used = used_names(p)
        inputs = {v.name for v, _ in p.inputs}
        root = self.scopes[0]
        made = [v for v in root.vals if v.name not in inputs and (
            isinstance(v.type, TT) or v.type.name != "index")]
        sinks = [v for v in made if v.name not in used]
        outs = sinks[-4:]
        others = [v for v in made if v not in outs and isinstance(v.type, TT)]
        if others and (not outs or self.chance(0.4)):
            outs.append(self.choice(others))
        if not outs:
            raise Invalid("the program computes nothing")
        if not self.ok("save-cf"):
            # Results of loops, branches and calls pass through an op first.
            outs = [self.through_op(v) if isinstance(v.op, (For, While, If,
                                                            Call)) else v
                    for v in outs]
        p.outputs = [self.output_value(v) for v in outs]

    def through_op(self, v):
        if not is_tensor(v):
            return v
        dt = v.type.dtype
        fn = "tanh" if is_float(dt) else "logical_not" if dt == "bool" \
            else "invert"
        return self.add(Elementwise([v], fn=fn))

    def output_value(self, v):
        """(value to save, its logical dtype): sparse matrices to dense,
        scalars to 0-d arrays, bfloat16 to float32, large arrays summed."""
        if is_sparse(v):
            v = self.add(Sparse([v], fn="to_dense"))
        if isinstance(v.type, ST):
            if v.type.name == "index":
                v = self.add(Scalar([v], fn="cast", op="index_cast",
                                    to="i64"))
            v = self.add(Scalar([v], fn="from_elements",
                                dtype=DTYPE_OF[v.type.name], zero_d=True))
        if int(np.prod(np.shape(self.value(v)))) > 4096:
            v = self.add(Reduce([v], fn="any" if v.type.dtype == "bool"
                                else "sum", axes=None))
        logical = v.type.dtype
        if logical == "bfloat16":
            v = self.add(AsType([v], to="float32"))
        return v, logical

    def finish(self):
        p = self.p
        called = {id(op.attrs["func"]) for op, _ in p.walk()
                  if isinstance(op, Call)}
        p.funcs = [f for f in p.funcs if id(f) in called]
        interp = Interp(p, cap=self.cap)
        expected = interp.run()
        checks = tolerances(p, expected)
        if all(c[0] == "skip" for c in checks) and self.chance(0.8):
            raise Invalid("no output can be compared")
        p.expected = [np.array(e, order="C") for e in expected]
        p.checks = checks
        p.features = features(p, interp, self.large)
        return p


def used_names(p):
    used = set()

    def visit(block):
        for v in block.yields:
            used.add(v.name)
        for op in block.stmts:
            for v in op.operands:
                used.add(v.name)
            for inner in op.blocks():
                visit(inner)
    for f in p.funcs:
        visit(f.body)
    visit(p.main)
    return used


def normwise(result, expected):
    finite = np.isfinite(expected)
    e = expected[finite].astype(np.float64)
    r = result[finite].astype(np.float64)
    norm = np.linalg.norm(e)
    return np.linalg.norm(r - e) / (norm if norm > 0 else 1.0)


def tolerances(p, expected):
    """Each output's check: ("exact",), ("tol", t), ("bf16", t) or
    ("skip",) (ill-conditioned: not compared). The twin runs twice more
    with every float result perturbed (module docstring)."""
    rng = np.random.default_rng([p.seed, p.index, 99])
    runs = []
    for _ in range(2):
        try:
            with np.errstate(all="ignore"):
                runs.append(Interp(p, strict=False, perturb=rng,
                                   cap=LARGE_CAP).run())
        except Invalid:
            return [("skip",)] * len(expected)
    checks = []
    for k, ((val, logical), e) in enumerate(zip(p.outputs, expected)):
        e = np.asarray(e)
        others = [np.asarray(run[k]) for run in runs]
        if any(o.shape != e.shape or o.dtype != e.dtype for o in others):
            checks.append(("skip",))
            continue
        if not is_float(logical):
            same = all(np.array_equal(o, e) for o in others)
            checks.append(("exact",) if same else ("skip",))
            continue
        if any(not np.array_equal(np.isnan(o), np.isnan(e)) or
               not np.array_equal(np.where(np.isinf(e), e, 0),
                                  np.where(np.isinf(e), o, 0)) or
               np.any(np.isinf(o) & ~np.isinf(e)) for o in others):
            checks.append(("skip",))
            continue
        dev = max([normwise(o, e) for o in others] + [0.0])
        tol = max(TOLERANCE[logical], 4 * dev)
        if tol > TOLERANCE_CAP[logical]:
            checks.append(("skip",))
        else:
            checks.append(("bf16" if logical == "bfloat16" else "tol",
                           float(tol)))
    return checks


def features(p, interp, large=False):
    f = set()

    def visit(block, loops):
        for op in block.stmts:
            if isinstance(op, (For, While)):
                f.add("for" if isinstance(op, For) else "while")
                f.add("loop")
                if loops:
                    f.add("nested")
            elif isinstance(op, If):
                f.add("if")
            elif isinstance(op, Call):
                f.add("call")
            elif isinstance(op, Sparse):
                f.add("sparse")
            elif isinstance(op, Scalar):
                if op.attrs["fn"] in ("extract", "dim", "from_elements"):
                    f.add(op.attrs["fn"])
            elif isinstance(op, Shape) and op.attrs["fn"] == "take":
                f.add("take")
            elif isinstance(op, Product):
                f.add("product")
            for v in op.results:
                if isinstance(v.type, TT):
                    f.add("dtype:" + v.type.dtype)
                    if v.type.dynamic():
                        f.add("dynamic")
            for inner in op.blocks():
                visit(inner, loops or isinstance(op, (For, While)))
    for func in p.funcs:
        visit(func.body, False)
        if any(a.type.dynamic() for a in func.args):
            f.add("dynamic")
    visit(p.main, False)
    for v, _ in p.inputs:
        f.add("dtype:" + v.type.dtype)
        if v.type.dynamic():
            f.add("dynamic")
    if interp.zero:
        f.add("zero")
    if interp.dynamic_zero:
        f.add("dynamic-zero")
    if large:
        f.add("large")
    if p.specials:
        f.add("nan-inf")
    return sorted(f)


def generate(seed, index, avoid=()):
    return Gen(seed, index, avoid).build()


# ---------------------------------------------------------------------------
# emission: MLIR (batch functions, standalone tests) and the twin's text
# ---------------------------------------------------------------------------

def set_prefix(p, prefix):
    for op, _ in p.walk():
        if isinstance(op, Call):
            op.attrs["prefix"] = prefix


def program_function(p, prefix, folder):
    """Program `p` as `func.func @<prefix>()`: loads its inputs from
    folder/<name>.npy, saves output k to folder/o<k>.npy."""
    set_prefix(p, prefix)
    lines = ["func.func @%s() {" % prefix]
    for val, _ in p.inputs:
        lines.append('  %s = array.load_npy "%s/%s.npy" : %s'
                     % (val.ref, folder, val.name, val.type.mlir()))
    lines += mlir_block(p.main, "  ")
    for k, (val, _) in enumerate(p.outputs):
        lines.append('  array.save_npy %s, "%s/o%d.npy" : %s'
                     % (val.ref, folder, k, val.type.mlir()))
    lines.append("  return")
    lines.append("}")
    for func in p.funcs:
        lines += func.mlir(prefix)
    return "\n".join(lines) + "\n"


def batch_module(entries, selection, extra=""):
    """One module running programs `entries` ((prefix, folder, program)):
    @main calls program k where element k of `selection` (a .npy of bools)
    is true; `extra` (functions) is added as it is. Returns the text and
    each program's first and last line."""
    text, ranges, line = "", [], 1
    for prefix, folder, p in entries:
        part = program_function(p, prefix, folder)
        n = part.count("\n")
        ranges.append((line, line + n - 1))
        line += n
        text += part
    lines = ["func.func @main() {",
             '  %%sel = array.load_npy "%s" : tensor<?xi1>' % selection]
    for k, (prefix, _, _) in enumerate(entries):
        lines += ["  %%c%d = arith.constant %d : index" % (k, k),
                  "  %%s%d = tensor.extract %%sel[%%c%d] : tensor<?xi1>"
                  % (k, k),
                  "  scf.if %%s%d {" % k,
                  "    func.call @%s() : () -> ()" % prefix,
                  "  }"]
    lines += ["  return", "}"]
    return text + "\n".join(lines) + "\n" + extra, ranges


def tuple_text(names):
    return "(%s)" % ", ".join(names) if not names else \
        "(%s,)" % ", ".join(names)


def block_expr(block, final=None):
    items = []
    for op in block.stmts:
        items += walrus(op)
    items.append(final if final is not None else
                 tuple_text([v.name for v in block.yields]))
    return "(%s,)[-1]" % ", ".join(items)


def control_expr(op):
    if isinstance(op, For):
        body = op.attrs["body"]
        lb, ub, st = (v.name for v in op.operands[:3])
        return "_for(%s, %s, %s, %s, lambda %s: %s)" % (
            lb, ub, st, tuple_text([v.name for v in op.operands[3:]]),
            ", ".join(a.name for a in body.args), block_expr(body))
    if isinstance(op, While):
        before, after = op.attrs["before"], op.attrs["after"]
        cond = "(%s, %s)" % (before.yields[0].name,
                             tuple_text([a.name for a in before.args]))
        return "_while(lambda %s: %s, lambda %s: %s, %s)" % (
            ", ".join(a.name for a in before.args), block_expr(before, cond),
            ", ".join(a.name for a in after.args), block_expr(after),
            tuple_text([v.name for v in op.operands]))
    if isinstance(op, If):
        return "(lambda: %s)() if %s else (lambda: %s)()" % (
            block_expr(op.attrs["then"]), op.operands[0].name,
            block_expr(op.attrs["else"]))
    if isinstance(op, Call):
        return "%s(%s)" % (op.attrs["func"].name,
                           ", ".join(v.name for v in op.operands))
    return None


def walrus(op):
    expr = control_expr(op)
    if expr is None:
        return ["(%s := %s)" % (op.r.name, op.py())]
    tmp = "t" + (op.attrs.get("id") or op.r.name)
    return ["(%s := %s)" % (tmp, expr)] + [
        "(%s := %s[%d])" % (v.name, tmp, k) for k, v in enumerate(op.results)]


def twin_lines(p):
    """The twin as one-line statements (after the inputs are defined)."""
    lines = []
    for func in p.funcs:
        lines.append("%s = lambda %s: %s" % (
            func.name, ", ".join(a.name for a in func.args),
            block_expr(func.body)))
    for op in p.main.stmts:
        expr = control_expr(op)
        if expr is None:
            lines.append("%s = %s" % (op.r.name, op.py()))
        else:
            lines.append("%s = %s" % (tuple_text([v.name for v in
                                                   op.results]), expr))
    return lines


def run_twin_text(p):
    """Runs the twin's text (as numpy_ref.py would) on the inputs; returns
    the outputs (a self-check of the interpreter)."""
    env = dict(TWIN_GLOBALS)
    for val, array in p.inputs:
        env[val.name] = array
    with np.errstate(all="ignore"):
        for line in twin_lines(p):
            exec(line, env)  # noqa: S102 (our own twin)
    return [env[v.name] for v, _ in p.outputs]


def input_line(val, array):
    dt = array.dtype.name
    return '%s = np.array(%s, dtype=%s).reshape(%r); np.save("%s.npy", %s)' \
        % (val.name, py_list(array, dt), np_dtype(dt), array.shape, val.name,
           val.name)


RUN_LINES = """\
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
"""


def standalone_test(p, header, xfail=None, extra=""):
    """`p` as a test in the style of test/Integration/*.mlir: the NUMPY
    lines write the inputs and print the expected outputs, the program
    prints its outputs."""
    set_prefix(p, "p")
    lines = ["// " + line if line else "//" for line in header]
    if xfail:
        lines.append("// Expected to fail until the compiler is fixed:")
        lines.append("// XFAIL: %s" % xfail)
    lines += RUN_LINES.rstrip("\n").split("\n")
    lines.append("")
    tols = [c[1] for c in p.checks if c[0] in ("tol", "bf16")]
    if tols:
        lines.append("// NUMPY-RTOL: %.3g" % max(1e-6, 10 * max(tols)))
    twin = twin_lines(p)
    prints = ["print(%s)" % v.name for v, _ in p.outputs]
    code = [input_line(v, a) for v, a in p.inputs] + twin + prints
    for line in helpers_for("\n".join(code)):
        lines.append("// NUMPY: " + line)
    for line in code:
        lines.append("// NUMPY: " + line)
    lines.append("")
    lines.append("func.func @main() {")
    for val, _ in p.inputs:
        lines.append('  %s = array.load_npy "%s.npy" : %s'
                     % (val.ref, val.name, val.type.mlir()))
    lines += mlir_block(p.main, "  ")
    for val, _ in p.outputs:
        lines.append("  array.print %s : %s" % (val.ref, val.type.mlir()))
    lines.append("  return")
    lines.append("}")
    for func in p.funcs:
        lines += func.mlir("p")
    return "\n".join(lines) + "\n" + extra


# ---------------------------------------------------------------------------
# running: compile in batches, run, compare, report
# ---------------------------------------------------------------------------

# Compile errors that are documented limitations (README.md "Sparse
# matrices", the ops' descriptions), not bugs: REJECTED.
DOCUMENTED_REJECTIONS = [
    r"compile with --target=cpu",
    r"must be static \(dynamic slicing is not supported yet\)",
]
VERDICTS = ["PASS", "MISMATCH", "CRASH", "COMPILE-FAIL", "REJECTED",
            "SANITIZER"]


def check_output(result, expected, check):
    """None, or what is wrong with `result` (random_suite.py's rules)."""
    if check[0] == "skip":
        if result.shape != expected.shape or result.dtype != expected.dtype:
            return "got %s %s, expected %s %s" % (
                result.dtype, result.shape, expected.dtype, expected.shape)
        return None
    if check[0] == "exact":
        return rs.compare(result, expected, "exact")
    if check[0] == "bf16" and result.dtype == np.float32:
        low = result.view(np.uint32) & np.uint32(0xFFFF)
        if low[~np.isnan(result)].any():
            return "not bfloat16 values (low 16 bits set)"
    return rs.compare(result, expected, check[1])


def compare_program(workdir, entry):
    """(verdict, detail, compared outputs, unchecked outputs)."""
    folder = os.path.join(workdir, entry["folder"])
    compared = unchecked = 0
    for k, check in enumerate(entry["checks"]):
        path = os.path.join(folder, "o%d.npy" % k)
        if not os.path.exists(path):
            return "CRASH", "no o%d.npy" % k, compared, unchecked
        try:
            result = np.load(path)
        except Exception as error:  # a broken file is a mismatch
            return "MISMATCH", "o%d.npy: %s" % (k, error), compared, \
                unchecked
        expected = np.load(os.path.join(folder, "e%d.npy" % k))
        with np.errstate(all="ignore"):
            problem = check_output(result, expected, check)
        if problem:
            return "MISMATCH", "o%d: %s" % (k, problem), compared, unchecked
        if check[0] == "skip":
            unchecked += 1
        else:
            compared += 1
    return "PASS", "", compared, unchecked


def outputs_complete(workdir, entry):
    folder = os.path.join(workdir, entry["folder"])
    return all(os.path.exists(os.path.join(folder, "o%d.npy" % k))
               for k in range(len(entry["checks"])))


SANITIZER_COUNT = re.compile(r"(?:ERROR SUMMARY|RACECHECK SUMMARY): (\d+)")


def execute(workdir, exe, sanitizer=None, timeout=600):
    """Runs `exe` in `workdir`: (status, stderr tail, sanitizer errors).
    A negative status is a signal; None a timeout."""
    command = [os.path.join(os.path.abspath(workdir), exe)]
    if sanitizer:
        tool = shutil.which("compute-sanitizer") or \
            "/usr/local/cuda/bin/compute-sanitizer"
        # initcheck prints every report: the libraries' are counted apart.
        limit = "100000" if sanitizer == "initcheck" else "20"
        command = [tool, "--tool", sanitizer, "--print-limit", limit] + \
            sanitizer_reports.tool_options(sanitizer) + command
    try:
        ran = subprocess.run(command, cwd=workdir, capture_output=True,
                             text=True, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout, 0
    errors = 0
    if sanitizer:
        counts = SANITIZER_COUNT.findall(ran.stdout + ran.stderr)
        errors = sum(int(c) for c in counts)
        if sanitizer == "initcheck" and errors:
            # The libraries' own reports (scripts/sanitizer_reports.py).
            errors -= len(sanitizer_reports.vendor_initcheck_errors(
                ran.stdout + ran.stderr))
    text = (ran.stderr.strip() or ran.stdout.strip())[-1500:]
    return ran.returncode, text, errors


def crash_text(status, text):
    if status is None:
        return "hang: " + text
    if status < 0:
        return "signal %d: %s" % (-status, text[-600:])
    return "status %d: %s" % (status, text[-600:])


def remove_outputs(workdir, entry):
    folder = os.path.join(workdir, entry["folder"])
    for k in range(len(entry["checks"])):
        path = os.path.join(folder, "o%d.npy" % k)
        if os.path.exists(path):
            os.remove(path)


def run_group(workdir, group, report, sanitizer=None):
    """Runs a compiled batch, reporting each program's verdict; after a
    crash, runs the crashing program alone to confirm, then the rest."""
    entries = group["programs"]
    pending = list(range(len(entries)))
    sel_path = os.path.join(workdir, group["exe"] + ".sel.npy")

    def run(positions):
        sel = np.zeros(len(entries), bool)
        sel[positions] = True
        np.save(sel_path, sel)
        for k in positions:
            remove_outputs(workdir, entries[k])
        return execute(workdir, group["exe"], sanitizer)

    def sanitized(k, errors, text):
        verdict = compare_program(workdir, entries[k])
        report(entries[k], "SANITIZER", "%d %s errors (outputs: %s %s): %s"
               % (errors, sanitizer, verdict[0], verdict[1], text[-600:]),
               verdict[2], verdict[3])

    while pending:
        status, text, errors = run(pending)
        if status == 0 and not errors:
            for k in pending:
                report(entries[k], *compare_program(workdir, entries[k]))
            return
        if status == 0:
            # Sanitizer errors, no crash: which programs have them.
            if len(pending) == 1:
                sanitized(pending[0], errors, text)
                return
            for k in pending:
                status1, text1, errors1 = run([k])
                if status1 == 0 and not errors1:
                    report(entries[k], *compare_program(workdir, entries[k]))
                elif status1 == 0:
                    sanitized(k, errors1, text1)
                else:
                    report(entries[k], "CRASH", crash_text(status1, text1),
                           0, 0)
            return
        incomplete = [k for k in pending
                      if not outputs_complete(workdir, entries[k])]
        suspect = incomplete[0] if incomplete else pending[-1]
        before = pending[:pending.index(suspect)]
        for k in before:
            report(entries[k], *compare_program(workdir, entries[k]))
        if len(pending) > 1:
            status1, text1, _ = run([suspect])
            if status1 == 0:
                report(entries[suspect], "CRASH", "only after the programs "
                       "before it in its batch: " + crash_text(status, text),
                       0, 0)
            else:
                report(entries[suspect], "CRASH", crash_text(status1, text1),
                       0, 0)
        else:
            report(entries[suspect], "CRASH", crash_text(status, text), 0, 0)
        pending = pending[pending.index(suspect) + 1:]


def compile_module(arrayc, target, workdir, name, entries, timeout=600,
                   extra="", flags=()):
    """Compiles programs `entries` into executable `name`: None or the
    error."""
    os.makedirs(os.path.join(workdir, "src"), exist_ok=True)
    source = os.path.join(workdir, "src", name + ".mlir")
    text, ranges = batch_module(entries, name + ".sel.npy", extra)
    with open(source, "w") as out:
        out.write(text)
    exe = os.path.join(os.path.abspath(workdir), name)
    for attempt in range(12):
        try:
            built = subprocess.run([arrayc, "--target=" + target] +
                                   list(flags) + [source, "-o", exe],
                                   capture_output=True,
                                   text=True, timeout=timeout,
                                   errors="replace")
            break
        except subprocess.TimeoutExpired:
            return CompileError("compile timed out after %d s" % timeout,
                                source, [], timed_out=True)
        except OSError as error:
            # The compiler is being rebuilt: wait for it.
            if attempt == 11:
                raise
            print("cannot run %s (%s); retrying in 60 s" % (arrayc, error))
            sys.stdout.flush()
            time.sleep(60)
    if built.returncode == 0:
        return None
    text = built.stderr.strip() or built.stdout.strip()
    if built.returncode < 0:
        text = "arrayc killed by signal %d: %s" % (-built.returncode, text)
    return CompileError(text or "arrayc exit status %d" % built.returncode,
                        source, ranges)


class CompileError(str):
    """An error message that knows which programs its locations name."""

    def __new__(cls, text, source, ranges, timed_out=False):
        self = str.__new__(cls, text)
        self.timed_out = timed_out
        lines = {int(m) for m in re.findall(
            re.escape(os.path.basename(source)) + r":(\d+):", text)}
        self.programs = sorted({k for k, (a, b) in enumerate(ranges)
                                for n in lines if a <= n <= b})
        return self


def rejected(error):
    return any(re.search(p, error) for p in DOCUMENTED_REJECTIONS)


def compile_batch(args, name, entries):
    """Compiles a batch; a batch that fails is split in halves until the
    programs that do not compile are found. Returns (groups, failures)."""
    slow = args.target == "cuda"
    error = compile_module(args.arrayc, args.target, args.workdir, name,
                           entries, timeout=900 if slow else 300,
                           flags=args.arrayc_flag)
    if error is None:
        return [(name, entries)], []
    if len(entries) == 1:
        return [], [(entries[0], error)]
    if error.timed_out:
        # A program compiles too slowly: each alone, then the rest again.
        bad, rest = [], []
        for k, entry in enumerate(entries):
            alone = compile_module(args.arrayc, args.target, args.workdir,
                                   "%s_%d" % (name, k), [entry],
                                   timeout=300 if slow else 120,
                                   flags=args.arrayc_flag)
            for leftover in (os.path.join(args.workdir, "%s_%d" % (name, k)),
                             os.path.join(args.workdir, "src",
                                          "%s_%d.mlir" % (name, k))):
                if os.path.exists(leftover):
                    os.remove(leftover)
            if alone is None:
                rest.append(entry)
            else:
                bad.append((entry, alone))
        if not bad:
            return [], [(e, error) for e in entries]
        groups, failures = compile_batch(args, name + "r", rest) if rest \
            else ([], [])
        return groups, bad + failures
    if error.programs and len(error.programs) < len(entries):
        # The error names its program: compile the others again.
        bad = [(entries[k], error) for k in error.programs]
        rest = [e for k, e in enumerate(entries) if k not in error.programs]
        groups, failures = compile_batch(args, name + "r", rest)
        return groups, bad + failures
    half = len(entries) // 2
    g1, f1 = compile_batch(args, name + "a", entries[:half])
    g2, f2 = compile_batch(args, name + "b", entries[half:])
    return g1 + g2, f1 + f2


def write_program(workdir, folder, p):
    path = os.path.join(workdir, folder)
    os.makedirs(path, exist_ok=True)
    for val, array in p.inputs:
        np.save(os.path.join(path, val.name + ".npy"), array)
    for k, expected in enumerate(p.expected):
        np.save(os.path.join(path, "e%d.npy" % k), expected)


def entry_of(p, prefix, folder):
    return {"index": p.index, "prefix": prefix, "folder": folder,
            "checks": [list(c) for c in p.checks], "features": p.features,
            "dtypes": sorted({f[6:] for f in p.features
                              if f.startswith("dtype:")})}


class Summary:
    """Counts the verdicts and the programs' features; prints verdicts as
    they come."""

    def __init__(self, seed, quiet=False, out=sys.stdout):
        self.seed = seed
        self.quiet = quiet
        self.out = out
        self.verdicts = {v: 0 for v in VERDICTS}
        self.features = {}
        self.compared = self.unchecked = 0
        self.failures = []

    def __call__(self, entry, verdict, detail, compared, unchecked):
        self.verdicts[verdict] += 1
        self.compared += compared
        self.unchecked += unchecked
        for f in entry["features"]:
            self.features[f] = self.features.get(f, 0) + 1
        line = "%s %s (seed %d index %d)" % (verdict, entry["prefix"],
                                             self.seed, entry["index"])
        if verdict not in ("PASS",):
            line += ": " + detail.replace("\n", "\n    ")
            if verdict != "REJECTED":
                self.failures.append((entry, verdict, detail))
        if verdict != "PASS" or not self.quiet:
            print(line, file=self.out)
            self.out.flush()

    def text(self, target):
        n = sum(self.verdicts.values())
        f = self.features
        feats = ["loops %d" % f.get("loop", 0),
                 "for %d" % f.get("for", 0), "while %d" % f.get("while", 0),
                 "nested loops %d" % f.get("nested", 0),
                 "if %d" % f.get("if", 0), "calls %d" % f.get("call", 0),
                 "dynamic shapes %d" % f.get("dynamic", 0),
                 "zero-size dims %d (dynamic ones %d)" % (
                     f.get("zero", 0), f.get("dynamic-zero", 0)),
                 "sparse %d" % f.get("sparse", 0),
                 "tensor.extract %d" % f.get("extract", 0),
                 "tensor.dim %d" % f.get("dim", 0),
                 "tensor.from_elements %d" % f.get("from_elements", 0),
                 "take %d" % f.get("take", 0),
                 "matmul/dot %d" % f.get("product", 0),
                 "large %d" % f.get("large", 0),
                 "NaN/inf inputs %d" % f.get("nan-inf", 0)]
        dtypes = ", ".join("%s %d" % (d, f.get("dtype:" + d, 0))
                           for d in DTYPES)
        v = self.verdicts
        return ("target %s: %d programs: %d passed, %d mismatched, %d "
                "crashed, %d compile-failed, %d rejected (documented), %d "
                "sanitizer errors; %d outputs compared, %d unchecked "
                "(ill-conditioned)\nfeatures: %s\ndtypes: %s" % (
                    target, n, v["PASS"], v["MISMATCH"], v["CRASH"],
                    v["COMPILE-FAIL"], v["REJECTED"], v["SANITIZER"],
                    self.compared, self.unchecked, ", ".join(feats), dtypes))


def generate_all(args):
    programs = []
    for index in range(args.start, args.start + args.count):
        programs.append(generate(args.seed, index, args.avoid))
    return programs


def prepare(args, report):
    """Generates, writes inputs and expected results, compiles the batches;
    writes manifest.json. Returns (manifest, programs by index)."""
    os.makedirs(args.workdir, exist_ok=True)
    start = time.time()
    programs = generate_all(args)
    entries = []
    by_index = {}
    for p in programs:
        prefix = folder = "p%d" % p.index
        write_program(args.workdir, folder, p)
        entries.append((prefix, folder, p))
        by_index[p.index] = p
    generated = time.time() - start
    # Programs with sparse matrices get executables of their own: a module
    # with sparse tensors is bufferized by array-sparsify, not One-Shot
    # Bufferize (README.md), so a neighbour would change how a program
    # compiles.
    batches = []
    for part in ([e for e in entries if "sparse" not in e[2].features],
                 [e for e in entries if "sparse" in e[2].features]):
        batches += [part[i:i + args.batch]
                    for i in range(0, len(part), args.batch)]
    jobs = max(1, args.jobs)
    results = []
    if jobs == 1:
        for n, batch in enumerate(batches):
            results.append(compile_batch(args, "b%d" % n, batch))
    else:
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(jobs) as pool:
            results = list(pool.map(
                lambda nb: compile_batch(args, "b%d" % nb[0], nb[1]),
                enumerate(batches)))
    groups = []
    for good, bad in results:
        for name, batch in good:
            groups.append({"exe": name, "programs": [
                entry_of(p, prefix, folder) for prefix, folder, p in batch]})
        for (prefix, folder, p), error in bad:
            verdict = "REJECTED" if rejected(error) else "COMPILE-FAIL"
            report(entry_of(p, prefix, folder), verdict, error[-1500:], 0, 0)
    manifest = {"seed": args.seed, "target": args.target,
                "start": args.start, "count": args.count,
                "avoid": sorted(args.avoid), "groups": groups}
    with open(os.path.join(args.workdir, "manifest.json"), "w") as out:
        json.dump(manifest, out, indent=1)
    print("generated %d programs in %.1f s, compiled %d executables in "
          "%.1f s" % (len(programs), generated, len(groups),
                      time.time() - start - generated))
    sys.stdout.flush()
    return manifest, by_index


def run_manifest(workdir, manifest, report, sanitizer=None):
    for group in manifest["groups"]:
        run_group(workdir, group, report, sanitizer)


# ---------------------------------------------------------------------------
# reduction
# ---------------------------------------------------------------------------

def retype(p):
    """Recomputes every type from the inputs down (after a change); Invalid
    when the program no longer types."""
    def block(b):
        for op in b.stmts:
            if isinstance(op, If):
                for inner in op.blocks():
                    block(inner)
                types = op.infer()
            else:
                types = op.infer()
                for inner in op.blocks():
                    block(inner)
            if len(types) != len(op.results):
                raise Invalid("result count")
            for v, t in zip(op.results, types):
                v.type = t
            if hasattr(op, "check_yields"):
                op.check_yields()
    for f in p.funcs:
        block(f.body)
    block(p.main)


def dce(p):
    """Drops statements whose results nothing uses, then unused inputs
    and functions."""
    changed = True
    while changed:
        changed = False
        used = used_names(p) | {v.name for v, _ in p.outputs}

        def clean(block):
            nonlocal changed
            keep = []
            for op in block.stmts:
                for inner in op.blocks():
                    clean(inner)
                if any(r.name in used for r in op.results):
                    keep.append(op)
                else:
                    changed = True
            block.stmts = keep
        for f in p.funcs:
            clean(f.body)
        clean(p.main)
    used = used_names(p) | {v.name for v, _ in p.outputs}
    p.inputs = [(v, a) for v, a in p.inputs if v.name in used]
    called = {id(op.attrs["func"]) for op, _ in p.walk()
              if isinstance(op, Call)}
    p.funcs = [f for f in p.funcs if id(f) in called]


def positions(p):
    out = []

    def visit(block):
        for i, op in enumerate(block.stmts):
            out.append((block, i))
            for inner in op.blocks():
                visit(inner)
    for f in p.funcs:
        visit(f.body)
    visit(p.main)
    return out


def replace_uses(p, old, new):
    def visit(block):
        block.yields = [new if v is old else v for v in block.yields]
        for op in block.stmts:
            op.operands = [new if v is old else v for v in op.operands]
            for inner in op.blocks():
                visit(inner)
    for f in p.funcs:
        visit(f.body)
    visit(p.main)
    p.outputs = [(new if v is old else v, d) for v, d in p.outputs]


def constant_for(p, val, shape, scalar):
    """Statements computing a constant of `val`'s type (shape `shape` at
    run time): (stmts, value)."""
    t = val.type
    if isinstance(t, ST):
        op = Scalar([], fn="const", type=t.name,
                    value=float(scalar) if t.name in ("f32", "f64")
                    else int(scalar))
        op.results = [Val(p.fresh("r"), t, op=op)]
        return [op], op.r
    if t.sparse:
        raise Invalid("no sparse constant")
    stmts, sizes = [], []
    for d, s in zip(t.dims, shape):
        if d is None:
            c = Scalar([], fn="const", type="index", value=int(s))
            c.results = [Val(p.fresh("r"), ST("index"), op=c)]
            stmts.append(c)
            sizes.append(c.r)
    value = True if t.dtype == "bool" else 1.0 if is_float(t.dtype) else 1
    full = Create(sizes, fn="full", dtype=t.dtype, dims=list(t.dims),
                  value=value)
    full.results = [Val(p.fresh("r"), t, op=full)]
    return stmts + [full], full.r


def candidates(p, shapes, scalars):
    """Functions making a smaller copy of `p` (each may raise Invalid),
    from the end of the program backwards, then the inputs."""
    out = [("dead code", cand_dce), ("unused inputs", cand_unused)]
    for k in range(len(p.outputs)):
        if len(p.outputs) > 1:
            out.append(("drop output %d" % k,
                        functools.partial(cand_drop_output, k)))
    shrink = []
    for k, (val, array) in enumerate(p.inputs):
        for d, size in enumerate(array.shape):
            if size > 1:
                for new in sorted({1, size // 2}):
                    shrink.append(("input %s dim %d to %d" % (val.name, d,
                                                              new),
                                   functools.partial(cand_shrink, k, d, new)))
    out += shrink
    n = len(p.main.stmts)
    size = n // 2
    while size >= 2:
        for start in reversed(range(0, n - size + 1, size)):
            out.append(("remove statements %d-%d" % (start, start + size),
                        functools.partial(cand_chunk, start, start + size,
                                          shapes, scalars)))
        size //= 2
    for pos in reversed(range(len(positions(p)))):
        out.append(("remove statement %d" % pos,
                     functools.partial(cand_statement, pos, shapes, scalars)))
    out += shrink
    for k, (val, array) in enumerate(p.inputs):
        out.append(("input %s to ones" % val.name,
                    functools.partial(cand_ones, k)))
    return out


def cand_dce(p):
    before = len(positions(p)), len(p.inputs), len(p.funcs)
    dce(p)
    if (len(positions(p)), len(p.inputs), len(p.funcs)) == before:
        raise Invalid("no dead code")


def cand_unused(p):
    used = used_names(p) | {v.name for v, _ in p.outputs}
    before = len(p.inputs)
    p.inputs = [(v, a) for v, a in p.inputs if v.name in used]
    if len(p.inputs) == before:
        raise Invalid("no unused input")


def cand_drop_output(k, p):
    del p.outputs[k]
    del p.checks[k]


def cand_statement(pos, shapes, scalars, p, variant):
    block, i = positions(p)[pos]
    op = block.stmts[i]
    if variant == 0 and isinstance(op, (For, While)):
        # The loop gone: its results are its initial values.
        inits = op.operands[3:] if isinstance(op, For) else op.operands
        for r, v in zip(op.results, inits):
            replace_uses(p, r, v)
        del block.stmts[i]
        return
    if variant == 0 and isinstance(op, If):
        branch = op.attrs["then"]
        block.stmts[i:i + 1] = branch.stmts
        for r, v in zip(op.results, branch.yields):
            replace_uses(p, r, v)
        return
    if variant == 1 and isinstance(op, If):
        branch = op.attrs["else"]
        block.stmts[i:i + 1] = branch.stmts
        for r, v in zip(op.results, branch.yields):
            replace_uses(p, r, v)
        return
    if variant == 1 and isinstance(op, For):
        # One trip: ub = lb + step.
        lb, st = op.operands[0], op.operands[2]
        add = Scalar([lb, st], fn="addi")
        add.results = [Val(p.fresh("r"), ST("index"), op=add)]
        block.stmts.insert(i, add)
        op.operands[1] = add.r
        return
    if variant == 0:
        # Each result replaced by an operand of its type (unused: none).
        used = used_names(p) | {v.name for v, _ in p.outputs}
        for r in op.results:
            if r.name not in used:
                continue
            same = [v for v in op.operands if v.type == r.type]
            if not same:
                raise Invalid("no operand of the result's type")
            replace_uses(p, r, same[0])
        del block.stmts[i]
        return
    if variant == 2:
        # Each result replaced by a constant.
        new = []
        for r in op.results:
            stmts, val = constant_for(p, r, shapes.get(r.name, ()),
                                      scalars.get(r.name, 1))
            new += stmts
            replace_uses(p, r, val)
        block.stmts[i:i + 1] = new
        return
    raise Invalid("no such variant")


def cand_chunk(start, end, shapes, scalars, p):
    """Top-level statements start..end-1 gone, what they computed and later
    statements use replaced by constants."""
    block = p.main
    if end > len(block.stmts):
        raise Invalid("no such statements")
    used = used_names(p) | {v.name for v, _ in p.outputs}
    new = []
    for op in block.stmts[start:end]:
        for r in op.results:
            if r.name in used:
                stmts, val = constant_for(p, r, shapes.get(r.name, ()),
                                          scalars.get(r.name, 1))
                new += stmts
                replace_uses(p, r, val)
    block.stmts[start:end] = new


def cand_shrink(k, d, new, p):
    val, array = p.inputs[k]
    index = [slice(None)] * array.ndim
    index[d] = slice(0, new)
    array = np.ascontiguousarray(array[tuple(index)])
    if val.type.dims[d] is not None:
        dims = list(val.type.dims)
        dims[d] = new
        val.type = TT(val.type.dtype, dims)
    p.inputs[k] = (val, array)


def cand_ones(k, p):
    val, array = p.inputs[k]
    if np.all(array == 1):
        raise Invalid("already ones")
    p.inputs[k] = (val, np.ones_like(array))


def normalize_error(text):
    """A failure's signature: its first error line without locations, SSA
    names and numbers."""
    lines = text.splitlines()
    pick = None
    for pattern in (r"Assertion .* failed", r"error:", r"LLVM ERROR",
                    r"PLEASE submit", r"Stack dump", r"\S"):
        for line in lines:
            if re.search(pattern, line):
                pick = line
                break
        if pick:
            break
    pick = pick or ""
    pick = re.sub(r"^.*?(error:|Assertion)", r"\1", pick)
    pick = re.sub(r"loc\([^)]*\)", "", pick)
    pick = re.sub(r"%[\w#]+", "%x", pick)
    pick = re.sub(r"\d+", "N", pick)
    return pick.strip()[:200]


class Reducer:
    """Reduces a failing program while its failure keeps its signature."""

    def __init__(self, args, target, log=sys.stdout):
        self.args = args
        self.target = target
        self.log = log
        self.runs = 0
        self.context = ""

    def signature(self, p, workdir):
        if os.path.exists(workdir):
            shutil.rmtree(workdir)
        os.makedirs(workdir)
        write_program(workdir, "p", p)
        prefix = "p%d" % p.index
        error = compile_module(self.args.arrayc, self.target, workdir, "b",
                               [(prefix, "p", p)], timeout=300,
                               extra=self.context,
                               flags=self.args.arrayc_flag)
        self.runs += 1
        if error is not None:
            if rejected(error):
                return "REJECTED"
            if re.search(r"Stack dump|Assertion|LLVM ERROR|killed by signal|"
                         r"PLEASE submit", error):
                return "COMPILE-CRASH: " + normalize_error(error)
            return "COMPILE-FAIL: " + normalize_error(error)
        if self.target != "cpu":
            return None
        np.save(os.path.join(workdir, "b.sel.npy"), np.ones(1, bool))
        status, text, _ = execute(workdir, "b", timeout=120)
        entry = entry_of(p, prefix, "p")
        if status != 0:
            if status is None:
                return "CRASH: hang"
            if status < 0:
                return "CRASH: signal %d" % -status
            return "CRASH: status %d: %s" % (status, normalize_error(text))
        verdict = compare_program(workdir, entry)[0]
        return None if verdict == "PASS" else verdict

    def valid(self, p):
        try:
            retype(p)
            interp = Interp(p, cap=LARGE_CAP)
            expected = interp.run()
        except Invalid:
            return None
        p.expected = [np.array(e, order="C") for e in expected]
        p.checks = tolerances(p, expected)
        if all(c[0] == "skip" for c in p.checks):
            return None
        return interp

    def reduce(self, p, workdir, budget=400, seconds=1200, batch=()):
        """Reduces `p`; when it passes alone, first finds a context (other
        functions in its module, never called) in which it fails: a small
        sparse function (a module with sparse tensors is bufferized by
        array-sparsify), the sparse programs of its batch, its batch."""
        p = copy.deepcopy(p)
        interp = self.valid(p)
        if interp is None:
            raise RuntimeError("the program to reduce is not valid")
        self.context = ""
        want = self.signature(p, workdir)
        if want is None:
            others = [q for q in batch if q.index != p.index]
            sparse = [q for q in others if "sparse" in q.features]
            for context in [SPARSE_CONTEXT] + (
                    [contexts(sparse)] if sparse else []) + (
                    [contexts(others)] if others else []):
                self.context = context
                want = self.signature(p, workdir)
                if want is not None:
                    break
            else:
                self.context = ""
        print("reducing %d (seed %d): %s%s" % (
            p.index, p.seed, want, " (with %d lines of context)" %
            self.context.count("\n") if self.context else ""), file=self.log)
        if want is None:
            return p, None
        start = time.time()
        changed = True
        while changed and self.runs < budget and \
                time.time() - start < seconds:
            changed = False
            for what, make in candidates(p, interp.shapes, interp.scalars):
                if self.runs >= budget or time.time() - start > seconds:
                    break
                for variant in range(3):
                    cand = copy.deepcopy(p)
                    try:
                        if what.startswith("remove statement "):
                            make(cand, variant)
                        elif variant:
                            break
                        else:
                            make(cand)
                    except Invalid:
                        continue
                    except IndexError:
                        break
                    cand_interp = self.valid(cand)
                    if cand_interp is None:
                        continue
                    if self.signature(cand, workdir) == want:
                        p, interp = cand, cand_interp
                        changed = True
                        break
        n = len(positions(p))
        print("reduced to %d statements, %d inputs in %d runs, %.0f s" % (
            n, len(p.inputs), self.runs, time.time() - start), file=self.log)
        return p, want


# A function with a sparse matrix, never called: in a module with sparse
# tensors, array-sparsify bufferizes the whole module.
SPARSE_CONTEXT = """func.func @sparse_context() {
  %e = array.eye : tensor<2x2xf32>
  %s = array.to_sparse %e : tensor<2x2xf32> -> tensor<2x2xf32, \
#sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>>
  %d = array.to_dense %s : tensor<2x2xf32, \
#sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>> \
-> tensor<2x2xf32>
  array.print %d : tensor<2x2xf32>
  return
}
"""


def contexts(programs):
    return "".join(program_function(q, "c%d" % q.index, "c%d" % q.index)
                   for q in programs)


def test_header(p, args, verdict, detail, reduced, signature=None):
    lines = ["A random program (test/Integration/Inputs/random_programs.py "
             "--seed %d --index %d --target %s%s)%s." % (
                 p.seed, p.index, args.target,
                 "".join(" --avoid " + a for a in sorted(args.avoid)),
                 ", reduced" if reduced else "")]
    if verdict != "generated":
        first = detail.splitlines()[0][:300] if detail else ""
        lines.append("Symptom: %s, %s%s" % (
            verdict, first, "" if not signature or signature == verdict
            else " (reduced: %s)" % signature))
    return lines


def keep_test(args, p, verdict, detail, reduced, signature=None,
              context=""):
    os.makedirs(args.keep, exist_ok=True)
    name = "gen-s%d-i%d-%s%s.mlir" % (p.seed, p.index, args.target,
                                      "-reduced" if reduced else "")
    xfail = "*" if args.target == "cpu" else "cuda-gpu"
    header = test_header(p, args, verdict, detail, reduced, signature)
    if context:
        header.append("It fails only with other functions in its module "
                      "(never called), below @main.")
    path = os.path.join(args.keep, name)
    with open(path, "w") as out:
        out.write(standalone_test(p, header, xfail, context))
    print("wrote %s" % path)
    return path


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------

def shipment(workdir):
    """What --run needs: manifest.json, the executables, the programs'
    folders (inputs and expected results)."""
    with open(os.path.join(workdir, "manifest.json")) as source:
        manifest = json.load(source)
    names = ["manifest.json"]
    for group in manifest["groups"]:
        names.append(group["exe"])
        names += [e["folder"] for e in group["programs"]]
    return names


def shipment_size(workdir):
    total = 0
    for name in shipment(workdir):
        path = os.path.join(workdir, name)
        if os.path.isdir(path):
            total += sum(os.path.getsize(os.path.join(path, f))
                         for f in os.listdir(path))
        else:
            total += os.path.getsize(path)
    return total


def pack(workdir, path):
    import tarfile
    with tarfile.open(path, "w:xz", preset=9) as tar:
        for name in shipment(workdir):
            tar.add(os.path.join(workdir, name), arcname=name)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arrayc")
    parser.add_argument("--target", default="cpu", choices=["cpu", "cuda"])
    parser.add_argument("--arrayc-flag", action="append", default=[],
                        help="an arrayc option for every compile "
                             "(repeatable)")
    parser.add_argument("--workdir")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--index", type=int,
                        help="only program INDEX (same as --start I "
                             "--count 1)")
    parser.add_argument("--batch", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--prepare", action="store_true")
    parser.add_argument("--run", action="store_true")
    parser.add_argument("--pack", metavar="FILE",
                        help="with --prepare: also write the shipment "
                             "(DIR without the .mlir sources) as a .tar.xz")
    parser.add_argument("--sanitizer",
                        choices=["memcheck", "racecheck", "initcheck"])
    parser.add_argument("--first", type=int, metavar="N",
                        help="with --run: only the executables of the "
                             "first N programs (whole batches)")
    parser.add_argument("--keep", metavar="DIR")
    parser.add_argument("--reduce", action="store_true")
    parser.add_argument("--reduce-budget", type=int, default=400,
                        help="most compilations a reduction makes")
    parser.add_argument("--avoid", action="append", default=[],
                        help="a feature not to generate: %s" %
                        ", ".join(FEATURES))
    parser.add_argument("--show", action="store_true",
                        help="print the program (standalone test form)")
    parser.add_argument("--quiet", action="store_true",
                        help="print only the verdicts that are not PASS")
    args = parser.parse_args(argv)
    args.avoid = sorted({a for item in args.avoid for a in item.split(",")
                         if a})
    for a in args.avoid:
        if a not in FEATURES:
            parser.error("unknown feature %r (one of %s)" % (
                a, ", ".join(FEATURES)))
    if args.index is not None:
        args.start, args.count = args.index, 1
    if args.run:
        with open(os.path.join(args.workdir, "manifest.json")) as source:
            manifest = json.load(source)
        if args.first is not None:
            groups, covered = [], 0
            for group in manifest["groups"]:
                if covered >= args.first:
                    break
                groups.append(group)
                covered += len(group["programs"])
            manifest["groups"] = groups
            manifest["count"] = covered
        print("run: seed %d, target %s, programs %d-%d, NumPy %s%s" % (
            manifest["seed"], manifest["target"], manifest["start"],
            manifest["start"] + manifest["count"] - 1, np.__version__,
            ", under compute-sanitizer " + args.sanitizer
            if args.sanitizer else ""))
        sys.stdout.flush()
        summary = Summary(manifest["seed"], args.quiet)
        start = time.time()
        run_manifest(args.workdir, manifest, summary, args.sanitizer)
        print(summary.text(manifest["target"]))
        print("ran in %.1f s" % (time.time() - start))
        return 1 if summary.failures else 0
    if args.seed is None:
        args.seed = int(os.environ.get("ARRAYC_RANDOM_SEED",
                                       time.time_ns() % 2**31))
    if args.show:
        p = generate(args.seed, args.start, args.avoid)
        sys.stdout.write(standalone_test(p, test_header(
            p, args, "generated", "", False)))
        print("// features: %s" % ", ".join(p.features))
        print("// checks: %s" % p.checks)
        return 0
    if not args.arrayc or not args.workdir:
        parser.error("--arrayc and --workdir are needed")
    print("seed %d, target %s, programs %d-%d%s" % (
        args.seed, args.target, args.start, args.start + args.count - 1,
        ", avoiding " + ", ".join(args.avoid) if args.avoid else ""))
    sys.stdout.flush()
    summary = Summary(args.seed, args.quiet)
    manifest, by_index = prepare(args, summary)
    if args.prepare:
        print(summary.text(args.target + " (compile only)"))
        print("shipment: %.1f MiB in %s (executables, inputs, expected "
              "results)" % (
            shipment_size(args.workdir) / 2**20, args.workdir))
        if args.pack:
            pack(args.workdir, args.pack)
            print("packed: %.1f MiB in %s" % (os.path.getsize(args.pack)
                                               / 2**20, args.pack))
        return 1 if summary.failures else 0
    run_manifest(args.workdir, manifest, summary)
    print(summary.text(args.target))
    if args.keep:
        reducer = Reducer(args, args.target)
        batch_of = {}
        for group in manifest["groups"]:
            for e in group["programs"]:
                batch_of[e["index"]] = [by_index[x["index"]]
                                        for x in group["programs"]]
        for entry, verdict, detail in summary.failures:
            p = by_index[entry["index"]]
            reduced, signature = False, None
            reducer.context = ""
            if args.reduce and (args.target == "cpu" or
                                verdict == "COMPILE-FAIL"):
                try:
                    p, signature = reducer.reduce(
                        p, os.path.join(args.workdir, "reduce"),
                        args.reduce_budget,
                        batch=batch_of.get(entry["index"], ()))
                    reduced = signature is not None
                except RuntimeError as error:
                    print("not reduced: %s" % error)
            keep_test(args, p, verdict, detail, reduced, signature,
                      reducer.context)
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
