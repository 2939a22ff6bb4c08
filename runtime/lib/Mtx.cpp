//===- Mtx.cpp - Matrix Market coordinate files ---------------------------===//
//
// Reads `%%MatrixMarket matrix coordinate <real|integer|pattern>
// <general|symmetric>` files into sorted, duplicate-free (summed) COO
// entries, mirroring a symmetric file's lower triangle; a zip archive is
// read as scipy.sparse.save_npz wrote it instead (SparseNpz.cpp). The last file read
// is kept, so that array.load_mtx's three calls (shape, coordinates, values)
// parse it once. Errors name the file and the line.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "Error.h"
#include "SparseFile.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Matrix = arrayrt::sparse_file::Entries;

[[noreturn]] void fail(const char *path, const char *location, int64_t line,
                       const std::string &what) {
  std::string where = line > 0 ? "line " + std::to_string(line) + ": " : "";
  arrayrt::fatal("%s%scannot load '%s': %s%s", location ? location : "",
                 location ? ": " : "", path, where.c_str(), what.c_str());
}

std::string lower(std::string text) {
  for (char &c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

/// A whole decimal integer, or false.
bool parseInteger(const std::string &text, int64_t &value) {
  if (text.empty())
    return false;
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno || *end)
    return false;
  value = v;
  return true;
}

bool parseReal(const std::string &text, double &value) {
  if (text.empty())
    return false;
  char *end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return !*end;
}

Matrix parse(const char *path, const char *location) {
  if (arrayrt::sparse_file::isZip(path))
    return arrayrt::sparse_file::readScipyNpz(path, location);
  std::ifstream in(path);
  if (!in)
    fail(path, location, 0, std::strerror(errno));
  std::string text;
  int64_t line = 1;
  if (!std::getline(in, text))
    fail(path, location, 0, "the file is empty");
  std::istringstream banner(text);
  std::string magic, object, format, field, symmetry;
  banner >> magic >> object >> format >> field >> symmetry;
  if (magic != "%%MatrixMarket")
    fail(path, location, line,
         "expected the banner '%%MatrixMarket matrix coordinate <field> "
         "<symmetry>', found '" +
             text.substr(0, 60) + "'");
  object = lower(object), format = lower(format), field = lower(field);
  symmetry = lower(symmetry);
  if (object != "matrix")
    fail(path, location, line,
         "only 'matrix' objects are supported, found '" + object + "'");
  if (format != "coordinate")
    fail(path, location, line,
         "only the 'coordinate' format is supported, found '" + format +
             "' (a dense 'array' file is better saved as .npy)");
  if (field != "real" && field != "integer" && field != "pattern" &&
      field != "double")
    fail(path, location, line,
         "the field must be real, integer or pattern, found '" + field + "'");
  if (symmetry != "general" && symmetry != "symmetric")
    fail(path, location, line,
         "the symmetry must be general or symmetric, found '" + symmetry + "'");
  bool pattern = field == "pattern", symmetric = symmetry == "symmetric";

  Matrix m;
  m.path = path;
  int64_t declared = -1, seen = 0;
  while (std::getline(in, text)) {
    ++line;
    size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '%')
      continue; // Comments and blank lines.
    std::istringstream fields(text);
    std::vector<std::string> parts;
    for (std::string part; fields >> part;)
      parts.push_back(part);
    if (declared < 0) {
      int64_t values[3];
      if (parts.size() != 3 || !parseInteger(parts[0], values[0]) ||
          !parseInteger(parts[1], values[1]) ||
          !parseInteger(parts[2], values[2]) || values[0] < 0 ||
          values[1] < 0 || values[2] < 0)
        fail(path, location, line,
             "expected the size line 'rows columns entries' (three "
             "non-negative integers), found '" +
                 text.substr(0, 60) + "'");
      m.rows = values[0], m.cols = values[1], declared = values[2];
      m.row.reserve(declared * (symmetric ? 2 : 1));
      m.col.reserve(declared * (symmetric ? 2 : 1));
      m.value.reserve(declared * (symmetric ? 2 : 1));
      continue;
    }
    size_t expected = pattern ? 2 : 3;
    if (parts.size() != expected)
      fail(path, location, line,
           "expected " + std::to_string(expected) +
               (pattern ? " fields (row, column)"
                        : " fields (row, column, value)") +
               ", found " + std::to_string(parts.size()));
    if (seen == declared)
      fail(path, location, line,
           "more entries than the " + std::to_string(declared) +
               " the size line declares");
    int64_t r, c;
    double v = 1.0;
    if (!parseInteger(parts[0], r))
      fail(path, location, line,
           "the row '" + parts[0] + "' is not an integer");
    if (!parseInteger(parts[1], c))
      fail(path, location, line,
           "the column '" + parts[1] + "' is not an integer");
    if (r < 1 || r > m.rows)
      fail(path, location, line,
           "row " + std::to_string(r) + " is outside 1.." +
               std::to_string(m.rows));
    if (c < 1 || c > m.cols)
      fail(path, location, line,
           "column " + std::to_string(c) + " is outside 1.." +
               std::to_string(m.cols));
    if (!pattern) {
      int64_t integer = 0;
      bool ok = field == "integer" ? parseInteger(parts[2], integer)
                                   : parseReal(parts[2], v);
      if (!ok)
        fail(path, location, line,
             "the value '" + parts[2] + "' is not " +
                 (field == "integer" ? "an integer" : "a real number"));
      if (field == "integer")
        v = static_cast<double>(integer);
    }
    if (symmetric && c > r)
      fail(path, location, line,
           "a symmetric file lists the lower triangle only, found (" +
               std::to_string(r) + ", " + std::to_string(c) + ")");
    m.row.push_back(r - 1), m.col.push_back(c - 1), m.value.push_back(v);
    if (symmetric && r != c)
      m.row.push_back(c - 1), m.col.push_back(r - 1), m.value.push_back(v);
    ++seen;
  }
  if (declared < 0)
    fail(path, location, line, "the file ends before the size line");
  if (seen < declared)
    fail(path, location, line,
         "expected " + std::to_string(declared) + " entries, found " +
             std::to_string(seen) + " (the file ends at line " +
             std::to_string(line) + ")");

  // Sort by (row, column) and sum duplicates, as SciPy's tocsr() does.
  return arrayrt::sparse_file::sortAndSum(m);
}

