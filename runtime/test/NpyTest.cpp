//===- NpyTest.cpp - arrayrt_save_npy / arrayrt_load_npy ------------------===//
//
// The files in npy/ come from NumPy itself (gen_npy_fixtures.py): saving the
// same strided views must give the same bytes, and loading them must give
// the same elements. Errors run in child processes (death tests), as the
// runtime exits on them.
//
//===----------------------------------------------------------------------===//

#include "io/Npy.h"
#include "arrayrt/arrayrt.h"

#include "FileBuilders.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<unsigned char>;

struct NpyCase {
  const char *name;
  int32_t dtype;
  int64_t baseCount; // Elements of the buffer the view looks into.
  int64_t offset;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
};

void PrintTo(const NpyCase &c, std::ostream *os) { *os << c.name; }

const std::vector<NpyCase> &numpyCases() {
  static const std::vector<NpyCase> cases = {
#include "npy/cases.inc"
  };
  return cases;
}

size_t elementSize(int32_t dtype) {
  return arrayrt::npy::dtypeInfo(dtype)->size;
}

std::string fixture(const std::string &name) {
  return std::string(ARRAYRT_TEST_NPY_DIR) + "/" + name;
}

Bytes readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(out.good()) << path;
}

/// The buffer gen_npy_fixtures.py views: element i holds the low bytes of
/// (i + 1) * 0x9E3779B97F4A7C15, or i % 3 == 0 for bool.
Bytes pattern(int32_t dtype, int64_t count) {
  size_t size = elementSize(dtype);
  Bytes bytes(count * size);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t bits = dtype == ARRAYRT_DTYPE_I1
                        ? i % 3 == 0
                        : (static_cast<uint64_t>(i) + 1) * 0x9E3779B97F4A7C15u;
    std::memcpy(&bytes[i * size], &bits, size); // Little endian.
  }
  return bytes;
}

/// A strided view of `data` as an MLIR memref descriptor.
std::vector<int64_t> descriptor(Bytes &data, int64_t offset,
                                const std::vector<int64_t> &sizes,
                                const std::vector<int64_t> &strides) {
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data.data()));
  std::vector<int64_t> d = {base, base, offset};
  d.insert(d.end(), sizes.begin(), sizes.end());
  d.insert(d.end(), strides.begin(), strides.end());
  return d;
}

std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &sizes) {
  std::vector<int64_t> strides(sizes.size());
  int64_t step = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = step;
    step *= sizes[i];
  }
  return strides;
}

int64_t count(const std::vector<int64_t> &sizes) {
  int64_t n = 1;
  for (int64_t size : sizes)
    n *= size;
  return n;
}

/// The elements of a strided view in C order.
Bytes gather(const Bytes &data, size_t size, int64_t offset,
             const std::vector<int64_t> &sizes,
             const std::vector<int64_t> &strides) {
  Bytes out;
  int64_t n = count(sizes);
  std::vector<int64_t> index(sizes.size(), 0);
  for (int64_t k = 0; k < n; ++k) {
    int64_t element = offset;
    for (size_t i = 0; i < sizes.size(); ++i)
      element += index[i] * strides[i];
    out.insert(out.end(), &data[element * size], &data[element * size] + size);
    for (size_t i = sizes.size(); i-- > 0;) {
      if (++index[i] < sizes[i])
        break;
      index[i] = 0;
    }
  }
  return out;
}

/// A fresh directory for files the tests write. Forked children share it
/// (and the runtime has no state that would need a fresh process).
class NpyTest : public arrayrt::test::ScratchDirTest {
protected:
  NpyTest() : ScratchDirTest("arrayrt-npy") {}
};

using arrayrt::test::literal;
using arrayrt::test::npyBytes;

/// The whole of stderr for error `what` about `path` (verb "load"/"save").
std::string errorLine(const std::string &verb, const std::string &path,
                      const std::string &what) {
  return "^arrayrt: error: " +
         literal("cannot " + verb + " '" + path + "': " + what) + "\n$";
}

//===----------------------------------------------------------------------===//
// Against NumPy's files
//===----------------------------------------------------------------------===//

class NumPyFixtureTest : public NpyTest,
                         public testing::WithParamInterface<NpyCase> {};

TEST_P(NumPyFixtureTest, SaveIsByteIdentical) {
  const NpyCase &c = GetParam();
  Bytes data = pattern(c.dtype, c.baseCount);
  auto d = descriptor(data, c.offset, c.sizes, c.strides);
  std::string out = path("out.npy");
  arrayrt_save_npy(out.c_str(), c.sizes.size(), d.data(), c.dtype, nullptr);
  EXPECT_EQ(readFile(out),
            readFile(fixture(std::string("save_") + c.name + ".npy")));
  EXPECT_EQ(entries(), std::vector<std::string>{"out.npy"});
}

