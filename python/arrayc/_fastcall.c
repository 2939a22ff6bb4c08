/*===- _fastcall.c - One library call per Python call, in C ---------------===*\
 *
 * The hot path of arrayc.Function.__call__: PyTorch tensors, CuPy arrays and
 * objects with the buffer protocol (NumPy arrays, for the CPU target) become
 * DLTensors on the C stack, Python numbers the scalars' values, and one
 * `<prefix>_call` of the library runs on the current stream of the first
 * array's framework. Everything it does not handle (non-contiguous arrays,
 * other devices, 16-bit float scalars, other array types, a bfloat16 buffer)
 * it declines by returning None, and the ctypes path in library.py takes the
 * call and reports what is wrong. Optional: without it (no C compiler when
 * the package was installed) library.py does everything.
 *
 * Python's C API only; DLPack's structs are declared here (their layout is
 * DLPack's stable ABI; test/python checks it against dlpack.h).
 *
\*===----------------------------------------------------------------------===*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* DLPack (dlpack.h). */
typedef struct {
  int32_t device_type;
  int32_t device_id;
} DLDevice;

typedef struct {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} DLDataType;

typedef struct {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides;
  uint64_t byte_offset;
} DLTensor;

typedef struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;

enum { kDLCPU = 1, kDLCUDA = 2 };
enum { kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLBfloat = 4, kDLBool = 6 };

/* What one call can take: more falls back to the ctypes path. */
enum { kMaxValues = 32, kMaxRank = 16 };

/* arrayrt_abi_call's signature (`<prefix>_call`). */
typedef int32_t (*CallFn)(int32_t index, void *const *args,
                          void *const *results, int32_t mode, void *stream);

enum { kResultsNew = 0, kResultsInto = 1 };

/*===----------------------------------------------------------------------===
 * The frameworks (configure_torch, configure_cupy)
 *===----------------------------------------------------------------------===*/

typedef struct {
  PyTypeObject *type;  /* torch._C.TensorBase / cupy.ndarray, or NULL */
  PyObject *dtypes;    /* {framework dtype: (dl code, bits)} */
  PyObject *stream;    /* torch: f(device index) -> int; cupy: f() -> int */
  /* New results as arrays, or None: torch: f(capsule); cupy: f(capsule,
   * data address, shape, bytes, dtype). */
  PyObject *consume;
  /* The framework's dtype of each (code, bits), from `dtypes`. */
  PyObject *by_code[8][65];
} Framework;

static Framework torch_, cupy_;

enum Kind { kNone = -1, kTorch = 0, kCupy = 1, kBuffer = 2 };

static PyObject *s_dtype, *s_shape, *s_strides, *s_data, *s_ptr,
    *s_device_id, *s_data_ptr, *s_is_contiguous, *s_get_device;

static PyObject *configure(Framework *framework, PyObject *args) {
  PyObject *type, *dtypes, *stream, *consume;
  if (!PyArg_ParseTuple(args, "O!O!OO", &PyType_Type, &type, &PyDict_Type,
                        &dtypes, &stream, &consume))
    return NULL;
  PyObject *by_code[8][65] = {{NULL}};
  PyObject *key, *value;
  Py_ssize_t position = 0;
  while (PyDict_Next(dtypes, &position, &key, &value)) {
    int code, bits;
    if (!PyArg_ParseTuple(value, "ii", &code, &bits))
      return NULL;
    if (code >= 0 && code < 8 && bits > 0 && bits <= 64)
      by_code[code][bits] = key;
  }
  Py_INCREF(type);
  Py_INCREF(dtypes);
  Py_INCREF(stream);
  Py_INCREF(consume);
  Py_XDECREF((PyObject *)framework->type);
  Py_XDECREF(framework->dtypes);
  Py_XDECREF(framework->stream);
  Py_XDECREF(framework->consume);
  framework->type = (PyTypeObject *)type;
  framework->dtypes = dtypes; /* Keeps the by_code keys alive. */
  framework->stream = stream;
  framework->consume = consume;
  memcpy(framework->by_code, by_code, sizeof by_code);
  Py_RETURN_NONE;
}

