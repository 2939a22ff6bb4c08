//===- Zip.cpp - Reading one member of a zip archive ----------------------===//
//
// The parts of the zip format (APPNOTE.TXT) that .npz files use: the end of
// central directory record (and its Zip64 form), central directory entries
// with their Zip64 extra field, local headers, and the stored (0) and
// deflate (8) methods. All integers are little-endian.
//
//===----------------------------------------------------------------------===//

#include "io/Zip.h"

#include "io/OutputFile.h"
#include "memory/HostMemoryLimit.h"

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace arrayrt::zip {
namespace {

constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kEnd64Signature = 0x06064b50;
constexpr uint32_t kEnd64LocatorSignature = 0x07064b50;
constexpr uint32_t kEntrySignature = 0x02014b50;
constexpr uint32_t kLocalSignature = 0x04034b50;
constexpr size_t kEndSize = 22, kEnd64LocatorSize = 20, kEnd64Size = 56;
constexpr size_t kEntrySize = 46, kLocalSize = 30;
constexpr size_t kChunk = size_t(1) << 20;

uint64_t le(const unsigned char *p, int bytes) {
  uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i)
    value = value << 8 | p[i];
  return value;
}

/// Reads exactly `size` bytes at `offset`; false on a short read or error.
bool readAt(int fd, uint64_t offset, void *data, size_t size) {
  auto *bytes = static_cast<char *>(data);
  while (size > 0) {
    ssize_t n = ::pread(fd, bytes, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    bytes += n;
    offset += static_cast<uint64_t>(n);
    size -= static_cast<size_t>(n);
  }
  return true;
}

/// A central directory entry.
struct Entry {
  std::string name;
  unsigned method = 0;
  uint32_t crc = 0;
  uint64_t compressedSize = 0, size = 0, localOffset = 0;
};

/// Closes a descriptor on every path out.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0)
      ::close(fd);
  }
  int release() { return std::exchange(fd, -1); }
};

class Archive {
public:
  Archive(int fd, uint64_t fileSize, std::string &error)
      : fd(fd), fileSize(fileSize), error(error) {}

  /// Reads the central directory into `entries`.
  bool readDirectory() {
    // The end record is in the last 22 + 65535 (comment) bytes.
    uint64_t tail = std::min<uint64_t>(fileSize, kEndSize + 65535);
    std::vector<unsigned char> end(tail);
    if (tail < kEndSize || !readAt(fd, fileSize - tail, end.data(), tail))
      return fail("not a zip archive (too short for its end record)");
    int64_t at = static_cast<int64_t>(tail - kEndSize);
    while (at >= 0 && le(&end[at], 4) != kEndSignature)
      --at;
    if (at < 0)
      return fail("not a zip archive (no end of central directory record)");
    const unsigned char *record = &end[at];
    uint64_t count = le(record + 10, 2);
    uint64_t directorySize = le(record + 12, 4);
    uint64_t directoryOffset = le(record + 16, 4);
    uint64_t endOffset = fileSize - tail + static_cast<uint64_t>(at);
    if (count == 0xffff || directorySize == 0xffffffff ||
        directoryOffset == 0xffffffff) {
      // Zip64: a locator just before the end record points at the Zip64
      // end record.
      unsigned char locator[kEnd64LocatorSize], record64[kEnd64Size];
      if (endOffset < kEnd64LocatorSize ||
          !readAt(fd, endOffset - kEnd64LocatorSize, locator,
                  sizeof(locator)) ||
          le(locator, 4) != kEnd64LocatorSignature)
        return fail("damaged zip archive (no Zip64 end record locator)");
      uint64_t offset64 = le(locator + 8, 8);
      if (!readAt(fd, offset64, record64, sizeof(record64)) ||
          le(record64, 4) != kEnd64Signature)
        return fail("damaged zip archive (no Zip64 end record)");
      count = le(record64 + 32, 8);
      directorySize = le(record64 + 40, 8);
      directoryOffset = le(record64 + 48, 8);
    }
    if (directoryOffset > fileSize ||
        directorySize > fileSize - directoryOffset)
      return fail("damaged zip archive (its central directory lies outside "
                  "the file)");
    std::vector<unsigned char> directory(directorySize);
    if (!readAt(fd, directoryOffset, directory.data(), directorySize))
      return fail("cannot read the central directory");
    size_t pos = 0;
    for (uint64_t i = 0; i < count; ++i) {
      if (pos + kEntrySize > directory.size() ||
          le(&directory[pos], 4) != kEntrySignature)
        return fail("damaged zip archive (central directory entry %llu)",
                    static_cast<unsigned long long>(i));
      const unsigned char *e = &directory[pos];
      Entry entry;
      entry.method = static_cast<unsigned>(le(e + 10, 2));
      entry.crc = static_cast<uint32_t>(le(e + 16, 4));
      entry.compressedSize = le(e + 20, 4);
      entry.size = le(e + 24, 4);
      size_t nameSize = le(e + 28, 2), extraSize = le(e + 30, 2),
             commentSize = le(e + 32, 2);
      entry.localOffset = le(e + 42, 4);
      if (pos + kEntrySize + nameSize + extraSize + commentSize >
          directory.size())
        return fail("damaged zip archive (central directory entry %llu)",
                    static_cast<unsigned long long>(i));
      entry.name.assign(reinterpret_cast<const char *>(e + kEntrySize),
                        nameSize);
      if (!readZip64Extra(e + kEntrySize + nameSize, extraSize, entry))
        return false;
      entries.push_back(std::move(entry));
      pos += kEntrySize + nameSize + extraSize + commentSize;
    }
    return true;
  }