TEST_P(NumPyFixtureTest, LoadGivesTheElements) {
  const NpyCase &c = GetParam();
  std::string file = fixture(std::string("save_") + c.name + ".npy");
  auto rank = static_cast<int64_t>(c.sizes.size());
  Bytes source = pattern(c.dtype, c.baseCount);
  size_t size = elementSize(c.dtype);
  Bytes expected = gather(source, size, c.offset, c.sizes, c.strides);

  std::vector<int64_t> shape(rank, -2);
  arrayrt_npy_shape(file.c_str(), rank, shape.data(), c.dtype, nullptr);
  EXPECT_EQ(shape, c.sizes);

  Bytes loaded(std::max<size_t>(expected.size(), 1), 0xAA);
  auto d = descriptor(loaded, 0, c.sizes, contiguousStrides(c.sizes));
  arrayrt_load_npy(file.c_str(), rank, d.data(), c.dtype, nullptr);
  loaded.resize(expected.size());
  EXPECT_EQ(loaded, expected);

  // -1 accepts any size.
  Bytes dynamic(std::max<size_t>(expected.size(), 1));
  std::vector<int64_t> any(rank, -1);
  auto dd = descriptor(dynamic, 0, any, contiguousStrides(c.sizes));
  arrayrt_load_npy(file.c_str(), rank, dd.data(), c.dtype, nullptr);
  dynamic.resize(expected.size());
  EXPECT_EQ(dynamic, expected);
}

INSTANTIATE_TEST_SUITE_P(NumPy, NumPyFixtureTest,
                         testing::ValuesIn(numpyCases()),
                         [](const testing::TestParamInfo<NpyCase> &info) {
                           return std::string(info.param.name);
                         });

TEST_F(NpyTest, LoadsFormatVersions) {
  struct Versioned {
    const char *file;
    int32_t dtype;
  };
  for (Versioned v : {Versioned{"v1_f64.npy", ARRAYRT_DTYPE_F64},
                      Versioned{"v2_i16.npy", ARRAYRT_DTYPE_I16},
                      Versioned{"v3_u32.npy", ARRAYRT_DTYPE_UI32}}) {
    SCOPED_TRACE(v.file);
    Bytes expected = pattern(v.dtype, 6);
    std::vector<int64_t> shape(2);
    arrayrt_npy_shape(fixture(v.file).c_str(), 2, shape.data(), v.dtype,
                      nullptr);
    EXPECT_EQ(shape, (std::vector<int64_t>{2, 3}));
    Bytes loaded(expected.size());
    auto d = descriptor(loaded, 0, {2, 3}, {3, 1});
    arrayrt_load_npy(fixture(v.file).c_str(), 2, d.data(), v.dtype, nullptr);
    EXPECT_EQ(loaded, expected);
  }
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

struct View {
  int64_t baseCount;
  int64_t offset;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
};

const View kViews[] = {
    {1, 0, {}, {}},                          // Rank 0.
    {7, 0, {7}, {1}},                        // Rank 1.
    {12, 0, {3, 4}, {4, 1}},                 // Rank 2.
    {24, 0, {2, 3, 4}, {12, 4, 1}},          // Rank 3.
    {120, 0, {2, 3, 4, 5}, {60, 20, 5, 1}},  // Rank 4.
    {1, 0, {0}, {1}},                        // Empty.
    {1, 0, {4, 0, 2}, {0, 2, 1}},            // Empty, rank 3.
    {12, 0, {4, 3}, {1, 4}},                 // Transposed.
    {120, 0, {5, 4, 3, 2}, {1, 5, 20, 60}},  // Transposed, rank 4.
    {6, 5, {2, 3}, {-3, -1}},                // Reversed.
    {3, 0, {4, 3}, {0, 1}},                  // Broadcast row.
    {1, 0, {2, 2, 2}, {0, 0, 0}},            // Broadcast scalar.
    {40, 3, {3, 2, 2}, {12, -2, 5}},         // Mixed strides.
    {1000, 0, {10, 1, 100}, {100, 1000, 1}}, // Unit dimension.
};

TEST_F(NpyTest, RoundTripsEveryDtypeAndView) {
  for (int32_t dtype = 0; dtype <= ARRAYRT_DTYPE_F64; ++dtype) {
    size_t size = elementSize(dtype);
    for (const View &v : kViews) {
      SCOPED_TRACE(testing::Message()
                   << arrayrt::npy::dtypeInfo(dtype)->name << " rank "
                   << v.sizes.size() << " strides "
                   << testing::PrintToString(v.strides));
      auto rank = static_cast<int64_t>(v.sizes.size());
      Bytes source = pattern(dtype, v.baseCount);
      auto d = descriptor(source, v.offset, v.sizes, v.strides);
      std::string file = path("a.npy");
      arrayrt_save_npy(file.c_str(), rank, d.data(), dtype, nullptr);
      Bytes expected = gather(source, size, v.offset, v.sizes, v.strides);

      std::vector<int64_t> shape(rank);
      arrayrt_npy_shape(file.c_str(), rank, shape.data(), dtype, nullptr);
      EXPECT_EQ(shape, v.sizes);

      // Into a contiguous buffer.
      Bytes loaded(std::max<size_t>(expected.size(), 1));
      auto ld = descriptor(loaded, 0, v.sizes, contiguousStrides(v.sizes));
      arrayrt_load_npy(file.c_str(), rank, ld.data(), dtype, nullptr);
      loaded.resize(expected.size());
      EXPECT_EQ(loaded, expected);

      // Into a reversed, padded buffer: every axis stepped backwards with
      // one spare element per row.
      std::vector<int64_t> padded = v.sizes;
      if (rank > 0)
        padded.back() += 1;
      std::vector<int64_t> strides = contiguousStrides(padded);
      int64_t last = 0;
      for (int64_t i = 0; i < rank; ++i) {
        last += (v.sizes[i] > 0 ? v.sizes[i] - 1 : 0) * strides[i];
        strides[i] = -strides[i];
      }
      Bytes scattered(std::max<int64_t>(count(padded), 1) * size);
      auto sd = descriptor(scattered, last, v.sizes, strides);
      arrayrt_load_npy(file.c_str(), rank, sd.data(), dtype, nullptr);
      EXPECT_EQ(gather(scattered, size, last, v.sizes, strides), expected);
    }
  }
  EXPECT_EQ(entries(), std::vector<std::string>{"a.npy"});
}

TEST_F(NpyTest, RoundTripsLargeStridedArrays) {
  // Larger than the 1 MiB buffers, through the strided paths.
  std::vector<int64_t> sizes = {700, 500}, transposed = {1, 700};
  Bytes source = pattern(ARRAYRT_DTYPE_F64, 700 * 500);
  auto d = descriptor(source, 0, sizes, transposed);
  std::string file = path("big.npy");
  arrayrt_save_npy(file.c_str(), 2, d.data(), ARRAYRT_DTYPE_F64, nullptr);
  Bytes loaded(source.size());
  auto ld = descriptor(loaded, 0, sizes, transposed);
  arrayrt_load_npy(file.c_str(), 2, ld.data(), ARRAYRT_DTYPE_F64, nullptr);
  EXPECT_EQ(loaded, source);
}

TEST_F(NpyTest, OverwritesAnExistingFile) {
  std::string file = path("a.npy");
  writeFile(file, std::string(10000, 'x'));
  float value = 1.5f;
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(&value));
  int64_t d[] = {base, base, 0};
  arrayrt_save_npy(file.c_str(), 0, d, ARRAYRT_DTYPE_F32, nullptr);
  EXPECT_EQ(readFile(file).size(), 132u);
  float loaded = 0;
  auto lbase = static_cast<int64_t>(reinterpret_cast<intptr_t>(&loaded));
  int64_t ld[] = {lbase, lbase, 0};
  arrayrt_load_npy(file.c_str(), 0, ld, ARRAYRT_DTYPE_F32, nullptr);
  EXPECT_EQ(loaded, 1.5f);
}