static PyObject *configure_torch(PyObject *self, PyObject *args) {
  return configure(&torch_, args);
}

static PyObject *configure_cupy(PyObject *self, PyObject *args) {
  return configure(&cupy_, args);
}

/*===----------------------------------------------------------------------===
 * Arrays as DLTensors
 *===----------------------------------------------------------------------===*/

/* One tensor of the call: its DLTensor and shape, and the buffer view that
 * must stay alive until the call returns. */
typedef struct {
  DLTensor tensor;
  int64_t shape[kMaxRank];
  Py_buffer view;
  int has_view;
} Tensor;

/* 1: done; 0: declined (no Python error set); -1: a Python error (the
 * call then declines too, clearing it). */
typedef int Outcome;

/* `dtype`'s (code, bits) from `framework`'s table. */
static Outcome lookup_dtype(const Framework *framework, PyObject *dtype,
                            DLDataType *out) {
  PyObject *entry = PyDict_GetItemWithError(framework->dtypes, dtype);
  if (!entry)
    return PyErr_Occurred() ? -1 : 0;
  out->code = (uint8_t)PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
  out->bits = (uint8_t)PyLong_AsLong(PyTuple_GET_ITEM(entry, 1));
  out->lanes = 1;
  return 1;
}

/* Sizes from a tuple (torch.Size is one). */
static Outcome read_shape(PyObject *shape, Tensor *t) {
  if (!PyTuple_Check(shape))
    return 0;
  Py_ssize_t rank = PyTuple_GET_SIZE(shape);
  if (rank > kMaxRank)
    return 0;
  for (Py_ssize_t d = 0; d < rank; ++d) {
    long long size = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, d));
    if (size == -1 && PyErr_Occurred())
      return -1;
    t->shape[d] = size;
  }
  t->tensor.ndim = (int32_t)rank;
  t->tensor.shape = rank ? t->shape : NULL;
  return 1;
}

/* A pointer-sized integer attribute value. */
static Outcome read_pointer(PyObject *value, void **out) {
  if (!value)
    return -1;
  void *pointer = PyLong_AsVoidPtr(value);
  Py_DECREF(value);
  if (!pointer && PyErr_Occurred())
    return -1;
  *out = pointer;
  return 1;
}

static Outcome from_torch(PyObject *obj, Tensor *t) {
  PyObject *contiguous = PyObject_CallMethodNoArgs(obj, s_is_contiguous);
  if (!contiguous)
    return -1;
  int is_contiguous = contiguous == Py_True;
  Py_DECREF(contiguous);
  if (!is_contiguous)
    return 0;
  PyObject *dtype = PyObject_GetAttr(obj, s_dtype);
  if (!dtype)
    return -1;
  Outcome outcome = lookup_dtype(&torch_, dtype, &t->tensor.dtype);
  Py_DECREF(dtype);
  if (outcome != 1)
    return outcome;
  PyObject *device = PyObject_CallMethodNoArgs(obj, s_get_device);
  if (!device)
    return -1;
  long index = PyLong_AsLong(device);
  Py_DECREF(device);
  if (index == -1 && PyErr_Occurred())
    return -1;
  /* get_device() is -1 on the CPU; the runtime uses device 0 only. */
  if (index > 0)
    return 0;
  t->tensor.device.device_type = index < 0 ? kDLCPU : kDLCUDA;
  t->tensor.device.device_id = 0;
  PyObject *shape = PyObject_GetAttr(obj, s_shape);
  if (!shape)
    return -1;
  outcome = read_shape(shape, t);
  Py_DECREF(shape);
  if (outcome != 1)
    return outcome;
  return read_pointer(PyObject_CallMethodNoArgs(obj, s_data_ptr),
                      &t->tensor.data);
}

/* Whether `strides` (in bytes) are row-major contiguous for `t`'s shape;
 * sizes of 1 and empty arrays may have any. */
