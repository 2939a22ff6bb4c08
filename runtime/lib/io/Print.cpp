//===- Print.cpp - NumPy-style printing of host arrays --------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"
#include "io/Format.h"

#include <cstdio>
#include <string>

namespace {

void print(arrayrt::Dtype dtype, int64_t rank, void *descriptor) {
  std::string text = arrayrt::formatMemref(dtype, rank, descriptor);
  text += '\n';
  // Flushing keeps this output ahead of a later error message on stderr.
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
      std::fflush(stdout) != 0)
    arrayrt::fatal("cannot write an array to stdout");
}

} // namespace

#define ARRAYRT_DEFINE_PRINT(suffix, dtype)                                    \
  extern "C" void arrayrt_print_##suffix(int64_t rank, void *descriptor) {     \
    print(arrayrt::Dtype::dtype, rank, descriptor);                            \
  }
ARRAYRT_DEFINE_PRINT(i1, I1)
ARRAYRT_DEFINE_PRINT(i8, I8)
ARRAYRT_DEFINE_PRINT(i16, I16)
ARRAYRT_DEFINE_PRINT(i32, I32)
ARRAYRT_DEFINE_PRINT(i64, I64)
ARRAYRT_DEFINE_PRINT(ui8, UI8)
ARRAYRT_DEFINE_PRINT(ui16, UI16)
ARRAYRT_DEFINE_PRINT(ui32, UI32)
ARRAYRT_DEFINE_PRINT(ui64, UI64)
ARRAYRT_DEFINE_PRINT(f16, F16)
ARRAYRT_DEFINE_PRINT(bf16, BF16)
ARRAYRT_DEFINE_PRINT(f32, F32)
ARRAYRT_DEFINE_PRINT(f64, F64)
#undef ARRAYRT_DEFINE_PRINT