TEST_F(NpyTest, BoolsAreZeroOrOne) {
  unsigned char source[] = {0, 1, 2, 255};
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(source));
  int64_t d[] = {base, base, 0, 4, 1};
  std::string file = path("b.npy");
  arrayrt_save_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_I1, nullptr);
  Bytes bytes = readFile(file);
  EXPECT_EQ(Bytes(bytes.end() - 4, bytes.end()), (Bytes{0, 1, 1, 1}));

  writeFile(file, npyBytes("{'descr': '|b1', 'fortran_order': False, "
                           "'shape': (4,), }",
                           std::string("\0\1\2\xff", 4)));
  unsigned char loaded[4] = {9, 9, 9, 9};
  auto lbase = static_cast<int64_t>(reinterpret_cast<intptr_t>(loaded));
  int64_t ld[] = {lbase, lbase, 0, 4, 1};
  arrayrt_load_npy(file.c_str(), 1, ld, ARRAYRT_DTYPE_I1, nullptr);
  EXPECT_EQ(Bytes(loaded, loaded + 4), (Bytes{0, 1, 1, 1}));
}

/// The part of a (4, 5, 3) f32 file at `offsets` of `sizes`, read with
/// arrayrt_load_npy_part into a destination of `strides` (C order when
/// empty), in C order.
std::vector<float> loadPart(const std::string &file,
                            const std::vector<int64_t> &offsets,
                            const std::vector<int64_t> &sizes,
                            std::vector<int64_t> strides = {}) {
  if (strides.empty())
    strides = contiguousStrides(sizes);
  std::vector<float> buffer(256, -1.f);
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(buffer.data()));
  std::vector<int64_t> d = {base, base, 0};
  d.insert(d.end(), sizes.begin(), sizes.end());
  d.insert(d.end(), strides.begin(), strides.end());
  int64_t whole[] = {4, -1, 3};
  arrayrt_load_npy_part(file.c_str(), 3, d.data(), ARRAYRT_DTYPE_F32, whole,
                        offsets.data(), nullptr);
  std::vector<float> out;
  for (int64_t i = 0; i < sizes[0]; ++i)
    for (int64_t j = 0; j < sizes[1]; ++j)
      for (int64_t k = 0; k < sizes[2]; ++k)
        out.push_back(buffer[i * strides[0] + j * strides[1] + k * strides[2]]);
  return out;
}

