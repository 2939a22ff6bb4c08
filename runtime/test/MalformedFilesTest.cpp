//===- MalformedFilesTest.cpp - Readers on malformed files and huge sizes -===//
//
// Every size a header declares (a .npy shape and header length, a zip
// member's sizes and offsets, a scipy.sparse member's elements and offsets,
// a Matrix Market size line) is checked against the file and against host
// memory before anything of that size is allocated, and every malformed
// input ends in a message naming the file (arrayrt::Failure, which the
// entry points turn into `arrayrt: error: ...` and exit status 1). Most
// cases call the readers' throwing forms (Npy.h, SparseFile.h), and a few
// the C entry points in child processes, which must exit with status 1.
//
//===----------------------------------------------------------------------===//

#include "FileBuilders.h"
#include "arrayrt/arrayrt.h"
#include "driver/Error.h"
#include "io/Npy.h"
#include "io/SparseFile.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

// AddressSanitizer reserves terabytes of shadow address space and cannot
// run under the address-space and data limits these tests set.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARRAYRT_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ARRAYRT_UNDER_ASAN 1
#endif
#ifdef ARRAYRT_UNDER_ASAN
#define SKIP_UNDER_ASAN() GTEST_SKIP() << "address-space limits under ASan"
#else
#define SKIP_UNDER_ASAN() (void)0
#endif

namespace {

namespace fs = std::filesystem;
using namespace arrayrt::test;
using arrayrt::Failure;

/// The message of the Failure `body` throws, or "(no failure)".
template <typename Body> std::string failureOf(Body &&body) {
  try {
    body();
  } catch (const Failure &failure) {
    return failure.what();
  }
  return "(no failure)";
}

#define EXPECT_CONTAINS(text, part)                                            \
  EXPECT_NE(std::string(text).find(part), std::string::npos)                   \
      << "  which is: " << (text) << "\n  expected to contain: " << (part)

class MalformedFiles : public ScratchDirTest {
protected:
  MalformedFiles() : ScratchDirTest("arrayrt-malformed") {}

  /// Writes `bytes` to the file `name` of the test directory.
  std::string file(const std::string &name, const std::string &bytes) {
    writeBytes(path(name), bytes);
    return path(name);
  }

  /// A sparse file: `prefix`, then zeros up to `size` bytes (no disk used).
  std::string sparseFile(const std::string &name, const std::string &prefix,
                         off_t size) {
    std::string path = file(name, prefix);
    EXPECT_EQ(::truncate(path.c_str(), size), 0);
    return path;
  }
};

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

std::string npyShapeFailure(const std::string &path, int64_t rank,
                            int32_t dtype = ARRAYRT_DTYPE_F32) {
  return failureOf([&] {
    std::vector<int64_t> shape(rank + 1);
    arrayrt::npy::readShape(path.c_str(), nullptr, rank, shape.data(), dtype,
                            "p.mlir:1:2");
  });
}

TEST_F(MalformedFiles, NpyHeaderLengthBeyondTheFile) {
  // A version 2 length field of 4 GiB - 1 in a file of a few bytes: no
  // buffer of that size is made.
  std::string path =
      file("long.npy", npyBytes(npyDict("<f4", "(2,)"), "", 2, 0xffffffffu));
  EXPECT_EQ(npyShapeFailure(path, 1),
            "p.mlir:1:2: cannot load '" + path +
                "': truncated header: expected 4294967295 bytes, found 58");
}

TEST_F(MalformedFiles, NpyHeaderLengthBeyondAPipe) {
  // Where the size is unknown the header is read in pieces as they come.
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  std::string bytes = npyBytes(npyDict("<f4", "(2,)"), "", 2, 0xffffffffu);
  ASSERT_EQ(::write(ends[1], bytes.data(), bytes.size()),
            static_cast<ssize_t>(bytes.size()));
  ::close(ends[1]);
  std::string path = "/dev/fd/" + std::to_string(ends[0]);
  EXPECT_EQ(npyShapeFailure(path, 1),
            "p.mlir:1:2: cannot load '" + path +
                "': truncated header: expected 4294967295 bytes, found 58");
  ::close(ends[0]);
}

TEST_F(MalformedFiles, NpyLoadsFromAPipe) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  std::vector<float> values = {1, 2, 3, 4, 5, 6};
  std::string bytes = npyBytes(npyDict("<f4", "(2, 3)"), rawBytes(values));
  ASSERT_EQ(::write(ends[1], bytes.data(), bytes.size()),
            static_cast<ssize_t>(bytes.size()));
  ::close(ends[1]);
  std::string path = "/dev/fd/" + std::to_string(ends[0]);
  std::vector<float> loaded(6);
  auto base = reinterpret_cast<int64_t>(loaded.data());
  int64_t d[] = {base, base, 0, 2, 3, 3, 1};
  arrayrt::npy::readArray(path.c_str(), nullptr, 2, d, ARRAYRT_DTYPE_F32,
                          nullptr);
  EXPECT_EQ(loaded, values);
  ::close(ends[0]);
}

