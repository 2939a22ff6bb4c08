//===- Npy.cpp - Reading and writing NumPy .npy files ---------------------===//
//
// The format (numpy/lib/format.py): the magic string "\x93NUMPY", a version
// (major, minor byte), the header length (little-endian uint16 in 1.0, uint32
// in 2.0 and 3.0), and a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// padded with spaces and a newline so that the data, the elements in C or
// Fortran order, starts at a multiple of 64 bytes. 3.0 differs from 2.0 only
// in encoding the header as UTF-8 instead of Latin-1, which matters only for
// structured dtypes' field names.
//
//===----------------------------------------------------------------------===//

#include "Npy.h"

#include "Error.h"
#include "Zip.h"
#include "arrayrt/arrayrt.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "arrayrt's .npy support assumes a little-endian host"
#endif

namespace {

/// Python's repr of a tuple of ints; -1 (an unchecked size) shows as `?`.
std::string formatShape(int64_t rank, const int64_t *shape) {
  std::string text = "(";
  for (int64_t i = 0; i < rank; ++i) {
    if (i > 0)
      text += ", ";
    text += shape[i] == -1 ? std::string("?") : std::to_string(shape[i]);
  }
  if (rank == 1)
    text += ',';
  return text + ')';
}

constexpr size_t kArrayAlign = 64;
// numpy.lib.format.GROWTH_AXIS_MAX_DIGITS: the header leaves room for the
// first axis to grow to this many digits in place.
constexpr size_t kGrowthAxisMaxDigits = 21;
constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

} // namespace

namespace arrayrt {
namespace npy {

// Indexed by arrayrt_dtype_t: the one place that maps codes to descrs.
static const DtypeInfo kDtypes[] = {
    {"|b1", 1, "i1"},     // ARRAYRT_DTYPE_I1
    {"|i1", 1, "i8"},     // ARRAYRT_DTYPE_I8
    {"<i2", 2, "i16"},    // ARRAYRT_DTYPE_I16
    {"<i4", 4, "i32"},    // ARRAYRT_DTYPE_I32
    {"<i8", 8, "i64"},    // ARRAYRT_DTYPE_I64
    {"|u1", 1, "ui8"},    // ARRAYRT_DTYPE_UI8
    {"<u2", 2, "ui16"},   // ARRAYRT_DTYPE_UI16
    {"<u4", 4, "ui32"},   // ARRAYRT_DTYPE_UI32
    {"<u8", 8, "ui64"},   // ARRAYRT_DTYPE_UI64
    {"<f2", 2, "f16"},    // ARRAYRT_DTYPE_F16
    {nullptr, 2, "bf16"}, // ARRAYRT_DTYPE_BF16
    {"<f4", 4, "f32"},    // ARRAYRT_DTYPE_F32
    {"<f8", 8, "f64"},    // ARRAYRT_DTYPE_F64
};
static_assert(sizeof(kDtypes) / sizeof(kDtypes[0]) == ARRAYRT_DTYPE_F64 + 1,
              "one table entry per arrayrt_dtype_t");

const DtypeInfo *dtypeInfo(int32_t dtype) {
  if (dtype < 0 || dtype > ARRAYRT_DTYPE_F64)
    return nullptr;
  return &kDtypes[dtype];
}

std::string formatHeader(const char *descr, int64_t rank,
                         const int64_t *shape) {
  // Keys sorted, each value's repr followed by ", ", as
  // numpy.lib.format._write_array_header writes them.
  std::string dict =
      std::string("{'descr': '") + descr +
      "', 'fortran_order': False, 'shape': " + formatShape(rank, shape) + ", }";
  if (rank > 0) {
    size_t digits = std::to_string(shape[0]).size();
    if (digits < kGrowthAxisMaxDigits)
      dict.append(kGrowthAxisMaxDigits - digits, ' ');
  }
  // _wrap_header: the padding makes magic + version + length + header a
  // multiple of 64 (adding a whole 64 when it already is), then a newline.
  size_t headerLength = dict.size() + 1;
  int major = 1;
  size_t lengthBytes = 2;
  size_t padding =
      kArrayAlign - (kMagicSize + 2 + lengthBytes + headerLength) % kArrayAlign;
  if (headerLength + padding > 0xffff) {
    major = 2;
    lengthBytes = 4;
    padding = kArrayAlign -
              (kMagicSize + 2 + lengthBytes + headerLength) % kArrayAlign;
  }
  size_t total = headerLength + padding;
  std::string out(kMagic, kMagicSize);
  out += static_cast<char>(major);
  out += '\0';
  for (size_t i = 0; i < lengthBytes; ++i)
    out += static_cast<char>((total >> (8 * i)) & 0xff);
  out += dict;
  out.append(padding, ' ');
  out += '\n';
  return out;
}

Memref readDescriptor(int64_t rank, void *descriptor) {
  struct Header {
    void *allocated;
    char *aligned;
    int64_t offset;
  };
  const auto *header = static_cast<const Header *>(descriptor);
  const auto *sizes = reinterpret_cast<const int64_t *>(header + 1);
  return {header->aligned, header->offset, sizes, sizes + rank};
}

} // namespace npy
} // namespace arrayrt