/// What loadPart should give: element (i, j, k) of the file is its index
/// in C order.
std::vector<float> expectedPart(const std::vector<int64_t> &offsets,
                                const std::vector<int64_t> &sizes) {
  std::vector<float> out;
  for (int64_t i = 0; i < sizes[0]; ++i)
    for (int64_t j = 0; j < sizes[1]; ++j)
      for (int64_t k = 0; k < sizes[2]; ++k)
        out.push_back(static_cast<float>(
            (offsets[0] + i) * 15 + (offsets[1] + j) * 3 + offsets[2] + k));
  return out;
}

TEST_F(NpyTest, LoadsAPartOfTheArray) {
  std::vector<float> values(60);
  for (int i = 0; i < 60; ++i)
    values[i] = static_cast<float>(i);
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(values.data()));
  int64_t d[] = {base, base, 0, 4, 5, 3, 15, 3, 1};
  std::string file = path("part.npy");
  arrayrt_save_npy(file.c_str(), 3, d, ARRAYRT_DTYPE_F32, nullptr);
  // Rows (one contiguous range), columns, a part split on every axis, the
  // whole array, an empty part, and a strided destination.
  for (auto [offsets, sizes] :
       std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>>{
           {{2, 0, 0}, {2, 5, 3}},
           {{0, 3, 0}, {4, 2, 3}},
           {{1, 1, 2}, {3, 3, 1}},
           {{0, 0, 0}, {4, 5, 3}},
           {{4, 5, 3}, {0, 0, 0}}})
    EXPECT_EQ(loadPart(file, offsets, sizes), expectedPart(offsets, sizes));
  EXPECT_EQ(loadPart(file, {1, 2, 1}, {2, 2, 2}, {40, 7, 2}),
            expectedPart({1, 2, 1}, {2, 2, 2}));

  // The whole array is checked as arrayrt_load_npy checks it; the part
  // must lie inside it.
  EXPECT_EXIT(loadPart(file, {3, 0, 0}, {2, 5, 3}), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "the part at (3, 0, 0) of shape (2, 5, 3) lies outside "
                        "the file's array of shape (4, 5, 3)"));
  EXPECT_EXIT(loadPart(file, {0, -2, 0}, {1, 1, 1}), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "the part at (0, -2, 0) of shape (1, 1, 1) lies "
                        "outside the file's array of shape (4, 5, 3)"));
  int64_t d2[] = {base, base, 0, 6, 10, 15, 1};
  arrayrt_save_npy(file.c_str(), 2, d2, ARRAYRT_DTYPE_F32, nullptr);
  EXPECT_EXIT(loadPart(file, {0, 0, 0}, {1, 1, 1}), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "rank mismatch: expected shape (4, ?, 3), found (6, "
                        "10)"));
}

//===----------------------------------------------------------------------===//
// Headers
//===----------------------------------------------------------------------===//

TEST(NpyHeaderTest, UsesVersion2WhenTheHeaderExceeds64KiB) {
  // NumPy cannot make an array of this rank, so the expected bytes follow
  // numpy.lib.format._wrap_header for version 2.0.
  std::vector<int64_t> shape(22000, 1);
  std::string header =
      arrayrt::npy::formatHeader("<f4", shape.size(), shape.data());
  ASSERT_GT(header.size(), 65536u);
  EXPECT_EQ(header.substr(0, 8), std::string("\x93NUMPY\x02\x00", 8));
  uint32_t length;
  std::memcpy(&length, &header[8], 4);
  EXPECT_EQ(length + 12, header.size());
  EXPECT_EQ(header.size() % 64, 0u);
  EXPECT_EQ(header.back(), '\n');
  EXPECT_EQ(header.substr(12, 51),
            "{'descr': '<f4', 'fortran_order': False, 'shape': (");

  std::vector<int64_t> small = {3, 4};
  std::string v1 = arrayrt::npy::formatHeader("<f4", 2, small.data());
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (3, "
                     "4), }";
  EXPECT_EQ(v1, std::string("\x93NUMPY\x01\x00\x76\x00", 10) + dict +
                    std::string(128 - 10 - dict.size() - 1, ' ') + "\n");
}

TEST_F(NpyTest, RoundTripsVersion2Files) {
  std::vector<int64_t> sizes(22000, 1);
  sizes[7] = 3;
  float data[3] = {1, 2, 3};
  Bytes source(reinterpret_cast<unsigned char *>(data),
               reinterpret_cast<unsigned char *>(data) + sizeof(data));
  auto d = descriptor(source, 0, sizes, contiguousStrides(sizes));
  std::string file = path("v2.npy");
  arrayrt_save_npy(file.c_str(), sizes.size(), d.data(), ARRAYRT_DTYPE_F32,
                   nullptr);
  Bytes bytes = readFile(file);
  EXPECT_EQ(bytes[6], 2);
  Bytes loaded(sizeof(data));
  auto ld = descriptor(loaded, 0, sizes, contiguousStrides(sizes));
  arrayrt_load_npy(file.c_str(), sizes.size(), ld.data(), ARRAYRT_DTYPE_F32,
                   nullptr);
  EXPECT_EQ(loaded, source);
}

TEST_F(NpyTest, AcceptsOtherSpellingsOfTheHeader) {
  std::string data("\1\0\2\0", 4);
  const char *dicts[] = {
      "{\"shape\": (2,), \"fortran_order\": False, \"descr\": \"<i2\"}",
      "{'descr':'<i2','fortran_order':False,'shape':(2L,)}",
      "{ 'descr' : u'<i2' ,\n 'fortran_order' : False , 'shape' : ( 2 , ) , } "
      " ",
      "{'descr': '=i2', 'fortran_order': False, 'shape': (2,), }",
  };
  std::string file = path("h.npy");
  for (const char *dict : dicts) {
    SCOPED_TRACE(dict);
    writeFile(file, npyBytes(dict, data + "trailing bytes are ignored"));
    int16_t loaded[2] = {};
    auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(loaded));
    int64_t d[] = {base, base, 0, 2, 1};
    arrayrt_load_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_I16, nullptr);
    EXPECT_EQ(loaded[0], 1);
    EXPECT_EQ(loaded[1], 2);
  }
  // Byte order does not matter for one-byte types.
  for (const char *descr : {"<i1", ">i1", "|i1", "i1"}) {
    SCOPED_TRACE(descr);
    writeFile(file, npyBytes(std::string("{'descr': '") + descr +
                                 "', 'fortran_order': False, 'shape': (), }",
                             "\xfe"));
    int8_t loaded = 0;
    auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(&loaded));
    int64_t d[] = {base, base, 0};
    arrayrt_load_npy(file.c_str(), 0, d, ARRAYRT_DTYPE_I8, nullptr);
    EXPECT_EQ(loaded, -2);
  }
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// Loads `file` as a (2, 3) f32 array, as compiled code would.
void loadF32(const std::string &file, const char *location = nullptr,
             std::vector<int64_t> sizes = {2, 3}) {
  static float buffer[64];
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(buffer));
  std::vector<int64_t> d = {base, base, 0};
  d.insert(d.end(), sizes.begin(), sizes.end());
  std::vector<int64_t> strides = contiguousStrides(sizes);
  for (int64_t &stride : strides)
    stride = stride < 0 ? 1 : stride;
  d.insert(d.end(), strides.begin(), strides.end());
  arrayrt_load_npy(file.c_str(), sizes.size(), d.data(), ARRAYRT_DTYPE_F32,
                   location);
}

