//===- Mtx.cpp - Matrix Market coordinate files ---------------------------===//
//
// Reads `%%MatrixMarket matrix coordinate <real|integer|pattern>
// <general|symmetric>` files into sorted, duplicate-free (summed) COO
// entries, mirroring a symmetric file's lower triangle; a zip archive is
// read as scipy.sparse.save_npz wrote it instead (SparseNpz.cpp). The last
// file read is kept, so that array.load_mtx's three calls (shape,
// coordinates, values) parse it once. Errors name the file and the line.
// The size line's entry count is checked against the bytes left in the file
// and against host memory before anything is stored, and the matrix's
// offsets against host memory before the program allocates them.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"
#include "io/SparseFile.h"
#include "memory/HostMemoryLimit.h"
#include "memory/Memref.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace arrayrt::sparse_file {
namespace {

/// Throws `[location: ]cannot load 'path': [line N: ]what`.
[[noreturn]] void failAt(const char *path, const char *location, int64_t line,
                         const std::string &what) {
  std::string where = line > 0 ? "line " + std::to_string(line) + ": " : "";
  fail(path, location, where + what);
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

/// The first bytes of a file as text: printable ASCII as it is, the rest
/// as \xNN.
std::string describeStart(const char *bytes, size_t size) {
  std::string text;
  for (size_t i = 0; i < size; ++i) {
    auto c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      text += static_cast<char>(c);
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\x%02x", c);
      text += escaped;
    }
  }
  return text;
}

bool endsWith(const std::string &text, const char *suffix) {
  size_t length = std::strlen(suffix);
  return text.size() >= length &&
         lower(text.substr(text.size() - length)) == suffix;
}

// The fewest bytes an entry line takes: "1 1" (pattern) or "1 1 1", and a
// newline except on the last line.
constexpr int64_t kPatternEntryBytes = 4, kValueEntryBytes = 6;
// Host memory per stored entry while reading and sorting: the entries (row,
// column, value: 24 bytes), the sort's order (8) and the sorted copy (24).
constexpr uint64_t kBytesPerEntry = 56;

} // namespace

