//===- AbiCallTest.cpp - arrayrt_abi_call on DLPack tensors, CPU modules --===//
//
// A library as arrayc would emit it, written by hand: a module table whose
// packed entry points read the memref descriptors the runtime passes and
// return results in buffers from _mlir_memref_to_llvm_alloc. Covers the
// argument checks and their messages, both result modes, errors inside the
// call becoming codes (the process survives), and the last error.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"

#include <dlpack/dlpack.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

/// A ranked memref descriptor as abi.h lays it out.
template <int R> struct Memref {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[R];
  int64_t strides[R];
};
struct Memref0 {
  void *allocated;
  void *aligned;
  int64_t offset;
};

constexpr int64_t kDyn = ARRAYRT_ABI_DYNAMIC;
constexpr uint8_t kDLBool = 6;

/// What the packed functions saw, for the tests to look at.
struct Seen {
  int calls = 0;
  int64_t strides[2] = {0, 0};
  const char *location = nullptr;
  float alpha = 0;
} seen;

float *floats(const Memref<1> &x) {
  return static_cast<float *>(x.aligned) + x.offset;
}

/// A new rank-1 f32 result of `n` elements (malloc'ed as compiled code's).
float *newResult(void *slot, int64_t n) {
  auto *out = static_cast<float *>(
      _mlir_memref_to_llvm_alloc(static_cast<size_t>(n) * sizeof(float)));
  *static_cast<Memref<1> *>(slot) = {out, out, 0, {n}, {1}};
  return out;
}

// add_one(x: tensor<?xf32>) -> tensor<?xf32>: x + 1.
void addOne(void **args, void **results) {
  ++seen.calls;
  seen.location = arrayrt::currentOp().location;
  const auto &x = *static_cast<Memref<1> *>(args[0]);
  seen.strides[0] = x.strides[0];
  float *out = newResult(results[0], x.sizes[0]);
  for (int64_t i = 0; i < x.sizes[0]; ++i)
    out[i] = floats(x)[i * x.strides[0]] + 1;
}

// rows(x: tensor<?x4xf32>) -> tensor<?x4xf32>: a copy.
void rows(void **args, void **results) {
  ++seen.calls;
  const auto &x = *static_cast<Memref<2> *>(args[0]);
  seen.strides[0] = x.strides[0];
  seen.strides[1] = x.strides[1];
  int64_t n = x.sizes[0] * x.sizes[1];
  auto *out = static_cast<float *>(_mlir_memref_to_llvm_alloc(n * 4));
  std::memcpy(out, static_cast<float *>(x.aligned) + x.offset, n * 4);
  *static_cast<Memref<2> *>(results[0]) = {
      out, out, 0, {x.sizes[0], x.sizes[1]}, {x.sizes[1], 1}};
}

// scale(x: tensor<4xf32>, alpha: f32) -> tensor<4xf32>.
void scale(void **args, void **results) {
  ++seen.calls;
  const auto &x = *static_cast<Memref<1> *>(args[0]);
  seen.alpha = *static_cast<float *>(args[1]);
  float *out = newResult(results[0], 4);
  for (int i = 0; i < 4; ++i)
    out[i] = floats(x)[i] * seen.alpha;
}

// check(x: tensor<?xf32>) -> tensor<?xf32>: a run-time check that fails.
void check(void **, void **) {
  ++seen.calls;
  arrayrt_check_failed("prog.mlir:3:5: sizes differ");
}

// huge(x: tensor<?xf32>) -> tensor<?xf32>: a host allocation too large.
void huge(void **, void **results) {
  ++seen.calls;
  newResult(results[0], INT64_C(1) << 60);
}

// same(x: tensor<?xf32>) -> tensor<?xf32>: returns its argument's buffer.
void same(void **args, void **results) {
  ++seen.calls;
  *static_cast<Memref<1> *>(results[0]) = *static_cast<Memref<1> *>(args[0]);
}

// twice(x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>): x + 1, twice
// the same buffer.
void twice(void **args, void **results) {
  addOne(args, results);
  *static_cast<Memref<1> *>(results[1]) = *static_cast<Memref<1> *>(results[0]);
}

// keep(x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>): x + 1 in a
// new buffer, and x itself.
void keep(void **args, void **results) {
  addOne(args, results);
  *static_cast<Memref<1> *>(results[1]) = *static_cast<Memref<1> *>(args[0]);
}

