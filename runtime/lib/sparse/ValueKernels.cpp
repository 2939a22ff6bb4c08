//===- ValueKernels.cpp - Scaling and converting sparse arrays ------------===//
//
// Loads kernels/SparseValues.cu's fatbinary once and launches its kernels.
//
//===----------------------------------------------------------------------===//

#include "sparse/ValueKernels.h"

#include "driver/EmbeddedKernels.h"
#include "driver/Error.h"
#include "profile/Profile.h"
#include "sparse/SparseArgs.h"

#ifdef ARRAYRT_HAVE_KERNELS
#include "kernels/SparseValuesFatbin.inc" // sparseValuesFatbin[], from bin2c
#endif

namespace arrayrt::sparse {

namespace {

/// scale[f16, bf16, f32, f64]; convert[from][to] over Element.
struct Kernels {
  CUfunction scale[4] = {};
  CUfunction convert[5][5] = {};
};

const Kernels *kernels() {
  return embeddedKernels<Kernels>(
      ARRAYRT_EMBEDDED_IMAGE(sparseValuesFatbin),
      "arrayrt's sparse value kernels",
      [](const KernelLookup &lookup, Kernels &k) {
        k.scale[0] = lookup("arrayrt_scale_f16");
        k.scale[1] = lookup("arrayrt_scale_bf16");
        k.scale[2] = lookup("arrayrt_scale_f32");
        k.scale[3] = lookup("arrayrt_scale_f64");
        using E = Element;
        auto at = [&](E from, E to) -> CUfunction & {
          return k.convert[static_cast<int>(from)][static_cast<int>(to)];
        };
        at(E::I32, E::I64) = lookup("arrayrt_convert_i32_i64");
        at(E::I64, E::I32) = lookup("arrayrt_convert_i64_i32");
        at(E::F16, E::F32) = lookup("arrayrt_convert_f16_f32");
        at(E::F32, E::F16) = lookup("arrayrt_convert_f32_f16");
        at(E::BF16, E::F32) = lookup("arrayrt_convert_bf16_f32");
        at(E::F32, E::BF16) = lookup("arrayrt_convert_f32_bf16");
      });
}

/// 256 threads a block, at most 4096 blocks (the kernels stride).
void launch(CUfunction function, int64_t n, void **params,
            arrayrt_stream_t stream, const char *name, uint64_t bytes) {
  auto *cuStream = reinterpret_cast<CUstream>(stream);
  profile::ScopedDeviceOp timed(cuStream, profile::OpKind::Library, name,
                                nullptr, nullptr, nullptr, bytes);
  check(driver().cuLaunchKernel(function, gridFor(n, 256, 4096), 1, 1, 256, 1,
                                1, 0, cuStream, params, nullptr),
        name);
}

size_t bytesOf(Element e) {
  switch (e) {
  case Element::I32:
  case Element::F32:
    return 4;
  case Element::I64:
    return 8;
  case Element::F16:
  case Element::BF16:
    return 2;
  }
  return 0;
}

} // namespace

bool valueKernelsAvailable() { return kernels() != nullptr; }

void requireValueKernels(const char *op, const char *what,
                         const char *location) {
  if (kernels())
    return;
  failOp(op, location,
         "the CUDA target %s with arrayrt's own kernels, which %s", what,
         kernelsEmbedded() ? "this GPU cannot run (they need sm_80 or newer)"
                           : "this arrayrt was built without (no nvcc)");
}

void scaleValues(const void *in, void *out, int64_t n, cudaDataType type,
                 double alpha, arrayrt_stream_t stream, const char *op,
                 const char *location) {
  requireValueKernels(op, "scales sparse matrices", location);
  const int which = type == CUDA_R_16F    ? 0
                    : type == CUDA_R_16BF ? 1
                    : type == CUDA_R_32F  ? 2
                                          : 3;
  long long count = n;
  void *params[] = {&count, &in, &out, &alpha};
  const uint64_t bytes = 2 * static_cast<uint64_t>(n) *
                         (which < 2 ? 2 : which == 2 ? 4 : 8);
  launch(kernels()->scale[which], n, params, stream, "arrayrt_scale", bytes);
}

Element elementOf(cudaDataType type) {
  return type == CUDA_R_16BF ? Element::BF16 : Element::F16;
}

void convertArray(const void *in, Element from, void *out, Element to,
                  int64_t n, arrayrt_stream_t stream, const char *op,
                  const char *location) {
  requireValueKernels(op, "converts sparse arrays", location);
  CUfunction function =
      kernels()->convert[static_cast<int>(from)][static_cast<int>(to)];
  if (!function)
    fatal("internal error: %s: no kernel converts between these types", op);
  long long count = n;
  void *params[] = {&count, &in, &out};
  launch(function, n, params, stream, "arrayrt_convert",
         static_cast<uint64_t>(n) * (bytesOf(from) + bytesOf(to)));
}

} // namespace arrayrt::sparse