namespace {

using arrayrt::npy::DtypeInfo;
using arrayrt::npy::Memref;
using arrayrt::npy::readDescriptor;

/// What an entry point does, for its error messages.
struct Op {
  const char *verb; // "load" or "save".
  const char *path;
  const char *location;
  /// The member of the .npz archive `path` (its name in messages), read
  /// from the open `fd` instead of opening `path`; null for a .npy file.
  const char *member = nullptr;
  int fd = -1;
};

/// Fails with `arrayrt: error: [<location>: ]cannot <verb> '<path>': <what>`
/// (`'<member>' in '<path>'` for an archive member).
[[noreturn]] __attribute__((format(printf, 2, 3))) void
fail(const Op &op, const char *format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string what(length > 0 ? length : 0, '\0');
  std::vsnprintf(what.data(), what.size() + 1, format, args);
  va_end(args);
  std::string object = std::string("'") + (op.path ? op.path : "(null)") +
                       "'";
  if (op.member)
    object = std::string("'") + op.member + "' in " + object;
  arrayrt::fatal("%s%scannot %s %s: %s", op.location ? op.location : "",
                 op.location ? ": " : "", op.verb, object.c_str(),
                 what.c_str());
}

/// Checks the arguments every entry point shares; returns `dtype`'s entry.
/// `array`, the argument called `arrayName`, may be NULL only if `optional`.
const DtypeInfo &checkArguments(const Op &op, int64_t rank, const void *array,
                                const char *arrayName, int32_t dtype,
                                bool optional = false) {
  if (!op.path)
    fail(op, "the path is NULL");
  const DtypeInfo *info = arrayrt::npy::dtypeInfo(dtype);
  if (!info)
    fail(op, "invalid dtype code %d", static_cast<int>(dtype));
  if (!info->descr)
    fail(op, "%s has no .npy dtype; convert with array.astype to f32 first",
         info->name);
  if (rank < 0)
    fail(op, "invalid rank %lld", static_cast<long long>(rank));
  if (!array && !optional)
    fail(op, "the %s is NULL", arrayName);
  return *info;
}

/// Number of elements of `shape`, or -1 when it does not fit in int64_t.
int64_t elementCount(int64_t rank, const int64_t *shape) {
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    if (__builtin_mul_overflow(count, shape[i], &count))
      return -1;
  return count;
}

bool isCContiguous(int64_t rank, const int64_t *sizes, const int64_t *strides) {
  int64_t expected = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != expected)
      return false;
    expected *= sizes[i];
  }
  return true;
}

/// Calls fn(row, count, byteStride) for each innermost row of a non-empty
/// strided array in C order (once, with count 1, for rank 0).
template <typename Fn>
void forEachRow(int64_t rank, const int64_t *sizes, const int64_t *strides,
                char *origin, size_t elementSize, Fn fn) {
  if (rank == 0) {
    fn(origin, 1, 0);
    return;
  }
  auto size = static_cast<int64_t>(elementSize);
  std::vector<int64_t> index(rank - 1, 0);
  char *row = origin;
  for (;;) {
    fn(row, sizes[rank - 1], strides[rank - 1] * size);
    int64_t axis = rank - 2;
    for (; axis >= 0; --axis) {
      row += strides[axis] * size;
      if (++index[axis] < sizes[axis])
        break;
      row -= strides[axis] * size * sizes[axis];
      index[axis] = 0;
    }
    if (axis < 0)
      return;
  }
}

