"""Loading a compiled library and calling its functions on DLPack arrays."""

import ctypes
import os
import re
import struct
import threading
from ctypes import addressof, c_char_p, c_int32, c_int64, c_void_p

from . import _abi, _dlpack

try:  # The optional C hot path (build_fastcall.py, setup.py).
    from . import _fastcall
except ImportError:
    _fastcall = None


class ArraycError(RuntimeError):
    """A compiled function refused its arguments or failed while running.

    `code` is the library's status (1: an argument does not match the
    signature, 2: a run-time error, 3: internal)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------------
# Arrays in: each framework's array as a DLTensor without copying.
# ---------------------------------------------------------------------------

_FRAMEWORKS = {}


def _framework(obj):
    """"torch", "cupy", "numpy", ...: the top module of obj's type."""
    kind = type(obj)
    name = _FRAMEWORKS.get(kind)
    if name is None:
        name = _FRAMEWORKS[kind] = kind.__module__.partition(".")[0]
    return name


class _Borrowed:
    """A DLTensor over an argument, and what must live as long as it."""

    __slots__ = ("tensor", "keep")

    def __init__(self, tensor, keep):
        self.tensor, self.keep = tensor, keep  # A DLTensor or its address.

    def address(self):
        tensor = self.tensor
        return tensor if isinstance(tensor, int) else addressof(tensor)


def _dltensor(data, device_type, device_id, dtype, shape, strides):
    """A DLTensor over raw fields; `strides` in elements, or None when the
    array is row-major contiguous."""
    tensor = _dlpack.DLTensor()
    tensor.data = data
    tensor.device.device_type = device_type
    tensor.device.device_id = device_id
    tensor.ndim = len(shape)
    tensor.dtype.code = dtype.dl_code
    tensor.dtype.bits = dtype.bits
    tensor.dtype.lanes = 1
    keep = [tensor]
    if shape:
        sizes = (c_int64 * len(shape))(*shape)
        tensor.shape = sizes
        keep.append(sizes)
        if strides is not None:
            steps = (c_int64 * len(strides))(*strides)
            tensor.strides = steps
            keep.append(steps)
    return _Borrowed(tensor, keep)


# DLTensor: data, device (type, id), ndim, dtype (code, bits, lanes), shape,
# strides, byte_offset.
_DLTENSOR = struct.Struct("<QiiiBBHQQQ")
assert _DLTENSOR.size == ctypes.sizeof(_dlpack.DLTensor)
_NUMPY_NUMS = None


def _numpy_dtypes():
    import numpy

    return {numpy.dtype(d.numpy).num: d for d in _abi.DTYPES
            if d.numpy != "bfloat16"}


class _Slot:
    """A tensor argument's DLTensor and shape array, reused by every call of
    one thread (the ctypes call releases the GIL: threads need their own)."""

    __slots__ = ("buffer", "address", "shape", "shape_address", "pack_shape",
                 "rank")

    def __init__(self, rank):
        self.buffer = _dlpack.DLTensor()
        self.address = addressof(self.buffer)
        self.rank = rank
        self.shape = (c_int64 * max(rank, 1))()
        self.shape_address = addressof(self.shape)
        self.pack_shape = struct.Struct(f"<{rank}q").pack_into

    def fill(self, data, device_type, device_id, dtype, shape):
        """Points the DLTensor at a row-major contiguous array; None when the
        rank differs from the signature's (the general path then reports)."""
        if len(shape) != self.rank:
            return None
        self.pack_shape(self.shape, 0, *shape)
        _DLTENSOR.pack_into(self.buffer, 0, data, device_type, device_id,
                            self.rank, dtype.dl_code, dtype.bits, 1,
                            self.shape_address if self.rank else 0, 0, 0)
        return self.address


def _fast_torch(tensor, slot):
    if _TORCH_DTYPES is None:
        _from_torch(tensor)  # Builds the table.
    dtype = _TORCH_DTYPES.get(tensor.dtype)
    if dtype is None or not tensor.is_contiguous():
        return None
    device = tensor.get_device()
    return slot.fill(tensor.data_ptr(), _dlpack.CUDA if device >= 0 else
                     _dlpack.CPU, max(device, 0), dtype, tensor.shape)