static Outcome contiguous_strides(PyObject *strides, const Tensor *t,
                                  long long itemsize) {
  if (!PyTuple_Check(strides) || PyTuple_GET_SIZE(strides) != t->tensor.ndim)
    return 0;
  long long expected = itemsize;
  for (int32_t d = t->tensor.ndim - 1; d >= 0; --d) {
    if (t->shape[d] == 0)
      return 1;
    long long stride = PyLong_AsLongLong(PyTuple_GET_ITEM(strides, d));
    if (stride == -1 && PyErr_Occurred())
      return -1;
    if (t->shape[d] != 1 && stride != expected)
      return 0;
    expected *= t->shape[d];
  }
  return 1;
}

static Outcome from_cupy(PyObject *obj, Tensor *t) {
  PyObject *dtype = PyObject_GetAttr(obj, s_dtype);
  if (!dtype)
    return -1;
  Outcome outcome = lookup_dtype(&cupy_, dtype, &t->tensor.dtype);
  Py_DECREF(dtype);
  if (outcome != 1)
    return outcome;
  PyObject *shape = PyObject_GetAttr(obj, s_shape);
  if (!shape)
    return -1;
  outcome = read_shape(shape, t);
  Py_DECREF(shape);
  if (outcome != 1)
    return outcome;
  PyObject *strides = PyObject_GetAttr(obj, s_strides);
  if (!strides)
    return -1;
  outcome = contiguous_strides(strides, t, t->tensor.dtype.bits / 8);
  Py_DECREF(strides);
  if (outcome != 1)
    return outcome;
  PyObject *data = PyObject_GetAttr(obj, s_data);
  if (!data)
    return -1;
  PyObject *device = PyObject_GetAttr(data, s_device_id);
  long index = device ? PyLong_AsLong(device) : -1;
  Py_XDECREF(device);
  if (index == -1 && PyErr_Occurred()) {
    Py_DECREF(data);
    return -1;
  }
  if (index != 0) {
    Py_DECREF(data);
    return 0;
  }
  t->tensor.device.device_type = kDLCUDA;
  t->tensor.device.device_id = 0;
  outcome = read_pointer(PyObject_GetAttr(data, s_ptr), &t->tensor.data);
  Py_DECREF(data);
  return outcome;
}

/* The DLPack dtype of a buffer's struct-module format (native order). */
static int format_dtype(const char *format, Py_ssize_t itemsize,
                        DLDataType *out) {
  if (!format)
    format = "B";
  if (*format == '@' || *format == '=' || *format == '<')
    ++format;
  if (!*format || format[1])
    return 0;
  uint8_t code;
  switch (*format) {
  case '?':
    code = kDLBool;
    break;
  case 'b': case 'h': case 'i': case 'l': case 'q': case 'n':
    code = kDLInt;
    break;
  case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N':
    code = kDLUInt;
    break;
  case 'e': case 'f': case 'd':
    code = kDLFloat;
    break;
  default:
    return 0;
  }
  out->code = code;
  out->bits = (uint8_t)(itemsize * 8);
  out->lanes = 1;
  return 1;
}

static Outcome from_buffer(PyObject *obj, Tensor *t, int writable) {
  int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
  if (PyObject_GetBuffer(obj, &t->view, flags) != 0) {
    PyErr_Clear(); /* Not contiguous, read-only, ...: the slow path says. */
    return 0;
  }
  t->has_view = 1;
  if (t->view.ndim > kMaxRank ||
      !format_dtype(t->view.format, t->view.itemsize, &t->tensor.dtype))
    return 0;
  for (int d = 0; d < t->view.ndim; ++d)
    t->shape[d] = t->view.shape ? t->view.shape[d] : 0;
  if (t->view.ndim == 1 && !t->view.shape)
    t->shape[0] = t->view.len / t->view.itemsize;
  t->tensor.ndim = t->view.ndim;
  t->tensor.shape = t->view.ndim ? t->shape : NULL;
  t->tensor.data = t->view.buf;
  t->tensor.device.device_type = kDLCPU;
  t->tensor.device.device_id = 0;
  return 1;
}