constexpr size_t kBufferSize = size_t(1) << 20;

//===----------------------------------------------------------------------===//
// Saving
//===----------------------------------------------------------------------===//

/// Buffered writes to a file descriptor that remember the first error.
class Writer {
public:
  explicit Writer(int file) : fd(file) { buffer.reserve(kBufferSize); }

  void append(const void *data, size_t size) {
    if (error)
      return;
    if (buffer.size() + size > kBufferSize) {
      flush();
      if (size >= kBufferSize) {
        writeAll(data, size);
        return;
      }
    }
    const auto *bytes = static_cast<const char *>(data);
    buffer.insert(buffer.end(), bytes, bytes + size);
  }

  void flush() {
    writeAll(buffer.data(), buffer.size());
    buffer.clear();
  }

  /// The errno of the first failed write, or 0.
  int error = 0;

private:
  void writeAll(const void *data, size_t size) {
    const auto *bytes = static_cast<const char *>(data);
    while (size > 0 && !error) {
      ssize_t written = ::write(fd, bytes, size);
      if (written < 0) {
        if (errno != EINTR)
          error = errno;
        continue;
      }
      bytes += written;
      size -= static_cast<size_t>(written);
    }
  }

  int fd;
  std::vector<char> buffer;
};

std::atomic<unsigned> temporaryCounter{0};

void save(const char *path, int64_t rank, void *descriptor, int32_t dtype,
          const char *location) {
  Op op{"save", path, location};
  const DtypeInfo &info =
      checkArguments(op, rank, descriptor, "descriptor", dtype);
  Memref array = readDescriptor(rank, descriptor);
  for (int64_t i = 0; i < rank; ++i)
    if (array.sizes[i] < 0)
      fail(op, "invalid descriptor: size %lld of dimension %lld is negative",
           static_cast<long long>(array.sizes[i]), static_cast<long long>(i));
  int64_t count = elementCount(rank, array.sizes);
  int64_t bytes;
  if (count < 0 ||
      __builtin_mul_overflow(count, static_cast<int64_t>(info.size), &bytes))
    fail(op, "invalid descriptor: shape %s is too large",
         formatShape(rank, array.sizes).c_str());

  std::string temporary = std::string(path) + ".tmp-" +
                          std::to_string(static_cast<long long>(getpid())) +
                          "-" + std::to_string(temporaryCounter++);
  int fd =
      ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    fail(op, "cannot create temporary file '%s': %s", temporary.c_str(),
         std::strerror(errno));

  // Removes the temporary before failing with `what` and errno `error`.
  auto failIo = [&](const char *what, int error) {
    if (fd >= 0)
      ::close(fd);
    ::unlink(temporary.c_str());
    fail(op, "%s '%s': %s", what, temporary.c_str(), std::strerror(error));
  };

  Writer writer(fd);
  std::string header =
      arrayrt::npy::formatHeader(info.descr, rank, array.sizes);
  writer.append(header.data(), header.size());
  bool isBool = dtype == ARRAYRT_DTYPE_I1;
  auto size = static_cast<int64_t>(info.size);
  char *origin = array.aligned + array.offset * size;
  if (count > 0 && !isBool && isCContiguous(rank, array.sizes, array.strides)) {
    writer.append(origin, static_cast<size_t>(bytes));
  } else if (count > 0) {
    forEachRow(rank, array.sizes, array.strides, origin, info.size,
               [&](char *row, int64_t n, int64_t byteStride) {
                 if (!isBool && byteStride == size) {
                   writer.append(row, static_cast<size_t>(n * size));
                   return;
                 }
                 for (int64_t i = 0; i < n; ++i, row += byteStride) {
                   if (isBool) {
                     char value = *row != 0;
                     writer.append(&value, 1);
                   } else {
                     writer.append(row, info.size);
                   }
                 }
               });
  }
  writer.flush();
  if (writer.error)
    failIo("cannot write", writer.error);
  // Complete before the rename, so that a failure never leaves a partial
  // `path`. Not fsync'ed, as np.save does not: forcing a gigabyte to disk
  // took seconds, and the rename already keeps readers from a partial file.
  int closed = ::close(fd);
  fd = -1;
  if (closed != 0)
    failIo("cannot close", errno);
  if (std::rename(temporary.c_str(), path) != 0) {
    int error = errno;
    ::unlink(temporary.c_str());
    fail(op, "cannot rename '%s' to '%s': %s", temporary.c_str(), path,
         std::strerror(error));
  }
}