  /// The entry `member` or `member`.npy, else null.
  const Entry *find(const std::string &member) const {
    for (const Entry &entry : entries)
      if (entry.name == member || entry.name == member + ".npy")
        return &entry;
    return nullptr;
  }

  /// The members' names, the first 32 of them.
  std::string memberList() const {
    constexpr size_t kListed = 32;
    std::string names;
    for (size_t i = 0; i < entries.size() && i < kListed; ++i)
      names += (i ? ", " : "") + entries[i].name;
    if (entries.size() > kListed)
      names += " and " + std::to_string(entries.size() - kListed) + " more";
    return names.empty() ? "none" : names;
  }

  /// Writes the member's bytes to `out`, checking size and CRC-32.
  bool extract(const Entry &entry, int out) {
    unsigned char local[kLocalSize];
    if (entry.localOffset > fileSize ||
        fileSize - entry.localOffset < kLocalSize ||
        !readAt(fd, entry.localOffset, local, sizeof(local)) ||
        le(local, 4) != kLocalSignature)
      return fail("damaged zip archive (no local header for '%s')",
                  entry.name.c_str());
    uint64_t data = entry.localOffset + kLocalSize + le(local + 26, 2) +
                    le(local + 28, 2);
    if (data > fileSize || entry.compressedSize > fileSize - data)
      return fail("damaged zip archive ('%s' extends past the end of the "
                  "file)",
                  entry.name.c_str());
    if (entry.method != 0 && entry.method != 8)
      return fail("'%s' uses zip compression method %u; only stored (0) and "
                  "deflate (8) are supported",
                  entry.name.c_str(), entry.method);
    // The member is held in memory (a memfd): one that cannot fit stops
    // here, before anything of its size is written.
    std::string tooLarge = exceedsHostMemory(entry.size);
    if (!tooLarge.empty())
      return fail("'%s' does not fit in host memory: its %s",
                  entry.name.c_str(), tooLarge.c_str());
    // A stored member is as large as its data.
    if (entry.method == 0 && entry.size != entry.compressedSize)
      return fail("damaged zip archive ('%s' is stored, but its sizes differ: "
                  "%llu and %llu bytes)",
                  entry.name.c_str(),
                  static_cast<unsigned long long>(entry.compressedSize),
                  static_cast<unsigned long long>(entry.size));
    // Buffers of at most 1 MiB, no larger than the member needs.
    std::vector<unsigned char> in(static_cast<size_t>(std::max<uint64_t>(
        1, std::min<uint64_t>(kChunk, entry.compressedSize)))),
        outBuffer(static_cast<size_t>(
            std::max<uint64_t>(1, std::min<uint64_t>(kChunk, entry.size))));
    uLong crc = crc32(0L, Z_NULL, 0);
    uint64_t written = 0;
    bool tooLong = false;
    auto emit = [&](const unsigned char *bytes, size_t size) {
      // Never more than the entry says (a deflate bomb stops here).
      if (size > entry.size - written) {
        tooLong = true;
        return false;
      }
      crc = crc32(crc, bytes, static_cast<uInt>(size));
      written += size;
      int error = io::writeAll(out, bytes, size);
      errno = error;
      return error == 0;
    };
    auto emitFailed = [&] {
      if (tooLong)
        return fail("damaged zip archive ('%s' holds more than the %llu "
                    "bytes its entry says)",
                    entry.name.c_str(),
                    static_cast<unsigned long long>(entry.size));
      return fail("cannot buffer '%s': %s", entry.name.c_str(),
                  std::strerror(errno));
    };
    if (entry.method == 0) {
      for (uint64_t done = 0; done < entry.compressedSize;) {
        size_t n = static_cast<size_t>(
            std::min<uint64_t>(in.size(), entry.compressedSize - done));
        if (!readAt(fd, data + done, in.data(), n))
          return fail("cannot read '%s'", entry.name.c_str());
        if (!emit(in.data(), n))
          return emitFailed();
        done += n;
      }
    } else {
      z_stream stream{};
      if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
        return fail("cannot start inflating '%s'", entry.name.c_str());
      int status = Z_OK;
      uint64_t done = 0;
      while (status != Z_STREAM_END) {
        if (stream.avail_in == 0) {
          if (done == entry.compressedSize)
            break;
          size_t n = static_cast<size_t>(
              std::min<uint64_t>(in.size(), entry.compressedSize - done));
          if (!readAt(fd, data + done, in.data(), n)) {
            inflateEnd(&stream);
            return fail("cannot read '%s'", entry.name.c_str());
          }
          done += n;
          stream.next_in = in.data();
          stream.avail_in = static_cast<uInt>(n);
        }
        stream.next_out = outBuffer.data();
        stream.avail_out = static_cast<uInt>(outBuffer.size());
        status = inflate(&stream, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END) {
          std::string why = stream.msg ? stream.msg : "corrupt data";
          inflateEnd(&stream);
          return fail("damaged deflate data in '%s' (%s)", entry.name.c_str(),
                      why.c_str());
        }
        if (!emit(outBuffer.data(), outBuffer.size() - stream.avail_out)) {
          inflateEnd(&stream);
          return emitFailed();
        }
      }
      inflateEnd(&stream);
      if (status != Z_STREAM_END)
        return fail("damaged deflate data in '%s' (it ends early)",
                    entry.name.c_str());
    }
    if (written != entry.size)
      return fail("damaged zip archive ('%s' holds %llu bytes, its entry "
                  "says %llu)",
                  entry.name.c_str(), static_cast<unsigned long long>(written),
                  static_cast<unsigned long long>(entry.size));
    if (static_cast<uint32_t>(crc) != entry.crc)
      return fail("damaged zip archive ('%s' fails its CRC-32 check)",
                  entry.name.c_str());
    return true;
  }

private:
  /// The Zip64 extended information extra field (id 1) holds, in order,
  /// the sizes and offset whose 32-bit fields are all ones.
  bool readZip64Extra(const unsigned char *extra, size_t size, Entry &entry) {
    for (size_t pos = 0; pos + 4 <= size;) {
      unsigned id = static_cast<unsigned>(le(extra + pos, 2));
      size_t length = le(extra + pos + 2, 2);
      if (pos + 4 + length > size)
        break;
      if (id == 1) {
        const unsigned char *field = extra + pos + 4;
        size_t left = length;
        for (uint64_t *value :
             {&entry.size, &entry.compressedSize, &entry.localOffset}) {
          if (*value != 0xffffffff)
            continue;
          if (left < 8)
            return fail("damaged zip archive (short Zip64 field of '%s')",
                        entry.name.c_str());
          *value = le(field, 8);
          field += 8;
          left -= 8;
        }
        return true;
      }
      pos += 4 + length;
    }
    if (entry.size == 0xffffffff || entry.compressedSize == 0xffffffff ||
        entry.localOffset == 0xffffffff)
      return fail("damaged zip archive (no Zip64 field for '%s')",
                  entry.name.c_str());
    return true;
  }

