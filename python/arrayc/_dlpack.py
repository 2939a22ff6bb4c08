"""DLPack's C structs (dlpack.h) and PyCapsule helpers, through ctypes."""

import ctypes
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char_p, c_int, c_int64,
                    c_uint8, c_uint16, c_uint64, c_void_p)

# DLDeviceType
CPU, CUDA, CUDA_HOST, CUDA_MANAGED = 1, 2, 3, 13
# DLDataTypeCode (BOOL is DLPack 0.8's kDLBool)
INT, UINT, FLOAT, BFLOAT, BOOL = 0, 1, 2, 4, 6


class DLDevice(Structure):
    _fields_ = [("device_type", c_int), ("device_id", c_int)]


class DLDataType(Structure):
    _fields_ = [("code", c_uint8), ("bits", c_uint8), ("lanes", c_uint16)]


class DLTensor(Structure):
    _fields_ = [
        ("data", c_void_p),
        ("device", DLDevice),
        ("ndim", c_int),
        ("dtype", DLDataType),
        ("shape", POINTER(c_int64)),
        ("strides", POINTER(c_int64)),
        ("byte_offset", c_uint64),
    ]


class DLManagedTensor(Structure):
    pass


Deleter = CFUNCTYPE(None, POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [
    ("dl_tensor", DLTensor),
    ("manager_ctx", c_void_p),
    ("deleter", Deleter),
]

# The capsule API. The *_raw forms take the capsule as a plain pointer: a
# capsule destructor runs while its object is being freed, when it must
# not be turned into a Python reference again.
_api = ctypes.pythonapi
_get_pointer = _api.PyCapsule_GetPointer
_get_pointer.restype = c_void_p
_get_pointer.argtypes = [ctypes.py_object, c_char_p]
_new_capsule = _api.PyCapsule_New
_new_capsule.restype = ctypes.py_object
_new_capsule.argtypes = [c_void_p, c_char_p, c_void_p]
_is_valid_raw = ctypes.PYFUNCTYPE(c_int, c_void_p, c_char_p)(
    ("PyCapsule_IsValid", _api))
_get_pointer_raw = ctypes.PYFUNCTYPE(c_void_p, c_void_p, c_char_p)(
    ("PyCapsule_GetPointer", _api))

NAME = b"dltensor"


def borrow(capsule):
    """The DLManagedTensor (an address) inside an unconsumed "dltensor"
    capsule; the capsule keeps ownership (keep it alive while using it)."""
    return _get_pointer(capsule, NAME)


def delete(address):
    """Calls the deleter of the DLManagedTensor at `address`."""
    managed = DLManagedTensor.from_address(address)
    if managed.deleter:
        managed.deleter(ctypes.cast(address, POINTER(DLManagedTensor)))


@ctypes.PYFUNCTYPE(None, c_void_p)
def _capsule_destructor(capsule):
    # A consumer renames the capsule ("used_dltensor") when it takes the
    # tensor; still named "dltensor", it was never consumed: free it.
    if _is_valid_raw(capsule, NAME):
        delete(_get_pointer_raw(capsule, NAME))


_DESTRUCTOR = ctypes.cast(_capsule_destructor, c_void_p).value


def capsule(address):
    """A "dltensor" capsule owning the DLManagedTensor at `address`."""
    return _new_capsule(address, NAME, _DESTRUCTOR)
