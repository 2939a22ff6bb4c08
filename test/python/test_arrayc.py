"""Tests of the arrayc Python package (python/arrayc).

  /usr/bin/python3 -m unittest discover -s test/python

Without a GPU. The end-to-end tests compile with the arrayc of $ARRAYC (or
build/bin/arrayc) for the CPU target, and skip when there is none.
"""

import ctypes
import gc
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))

import arrayc  # noqa: E402
from arrayc import _abi, _dlpack  # noqa: E402

ARRAYC = os.environ.get("ARRAYC") or os.path.join(ROOT, "build", "bin", "arrayc")
HAVE_ARRAYC = os.access(ARRAYC, os.X_OK)


class LayoutTest(unittest.TestCase):
    """The ctypes mirrors have the C structs' sizes and offsets."""

    def test_layouts_match_the_headers(self):
        compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if not compiler or not os.path.exists("/usr/include/dlpack/dlpack.h"):
            self.skipTest("no C compiler or dlpack.h")
        program = textwrap.dedent("""
            #include <dlpack/dlpack.h>
            #include <stddef.h>
            #include <stdio.h>
            #include "arrayrt/abi.h"
            #define P(t, f) printf(#t "." #f " %zu\\n", offsetof(t, f))
            int main(void) {
              printf("DLTensor %zu\\n", sizeof(DLTensor));
              P(DLTensor, device); P(DLTensor, ndim); P(DLTensor, dtype);
              P(DLTensor, shape); P(DLTensor, strides); P(DLTensor, byte_offset);
              printf("DLManagedTensor %zu\\n", sizeof(DLManagedTensor));
              P(DLManagedTensor, manager_ctx); P(DLManagedTensor, deleter);
              printf("AbiValue %zu\\n", sizeof(arrayrt_abi_value_t));
              P(arrayrt_abi_value_t, dtype); P(arrayrt_abi_value_t, rank);
              P(arrayrt_abi_value_t, shape);
              printf("AbiFunction %zu\\n", sizeof(arrayrt_abi_function_t));
              P(arrayrt_abi_function_t, flags); P(arrayrt_abi_function_t, num_args);
              P(arrayrt_abi_function_t, num_results); P(arrayrt_abi_function_t, args);
              P(arrayrt_abi_function_t, results); P(arrayrt_abi_function_t, packed);
              printf("AbiModule %zu\\n", sizeof(arrayrt_abi_module_t));
              P(arrayrt_abi_module_t, num_functions); P(arrayrt_abi_module_t, functions);
              P(arrayrt_abi_module_t, prefix);
              return 0;
            }""")
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "layout.c")
            with open(source, "w") as f:
                f.write(program)
            binary = os.path.join(tmp, "layout")
            subprocess.run([compiler, "-I", os.path.join(ROOT, "runtime", "include"),
                            source, "-o", binary], check=True)
            lines = subprocess.run([binary], check=True, capture_output=True,
                                   text=True).stdout.split("\n")
        c = dict(line.split() for line in lines if line)
        mirrors = {"DLTensor": _dlpack.DLTensor, "DLManagedTensor": _dlpack.DLManagedTensor,
                   "AbiValue": _abi.AbiValue, "AbiFunction": _abi.AbiFunction,
                   "AbiModule": _abi.AbiModule}
        c_names = {"arrayrt_abi_value_t": "AbiValue", "arrayrt_abi_function_t": "AbiFunction",
                   "arrayrt_abi_module_t": "AbiModule"}
        for key, value in c.items():
            if "." in key:
                struct, field = key.split(".")
                mirror = mirrors[c_names.get(struct, struct)]
                self.assertEqual(getattr(mirror, field).offset, int(value), key)
            else:
                self.assertEqual(ctypes.sizeof(mirrors[key]), int(value), key)


