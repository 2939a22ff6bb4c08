//===- FileBuilders.h - Files for the readers' and writers' tests -*- C++ -*-=//
//
// Builds the bytes of .npy files and zip archives (the .npz files NumPy and
// scipy.sparse.save_npz write) in memory, with any field overridden, so that
// tests can make each malformed header and huge size the readers must stop
// on; and gives the tests that write files a fresh directory
// (ScratchDirTest) and the paths in their messages as regular expressions
// (literal).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_TEST_FILEBUILDERS_H
#define ARRAYRT_TEST_FILEBUILDERS_H

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <zlib.h>

namespace arrayrt::test {

inline void writeBytes(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// A regular expression matching `text` literally.
inline std::string literal(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (std::strchr("\\^$.|?*+()[]{}", c))
      out += '\\';
    out += c;
  }
  return out;
}

/// The bytes of a .npy file with header `dict` (format `major`.0, the
/// length field `length` when given) and then `data`.
inline std::string npyBytes(const std::string &dict,
                            const std::string &data = "", int major = 1,
                            std::optional<uint32_t> length = std::nullopt) {
  std::string header = dict + "\n";
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  size_t lengthBytes = major == 1 ? 2 : 4;
  uint32_t value = length ? *length : static_cast<uint32_t>(header.size());
  for (size_t i = 0; i < lengthBytes; ++i)
    out += static_cast<char>((value >> (8 * i)) & 0xff);
  return out + header + data;
}

/// `{'descr': '<descr>', 'fortran_order': False, 'shape': <shape>, }`.
inline std::string npyDict(const std::string &descr, const std::string &shape) {
  return "{'descr': '" + descr +
         "', 'fortran_order': False, 'shape': " + shape + ", }";
}

/// The raw bytes of `values`.
template <typename T> std::string rawBytes(const std::vector<T> &values) {
  return std::string(reinterpret_cast<const char *>(values.data()),
                     values.size() * sizeof(T));
}

/// One member of a zip archive; the optional fields override what the
/// central directory (and the local header) say.
struct ZipMember {
  std::string name;
  std::string bytes;
  bool deflate = false;
  std::optional<uint32_t> size = {}, compressedSize = {}, crc = {},
                          localOffset = {};
};

inline void putLe(std::string &out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out += static_cast<char>((value >> (8 * i)) & 0xff);
}

inline std::string rawDeflate(const std::string &bytes) {
  z_stream stream{};
  deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8,
               Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, bytes.size()) + 16, '\0');
  stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef *>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

/// Overrides of the end of central directory record.
struct ZipEnd {
  std::optional<uint16_t> count;
  std::optional<uint32_t> directorySize, directoryOffset;
};

/// A zip archive of `members` (no Zip64 fields).
inline std::string zipBytes(const std::vector<ZipMember> &members,
                            const ZipEnd &end = {}) {
  std::string out, directory;
  for (const ZipMember &m : members) {
    std::string data = m.deflate ? rawDeflate(m.bytes) : m.bytes;
    uint32_t crc =
        m.crc ? *m.crc
              : static_cast<uint32_t>(
                    crc32(0, reinterpret_cast<const Bytef *>(m.bytes.data()),
                          static_cast<uInt>(m.bytes.size())));
    uint32_t size = m.size ? *m.size : static_cast<uint32_t>(m.bytes.size());
    uint32_t compressed = m.compressedSize ? *m.compressedSize
                                           : static_cast<uint32_t>(data.size());
    uint32_t offset =
        m.localOffset ? *m.localOffset : static_cast<uint32_t>(out.size());
    unsigned method = m.deflate ? 8 : 0;
    std::string local;
    putLe(local, 0x04034b50, 4);
    putLe(local, 20, 2);
    putLe(local, 0, 2);
    putLe(local, method, 2);
    putLe(local, 0, 4); // Time and date.
    putLe(local, crc, 4);
    putLe(local, compressed, 4);
    putLe(local, size, 4);
    putLe(local, m.name.size(), 2);
    putLe(local, 0, 2);
    out += local + m.name + data;
    putLe(directory, 0x02014b50, 4);
    putLe(directory, 20, 2);
    putLe(directory, 20, 2);
    putLe(directory, 0, 2);
    putLe(directory, method, 2);
    putLe(directory, 0, 4);
    putLe(directory, crc, 4);
    putLe(directory, compressed, 4);
    putLe(directory, size, 4);
    putLe(directory, m.name.size(), 2);
    putLe(directory, 0, 2); // Extra field.
    putLe(directory, 0, 2); // Comment.
    putLe(directory, 0, 2); // Disk.
    putLe(directory, 0, 2); // Internal attributes.
    putLe(directory, 0, 4); // External attributes.
    putLe(directory, offset, 4);
    directory += m.name;
  }
  uint32_t directoryOffset = static_cast<uint32_t>(out.size());
  out += directory;
  putLe(out, 0x06054b50, 4);
  putLe(out, 0, 2);
  putLe(out, 0, 2);
  uint16_t count =
      end.count ? *end.count : static_cast<uint16_t>(members.size());
  putLe(out, count, 2);
  putLe(out, count, 2);
  putLe(out, end.directorySize ? *end.directorySize : directory.size(), 4);
  putLe(out, end.directoryOffset ? *end.directoryOffset : directoryOffset, 4);
  putLe(out, 0, 2);
  return out;
}

/// The members of a scipy.sparse.save_npz CSR archive of a 2 x 3 matrix,
/// [[1, 0, 2], [0, 0, 3]], each replaceable by name.
inline std::vector<ZipMember> scipyCsrMembers() {
  return {
      {"format.npy", npyBytes(npyDict("|S3", "()"), "csr")},
      {"shape.npy",
       npyBytes(npyDict("<i8", "(2,)"), rawBytes<int64_t>({2, 3}))},
      {"data.npy",
       npyBytes(npyDict("<f8", "(3,)"), rawBytes<double>({1, 2, 3}))},
      {"indices.npy",
       npyBytes(npyDict("<i4", "(3,)"), rawBytes<int32_t>({0, 2, 2}))},
      {"indptr.npy",
       npyBytes(npyDict("<i4", "(3,)"), rawBytes<int32_t>({0, 2, 3}))},
  };
}

/// `members` with the one named `name` replaced by `bytes`.
inline std::vector<ZipMember> replaced(std::vector<ZipMember> members,
                                       const std::string &name,
                                       const std::string &bytes) {
  for (ZipMember &m : members)
    if (m.name == name)
      m.bytes = bytes;
  return members;
}

/// A fixture whose tests write into a fresh directory, `dir`
/// (`<TempDir()><prefix>-XXXXXX`), removed after each test. Death tests
/// fork ("fast" style), so that their children share it.
class ScratchDirTest : public testing::Test {
protected:
  explicit ScratchDirTest(const char *prefix) : prefix(prefix) {}

  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "fast");
    std::string pattern = testing::TempDir() + prefix + "-XXXXXX";
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  /// The path of `name` in the directory.
  std::string path(const std::string &name) const { return dir + "/" + name; }

  /// Names in `folder` (the directory by default), sorted.
  std::vector<std::string> entries(const std::string &folder = "") const {
    std::vector<std::string> names;
    for (const auto &entry :
         std::filesystem::directory_iterator(folder.empty() ? dir : folder))
      names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  std::string dir;

private:
  const char *prefix;
};

} // namespace arrayrt::test

#endif // ARRAYRT_TEST_FILEBUILDERS_H