//===----------------------------------------------------------------------===//
// The header's Python literal
//===----------------------------------------------------------------------===//

/// A Python literal of the kinds .npy headers hold.
struct Value {
  enum Kind { String, Integer, Boolean, None, Tuple, List, Dict } kind;
  std::string text; // String: the contents; Dict: unused.
  int64_t integer = 0;
  bool boolean = false;
  std::vector<Value> items;      // Tuple and List elements; Dict values.
  std::vector<std::string> keys; // Dict keys, parallel to items.
  size_t begin = 0, end = 0;     // Its source text in the header.
};

/// A recursive-descent parser for the subset of Python literal syntax that
/// ast.literal_eval accepts in headers NumPy writes. On a syntax error it
/// records a description in `error`.
class LiteralParser {
public:
  explicit LiteralParser(const std::string &text) : text(text) {}

  bool parse(Value &value) {
    skipSpace();
    if (!parseValue(value, 0))
      return false;
    skipSpace();
    if (pos != text.size())
      return failAt("unexpected text after the dict");
    return true;
  }

  std::string error;

private:
  bool failAt(const char *what) {
    error = std::string(what) + " at offset " + std::to_string(pos);
    return false;
  }

  void skipSpace() {
    while (pos < text.size() && std::strchr(" \t\n\r\f\v", text[pos]) &&
           text[pos] != '\0')
      ++pos;
  }

  bool startsWith(const char *word) const {
    return text.compare(pos, std::strlen(word), word) == 0;
  }

  bool parseValue(Value &value, int depth) {
    if (depth > 64)
      return failAt("literal nested too deeply");
    value.begin = pos;
    if (pos >= text.size())
      return failAt("unexpected end of header");
    char c = text[pos];
    bool ok;
    if (c == '\'' || c == '"' ||
        ((c == 'u' || c == 'U') && pos + 1 < text.size() &&
         (text[pos + 1] == '\'' || text[pos + 1] == '"')))
      ok = parseString(value);
    else if (c == '-' || c == '+' || (c >= '0' && c <= '9'))
      ok = parseInteger(value);
    else if (c == '(' || c == '[')
      ok = parseSequence(value, depth);
    else if (c == '{')
      ok = parseDict(value, depth);
    else if (startsWith("True") || startsWith("False")) {
      value.kind = Value::Boolean;
      value.boolean = c == 'T';
      pos += value.boolean ? 4 : 5;
      ok = true;
    } else if (startsWith("None")) {
      value.kind = Value::None;
      pos += 4;
      ok = true;
    } else {
      return failAt("unexpected character");
    }
    value.end = pos;
    return ok;
  }

  bool parseString(Value &value) {
    if (text[pos] == 'u' || text[pos] == 'U')
      ++pos;
    char quote = text[pos++];
    value.kind = Value::String;
    while (pos < text.size() && text[pos] != quote) {
      if (text[pos] == '\\' && pos + 1 < text.size())
        ++pos;
      value.text += text[pos++];
    }
    if (pos >= text.size())
      return failAt("unterminated string");
    ++pos;
    return true;
  }

