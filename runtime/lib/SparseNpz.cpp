//===- SparseNpz.cpp - scipy.sparse.save_npz archives ---------------------===//
//
// scipy.sparse.save_npz writes a .npz archive of .npy members: `format`
// (a 0-d bytes array: b'csr', b'csc' or b'coo'), `shape` (two integers),
// `data`, and `indices` and `indptr` (CSR, CSC) or `row` and `col` (COO).
// This reads them through the zip reader (Zip.h), parses each .npy header
// itself (the members' dtypes vary: int32 or int64 indices, any numeric
// data) and checks the arrays as SciPy's constructors do.
//
//===----------------------------------------------------------------------===//

#include "SparseFile.h"

#include "Error.h"
#include "Zip.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <unistd.h>

namespace arrayrt::sparse_file {
namespace {

/// One .npy member: its dtype string, shape and the file's bytes, whose
/// raw little-endian data start at `dataOffset`.
struct Member {
  std::string name, descr;
  std::vector<int64_t> shape;
  std::string bytes;
  size_t dataOffset = 0;

  const char *data() const { return bytes.data() + dataOffset; }
  size_t dataSize() const { return bytes.size() - dataOffset; }

  int64_t count() const {
    int64_t n = 1;
    for (int64_t size : shape)
      n *= size;
    return n;
  }
};

struct Reader {
  const char *path, *location;

  [[noreturn]] void failMember(const std::string &member,
                               const std::string &what) const {
    fail(path, location, "member '" + member + "': " + what);
  }

  /// The text after `key` in the header dict, up to `end`.
  std::string field(const std::string &header, const std::string &member,
                    const char *key, char end) const {
    size_t at = header.find(key);
    if (at == std::string::npos)
      failMember(member, std::string("the .npy header has no ") + key);
    at += std::strlen(key);
    size_t stop = header.find(end, at);
    if (stop == std::string::npos)
      failMember(member, "a malformed .npy header");
    return header.substr(at, stop - at);
  }

  Member read(const char *name) const {
    std::string error;
    int fd = zip::extractMember(path, name, error);
    if (fd < 0)
      fail(path, location, error);
    std::string bytes;
    char buffer[1 << 16];
    ssize_t got;
    while ((got = ::read(fd, buffer, sizeof(buffer))) > 0)
      bytes.append(buffer, static_cast<size_t>(got));
    ::close(fd);
    Member m;
    m.name = name;
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
      failMember(name, "not a .npy file");
    unsigned major = static_cast<unsigned char>(bytes[6]);
    size_t lengthBytes = major == 1 ? 2 : 4;
    size_t length = 0;
    for (size_t i = 0; i < lengthBytes; ++i)
      length |= size_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
    size_t start = 8 + lengthBytes;
    if (major < 1 || major > 3 || bytes.size() < start + length)
      failMember(name, "a malformed .npy header");
    std::string header = bytes.substr(start, length);
    m.descr = field(header, name, "'descr': '", '\'');
    if (field(header, name, "'fortran_order': ", ',') != "False")
      failMember(name, "Fortran-order arrays are not supported");
    std::string shape = field(header, name, "'shape': (", ')');
    for (size_t at = 0; at < shape.size();) {
      size_t comma = shape.find(',', at);
      std::string item = shape.substr(at, comma == std::string::npos
                                              ? std::string::npos
                                              : comma - at);
      if (item.find_first_not_of(' ') != std::string::npos)
        m.shape.push_back(std::stoll(item));
      if (comma == std::string::npos)
        break;
      at = comma + 1;
    }
    m.dataOffset = start + length;
    m.bytes = std::move(bytes);
    return m;
  }

  /// The elements of a numeric member as `T` (int64 for coordinates and
  /// offsets, which must then be integers; double for values).
  template <typename T>
  std::vector<T> numbers(const Member &m, bool integral) const {
    const std::string &d = m.descr;
    if (d.size() < 3 || (d[0] != '<' && d[0] != '|' && d[0] != '='))
      failMember(m.name, "dtype '" + d + "' is not little-endian");
    char kind = d[1];
    size_t size = std::stoul(d.substr(2));
    bool ok = (kind == 'i' || kind == 'u') ? (size == 1 || size == 2 ||
                                              size == 4 || size == 8)
              : kind == 'f'                ? (!integral && (size == 4 ||
                                                            size == 8))
              : kind == 'b'                ? (!integral && size == 1)
                                           : false;
    if (!ok)
      failMember(m.name, std::string("dtype '") + d + "' is not " +
                             (integral ? "an integer type"
                                       : "a number type (integer, float32, "
                                         "float64 or bool)"));
    int64_t n = m.count();
    if (static_cast<int64_t>(m.dataSize()) < n * static_cast<int64_t>(size))
      failMember(m.name, "the data ends before its " + std::to_string(n) +
                             " elements");
    std::vector<T> out(n);
    const char *p = m.data();
    for (int64_t i = 0; i < n; ++i, p += size) {
      if (kind == 'f') {
        if (size == 4) {
          float v;
          std::memcpy(&v, p, 4);
          out[i] = static_cast<T>(v);
        } else {
          double v;
          std::memcpy(&v, p, 8);
          out[i] = static_cast<T>(v);
        }
        continue;
      }
      uint64_t raw = 0;
      std::memcpy(&raw, p, size);
      int64_t v = static_cast<int64_t>(raw);
      if (kind == 'i' && size < 8 && (raw >> (8 * size - 1)) & 1)
        v = static_cast<int64_t>(raw | (~uint64_t(0) << (8 * size)));
      out[i] = static_cast<T>(v);
    }
    return out;
  }

