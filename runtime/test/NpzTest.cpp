//===- NpzTest.cpp - Arrays from NumPy's .npz archives --------------------===//
//
// arrayrt_npz_shape and arrayrt_load_npz on archives NumPy wrote
// (gen_npz_fixtures.py): stored and deflated members, SciPy's CSR layout,
// and the errors for a missing member, a damaged member, a file that is no
// archive, and a member of another dtype.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

std::string fixture(const char *name) {
  return std::string(ARRAYRT_TEST_NPZ_DIR) + "/" + name;
}

/// A C-contiguous MLIR descriptor of `data` with `sizes`.
template <typename T>
std::vector<int64_t> descriptor(std::vector<T> &data,
                                std::vector<int64_t> sizes) {
  std::vector<int64_t> strides(sizes.size(), 1);
  for (size_t i = sizes.size(); i-- > 1;)
    strides[i - 1] = strides[i] * sizes[i];
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data.data()));
  std::vector<int64_t> d = {base, base, 0};
  d.insert(d.end(), sizes.begin(), sizes.end());
  d.insert(d.end(), strides.begin(), strides.end());
  return d;
}

class NpzTest : public testing::TestWithParam<const char *> {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "fast"); }
};

TEST_P(NpzTest, LoadsEveryMember) {
  std::string path = fixture(GetParam());
  int64_t shape[2] = {0, 0};
  arrayrt_npz_shape(path.c_str(), "a", 2, shape, ARRAYRT_DTYPE_F32, nullptr);
  EXPECT_EQ(shape[0], 2);
  EXPECT_EQ(shape[1], 3);
  std::vector<float> a(6, -1.0f);
  std::vector<int64_t> da = descriptor(a, {2, 3});
  arrayrt_load_npz(path.c_str(), "a", 2, da.data(), ARRAYRT_DTYPE_F32,
                   nullptr);
  EXPECT_EQ(a, (std::vector<float>{0, 1, 2, 3, 4, 5}));

  // The entry's full name works too.
  std::vector<int64_t> b(3, 0);
  std::vector<int64_t> db = descriptor(b, {3});
  arrayrt_load_npz(path.c_str(), "b.npy", 1, db.data(), ARRAYRT_DTYPE_I64,
                   nullptr);
  EXPECT_EQ(b, (std::vector<int64_t>{1, -2, 3}));

  std::vector<unsigned char> flags(2, 7);
  std::vector<int64_t> df = descriptor(flags, {2});
  arrayrt_load_npz(path.c_str(), "flags", 1, df.data(), ARRAYRT_DTYPE_I1,
                   nullptr);
  EXPECT_EQ(flags, (std::vector<unsigned char>{1, 0}));
}

INSTANTIATE_TEST_SUITE_P(StoredAndDeflated, NpzTest,
                         testing::Values("savez.npz", "compressed.npz"));

TEST(Npz, ReadsScipyCsrArrays) {
  std::string path = fixture("csr.npz");
  std::vector<float> data(3);
  std::vector<int32_t> indices(3), indptr(3);
  std::vector<int64_t> shape(2);
  std::vector<int64_t> dd = descriptor(data, {3});
  std::vector<int64_t> di = descriptor(indices, {3});
  std::vector<int64_t> dp = descriptor(indptr, {3});
  std::vector<int64_t> ds = descriptor(shape, {2});
  arrayrt_load_npz(path.c_str(), "data", 1, dd.data(), ARRAYRT_DTYPE_F32,
                   nullptr);
  arrayrt_load_npz(path.c_str(), "indices", 1, di.data(), ARRAYRT_DTYPE_I32,
                   nullptr);
  arrayrt_load_npz(path.c_str(), "indptr", 1, dp.data(), ARRAYRT_DTYPE_I32,
                   nullptr);
  arrayrt_load_npz(path.c_str(), "shape", 1, ds.data(), ARRAYRT_DTYPE_I64,
                   nullptr);
  EXPECT_EQ(data, (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(indices, (std::vector<int32_t>{0, 2, 2}));
  EXPECT_EQ(indptr, (std::vector<int32_t>{0, 2, 3}));
  EXPECT_EQ(shape, (std::vector<int64_t>{2, 3}));
}

TEST(NpzDeathTest, NamesWhatIsWrong) {
  GTEST_FLAG_SET(death_test_style, "fast");
  int64_t shape[2];
  std::string csr = fixture("csr.npz");
  EXPECT_EXIT(arrayrt_npz_shape(csr.c_str(), "w", 1, shape, ARRAYRT_DTYPE_F32,
                                "p.mlir:3:8"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:3:8: cannot load 'w' in '.*csr.npz': "
              "the archive has no member 'w' \\(it holds: indices.npy, "
              "indptr.npy, format.npy, shape.npy, data.npy\\)");
  // A member of another dtype: the .npy reader's message, naming both.
  EXPECT_EXIT(arrayrt_npz_shape(csr.c_str(), "data", 1, shape,
                                ARRAYRT_DTYPE_F64, "p.mlir:3:8"),
              testing::ExitedWithCode(1),
              "p.mlir:3:8: cannot load 'data' in '.*csr.npz': dtype "
              "mismatch");
  std::string damaged = fixture("damaged.npz");
  EXPECT_EXIT(arrayrt_npz_shape(damaged.c_str(), "b", 1, shape,
                                ARRAYRT_DTYPE_I64, nullptr),
              testing::ExitedWithCode(1),
              "cannot load 'b' in '.*damaged.npz': damaged (deflate data in "
              "'b.npy'|zip archive \\('b.npy' (fails its CRC-32|holds))");
  // The other members of the damaged archive are intact.
  arrayrt_npz_shape(damaged.c_str(), "a", 2, shape, ARRAYRT_DTYPE_F32,
                    nullptr);
  std::string notZip = std::string(ARRAYRT_TEST_NPY_DIR) + "/v1_f64.npy";
  EXPECT_EXIT(arrayrt_npz_shape(notZip.c_str(), "a", 1, shape,
                                ARRAYRT_DTYPE_F64, nullptr),
              testing::ExitedWithCode(1),
              "cannot load 'a' in '.*v1_f64.npy': not a zip archive");
  EXPECT_EXIT(arrayrt_npz_shape("/nonexistent.npz", "a", 1, shape,
                                ARRAYRT_DTYPE_F64, nullptr),
              testing::ExitedWithCode(1),
              "cannot load 'a' in '/nonexistent.npz': No such file");
}

} // namespace