  bool parseInteger(Value &value) {
    size_t begin = pos;
    bool negative = text[pos] == '-';
    if (text[pos] == '-' || text[pos] == '+')
      ++pos;
    if (pos >= text.size() || text[pos] < '0' || text[pos] > '9')
      return failAt("expected digits");
    int64_t result = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      if (__builtin_mul_overflow(result, 10, &result) ||
          __builtin_add_overflow(
              result, negative ? -(text[pos] - '0') : text[pos] - '0',
              &result)) {
        pos = begin;
        return failAt("integer out of range");
      }
      ++pos;
    }
    // Python 2 wrote long integers with a suffix.
    if (pos < text.size() && (text[pos] == 'L' || text[pos] == 'l'))
      ++pos;
    value.kind = Value::Integer;
    value.integer = result;
    return true;
  }

  // `(x)` is x itself, `(x,)` and `()` are tuples, `[...]` is a list.
  bool parseSequence(Value &value, int depth) {
    char close = text[pos] == '(' ? ')' : ']';
    value.kind = close == ')' ? Value::Tuple : Value::List;
    ++pos;
    bool sawComma = false;
    for (;;) {
      skipSpace();
      if (pos < text.size() && text[pos] == close)
        break;
      value.items.emplace_back();
      if (!parseValue(value.items.back(), depth + 1))
        return false;
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        sawComma = true;
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == close)
        break;
      return failAt(close == ')' ? "expected ',' or ')'"
                                 : "expected ',' or ']'");
    }
    ++pos;
    if (value.kind == Value::Tuple && value.items.size() == 1 && !sawComma) {
      size_t begin = value.begin;
      Value inner = std::move(value.items.front());
      value = std::move(inner);
      value.begin = begin;
    }
    return true;
  }

  bool parseDict(Value &value, int depth) {
    value.kind = Value::Dict;
    ++pos;
    for (;;) {
      skipSpace();
      if (pos < text.size() && text[pos] == '}')
        break;
      Value key;
      if (!parseValue(key, depth + 1))
        return false;
      if (key.kind != Value::String) {
        pos = key.begin;
        return failAt("expected a string key");
      }
      skipSpace();
      if (pos >= text.size() || text[pos] != ':')
        return failAt("expected ':'");
      ++pos;
      skipSpace();
      value.items.emplace_back();
      if (!parseValue(value.items.back(), depth + 1))
        return false;
      value.keys.push_back(key.text);
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == '}')
        break;
      return failAt("expected ',' or '}'");
    }
    ++pos;
    return true;
  }

  const std::string &text;
  size_t pos = 0;
};

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

/// Reads up to `size` bytes; returns how many, or -1 with errno set.
ssize_t readUpTo(int fd, void *data, size_t size) {
  auto *bytes = static_cast<char *>(data);
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::read(fd, bytes + done, size - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    if (n == 0)
      break;
    done += static_cast<size_t>(n);
  }
  return static_cast<ssize_t>(done);
}

/// An open .npy file with its header read and checked.
struct NpyFile {
  int fd = -1;
  std::vector<int64_t> shape;
  int64_t dataBytes = 0;
  int64_t available = -1; // Bytes after the header, or -1 if not known.
};

/// What a header's `descr` names, when it is a dtype arrayrt supports.
/// Returns nullptr after setting `why` otherwise.
const DtypeInfo *classifyDescr(const std::string &descr, bool &bigEndian,
                               const char *&why) {
  bigEndian = false;
  why = "unknown dtype";
  size_t pos = 0;
  char order = '=';
  if (!descr.empty() && std::strchr("<>|=", descr[0]))
    order = descr[pos++];
  if (pos >= descr.size())
    return nullptr;
  char kind = descr[pos++];
  std::string digits = descr.substr(pos);
  int itemSize = 0;
  bool numeric = !digits.empty() && digits.size() <= 3 &&
                 digits.find_first_not_of("0123456789") == std::string::npos;
  if (numeric)
    itemSize = std::stoi(digits);
  switch (kind) {
  case 'c':
    why = "complex";
    return nullptr;
  case 'O':
    why = "object";
    return nullptr;
  case 'S':
  case 'a':
    why = "byte string";
    return nullptr;
  case 'U':
    why = "unicode string";
    return nullptr;
  case 'V':
    why = "void, structured or opaque";
    return nullptr;
  case 'M':
    why = "datetime";
    return nullptr;
  case 'm':
    why = "timedelta";
    return nullptr;
  default:
    break;
  }
  if (!numeric)
    return nullptr;
  for (int32_t code = 0; code <= ARRAYRT_DTYPE_F64; ++code) {
    const DtypeInfo *info = arrayrt::npy::dtypeInfo(code);
    if (!info->descr || info->descr[1] != kind ||
        static_cast<int>(info->size) != itemSize)
      continue;
    bigEndian = order == '>' && info->size > 1;
    return info;
  }
  if (kind == 'f')
    why = "extended-precision float";
  return nullptr;
}