Entries readMatrixMarket(std::istream &in, int64_t fileSize, const char *path,
                         const char *location) {
  std::string text;
  int64_t line = 1;
  if (!std::getline(in, text))
    failAt(path, location, 0, "the file is empty");
  int64_t consumed = static_cast<int64_t>(text.size()) + 1;
  std::istringstream banner(text);
  std::string magic, object, format, field, symmetry;
  banner >> magic >> object >> format >> field >> symmetry;
  if (magic != "%%MatrixMarket")
    failAt(path, location, line,
           "expected the banner '%%MatrixMarket matrix coordinate <field> "
           "<symmetry>', found '" +
               describeStart(text.data(), std::min<size_t>(text.size(), 60)) +
               "' (the file is neither a Matrix Market file nor a zip "
               "archive, which scipy.sparse.save_npz writes)");
  object = lower(object), format = lower(format), field = lower(field);
  symmetry = lower(symmetry);
  if (object != "matrix")
    failAt(path, location, line,
           "only 'matrix' objects are supported, found '" + object + "'");
  if (format != "coordinate")
    failAt(path, location, line,
           "only the 'coordinate' format is supported, found '" + format +
               "' (a dense 'array' file is better saved as .npy)");
  if (field != "real" && field != "integer" && field != "pattern" &&
      field != "double")
    failAt(path, location, line,
           "the field must be real, integer or pattern, found '" + field + "'");
  if (symmetry != "general" && symmetry != "symmetric")
    failAt(path, location, line,
           "the symmetry must be general or symmetric, found '" + symmetry +
               "'");
  bool pattern = field == "pattern", symmetric = symmetry == "symmetric";

  Entries m;
  m.path = path;
  int64_t declared = -1, seen = 0;
  while (std::getline(in, text)) {
    ++line;
    consumed += static_cast<int64_t>(text.size()) + 1;
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
        failAt(path, location, line,
               "expected the size line 'rows columns entries' (three "
               "non-negative integers), found '" +
                   text.substr(0, 60) + "'");
      m.rows = values[0], m.cols = values[1], declared = values[2];
      // A mirrored entry (c, r) must be inside the matrix too.
      if (symmetric && m.rows != m.cols)
        failAt(path, location, line,
               "a symmetric matrix must be square, found " +
                   std::to_string(m.rows) + " x " + std::to_string(m.cols));
      // What is stored before the entries are read is bounded by what the
      // rest of the file can hold (a file shorter than its size line says
      // ends in "expected N entries, found M"), and checked against host
      // memory. Where the file's size is unknown (a pipe), the vectors
      // grow with the entries read instead.
      uint64_t possible = static_cast<uint64_t>(declared);
      if (fileSize >= 0) {
        int64_t left = std::max<int64_t>(fileSize - consumed, 0);
        possible = std::min<uint64_t>(
            possible,
            (left + 1) / (pattern ? kPatternEntryBytes : kValueEntryBytes));
      } else {
        possible = std::min<uint64_t>(possible, 1 << 16);
      }
      uint64_t stored = possible * (symmetric ? 2 : 1);
      if (fileSize >= 0) {
        uint64_t bytes;
        if (__builtin_mul_overflow(stored, kBytesPerEntry, &bytes))
          bytes = UINT64_MAX;
        std::string tooLarge = exceedsHostMemory(bytes);
        if (!tooLarge.empty())
          failAt(path, location, line,
                 "the size line declares " + std::to_string(declared) +
                     " entries: reading and sorting them takes about " +
                     tooLarge);
      }
      m.row.reserve(static_cast<size_t>(stored));
      m.col.reserve(static_cast<size_t>(stored));
      m.value.reserve(static_cast<size_t>(stored));
      continue;
    }
    size_t expected = pattern ? 2 : 3;
    if (parts.size() != expected)
      failAt(path, location, line,
             "expected " + std::to_string(expected) +
                 (pattern ? " fields (row, column)"
                          : " fields (row, column, value)") +
                 ", found " + std::to_string(parts.size()));
    if (seen == declared)
      failAt(path, location, line,
             "more entries than the " + std::to_string(declared) +
                 " the size line declares");
    int64_t r, c;
    double v = 1.0;
    if (!parseInteger(parts[0], r))
      failAt(path, location, line,
             "the row '" + parts[0] + "' is not an integer");
    if (!parseInteger(parts[1], c))
      failAt(path, location, line,
             "the column '" + parts[1] + "' is not an integer");
    if (r < 1 || r > m.rows)
      failAt(path, location, line,
             "row " + std::to_string(r) + " is outside 1.." +
                 std::to_string(m.rows));
    if (c < 1 || c > m.cols)
      failAt(path, location, line,
             "column " + std::to_string(c) + " is outside 1.." +
                 std::to_string(m.cols));
    if (!pattern) {
      int64_t integer = 0;
      bool ok = field == "integer" ? parseInteger(parts[2], integer)
                                   : parseReal(parts[2], v);
      if (!ok)
        failAt(path, location, line,
               "the value '" + parts[2] + "' is not " +
                   (field == "integer" ? "an integer" : "a real number"));
      if (field == "integer")
        v = static_cast<double>(integer);
    }
    if (symmetric && c > r)
      failAt(path, location, line,
             "a symmetric file lists the lower triangle only, found (" +
                 std::to_string(r) + ", " + std::to_string(c) + ")");
    m.row.push_back(r - 1), m.col.push_back(c - 1), m.value.push_back(v);
    if (symmetric && r != c)
      m.row.push_back(c - 1), m.col.push_back(r - 1), m.value.push_back(v);
    ++seen;
  }
  if (in.bad())
    failAt(path, location, 0, std::strerror(errno));
  if (declared < 0)
    failAt(path, location, line, "the file ends before the size line");
  if (seen < declared)
    failAt(path, location, line,
           "expected " + std::to_string(declared) + " entries, found " +
               std::to_string(seen) + " (the file ends at line " +
               std::to_string(line) + ")");

  // Sort by (row, column) and sum duplicates, as SciPy's tocsr() does.
  return sortAndSum(m);
}

Entries readMatrixFile(const char *path, const char *location) {
  if (!path)
    fail(path, location, "the path is NULL");
  struct stat status;
  if (::stat(path, &status) != 0)
    fail(path, location, std::strerror(errno));
  if (S_ISDIR(status.st_mode))
    fail(path, location, std::strerror(EISDIR));
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail(path, location, std::strerror(errno));
  // What the file starts with, read once (a pipe cannot be read twice).
  char start[16];
  auto got = static_cast<size_t>(in.rdbuf()->sgetn(start, sizeof(start)));
  if (got >= 4 && (std::memcmp(start, "PK\x03\x04", 4) == 0 ||
                   std::memcmp(start, "PK\x05\x06", 4) == 0)) {
    in.close();
    return readScipyNpz(path, location);
  }
  if (endsWith(path, ".npz"))
    // array.load_sparse's files: say what the file is not, and how it
    // starts.
    fail(path, location,
         "not a zip archive, so not an .npz file as scipy.sparse.save_npz "
         "writes (" +
             (got == 0 ? std::string("the file is empty")
                       : "it starts with '" + describeStart(start, got) + "'") +
             ")");
  // Back to the start: within the stream's buffer, else by seeking.
  bool back = true;
  for (size_t i = 0; i < got && back; ++i)
    back = in.rdbuf()->sungetc() != std::char_traits<char>::eof();
  if (!back) {
    in.clear();
    in.seekg(0);
    if (!in)
      fail(path, location, "cannot read the file again from its start");
  }
  return readMatrixMarket(in, S_ISREG(status.st_mode) ? status.st_size : -1,
                          path, location);
}

} // namespace arrayrt::sparse_file