class DLPackTest(unittest.TestCase):
    def test_borrowing_a_numpy_capsule(self):
        array = np.arange(6.0).reshape(2, 3)
        capsule = array.__dlpack__()
        tensor = _dlpack.DLTensor.from_address(_dlpack.borrow(capsule))
        self.assertEqual(tensor.data, array.ctypes.data)
        self.assertEqual((tensor.ndim, tensor.shape[0], tensor.shape[1]), (2, 2, 3))
        self.assertEqual((tensor.dtype.code, tensor.dtype.bits), (_dlpack.FLOAT, 64))
        self.assertEqual(tensor.device.device_type, _dlpack.CPU)

    def _managed(self, freed):
        """A DLManagedTensor by hand over a NumPy array's memory, whose
        deleter counts its calls."""
        data = np.arange(4, dtype=np.float32) + 1
        shape = (ctypes.c_int64 * 1)(4)
        managed = _dlpack.DLManagedTensor()
        managed.dl_tensor.data = data.ctypes.data
        managed.dl_tensor.device.device_type = _dlpack.CPU
        managed.dl_tensor.ndim = 1
        managed.dl_tensor.dtype.code = _dlpack.FLOAT
        managed.dl_tensor.dtype.bits = 32
        managed.dl_tensor.dtype.lanes = 1
        managed.dl_tensor.shape = shape

        @_dlpack.Deleter
        def deleter(_):
            freed.append(True)

        managed.deleter = deleter
        self._alive = (data, shape, managed, deleter)
        return ctypes.addressof(managed)

    def test_a_result_is_handed_over_once_and_freed_once(self):
        freed = []

        class FakeLibrary:
            def _wait(self, *_):
                raise AssertionError("a CPU result never waits")

        result = arrayc.Result(self._managed(freed), FakeLibrary(), None)
        self.assertEqual((result.shape, result.dtype), ((4,), "float32"))
        array = np.from_dlpack(result)
        np.testing.assert_array_equal(array, [1, 2, 3, 4])
        with self.assertRaises(BufferError):
            result.__dlpack__()
        del result
        gc.collect()
        self.assertEqual(freed, [])  # NumPy owns it now.
        del array
        gc.collect()
        self.assertEqual(freed, [True])

    def test_an_unconsumed_capsule_frees_its_tensor(self):
        freed = []
        capsule = _dlpack.capsule(self._managed(freed))
        del capsule
        gc.collect()
        self.assertEqual(freed, [True])

    def test_an_unused_result_frees_its_tensor(self):
        freed = []
        result = arrayc.Result(self._managed(freed), None, None)
        del result
        gc.collect()
        self.assertEqual(freed, [True])


FAKE_COMPILER = """#!/bin/sh
# Mimics arrayc: --version, and -o FILE writes FILE; counts its compiles.
if [ "$1" = --version ]; then echo "Arrayc fake 1"; exit 0; fi
echo compiled >> "$(dirname "$0")/count"
for arg in "$@"; do
  case "$arg" in *.mlir) if grep -q bad "$arg"; then
    echo "prog.mlir:1:1: error: bad program" >&2; exit 1; fi;; esac
done
while [ $# -gt 0 ]; do
  if [ "$1" = -o ]; then shift; echo library > "$1"; fi
  shift
done
"""


class CompileCacheTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.compiler = os.path.join(self.tmp, "arrayc")
        with open(self.compiler, "w") as f:
            f.write(FAKE_COMPILER)
        os.chmod(self.compiler, os.stat(self.compiler).st_mode | stat.S_IEXEC)
        self.env = dict(os.environ)
        os.environ["ARRAYC"] = self.compiler
        os.environ["ARRAYC_CACHE_DIR"] = os.path.join(self.tmp, "cache")
        os.environ.pop("ARRAYC_CACHE", None)

    def tearDown(self):
        os.environ.clear()
        os.environ.update(self.env)
        shutil.rmtree(self.tmp)

    def compiles(self):
        path = os.path.join(self.tmp, "count")
        if not os.path.exists(path):
            return 0
        with open(path) as counted:
            return len(counted.readlines())

    def test_the_cache_is_keyed_by_source_flags_and_version(self):
        from arrayc.compiler import build

        first, prefix = build("func.func @f() {\n  return\n}", target="cpu")
        self.assertEqual(prefix, "program")
        self.assertTrue(first.startswith(os.path.join(self.tmp, "cache")))
        again, _ = build("func.func @f() {\n  return\n}", target="cpu")
        self.assertEqual((first, self.compiles()), (again, 1))
        other, _ = build("func.func @g() {\n  return\n}", target="cpu")
        flags, _ = build("func.func @f() {\n  return\n}", target="cuda")
        self.assertEqual(len({first, other, flags}), 3)
        self.assertEqual(self.compiles(), 3)
        os.environ["ARRAYC_CACHE"] = "0"
        uncached, _ = build("func.func @f() {\n  return\n}", target="cpu")
        self.assertFalse(uncached.startswith(os.path.join(self.tmp, "cache")))
        self.assertEqual(self.compiles(), 4)

    def test_a_path_names_the_prefix(self):
        from arrayc.compiler import build

        source = os.path.join(self.tmp, "my-softmax.mlir")
        with open(source, "w") as f:
            f.write("func.func @f() {\n  return\n}\n")
        path, prefix = build(source, target="cpu")
        self.assertEqual((prefix, os.path.basename(path)), ("my_softmax", "libmy_softmax.so"))

    def test_compiler_errors_raise(self):
        with self.assertRaises(arrayc.CompileError) as caught:
            arrayc.compile("bad program\n", target="cpu")
        self.assertIn("error: bad program", str(caught.exception))
        self.assertFalse([n for n in os.listdir(os.path.join(self.tmp, "cache"))
                          if not n.startswith(".")])