void shapeF32(const std::string &file, int64_t rank = 2) {
  int64_t shape[8];
  arrayrt_npy_shape(file.c_str(), rank, shape, ARRAYRT_DTYPE_F32, nullptr);
}

TEST_F(NpyTest, MissingFile) {
  std::string file = path("missing.npy");
  EXPECT_EXIT(loadF32(file), testing::ExitedWithCode(1),
              errorLine("load", file, "No such file or directory"));
  EXPECT_EXIT(shapeF32(file), testing::ExitedWithCode(1),
              errorLine("load", file, "No such file or directory"));
  EXPECT_EXIT(loadF32(dir), testing::ExitedWithCode(1),
              errorLine("load", dir, "Is a directory"));
}

TEST_F(NpyTest, LocationPrefixesTheMessage) {
  std::string file = path("missing.npy");
  EXPECT_EXIT(loadF32(file, "prog.mlir:3:8"), testing::ExitedWithCode(1),
              "^arrayrt: error: prog\\.mlir:3:8: cannot load '" +
                  literal(file) + "': No such file or directory\n$");
}

TEST_F(NpyTest, BadMagic) {
  std::string file = path("bad.npy");
  std::string what =
      "not a .npy file: it does not start with the magic string \\x93NUMPY";
  writeFile(file, "PK\3\4 this is a zip archive, not an array");
  EXPECT_EXIT(loadF32(file), testing::ExitedWithCode(1),
              errorLine("load", file, what));
  writeFile(file, "");
  EXPECT_EXIT(shapeF32(file), testing::ExitedWithCode(1),
              errorLine("load", file, what));
}

TEST_F(NpyTest, UnsupportedVersion) {
  std::string file = path("v4.npy");
  std::string bytes = npyBytes("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (2, 3), }",
                               std::string(24, '\0'), 2);
  bytes[6] = 4;
  writeFile(file, bytes);
  EXPECT_EXIT(loadF32(file), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "unsupported .npy format version 4.0 (arrayrt reads "
                        "1.0, 2.0 and 3.0)"));
  bytes[6] = 1;
  bytes[7] = 1;
  writeFile(file, bytes);
  EXPECT_EXIT(loadF32(file), testing::ExitedWithCode(1),
              "unsupported \\.npy format version 1\\.1 ");
}

TEST_F(NpyTest, TruncatedHeader) {
  std::string file = path("short.npy");
  std::string bytes = npyBytes("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (2, 3), }");
  writeFile(file, bytes.substr(0, bytes.size() - 10));
  EXPECT_EXIT(loadF32(file), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "truncated header: expected " +
                            std::to_string(bytes.size() - 10) +
                            " bytes, found " +
                            std::to_string(bytes.size() - 20)));
  writeFile(file, "\x93NUMPY\x01");
  EXPECT_EXIT(loadF32(file), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "truncated header: expected 8 bytes of magic string "
                        "and version, found 7"));
}