TEST_F(MalformedFiles, NpyShapeProductOverflows) {
  // The element count fits, its bytes do not; then the count itself.
  std::string path =
      file("a.npy", npyBytes(npyDict("<f8", "(2305843009213693952,)"), "xxxx"));
  EXPECT_CONTAINS(npyShapeFailure(path, 1, ARRAYRT_DTYPE_F64),
                  "malformed header: shape (2305843009213693952,) is too "
                  "large");
  path = file("b.npy", npyBytes(npyDict("<f4", "(4294967296, 4294967296)")));
  EXPECT_CONTAINS(npyShapeFailure(path, 2),
                  "malformed header: shape (4294967296, 4294967296) is too "
                  "large");
  // An empty array too, as NumPy ('array is too big'), wherever its zero
  // is: its strides would overflow (found by arrayrt-npy-fuzzer, whose
  // strides did; fuzz/corpus/arrayrt-npy-fuzzer/regression-empty-huge.npy).
  for (const char *shape :
       {"(0, 9223378, 2036254775807)", "(9223378, 2036254775807, 0)"}) {
    path = file("c.npy", npyBytes(npyDict("<u2", shape)));
    EXPECT_CONTAINS(npyShapeFailure(path, 3, ARRAYRT_DTYPE_UI16),
                    std::string("malformed header: shape ") + shape +
                        " is too large");
  }
}

TEST_F(MalformedFiles, NpyHugeShapeWithoutItsData) {
  std::string path =
      file("a.npy", npyBytes(npyDict("<f4", "(1000000000000, 1000000)"), "x"));
  EXPECT_CONTAINS(npyShapeFailure(path, 2),
                  "truncated data: expected 4000000000000000000 bytes of "
                  "data, found 1");
}

TEST_F(MalformedFiles, NpyEmptyArrayWithHugeSizes) {
  // Nothing to allocate or read: a 0 x 10^18 array is fine.
  std::string path =
      file("a.npy", npyBytes(npyDict("<f4", "(0, 1000000000000000000)")));
  int64_t shape[2];
  arrayrt::npy::readShape(path.c_str(), nullptr, 2, shape, ARRAYRT_DTYPE_F32,
                          nullptr);
  EXPECT_EQ(shape[0], 0);
  EXPECT_EQ(shape[1], 1000000000000000000);
}

TEST_F(MalformedFiles, NpyLargerThanMemoryNamesTheFileTheSizeAndTheLimit) {
  SKIP_UNDER_ASAN();
  // 8 GiB of data (a sparse file) under a 4 GiB address-space limit: the
  // program would get NULL from malloc and used to fail with 'Bad address'.
  std::string path =
      sparseFile("big.npy", npyBytes(npyDict("<f4", "(2147483648,)")),
                 128 + (off_t(8) << 30));
  EXPECT_EXIT(
      {
        struct rlimit limit;
        limit.rlim_cur = limit.rlim_max = rlim_t(4) << 30;
        ::setrlimit(RLIMIT_AS, &limit);
        int64_t shape[1];
        arrayrt_npy_shape(path.c_str(), 1, shape, ARRAYRT_DTYPE_F32,
                          "big.mlir:2:8");
      },
      testing::ExitedWithCode(1),
      "^arrayrt: error: big\\.mlir:2:8: cannot load '" + literal(path) +
          "': the array \\(shape \\(2147483648,\\), f32\\) does not fit in "
          "host memory: its 8589934592 bytes \\(8\\.00 GiB\\) exceed the "
          "address-space limit \\(ulimit -v\\) of 4294967296 bytes "
          "\\(4\\.00 GiB\\)\n$");
}