static enum Kind kind_of(PyObject *obj) {
  if (torch_.type && PyObject_TypeCheck(obj, torch_.type))
    return kTorch;
  if (cupy_.type && PyObject_TypeCheck(obj, cupy_.type))
    return kCupy;
  if (PyObject_CheckBuffer(obj))
    return kBuffer;
  return kNone;
}

static Outcome to_tensor(PyObject *obj, enum Kind kind, Tensor *t,
                         int writable) {
  memset(&t->tensor, 0, sizeof t->tensor);
  t->has_view = 0;
  switch (kind) {
  case kTorch:
    return from_torch(obj, t);
  case kCupy:
    return from_cupy(obj, t);
  case kBuffer:
    return from_buffer(obj, t, writable);
  default:
    return 0;
  }
}

/*===----------------------------------------------------------------------===
 * Scalars
 *===----------------------------------------------------------------------===*/

typedef union {
  uint8_t u8;
  int8_t i8;
  int16_t i16;
  int32_t i32;
  int64_t i64;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64;
  float f32;
  double f64;
} Scalar;

/* A Python int, float or bool as a scalar of (code, bits); f16 and bf16,
 * other objects and out-of-range values are declined. */
static Outcome to_scalar(PyObject *obj, uint8_t code, uint8_t bits,
                         Scalar *out) {
  if (code == kDLBool) {
    if (!PyBool_Check(obj) && !PyLong_Check(obj))
      return 0;
    int truth = PyObject_IsTrue(obj);
    if (truth < 0)
      return -1;
    out->u8 = (uint8_t)truth;
    return 1;
  }
  if (code == kDLFloat && (bits == 32 || bits == 64)) {
    if (!PyFloat_Check(obj) && !PyLong_Check(obj))
      return 0;
    double value = PyFloat_AsDouble(obj);
    if (value == -1.0 && PyErr_Occurred()) {
      PyErr_Clear(); /* An int too large for a double. */
      return 0;
    }
    if (bits == 32)
      out->f32 = (float)value;
    else
      out->f64 = value;
    return 1;
  }
  if (code != kDLInt && code != kDLUInt)
    return 0;
  if (!PyLong_Check(obj) || PyBool_Check(obj))
    return 0;
  int overflow = 0;
  if (code == kDLInt) {
    long long value = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow || (value == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return 0;
    }
    long long low = bits == 64 ? INT64_MIN : -(1LL << (bits - 1));
    long long high = bits == 64 ? INT64_MAX : (1LL << (bits - 1)) - 1;
    if (value < low || value > high)
      return 0;
    switch (bits) {
    case 8: out->i8 = (int8_t)value; break;
    case 16: out->i16 = (int16_t)value; break;
    case 32: out->i32 = (int32_t)value; break;
    default: out->i64 = value; break;
    }
    return 1;
  }
  unsigned long long value = PyLong_AsUnsignedLongLong(obj);
  if (value == (unsigned long long)-1 && PyErr_Occurred()) {
    PyErr_Clear(); /* Negative or too large. */
    return 0;
  }
  if (bits < 64 && value >> bits)
    return 0;
  switch (bits) {
  case 8: out->u8 = (uint8_t)value; break;
  case 16: out->u16 = (uint16_t)value; break;
  case 32: out->u32 = (uint32_t)value; break;
  default: out->u64 = value; break;
  }
  return 1;
}

/* Defined with the capsule functions below. */
static void capsule_destructor(PyObject *capsule);

/* A shape tuple of `tensor` and its bytes, or NULL (an error set). */
static PyObject *shape_of(const DLTensor *tensor, long long *bytes) {
  PyObject *shape = PyTuple_New(tensor->ndim);
  if (!shape)
    return NULL;
  *bytes = (tensor->dtype.bits / 8) * tensor->dtype.lanes;
  for (int32_t d = 0; d < tensor->ndim; ++d) {
    PyObject *size = PyLong_FromLongLong(tensor->shape[d]);
    if (!size) {
      Py_DECREF(shape);
      return NULL;
    }
    PyTuple_SET_ITEM(shape, d, size);
    *bytes *= tensor->shape[d];
  }
  return shape;
}