TEST_F(NpyTest, MalformedHeader) {
  struct Malformed {
    const char *dict;
    const char *what;
  };
  const Malformed cases[] = {
      {"[1, 2]", "malformed header: not a dict"},
      {"{'descr': '<f4, 'fortran_order': False, 'shape': (2, 3), }",
       "malformed header: expected ',' or '}' at offset 17"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), ",
       "malformed header: unexpected end of header at offset 59"},
      {"{'descr': '<f4', 'fortran_order': False}",
       "malformed header: missing key 'shape'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), "
       "'extra': 1}",
       "malformed header: unexpected key 'extra'"},
      {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, "
       "'shape': (2, 3)}",
       "malformed header: duplicate key 'descr'"},
      {"{'descr': 4, 'fortran_order': False, 'shape': (2, 3)}",
       "malformed header: 'descr' is not a dtype string: 4"},
      {"{'descr': '<f4', 'fortran_order': 0, 'shape': (2, 3)}",
       "malformed header: 'fortran_order' is not True or False: 0"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3)}",
       "malformed header: 'shape' is not a tuple of non-negative integers: "
       "(2, -3)"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (6)}",
       "malformed header: 'shape' is not a tuple of non-negative integers: "
       "(6)"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': [2, 3]}",
       "malformed header: 'shape' is not a tuple of non-negative integers: "
       "[2, 3]"},
      {"{'descr': '<f4', 'fortran_order': False, "
       "'shape': (99999999999999999999, 3)}",
       "malformed header: integer out of range at offset 51"},
      {"{'descr': '<f4', 'fortran_order': False, "
       "'shape': (4611686018427387904, 4)}",
       "malformed header: shape (4611686018427387904, 4) is too large"},
  };
  std::string file = path("h.npy");
  for (const Malformed &m : cases) {
    SCOPED_TRACE(m.dict);
    writeFile(file, npyBytes(m.dict, std::string(24, '\0')));
    EXPECT_EXIT(loadF32(file, nullptr, {-1, -1}), testing::ExitedWithCode(1),
                errorLine("load", file, m.what));
  }
}

TEST_F(NpyTest, FortranOrder) {
  EXPECT_EXIT(loadF32(fixture("bad_fortran.npy")), testing::ExitedWithCode(1),
              errorLine("load", fixture("bad_fortran.npy"),
                        "Fortran-order arrays are not supported; save with "
                        "np.ascontiguousarray"));
}

TEST_F(NpyTest, BigEndian) {
  EXPECT_EXIT(loadF32(fixture("bad_big_endian.npy")),
              testing::ExitedWithCode(1),
              errorLine("load", fixture("bad_big_endian.npy"),
                        "big-endian data ('>f4') is not supported; save with "
                        "a.astype('<f4')"));
  EXPECT_EXIT(loadF32(fixture("bad_big_endian_i8.npy")),
              testing::ExitedWithCode(1),
              "big-endian data \\('>i8'\\) is not supported; save with "
              "a\\.astype\\('<i8'\\)");
}

TEST_F(NpyTest, DtypeMismatch) {
  EXPECT_EXIT(loadF32(fixture("v1_f64.npy")), testing::ExitedWithCode(1),
              errorLine("load", fixture("v1_f64.npy"),
                        "dtype mismatch: expected '<f4' (f32), found '<f8' "
                        "(f64)"));
  EXPECT_EXIT(
      {
        int64_t shape[2];
        arrayrt_npy_shape(fixture("save_i1_2x3.npy").c_str(), 2, shape,
                          ARRAYRT_DTYPE_UI8, nullptr);
      },
      testing::ExitedWithCode(1),
      errorLine("load", fixture("save_i1_2x3.npy"),
                "dtype mismatch: expected '|u1' (ui8), found '|b1' (i1)"));
}

TEST_F(NpyTest, ShapeMismatch) {
  std::string file = fixture("save_f32_rank3.npy");
  EXPECT_EXIT(loadF32(file, nullptr, {2, -1}), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "rank mismatch: expected shape (2, ?), found (2, 3, "
                        "4)"));
  EXPECT_EXIT(loadF32(file, nullptr, {2, 4, -1}), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "shape mismatch: expected shape (2, 4, ?), found (2, "
                        "3, 4)"));
  EXPECT_EXIT(shapeF32(file, 1), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "rank mismatch: expected shape (?,), found (2, 3, "
                        "4)"));
  EXPECT_EXIT(shapeF32(fixture("save_f32_rank0.npy")),
              testing::ExitedWithCode(1),
              errorLine("load", fixture("save_f32_rank0.npy"),
                        "rank mismatch: expected shape (?, ?), found ()"));
}

TEST_F(NpyTest, TruncatedData) {
  Bytes bytes = readFile(fixture("save_f32_2x3.npy"));
  std::string file = path("cut.npy");
  writeFile(file, std::string(bytes.begin(), bytes.end() - 5));
  EXPECT_EXIT(loadF32(file), testing::ExitedWithCode(1),
              errorLine("load", file,
                        "truncated data: expected 24 bytes of data, found "
                        "19"));
}