TEST_F(MalformedFiles, AllocationFailureAtTheLoadNamesTheFile) {
  // What the shape call said the program allocates next is named by an
  // error at the same op (here a stand-in for the pool's out of GPU
  // memory), and only there.
  std::vector<float> values = {1, 2, 3, 4, 5, 6};
  std::string path =
      file("a.npy", npyBytes(npyDict("<f4", "(2, 3)"), rawBytes(values)));
  auto fail = [&](const char *opLocation) {
    int64_t shape[2];
    arrayrt_npy_shape(path.c_str(), 2, shape, ARRAYRT_DTYPE_F32, "p.mlir:4:5");
    arrayrt_set_op_location(opLocation);
    arrayrt::fatal("out of GPU memory: cannot allocate 24 bytes");
  };
  EXPECT_EXIT(fail("p.mlir:4:5"), testing::ExitedWithCode(1),
              "^arrayrt: error: out of GPU memory: cannot allocate 24 bytes "
              "\\(for the array of '" +
                  literal(path) +
                  "': shape \\(2, 3\\), f32, 24 bytes\\)\n$");
  EXPECT_EXIT(fail("p.mlir:9:9"), testing::ExitedWithCode(1),
              "^arrayrt: error: out of GPU memory: cannot allocate 24 "
              "bytes\n$");
}

TEST_F(MalformedFiles, NpyLoadIntoNoBuffer) {
  std::vector<float> values = {1, 2, 3, 4, 5, 6};
  std::string path =
      file("a.npy", npyBytes(npyDict("<f4", "(2, 3)"), rawBytes(values)));
  int64_t d[] = {0, 0, 0, 2, 3, 3, 1};
  EXPECT_EXIT(
      arrayrt_load_npy(path.c_str(), 2, d, ARRAYRT_DTYPE_F32, "p.mlir:4:5"),
      testing::ExitedWithCode(1),
      "^arrayrt: error: p\\.mlir:4:5: cannot load '" + literal(path) +
          "': there is no buffer to load its 24 bytes of data into "
          "\\(the program could not allocate it: out of host "
          "memory\\)\n$");
}

