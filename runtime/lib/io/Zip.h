//===- Zip.h - Reading one member of a zip archive --------------*- C++ -*-===//
//
// NumPy's .npz files (np.savez, np.savez_compressed, scipy.sparse.save_npz)
// are zip archives of .npy files, stored or deflated, with Zip64 fields
// (NumPy forces them on every member). This reads one member through the
// central directory, inflates it with zlib where needed, checks its CRC-32,
// and hands it over as an in-memory file the .npy reader reads like any
// other.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_ZIP_H
#define ARRAYRT_LIB_ZIP_H

#include <string>
#include <vector>

namespace arrayrt::zip {

/// A file descriptor, positioned at 0, of an anonymous in-memory file that
/// holds the bytes of `member` of the archive `path` (the entry named
/// `member`, or `member` + ".npy" as np.load's `npz[member]`); the caller
/// closes it. On failure -1, with `error` saying what is wrong (the file
/// cannot be read, is not a zip archive, is damaged, uses an unsupported
/// compression, or has no such member: then it lists the members).
int extractMember(const char *path, const char *member, std::string &error);

/// The names of the members of the archive `path`, in the central
/// directory's order; false with `error` set as for extractMember when the
/// directory cannot be read. (The fuzz target of the .npz readers extracts
/// the members it finds.)
bool listMembers(const char *path, std::vector<std::string> &names,
                 std::string &error);

} // namespace arrayrt::zip

#endif // ARRAYRT_LIB_ZIP_H