// dtypes(b: tensor<2xi1>, h: tensor<2xf16>, g: tensor<2xbf16>)
//   -> tensor<2xi1>: b.
void dtypes(void **args, void **results) {
  ++seen.calls;
  const auto &b = *static_cast<Memref<1> *>(args[0]);
  auto *out = static_cast<uint8_t *>(_mlir_memref_to_llvm_alloc(2));
  std::memcpy(out, static_cast<uint8_t *>(b.aligned) + b.offset, 2);
  *static_cast<Memref<1> *>(results[0]) = {out, out, 0, {2}, {1}};
}

// scalar0d(x: tensor<f64>) -> (tensor<f64>, tensor<0xf32>): 2x, and an
// empty array.
void scalar0d(void **args, void **results) {
  ++seen.calls;
  const auto &x = *static_cast<Memref0 *>(args[0]);
  auto *out = static_cast<double *>(_mlir_memref_to_llvm_alloc(8));
  *out = 2 * static_cast<double *>(x.aligned)[x.offset];
  *static_cast<Memref0 *>(results[0]) = {out, out, 0};
  newResult(results[1], 0);
}

const int64_t kDynShape[] = {kDyn};
const int64_t kRowsShape[] = {kDyn, 4};
const int64_t kFour[] = {4};
const int64_t kTwo[] = {2};
const int64_t kZero[] = {0};

const arrayrt_abi_value_t kVectorIn[] = {
    {"x", ARRAYRT_DTYPE_F32, 1, kDynShape}};
const arrayrt_abi_value_t kVectorOut[] = {
    {"result0", ARRAYRT_DTYPE_F32, 1, kDynShape},
    {"result1", ARRAYRT_DTYPE_F32, 1, kDynShape}};
const arrayrt_abi_value_t kRows[] = {{"x", ARRAYRT_DTYPE_F32, 2, kRowsShape}};
const arrayrt_abi_value_t kRowsOut[] = {
    {"result0", ARRAYRT_DTYPE_F32, 2, kRowsShape}};
const arrayrt_abi_value_t kScaleIn[] = {
    {"x", ARRAYRT_DTYPE_F32, 1, kFour},
    {"alpha", ARRAYRT_DTYPE_F32, ARRAYRT_ABI_SCALAR, nullptr}};
const arrayrt_abi_value_t kScaleOut[] = {
    {"result0", ARRAYRT_DTYPE_F32, 1, kFour}};
const arrayrt_abi_value_t kDtypesIn[] = {{"b", ARRAYRT_DTYPE_I1, 1, kTwo},
                                         {"h", ARRAYRT_DTYPE_F16, 1, kTwo},
                                         {"g", ARRAYRT_DTYPE_BF16, 1, kTwo}};
const arrayrt_abi_value_t kDtypesOut[] = {
    {"result0", ARRAYRT_DTYPE_I1, 1, kTwo}};
const arrayrt_abi_value_t k0dIn[] = {{"x", ARRAYRT_DTYPE_F64, 0, nullptr}};
const arrayrt_abi_value_t k0dOut[] = {
    {"result0", ARRAYRT_DTYPE_F64, 0, nullptr},
    {"result1", ARRAYRT_DTYPE_F32, 1, kZero}};

enum Function {
  AddOne, Rows, Scale, Check, Huge, Same, Twice, Dtypes, Zero, Keep
};

const arrayrt_abi_function_t kFunctions[] = {
    {"add_one", "prog.mlir:1:1", 0, 1, 1, kVectorIn, kVectorOut, addOne},
    {"rows", "prog.mlir:2:1", 0, 1, 1, kRows, kRowsOut, rows},
    {"scale", "prog.mlir:3:1", 0, 2, 1, kScaleIn, kScaleOut, scale},
    {"check", "prog.mlir:3:1", 0, 1, 1, kVectorIn, kVectorOut, check},
    {"huge", "prog.mlir:4:1", 0, 1, 1, kVectorIn, kVectorOut, huge},
    {"same", "prog.mlir:5:1", 0, 1, 1, kVectorIn, kVectorOut, same},
    {"twice", "prog.mlir:6:1", 0, 1, 2, kVectorIn, kVectorOut, twice},
    {"dtypes", "prog.mlir:7:1", 0, 3, 1, kDtypesIn, kDtypesOut, dtypes},
    {"zero", "prog.mlir:8:1", 0, 1, 2, k0dIn, k0dOut, scalar0d},
    {"keep", "prog.mlir:9:1", 0, 1, 2, kVectorIn, kVectorOut, keep},
};
const arrayrt_abi_module_t kModule = {
    ARRAYRT_ABI_VERSION, sizeof(kFunctions) / sizeof(kFunctions[0]), kFunctions,
    "testlib"};