/// Opens `op.path` (or takes `op.fd`) and checks its header against
/// `dtype` and, if `expected` is not null, the sizes in `expected` (-1:
/// any). Otherwise only the rank is checked.
NpyFile openNpy(const Op &op, int64_t rank, const DtypeInfo &dtype,
                const int64_t *expected) {
  NpyFile file;
  file.fd = op.fd >= 0 ? op.fd : ::open(op.path, O_RDONLY | O_CLOEXEC);
  if (file.fd < 0)
    fail(op, "%s", std::strerror(errno));
  struct stat status;
  int64_t fileSize = -1;
  if (::fstat(file.fd, &status) == 0 && S_ISREG(status.st_mode))
    fileSize = status.st_size;

  auto readExactly = [&](void *data, size_t size, const char *what) {
    ssize_t n = readUpTo(file.fd, data, size);
    if (n < 0)
      fail(op, "%s", std::strerror(errno));
    if (static_cast<size_t>(n) != size)
      fail(op, "truncated %s: expected %zu bytes, found %zd", what, size, n);
  };

  unsigned char prefix[8];
  ssize_t n = readUpTo(file.fd, prefix, sizeof(prefix));
  if (n < 0)
    fail(op, "%s", std::strerror(errno));
  if (static_cast<size_t>(n) < kMagicSize ||
      std::memcmp(prefix, kMagic, kMagicSize) != 0)
    fail(op, "not a .npy file: it does not start with the magic string "
             "\\x93NUMPY");
  if (n < 8)
    fail(op,
         "truncated header: expected 8 bytes of magic string and version, "
         "found %zd",
         n);
  int major = prefix[6], minor = prefix[7];
  if (minor != 0 || major < 1 || major > 3)
    fail(op,
         "unsupported .npy format version %d.%d (arrayrt reads 1.0, 2.0 and "
         "3.0)",
         major, minor);
  size_t lengthBytes = major == 1 ? 2 : 4;
  unsigned char lengthField[4];
  readExactly(lengthField, lengthBytes, "header length");
  size_t headerLength = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    headerLength |= static_cast<size_t>(lengthField[i]) << (8 * i);
  size_t dataOffset = 8 + lengthBytes + headerLength;
  if (fileSize >= 0 && static_cast<uint64_t>(fileSize) < dataOffset)
    fail(op, "truncated header: expected %zu bytes, found %lld", headerLength,
         static_cast<long long>(fileSize) - 8 -
             static_cast<long long>(lengthBytes));
  std::string header(headerLength, '\0');
  readExactly(header.data(), headerLength, "header");
  if (fileSize >= 0)
    file.available = fileSize - static_cast<int64_t>(dataOffset);

  Value dict;
  LiteralParser parser(header);
  if (!parser.parse(dict))
    fail(op, "malformed header: %s", parser.error.c_str());
  if (dict.kind != Value::Dict)
    fail(op, "malformed header: not a dict");
  const Value *fields[3] = {};
  static const char *const names[3] = {"descr", "fortran_order", "shape"};
  for (size_t i = 0; i < dict.keys.size(); ++i) {
    size_t field = 0;
    while (field < 3 && dict.keys[i] != names[field])
      ++field;
    if (field == 3)
      fail(op, "malformed header: unexpected key '%s'", dict.keys[i].c_str());
    if (fields[field])
      fail(op, "malformed header: duplicate key '%s'", names[field]);
    fields[field] = &dict.items[i];
  }
  for (size_t field = 0; field < 3; ++field)
    if (!fields[field])
      fail(op, "malformed header: missing key '%s'", names[field]);
  auto source = [&](const Value &value) {
    return header.substr(value.begin, value.end - value.begin);
  };
  const Value &descr = *fields[0], &fortran = *fields[1], &shape = *fields[2];
  if (descr.kind != Value::String && descr.kind != Value::List)
    fail(op, "malformed header: 'descr' is not a dtype string: %s",
         source(descr).c_str());
  if (fortran.kind != Value::Boolean)
    fail(op, "malformed header: 'fortran_order' is not True or False: %s",
         source(fortran).c_str());
  bool shapeValid = shape.kind == Value::Tuple;
  for (const Value &size : shape.items)
    shapeValid &= size.kind == Value::Integer && size.integer >= 0;
  if (!shapeValid)
    fail(op,
         "malformed header: 'shape' is not a tuple of non-negative integers: "
         "%s",
         source(shape).c_str());
  for (const Value &size : shape.items)
    file.shape.push_back(size.integer);
  auto fileRank = static_cast<int64_t>(file.shape.size());

  if (fortran.boolean)
    fail(op, "Fortran-order arrays are not supported; save with "
             "np.ascontiguousarray");
  constexpr const char *kSupported =
      "arrayrt loads bool, int8-64, uint8-64 and float16/32/64 arrays";
  if (descr.kind == Value::List)
    fail(op, "unsupported dtype %s (structured); %s", source(descr).c_str(),
         kSupported);
  bool bigEndian;
  const char *why;
  const DtypeInfo *found = classifyDescr(descr.text, bigEndian, why);
  if (!found)
    fail(op, "unsupported dtype '%s' (%s); %s", descr.text.c_str(), why,
         kSupported);
  if (bigEndian)
    fail(op,
         "big-endian data ('%s') is not supported; save with "
         "a.astype('<%s')",
         descr.text.c_str(), found->descr + 1);
  if (found != &dtype)
    fail(op, "dtype mismatch: expected '%s' (%s), found '%s' (%s)", dtype.descr,
         dtype.name, descr.text.c_str(), found->name);

  std::vector<int64_t> wanted(rank, -1);
  if (expected)
    wanted.assign(expected, expected + rank);
  bool rankMatches = fileRank == rank;
  bool sizesMatch = rankMatches;
  for (int64_t i = 0; sizesMatch && i < rank; ++i)
    sizesMatch = wanted[i] == -1 || wanted[i] == file.shape[i];
  if (!sizesMatch)
    fail(op, "%s mismatch: expected shape %s, found %s",
         rankMatches ? "shape" : "rank",
         formatShape(rank, wanted.data()).c_str(),
         formatShape(fileRank, file.shape.data()).c_str());

  int64_t count = elementCount(rank, file.shape.data());
  if (count < 0 ||
      __builtin_mul_overflow(count, static_cast<int64_t>(dtype.size),
                             &file.dataBytes))
    fail(op, "malformed header: shape %s is too large",
         formatShape(rank, file.shape.data()).c_str());
  if (file.available >= 0 && file.available < file.dataBytes)
    fail(op, "truncated data: expected %lld bytes of data, found %lld",
         static_cast<long long>(file.dataBytes),
         static_cast<long long>(file.available));
  return file;
}

