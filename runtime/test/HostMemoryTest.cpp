//===- HostMemoryTest.cpp - Host arrays and the large-block cache ---------===//

#include "arrayrt/host_memory.h"
#include "cpu/LargeBlocks.h"
#include "cpu/Threads.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace {

using arrayrt::cpu::kLargeBlockBytes;

TEST(HostMemoryTest, LargeBlocksAreAlignedAndReused) {
  arrayrt::cpu::trimLarge();
  size_t size = 3 * kLargeBlockBytes + 12345;
  void *first = _mlir_memref_to_llvm_alloc(size);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(first) %
                arrayrt::cpu::kLargeBlockAlignment,
            0u);
  std::memset(first, 1, size);
  _mlir_memref_to_llvm_free(first);
  // The same size again, and a slightly smaller one: the kept block.
  void *again = _mlir_memref_to_llvm_alloc(size);
  EXPECT_EQ(again, first);
  _mlir_memref_to_llvm_free(again);
  void *smaller = _mlir_memref_to_llvm_alloc(size - (1 << 20));
  EXPECT_EQ(smaller, first);
  // A block twice the size is not served by it (too wasteful)...
  void *larger = _mlir_memref_to_llvm_alloc(2 * size);
  EXPECT_NE(larger, first);
  _mlir_memref_to_llvm_free(smaller);
  // ...nor a block under a quarter of it taken from it.
  void *small = _mlir_memref_to_llvm_alloc(kLargeBlockBytes);
  EXPECT_NE(small, first);
  _mlir_memref_to_llvm_free(small);
  _mlir_memref_to_llvm_free(larger);
  arrayrt::cpu::trimLarge();
  // Small arrays are plain malloc blocks, freed at once.
  void *tiny = _mlir_memref_to_llvm_alloc(64);
  EXPECT_FALSE(arrayrt::cpu::releaseLarge(tiny));
  _mlir_memref_to_llvm_free(tiny);
  EXPECT_FALSE(arrayrt::cpu::releaseLarge(nullptr));
}

TEST(HostMemoryTest, ThreadCounts) {
  int threads = 0;
  EXPECT_EQ(arrayrt::cpu::parseThreadCount("3", threads), "");
  EXPECT_EQ(threads, 3);
  EXPECT_EQ(arrayrt::cpu::parseThreadCount("4096", threads), "");
  for (const char *bad : {"0", "-2", "4097", "", "2x", " 2", "1e3"})
    EXPECT_NE(arrayrt::cpu::parseThreadCount(bad, threads), "") << bad;
}

} // namespace
