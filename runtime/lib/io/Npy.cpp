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

#include "io/Npy.h"

#include "arrayrt/arrayrt.h"
#include "driver/Error.h"
#include "io/OutputFile.h"
#include "io/Zip.h"
#include "memory/HostMemoryLimit.h"
#include "memory/Memref.h"

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
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
    {"|b1", 1, "i1", "bool"},     // ARRAYRT_DTYPE_I1
    {"|i1", 1, "i8", "int8"},     // ARRAYRT_DTYPE_I8
    {"<i2", 2, "i16", "int16"},   // ARRAYRT_DTYPE_I16
    {"<i4", 4, "i32", "int32"},   // ARRAYRT_DTYPE_I32
    {"<i8", 8, "i64", "int64"},   // ARRAYRT_DTYPE_I64
    {"|u1", 1, "ui8", "uint8"},   // ARRAYRT_DTYPE_UI8
    {"<u2", 2, "ui16", "uint16"}, // ARRAYRT_DTYPE_UI16
    {"<u4", 4, "ui32", "uint32"}, // ARRAYRT_DTYPE_UI32
    {"<u8", 8, "ui64", "uint64"}, // ARRAYRT_DTYPE_UI64
    {"<f2", 2, "f16", "float16"}, // ARRAYRT_DTYPE_F16
    // ml_dtypes registers bfloat16 with NumPy as a legacy user dtype of kind
    // 'V' and byte order '=', so np.save writes its dtype.str, '<V2' on a
    // little-endian machine, and np.load gives back a 2-byte void array that
    // .view(ml_dtypes.bfloat16) turns into bfloat16 again.
    {"<V2", 2, "bf16", "bfloat16"}, // ARRAYRT_DTYPE_BF16
    {"<f4", 4, "f32", "float32"},   // ARRAYRT_DTYPE_F32
    {"<f8", 8, "f64", "float64"},   // ARRAYRT_DTYPE_F64
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

} // namespace npy
} // namespace arrayrt