/* One new result as an array of `framework` (`dtype`: CuPy's), consuming
 * or keeping `capsule`. */
static PyObject *consume_one(const Framework *framework, enum Kind kind,
                             PyObject *capsule, PyObject *dtype) {
  if (kind == kTorch)
    return PyObject_CallOneArg(framework->consume, capsule);
  const DLTensor *tensor =
      &((DLManagedTensor *)PyCapsule_GetPointer(capsule, "dltensor"))
           ->dl_tensor;
  long long bytes;
  PyObject *shape = shape_of(tensor, &bytes);
  PyObject *data =
      PyLong_FromVoidPtr((char *)tensor->data + tensor->byte_offset);
  PyObject *array = NULL;
  if (shape && data)
    array = PyObject_CallFunction(framework->consume, "OOOLO", capsule, data,
                                  shape, bytes, dtype);
  Py_XDECREF(shape);
  Py_XDECREF(data);
  return array;
}

/* New results as arrays of `kind`'s framework, made here: one array or a
 * tuple. NULL without an error when the framework has no consumer or no
 * dtype for a result (library.py then wraps them); NULL with an error when
 * wrapping failed (every result freed). */
static PyObject *consume_results(enum Kind kind, void **managed, int count) {
  Framework *framework =
      kind == kTorch ? &torch_ : kind == kCupy ? &cupy_ : NULL;
  if (!framework || !framework->consume || framework->consume == Py_None)
    return NULL;
  PyObject *dtypes[kMaxValues];
  for (int j = 0; j < count; ++j) {
    const DLTensor *tensor = &((DLManagedTensor *)managed[j])->dl_tensor;
    uint8_t code = tensor->dtype.code, bits = tensor->dtype.bits;
    dtypes[j] = code < 8 && bits <= 64 ? framework->by_code[code][bits] : NULL;
    if (!dtypes[j])
      return NULL;
  }
  /* Each capsule owns its tensor from here on: a failure frees the ones
   * not consumed. */
  PyObject *capsules[kMaxValues];
  for (int j = 0; j < count; ++j) {
    capsules[j] = PyCapsule_New(managed[j], "dltensor", capsule_destructor);
    if (!capsules[j]) {
      for (int k = 0; k < j; ++k)
        Py_DECREF(capsules[k]);
      for (int k = j; k < count; ++k)
        ((DLManagedTensor *)managed[k])
            ->deleter((DLManagedTensor *)managed[k]);
      return NULL;
    }
  }
  PyObject *arrays = count == 1 ? NULL : PyTuple_New(count);
  int ok = count == 1 || arrays;
  for (int j = 0; j < count && ok; ++j) {
    PyObject *array = consume_one(framework, kind, capsules[j], dtypes[j]);
    if (!array)
      ok = 0;
    else if (count == 1)
      arrays = array;
    else
      PyTuple_SET_ITEM(arrays, j, array);
  }
  for (int j = 0; j < count; ++j)
    Py_DECREF(capsules[j]);
  if (!ok) {
    Py_XDECREF(arrays);
    return NULL;
  }
  return arrays;
}

/*===----------------------------------------------------------------------===
 * Caller: one exported function
 *===----------------------------------------------------------------------===*/

/* The base of library.py's functions when this module exists: calling one
 * runs tp_call below, which makes the call itself or hands it to the
 * Python methods of the subclass (_call_python: the ctypes path, which
 * also reports errors; _new_results: new results as arrays;
 * _raise_error). */
typedef struct {
  PyObject_HEAD
  CallFn call;
  int32_t index;
  int cuda;
  int fast; /* 0: every call takes the ctypes path. */
  int num_args, num_results;
  /* Per argument: -1 for a tensor, else a scalar's DLPack code and bits. */
  int scalar_code[kMaxValues];
  uint8_t scalar_bits[kMaxValues];
} Caller;