constexpr DLDataType kF32 = {kDLFloat, 32, 1};

/// A DLTensor over `data` of `shape` (kept alive by the caller).
DLTensor tensor(void *data, std::vector<int64_t> &shape,
                DLDataType dtype = kF32, DLDevice device = {kDLCPU, 0}) {
  DLTensor t{};
  t.data = data;
  t.device = device;
  t.ndim = static_cast<int>(shape.size());
  t.dtype = dtype;
  t.shape = shape.data();
  return t;
}

/// Calls `function` with `args` in mode NEW; `out` receives the results.
int32_t callNew(Function function, std::vector<void *> args,
                std::vector<DLManagedTensor *> &out) {
  out.assign(kFunctions[function].num_results,
             reinterpret_cast<DLManagedTensor *>(0x1)); // Must become NULL.
  std::vector<void *> slots;
  for (DLManagedTensor *&tensor : out)
    slots.push_back(&tensor);
  return arrayrt_abi_call(&kModule, function, args.data(), slots.data(),
                          ARRAYRT_ABI_RESULTS_NEW, nullptr);
}

/// Calls `function` with one argument expecting an error; returns the
/// message, having checked the code and that nothing ran.
std::string refusal(Function function, const DLTensor *arg,
                    int32_t status = ARRAYRT_ABI_INVALID_ARGUMENT) {
  int before = seen.calls;
  std::vector<DLManagedTensor *> out;
  EXPECT_EQ(callNew(function, {const_cast<DLTensor *>(arg)}, out), status);
  EXPECT_EQ(seen.calls, before) << "the function ran";
  for (DLManagedTensor *result : out)
    EXPECT_EQ(result, nullptr);
  return arrayrt_abi_last_error();
}

