//===- FuzzCorpusTest.cpp - The fuzz targets over their corpora -----------===//
//
// Runs each libFuzzer target's code (runtime/fuzz/arrayrt-*-fuzzer.cpp,
// compiled here without libFuzzer or sanitizers) over every file of its
// seed corpus, runtime/fuzz/corpus/<target>/, in a child process each: the
// seeds, and the inputs the fuzzers found crashes with
// (regression-*), must neither crash, break the targets' invariants
// (which trap), nor exit.
//
//===----------------------------------------------------------------------===//

#define LLVMFuzzerTestOneInput arrayrtNpyFuzzerOne
#include "../fuzz/arrayrt-npy-fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput arrayrtNpzFuzzerOne
#include "../fuzz/arrayrt-npz-fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput arrayrtMtxFuzzerOne
#include "../fuzz/arrayrt-mtx-fuzzer.cpp"
#undef LLVMFuzzerTestOneInput

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;

void runCorpus(const std::string &target, int (*one)(const uint8_t *, size_t)) {
  GTEST_FLAG_SET(death_test_style, "fast");
  std::vector<fs::path> files;
  for (const auto &entry : fs::directory_iterator(
           std::string(ARRAYRT_FUZZ_CORPUS_DIR) + "/" + target))
    files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  EXPECT_GE(files.size(), 5u) << target;
  for (const fs::path &file : files) {
    SCOPED_TRACE(file.string());
    std::ifstream in(file, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EXIT(
        {
          one(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
          _exit(0);
        },
        testing::ExitedWithCode(0), "");
  }
}

TEST(FuzzCorpus, Npy) { runCorpus("arrayrt-npy-fuzzer", arrayrtNpyFuzzerOne); }

TEST(FuzzCorpus, Npz) { runCorpus("arrayrt-npz-fuzzer", arrayrtNpzFuzzerOne); }

TEST(FuzzCorpus, Mtx) { runCorpus("arrayrt-mtx-fuzzer", arrayrtMtxFuzzerOne); }

} // namespace