static PyObject *s_out, *s_call_python, *s_new_results, *s_raise_error;

static int Caller_init(Caller *self, PyObject *args, PyObject *kwargs) {
  unsigned long long address;
  int index, cuda, num_results;
  PyObject *arg_specs;
  self->fast = 0;
  if (!PyArg_ParseTuple(args, "KipO!i", &address, &index, &cuda,
                        &PyTuple_Type, &arg_specs, &num_results))
    return -1;
  Py_ssize_t num_args = PyTuple_GET_SIZE(arg_specs);
  if (num_args > kMaxValues || num_results > kMaxValues || num_results < 0) {
    PyErr_SetString(PyExc_ValueError, "too many arguments or results");
    return -1;
  }
  for (Py_ssize_t i = 0; i < num_args; ++i) {
    /* None for a tensor, (code, bits) for a scalar. */
    PyObject *spec = PyTuple_GET_ITEM(arg_specs, i);
    if (spec == Py_None) {
      self->scalar_code[i] = -1;
      continue;
    }
    int code, bits;
    if (!PyArg_ParseTuple(spec, "ii", &code, &bits))
      return -1;
    self->scalar_code[i] = code;
    self->scalar_bits[i] = (uint8_t)bits;
  }
  self->call = (CallFn)(uintptr_t)address;
  self->index = index;
  self->cuda = cuda;
  self->num_args = (int)num_args;
  self->num_results = num_results;
  self->fast = address != 0;
  return 0;
}

/* The handle of the current stream of `kind`'s framework for `first`. */
static Outcome current_stream(enum Kind kind, PyObject *first, void **out) {
  PyObject *handle;
  if (kind == kTorch) {
    PyObject *device = PyObject_CallMethodNoArgs(first, s_get_device);
    if (!device)
      return -1;
    handle = PyObject_CallOneArg(torch_.stream, device);
    Py_DECREF(device);
  } else if (kind == kCupy) {
    handle = PyObject_CallNoArgs(cupy_.stream);
  } else {
    /* Arrays in host memory: the CUDA function runs on no framework's
     * stream; the ctypes path decides (and refuses host memory). */
    return 0;
  }
  return read_pointer(handle, out);
}

static void release_views(Tensor *tensors, int count) {
  for (int i = 0; i < count; ++i)
    if (tensors[i].has_view)
      PyBuffer_Release(&tensors[i].view);
}

/* The call through library.py's ctypes path. */
static PyObject *python_path(Caller *self, PyObject *args, PyObject *kwargs) {
  PyObject *method = PyObject_GetAttr((PyObject *)self, s_call_python);
  if (!method)
    return NULL;
  PyObject *result = PyObject_Call(method, args, kwargs);
  Py_DECREF(method);
  return result;
}

/* out= as a tuple of arrays (a new reference), or NULL (an error set). */
static PyObject *out_tuple(PyObject *out) {
  if (PyTuple_Check(out)) {
    Py_INCREF(out);
    return out;
  }
  if (PyList_Check(out))
    return PySequence_Tuple(out);
  return PyTuple_Pack(1, out);
}

