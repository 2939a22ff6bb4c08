"""The signature tables of runtime/include/arrayrt/abi.h, through ctypes."""

from ctypes import (POINTER, Structure, c_bool, c_char_p, c_double, c_float,
                    c_int8, c_int16, c_int32, c_int64, c_uint8, c_uint16,
                    c_uint32, c_uint64, c_void_p)

from . import _dlpack

ABI_VERSION = 1
SCALAR = -1
DYNAMIC = -1
FLAG_CUDA = 1
FLAG_STREAM_ORDERED = 2
RESULTS_NEW, RESULTS_INTO = 0, 1
STATUS = {0: "ok", 1: "invalid argument", 2: "runtime error", 3: "internal error"}


class AbiValue(Structure):
    _fields_ = [("name", c_char_p), ("dtype", c_int32), ("rank", c_int32),
                ("shape", POINTER(c_int64))]


class AbiFunction(Structure):
    _fields_ = [("name", c_char_p), ("location", c_char_p), ("flags", c_int32),
                ("num_args", c_int32), ("num_results", c_int32),
                ("args", POINTER(AbiValue)), ("results", POINTER(AbiValue)),
                ("packed", c_void_p)]


class AbiModule(Structure):
    _fields_ = [("abi_version", c_int32), ("num_functions", c_int32),
                ("functions", POINTER(AbiFunction)), ("prefix", c_char_p)]


class Dtype:
    """One arrayrt_dtype_t: its MLIR and NumPy names, DLPack code and bits,
    and the ctypes type a scalar of it is passed as."""

    def __init__(self, code, mlir, numpy, dl_code, bits, ctype):
        self.code, self.mlir, self.numpy = code, mlir, numpy
        self.dl_code, self.bits, self.ctype = dl_code, bits, ctype
        self.is_int = dl_code in (_dlpack.INT, _dlpack.UINT)
        self.is_bool = dl_code == _dlpack.BOOL

    def __repr__(self):
        return self.mlir


F = _dlpack
DTYPES = [
    Dtype(0, "i1", "bool", F.BOOL, 8, c_bool),
    Dtype(1, "i8", "int8", F.INT, 8, c_int8),
    Dtype(2, "i16", "int16", F.INT, 16, c_int16),
    Dtype(3, "i32", "int32", F.INT, 32, c_int32),
    Dtype(4, "i64", "int64", F.INT, 64, c_int64),
    Dtype(5, "ui8", "uint8", F.UINT, 8, c_uint8),
    Dtype(6, "ui16", "uint16", F.UINT, 16, c_uint16),
    Dtype(7, "ui32", "uint32", F.UINT, 32, c_uint32),
    Dtype(8, "ui64", "uint64", F.UINT, 64, c_uint64),
    Dtype(9, "f16", "float16", F.FLOAT, 16, c_uint16),
    Dtype(10, "bf16", "bfloat16", F.BFLOAT, 16, c_uint16),
    Dtype(11, "f32", "float32", F.FLOAT, 32, c_float),
    Dtype(12, "f64", "float64", F.FLOAT, 64, c_double),
]
BY_DLPACK = {(d.dl_code, d.bits): d for d in DTYPES}
BY_NUMPY = {d.numpy: d for d in DTYPES}


class Value:
    """An argument or result of an exported function."""

    def __init__(self, value):
        self.name = value.name.decode()
        self.dtype = DTYPES[value.dtype]
        self.rank = value.rank
        self.shape = (tuple(value.shape[i] for i in range(value.rank))
                      if value.rank > 0 else ())

    @property
    def is_scalar(self):
        return self.rank == SCALAR

    def type_string(self):
        if self.is_scalar:
            return self.dtype.mlir
        dims = "".join(("?" if s == DYNAMIC else str(s)) + "x" for s in self.shape)
        return f"tensor<{dims}{self.dtype.mlir}>"
