//===- SparseTest.cpp - cuSPARSE loading and argument errors --------------===//
//
// Runs against the fake driver (no GPU): the errors arrayrt's sparse entry
// points report before any cuSPARSE call can run.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <cstdlib>
#include <gtest/gtest.h>

namespace {

const bool kUseFakeDriver =
    setenv("ARRAYRT_CUDA_DRIVER_LIB", ARRAYRT_TEST_FAKE_DRIVER, 1) == 0;

TEST(SparseTest, MissingCusparseNamesTheLibraryAndTheVariable) {
  ASSERT_TRUE(kUseFakeDriver);
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_CUSPARSE_LIB", "/nonexistent/libcusparse.so.12", 1);
        arrayrt_csr_create(2, 2, 0, nullptr, nullptr, nullptr, 32,
                           ARRAYRT_DTYPE_F32, "p.mlir:1:2");
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: cuSPARSE could not be loaded "
      "\\(/nonexistent/libcusparse.so.12: cannot open shared object file.*\\); "
      "set ARRAYRT_CUSPARSE_LIB to libcusparse.so.12's path");
}

TEST(SparseTest, IndexWidthIsCheckedWithTheLocation) {
  EXPECT_EXIT(arrayrt_csr_create(2, 2, 0, nullptr, nullptr, nullptr, 16,
                                 ARRAYRT_DTYPE_F32, "p.mlir:3:4"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:3:4: CSR indices are 32 or 64 bits, "
              "not 16");
}

TEST(SparseTest, ValueTypeIsCheckedWithTheLocation) {
  EXPECT_EXIT(arrayrt_csr_create(2, 2, 0, nullptr, nullptr, nullptr, 32,
                                 ARRAYRT_DTYPE_I32, "p.mlir:5:6"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:5:6: sparse matrices hold float32 or "
              "float64 values, not dtype 3");
}

} // namespace