namespace {

using Matrix = arrayrt::sparse_file::Entries;

std::mutex &cacheMutex() {
  static std::mutex mutex;
  return mutex;
}

/// The parsed file `path`, the last one read if it is the same. Throws
/// Failure.
const Matrix &matrix(const char *path, const char *location) {
  static Matrix cached;
  if (!path)
    arrayrt::sparse_file::fail(path, location, "the path is NULL");
  if (cached.path != path || cached.path.empty()) {
    cached = Matrix();
    cached = arrayrt::sparse_file::readMatrixFile(path, location);
  }
  return cached;
}

/// Runs an entry point's `body`, reporting what it throws and exiting.
template <typename Body>
void run(const char *path, const char *location, Body &&body) {
  arrayrt::exitOnFailure(
      [&] {
        return arrayrt::locationPrefix(location) + "cannot load '" +
               (path ? path : "(null)") + "': ";
      },
      body);
}

/// The data pointer of a contiguous memref descriptor.
char *dataOf(void *descriptor, int64_t elementSize) {
  return arrayrt::readMemref(0, descriptor).origin(elementSize);
}

/// Size `dim` of a memref descriptor (read only once its rank is known).
int64_t sizeOf(void *descriptor, int64_t dim) {
  return arrayrt::readMemref(0, descriptor).sizes[dim];
}

} // namespace

extern "C" void arrayrt_mtx_shape(const char *path, int64_t *sizes,
                                  const char *location) {
  run(path, location, [&] {
    std::lock_guard<std::mutex> lock(cacheMutex());
    const Matrix &m = matrix(path, location);
    // The program allocates its CSR or CSC arrays from these sizes next.
    arrayrt::sparse_file::checkFitsInMemory(m, location);
    sizes[0] = m.rows;
    sizes[1] = m.cols;
    sizes[2] = static_cast<int64_t>(m.row.size());
    arrayrt::notePendingAllocation(
        location, "for the matrix of '" + m.path + "': " +
                      std::to_string(m.rows) + " x " +
                      std::to_string(m.cols) + ", " +
                      std::to_string(m.row.size()) + " entries");
  });
}

extern "C" void arrayrt_load_mtx(const char *path, int32_t part, int64_t rank,
                                 void *descriptor, int32_t dtype,
                                 const char *location) {
  run(path, location, [&] {
    std::lock_guard<std::mutex> lock(cacheMutex());
    const Matrix &m = matrix(path, location);
    int64_t nnz = static_cast<int64_t>(m.row.size());
    // A buffer the program could not allocate (malloc returned NULL).
    auto requireBuffer = [&](const void *out, const char *what) {
      if (nnz > 0 && reinterpret_cast<uintptr_t>(out) < 4096)
        arrayrt::sparse_file::fail(
            path, location,
            "there is no buffer for its " + std::to_string(nnz) + " " + what +
                " (the program could not allocate it: out of host memory)");
    };
    if (part == ARRAYRT_MTX_COORDINATES) {
      if (rank != 2 || dtype != ARRAYRT_DTYPE_I64 ||
          sizeOf(descriptor, 0) != nnz || sizeOf(descriptor, 1) != 2)
        arrayrt::fatal("arrayrt_load_mtx: the coordinates buffer of '%s' "
                       "must be an int64 buffer of %lld x 2",
                       path, static_cast<long long>(nnz));
      auto *out = reinterpret_cast<int64_t *>(dataOf(descriptor, 8));
      requireBuffer(out, "coordinates");
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
    requireBuffer(out, "values");
    for (int64_t i = 0; i < nnz; ++i) {
      if (dtype == ARRAYRT_DTYPE_F32)
        reinterpret_cast<float *>(out)[i] = static_cast<float>(m.value[i]);
      else
        reinterpret_cast<double *>(out)[i] = m.value[i];
    }
  });
}