std::mutex &cacheMutex() {
  static std::mutex mutex;
  return mutex;
}

/// The parsed file `path`, the last one read if it is the same.
const Matrix &matrix(const char *path, const char *location) {
  static Matrix cached;
  if (cached.path != path || cached.path.empty())
    cached = parse(path, location);
  return cached;
}

/// The data pointer of a contiguous memref descriptor of `rank`.
char *dataOf(void *descriptor, int64_t elementSize) {
  struct Head {
    char *allocated, *aligned;
    int64_t offset;
  };
  auto *head = static_cast<Head *>(descriptor);
  return head->aligned + head->offset * elementSize;
}

int64_t sizeOf(void *descriptor, int64_t dim) {
  return reinterpret_cast<int64_t *>(static_cast<char *>(descriptor) +
                                     2 * sizeof(void *) + sizeof(int64_t))[dim];
}

} // namespace

extern "C" void arrayrt_mtx_shape(const char *path, int64_t *sizes,
                                  const char *location) {
  std::lock_guard<std::mutex> lock(cacheMutex());
  const Matrix &m = matrix(path, location);
  sizes[0] = m.rows;
  sizes[1] = m.cols;
  sizes[2] = static_cast<int64_t>(m.row.size());
}

extern "C" void arrayrt_load_mtx(const char *path, int32_t part, int64_t rank,
                                 void *descriptor, int32_t dtype,
                                 const char *location) {
  std::lock_guard<std::mutex> lock(cacheMutex());
  const Matrix &m = matrix(path, location);
  int64_t nnz = static_cast<int64_t>(m.row.size());
  if (part == ARRAYRT_MTX_COORDINATES) {
    if (rank != 2 || dtype != ARRAYRT_DTYPE_I64 ||
        sizeOf(descriptor, 0) != nnz || sizeOf(descriptor, 1) != 2)
      arrayrt::fatal("arrayrt_load_mtx: the coordinates buffer of '%s' must "
                     "be an int64 buffer of %lld x 2",
                     path, static_cast<long long>(nnz));
    auto *out = reinterpret_cast<int64_t *>(dataOf(descriptor, 8));
    for (int64_t i = 0; i < nnz; ++i)
      out[2 * i] = m.row[i], out[2 * i + 1] = m.col[i];
    return;
  }
  if (rank != 1 || sizeOf(descriptor, 0) != nnz ||
      (dtype != ARRAYRT_DTYPE_F32 && dtype != ARRAYRT_DTYPE_F64))
    arrayrt::fatal("arrayrt_load_mtx: the values buffer of '%s' must be a "
                   "float32 or float64 buffer of %lld",
                   path, static_cast<long long>(nnz));
  char *out = dataOf(descriptor, dtype == ARRAYRT_DTYPE_F32 ? 4 : 8);
  for (int64_t i = 0; i < nnz; ++i) {
    if (dtype == ARRAYRT_DTYPE_F32)
      reinterpret_cast<float *>(out)[i] = static_cast<float>(m.value[i]);
    else
      reinterpret_cast<double *>(out)[i] = m.value[i];
  }
}