TEST_F(NpyTest, UnsupportedDtypes) {
  const std::string supported =
      "; arrayrt loads bool, int8-64, uint8-64, float16/32/64 and bfloat16 "
      "('<V2', as np.save writes ml_dtypes.bfloat16) arrays";
  struct Unsupported {
    const char *file;
    const char *what;
  };
  const Unsupported cases[] = {
      {"bad_complex.npy", "unsupported dtype '<c8' (complex)"},
      {"bad_object.npy", "unsupported dtype '|O' (object)"},
      {"bad_structured.npy",
       "unsupported dtype [('a', '<i4'), ('b', '<f8')] (structured)"},
      {"bad_unicode.npy", "unsupported dtype '<U2' (unicode string)"},
      {"bad_bytes.npy", "unsupported dtype '|S2' (byte string)"},
      {"bad_datetime.npy", "unsupported dtype '<M8[D]' (datetime)"},
      {"bad_longdouble.npy",
       "unsupported dtype '<f16' (extended-precision float)"},
  };
  for (const Unsupported &u : cases) {
    SCOPED_TRACE(u.file);
    EXPECT_EXIT(loadF32(fixture(u.file), nullptr, {-1}),
                testing::ExitedWithCode(1),
                errorLine("load", fixture(u.file), u.what + supported));
  }
}

TEST_F(NpyTest, Bf16LoadsMlDtypesVoidFilesAndSavesThem) {
  // np.save(f, np.array([1, -2.5, inf], ml_dtypes.bfloat16)) writes the
  // dtype's str, '<V2' (ml_dtypes registers bfloat16 as kind 'V', byte order
  // '='); np.dtype('V2') is '|V2'. The bytes are the bfloat16 values.
  const std::string data("\x80\x3f\x20\xc0\x80\x7f", 6);
  std::string file = path("b.npy");
  for (const char *descr : {"<V2", "|V2"}) {
    SCOPED_TRACE(descr);
    writeFile(file, npyBytes(arrayrt::test::npyDict(descr, "(3,)"), data));
    int64_t shape[1] = {};
    arrayrt_npy_shape(file.c_str(), 1, shape, ARRAYRT_DTYPE_BF16, nullptr);
    EXPECT_EQ(shape[0], 3);
    uint16_t loaded[3] = {};
    auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(loaded));
    int64_t d[] = {base, base, 0, 3, 1};
    arrayrt_load_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_BF16, nullptr);
    EXPECT_EQ(loaded[0], 0x3f80); // 1
    EXPECT_EQ(loaded[1], 0xc020); // -2.5
    EXPECT_EQ(loaded[2], 0x7f80); // inf
  }

  // Saving writes '<V2', so np.load(f).view(ml_dtypes.bfloat16) gives the
  // array back, byte for byte what np.save writes for it.
  uint16_t values[3] = {0x3f80, 0xc020, 0x7f80};
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(values));
  int64_t d[] = {base, base, 0, 3, 1};
  std::string saved = path("saved.npy");
  arrayrt_save_npy(saved.c_str(), 1, d, ARRAYRT_DTYPE_BF16, nullptr);
  Bytes bytes = readFile(saved);
  std::string header =
      arrayrt::npy::formatHeader("<V2", 1, std::vector<int64_t>{3}.data());
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), header + data);
  EXPECT_NE(header.find("{'descr': '<V2', 'fortran_order': False, 'shape': "
                        "(3,), }"),
            std::string::npos);
  uint16_t back[3] = {};
  auto backBase = static_cast<int64_t>(reinterpret_cast<intptr_t>(back));
  int64_t bd[] = {backBase, backBase, 0, -1, 1};
  arrayrt_load_npy(saved.c_str(), 1, bd, ARRAYRT_DTYPE_BF16, nullptr);
  EXPECT_EQ(std::memcmp(back, values, sizeof values), 0);
}

TEST_F(NpyTest, Bf16IsNoOtherDtype) {
  // A bfloat16 file is not f16 (the same size) nor the other way round.
  std::string file = path("b.npy");
  writeFile(file, npyBytes(arrayrt::test::npyDict("<V2", "(2,)"),
                           std::string(4, '\0')));
  uint16_t data[2] = {};
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  int64_t d[] = {base, base, 0, 2, 1};
  EXPECT_EXIT(arrayrt_load_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_F16, nullptr),
              testing::ExitedWithCode(1),
              errorLine("load", file,
                        "dtype mismatch: expected '<f2' (f16), found '<V2' "
                        "(bf16)"));
  EXPECT_EXIT(arrayrt_load_npy(fixture("save_f16_2x3.npy").c_str(), 1, d,
                               ARRAYRT_DTYPE_BF16, nullptr),
              testing::ExitedWithCode(1),
              errorLine("load", fixture("save_f16_2x3.npy"),
                        "dtype mismatch: expected '<V2' (bf16), found '<f2' "
                        "(f16)"));
  // Other voids stay unsupported, and a big-endian bfloat16 cannot be
  // byte-swapped with astype (NumPy sees a void).
  writeFile(file, npyBytes(arrayrt::test::npyDict("|V4", "(1,)"),
                           std::string(4, '\0')));
  EXPECT_EXIT(
      arrayrt_load_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_BF16, nullptr),
      testing::ExitedWithCode(1),
      errorLine("load", file,
                "unsupported dtype '|V4' (void, structured or opaque); "
                "arrayrt loads bool, int8-64, uint8-64, float16/32/64 and "
                "bfloat16 ('<V2', as np.save writes ml_dtypes.bfloat16) "
                "arrays"));
  writeFile(file, npyBytes(arrayrt::test::npyDict(">V2", "(2,)"),
                           std::string(4, '\0')));
  EXPECT_EXIT(
      arrayrt_load_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_BF16, nullptr),
      testing::ExitedWithCode(1),
      errorLine("load", file, "big-endian data ('>V2') is not supported"));
}