TEST(AbiCall, NewResultIsAManagedTensor) {
  arrayrt_set_op_location("caller.mlir:1:1");
  std::vector<float> x = {1, 2, 3};
  std::vector<int64_t> shape = {3};
  DLTensor arg = tensor(x.data(), shape);
  std::vector<DLManagedTensor *> out;
  ASSERT_EQ(callNew(AddOne, {&arg}, out), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  ASSERT_NE(out[0], nullptr);
  const DLTensor &result = out[0]->dl_tensor;
  EXPECT_EQ(result.device.device_type, kDLCPU);
  EXPECT_EQ(result.device.device_id, 0);
  EXPECT_EQ(result.ndim, 1);
  EXPECT_EQ(result.dtype.code, kDLFloat);
  EXPECT_EQ(result.dtype.bits, 32);
  EXPECT_EQ(result.dtype.lanes, 1);
  EXPECT_EQ(result.shape[0], 3);
  ASSERT_NE(result.strides, nullptr);
  EXPECT_EQ(result.strides[0], 1);
  EXPECT_EQ(result.byte_offset, 0u);
  const float *values = static_cast<const float *>(result.data);
  EXPECT_EQ(std::vector<float>(values, values + 3),
            (std::vector<float>{2, 3, 4}));
  // The function ran at its own location, and the caller's is back.
  EXPECT_STREQ(seen.location, "prog.mlir:1:1");
  EXPECT_STREQ(arrayrt::currentOp().location, "caller.mlir:1:1");
  ASSERT_NE(out[0]->deleter, nullptr);
  out[0]->deleter(out[0]);
  arrayrt_set_op_location(nullptr);
}

TEST(AbiCall, ArgumentsAreContiguousDescriptors) {
  // Strides of size-1 dimensions are ignored; the descriptor gets the
  // row-major ones. byte_offset moves the first element.
  std::vector<float> x = {-1, -1, 10, 11, 12, 13};
  std::vector<int64_t> shape = {1, 4}, strides = {99, 1};
  DLTensor arg = tensor(x.data(), shape);
  arg.strides = strides.data();
  arg.byte_offset = 2 * sizeof(float);
  std::vector<DLManagedTensor *> out;
  ASSERT_EQ(callNew(Rows, {&arg}, out), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_EQ(seen.strides[0], 4);
  EXPECT_EQ(seen.strides[1], 1);
  const float *values = static_cast<const float *>(out[0]->dl_tensor.data);
  EXPECT_EQ(std::vector<float>(values, values + 4),
            (std::vector<float>{10, 11, 12, 13}));
  EXPECT_EQ(out[0]->dl_tensor.shape[0], 1);
  EXPECT_EQ(out[0]->dl_tensor.shape[1], 4);
  EXPECT_EQ(out[0]->dl_tensor.strides[0], 4);
  EXPECT_EQ(out[0]->dl_tensor.strides[1], 1);
  out[0]->deleter(out[0]);

  // Explicit row-major strides are accepted, and so are any strides of an
  // empty tensor.
  std::vector<int64_t> shape2 = {2, 4}, rowMajor = {4, 1};
  DLTensor arg2 = tensor(x.data(), shape2);
  arg2.strides = rowMajor.data();
  std::vector<float> y(8, 1);
  arg2.data = y.data();
  ASSERT_EQ(callNew(Rows, {&arg2}, out), ARRAYRT_ABI_OK);
  out[0]->deleter(out[0]);
  std::vector<int64_t> empty = {0, 4}, odd = {1, 7};
  DLTensor arg3 = tensor(nullptr, empty);
  arg3.strides = odd.data();
  ASSERT_EQ(callNew(Rows, {&arg3}, out), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_EQ(out[0]->dl_tensor.shape[0], 0);
  EXPECT_EQ(out[0]->dl_tensor.data, nullptr); // Empty: NULL, as DLPack asks.
  out[0]->deleter(out[0]);
}

TEST(AbiCall, ScalarArgumentIsPassedThrough) {
  std::vector<float> x = {1, 2, 3, 4};
  std::vector<int64_t> shape = {4};
  DLTensor arg = tensor(x.data(), shape);
  float alpha = 2.5f;
  std::vector<DLManagedTensor *> out;
  ASSERT_EQ(callNew(Scale, {&arg, &alpha}, out), ARRAYRT_ABI_OK);
  EXPECT_EQ(seen.alpha, 2.5f);
  const float *values = static_cast<const float *>(out[0]->dl_tensor.data);
  EXPECT_EQ(values[3], 10.0f);
  out[0]->deleter(out[0]);

  EXPECT_EQ(callNew(Scale, {&arg, nullptr}, out), ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "scale: argument 1 'alpha': expected a pointer to a float32 "
               "scalar, found NULL");
}

TEST(AbiCall, MismatchMessages) {
  std::vector<float> x(32, 0);
  std::vector<int64_t> shape83 = {8, 3};
  DLTensor f16 = tensor(x.data(), shape83, {kDLFloat, 16, 1}, {kDLCUDA, 0});
  EXPECT_EQ(refusal(Rows, &f16),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float16 of shape (8, 3) on cuda:0");

  std::vector<int64_t> shape8 = {8};
  DLTensor vector = tensor(x.data(), shape8);
  EXPECT_EQ(refusal(Rows, &vector),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float32 of shape (8,) on cpu");

  DLTensor size = tensor(x.data(), shape83);
  EXPECT_EQ(refusal(Rows, &size),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float32 of shape (8, 3) on cpu; dimension 1 is 3, "
            "not 4");

  std::vector<int64_t> shape84 = {8, 4};
  DLTensor gpu = tensor(x.data(), shape84, kF32, {kDLCUDA, 0});
  EXPECT_EQ(refusal(Rows, &gpu),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float32 of shape (8, 4) on cuda:0; this library "
            "was compiled for the CPU (--target=cpu): its tensors must be in "
            "host memory (DLPack's kDLCPU or kDLCUDAHost)");

  std::vector<int64_t> transposed = {1, 8};
  DLTensor strided = tensor(x.data(), shape84);
  strided.strides = transposed.data();
  EXPECT_EQ(refusal(Rows, &strided),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float32 of shape (8, 4) on cpu with strides (1, 8); "
            "the tensor must be contiguous (row-major): make it so first, "
            "with t.contiguous() in PyTorch, numpy.ascontiguousarray(t) or "
            "cupy.ascontiguousarray(t)");

  EXPECT_EQ(refusal(Rows, nullptr),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found a NULL DLTensor pointer");

  DLTensor noData = tensor(nullptr, shape84);
  EXPECT_EQ(refusal(Rows, &noData),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float32 of shape (8, 4) on cpu with a NULL data "
            "pointer");

  DLTensor misaligned = tensor(x.data(), shape84);
  misaligned.byte_offset = 2;
  EXPECT_NE(refusal(Rows, &misaligned)
                .find("is not aligned to the 4 bytes of its elements"),
            std::string::npos);

  std::vector<int64_t> negative = {-1, 4};
  DLTensor negativeSize = tensor(x.data(), negative);
  EXPECT_EQ(refusal(Rows, &negativeSize),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float32 of shape (-1, 4) on cpu; a size is "
            "negative");

  DLTensor lanes = tensor(x.data(), shape84, {kDLFloat, 32, 4});
  EXPECT_EQ(refusal(Rows, &lanes),
            "rows: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, "
            "? x 4), found float32x4 (4 lanes) of shape (8, 4) on cpu");
}

TEST(AbiCall, DeviceRulesOfCpuModules) {
  // Pinned host memory is host memory; the device number does not matter.
  std::vector<float> x = {1, 2};
  std::vector<int64_t> shape = {2};
  DLTensor pinned = tensor(x.data(), shape, kF32, {kDLCUDAHost, 0});
  std::vector<DLManagedTensor *> out;
  ASSERT_EQ(callNew(AddOne, {&pinned}, out), ARRAYRT_ABI_OK);
  out[0]->deleter(out[0]);
  DLTensor managed = tensor(x.data(), shape, kF32, {kDLCUDAManaged, 0});
  EXPECT_NE(refusal(AddOne, &managed)
                .find("found float32 of shape (2,) on "
                      "cuda_managed:0; this library was "
                      "compiled for the CPU"),
            std::string::npos);
}

TEST(AbiCall, BoolFloat16AndBfloat16Codes) {
  uint8_t b[2] = {1, 0};
  uint16_t h[2] = {0x3c00, 0}, g[2] = {0x3f80, 0};
  std::vector<int64_t> shape = {2};
  DLTensor tb = tensor(b, shape, {kDLBool, 8, 1});
  DLTensor th = tensor(h, shape, {kDLFloat, 16, 1});
  DLTensor tg = tensor(g, shape, {kDLBfloat, 16, 1});
  std::vector<DLManagedTensor *> out;
  ASSERT_EQ(callNew(Dtypes, {&tb, &th, &tg}, out), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_EQ(out[0]->dl_tensor.dtype.code, kDLBool);
  EXPECT_EQ(out[0]->dl_tensor.dtype.bits, 8);
  EXPECT_EQ(static_cast<uint8_t *>(out[0]->dl_tensor.data)[0], 1);
  out[0]->deleter(out[0]);

  // bool is not uint8, and bf16 is not f16.
  DLTensor u8 = tensor(b, shape, {kDLUInt, 8, 1});
  EXPECT_EQ(callNew(Dtypes, {&u8, &th, &tg}, out),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "dtypes: argument 0 'b': expected a tensor<2xi1> (bool, 1-d, "
               "2), found uint8 of shape (2,) on cpu");
  EXPECT_EQ(callNew(Dtypes, {&tb, &th, &th}, out),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "dtypes: argument 2 'g': expected a tensor<2xbf16> (bfloat16, "
               "1-d, 2), found float16 of shape (2,) on cpu");
  EXPECT_EQ(callNew(Dtypes, {&tb, &tg, &tg}, out),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "dtypes: argument 1 'h': expected a tensor<2xf16> (float16, "
               "1-d, 2), found bfloat16 of shape (2,) on cpu");
}

TEST(AbiCall, ZeroDimensionalAndEmptyResults) {
  double x = 1.25;
  std::vector<int64_t> none;
  DLTensor arg = tensor(&x, none, {kDLFloat, 64, 1});
  arg.shape = nullptr; // As NumPy sends a 0-d array.
  std::vector<DLManagedTensor *> out;
  ASSERT_EQ(callNew(Zero, {&arg}, out), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_EQ(out[0]->dl_tensor.ndim, 0);
  EXPECT_EQ(out[0]->dl_tensor.shape, nullptr);
  EXPECT_EQ(out[0]->dl_tensor.strides, nullptr);
  EXPECT_EQ(*static_cast<double *>(out[0]->dl_tensor.data), 2.5);
  EXPECT_EQ(out[1]->dl_tensor.ndim, 1);
  EXPECT_EQ(out[1]->dl_tensor.shape[0], 0);
  EXPECT_EQ(out[1]->dl_tensor.data, nullptr);
  out[0]->deleter(out[0]);
  out[1]->deleter(out[1]); // Frees the 1-byte buffer compiled code made.
}

TEST(AbiCall, ResultsIntoCallerTensors) {
  std::vector<float> x = {1, 2, 3};
  std::vector<int64_t> shape = {3};
  DLTensor arg = tensor(x.data(), shape);
  std::vector<float> y(3, 0);
  DLTensor into = tensor(y.data(), shape);
  void *args[] = {&arg}, *results[] = {&into};
  ASSERT_EQ(arrayrt_abi_call(&kModule, AddOne, args, results,
                             ARRAYRT_ABI_RESULTS_INTO, nullptr),
            ARRAYRT_ABI_OK);
  EXPECT_EQ(y, (std::vector<float>{2, 3, 4}));

  // A dynamic size is known only after the run: refused then, nothing
  // written.
  std::vector<float> z(4, -1);
  std::vector<int64_t> four = {4};
  DLTensor wrong = tensor(z.data(), four);
  results[0] = &wrong;
  int before = seen.calls;
  EXPECT_EQ(arrayrt_abi_call(&kModule, AddOne, args, results,
                             ARRAYRT_ABI_RESULTS_INTO, nullptr),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_EQ(seen.calls, before + 1);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "add_one: result 0 'result0': the result has shape (3,), but "
               "the tensor to write it into has shape (4,)");
  EXPECT_EQ(z, std::vector<float>(4, -1));

  // What the signature fixes is checked before the run.
  std::vector<int64_t> matrix = {3, 1};
  DLTensor rank2 = tensor(z.data(), matrix);
  results[0] = &rank2;
  EXPECT_EQ(arrayrt_abi_call(&kModule, AddOne, args, results,
                             ARRAYRT_ABI_RESULTS_INTO, nullptr),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_EQ(seen.calls, before + 1);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "add_one: result 0 'result0': expected a tensor<?xf32> "
               "(float32, 1-d, ?) to write the result into, found float32 of "
               "shape (3, 1) on cpu");
}

TEST(AbiCall, ResultsThatAreNotTheCallsBuffers) {
  // A function returning its argument: the caller gets a copy (the buffer
  // is the caller's), and the argument is untouched.
  std::vector<float> x = {5, 6};
  std::vector<int64_t> shape = {2};
  DLTensor arg = tensor(x.data(), shape);
  std::vector<DLManagedTensor *> out;
  ASSERT_EQ(callNew(Same, {&arg}, out), ARRAYRT_ABI_OK);
  EXPECT_NE(out[0]->dl_tensor.data, x.data());
  EXPECT_EQ(static_cast<float *>(out[0]->dl_tensor.data)[1], 6.0f);
  out[0]->deleter(out[0]);
  EXPECT_EQ(x, (std::vector<float>{5, 6}));

  // One buffer returned twice: two tensors, each freed once.
  ASSERT_EQ(callNew(Twice, {&arg}, out), ARRAYRT_ABI_OK);
  EXPECT_NE(out[0]->dl_tensor.data, out[1]->dl_tensor.data);
  EXPECT_EQ(static_cast<float *>(out[1]->dl_tensor.data)[0], 6.0f);
  out[0]->deleter(out[0]);
  out[1]->deleter(out[1]);

  // Into the argument itself: in place.
  void *args[] = {&arg}, *results[] = {&arg};
  ASSERT_EQ(arrayrt_abi_call(&kModule, Same, args, results,
                             ARRAYRT_ABI_RESULTS_INTO, nullptr),
            ARRAYRT_ABI_OK);
  EXPECT_EQ(x, (std::vector<float>{5, 6}));

  // One buffer returned twice, into two tensors: both get it, though the
  // buffer is freed after the first copy would have been.
  std::vector<float> a(2), b(2);
  DLTensor ta = tensor(a.data(), shape), tb = tensor(b.data(), shape);
  void *pair[] = {&ta, &tb};
  ASSERT_EQ(arrayrt_abi_call(&kModule, Twice, args, pair,
                             ARRAYRT_ABI_RESULTS_INTO, nullptr),
            ARRAYRT_ABI_OK);
  EXPECT_EQ(a, (std::vector<float>{6, 7}));
  EXPECT_EQ(b, (std::vector<float>{6, 7}));

  // (x + 1, x) into (x, b): the copy into x must not change the x that the
  // second result copies.
  void *overlapping[] = {&arg, &tb};
  ASSERT_EQ(arrayrt_abi_call(&kModule, Keep, args, overlapping,
                             ARRAYRT_ABI_RESULTS_INTO, nullptr),
            ARRAYRT_ABI_OK);
  EXPECT_EQ(x, (std::vector<float>{6, 7}));
  EXPECT_EQ(b, (std::vector<float>{5, 6}));
}

TEST(AbiCall, RuntimeErrorsBecomeCodes) {
  std::vector<float> x = {1};
  std::vector<int64_t> shape = {1};
  DLTensor arg = tensor(x.data(), shape);
  std::vector<DLManagedTensor *> out;
  EXPECT_EQ(callNew(Check, {&arg}, out), ARRAYRT_ABI_RUNTIME_ERROR);
  EXPECT_STREQ(arrayrt_abi_last_error(), "check: prog.mlir:3:5: sizes differ");
  EXPECT_EQ(out[0], nullptr);

  // The runtime's own errors too: here the host allocator's, which names
  // the function's location (no op has been set yet).
  EXPECT_EQ(callNew(Huge, {&arg}, out), ARRAYRT_ABI_RUNTIME_ERROR);
  EXPECT_EQ(std::string(arrayrt_abi_last_error())
                .rfind("huge: prog.mlir:4:1: out of host memory: cannot "
                       "allocate ",
                       0),
            0u)
      << arrayrt_abi_last_error();

  // The process goes on, and calls work again.
  ASSERT_EQ(callNew(AddOne, {&arg}, out), ARRAYRT_ABI_OK);
  out[0]->deleter(out[0]);
}

TEST(AbiCall, LastErrorLastsUntilTheNextFailure) {
  std::vector<float> x = {1};
  std::vector<int64_t> shape = {1};
  DLTensor arg = tensor(x.data(), shape);
  std::vector<DLManagedTensor *> out;
  EXPECT_EQ(callNew(Check, {&arg}, out), ARRAYRT_ABI_RUNTIME_ERROR);
  ASSERT_EQ(callNew(AddOne, {&arg}, out), ARRAYRT_ABI_OK);
  out[0]->deleter(out[0]);
  EXPECT_STREQ(arrayrt_abi_last_error(), "check: prog.mlir:3:5: sizes differ");
  // Each thread has its own.
  std::string other = "unset";
  std::thread([&] { other = arrayrt_abi_last_error(); }).join();
  EXPECT_EQ(other, "");
}

TEST(AbiCall, TableAndCallerMistakes) {
  std::vector<DLManagedTensor *> out(1);
  void *slots[] = {&out[0]};
  EXPECT_EQ(arrayrt_abi_call(&kModule, 99, nullptr, slots,
                             ARRAYRT_ABI_RESULTS_NEW, nullptr),
            ARRAYRT_ABI_INTERNAL_ERROR);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "arrayrt_abi_call: function index 99 is out of range: the "
               "library 'testlib' exports 10 functions");
  arrayrt_abi_module_t future = kModule;
  future.abi_version = ARRAYRT_ABI_VERSION + 1;
  EXPECT_EQ(arrayrt_abi_call(&future, 0, nullptr, slots,
                             ARRAYRT_ABI_RESULTS_NEW, nullptr),
            ARRAYRT_ABI_INTERNAL_ERROR);
  EXPECT_NE(std::string(arrayrt_abi_last_error()).find("ABI version 2"),
            std::string::npos);
  std::vector<float> x = {1};
  std::vector<int64_t> shape = {1};
  DLTensor arg = tensor(x.data(), shape);
  void *args[] = {&arg};
  EXPECT_EQ(arrayrt_abi_call(&kModule, AddOne, args, slots, 7, nullptr),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "add_one: result mode 7 is neither ARRAYRT_ABI_RESULTS_NEW (0) "
               "nor ARRAYRT_ABI_RESULTS_INTO (1)");
  void *noSlot[] = {nullptr};
  EXPECT_EQ(arrayrt_abi_call(&kModule, AddOne, args, noSlot,
                             ARRAYRT_ABI_RESULTS_NEW, nullptr),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "add_one: result 0 'result0': the DLManagedTensor ** to store "
               "it in is NULL");
}

class AbiCallDeath : public testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(AbiCallDeath, OutsideCallsErrorsStillExit) {
  EXPECT_EXIT(
      {
        std::vector<float> x = {1};
        std::vector<int64_t> shape = {1};
        DLTensor arg = tensor(x.data(), shape);
        std::vector<DLManagedTensor *> out;
        callNew(Check, {&arg}, out);
        arrayrt_check_failed("prog.mlir:9:9: after the call");
      },
      testing::ExitedWithCode(1),
      "^arrayrt: error: prog.mlir:9:9: after the call\n$");
}

// gpu_alloc(x: tensor<?xf32>) -> tensor<?xf32> of a cuda module: allocates
// on the default stream, which is the caller's inside the call.
arrayrt_stream_t seenStream = nullptr;
void gpuAlloc(void **, void **results) {
  seenStream = arrayrt_default_stream();
  void *buffer = arrayrt_alloc(16, seenStream);
  *static_cast<Memref<1> *>(results[0]) = {buffer, buffer, 0, {4}, {1}};
}
const arrayrt_abi_function_t kGpuAlloc[] = {
    {"gpu_alloc", "gpu.mlir:1:1", ARRAYRT_ABI_CUDA | ARRAYRT_ABI_STREAM_ORDERED,
     1, 1, kVectorIn, kVectorOut, gpuAlloc}};
const arrayrt_abi_module_t kGpuModule = {ARRAYRT_ABI_VERSION, 1, kGpuAlloc,
                                         "gpulib"};

/// In a process without a driver: a stream wait and a call of a cuda
/// library fail with codes; exits 0 if both say why as they should.
[[noreturn]] void callWithoutDriver() {
  setenv("ARRAYRT_CUDA_DRIVER_LIB", "libarrayrt-no-such-driver.so.1", 1);
  auto *callers = reinterpret_cast<arrayrt_stream_t>(0x1234);
  int32_t waited = arrayrt_abi_stream_wait(callers, nullptr);
  std::string waitMessage = arrayrt_abi_last_error();

  std::vector<float> x = {1};
  std::vector<int64_t> shape = {1};
  DLTensor arg = tensor(x.data(), shape, kF32, {kDLCUDA, 0});
  DLManagedTensor *out = nullptr;
  void *args[] = {&arg};
  void *results[] = {&out};
  int32_t called = arrayrt_abi_call(&kGpuModule, 0, args, results,
                                    ARRAYRT_ABI_RESULTS_NEW, callers);
  std::string callMessage = arrayrt_abi_last_error();
  bool ok = waited == ARRAYRT_ABI_RUNTIME_ERROR &&
            waitMessage.rfind("arrayrt_abi_stream_wait: cannot run on the "
                              "GPU: libarrayrt-no-such-driver.so.1",
                              0) == 0 &&
            called == ARRAYRT_ABI_RUNTIME_ERROR && !out &&
            seenStream == callers &&
            callMessage.rfind("gpu_alloc: cannot run on the GPU: ", 0) == 0;
  if (!ok)
    std::fprintf(stderr, "%d %s\n%d %s\n", waited, waitMessage.c_str(), called,
                 callMessage.c_str());
  std::_Exit(ok ? 0 : 3);
}

TEST_F(AbiCallDeath, MissingDriverIsAnErrorCode) {
  // The process (a Python interpreter) survives.
  EXPECT_EXIT(callWithoutDriver(), testing::ExitedWithCode(0), "");
}

} // namespace