@unittest.skipUnless(HAVE_ARRAYC, "no arrayc built")
class EndToEndTest(unittest.TestCase):
    """A CPU-target library called on NumPy arrays, against NumPy, through
    ctypes only (FastCallEndToEndTest: through the C hot path)."""

    fastcall = None

    @classmethod
    def setUpClass(cls):
        cls.saved_fastcall = arrayc.library._fastcall
        arrayc.library._fastcall = cls.fastcall
        cls.addClassCleanup(setattr, arrayc.library, "_fastcall",
                            cls.saved_fastcall)
        cls.tmp = tempfile.mkdtemp()
        os.environ["ARRAYC"] = ARRAYC
        os.environ["ARRAYC_CACHE_DIR"] = os.path.join(cls.tmp, "cache")
        cls.lib = arrayc.compile(textwrap.dedent("""
            func.func @axpy(%a: tensor<f32>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
              %ax = array.mul %a, %x : (tensor<f32>, tensor<?xf32>) -> tensor<?xf32>
              %r = array.add %ax, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
              return %r : tensor<?xf32>
            }
            func.func @stats(%x: tensor<4x?xf64>, %k: i32) -> (tensor<4xf64>, tensor<i32>) {
              %s = array.sum %x axes [1] : tensor<4x?xf64> -> tensor<4xf64>
              %t = tensor.from_elements %k : tensor<i32>
              %t2 = array.mul %t, %t : (tensor<i32>, tensor<i32>) -> tensor<i32>
              return %s, %t2 : tensor<4xf64>, tensor<i32>
            }
            """), target="cpu", prefix="e2e")
        cls.results = arrayc.compile(
            os.path.join(ROOT, "bench", "interop", "results.mlir"),
            target="cpu", prefix="results")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_the_path_taken(self):
        self.assertIsInstance(self.lib.axpy, arrayc.Function)
        self.assertEqual(bool(getattr(self.lib.axpy, "_fast", False)),
                         self.fastcall is not None)

    def test_signatures(self):
        self.assertEqual(self.lib.axpy.signature,
                         "axpy(a: tensor<f32>, x: tensor<?xf32>, y: tensor<?xf32>) -> tensor<?xf32>")
        self.assertEqual(self.lib["stats"].signature,
                         "stats(x: tensor<4x?xf64>, k: i32) -> (tensor<4xf64>, tensor<i32>)")

    def test_results_new_and_into(self):
        x = np.linspace(-1, 1, 1000, dtype=np.float32)
        y = np.cos(x).astype(np.float32)
        a = np.array(2.5, np.float32)
        r = self.lib.axpy(a, x, y)
        self.assertIsInstance(r, np.ndarray)
        np.testing.assert_allclose(r, a * x + y, rtol=1e-6)
        out = np.empty_like(x)
        self.assertIs(self.lib.axpy(a, x, y, out=out), out)
        np.testing.assert_allclose(out, a * x + y, rtol=1e-6)
        # A number for a 0-d tensor argument (CPU target).
        np.testing.assert_allclose(self.lib.axpy(2.5, x, y), a * x + y, rtol=1e-6)
        s, k = self.lib.stats(np.arange(20.0).reshape(4, 5), 7)
        np.testing.assert_allclose(s, np.arange(20.0).reshape(4, 5).sum(axis=1))
        self.assertEqual(int(k), 49)

    def test_results_in_callers_arrays(self):
        # What scripts/interop_results.py checks on the GPU: several results,
        # one returned twice, one an argument, out= aliasing an argument.
        rng = np.random.default_rng(7)
        x = rng.standard_normal(100).astype(np.float32)
        y = rng.standard_normal(100).astype(np.float32)
        want = (x + y, x - y, x + y, x.copy())
        outs = tuple(np.full_like(x, 7) for _ in range(4))
        self.results.pair(x, y, out=outs)
        for got, expected in zip(outs, want):
            np.testing.assert_array_equal(got, expected)
        inplace = x.copy()
        rest = tuple(np.zeros_like(x) for _ in range(3))
        self.results.pair(inplace, y, out=(inplace,) + rest)
        for got, expected in zip((inplace,) + rest, want):
            np.testing.assert_array_equal(got, expected)
        new = self.results.pair(x, y)
        for got, expected in zip(new, want):
            np.testing.assert_array_equal(got, expected)
        self.assertFalse(np.shares_memory(new[0], new[2]))
        m = rng.standard_normal((30, 30)).astype(np.float32)
        square = m.copy()
        self.results.transpose(square, out=square)
        np.testing.assert_array_equal(square, m.T)

    def test_errors(self):
        x = np.zeros(8, np.float32)
        frozen = np.zeros(8, np.float32)
        frozen.flags.writeable = False
        with self.assertRaisesRegex(ValueError, "out= holds a read-only"):
            self.lib.axpy(np.float32(1), x, x, out=frozen)
        with self.assertRaises(arrayc.ArraycError) as caught:
            self.lib.axpy(np.float32(1), x.astype(np.float64), x)
        self.assertEqual(caught.exception.code, 1)
        self.assertIn("argument 1 'x'", str(caught.exception))
        with self.assertRaises(arrayc.ArraycError) as caught:
            self.lib.axpy(np.array(1, np.float32), x, np.zeros(9, np.float32))
        self.assertEqual(caught.exception.code, 2)  # A run-time check.
        self.assertIn("array.add", str(caught.exception))
        with self.assertRaises(arrayc.ArraycError) as caught:
            self.lib.axpy(np.array(1, np.float32), np.zeros((8, 2), np.float32)[:, 0], x)
        self.assertIn("contiguous", str(caught.exception))
        with self.assertRaises(TypeError):
            self.lib.axpy(x, x)
        with self.assertRaises(TypeError):
            self.lib.stats(np.zeros((4, 2)), 1 << 40)
        with self.assertRaises(AttributeError):
            self.lib.nothing