void npyShape(const Op &op, int64_t rank, int64_t *shape, int32_t dtype) {
  const DtypeInfo &info =
      checkArguments(op, rank, shape, "shape", dtype, rank == 0);
  NpyFile file = openNpy(op, rank, info, nullptr);
  ::close(file.fd);
  for (int64_t i = 0; i < rank; ++i)
    shape[i] = file.shape[i];
}

/// Reads the data after the header in chunks.
class Reader {
public:
  Reader(const Op &op, const NpyFile &file) : op(op), file(file) {}

  void read(void *data, size_t size) {
    auto *bytes = static_cast<char *>(data);
    while (size > 0) {
      if (next == buffer.size() && size >= kBufferSize) {
        // Large contiguous reads go straight to their destination.
        readDirect(bytes, size);
        return;
      }
      if (next == buffer.size())
        refill();
      size_t n = std::min(size, buffer.size() - next);
      std::memcpy(bytes, buffer.data() + next, n);
      next += n;
      bytes += n;
      size -= n;
    }
  }

private:
  void readDirect(char *bytes, size_t size) {
    ssize_t n = readUpTo(file.fd, bytes, size);
    if (n < 0)
      fail(op, "%s", std::strerror(errno));
    if (static_cast<size_t>(n) != size)
      truncated(consumed + n);
    consumed += n;
  }

