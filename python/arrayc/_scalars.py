"""Python numbers as the C values of scalar arguments (abi.h: a 1-byte
bool, an int of the dtype's width, a float, a double, f16 and bf16 as their
16 bits).

`converter(dtype)` returns a function from a number to a ctypes object; it
raises TypeError, ValueError or OverflowError for a value the dtype cannot
take, which the caller turns into one TypeError naming the argument. No
NumPy: f16 goes through `struct`'s IEEE half format, bf16 is rounded here,
both to nearest even and straight from the double (no double rounding).
"""

import math
import operator
import struct
from ctypes import c_uint16
from typing import Callable

from . import _dlpack
from ._abi import Dtype

_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")
_F16 = struct.Struct("<e")
_U16 = struct.Struct("<H")


def _integer(value) -> int:
    """An integer, or a real number with an integral value (2.0)."""
    if isinstance(value, (str, bytes)):
        raise TypeError
    try:
        return operator.index(value)
    except TypeError:
        number = float(value)  # NumPy floats, 0-d arrays.
        if not number.is_integer():
            raise ValueError from None
        return int(number)


def _real(value) -> float:
    if isinstance(value, (str, bytes)):
        raise TypeError
    return float(value)


def _bool(value) -> bool:
    if value is True or value is False:
        return value
    dtype = getattr(value, "dtype", None)  # numpy.bool_, a 0-d bool array.
    if dtype is not None and dtype.kind == "b":
        return bool(value)
    number = _integer(value)
    if number not in (0, 1):
        raise ValueError
    return bool(number)


def f16_bits(value: float) -> int:
    """The IEEE half-precision bits of `value`, rounded to nearest even;
    beyond the range, infinity (as a float-to-half conversion gives)."""
    try:
        return _U16.unpack(_F16.pack(value))[0]
    except OverflowError:
        return 0xFC00 if value < 0 else 0x7C00


def bf16_bits(value: float) -> int:
    """The bfloat16 bits of `value`, rounded to nearest even (NaN stays a
    quiet NaN, beyond the range is infinity)."""
    if value != value:
        return 0xFFC0 if math.copysign(1.0, value) < 0 else 0x7FC0
    try:
        bits = _U32.unpack(_F32.pack(value))[0]
    except OverflowError:  # Beyond float32: beyond bfloat16's max too.
        return 0xFF80 if value < 0 else 0x7F80
    # Round to float32 to odd (truncate, and make the last bit sticky when
    # inexact): the second rounding, 24 to 8 bits, is then exact.
    nearest = _F32.unpack(_U32.pack(bits))[0]
    if nearest != value:
        if abs(nearest) > abs(value):
            bits -= 1  # One float32 step toward zero (same sign bit).
        bits |= 1
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16) & 0xFFFF


def converter(dtype: Dtype) -> Callable[[object], object]:
    """The function that makes a number into the ctypes value of a scalar
    argument of `dtype`."""
    ctype = dtype.ctype
    if dtype.is_bool:
        return lambda value: ctype(_bool(value))
    if dtype.is_int:
        signed = dtype.dl_code == _dlpack.INT
        low = -(1 << (dtype.bits - 1)) if signed else 0
        high = (1 << (dtype.bits - signed)) - 1

        def integer(value):
            number = _integer(value)
            if not low <= number <= high:
                raise OverflowError
            return ctype(number)

        return integer
    if dtype.mlir == "f16":
        return lambda value: c_uint16(f16_bits(_real(value)))
    if dtype.mlir == "bf16":
        return lambda value: c_uint16(bf16_bits(_real(value)))
    return lambda value: ctype(_real(value))


def describe(dtype: Dtype) -> str:
    """What a scalar of `dtype` takes, for error messages."""
    if dtype.is_bool:
        return "a bool (True, False, 1 or 0)"
    if dtype.is_int:
        signed = dtype.dl_code == _dlpack.INT
        low = -(1 << (dtype.bits - 1)) if signed else 0
        high = (1 << (dtype.bits - signed)) - 1
        return f"an integer in [{low}, {high}] ({dtype.numpy})"
    return f"a real number ({dtype.numpy})"