def build_fastcall(outdir):
    """arrayc._fastcall built into `outdir` and imported, or None."""
    import importlib.util

    sys.path.insert(0, os.path.join(ROOT, "python"))
    try:
        import build_fastcall as builder
    finally:
        sys.path.pop(0)
    try:
        path = builder.build(outdir)
    except RuntimeError:
        return None
    spec = importlib.util.spec_from_file_location("arrayc._fastcall", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FASTCALL_DIR = tempfile.mkdtemp()
FASTCALL = build_fastcall(FASTCALL_DIR)


@unittest.skipUnless(FASTCALL, "arrayc._fastcall does not build here")
class FastCallEndToEndTest(EndToEndTest):
    """The same calls through the C hot path, and what it leaves to the
    ctypes path (which then reports what is wrong)."""

    fastcall = FASTCALL

    def test_layout_matches_ctypes(self):
        layout = FASTCALL.layout()
        self.assertEqual(layout["DLTensor"], ctypes.sizeof(_dlpack.DLTensor))
        for field in ("device", "ndim", "dtype", "shape", "byte_offset"):
            self.assertEqual(layout[field],
                             getattr(_dlpack.DLTensor, field).offset, field)

    def test_contiguous_numpy_arrays_take_the_c_path(self):
        function = self.lib.axpy
        function._call_python = None  # Any call that falls back fails.
        try:
            x = np.arange(6, dtype=np.float32)
            y = np.ones(6, np.float32)
            out = np.empty_like(x)
            self.assertIs(function(np.array(3, np.float32), x, y, out=out), out)
            np.testing.assert_array_equal(out, 3 * x + 1)
            # Read-only arguments are fine; new results too.
            x.flags.writeable = False
            np.testing.assert_array_equal(
                function(np.array(2, np.float32), x, y), 2 * x + 1)
            s, k = self.lib.stats(np.ones((4, 3)), -3)
            np.testing.assert_array_equal(s, [3, 3, 3, 3])
            self.assertEqual(int(k), 9)
        finally:
            del function._call_python

    def test_new_results_as_capsules(self):
        freed = []
        helper = DLPackTest()
        capsule = FASTCALL.capsule(helper._managed(freed))

        class Producer:  # What np.from_dlpack consumes.
            def __dlpack__(self, **_):
                return capsule

            def __dlpack_device__(self):
                return (_dlpack.CPU, 0)

        array = np.from_dlpack(Producer())
        np.testing.assert_array_equal(array, [1, 2, 3, 4])
        del capsule
        gc.collect()
        self.assertEqual(freed, [])  # Consumed: NumPy's now.
        del array
        gc.collect()
        self.assertEqual(freed, [True])
        # Never consumed: the capsule frees it.
        FASTCALL.capsule(helper._managed(freed))
        gc.collect()
        self.assertEqual(freed, [True, True])
        with self.assertRaises(ValueError):
            FASTCALL.capsule(0)


    def test_framework_arrays_in_and_out(self):
        # A stand-in for torch.Tensor over NumPy memory (get_device() -1: a
        # CPU tensor), registered as PyTorch's tensor type: the C path reads
        # it, and makes new results with the registered consumer.
        class FakeTensor:
            def __init__(self, array):
                self.array = array
                self.dtype, self.shape = array.dtype, array.shape

            def is_contiguous(self):
                return self.array.flags.c_contiguous

            def get_device(self):
                return -1

            def data_ptr(self):
                return self.array.ctypes.data

        class Producer:
            def __init__(self, capsule):
                self.capsule = capsule

            def __dlpack__(self, **_):
                return self.capsule

            def __dlpack_device__(self):
                return (_dlpack.CPU, 0)

        dtypes = {np.dtype(np.float32): (_dlpack.FLOAT, 32),
                  np.dtype(np.float64): (_dlpack.FLOAT, 64),
                  np.dtype(np.int32): (_dlpack.INT, 32)}
        consumed = []

        def consume(capsule):
            consumed.append(capsule)
            return FakeTensor(np.from_dlpack(Producer(capsule)))

        FASTCALL.configure_torch(FakeTensor, dtypes, None, consume)
        function = self.lib.axpy
        function._call_python = None  # Any call that falls back fails.
        try:
            x = np.arange(5, dtype=np.float32)
            a, y = np.array(2, np.float32), np.ones(5, np.float32)
            r = function(FakeTensor(a), FakeTensor(x), FakeTensor(y))
            self.assertIsInstance(r, FakeTensor)
            np.testing.assert_array_equal(r.array, 2 * x + 1)
            out = np.zeros(5, np.float32)
            function(FakeTensor(a), FakeTensor(x), FakeTensor(y),
                     out=FakeTensor(out))
            np.testing.assert_array_equal(out, 2 * x + 1)
        finally:
            del function._call_python
        s, k = self.lib.stats(FakeTensor(np.ones((4, 2))), 5)
        np.testing.assert_array_equal(s.array, [2, 2, 2, 2])
        self.assertEqual(int(k.array), 25)
        self.assertEqual(len(consumed), 3)

        def refuse(capsule):
            raise RuntimeError("no")

        FASTCALL.configure_torch(FakeTensor, dtypes, None, refuse)
        with self.assertRaisesRegex(RuntimeError, "no"):
            self.lib.axpy(FakeTensor(a), FakeTensor(x), FakeTensor(y))

    def test_what_the_c_path_declines(self):
        function = self.lib.axpy
        declined = []
        python_path = function._call_python

        def count(*args, **kwargs):
            declined.append(args)
            return python_path(*args, **kwargs)

        function._call_python = count
        try:
            x = np.zeros(8, np.float32)
            # A number for a 0-d tensor, a strided view, a read-only out=,
            # a wrong count: the ctypes path decides.
            np.testing.assert_array_equal(function(1.0, x, x), x)
            with self.assertRaises(arrayc.ArraycError):
                function(np.float32(1), np.zeros(16, np.float32)[::2], x)
            frozen = np.zeros(8, np.float32)
            frozen.flags.writeable = False
            with self.assertRaisesRegex(ValueError, "out= holds a read-only"):
                function(np.array(1, np.float32), x, x, out=frozen)
            with self.assertRaises(TypeError):
                function(x, x)  # Too few arguments.
            self.assertEqual(len(declined), 4)
            # The ctypes path's message for a number out of int32's range.
            with self.assertRaisesRegex(TypeError, "must be a int32 number"):
                self.lib.stats(np.zeros((4, 2)), 1 << 40)
        finally:
            del function._call_python


def tearDownModule():
    shutil.rmtree(FASTCALL_DIR, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