def _fast_cupy(array, slot):
    global _NUMPY_NUMS
    if _NUMPY_NUMS is None:
        _NUMPY_NUMS = _numpy_dtypes()
    dtype = _NUMPY_NUMS.get(array.dtype.num)
    if dtype is None or not array.flags.c_contiguous:
        return None
    return slot.fill(array.data.ptr, _dlpack.CUDA, array.device.id, dtype,
                     array.shape)


_FASTEST = {"torch": _fast_torch, "cupy": _fast_cupy}


def _from_numpy(array):
    if not hasattr(array, "ctypes"):  # A NumPy scalar (np.float32(2)).
        import numpy

        array = numpy.asarray(array)
    dtype = _abi.BY_NUMPY.get(array.dtype.name)
    if dtype is None or array.dtype.byteorder == ">":
        return None
    strides = None
    if not array.flags.c_contiguous:
        strides = [s // array.itemsize for s in array.strides]
    borrowed = _dltensor(array.ctypes.data, _dlpack.CPU, 0, dtype, array.shape,
                         strides)
    borrowed.keep.append(array)
    return borrowed


_TORCH_DTYPES = None


def _from_torch(tensor):
    global _TORCH_DTYPES
    if _TORCH_DTYPES is None:
        import torch

        _TORCH_DTYPES = {
            torch.bool: _abi.DTYPES[0], torch.int8: _abi.DTYPES[1],
            torch.int16: _abi.DTYPES[2], torch.int32: _abi.DTYPES[3],
            torch.int64: _abi.DTYPES[4], torch.uint8: _abi.DTYPES[5],
            torch.float16: _abi.DTYPES[9], torch.bfloat16: _abi.DTYPES[10],
            torch.float32: _abi.DTYPES[11], torch.float64: _abi.DTYPES[12]}
    dtype = _TORCH_DTYPES.get(tensor.dtype)
    if dtype is None:
        return None
    device = tensor.device
    device_type = _dlpack.CUDA if device.type == "cuda" else (
        _dlpack.CPU if device.type == "cpu" else None)
    if device_type is None:
        return None
    strides = None if tensor.is_contiguous() else list(tensor.stride())
    return _dltensor(tensor.data_ptr(), device_type, device.index or 0, dtype,
                     tuple(tensor.shape), strides)


def _from_cupy(array):
    dtype = _abi.BY_NUMPY.get(array.dtype.name)
    if dtype is None:
        return None
    strides = None
    if not array.flags.c_contiguous:
        strides = [s // array.itemsize for s in array.strides]
    return _dltensor(array.data.ptr, _dlpack.CUDA, array.device.id, dtype,
                     array.shape, strides)


def _from_numpy_capsule(array):
    # NumPy's own __dlpack__ is the quickest way to its fields; it refuses
    # read-only arrays, which then take the slower path.
    try:
        capsule = array.__dlpack__()
    except (BufferError, AttributeError, TypeError):
        return _from_numpy(array)
    return _Borrowed(_dlpack.borrow(capsule), [capsule])


_FAST_PATHS = {"numpy": _from_numpy_capsule, "torch": _from_torch,
               "cupy": _from_cupy}


def _borrow(obj, stream):
    """`obj` as a DLTensor: NumPy, PyTorch and CuPy arrays directly from
    their fields (the call runs on their current stream, as their own ops
    do); anything else through `__dlpack__(stream=...)` (DLPack's stream
    handshake: the producer orders its work before `stream`)."""
    fast = _FAST_PATHS.get(_framework(obj))
    if fast is not None:
        borrowed = fast(obj)
        if borrowed is not None:
            return borrowed
    if not hasattr(obj, "__dlpack__"):
        return None
    if stream is None:
        capsule = obj.__dlpack__()
    else:
        # DLPack: 1 is CUDA's legacy default stream, 0 is not allowed.
        capsule = obj.__dlpack__(stream=stream or 1)
    return _Borrowed(_dlpack.borrow(capsule), [capsule])


# ---------------------------------------------------------------------------
# Streams.
# ---------------------------------------------------------------------------

def _torch_stream(tensor):
    import torch

    index = tensor.device.index or 0
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is not None:
        return raw(index)
    return torch.cuda.current_stream(index).cuda_stream


def _cupy_stream(array):
    import cupy

    return cupy.cuda.get_current_stream().ptr


_STREAM_GETTERS = {"torch": _torch_stream, "cupy": _cupy_stream}


# ---------------------------------------------------------------------------
# The C hot path: the frameworks it reads, told once each is in use.
# ---------------------------------------------------------------------------

def _configure_torch(fastcall):
    import torch

    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is None:
        return
    if _TORCH_DTYPES is None:
        _from_torch(torch.empty(0))  # Builds the table.
    dtypes = {t: (d.dl_code, d.bits) for t, d in _TORCH_DTYPES.items()}
    # New results: PyTorch's own capsule reader (the call ran on the current
    # stream, where the result is used: no stream handshake is needed).
    fastcall.configure_torch(getattr(torch._C, "TensorBase", torch.Tensor),
                             dtypes, raw, getattr(torch._C, "_from_dlpack", None))


def _configure_cupy(fastcall):
    import cupy
    import numpy

    dtypes = {numpy.dtype(d.numpy): (d.dl_code, d.bits) for d in _abi.DTYPES
              if d.numpy != "bfloat16"}
    current = getattr(cupy.cuda.stream, "get_current_stream_ptr", None)
    if current is None:
        get_current_stream = cupy.cuda.get_current_stream

        def current():
            return get_current_stream().ptr

    from cupy.cuda import memory

    ndarray, pointer, unowned = (cupy.ndarray, memory.MemoryPointer,
                                 memory.UnownedMemory)

    def wrap(capsule, data, shape, nbytes, dtype):
        """A new result as cupy.from_dlpack makes it (its memory keeps the
        capsule, so the tensor, alive), without the protocol's detour."""
        if nbytes == 0:
            return cupy.empty(shape, dtype)
        return ndarray(shape, dtype, pointer(unowned(data, nbytes, capsule, 0), 0))

    fastcall.configure_cupy(cupy.ndarray, dtypes, current, wrap)


_CONFIGURE = {"torch": _configure_torch, "cupy": _configure_cupy}


_CONFIGURED = set()


def _configure_frameworks(fastcall, values):
    """Tells the C hot path about the frameworks of `values` it does not
    know yet (after it declined a call: the next one can be fast)."""
    for value in values:
        name = _framework(value)
        configure = _CONFIGURE.get(name)
        if configure is not None and name not in _CONFIGURED:
            _CONFIGURED.add(name)
            try:
                configure(fastcall)
            except Exception:  # An unusual version: the slow path works.
                pass


def _stream_handle(stream):
    """An explicit stream= argument as its handle."""
    if stream is None or isinstance(stream, int):
        return stream
    for attribute in ("cuda_stream", "ptr", "handle"):
        handle = getattr(stream, attribute, None)
        if isinstance(handle, int):
            return handle
    raise TypeError(f"stream= must be a stream handle (int) or a stream "
                    f"object with .cuda_stream or .ptr, not {stream!r}")


# ---------------------------------------------------------------------------
# Arrays out.
# ---------------------------------------------------------------------------

class Result:
    """A result the library allocated (a DLManagedTensor), for any DLPack
    consumer: `torch.from_dlpack(r)`, `cupy.from_dlpack(r)`,
    `np.from_dlpack(r)`. It hands its tensor over once; a result never
    handed over is freed with the object (in stream order on the call's
    stream)."""

    def __init__(self, address, library, stream):
        self._address = address
        self._library = library
        self._stream = stream
        tensor = _dlpack.DLTensor.from_address(address)
        self._device = (tensor.device.device_type, tensor.device.device_id)
        self.shape = tuple(tensor.shape[i] for i in range(tensor.ndim))
        self.dtype = _abi.BY_DLPACK[(tensor.dtype.code, tensor.dtype.bits)].numpy

    def __dlpack_device__(self):
        return self._device

    def __dlpack__(self, stream=None, **_):
        if self._address is None:
            raise BufferError("this arrayc result was already handed over")
        if (stream is not None and stream != -1 and
                self._device[0] == _dlpack.CUDA):
            consumer = 0 if stream == 1 else stream
            producer = self._stream or 0
            if consumer != producer:
                self._library._wait(consumer, producer)
        address, self._address = self._address, None
        return _dlpack.capsule(address)

    def __del__(self):
        if getattr(self, "_address", None) is not None:
            _dlpack.delete(self._address)
            self._address = None

    def __repr__(self):
        return f"arrayc.Result(shape={self.shape}, dtype={self.dtype})"


def _to_framework(result, framework):
    try:
        if framework == "torch":
            import torch

            return torch.from_dlpack(result)
        if framework == "cupy":
            import cupy

            return cupy.from_dlpack(result)
        if framework == "numpy":
            import numpy

            return numpy.from_dlpack(result)
    except (BufferError, TypeError, RuntimeError):
        # A dtype the framework lacks (NumPy's bfloat16): the raw result.
        if result._address is None:
            raise
    return result


# ---------------------------------------------------------------------------
# Functions and libraries.
# ---------------------------------------------------------------------------

def _scalar(value, spec, function):
    dtype = spec.dtype
    try:
        if dtype.is_bool:
            return dtype.ctype(bool(value))
        if dtype.is_int:
            number = int(value)
            if number != value:
                raise ValueError
            low = -(1 << (dtype.bits - 1)) if dtype.dl_code == _dlpack.INT else 0
            high = (1 << (dtype.bits - (dtype.dl_code == _dlpack.INT))) - 1
            if not low <= number <= high:
                raise OverflowError
            return dtype.ctype(number)
        if dtype.mlir in ("f16", "bf16"):
            import numpy

            if dtype.mlir == "f16":
                return dtype.ctype(int(numpy.float16(value).view(numpy.uint16)))
            bits = int(numpy.float32(value).view(numpy.uint32))
            bits += 0x7FFF + ((bits >> 16) & 1)  # Round to nearest even.
            return dtype.ctype((bits >> 16) & 0xFFFF)
        return dtype.ctype(float(value))
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{function.name}: argument {spec.name!r} must be a "
                        f"{dtype.numpy} number, not {value!r}") from None


class Function:
    """One exported function; call it with arrays (anything with
    `__dlpack__`) and numbers, as its signature says."""

    def __init__(self, library, index, table):
        self._library = library
        self._index = index
        self.name = table.name.decode()
        self.location = table.location.decode()
        self.args = [_abi.Value(table.args[i]) for i in range(table.num_args)]
        self.results = [_abi.Value(table.results[i])
                        for i in range(table.num_results)]
        self.cuda = bool(table.flags & _abi.FLAG_CUDA)
        arguments = ", ".join(f"{a.name}: {a.type_string()}" for a in self.args)
        results = ", ".join(r.type_string() for r in self.results)
        if len(self.results) > 1:
            results = f"({results})"
        self.signature = f"{self.name}({arguments})" + (
            f" -> {results}" if results else "")
        self.__doc__ = (f"{self.signature}  [{self.location}]\n\nCall with "
                        "arrays and numbers; out= writes the results into "
                        "arrays you allocated; stream= overrides the "
                        "arguments' current stream.")
        self._num_args = len(self.args)
        self._num_results = len(self.results)
        self._tls = threading.local()
        self._is_tensor = tuple(not a.is_scalar for a in self.args)
        self._call = library._call

    def _state(self):
        """This thread's reusable argument and result slots."""
        state = getattr(self._tls, "state", None)
        if state is None:
            state = self._tls.state = _CallState(self)
        return state

    def __repr__(self):
        return f"<arrayc function {self.signature}>"

    def __call__(self, *args, out=None, stream=None, raw=False):
        # Through ctypes. With arrayc._fastcall, calls run in C (the
        # FastFunction subclass) and come here only when C declined; the
        # frameworks of the arrays are then made known to it, so that the
        # next call can stay in C.
        if _fastcall is not None:
            _configure_frameworks(_fastcall, args)
            if out is not None:
                _configure_frameworks(
                    _fastcall, out if isinstance(out, (tuple, list)) else (out,))
        return self._call_slow(args, out, stream, raw)

    # What the C calls of arrayc._fastcall.Caller fall back to and call.
    _call_python = __call__

    def _raise_error(self, status):
        raise ArraycError(status, self._library.last_error())

    def _new_results(self, addresses, handle, args, raw=False):
        """The DLManagedTensors at `addresses` as arrays of the framework
        of the first array argument (Results when `raw`)."""
        framework = None
        for value, tensor in zip(args, self._is_tensor):
            if tensor:
                framework = _framework(value)
                break
        produced = [Result(address, self._library, handle or None)
                    for address in addresses]
        if not raw:
            produced = [_to_framework(r, framework) for r in produced]
        return produced[0] if len(produced) == 1 else tuple(produced)

    def _call_slow(self, args, out, stream, raw):
        if len(args) != self._num_args:
            raise TypeError(f"{self.signature} takes {self._num_args} "
                            f"arguments, {len(args)} given")
        # The framework of the first array argument picks the stream, the
        # fast path and the type of the results.
        framework = first = None
        for value, tensor in zip(args, self._is_tensor):
            if tensor and not isinstance(value, (int, float, bool)):
                first = value
                framework = _FRAMEWORKS.get(type(value)) or _framework(value)
                break
        if stream is not None:
            handle = _stream_handle(stream)
        elif self.cuda and first is not None:
            getter = _STREAM_GETTERS.get(framework)
            handle = getter(first) if getter else 0
        else:
            handle = None
        state = self._state()
        keep = []
        slots = state.args
        fastest = _FASTEST.get(framework)
        for i, value in enumerate(args):
            if not self._is_tensor[i]:
                scalar = _scalar(value, self.args[i], self)
                keep.append(scalar)
                slots[i] = addressof(scalar)
                continue
            if fastest is not None and type(value) is type(first):
                address = fastest(value, state.tensors[i])
                if address is not None:
                    slots[i] = address
                    continue
            slots[i] = self._borrow_slow(value, self.args[i], handle, keep)

        results = state.results
        if out is None:
            mode = _abi.RESULTS_NEW
            for j, address in enumerate(state.managed_addresses):
                results[j] = address
        else:
            mode = _abi.RESULTS_INTO
            outs = out if isinstance(out, (tuple, list)) else (out,)
            if len(outs) != self._num_results:
                raise TypeError(f"{self.signature}: out= needs "
                                f"{self._num_results} arrays, {len(outs)} given")
            for j, value in enumerate(outs):
                if fastest is not None and type(value) is type(first):
                    address = fastest(value, state.outs[j])
                    if address is not None:
                        results[j] = address
                        continue
                results[j] = self._borrow_slow(value, None, handle, keep)

        status = self._call(self._index, slots, results, mode, handle or None)
        if status != 0:
            raise ArraycError(status, self._library.last_error())
        if out is not None:
            return out
        managed = state.managed
        produced = [Result(managed[j], self._library, handle)
                    for j in range(self._num_results)]
        if not raw:
            produced = [_to_framework(r, framework) for r in produced]
        if self._num_results == 1:
            return produced[0]
        return tuple(produced)

    def _borrow_slow(self, value, spec, handle, keep):
        """The address of a DLTensor over `value` (an argument when `spec`
        is given, else an out= array), through DLPack or the frameworks'
        fields; what must outlive the call goes to `keep`."""
        if spec is None and getattr(getattr(value, "flags", None),
                                    "writeable", True) is False:
            raise ValueError(f"{self.name}: out= holds a read-only array")
        borrowed = _borrow(value, handle if self.cuda else None)
        if (borrowed is None and spec is not None and not self.cuda and
                isinstance(value, (int, float, bool))):
            import numpy

            value = numpy.asarray(value, dtype=spec.dtype.numpy)
            borrowed = _borrow(value, None)
            keep.append(value)
        if borrowed is None:
            what = (f"argument {spec.name!r} must be an array "
                    f"({spec.type_string()})" if spec is not None else
                    "out= must hold arrays")
            raise TypeError(f"{self.name}: {what} with __dlpack__, not "
                            f"{type(value).__name__}")
        keep.append(borrowed)
        return borrowed.address()


_FAST_CLASSES = {}


def _function_class():
    """Function, or with arrayc._fastcall its subclass whose calls run in C
    (the C type's __call__ comes first in the method order)."""
    fastcall = _fastcall
    if fastcall is None:
        return Function
    cls = _FAST_CLASSES.get(fastcall)
    if cls is None:
        class FastFunction(fastcall.Caller, Function):
            __doc__ = Function.__doc__

            def __init__(self, library, index, table):
                Function.__init__(self, library, index, table)
                specs = tuple(None if not a.is_scalar else
                              (a.dtype.dl_code, a.dtype.bits)
                              for a in self.args)
                try:
                    fastcall.Caller.__init__(
                        self, library._call_address or 0, index, self.cuda,
                        specs, self._num_results)
                except ValueError:  # Too many arguments for C: ctypes.
                    self._fast = 0

        FastFunction.__qualname__ = FastFunction.__name__ = "Function"
        cls = _FAST_CLASSES[fastcall] = FastFunction
    return cls


class _CallState:
    """One thread's reusable ctypes objects for one function."""

    def __init__(self, function):
        self.args = (c_void_p * max(function._num_args, 1))()
        self.tensors = [_Slot(a.rank) if not a.is_scalar else None
                        for a in function.args]
        count = max(function._num_results, 1)
        self.results = (c_void_p * count)()
        self.managed = (c_void_p * count)()
        size = ctypes.sizeof(c_void_p)
        self.managed_addresses = [addressof(self.managed) + j * size
                                  for j in range(count)]
        self.outs = [_Slot(r.rank) for r in function.results]


class Library:
    """A shared library from `arrayc --emit=shared`: its exported functions
    as attributes (`lib.softmax`) and items (`lib["softmax"]`)."""

    def __init__(self, path, prefix=None):
        self.path = os.path.abspath(path)
        if prefix is None:
            stem = os.path.basename(path).split(".")[0]
            stem = stem[3:] if stem.startswith("lib") else stem
            prefix = re.sub(r"[^A-Za-z0-9_]", "_", stem)
        self.prefix = prefix
        self._dll = ctypes.CDLL(self.path)
        try:
            module = getattr(self._dll, prefix + "_module")
        except AttributeError:
            raise ValueError(f"{path} has no {prefix}_module: not an arrayc "
                             f"library, or its prefix is not {prefix!r} "
                             "(pass prefix=)") from None
        module.restype = ctypes.POINTER(_abi.AbiModule)
        module.argtypes = []
        table = module().contents
        if table.abi_version != _abi.ABI_VERSION:
            raise ValueError(f"{path}: ABI version {table.abi_version}, this "
                             f"package reads {_abi.ABI_VERSION}")
        # The GIL is released during calls (CDLL): other threads run while a
        # cpu library computes or a cuda library waits for its stream.
        # (Keeping it, with PyDLL, measured no faster on the H200.)
        self._call = getattr(self._dll, prefix + "_call")
        self._call.restype = c_int32
        self._call.argtypes = [c_int32, c_void_p, c_void_p, c_int32, c_void_p]
        self._call_address = ctypes.cast(self._call, c_void_p).value
        self._last_error = getattr(self._dll, prefix + "_last_error")
        self._last_error.restype = c_char_p
        self._last_error.argtypes = []
        self._stream_wait = getattr(self._dll, prefix + "_stream_wait")
        self._stream_wait.restype = c_int32
        self._stream_wait.argtypes = [c_void_p, c_void_p]
        self.functions = {}
        function_class = _function_class()
        for i in range(table.num_functions):
            function = function_class(self, i, table.functions[i])
            self.functions[function.name] = function

    def last_error(self):
        return (self._last_error() or b"").decode(errors="replace")

    def _wait(self, waiter, stream):
        status = self._stream_wait(waiter or None, stream or None)
        if status != 0:
            raise ArraycError(status, self.last_error())

    def __getattr__(self, name):
        functions = self.__dict__.get("functions", {})
        if name in functions:
            return functions[name]
        raise AttributeError(f"{self.path} exports no function {name!r} "
                             f"(it has: {', '.join(functions) or 'none'})")

    def __getitem__(self, name):
        return self.functions[name]

    def __dir__(self):
        return list(super().__dir__()) + list(self.functions)

    def __repr__(self):
        return f"<arrayc library {self.path}: {', '.join(self.functions)}>"


def load(path, prefix=None):
    """Loads a library from `arrayc --emit=shared` (prefix: its C name
    prefix, by default the file name without `lib` and extensions)."""
    return Library(path, prefix)