/* f(*args, out=None): the call, in C when it can be made here. */
static PyObject *Caller_call(Caller *self, PyObject *values, PyObject *kwargs) {
  PyObject *out = Py_None;
  if (!self->fast || PyTuple_GET_SIZE(values) != self->num_args)
    return python_path(self, values, kwargs);
  if (kwargs && PyDict_GET_SIZE(kwargs)) {
    /* Only out=; stream=, raw= and mistakes go the Python way. */
    PyObject *given = PyDict_GetItemWithError(kwargs, s_out);
    if (!given && PyErr_Occurred())
      return NULL;
    if (!given || PyDict_GET_SIZE(kwargs) != 1)
      return python_path(self, values, kwargs);
    out = given;
  }
  int into = out != Py_None;
  PyObject *outs = NULL;
  if (into) {
    if (!(outs = out_tuple(out)))
      return NULL;
    if (PyTuple_GET_SIZE(outs) != self->num_results) {
      Py_DECREF(outs);
      return python_path(self, values, kwargs);
    }
  }

  Tensor tensors[2 * kMaxValues];
  Scalar scalars[kMaxValues];
  void *arg_pointers[kMaxValues];
  void *result_pointers[kMaxValues];
  void *managed[kMaxValues];
  int used = 0;
  Outcome outcome = 1;
  enum Kind first_kind = kNone;
  PyObject *first = NULL;

  for (int i = 0; i < self->num_args && outcome == 1; ++i) {
    PyObject *value = PyTuple_GET_ITEM(values, i);
    if (self->scalar_code[i] >= 0) {
      outcome = to_scalar(value, (uint8_t)self->scalar_code[i],
                          self->scalar_bits[i], &scalars[i]);
      arg_pointers[i] = &scalars[i];
      continue;
    }
    enum Kind kind = kind_of(value);
    if (kind == kNone) {
      outcome = 0;
      break;
    }
    if (!first) {
      first = value;
      first_kind = kind;
    }
    Tensor *t = &tensors[used++];
    outcome = to_tensor(value, kind, t, /*writable=*/0);
    arg_pointers[i] = &t->tensor;
  }
  for (int j = 0; into && j < self->num_results && outcome == 1; ++j) {
    PyObject *value = PyTuple_GET_ITEM(outs, j);
    enum Kind kind = kind_of(value);
    if (kind == kNone) {
      outcome = 0;
      break;
    }
    if (!first) {
      first = value;
      first_kind = kind;
    }
    Tensor *t = &tensors[used++];
    outcome = to_tensor(value, kind, t, /*writable=*/1);
    result_pointers[j] = &t->tensor;
  }
  void *stream = NULL;
  if (outcome == 1 && self->cuda) {
    /* Without an array the ctypes path picks no stream either. */
    outcome = first ? current_stream(first_kind, first, &stream) : 0;
  }
  if (outcome != 1) {
    release_views(tensors, used);
    Py_XDECREF(outs);
    /* An array whose fields could not be read (a tensor subclass that
     * refuses data_ptr()): the ctypes path reads them its way, or says
     * what is wrong. */
    if (outcome < 0)
      PyErr_Clear();
    return python_path(self, values, kwargs);
  }
  if (!into)
    for (int j = 0; j < self->num_results; ++j) {
      managed[j] = NULL;
      result_pointers[j] = &managed[j];
    }

  int32_t status;
  Py_BEGIN_ALLOW_THREADS
  status = self->call(self->index, arg_pointers, result_pointers,
                      into ? kResultsInto : kResultsNew, stream);
  Py_END_ALLOW_THREADS
  release_views(tensors, used);
  Py_XDECREF(outs);

  if (status != 0) {
    PyObject *code = PyLong_FromLong(status);
    PyObject *raised =
        code ? PyObject_CallMethodObjArgs((PyObject *)self, s_raise_error,
                                          code, NULL)
             : NULL;
    Py_XDECREF(code);
    return raised;
  }
  if (into) {
    Py_INCREF(out);
    return out;
  }
  PyObject *arrays = consume_results(first_kind, managed, self->num_results);
  if (arrays || PyErr_Occurred())
    return arrays;
  PyObject *addresses = PyTuple_New(self->num_results);
  if (!addresses)
    return NULL;
  for (int j = 0; j < self->num_results; ++j) {
    PyObject *address = PyLong_FromVoidPtr(managed[j]);
    if (!address) {
      Py_DECREF(addresses);
      return NULL;
    }
    PyTuple_SET_ITEM(addresses, j, address);
  }
  PyObject *handle = PyLong_FromVoidPtr(stream);
  PyObject *result =
      handle ? PyObject_CallMethodObjArgs((PyObject *)self, s_new_results,
                                          addresses, handle, values, NULL)
             : NULL;
  Py_XDECREF(handle);
  Py_DECREF(addresses);
  return result;
}

