"""Array programs against NumPy on fresh random inputs.

For each case this writes random inputs as .npy files, compiles a program
that loads them (with dynamic shapes, so one program serves any sizes),
applies the op and saves the result, runs it, and compares the result with
NumPy's on the same inputs: exact for integers and bool, normwise relative
error <= 1e-6 for float64, 1e-5 for float32, 1e-2 for float16, with NaN and
infinity in the same places.

  random_suite.py --arrayc ARRAYC --target cpu|cuda --workdir DIR [--seed N]
  random_suite.py ... --prepare   compile only, keeping the expected results
  random_suite.py --workdir DIR --run
                                  run and compare what --prepare left (on a
                                  GPU machine without arrayc)
  --first-dtype                   one dtype per op (smaller, for shipping)
  --other-dtypes                  the rest: the two together are the suite

The seed is fresh each run unless given, and printed first, so a failure
can be replayed. Ends with 'N passed, N failed'.
"""

import argparse
import os
import subprocess
import sys
import time

import numpy as np

MLIR_TYPES = {"float64": "f64", "float32": "f32", "float16": "f16",
              "int64": "i64", "int32": "i32", "int16": "i16", "int8": "i8",
              "bool": "i1"}
TOLERANCE = {"float64": 1e-6, "float32": 1e-5, "float16": 1e-2}


def tensor(shape_rank, dtype):
    return "tensor<%s%s>" % ("?x" * shape_rank, MLIR_TYPES[np.dtype(dtype).name])


def unary(op, fn, dtypes, domain=(-3.0, 3.0)):
    return {"kind": "unary", "op": op, "fn": fn, "dtypes": dtypes,
            "domain": domain}


def binary(op, fn, dtypes, domain=(-3.0, 3.0), nonzero=False, shift=False):
    return {"kind": "binary", "op": op, "fn": fn, "dtypes": dtypes,
            "domain": domain, "nonzero": nonzero, "shift": shift}


def reduction(op, fn, dtypes, result=None):
    return {"kind": "reduction", "op": op, "fn": fn, "dtypes": dtypes,
            "result": result}


FLOATS = ["float64", "float32", "float16"]
NUMBERS = ["float64", "float32", "int32", "int64"]

import math

ERF = np.vectorize(math.erf, otypes=[np.float64])
INTS = ["int32", "int64"]
FLOAT_ONLY = ["float64", "float32"]


def erf(x):
    return ERF(x).astype(x.dtype if x.dtype.kind == "f" else np.float64)


CASES = [
    binary("add", np.add, NUMBERS + ["float16", "int8", "bool"]),
    binary("sub", np.subtract, NUMBERS + ["int16"]),
    binary("mul", np.multiply, NUMBERS + ["int16", "bool"]),
    binary("div", np.divide, ["float64", "float32", "int32"], nonzero=True),
    binary("maximum", np.maximum, NUMBERS + ["bool"]),
    binary("minimum", np.minimum, NUMBERS),
    binary("fmax", np.fmax, FLOAT_ONLY),
    binary("fmin", np.fmin, FLOAT_ONLY),
    binary("floor_divide", np.floor_divide, ["float64", "int32", "int64"],
           nonzero=True),
    binary("remainder", np.remainder, ["float64", "float32", "int64"],
           nonzero=True),
    binary("power", np.power, FLOAT_ONLY, domain=(0.5, 2.0)),
    binary("arctan2", np.arctan2, FLOAT_ONLY),
    binary("equal", np.equal, ["int32", "bool", "float32"]),
    binary("not_equal", np.not_equal, ["int64", "float64"]),
    binary("less", np.less, NUMBERS),
    binary("less_equal", np.less_equal, ["int32", "float32"]),
    binary("greater", np.greater, ["int64", "float64"]),
    binary("greater_equal", np.greater_equal, ["int32", "float32"]),
    binary("logical_and", np.logical_and, ["bool", "float32"]),
    binary("logical_or", np.logical_or, ["bool", "int32"]),
    binary("logical_xor", np.logical_xor, ["bool", "float64"]),
    binary("bitwise_and", np.bitwise_and, INTS + ["bool"]),
    binary("bitwise_or", np.bitwise_or, INTS),
    binary("bitwise_xor", np.bitwise_xor, INTS),
    binary("left_shift", np.left_shift, INTS, shift=True),
    binary("right_shift", np.right_shift, INTS, shift=True),
    unary("neg", np.negative, NUMBERS),
    unary("abs", np.abs, NUMBERS),
    unary("sign", np.sign, NUMBERS),
    unary("square", np.square, NUMBERS),
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
    unary("logical_not", np.logical_not, ["bool", "float32"]),
    unary("invert", np.invert, INTS + ["bool"]),
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
    reduction("transpose", lambda x: x.T, ["float32", "int64"]),
]