namespace {

using arrayrt::Memref;
using arrayrt::readMemref;
using arrayrt::npy::DtypeInfo;

using arrayrt::Failure;

/// Closes a descriptor on every path out.
struct UniqueFd {
  int fd = -1;
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd(fd) {}
  UniqueFd(UniqueFd &&other) noexcept : fd(other.fd) { other.fd = -1; }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;
  ~UniqueFd() {
    if (fd >= 0)
      ::close(fd);
  }
};

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

/// `[<location>: ]cannot <verb> '<path>': ` (`'<member>' in '<path>'` for
/// an archive member), the start of every message about `op`.
/// `'<path>'`, or `'<member>' in '<path>'`.
std::string objectName(const Op &op) {
  std::string object = std::string("'") + (op.path ? op.path : "(null)") + "'";
  if (op.member)
    object = std::string("'") + op.member + "' in " + object;
  return object;
}

std::string prefix(const Op &op) {
  return arrayrt::locationPrefix(op.location) + "cannot " + op.verb + " " +
         objectName(op) + ": ";
}

/// Throws the Failure `[<location>: ]cannot <verb> '<path>': <what>`, which
/// the entry point reports (exitOnFailure).
[[noreturn]] __attribute__((format(printf, 2, 3))) void
fail(const Op &op, const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::string what = arrayrt::formatStringV(format, args);
  va_end(args);
  throw Failure(prefix(op) + what);
}

/// Runs an entry point's `body`, reporting what it throws and exiting.
template <typename Body> void run(const Op &op, Body &&body) {
  arrayrt::exitOnFailure([&] { return prefix(op); }, body);
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
  if (rank < 0)
    fail(op, "invalid rank %lld", static_cast<long long>(rank));
  if (!array && !optional)
    fail(op, "the %s is NULL", arrayName);
  return *info;
}

/// The bytes of an array of `shape` and elements of `itemSize` bytes, or
/// -1 when the product of its nonzero sizes and `itemSize` does not fit in
/// int64_t. As NumPy (`array is too big`), an empty array counts too, so
/// that every stride of an array that is accepted fits, whatever the order
/// of its sizes.
int64_t arrayBytes(int64_t rank, const int64_t *shape, size_t itemSize) {
  int64_t nonzero = static_cast<int64_t>(itemSize);
  bool empty = false;
  for (int64_t i = 0; i < rank; ++i) {
    if (shape[i] == 0)
      empty = true;
    else if (__builtin_mul_overflow(nonzero, shape[i], &nonzero))
      return -1;
  }
  return empty ? 0 : nonzero;
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

/// Buffered writes to an OutputFile that remember the first error.
class Writer {
public:
  explicit Writer(arrayrt::io::OutputFile &file) : file(file) {
    buffer.reserve(kBufferSize);
  }

  void append(const void *data, size_t size) {
    if (!error.empty())
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

  /// What the first failed write says, or empty.
  std::string error;

private:
  void writeAll(const void *data, size_t size) {
    if (error.empty() && size > 0)
      file.write(data, size, error);
  }

  arrayrt::io::OutputFile &file;
  std::vector<char> buffer;
};

/// Whether `data` cannot be a buffer: NULL, or within the page at 0 (what
/// an MLIR descriptor's aligned pointer is when malloc returned NULL).
bool isNullBuffer(const void *data) {
  return reinterpret_cast<uintptr_t>(data) < 4096;
}

/// Writes the array to `op.path`, through `opened` when the caller opened
/// it already.
void save(const Op &op, int64_t rank, void *descriptor, int32_t dtype,
          arrayrt::io::OutputFile *opened = nullptr) {
  const DtypeInfo &info =
      checkArguments(op, rank, descriptor, "descriptor", dtype);
  Memref array = readMemref(rank, descriptor);
  for (int64_t i = 0; i < rank; ++i)
    if (array.sizes[i] < 0)
      fail(op, "invalid descriptor: size %lld of dimension %lld is negative",
           static_cast<long long>(array.sizes[i]), static_cast<long long>(i));
  int64_t bytes = arrayBytes(rank, array.sizes, info.size);
  if (bytes < 0)
    fail(op, "invalid descriptor: shape %s is too large",
         formatShape(rank, array.sizes).c_str());
  auto size = static_cast<int64_t>(info.size);
  int64_t count = bytes / size;
  char *origin = array.origin(size);
  if (count > 0 && isNullBuffer(array.aligned))
    fail(op, "invalid descriptor: the data pointer is NULL");

  // A regular file is written to a temporary renamed over it when complete;
  // devices, FIFOs and the program's own descriptors directly
  // (OutputFile.h). The file is abandoned (its temporary removed) on any
  // failure, by the destructor as the Failure unwinds (by its owner when
  // it was `opened`).
  arrayrt::io::OutputFile ownFile;
  arrayrt::io::OutputFile &file = opened ? *opened : ownFile;
  std::string error;
  if (!opened && !file.open(op.path, error))
    fail(op, "%s", error.c_str());
  Writer writer(file);
  std::string header =
      arrayrt::npy::formatHeader(info.descr, rank, array.sizes);
  writer.append(header.data(), header.size());
  bool isBool = dtype == ARRAYRT_DTYPE_I1;
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
  if (!writer.error.empty())
    fail(op, "%s", writer.error.c_str());
  // Complete before the rename, so that a failure never leaves a partial
  // `path`. Not fsync'ed, as np.save does not: forcing a gigabyte to disk
  // took seconds, and the rename already keeps readers from a partial file.
  if (!file.commit(error))
    fail(op, "%s", error.c_str());
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

/// Reads up to `size` bytes, at `offset` in the file or, when it is
/// negative, at the file position; returns how many, or -1 with errno set.
ssize_t readAt(int fd, void *data, size_t size, off_t offset) {
  auto *bytes = static_cast<char *>(data);
  size_t done = 0;
  while (done < size) {
    ssize_t n = offset < 0 ? ::read(fd, bytes + done, size - done)
                           : ::pread(fd, bytes + done, size - done,
                                     offset + static_cast<off_t>(done));
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

/// Reads up to `size` bytes at the file position (readAt).
ssize_t readUpTo(int fd, void *data, size_t size) {
  return readAt(fd, data, size, -1);
}

/// Reads `size` bytes at the file position with a thread per part (up to
/// four, one per core) for large reads: one thread copies from the page
/// cache at a fraction of the memory's bandwidth. Returns how many bytes
/// were read (moving the file position as read() does), -1 with errno
/// set, or -2 when the read is small, the machine has one core, or the
/// file cannot be read at an offset (a pipe): then nothing was read.
ssize_t readInParallel(int fd, void *data, size_t size) {
  constexpr size_t kMinBytes = size_t(16) << 20;
  unsigned cores = std::thread::hardware_concurrency();
  if (size < kMinBytes || cores < 2)
    return -2;
  off_t start = ::lseek(fd, 0, SEEK_CUR);
  if (start < 0)
    return -2;
  size_t parts = std::min<size_t>({cores, 4, size / (kMinBytes / 4)});
  // Parts of whole pages (the destination's offsets stay aligned).
  size_t partBytes = (size / parts + 4095) & ~size_t(4095);
  auto *bytes = static_cast<char *>(data);
  auto length = [&](size_t k) {
    return std::min(partBytes, size - std::min(size, k * partBytes));
  };
  std::vector<ssize_t> got(parts, 0);
  std::vector<int> errors(parts, 0);
  auto readPart = [&](size_t k) {
    size_t offset = k * partBytes;
    got[k] = readAt(fd, bytes + std::min(offset, size), length(k),
                    start + static_cast<off_t>(offset));
    if (got[k] < 0)
      errors[k] = errno;
  };
  std::vector<std::thread> threads;
  for (size_t k = 1; k < parts; ++k)
    threads.emplace_back(readPart, k);
  readPart(0);
  for (std::thread &thread : threads)
    thread.join();
  // The bytes read in order, up to the first short part.
  size_t total = 0;
  for (size_t k = 0; k < parts; ++k) {
    if (errors[k]) {
      errno = errors[k];
      return -1;
    }
    total += static_cast<size_t>(got[k]);
    if (static_cast<size_t>(got[k]) < length(k))
      break;
  }
  ::lseek(fd, start + static_cast<off_t>(total), SEEK_SET);
  return static_cast<ssize_t>(total);
}

} // namespace

namespace arrayrt::npy {

bool readHeader(int fd, int64_t fileSize, Header &header, std::string &error) {
  auto failWith = [&](std::string what) {
    error = std::move(what);
    return false;
  };
  unsigned char prefix[8];
  ssize_t n = readUpTo(fd, prefix, sizeof(prefix));
  if (n < 0)
    return failWith(std::strerror(errno));
  if (static_cast<size_t>(n) < kMagicSize ||
      std::memcmp(prefix, kMagic, kMagicSize) != 0)
    return failWith("not a .npy file: it does not start with the magic "
                    "string \\x93NUMPY");
  if (n < 8)
    return failWith(formatString("truncated header: expected 8 bytes of "
                                 "magic string and version, found %zd",
                                 n));
  int major = prefix[6], minor = prefix[7];
  if (minor != 0 || major < 1 || major > 3)
    return failWith(formatString("unsupported .npy format version %d.%d "
                                 "(arrayrt reads 1.0, 2.0 and 3.0)",
                                 major, minor));
  size_t lengthBytes = major == 1 ? 2 : 4;
  unsigned char lengthField[4];
  n = readUpTo(fd, lengthField, lengthBytes);
  if (n < 0)
    return failWith(std::strerror(errno));
  if (static_cast<size_t>(n) != lengthBytes)
    return failWith(
        formatString("truncated header length: expected %zu bytes, found %zd",
                     lengthBytes, n));
  size_t headerLength = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    headerLength |= static_cast<size_t>(lengthField[i]) << (8 * i);
  uint64_t dataOffset = 8 + lengthBytes + headerLength;
  if (fileSize >= 0 && static_cast<uint64_t>(fileSize) < dataOffset)
    return failWith(formatString(
        "truncated header: expected %zu bytes, found %lld", headerLength,
        static_cast<long long>(fileSize) - 8 -
            static_cast<long long>(lengthBytes)));
  // All at once when the file's size bounds the length field, else (a pipe)
  // in pieces as they come, so that the field never allocates more than
  // the file holds.
  std::string text;
  while (text.size() < headerLength) {
    size_t piece = fileSize >= 0 ? headerLength - text.size()
                                 : std::min<size_t>(headerLength - text.size(),
                                                    size_t(1) << 16);
    size_t done = text.size();
    text.resize(done + piece);
    n = readUpTo(fd, text.data() + done, piece);
    if (n < 0)
      return failWith(std::strerror(errno));
    if (static_cast<size_t>(n) != piece)
      return failWith(formatString("truncated header: expected %zu bytes, "
                                   "found %zu",
                                   headerLength,
                                   done + static_cast<size_t>(n)));
  }

  Value dict;
  LiteralParser parser(text);
  if (!parser.parse(dict))
    return failWith("malformed header: " + parser.error);
  if (dict.kind != Value::Dict)
    return failWith("malformed header: not a dict");
  const Value *fields[3] = {};
  static const char *const names[3] = {"descr", "fortran_order", "shape"};
  for (size_t i = 0; i < dict.keys.size(); ++i) {
    size_t field = 0;
    while (field < 3 && dict.keys[i] != names[field])
      ++field;
    if (field == 3)
      return failWith("malformed header: unexpected key '" + dict.keys[i] +
                      "'");
    if (fields[field])
      return failWith(std::string("malformed header: duplicate key '") +
                      names[field] + "'");
    fields[field] = &dict.items[i];
  }
  for (size_t field = 0; field < 3; ++field)
    if (!fields[field])
      return failWith(std::string("malformed header: missing key '") +
                      names[field] + "'");
  auto source = [&](const Value &value) {
    return text.substr(value.begin, value.end - value.begin);
  };
  const Value &descr = *fields[0], &fortran = *fields[1], &shape = *fields[2];
  if (descr.kind != Value::String && descr.kind != Value::List)
    return failWith("malformed header: 'descr' is not a dtype string: " +
                    source(descr));
  if (fortran.kind != Value::Boolean)
    return failWith("malformed header: 'fortran_order' is not True or False: " +
                    source(fortran));
  bool shapeValid = shape.kind == Value::Tuple;
  for (const Value &size : shape.items)
    shapeValid &= size.kind == Value::Integer && size.integer >= 0;
  if (!shapeValid)
    return failWith("malformed header: 'shape' is not a tuple of "
                    "non-negative integers: " +
                    source(shape));
  header.descr = descr.kind == Value::String ? descr.text : std::string();
  header.structured = descr.kind == Value::List;
  header.descrSource = source(descr);
  header.fortranOrder = fortran.boolean;
  header.shape.clear();
  for (const Value &size : shape.items)
    header.shape.push_back(size.integer);
  header.dataOffset = dataOffset;
  return true;
}

} // namespace arrayrt::npy

namespace {

/// An open .npy file with its header read and checked.
struct NpyFile {
  UniqueFd owned; // The descriptor, when it was opened here.
  int fd = -1;
  arrayrt::npy::Header header;
  const DtypeInfo *dtype = nullptr;
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
    // A 2-byte void is how np.save stores ml_dtypes.bfloat16 (kDtypes);
    // any other is a structured or opaque type.
    why = "void, structured or opaque";
    if (!numeric || itemSize != 2)
      return nullptr;
    break;
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
    if (info->descr[1] != kind || static_cast<int>(info->size) != itemSize)
      continue;
    bigEndian = order == '>' && info->size > 1;
    return info;
  }
  if (kind == 'f')
    why = "extended-precision float";
  return nullptr;
}

/// Opens `op.path` (or takes `op.fd`) and reads its header: an array of a
/// dtype arrayrt reads, in C order, whose data (by the header's shape) the
/// file holds in full when its size is known.
NpyFile openNpy(const Op &op) {
  NpyFile file;
  if (op.fd >= 0) {
    file.fd = op.fd;
  } else {
    file.owned.fd = ::open(op.path, O_RDONLY | O_CLOEXEC);
    file.fd = file.owned.fd;
    if (file.fd < 0)
      fail(op, "%s", std::strerror(errno));
  }
  struct stat status;
  int64_t fileSize = -1;
  if (::fstat(file.fd, &status) == 0 && S_ISREG(status.st_mode))
    fileSize = status.st_size;
  std::string error;
  arrayrt::npy::Header &header = file.header;
  if (!arrayrt::npy::readHeader(file.fd, fileSize, header, error))
    fail(op, "%s", error.c_str());
  if (fileSize >= 0)
    file.available = fileSize - static_cast<int64_t>(header.dataOffset);

  if (header.fortranOrder)
    fail(op, "Fortran-order arrays are not supported; save with "
             "np.ascontiguousarray");
  constexpr const char *kSupported =
      "arrayrt loads bool, int8-64, uint8-64, float16/32/64 and bfloat16 "
      "('<V2', as np.save writes ml_dtypes.bfloat16) arrays";
  if (header.structured)
    fail(op, "unsupported dtype %s (structured); %s",
         header.descrSource.c_str(), kSupported);
  bool bigEndian;
  const char *why;
  const DtypeInfo *found = classifyDescr(header.descr, bigEndian, why);
  if (!found)
    fail(op, "unsupported dtype '%s' (%s); %s", header.descr.c_str(), why,
         kSupported);
  // astype cannot byte-swap a void array, which is what NumPy sees in a
  // bfloat16 file.
  if (bigEndian && found->descr[1] == 'V')
    fail(op, "big-endian data ('%s') is not supported", header.descr.c_str());
  if (bigEndian)
    fail(op,
         "big-endian data ('%s') is not supported; save with "
         "a.astype('<%s')",
         header.descr.c_str(), found->descr + 1);
  file.dtype = found;
  auto fileRank = static_cast<int64_t>(header.shape.size());
  file.dataBytes = arrayBytes(fileRank, header.shape.data(), found->size);
  if (file.dataBytes < 0)
    fail(op, "malformed header: shape %s is too large",
         formatShape(fileRank, header.shape.data()).c_str());
  return file;
}

/// Checks the file against `dtype` and, if `expected` is not null, the
/// sizes in `expected` (-1: any); otherwise only the rank. Then that the
/// file holds its data.
void checkExpected(const Op &op, const NpyFile &file, int64_t rank,
                   const DtypeInfo &dtype, const int64_t *expected) {
  if (file.dtype != &dtype)
    fail(op, "dtype mismatch: expected '%s' (%s), found '%s' (%s)", dtype.descr,
         dtype.name, file.header.descr.c_str(), file.dtype->name);
  const std::vector<int64_t> &shape = file.header.shape;
  auto fileRank = static_cast<int64_t>(shape.size());
  std::vector<int64_t> wanted(rank, -1);
  if (expected)
    wanted.assign(expected, expected + rank);
  bool rankMatches = fileRank == rank;
  bool sizesMatch = rankMatches;
  for (int64_t i = 0; sizesMatch && i < rank; ++i)
    sizesMatch = wanted[i] == -1 || wanted[i] == shape[i];
  if (!sizesMatch)
    fail(op, "%s mismatch: expected shape %s, found %s",
         rankMatches ? "shape" : "rank",
         formatShape(rank, wanted.data()).c_str(),
         formatShape(fileRank, shape.data()).c_str());
  if (file.available >= 0 && file.available < file.dataBytes)
    fail(op, "truncated data: expected %lld bytes of data, found %lld",
         static_cast<long long>(file.dataBytes),
         static_cast<long long>(file.available));
}

void npyShape(const Op &op, int64_t rank, int64_t *shape, int32_t dtype) {
  const DtypeInfo &info =
      checkArguments(op, rank, shape, "shape", dtype, rank == 0);
  NpyFile file = openNpy(op);
  checkExpected(op, file, rank, info, nullptr);
  // The program allocates a host buffer of this size next (the CUDA
  // target's staging buffer too): one that cannot fit stops here, naming
  // the size and the limit, rather than as a failed malloc.
  std::string tooLarge =
      arrayrt::exceedsHostMemory(static_cast<uint64_t>(file.dataBytes));
  if (!tooLarge.empty())
    fail(op, "the array (shape %s, %s) does not fit in host memory: its %s",
         formatShape(rank, file.header.shape.data()).c_str(), info.name,
         tooLarge.c_str());
  for (int64_t i = 0; i < rank; ++i)
    shape[i] = file.header.shape[i];
  arrayrt::notePendingAllocation(
      op.location,
      "for the array of " + objectName(op) + ": shape " +
          formatShape(rank, file.header.shape.data()) + ", " + info.name +
          ", " +
          arrayrt::formatByteCount(static_cast<uint64_t>(file.dataBytes)));
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

  /// Moves past `size` bytes of data: seeks where the file allows, reads
  /// and drops them otherwise (a pipe). A seek past the end shows as
  /// truncated data at the next read.
  void skip(size_t size) {
    size_t n = std::min(size, buffer.size() - next);
    next += n;
    size -= n;
    if (size == 0)
      return;
    if (::lseek(file.fd, static_cast<off_t>(size), SEEK_CUR) >= 0) {
      consumed += static_cast<int64_t>(size);
      return;
    }
    while (size > 0) {
      refill();
      n = std::min(size, buffer.size());
      next = n;
      size -= n;
    }
  }

private:
  void readDirect(char *bytes, size_t size) {
    ssize_t n = readInParallel(file.fd, bytes, size);
    if (n == -2)
      n = readUpTo(file.fd, bytes, size);
    if (n < 0 && errno == EFAULT)
      fail(op,
           "cannot store its %lld bytes of data: the destination buffer is "
           "not writable memory (%s)",
           static_cast<long long>(file.dataBytes), std::strerror(EFAULT));
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

/// The checks of a load's destination that need no file; returns `dtype`'s
/// entry.
const DtypeInfo &checkDestination(const Op &op, int64_t rank, void *descriptor,
                                  int32_t dtype) {
  const DtypeInfo &info =
      checkArguments(op, rank, descriptor, "descriptor", dtype);
  Memref array = readMemref(rank, descriptor);
  for (int64_t i = 0; i < rank; ++i)
    if (array.sizes[i] < -1)
      fail(op, "invalid descriptor: size %lld of dimension %lld is negative",
           static_cast<long long>(array.sizes[i]), static_cast<long long>(i));
  return info;
}

/// Stops when the destination of `bytes` of data is null (the program could
/// not allocate it).
void requireBuffer(const Op &op, const Memref &array, int64_t bytes) {
  if (bytes > 0 && isNullBuffer(array.aligned))
    fail(op,
         "there is no buffer to load its %s of data into (the program could "
         "not allocate it: out of host memory)",
         arrayrt::formatByteCount(static_cast<uint64_t>(bytes)).c_str());
}

/// Reads `n` elements of `elementSize` bytes into `row`, whose elements are
/// `byteStride` bytes apart.
void readRow(Reader &reader, char *row, int64_t n, int64_t byteStride,
             size_t elementSize) {
  if (byteStride == static_cast<int64_t>(elementSize)) {
    reader.read(row, static_cast<size_t>(n) * elementSize);
    return;
  }
  for (int64_t i = 0; i < n; ++i, row += byteStride)
    reader.read(row, elementSize);
}

/// Stores each loaded bool of the array as 0 or 1.
void normalizeBools(int64_t rank, const int64_t *sizes, const int64_t *strides,
                    char *origin) {
  forEachRow(rank, sizes, strides, origin, 1,
             [](char *row, int64_t n, int64_t byteStride) {
               for (int64_t i = 0; i < n; ++i, row += byteStride)
                 *row = *row != 0;
             });
}

/// Checks the open `file` against the destination `descriptor` and stores
/// its elements there.
void readData(const Op &op, const NpyFile &file, int64_t rank, void *descriptor,
              int32_t dtype) {
  const DtypeInfo &info = checkDestination(op, rank, descriptor, dtype);
  Memref array = readMemref(rank, descriptor);
  checkExpected(op, file, rank, info, array.sizes);
  const int64_t *sizes = file.header.shape.data();
  char *origin = array.origin(info.size);
  requireBuffer(op, array, file.dataBytes);
  if (file.dataBytes > 0) {
    Reader reader(op, file);
    if (isCContiguous(rank, sizes, array.strides)) {
      reader.read(origin, static_cast<size_t>(file.dataBytes));
    } else {
      forEachRow(rank, sizes, array.strides, origin, info.size,
                 [&](char *row, int64_t n, int64_t byteStride) {
                   readRow(reader, row, n, byteStride, info.size);
                 });
    }
    if (dtype == ARRAYRT_DTYPE_I1)
      normalizeBools(rank, sizes, array.strides, origin);
  }
}

/// Checks the open `file` against `whole` (the array's sizes, -1: any)
/// and stores the part of its array at `offsets` of the destination's
/// sizes there, reading only the part's rows (and seeking over the rest).
void readPart(const Op &op, const NpyFile &file, int64_t rank, void *descriptor,
              int32_t dtype, const int64_t *whole, const int64_t *offsets) {
  const DtypeInfo &info = checkDestination(op, rank, descriptor, dtype);
  if (rank > 0 && (!whole || !offsets))
    fail(op, "invalid arguments: the array's shape or the part's offsets are "
             "NULL");
  checkExpected(op, file, rank, info, whole);
  Memref array = readMemref(rank, descriptor);
  const int64_t *shape = file.header.shape.data();
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i) {
    if (array.sizes[i] < 0 || offsets[i] < 0 ||
        offsets[i] > shape[i] - array.sizes[i])
      fail(op,
           "the part at %s of shape %s lies outside the file's array of "
           "shape %s",
           formatShape(rank, offsets).c_str(),
           formatShape(rank, array.sizes).c_str(),
           formatShape(rank, shape).c_str());
    count *= array.sizes[i];
  }
  if (rank == 0 || count == 0) {
    if (rank == 0)
      readData(op, file, rank, descriptor, dtype);
    return;
  }
  auto size = static_cast<int64_t>(info.size);
  requireBuffer(op, array, count * size);
  // The file's C-order strides, in elements.
  std::vector<int64_t> fileStrides(rank, 1);
  for (int64_t i = rank - 2; i >= 0; --i)
    fileStrides[i] = fileStrides[i + 1] * shape[i + 1];
  Reader reader(op, file);
  char *origin = array.origin(info.size);
  int64_t inner = array.sizes[rank - 1];
  int64_t innerStride = array.strides[rank - 1] * size;
  int64_t position = 0; // The element the reader stands at.
  std::vector<int64_t> index(rank, 0);
  for (;;) {
    int64_t start = offsets[rank - 1];
    char *row = origin;
    for (int64_t i = 0; i + 1 < rank; ++i) {
      start += (offsets[i] + index[i]) * fileStrides[i];
      row += index[i] * array.strides[i] * size;
    }
    reader.skip(static_cast<size_t>((start - position) * size));
    readRow(reader, row, inner, innerStride, info.size);
    position = start + inner;
    int64_t axis = rank - 2;
    for (; axis >= 0; --axis) {
      if (++index[axis] < array.sizes[axis])
        break;
      index[axis] = 0;
    }
    if (axis < 0)
      break;
  }
  if (dtype == ARRAYRT_DTYPE_I1)
    normalizeBools(rank, array.sizes, array.strides, origin);
}

void load(const Op &op, int64_t rank, void *descriptor, int32_t dtype) {
  checkDestination(op, rank, descriptor, dtype);
  NpyFile file = openNpy(op);
  readData(op, file, rank, descriptor, dtype);
}

/// The checks of an .npz entry point's arguments that the member's name in
/// messages needs.
void checkMemberArguments(const Op &op, const char *member) {
  if (!op.path)
    fail(op, "the path is NULL");
  if (!member)
    fail(op, "the member name is NULL");
}

/// The bytes of `member` of the .npz archive `op.path`, extracted into
/// `fd` (which closes them), as the file `op` reads.
void openMember(Op &op, const char *member, UniqueFd &fd) {
  checkMemberArguments(op, member);
  std::string error;
  fd.fd = arrayrt::zip::extractMember(op.path, member, error);
  if (fd.fd < 0)
    fail(op, "%s", error.c_str());
  op.fd = fd.fd;
}

/// `body(op)` for the load of `path`, or of its member `member` (extracted
/// first, and closed once `body` returns).
template <typename Body>
auto withLoad(const char *path, const char *member, const char *location,
              Body &&body) {
  Op op{"load", path, location, member};
  UniqueFd memberFd;
  if (member)
    openMember(op, member, memberFd);
  return body(op);
}

} // namespace

namespace arrayrt::npy {

Probe probe(const char *path, const char *member, const char *location) {
  return withLoad(path, member, location, [&](const Op &op) -> Probe {
    if (!member && !path)
      fail(op, "the path is NULL");
    NpyFile file = openNpy(op);
    return {static_cast<int64_t>(file.header.shape.size()),
            static_cast<int32_t>(file.dtype - dtypeInfo(0))};
  });
}

void readShape(const char *path, const char *member, int64_t rank,
               int64_t *shape, int32_t dtype, const char *location) {
  withLoad(path, member, location,
           [&](const Op &op) { npyShape(op, rank, shape, dtype); });
}

void readArray(const char *path, const char *member, int64_t rank,
               void *descriptor, int32_t dtype, const char *location) {
  withLoad(path, member, location,
           [&](const Op &op) { load(op, rank, descriptor, dtype); });
}

void readArrayPart(const char *path, int64_t rank, void *descriptor,
                   int32_t dtype, const int64_t *whole, const int64_t *offsets,
                   const char *location) {
  withLoad(path, nullptr, location, [&](const Op &op) {
    checkDestination(op, rank, descriptor, dtype);
    NpyFile file = openNpy(op);
    readPart(op, file, rank, descriptor, dtype, whole, offsets);
  });
}

void writeArray(const char *path, int64_t rank, void *descriptor, int32_t dtype,
                const char *location) {
  save(Op{"save", path, location}, rank, descriptor, dtype);
}

void writeArray(io::OutputFile &file, const char *path, int64_t rank,
                void *descriptor, int32_t dtype, const char *location) {
  save(Op{"save", path, location}, rank, descriptor, dtype, &file);
}

/// The open file of a Source, with copies of the strings its messages name.
struct Source::State {
  std::string path, member, location;
  Op op;
  UniqueFd memberFd; // The extracted member, when it is one.
  NpyFile file;
  bool read = false;

  State(const char *path, const char *member, const char *location)
      : path(path ? path : ""), member(member ? member : ""),
        location(location ? location : ""),
        op{"load", path ? this->path.c_str() : nullptr,
           location ? this->location.c_str() : nullptr,
           member ? this->member.c_str() : nullptr},
        file(open()) {}

private:
  NpyFile open() {
    if (!op.path)
      fail(op, "the path is NULL");
    if (op.member)
      openMember(op, op.member, memberFd);
    return openNpy(op);
  }
};

Source::Source(const char *path, const char *member, const char *location)
    : state(std::make_unique<State>(path, member, location)) {}

Source::~Source() = default;

int32_t Source::dtype() const {
  return static_cast<int32_t>(state->file.dtype - dtypeInfo(0));
}

const std::vector<int64_t> &Source::shape() const {
  return state->file.header.shape;
}

int64_t Source::dataBytes() const { return state->file.dataBytes; }

void Source::read(void *descriptor) {
  if (state->read)
    fail(state->op, "the data was read already");
  state->read = true;
  readData(state->op, state->file, static_cast<int64_t>(shape().size()),
           descriptor, dtype());
}

} // namespace arrayrt::npy

extern "C" void arrayrt_save_npy(const char *path, int64_t rank,
                                 void *descriptor, int32_t dtype,
                                 const char *location) {
  run(Op{"save", path, location}, [&] {
    arrayrt::npy::writeArray(path, rank, descriptor, dtype, location);
  });
}

extern "C" void arrayrt_npy_shape(const char *path, int64_t rank,
                                  int64_t *shape, int32_t dtype,
                                  const char *location) {
  run(Op{"load", path, location}, [&] {
    arrayrt::npy::readShape(path, nullptr, rank, shape, dtype, location);
  });
}

extern "C" void arrayrt_load_npy(const char *path, int64_t rank,
                                 void *descriptor, int32_t dtype,
                                 const char *location) {
  run(Op{"load", path, location}, [&] {
    arrayrt::npy::readArray(path, nullptr, rank, descriptor, dtype, location);
  });
}

extern "C" void arrayrt_load_npy_part(const char *path, int64_t rank,
                                      void *descriptor, int32_t dtype,
                                      const int64_t *whole_shape,
                                      const int64_t *offsets,
                                      const char *location) {
  run(Op{"load", path, location}, [&] {
    arrayrt::npy::readArrayPart(path, rank, descriptor, dtype, whole_shape,
                                offsets, location);
  });
}

namespace {
/// Runs the work of an .npz entry point, whose messages name the member,
/// after checking its path and member name.
template <typename Body>
void runNpz(const char *path, const char *member, const char *location,
            Body &&body) {
  Op op{"load", path, location, member ? member : "(null)"};
  run(op, [&] {
    checkMemberArguments(op, member);
    body();
  });
}
} // namespace

extern "C" void arrayrt_npz_shape(const char *path, const char *member,
                                  int64_t rank, int64_t *shape, int32_t dtype,
                                  const char *location) {
  runNpz(path, member, location, [&] {
    arrayrt::npy::readShape(path, member, rank, shape, dtype, location);
  });
}

extern "C" void arrayrt_load_npz(const char *path, const char *member,
                                 int64_t rank, void *descriptor, int32_t dtype,
                                 const char *location) {
  runNpz(path, member, location, [&] {
    arrayrt::npy::readArray(path, member, rank, descriptor, dtype, location);
  });
}