  std::vector<int64_t> vector(const char *name, const char *what) const {
    Member m = read(name);
    if (m.shape.size() != 1)
      failMember(name, std::string(what) + " must have rank 1, found rank " +
                           std::to_string(m.shape.size()));
    return numbers<int64_t>(m, true);
  }
};

} // namespace

void fail(const char *path, const char *location, const std::string &what) {
  arrayrt::fatal("%s%scannot load '%s': %s", location ? location : "",
                 location ? ": " : "", path, what.c_str());
}

bool isZip(const char *path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {0, 0, 0, 0};
  in.read(magic, 4);
  return in && std::memcmp(magic, "PK\x03\x04", 4) == 0;
}

Entries readScipyNpz(const char *path, const char *location) {
  Reader r{path, location};
  Member format = r.read("format");
  std::string text;
  if (format.descr.size() > 2 && format.descr[1] == 'S') {
    text = std::string(format.data(),
                       std::min(format.dataSize(),
                                size_t(std::stoul(format.descr.substr(2)))));
  } else if (format.descr.size() > 2 && format.descr[1] == 'U') {
    for (size_t i = 0; i + 4 <= format.dataSize() &&
                       i < 4 * std::stoul(format.descr.substr(2));
         i += 4)
      text += format.data()[i];
  } else {
    r.failMember("format", "expected a string, found dtype '" + format.descr +
                               "'");
  }
  text = text.substr(0, text.find('\0'));
  if (text != "csr" && text != "csc" && text != "coo")
    r.failMember("format", "expected 'csr', 'csc' or 'coo' (what "
                           "scipy.sparse.save_npz writes for them), found '" +
                               text + "'");
  std::vector<int64_t> shape = r.vector("shape", "the shape");
  if (shape.size() != 2 || shape[0] < 0 || shape[1] < 0)
    r.failMember("shape", "expected two sizes of at least 0");
  Entries e;
  e.path = path;
  e.rows = shape[0];
  e.cols = shape[1];
  Member data = r.read("data");
  if (data.shape.size() != 1)
    r.failMember("data", "must have rank 1");
  e.value = r.numbers<double>(data, false);
  int64_t nnz = static_cast<int64_t>(e.value.size());
  auto checkSize = [&](const std::vector<int64_t> &v, const char *name) {
    if (static_cast<int64_t>(v.size()) != nnz)
      r.failMember(name, "has " + std::to_string(v.size()) +
                             " elements but data has " + std::to_string(nnz));
  };
  auto checkRange = [&](int64_t value, int64_t bound, const char *name,
                        int64_t at) {
    if (value < 0 || value >= bound)
      r.failMember(name, "element " + std::to_string(at) + " is " +
                             std::to_string(value) + ", outside 0.." +
                             std::to_string(bound - 1));
  };
  if (text == "coo") {
    e.row = r.vector("row", "row");
    e.col = r.vector("col", "col");
    checkSize(e.row, "row");
    checkSize(e.col, "col");
    for (int64_t k = 0; k < nnz; ++k) {
      checkRange(e.row[k], e.rows, "row", k);
      checkRange(e.col[k], e.cols, "col", k);
    }
    return sortAndSum(e);
  }
  // CSR: indptr over rows, indices are columns; CSC the other way round.
  bool csr = text == "csr";
  int64_t major = csr ? e.rows : e.cols, minor = csr ? e.cols : e.rows;
  std::vector<int64_t> indptr = r.vector("indptr", "indptr");
  std::vector<int64_t> indices = r.vector("indices", "indices");
  checkSize(indices, "indices");
  if (static_cast<int64_t>(indptr.size()) != major + 1)
    r.failMember("indptr", "has " + std::to_string(indptr.size()) +
                               " elements; a " + text + " matrix of shape (" +
                               std::to_string(e.rows) + ", " +
                               std::to_string(e.cols) + ") needs " +
                               std::to_string(major + 1));
  if (indptr[0] != 0 || indptr[major] != nnz)
    r.failMember("indptr", "must start at 0 and end at the number of entries "
                           "(" +
                               std::to_string(nnz) + "), found " +
                               std::to_string(indptr[0]) + " and " +
                               std::to_string(indptr[major]));
  for (int64_t i = 0; i < major; ++i) {
    if (indptr[i + 1] < indptr[i])
      r.failMember("indptr", "decreases at element " + std::to_string(i + 1));
    for (int64_t k = indptr[i]; k < indptr[i + 1]; ++k) {
      checkRange(indices[k], minor, "indices", k);
      e.row.push_back(csr ? i : indices[k]);
      e.col.push_back(csr ? indices[k] : i);
    }
  }
  return sortAndSum(e);
}

Entries sortAndSum(const Entries &m) {
  std::vector<size_t> order(m.row.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return m.row[a] != m.row[b] ? m.row[a] < m.row[b] : m.col[a] < m.col[b];
  });
  Entries sorted;
  sorted.path = m.path, sorted.rows = m.rows, sorted.cols = m.cols;
  for (size_t i : order) {
    if (!sorted.row.empty() && sorted.row.back() == m.row[i] &&
        sorted.col.back() == m.col[i]) {
      sorted.value.back() += m.value[i];
      continue;
    }
    sorted.row.push_back(m.row[i]);
    sorted.col.push_back(m.col[i]);
    sorted.value.push_back(m.value[i]);
  }
  return sorted;
}

} // namespace arrayrt::sparse_file