def static(shape, dtype):
    dims = "".join("%dx" % d for d in shape)
    return "tensor<%s%s>" % (dims, MLIR_TYPES[np.dtype(dtype).name])


def shaped(op, build, dtypes):
    """A case with static shapes: `build(rng, dtype, m, n)` gives the inputs
    (name -> array), the op's MLIR line computing %r from them, and NumPy's
    result."""
    return {"kind": "shaped", "op": op, "build": build, "dtypes": dtypes}


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


def random_array(rng, shape, dtype, domain, nonzero=False):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind == "i":
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


def program(case, dtype, result_dtype):
    kind, op = case["kind"], case["op"]
    t = lambda rank, d=dtype: tensor(rank, d)
    lines = ["func.func @main() {"]
    if kind == "binary":
        lines.append('  %%a = array.load_npy "a.npy" : %s' % t(2))
        lines.append('  %%b = array.load_npy "b.npy" : %s' % t(1))
        lines.append("  %%r = array.%s %%a, %%b : (%s, %s) -> %s"
                     % (op, t(2), t(1), t(2, result_dtype)))
        rank = 2
    elif kind == "unary":
        lines.append('  %%a = array.load_npy "a.npy" : %s' % t(2))
        lines.append("  %%r = array.%s %%a : %s -> %s"
                     % (op, t(2), t(2, result_dtype)))
        rank = 2
    elif op in ("cumsum", "cumprod"):
        axis = 1 if op == "cumsum" else 0
        lines.append('  %%a = array.load_npy "a.npy" : %s' % t(2))
        lines.append("  %%r = array.%s %%a axis %d : %s -> %s"
                     % (op, axis, t(2), t(2, result_dtype)))
        rank = 2
    elif op == "transpose":
        lines.append('  %%a = array.load_npy "a.npy" : %s' % t(2))
        lines.append("  %%r = array.transpose %%a : %s -> %s"
                     % (t(2), t(2, result_dtype)))
        rank = 2
    elif op == "matmul":
        lines.append('  %%a = array.load_npy "a.npy" : %s' % t(2))
        lines.append("  %%at = array.transpose %%a : %s -> %s" % (t(2), t(2)))
        lines.append("  %%r = array.matmul %%a, %%at : (%s, %s) -> %s"
                     % (t(2), t(2), t(2, result_dtype)))
        rank = 2
    else:
        axis = 0 if op in ("max", "var", "all", "argmin") else 1
        lines.append('  %%a = array.load_npy "a.npy" : %s' % t(2))
        attr = ("axis %d" if op in ("argmax", "argmin") else "axes [%d]") % axis
        lines.append("  %%r = array.%s %%a %s : %s -> %s"
                     % (op, attr, t(2), t(1, result_dtype)))
        rank = 1
    lines.append('  array.save_npy %%r, "r.npy" : %s' % t(rank, result_dtype))
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def compare(result, expected):
    if result.shape != expected.shape or result.dtype != expected.dtype:
        return "got %s %s, expected %s %s" % (result.dtype, result.shape,
                                               expected.dtype, expected.shape)
    if expected.dtype.kind in "biu":
        return None if np.array_equal(result, expected) else "not equal"
    bad = np.isnan(result) != np.isnan(expected)
    bad |= np.isinf(expected) & (result != expected)
    if bad.any():
        return "NaN or infinity in other places"
    finite = np.isfinite(expected)
    e = expected[finite].astype(np.float64)
    r = result[finite].astype(np.float64)
    norm = np.linalg.norm(e)
    error = np.linalg.norm(r - e) / (norm if norm > 0 else 1.0)
    limit = TOLERANCE[expected.dtype.name]
    return None if error <= limit else "relative error %.3g > %g" % (error, limit)


