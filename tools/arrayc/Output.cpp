//===- Output.cpp - Writing arrayc's output file --------------------------===//

#include "Output.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

Error cannotWrite(StringRef path, const Twine &why) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot write '" + path + "': " + why);
}

Error cannotWrite(StringRef path, std::error_code ec) {
  return cannotWrite(path, ec.message());
}

} // namespace

namespace arrayc {

OutputFile::OutputFile(std::string path, std::string temporary, bool replace)
    : path(std::move(path)), temporary(std::move(temporary)), replace(replace) {
}

Expected<std::unique_ptr<OutputFile>> OutputFile::create(StringRef path) {
  if (path.empty())
    return cannotWrite(path, "the output path is empty");
  bool replace = true;
  if (path != "-") {
    sys::fs::file_status status;
    if (std::error_code ec = sys::fs::status(path, status)) {
      if (ec != std::errc::no_such_file_or_directory)
        return cannotWrite(path, ec);
    } else if (status.type() == sys::fs::file_type::directory_file) {
      return cannotWrite(path, "it is a directory");
    } else if (status.type() != sys::fs::file_type::regular_file) {
      replace = false;
    }
  } else {
    replace = false;
  }

  // A regular file's temporary lives beside it, so that the rename stays
  // in one file system; a special file's in the system's temporary folder.
  SmallString<256> temporary;
  int fd = -1;
  if (replace) {
    SmallString<256> model(path);
    model += ".arrayc-%%%%%%";
    if (std::error_code ec =
            sys::fs::createUniqueFile(model, fd, temporary, sys::fs::OF_None,
                                      sys::fs::all_read | sys::fs::all_write))
      return cannotWrite(path, ec);
  } else if (std::error_code ec = sys::fs::createTemporaryFile(
                 "arrayc-output", "tmp", fd, temporary)) {
    return cannotWrite(path, "cannot create a temporary file: " + ec.message());
  }
  sys::RemoveFileOnSignal(temporary);
  std::unique_ptr<OutputFile> output(
      new OutputFile(path.str(), temporary.str().str(), replace));
  output->stream = std::make_unique<raw_fd_ostream>(fd, /*shouldClose=*/true);
  return output;
}

OutputFile::~OutputFile() {
  if (stream) {
    // A write error is reported by commit(); here only the file goes.
    stream->clear_error();
    stream.reset();
  }
  if (!committed) {
    sys::fs::remove(temporary);
    sys::DontRemoveFileOnSignal(temporary);
  }
}

raw_fd_ostream &OutputFile::os() { return *stream; }

Error OutputFile::copyInto() {
  ErrorOr<std::unique_ptr<MemoryBuffer>> contents =
      MemoryBuffer::getFile(temporary, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!contents)
    return cannotWrite(path, contents.getError());
  std::error_code ec;
  raw_fd_ostream target(path, ec, sys::fs::OF_None);
  if (ec)
    return cannotWrite(path, ec);
  target << (*contents)->getBuffer();
  target.close();
  if (target.has_error()) {
    std::error_code error = target.error();
    target.clear_error();
    return cannotWrite(path, error);
  }
  return Error::success();
}

Error OutputFile::commit() {
  stream->close();
  if (stream->has_error()) {
    std::error_code error = stream->error();
    stream->clear_error();
    return cannotWrite(path, error);
  }
  stream.reset();
  if (!replace) {
    Error error = copyInto();
    sys::fs::remove(temporary);
    sys::DontRemoveFileOnSignal(temporary);
    committed = true;
    return error;
  }
  // The temporary was made as a new file would be (0666 less the umask);
  // the linker gives executables their mode.
  if (std::error_code ec = sys::fs::rename(temporary, path))
    return cannotWrite(path, ec);
  sys::DontRemoveFileOnSignal(temporary);
  committed = true;
  return Error::success();
}

} // namespace arrayc