static PyMemberDef Caller_members[] = {
    {"_fast", T_INT, offsetof(Caller, fast), 0,
     "Whether calls are made in C (0: through ctypes only)."},
    {NULL, 0, 0, 0, NULL}};

static PyTypeObject CallerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arrayc._fastcall.Caller",
    .tp_basicsize = sizeof(Caller),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Caller(call_address, index, cuda, arg_specs, num_results): "
              "the C calls of one exported function; see _fastcall.c.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Caller_init,
    .tp_call = (ternaryfunc)Caller_call,
    .tp_members = Caller_members,
};

/*===----------------------------------------------------------------------===
 * New results as DLPack capsules
 *===----------------------------------------------------------------------===*/

/* A capsule nobody consumed (still named "dltensor") owns its tensor. */
static void capsule_destructor(PyObject *capsule) {
  if (!PyCapsule_IsValid(capsule, "dltensor"))
    return; /* Consumed: renamed "used_dltensor", the consumer's now. */
  DLManagedTensor *tensor =
      (DLManagedTensor *)PyCapsule_GetPointer(capsule, "dltensor");
  if (tensor && tensor->deleter)
    tensor->deleter(tensor);
}

/* capsule(address): the DLManagedTensor at `address` (a new result of a
 * call) as a "dltensor" capsule, which frees it unless consumed. */
static PyObject *capsule(PyObject *self, PyObject *address) {
  void *tensor = PyLong_AsVoidPtr(address);
  if (!tensor) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_ValueError, "a NULL DLManagedTensor");
    return NULL;
  }
  return PyCapsule_New(tensor, "dltensor", capsule_destructor);
}

/* The layout this file assumes, for the test against dlpack.h. */
static PyObject *layout(PyObject *self, PyObject *unused) {
  return Py_BuildValue(
      "{s:n,s:n,s:n,s:n,s:n,s:n}", "DLTensor", (Py_ssize_t)sizeof(DLTensor),
      "device", (Py_ssize_t)offsetof(DLTensor, device), "ndim",
      (Py_ssize_t)offsetof(DLTensor, ndim), "dtype",
      (Py_ssize_t)offsetof(DLTensor, dtype), "shape",
      (Py_ssize_t)offsetof(DLTensor, shape), "byte_offset",
      (Py_ssize_t)offsetof(DLTensor, byte_offset));
}

static PyMethodDef methods[] = {
    {"configure_torch", configure_torch, METH_VARARGS,
     "configure_torch(TensorBase, {dtype: (code, bits)}, raw_stream, "
     "from_capsule)"},
    {"configure_cupy", configure_cupy, METH_VARARGS,
     "configure_cupy(ndarray, {dtype: (code, bits)}, current_stream_ptr, "
     "wrap(capsule, data, shape, bytes, dtype))"},
    {"layout", layout, METH_NOARGS, "The DLTensor layout this module uses."},
    {"capsule", capsule, METH_O,
     "capsule(address): a new result's DLManagedTensor as a DLPack capsule"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastcall",
                                    "The C hot path of arrayc calls.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__fastcall(void) {
  if (PyType_Ready(&CallerType) < 0)
    return NULL;
#define INTERN(name)                                                           \
  if (!(s_##name = PyUnicode_InternFromString(#name)))                         \
    return NULL;
  INTERN(dtype)
  INTERN(shape)
  INTERN(strides)
  INTERN(data)
  INTERN(ptr)
  INTERN(device_id)
  INTERN(data_ptr)
  INTERN(is_contiguous)
  INTERN(get_device)
  INTERN(out)
#undef INTERN
  if (!(s_call_python = PyUnicode_InternFromString("_call_python")) ||
      !(s_new_results = PyUnicode_InternFromString("_new_results")) ||
      !(s_raise_error = PyUnicode_InternFromString("_raise_error")))
    return NULL;
  PyObject *m = PyModule_Create(&module);
  if (!m)
    return NULL;
  Py_INCREF(&CallerType);
  if (PyModule_AddObject(m, "Caller", (PyObject *)&CallerType) < 0) {
    Py_DECREF(&CallerType);
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