def run_prepared(workdir):
    """Runs the programs --prepare compiled and compares their results."""
    passed = failed = 0
    for name in sorted(os.listdir(workdir)):
        folder = os.path.abspath(os.path.join(workdir, name))
        ran = subprocess.run([os.path.join(folder, "prog")], cwd=folder,
                             capture_output=True, text=True)
        if ran.returncode != 0:
            problem = "run: " + ran.stderr.strip()[:400]
        else:
            problem = compare(np.load(os.path.join(folder, "r.npy")),
                              np.load(os.path.join(folder, "expected.npy")))
        if problem:
            failed += 1
            print("FAIL %s: %s" % (name, problem))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrayc")
    parser.add_argument("--prepare", action="store_true")
    parser.add_argument("--run", action="store_true")
    parser.add_argument("--first-dtype", action="store_true")
    parser.add_argument("--other-dtypes", action="store_true")
    parser.add_argument("--target", default="cpu")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--seed", type=int,
                        default=int(os.environ.get("ARRAYC_RANDOM_SEED",
                                                   time.time_ns() % 2**31)))
    args = parser.parse_args()
    if args.run:
        return run_prepared(args.workdir)
    print("seed %d, target %s" % (args.seed, args.target))
    rng = np.random.default_rng(args.seed)
    passed = failed = 0
    for case in CASES + SHAPED_CASES:
        dtypes = case["dtypes"]
        if args.first_dtype:
            dtypes = dtypes[:1]
        elif args.other_dtypes:
            dtypes = dtypes[1:]
        for dtype in dtypes:
            m, n = (int(v) for v in rng.integers(1, 40, size=2))
            if case["kind"] == "shaped":
                named, line, expected = case["build"](rng, dtype, m, n)
                inputs = list(named.values())
                body = "".join('  %%%s = array.load_npy "%s.npy" : %s\n'
                               % (k, k, static(v.shape, v.dtype))
                               for k, v in named.items())
                text = ("func.func @main() {\n" + body + "  " + line + "\n"
                        '  array.save_npy %%r, "r.npy" : %s\n  return\n}\n'
                        % static(expected.shape, expected.dtype))
                labels = list(named.keys())
            else:
                text = None
            a = (inputs[0] if case["kind"] == "shaped" else
                 random_array(rng, (m, n), dtype, case.get("domain", (-3.0, 3.0)),
                              case.get("nonzero", False)))
            if case["kind"] != "shaped":
                inputs = [a]
                labels = ["a", "b"]
            if case["kind"] == "binary" and case["shift"]:
                inputs.append(rng.integers(0, 16, size=(n,), dtype=dtype))
            elif case["kind"] == "binary":
                inputs.append(random_array(rng, (n,), dtype, case["domain"],
                                           case["nonzero"]))
            if case["kind"] != "shaped":
                with np.errstate(all="ignore"):
                    expected = np.asarray(case["fn"](*inputs))
            if case["op"] == "mean" and np.dtype(dtype).kind == "i":
                expected = expected.astype(np.float64)
            name = "%s-%s" % (case["op"], dtype)
            folder = os.path.join(args.workdir, name)
            os.makedirs(folder, exist_ok=True)
            for label, value in zip(labels, inputs):
                np.save(os.path.join(folder, label + ".npy"), value)
            source = os.path.join(folder, "prog.mlir")
            with open(source, "w") as out:
                out.write(text or program(case, dtype, expected.dtype))
            exe = os.path.abspath(os.path.join(folder, "prog"))
            problem = None
            built = subprocess.run([args.arrayc, "--target=" + args.target,
                                    source, "-o", exe],
                                   capture_output=True, text=True)
            if built.returncode != 0:
                problem = "compile: " + built.stderr.strip()[:400]
            elif args.prepare:
                np.save(os.path.join(folder, "expected.npy"), expected)
                os.remove(source)
                passed += 1
                continue
            else:
                ran = subprocess.run([exe], cwd=folder, capture_output=True,
                                     text=True)
                if ran.returncode != 0:
                    problem = "run: " + ran.stderr.strip()[:400]
                else:
                    problem = compare(np.load(os.path.join(folder, "r.npy")),
                                      expected)
            if problem:
                failed += 1
                print("FAIL %s %s: %s" % (name, (m, n), problem))
            else:
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