TEST_F(NpyTest, SavesEachDtypeWithItsDescr) {
  // The descrs np.save writes; f16 and the unsigned types beside the new
  // bf16 one in particular.
  struct Case {
    int32_t dtype;
    const char *descr;
  };
  const Case cases[] = {
      {ARRAYRT_DTYPE_I1, "|b1"},   {ARRAYRT_DTYPE_I8, "|i1"},
      {ARRAYRT_DTYPE_I16, "<i2"},  {ARRAYRT_DTYPE_I32, "<i4"},
      {ARRAYRT_DTYPE_I64, "<i8"},  {ARRAYRT_DTYPE_UI8, "|u1"},
      {ARRAYRT_DTYPE_UI16, "<u2"}, {ARRAYRT_DTYPE_UI32, "<u4"},
      {ARRAYRT_DTYPE_UI64, "<u8"}, {ARRAYRT_DTYPE_F16, "<f2"},
      {ARRAYRT_DTYPE_BF16, "<V2"}, {ARRAYRT_DTYPE_F32, "<f4"},
      {ARRAYRT_DTYPE_F64, "<f8"},
  };
  std::string file = path("a.npy");
  for (const Case &c : cases) {
    SCOPED_TRACE(c.descr);
    Bytes data = pattern(c.dtype, 4);
    auto d = descriptor(data, 0, {4}, {1});
    arrayrt_save_npy(file.c_str(), 1, d.data(), c.dtype, nullptr);
    Bytes bytes = readFile(file);
    std::string text(bytes.begin(), bytes.end());
    EXPECT_NE(text.find(std::string("{'descr': '") + c.descr + "'"),
              std::string::npos);
    Bytes loaded(data.size());
    auto ld = descriptor(loaded, 0, {4}, {1});
    arrayrt_load_npy(file.c_str(), 1, ld.data(), c.dtype, nullptr);
    EXPECT_EQ(loaded, data);
  }
}

TEST_F(NpyTest, InvalidArguments) {
  int64_t d[5] = {};
  std::string file = path("x.npy");
  EXPECT_EXIT(arrayrt_save_npy(file.c_str(), 1, d, 99, nullptr),
              testing::ExitedWithCode(1),
              errorLine("save", file, "invalid dtype code 99"));
  d[3] = -4;
  EXPECT_EXIT(arrayrt_save_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_F32, nullptr),
              testing::ExitedWithCode(1),
              errorLine("save", file,
                        "invalid descriptor: size -4 of dimension 0 is "
                        "negative"));
  EXPECT_EXIT(arrayrt_save_npy(nullptr, 1, d, ARRAYRT_DTYPE_F32, nullptr),
              testing::ExitedWithCode(1),
              errorLine("save", "(null)", "the path is NULL"));
}

TEST_F(NpyTest, FailedSaveIntoMissingDirectoryLeavesNoFile) {
  std::string file = path("no-such-dir/x.npy");
  float value = 1;
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(&value));
  int64_t d[] = {base, base, 0};
  EXPECT_EXIT(arrayrt_save_npy(file.c_str(), 0, d, ARRAYRT_DTYPE_F32, nullptr),
              testing::ExitedWithCode(1),
              "^arrayrt: error: cannot save '" + literal(file) +
                  "': cannot create temporary file '" + literal(file) +
                  "\\.tmp-[0-9]+-[0-9]+': No such file or directory\n$");
  EXPECT_TRUE(entries().empty());
}

TEST_F(NpyTest, FailedRenameLeavesTargetAndNoTemporary) {
  // The data is written, then the rename over a directory fails.
  std::string target = path("target");
  fs::create_directory(target);
  writeFile(target + "/kept", "kept");
  Bytes data = pattern(ARRAYRT_DTYPE_F64, 100000);
  auto d = descriptor(data, 0, {100000}, {1});
  EXPECT_EXIT(
      arrayrt_save_npy(target.c_str(), 1, d.data(), ARRAYRT_DTYPE_F64, nullptr),
      testing::ExitedWithCode(1),
      "^arrayrt: error: cannot save '" + literal(target) +
          "': cannot rename '" + literal(target) +
          "\\.tmp-[0-9]+-[0-9]+' to '" + literal(target) +
          "': Is a directory\n$");
  EXPECT_EQ(entries(), std::vector<std::string>{"target"});
  EXPECT_TRUE(fs::is_directory(target));
  EXPECT_TRUE(fs::exists(target + "/kept"));
}

} // namespace
