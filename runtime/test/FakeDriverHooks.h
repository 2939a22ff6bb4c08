//===- FakeDriverHooks.h - Tests against the fake driver --------*- C++ -*-===//
//
// The tests of arrayrt-fake-gpu-tests run the runtime against
// libarrayrt-fake-cuda (FakeDriver.cpp): ARRAYRT_CUDA_DRIVER_LIB names it
// before any test touches the runtime, which loads the driver once. Its
// test hooks are the functions it exports besides the driver's.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_TEST_FAKEDRIVERHOOKS_H
#define ARRAYRT_TEST_FAKEDRIVERHOOKS_H

#include "arrayrt/arrayrt.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>

namespace arrayrt::test {

/// Set during static initialization, before any test runs.
inline const bool kUseFakeDriver =
    setenv("ARRAYRT_CUDA_DRIVER_LIB", ARRAYRT_TEST_FAKE_DRIVER, 1) == 0;

/// The hook `name` (a function of type F) of the fake driver the runtime
/// loaded, which this loads first; null, and a test failure, without it.
template <typename F> F fakeDriverHook(const char *name) {
  EXPECT_TRUE(kUseFakeDriver);
  EXPECT_TRUE(arrayrt_cuda_available(nullptr));
  void *handle = dlopen(ARRAYRT_TEST_FAKE_DRIVER, RTLD_NOW | RTLD_NOLOAD);
  EXPECT_NE(handle, nullptr) << "the runtime did not load the fake driver";
  return reinterpret_cast<F>(handle ? dlsym(handle, name) : nullptr);
}

} // namespace arrayrt::test

#endif // ARRAYRT_TEST_FAKEDRIVERHOOKS_H
