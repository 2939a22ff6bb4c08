"""Results the library allocated (DLManagedTensor), for DLPack consumers."""

from typing import Optional, Tuple

from . import _abi, _dlpack
from ._frameworks import same_stream

_GPU = (_dlpack.CUDA, _dlpack.CUDA_MANAGED)


class Result:
    """A new array a compiled function returned, for any DLPack consumer:
    `torch.from_dlpack(r)`, `cupy.from_dlpack(r)`, `np.from_dlpack(r)`.

    It hands its tensor over once (`__dlpack__`); a consumer that asks on
    another stream than the call's is ordered after the call's stream first
    (DLPack's stream handshake, no host wait). A result never handed over is
    freed with this object, in stream order on the call's stream. It can
    also be passed to another arrayc call as an argument, without being
    handed over."""

    __slots__ = ("_address", "_library", "_stream", "_device", "shape", "dtype")

    def __init__(self, address: int, library, stream: Optional[int]):
        self._address = address
        self._library = library  # Keeps the library (its deleter) alive.
        self._stream = stream  # The call's stream; None on a cpu module.
        tensor = _dlpack.DLTensor.from_address(address)
        self._device = (tensor.device.device_type, tensor.device.device_id)
        #: The shape, a tuple of ints.
        self.shape: Tuple[int, ...] = tuple(tensor.shape[i]
                                            for i in range(tensor.ndim))
        #: The dtype's NumPy name ("float32", "bfloat16", ...).
        self.dtype: str = _abi.BY_DLPACK[tensor.dtype.code,
                                         tensor.dtype.bits].numpy

    @property
    def handed_over(self) -> bool:
        """Whether a consumer took the tensor (this object is then empty)."""
        return self._address is None

    def __dlpack_device__(self) -> Tuple[int, int]:
        return self._device

    def __dlpack__(self, stream=None, max_version=None, dl_device=None,
                   copy=None):
        """A "dltensor" capsule owning the tensor (once). `stream`: the
        consumer's stream (None or 1: the legacy default stream, 2: the
        per-thread one, -1: no ordering wanted)."""
        if self._address is None:
            raise BufferError("this arrayc result was already handed over")
        if copy:
            raise BufferError("arrayc results are handed over, not copied")
        if dl_device is not None and tuple(dl_device) != self._device:
            raise BufferError(f"the result is on device {self._device}, "
                              f"not {tuple(dl_device)}")
        if self._device[0] in _GPU and stream != -1:
            self._order(stream)
        address, self._address = self._address, None
        return _dlpack.capsule(address)

    def _order(self, consumer: Optional[int]) -> None:
        """Makes `consumer` wait for the call's stream, unless it is it."""
        if not same_stream(consumer, self._stream):
            self._library._wait(consumer, self._stream)

    def _borrow(self, stream: Optional[int]) -> Optional[int]:
        """The DLTensor, lent to another call on `stream` (ordered after the
        call that made it); None once handed over."""
        if self._address is not None and stream is not None and \
                self._device[0] in _GPU:
            self._order(stream)
        return self._address

    def __del__(self):
        address = getattr(self, "_address", None)
        if address is not None:
            self._address = None
            _dlpack.delete(address)

    def __repr__(self):
        state = " (handed over)" if self._address is None else ""
        return (f"arrayc.Result(shape={self.shape}, dtype={self.dtype}, "
                f"device={self._device}){state}")