  void refill() {
    auto remaining = static_cast<size_t>(file.dataBytes - consumed);
    buffer.resize(std::min(remaining, kBufferSize));
    next = 0;
    ssize_t n = readUpTo(file.fd, buffer.data(), buffer.size());
    if (n < 0)
      fail(op, "%s", std::strerror(errno));
    if (static_cast<size_t>(n) != buffer.size())
      truncated(consumed + n);
    consumed += n;
  }

  [[noreturn]] void truncated(int64_t found) {
    fail(op, "truncated data: expected %lld bytes of data, found %lld",
         static_cast<long long>(file.dataBytes), static_cast<long long>(found));
  }

  const Op &op;
  const NpyFile &file;
  std::vector<char> buffer;
  size_t next = 0;
  int64_t consumed = 0;
};

void load(const Op &op, int64_t rank, void *descriptor, int32_t dtype) {
  const DtypeInfo &info =
      checkArguments(op, rank, descriptor, "descriptor", dtype);
  Memref array = readDescriptor(rank, descriptor);
  for (int64_t i = 0; i < rank; ++i)
    if (array.sizes[i] < -1)
      fail(op, "invalid descriptor: size %lld of dimension %lld is negative",
           static_cast<long long>(array.sizes[i]), static_cast<long long>(i));
  NpyFile file = openNpy(op, rank, info, array.sizes);
  const int64_t *sizes = file.shape.data();
  auto size = static_cast<int64_t>(info.size);
  char *origin = array.aligned + array.offset * size;
  bool isBool = dtype == ARRAYRT_DTYPE_I1;
  if (file.dataBytes > 0) {
    Reader reader(op, file);
    if (isCContiguous(rank, sizes, array.strides)) {
      reader.read(origin, static_cast<size_t>(file.dataBytes));
    } else {
      forEachRow(rank, sizes, array.strides, origin, info.size,
                 [&](char *row, int64_t n, int64_t byteStride) {
                   if (byteStride == size) {
                     reader.read(row, static_cast<size_t>(n * size));
                     return;
                   }
                   for (int64_t i = 0; i < n; ++i, row += byteStride)
                     reader.read(row, info.size);
                 });
    }
    if (isBool)
      forEachRow(rank, sizes, array.strides, origin, info.size,
                 [](char *row, int64_t n, int64_t byteStride) {
                   for (int64_t i = 0; i < n; ++i, row += byteStride)
                     *row = *row != 0;
                 });
  }
  ::close(file.fd);
}

} // namespace

extern "C" void arrayrt_save_npy(const char *path, int64_t rank,
                                 void *descriptor, int32_t dtype,
                                 const char *location) {
  save(path, rank, descriptor, dtype, location);
}

extern "C" void arrayrt_npy_shape(const char *path, int64_t rank,
                                  int64_t *shape, int32_t dtype,
                                  const char *location) {
  npyShape(Op{"load", path, location}, rank, shape, dtype);
}

extern "C" void arrayrt_load_npy(const char *path, int64_t rank,
                                 void *descriptor, int32_t dtype,
                                 const char *location) {
  load(Op{"load", path, location}, rank, descriptor, dtype);
}

namespace {
/// The load of `member` of the .npz archive `path`, its bytes extracted.
Op openMember(const char *path, const char *member, const char *location) {
  Op op{"load", path, location, member ? member : "(null)"};
  if (!path)
    fail(op, "the path is NULL");
  if (!member)
    fail(op, "the member name is NULL");
  std::string error;
  op.fd = arrayrt::zip::extractMember(path, member, error);
  if (op.fd < 0)
    fail(op, "%s", error.c_str());
  return op;
}
} // namespace

extern "C" void arrayrt_npz_shape(const char *path, const char *member,
                                  int64_t rank, int64_t *shape, int32_t dtype,
                                  const char *location) {
  npyShape(openMember(path, member, location), rank, shape, dtype);
}

extern "C" void arrayrt_load_npz(const char *path, const char *member,
                                 int64_t rank, void *descriptor, int32_t dtype,
                                 const char *location) {
  load(openMember(path, member, location), rank, descriptor, dtype);
}