  bool fail(const char *format, ...) __attribute__((format(printf, 2, 3))) {
    char buffer[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buffer, sizeof(buffer), format, args);
    va_end(args);
    error = buffer;
    return false;
  }

  int fd;
  uint64_t fileSize;
  std::string &error;

public:
  std::vector<Entry> entries;
};

} // namespace

namespace {
/// Opens the archive `path` into `archive` and reads its directory.
bool openArchive(const char *path, Fd &archive, uint64_t &size,
                 std::string &error) {
  archive.fd = ::open(path, O_RDONLY | O_CLOEXEC);
  struct stat status;
  if (archive.fd < 0 || ::fstat(archive.fd, &status) != 0) {
    error = std::strerror(errno);
    return false;
  }
  if (S_ISDIR(status.st_mode)) {
    error = std::strerror(EISDIR);
    return false;
  }
  if (!S_ISREG(status.st_mode)) {
    error = "not a regular file (a zip archive is read from its end, so it "
            "cannot be a pipe or a device)";
    return false;
  }
  size = static_cast<uint64_t>(status.st_size);
  return true;
}
} // namespace

int extractMember(const char *path, const char *member, std::string &error) {
  Fd archive;
  uint64_t size = 0;
  if (!openArchive(path, archive, size, error))
    return -1;
  Archive zip(archive.fd, size, error);
  if (!zip.readDirectory())
    return -1;
  const Entry *entry = zip.find(member);
  if (!entry) {
    error = std::string("the archive has no member '") + member +
            "' (it holds: " + zip.memberList() + ")";
    return -1;
  }
  Fd out;
  out.fd = ::memfd_create("arrayrt-npz-member", MFD_CLOEXEC);
  if (out.fd < 0) {
    error = std::string("cannot buffer the member: ") + std::strerror(errno);
    return -1;
  }
  if (!zip.extract(*entry, out.fd))
    return -1;
  if (::lseek(out.fd, 0, SEEK_SET) != 0) {
    error = std::strerror(errno);
    return -1;
  }
  return out.release();
}

bool listMembers(const char *path, std::vector<std::string> &names,
                 std::string &error) {
  Fd archive;
  uint64_t size = 0;
  if (!openArchive(path, archive, size, error))
    return false;
  Archive zip(archive.fd, size, error);
  if (!zip.readDirectory())
    return false;
  names.clear();
  for (const Entry &entry : zip.entries)
    names.push_back(entry.name);
  return true;
}

} // namespace arrayrt::zip