TEST_F(MalformedFiles, NpyLoadIntoUnwritableMemory) {
  // 2 MiB of data, read straight into a read-only mapping.
  size_t count = size_t(1) << 19;
  std::string path =
      file("a.npy", npyBytes(npyDict("<f4", "(524288,)"),
                             std::string(count * sizeof(float), '\1')));
  void *readOnly = ::mmap(nullptr, count * sizeof(float), PROT_READ,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(readOnly, MAP_FAILED);
  auto base = reinterpret_cast<int64_t>(readOnly);
  int64_t d[] = {base, base, 0, static_cast<int64_t>(count), 1};
  EXPECT_CONTAINS(failureOf([&] {
                    arrayrt::npy::readArray(path.c_str(), nullptr, 1, d,
                                            ARRAYRT_DTYPE_F32, nullptr);
                  }),
                  "cannot store its 2097152 bytes of data: the destination "
                  "buffer is not writable memory (Bad address)");
  ::munmap(readOnly, count * sizeof(float));
}

TEST_F(MalformedFiles, NpySaveToDevices) {
  float values[2] = {1, 2};
  auto base = reinterpret_cast<int64_t>(values);
  int64_t d[] = {base, base, 0, 2, 1};
  arrayrt_save_npy("/dev/null", 1, d, ARRAYRT_DTYPE_F32, "p.mlir:1:1");
  EXPECT_EXIT(
      arrayrt_save_npy("/dev/full", 1, d, ARRAYRT_DTYPE_F32, "p.mlir:3:3"),
      testing::ExitedWithCode(1),
      "^arrayrt: error: p\\.mlir:3:3: cannot save '/dev/full': "
      "cannot write '/dev/full': No space left on device\n$");
  struct stat status;
  ASSERT_EQ(::lstat("/dev/full", &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
  ASSERT_EQ(::lstat("/dev/null", &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
}

TEST_F(MalformedFiles, NpySaveToAPipeWithoutAReader) {
  float values[2] = {1, 2};
  auto base = reinterpret_cast<int64_t>(values);
  int64_t d[] = {base, base, 0, 2, 1};
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ::close(ends[0]);
  std::string path = "/dev/fd/" + std::to_string(ends[1]);
  EXPECT_EQ(failureOf([&] {
              arrayrt::npy::writeArray(path.c_str(), 1, d, ARRAYRT_DTYPE_F32,
                                       nullptr);
            }),
            "cannot save '" + path + "': cannot write '" + path +
                "': Broken pipe");
  ::close(ends[1]);
}

//===----------------------------------------------------------------------===//
// .npz: the zip reader and the members
//===----------------------------------------------------------------------===//

std::string npzShapeFailure(const std::string &path, const char *member,
                            int64_t rank = 1,
                            int32_t dtype = ARRAYRT_DTYPE_F32) {
  return failureOf([&] {
    std::vector<int64_t> shape(rank + 1);
    arrayrt::npy::readShape(path.c_str(), member, rank, shape.data(), dtype,
                            nullptr);
  });
}

const std::string kSmallNpy =
    npyBytes(npyDict("<f4", "(2,)"), rawBytes<float>({1, 2}));

TEST_F(MalformedFiles, NpzMembersLoad) {
  // The builder's archives are read as NumPy's are.
  std::string path = file(
      "a.npz", zipBytes({{"a.npy", kSmallNpy}, {"b.npy", kSmallNpy, true}}));
  for (const char *member : {"a", "b"}) {
    float values[2] = {};
    auto base = reinterpret_cast<int64_t>(values);
    int64_t d[] = {base, base, 0, 2, 1};
    arrayrt::npy::readArray(path.c_str(), member, 1, d, ARRAYRT_DTYPE_F32,
                            nullptr);
    EXPECT_EQ(values[0], 1);
    EXPECT_EQ(values[1], 2);
  }
}

TEST_F(MalformedFiles, NpzDeflateBombStopsAtTheEntrysSize) {
  ZipMember bomb{"a.npy", std::string(4 << 20, '\0'), true};
  bomb.size = 100;
  std::string path = file("a.npz", zipBytes({bomb}));
  EXPECT_EQ(npzShapeFailure(path, "a"),
            "cannot load 'a' in '" + path +
                "': damaged zip archive ('a.npy' holds more than the 100 "
                "bytes its entry says)");
}

TEST_F(MalformedFiles, NpzMemberLargerThanMemory) {
  SKIP_UNDER_ASAN();
  // The entry says 4 GiB - 1; under a 1 GiB limit it is not extracted.
  ZipMember huge{"a.npy", kSmallNpy, true};
  huge.size = 0xfffffffeu;
  std::string path = file("a.npz", zipBytes({huge}));
  EXPECT_EXIT(
      {
        struct rlimit limit;
        limit.rlim_cur = limit.rlim_max = rlim_t(1) << 30;
        ::setrlimit(RLIMIT_DATA, &limit);
        int64_t shape[1];
        arrayrt_npz_shape(path.c_str(), "a", 1, shape, ARRAYRT_DTYPE_F32,
                          nullptr);
      },
      testing::ExitedWithCode(1),
      "cannot load 'a' in '" + literal(path) +
          "': 'a\\.npy' does not fit in host memory: its 4294967294 bytes "
          "\\(4\\.00 GiB\\) exceed the data-segment limit \\(ulimit -d\\) of "
          "1073741824 bytes \\(1\\.00 GiB\\)");
}

TEST_F(MalformedFiles, NpzStoredMemberWithTwoSizes) {
  ZipMember stored{"a.npy", kSmallNpy};
  stored.size = 1000;
  std::string path = file("a.npz", zipBytes({stored}));
  EXPECT_CONTAINS(npzShapeFailure(path, "a"),
                  "damaged zip archive ('a.npy' is stored, but its sizes "
                  "differ: 76 and 1000 bytes)");
}

TEST_F(MalformedFiles, NpzOffsetsAndSizesPastTheEnd) {
  ZipMember far{"a.npy", kSmallNpy};
  far.localOffset = 0x7fffffff;
  EXPECT_CONTAINS(npzShapeFailure(file("a.npz", zipBytes({far})), "a"),
                  "damaged zip archive (no local header for 'a.npy')");
  ZipMember longer{"a.npy", kSmallNpy};
  longer.compressedSize = 1 << 30;
  longer.size = 1 << 30;
  EXPECT_CONTAINS(npzShapeFailure(file("b.npz", zipBytes({longer})), "a"),
                  "damaged zip archive ('a.npy' extends past the end of the "
                  "file)");
  ZipEnd end;
  end.directoryOffset = 0xfffffff0u;
  EXPECT_CONTAINS(
      npzShapeFailure(file("c.npz", zipBytes({{"a.npy", kSmallNpy}}, end)),
                      "a"),
      "damaged zip archive (its central directory lies outside the file)");
  end = ZipEnd();
  end.directorySize = 0x7fffffff;
  EXPECT_CONTAINS(
      npzShapeFailure(file("d.npz", zipBytes({{"a.npy", kSmallNpy}}, end)),
                      "a"),
      "damaged zip archive (its central directory lies outside the file)");
}

TEST_F(MalformedFiles, NpzEntryCountsBeyondTheDirectory) {
  ZipEnd end;
  end.count = 60000;
  EXPECT_CONTAINS(
      npzShapeFailure(file("a.npz", zipBytes({{"a.npy", kSmallNpy}}, end)),
                      "a"),
      "damaged zip archive (central directory entry 1)");
  // 0xffff says the count is in a Zip64 record, which is not there.
  end.count = 0xffff;
  EXPECT_CONTAINS(
      npzShapeFailure(file("b.npz", zipBytes({{"a.npy", kSmallNpy}}, end)),
                      "a"),
      "damaged zip archive (no Zip64 end record locator)");
}

TEST_F(MalformedFiles, NpzEmptyArchiveAndManyMembers) {
  std::string path = file("a.npz", zipBytes({}));
  EXPECT_CONTAINS(npzShapeFailure(path, "a"),
                  "the archive has no member 'a' (it holds: none)");
  std::vector<ZipMember> members;
  for (int i = 0; i < 40; ++i)
    members.push_back({"m" + std::to_string(i) + ".npy", kSmallNpy});
  EXPECT_CONTAINS(npzShapeFailure(file("b.npz", zipBytes(members)), "a"),
                  "m30.npy, m31.npy and 8 more)");
}

TEST_F(MalformedFiles, NpzThatIsNotARegularFile) {
  EXPECT_CONTAINS(npzShapeFailure(dir, "a"), "': Is a directory");
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  std::string path = "/dev/fd/" + std::to_string(ends[0]);
  EXPECT_CONTAINS(npzShapeFailure(path, "a"),
                  "not a regular file (a zip archive is read from its end, "
                  "so it cannot be a pipe or a device)");
  ::close(ends[0]);
  ::close(ends[1]);
}

TEST_F(MalformedFiles, NpzMemberWithAHugeHeaderLength) {
  std::string path = file(
      "a.npz",
      zipBytes({{"a.npy", npyBytes(npyDict("<f4", "(2,)"), "", 2, 0xffffffffu),
                 true}}));
  EXPECT_EQ(npzShapeFailure(path, "a"),
            "cannot load 'a' in '" + path +
                "': truncated header: expected 4294967295 bytes, found 58");
}

//===----------------------------------------------------------------------===//
// scipy.sparse.save_npz archives
//===----------------------------------------------------------------------===//

std::string sparseFailure(const std::string &path) {
  return failureOf([&] {
    arrayrt::sparse_file::readMatrixFile(path.c_str(), "s.mlir:1:1");
  });
}

TEST_F(MalformedFiles, ScipyBuilderArchiveLoads) {
  std::string path = file("a.npz", zipBytes(scipyCsrMembers()));
  arrayrt::sparse_file::Entries e =
      arrayrt::sparse_file::readMatrixFile(path.c_str(), nullptr);
  EXPECT_EQ(e.rows, 2);
  EXPECT_EQ(e.cols, 3);
  EXPECT_EQ(e.row, (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(e.col, (std::vector<int64_t>{0, 2, 2}));
  EXPECT_EQ(e.value, (std::vector<double>{1, 2, 3}));
}

TEST_F(MalformedFiles, ScipyIndptrRunningPastTheIndices) {
  // [0, 100, 3] starts at 0 and ends at nnz, but its first row would read
  // indices 0..99 of 3: it used to read past them before the decrease was
  // seen.
  std::string path = file(
      "a.npz", zipBytes(replaced(scipyCsrMembers(), "indptr.npy",
                                 npyBytes(npyDict("<i4", "(3,)"),
                                          rawBytes<int32_t>({0, 100, 3})))));
  EXPECT_EQ(sparseFailure(path), "s.mlir:1:1: cannot load '" + path +
                                     "': member 'indptr': decreases at "
                                     "element 2");
}

TEST_F(MalformedFiles, ScipyFormatWithAMalformedDtype) {
  // The ad-hoc parser's std::stoul threw on these (std::terminate).
  for (const char *descr : {"|Sx", "|S", "|S99999999999999999999", "<f8"}) {
    SCOPED_TRACE(descr);
    std::string path = file(
        "a.npz", zipBytes(replaced(scipyCsrMembers(), "format.npy",
                                   npyBytes(npyDict(descr, "()"), "csr"))));
    EXPECT_CONTAINS(sparseFailure(path),
                    std::string("member 'format': expected a string, found "
                                "dtype '") +
                        descr + "'");
  }
}

TEST_F(MalformedFiles, ScipyMembersWithMalformedHeaders) {
  struct Case {
    const char *member;
    std::string bytes;
    const char *what;
  };
  const Case cases[] = {
      {"shape.npy", npyBytes("{'descr': '<i8', 'shape': (2,)}"),
       "member 'shape': malformed header: missing key 'fortran_order'"},
      {"shape.npy", npyBytes(npyDict("<i8", "(x,)")),
       "member 'shape': malformed header: unexpected character at offset"},
      {"shape.npy", "\x93NUMPY\x01", "member 'shape': truncated header"},
      {"shape.npy", "not a .npy file",
       "member 'shape': not a .npy file: it does not start with the magic "
       "string"},
      {"shape.npy", npyBytes(npyDict("<i8", "(2,)"), rawBytes<int64_t>({2})),
       "member 'shape': the data ends before its 2 elements (8 bytes)"},
      {"data.npy", npyBytes(npyDict("<f8", "(4611686018427387904,)")),
       "member 'data': the data ends before its 4611686018427387904 "
       "elements (0 bytes)"},
      {"data.npy", npyBytes(npyDict("<c16", "(3,)")),
       "member 'data': dtype '<c16' is not a number type"},
      {"data.npy", npyBytes(npyDict(">f8", "(3,)"), std::string(24, '\0')),
       "member 'data': dtype '>f8' is not little-endian"},
      {"indices.npy", npyBytes(npyDict("<f4", "(3,)"), std::string(12, '\0')),
       "member 'indices': dtype '<f4' is not an integer type"},
      {"indices.npy",
       npyBytes(npyDict("<u8", "(3,)"), rawBytes<uint64_t>({UINT64_MAX, 0, 0})),
       "member 'indices': element 0 is 18446744073709551615, beyond any "
       "index"},
      {"indptr.npy", npyBytes(npyDict("<i4", "(3, 1)"), std::string(12, '\0')),
       "member 'indptr': indptr must have rank 1, found rank 2"},
      {"indptr.npy", npyBytes(npyDict("<i4", "(0,)")),
       "member 'indptr': has 0 elements; a csr matrix of shape (2, 3) needs "
       "3"},
      {"shape.npy",
       npyBytes(npyDict("<i8", "(2,)"), rawBytes<int64_t>({INT64_MAX, 3})),
       "member 'indptr': has 3 elements; a csr matrix of shape "
       "(9223372036854775807, 3) needs 9223372036854775808"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    std::string path =
        file("a.npz", zipBytes(replaced(scipyCsrMembers(), c.member, c.bytes)));
    EXPECT_CONTAINS(sparseFailure(path), c.what);
  }
}

TEST_F(MalformedFiles, ScipyValuesKeepTheirValue) {
  // uint64 data above 2^63 (it used to turn negative), bool data as 0 or 1,
  // and a header written with double quotes.
  auto members = replaced(
      scipyCsrMembers(), "data.npy",
      npyBytes(npyDict("<u8", "(3,)"),
               rawBytes<uint64_t>({(uint64_t(1) << 63) + 2048, 1, 2})));
  std::string path = file("a.npz", zipBytes(members));
  auto e = arrayrt::sparse_file::readMatrixFile(path.c_str(), nullptr);
  EXPECT_EQ(e.value[0], 9223372036854777856.0);
  members = replaced(members, "data.npy",
                     npyBytes("{\"descr\": \"|b1\", \"fortran_order\": "
                              "False, \"shape\": (3,)}",
                              std::string("\2\1\0", 3)));
  path = file("b.npz", zipBytes(members));
  e = arrayrt::sparse_file::readMatrixFile(path.c_str(), nullptr);
  EXPECT_EQ(e.value, (std::vector<double>{1, 1, 0}));
}

TEST_F(MalformedFiles, NonZipNpzSaysSo) {
  std::string path = file("a.npz", "%%MatrixMarket or anything else\n");
  EXPECT_EQ(sparseFailure(path),
            "s.mlir:1:1: cannot load '" + path +
                "': not a zip archive, so not an .npz file as "
                "scipy.sparse.save_npz writes (it starts with "
                "'%%MatrixMarket o')");
  path = file("b.npz", "");
  EXPECT_CONTAINS(sparseFailure(path), "(the file is empty)");
  // Through the entry point: exit status 1.
  EXPECT_EXIT(
      {
        int64_t sizes[3];
        arrayrt_mtx_shape(path.c_str(), sizes, "s.mlir:2:2");
      },
      testing::ExitedWithCode(1),
      "^arrayrt: error: s\\.mlir:2:2: cannot load '" + literal(path) +
          "': not a zip archive, so not an \\.npz file as "
          "scipy\\.sparse\\.save_npz writes \\(the file is empty\\)\n$");
}

//===----------------------------------------------------------------------===//
// Matrix Market
//===----------------------------------------------------------------------===//

const char kBanner[] = "%%MatrixMarket matrix coordinate real general\n";

TEST_F(MalformedFiles, MtxHugeRowsAndColumns) {
  // The program would allocate 10^12 + 1 row offsets: stopped at the shape.
  std::string path = file(
      "a.mtx", std::string(kBanner) + "1000000000000 1000000000000 1\n1 1 1\n");
  EXPECT_EXIT(
      {
        int64_t sizes[3];
        arrayrt_mtx_shape(path.c_str(), sizes, "m.mlir:3:8");
      },
      testing::ExitedWithCode(1),
      "^arrayrt: error: m\\.mlir:3:8: cannot load '" + literal(path) +
          "': a 1000000000000 x 1000000000000 matrix does not fit in host "
          "memory: the offsets of its rows \\(CSR\\) or columns \\(CSC\\), "
          "8000000000008 bytes \\(7\\.28 TiB\\) exceed .*\n$");
  path =
      file("b.mtx", std::string(kBanner) + "9223372036854775807 1 1\n1 1 1\n");
  EXPECT_EXIT(
      {
        int64_t sizes[3];
        arrayrt_mtx_shape(path.c_str(), sizes, nullptr);
      },
      testing::ExitedWithCode(1),
      "a 9223372036854775807 x 1 matrix does not fit in host memory: the "
      "offsets of its rows \\(CSR\\) or columns \\(CSC\\), "
      "18446744073709551615 bytes");
}

TEST_F(MalformedFiles, MtxEntryCountBeyondTheFile) {
  // It used to reserve 10^15 entries (std::bad_alloc, abort).
  std::string path =
      file("a.mtx", std::string(kBanner) + "3 3 1000000000000000\n1 1 1\n");
  EXPECT_EQ(sparseFailure(path),
            "s.mlir:1:1: cannot load '" + path +
                "': line 3: expected 1000000000000000 entries, found 1 (the "
                "file ends at line 3)");
  path = file("b.mtx", std::string(kBanner) + "3 3 9223372036854775807\n");
  EXPECT_CONTAINS(sparseFailure(path),
                  "expected 9223372036854775807 entries, found 0");
  path = file("c.mtx", std::string(kBanner) + "3 3 99999999999999999999\n");
  EXPECT_CONTAINS(sparseFailure(path),
                  "line 2: expected the size line 'rows columns entries'");
}

TEST_F(MalformedFiles, MtxEntryCountBeyondMemory) {
  SKIP_UNDER_ASAN();
  // 64 GiB of (sparse) file could hold 10^10 entries: sorting them would
  // take more memory than the machine has, which is said before reading.
  std::string path = sparseFile(
      "a.mtx", std::string(kBanner) + "10 10 10000000000\n", off_t(64) << 30);
  EXPECT_EXIT(
      {
        struct rlimit limit;
        limit.rlim_cur = limit.rlim_max = rlim_t(64) << 30;
        ::setrlimit(RLIMIT_AS, &limit);
        int64_t sizes[3];
        arrayrt_mtx_shape(path.c_str(), sizes, nullptr);
      },
      testing::ExitedWithCode(1),
      "cannot load '" + literal(path) +
          "': line 2: the size line declares 10000000000 entries: reading "
          "and sorting them takes about 560000000000 bytes \\(521\\.54 "
          "GiB\\) exceed ");
}

TEST_F(MalformedFiles, MtxEntryCountFromAPipe) {
  // No size: the entries are stored as they come.
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  std::string text = std::string(kBanner) + "3 3 1000000000000000\n1 1 1\n";
  ASSERT_EQ(::write(ends[1], text.data(), text.size()),
            static_cast<ssize_t>(text.size()));
  ::close(ends[1]);
  std::string path = "/dev/fd/" + std::to_string(ends[0]);
  EXPECT_CONTAINS(sparseFailure(path),
                  "line 3: expected 1000000000000000 entries, found 1");
  ::close(ends[0]);
}

TEST_F(MalformedFiles, MtxNotAFile) {
  EXPECT_EQ(sparseFailure(dir),
            "s.mlir:1:1: cannot load '" + dir + "': Is a directory");
  EXPECT_EQ(
      failureOf([] { arrayrt::sparse_file::readMatrixFile(nullptr, nullptr); }),
      "cannot load '(null)': the path is NULL");
  std::string path = file("a.mtx", std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_CONTAINS(sparseFailure(path),
                  "line 1: expected the banner '%%MatrixMarket matrix "
                  "coordinate <field> <symmetry>', found '\\x89PNG\\x0d' (the "
                  "file is neither a Matrix Market file nor a zip archive, "
                  "which scipy.sparse.save_npz writes)");
}

TEST_F(MalformedFiles, MtxLoadIntoNoBuffer) {
  std::string path = file("a.mtx", std::string(kBanner) + "2 2 1\n1 1 1\n");
  int64_t sizes[3];
  arrayrt_mtx_shape(path.c_str(), sizes, nullptr);
  int64_t coordinates[] = {0, 0, 0, 1, 2, 2, 1};
  EXPECT_EXIT(arrayrt_load_mtx(path.c_str(), ARRAYRT_MTX_COORDINATES, 2,
                               coordinates, ARRAYRT_DTYPE_I64, "m.mlir:1:1"),
              testing::ExitedWithCode(1),
              "m\\.mlir:1:1: cannot load '" + literal(path) +
                  "': there is no buffer for its 1 coordinates");
  int64_t values[] = {0, 0, 0, 1, 1};
  EXPECT_EXIT(arrayrt_load_mtx(path.c_str(), ARRAYRT_MTX_VALUES, 1, values,
                               ARRAYRT_DTYPE_F64, "m.mlir:1:1"),
              testing::ExitedWithCode(1),
              "m\\.mlir:1:1: cannot load '" + literal(path) +
                  "': there is no buffer for its 1 values");
}

} // namespace
