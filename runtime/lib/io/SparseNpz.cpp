//===- SparseNpz.cpp - scipy.sparse.save_npz archives ---------------------===//
//
// scipy.sparse.save_npz writes a .npz archive of .npy members: `format`
// (a 0-d bytes array: b'csr', b'csc' or b'coo'), `shape` (two integers),
// `data`, and `indices` and `indptr` (CSR, CSC) or `row` and `col` (COO).
// This reads them through the zip reader (Zip.h) and the .npy header reader
// (Npy.h; the members' dtypes vary: int32 or int64 indices, any numeric
// data) and checks the arrays as SciPy's constructors do. Every size is
// checked against the bytes the member holds before it is used.
//
//===----------------------------------------------------------------------===//

#include "io/SparseFile.h"

#include "driver/Error.h"
#include "io/Npy.h"
#include "io/Zip.h"
#include "memory/HostMemoryLimit.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arrayrt::sparse_file {
namespace {

/// One .npy member: its header and the bytes after it.
struct Member {
  std::string name;
  npy::Header header;
  std::string data;
};

/// A dtype string `<kind><size>` after its byte order, e.g. '<i4', '|S3'.
struct Dtype {
  char order = 0, kind = 0;
  size_t size = 0;
};

/// Parses `descr`; false if it is not `[<|=>]<kind><1-5 digits>`.
bool parseDtype(const std::string &descr, Dtype &dtype) {
  if (descr.size() < 3 || !std::strchr("<|=>", descr[0]) || descr[0] == '\0')
    return false;
  std::string digits = descr.substr(2);
  if (digits.empty() || digits.size() > 5 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return false;
  dtype.order = descr[0];
  dtype.kind = descr[1];
  dtype.size = std::stoul(digits);
  return true;
}

struct Reader {
  const char *path, *location;

  [[noreturn]] void failMember(const std::string &member,
                               const std::string &what) const {
    fail(path, location, "member '" + member + "': " + what);
  }

  Member read(const char *name) const {
    std::string error;
    int fd = zip::extractMember(path, name, error);
    if (fd < 0)
      fail(path, location, error);
    struct Closer {
      int fd;
      ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat status;
    if (::fstat(fd, &status) != 0)
      fail(path, location, std::strerror(errno));
    Member m;
    m.name = name;
    if (!npy::readHeader(fd, status.st_size, m.header, error))
      failMember(name, error);
    if (m.header.fortranOrder && m.header.shape.size() > 1)
      failMember(name, "Fortran-order arrays are not supported");
    // The member is in memory already (its size was checked then), so
    // its data fits too.
    size_t size = static_cast<size_t>(status.st_size) -
                  static_cast<size_t>(m.header.dataOffset);
    m.data.resize(size);
    size_t done = 0;
    while (done < size) {
      ssize_t n = ::read(fd, m.data.data() + done, size - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        fail(path, location, std::strerror(errno));
      if (n == 0)
        break;
      done += static_cast<size_t>(n);
    }
    m.data.resize(done);
    return m;
  }

  /// The number of elements of `m`, checked against the bytes it holds
  /// for elements of `itemSize` bytes.
  int64_t count(const Member &m, size_t itemSize) const {
    int64_t n = 1;
    for (int64_t size : m.header.shape)
      if (__builtin_mul_overflow(n, size, &n))
        failMember(m.name, "its shape is too large");
    int64_t bytes;
    if (__builtin_mul_overflow(n, static_cast<int64_t>(itemSize), &bytes) ||
        static_cast<uint64_t>(bytes) > m.data.size())
      failMember(m.name, "the data ends before its " + std::to_string(n) +
                             " elements (" + std::to_string(m.data.size()) +
                             " bytes)");
    return n;
  }

  /// The elements of a numeric member as `T` (int64 for coordinates and
  /// offsets, which must then be integers; double for values).
  template <typename T>
  std::vector<T> numbers(const Member &m, bool integral) const {
    const std::string &d = m.header.descr;
    std::string shown = m.header.structured ? m.header.descrSource : d;
    const char *expected = integral ? "an integer type"
                                    : "a number type (integer, float32, "
                                      "float64 or bool)";
    Dtype dtype;
    if (!parseDtype(d, dtype))
      failMember(m.name, "dtype '" + shown + "' is not " + expected);
    if (dtype.order == '>')
      failMember(m.name, "dtype '" + shown + "' is not little-endian");
    char kind = dtype.kind;
    size_t size = dtype.size;
    bool ok = (kind == 'i' || kind == 'u') ? (size == 1 || size == 2 ||
                                              size == 4 || size == 8)
              : kind == 'f'                ? (!integral && (size == 4 ||
                                                            size == 8))
              : kind == 'b'                ? (!integral && size == 1)
                                           : false;
    if (!ok)
      failMember(m.name, "dtype '" + d + "' is not " + expected);
    int64_t n = count(m, size);
    std::vector<T> out(static_cast<size_t>(n));
    const char *p = m.data.data();
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
      if (kind == 'b') {
        out[i] = static_cast<T>(raw != 0);
        continue;
      }
      if (kind == 'u') {
        if (integral && raw > static_cast<uint64_t>(INT64_MAX))
          failMember(m.name, "element " + std::to_string(i) + " is " +
                                 std::to_string(raw) + ", beyond any index");
        out[i] = static_cast<T>(raw);
        continue;
      }
      int64_t v = static_cast<int64_t>(raw);
      if (size < 8 && (raw >> (8 * size - 1)) & 1)
        v = static_cast<int64_t>(raw | (~uint64_t(0) << (8 * size)));
      out[i] = static_cast<T>(v);
    }
    return out;
  }

  std::vector<int64_t> vector(const char *name, const char *what) const {
    Member m = read(name);
    if (m.header.shape.size() != 1)
      failMember(name, std::string(what) + " must have rank 1, found rank " +
                           std::to_string(m.header.shape.size()));
    return numbers<int64_t>(m, true);
  }

  /// The text of the 0-d string member `format`.
  std::string formatText() const {
    Member format = read("format");
    Dtype dtype;
    const std::string &d = format.header.descr;
    if (!parseDtype(d, dtype) || (dtype.kind != 'S' && dtype.kind != 'U'))
      failMember(
          "format",
          "expected a string, found dtype '" +
              (format.header.structured ? format.header.descrSource : d) + "'");
    if (!format.header.shape.empty())
      failMember("format", "expected a 0-d string array, found rank " +
                               std::to_string(format.header.shape.size()));
    std::string text;
    if (dtype.kind == 'S') {
      text = format.data.substr(0, std::min(format.data.size(), dtype.size));
    } else {
      // UTF-32: the names are ASCII.
      for (size_t i = 0; i / 4 < dtype.size && i + 4 <= format.data.size();
           i += 4)
        text += format.data[i];
    }
    return text.substr(0, text.find('\0'));
  }
};

} // namespace

void fail(const char *path, const char *location, const std::string &what) {
  throw Failure(locationPrefix(location) + "cannot load '" +
                (path ? path : "(null)") + "': " + what);
}

Entries readScipyNpz(const char *path, const char *location) {
  Reader r{path, location};
  std::string text = r.formatText();
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
  if (data.header.shape.size() != 1)
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
  if (static_cast<uint64_t>(indptr.size()) - 1 != static_cast<uint64_t>(major))
    r.failMember("indptr",
                 "has " + std::to_string(indptr.size()) + " elements; a " +
                     text + " matrix of shape (" + std::to_string(e.rows) +
                     ", " + std::to_string(e.cols) + ") needs " +
                     std::to_string(static_cast<uint64_t>(major) + 1));
  if (indptr[0] != 0 || indptr[major] != nnz)
    r.failMember("indptr", "must start at 0 and end at the number of entries "
                           "(" +
                               std::to_string(nnz) + "), found " +
                               std::to_string(indptr[0]) + " and " +
                               std::to_string(indptr[major]));
  // Nondecreasing from 0 to nnz: every offset is within indices.
  for (int64_t i = 0; i < major; ++i)
    if (indptr[i + 1] < indptr[i])
      r.failMember("indptr", "decreases at element " + std::to_string(i + 1));
  e.row.reserve(static_cast<size_t>(nnz));
  e.col.reserve(static_cast<size_t>(nnz));
  for (int64_t i = 0; i < major; ++i) {
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

void checkFitsInMemory(const Entries &m, const char *location) {
  // The compiled program allocates rows + 1 offsets for a CSR result,
  // cols + 1 for a CSC one (up to 8 bytes each); the runtime cannot tell
  // which, so both must fit.
  uint64_t longer = static_cast<uint64_t>(std::max(m.rows, m.cols));
  uint64_t bytes;
  if (__builtin_add_overflow(longer, 1, &bytes) ||
      __builtin_mul_overflow(bytes, 8, &bytes))
    bytes = UINT64_MAX;
  std::string tooLarge = exceedsHostMemory(bytes);
  if (!tooLarge.empty())
    fail(m.path.c_str(), location,
         "a " + std::to_string(m.rows) + " x " + std::to_string(m.cols) +
             " matrix does not fit in host memory: the offsets of its rows "
             "(CSR) or columns (CSC), " +
             tooLarge);
}

} // namespace arrayrt::sparse_file
