"""What arrayc knows about the array frameworks: which one an object
belongs to, its current CUDA stream, its arrays' fields (read directly, the
fast path) and how it takes a result (`from_dlpack`).

Nothing here imports a framework before one of its arrays is seen.
"""

import ctypes
import struct
from ctypes import addressof, c_int64
from typing import Callable, Dict, Optional

from . import _abi, _dlpack

_NAMES: Dict[type, str] = {}


def framework(obj) -> str:
    """"torch", "cupy", "numpy", "jaxlib", ...: the top-level module of
    obj's type (cached per type)."""
    kind = type(obj)
    name = _NAMES.get(kind)
    if name is None:
        name = _NAMES[kind] = (kind.__module__ or "").partition(".")[0]
    return name


def same_stream(a: Optional[int], b: Optional[int]) -> bool:
    """Whether two stream handles are the same stream (None, 0 and DLPack's
    1 all mean the legacy default stream)."""
    return _normal(a) == _normal(b)


def _normal(handle: Optional[int]) -> int:
    return 0 if handle is None or handle == 1 else handle


# ---------------------------------------------------------------------------
# Current streams.
# ---------------------------------------------------------------------------

def _torch_stream(tensor) -> int:
    if not tensor.is_cuda:
        return 0
    import torch

    index = tensor.get_device()
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is not None:
        return raw(index)
    return torch.cuda.current_stream(index).cuda_stream


def _cupy_stream(array) -> int:
    import cupy

    return cupy.cuda.get_current_stream().ptr


def _arrayc_stream(result) -> int:
    # An arrayc.Result: the stream of the call that made it.
    return result._stream or 0


#: framework -> (array -> the framework's current stream for it, a handle).
#: Calls on such arrays run on that stream, as the framework's own ops do.
STREAM_GETTERS: Dict[str, Callable[[object], int]] = {
    "torch": _torch_stream, "cupy": _cupy_stream, "arrayc": _arrayc_stream}


def stream_handle(stream) -> int:
    """A `stream=` argument as its handle: an int, or a stream object with
    `.cuda_stream` (PyTorch), `.ptr` (CuPy) or `.handle`."""
    if isinstance(stream, int):
        return stream
    for attribute in ("cuda_stream", "ptr", "handle"):
        handle = getattr(stream, attribute, None)
        if isinstance(handle, int):
            return handle
    raise TypeError(f"stream= must be a CUDA stream handle (an int) or a "
                    f"stream object with .cuda_stream or .ptr, not {stream!r}")


# ---------------------------------------------------------------------------
# The fast path: DLTensors filled from the arrays' own fields.
# ---------------------------------------------------------------------------

# DLTensor: data, device (type, id), ndim, dtype (code, bits, lanes), shape,
# strides, byte_offset.
_DLTENSOR = struct.Struct("=QiiiBBHQQQ")
assert _DLTENSOR.size == ctypes.sizeof(_dlpack.DLTensor)


class Slot:
    """A reusable DLTensor and shape array for one tensor argument (or out=
    array) of one function in one thread (the C call releases the GIL, so
    threads need their own)."""

    __slots__ = ("buffer", "address", "shape", "shape_address", "pack_shape",
                 "rank")

    def __init__(self, rank: int):
        self.buffer = _dlpack.DLTensor()
        self.address = addressof(self.buffer)
        self.rank = rank
        self.shape = (c_int64 * max(rank, 1))()
        self.shape_address = addressof(self.shape) if rank > 0 else 0
        self.pack_shape = struct.Struct(f"={max(rank, 0)}q").pack_into

    def fill(self, data, device_type, device_id, dtype, shape) -> Optional[int]:
        """Points the DLTensor at a row-major contiguous array; None when the
        rank differs from the signature's (the general path then reports)."""
        if len(shape) != self.rank:
            return None
        self.pack_shape(self.shape, 0, *shape)
        _DLTENSOR.pack_into(self.buffer, 0, data, device_type, device_id,
                            self.rank, dtype.dl_code, dtype.bits, 1,
                            self.shape_address, 0, 0)
        return self.address


_TORCH_DTYPES = None


def _torch_dtypes():
    global _TORCH_DTYPES
    import torch

    table = {}
    for dtype in _abi.DTYPES:
        name = "bool" if dtype.is_bool else dtype.numpy
        if hasattr(torch, name):  # torch.uint16... since PyTorch 2.3.
            table[getattr(torch, name)] = dtype
    _TORCH_DTYPES = table
    return table


def _fill_torch(tensor, slot: Slot) -> Optional[int]:
    dtype = (_TORCH_DTYPES or _torch_dtypes()).get(tensor.dtype)
    if dtype is None or not tensor.is_contiguous():
        return None
    if tensor.is_cuda:
        device_type, device_id = _dlpack.CUDA, tensor.get_device()
    elif tensor.device.type == "cpu":
        device_type, device_id = _dlpack.CPU, 0
    else:
        return None
    return slot.fill(tensor.data_ptr(), device_type, device_id, dtype,
                     tensor.shape)


_NUMPY_NUMS = None


def _numpy_nums():
    """NumPy's dtype numbers (every alias: int64 is both 'l' and 'q') to
    our dtypes."""
    global _NUMPY_NUMS
    import numpy

    by_kind = {(numpy.dtype(d.numpy).kind, numpy.dtype(d.numpy).itemsize): d
               for d in _abi.DTYPES if d.numpy != "bfloat16"}
    table = {}
    for char in "?bhilqBHILQefd":
        dtype = numpy.dtype(char)
        if (dtype.kind, dtype.itemsize) in by_kind:
            table[dtype.num] = by_kind[dtype.kind, dtype.itemsize]
    _NUMPY_NUMS = table
    return table


def _fill_cupy(array, slot: Slot) -> Optional[int]:
    dtype = (_NUMPY_NUMS or _numpy_nums()).get(array.dtype.num)
    if dtype is None or not array.flags.c_contiguous:
        return None
    return slot.fill(array.data.ptr, _dlpack.CUDA, array.device.id, dtype,
                     array.shape)


#: framework -> (array, Slot) -> the DLTensor's address, or None to take the
#: general path (an unusual dtype, a non-contiguous array: DLPack then
#: describes it and the library says what is wrong).
FILLERS: Dict[str, Callable] = {"torch": _fill_torch, "cupy": _fill_cupy}


# ---------------------------------------------------------------------------
# Results in the arguments' framework.
# ---------------------------------------------------------------------------

def _from_dlpack(name: str) -> Callable:
    def convert(result):
        if name == "torch":
            import torch

            function = torch.from_dlpack
        elif name == "cupy":
            import cupy

            function = cupy.from_dlpack
        else:
            import numpy

            function = numpy.from_dlpack
        CONVERTERS[name] = function
        return function(result)

    return convert


#: framework -> its from_dlpack (imported on first use).
CONVERTERS: Dict[str, Callable] = {
    name: _from_dlpack(name) for name in ("numpy", "torch", "cupy")}
