//===- Link.cpp - Link an object with the arrayrt runtime -----------------===//

#include "Link.h"

#include "arrayc/Config.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static std::string fromEnvironment(const char *name, StringRef fallback) {
  if (const char *value = std::getenv(name); value && *value)
    return value;
  return fallback.str();
}

arrayc::LinkOptions arrayc::defaultLinkOptions(const char *argv0) {
  LinkOptions options;
  options.linker = fromEnvironment("ARRAYC_LINKER", ARRAYC_PROGRAM_LINKER);
  std::string self = sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&defaultLinkOptions));
  SmallString<256> archive(
      sys::path::parent_path(sys::path::parent_path(self)));
  sys::path::append(archive, "lib", "libarrayrt.a");
  options.runtimeLibrary = fromEnvironment("ARRAYC_RUNTIME_LIB", archive);
  return options;
}

std::string arrayc::LinkOptions::mainLibrary() const {
  SmallString<256> path(sys::path::parent_path(runtimeLibrary));
  sys::path::append(path, "libarrayrt_main.a");
  return std::string(path);
}

std::string arrayc::LinkOptions::mpiLibrary() const {
  SmallString<256> path(sys::path::parent_path(runtimeLibrary));
  sys::path::append(path, "libarrayrt_mpi.a");
  return std::string(path);
}

/// Runs the linker on `object`, the runtime and `extra` arguments.
static Error link(StringRef object, StringRef output, ArrayRef<StringRef> extra,
                  bool withMain, const arrayc::LinkOptions &options) {
  if (!sys::fs::exists(options.runtimeLibrary))
    return createStringError(
        inconvertibleErrorCode(),
        "runtime library '" + options.runtimeLibrary +
            "' not found (build the arrayrt target, or pass --runtime-lib= "
            "or set ARRAYC_RUNTIME_LIB)");
  std::string mainLibrary = options.mainLibrary();
  if (withMain && !sys::fs::exists(mainLibrary))
    return createStringError(
        inconvertibleErrorCode(),
        "runtime entry library '" + mainLibrary +
            "' not found next to the runtime library (build the arrayrt_main "
            "target)");
  ErrorOr<std::string> linker = sys::findProgramByName(options.linker);
  if (!linker)
    return createStringError(inconvertibleErrorCode(),
                             "linker '" + options.linker +
                                 "' not found on PATH (set ARRAYC_LINKER)");

  // The runtime is C++ but the program must run where only the C library is
  // guaranteed: link libstdc++, libgcc and zlib (.npz archives) statically.
  // The CUDA driver is loaded at run time, so nothing CUDA is linked.
  SmallVector<StringRef> args = {*linker, object};
  if (withMain)
    args.push_back(mainLibrary);
  // Sharded programs call MPI's collectives (libarrayrt_mpi.a): its members
  // and MPI's libraries come in only when the object calls them.
  std::string mpiLibrary = options.mpiLibrary();
  bool withMpi = ARRAYC_HAVE_MPI && sys::fs::exists(mpiLibrary);
  if (withMpi)
    args.push_back(mpiLibrary);
  args.append({StringRef(options.runtimeLibrary), "-o", output});
  args.append(extra.begin(), extra.end());
  args.append({"-static-libstdc++", "-static-libgcc", "-Wl,-Bstatic", "-lz",
               "-Wl,-Bdynamic", "-ldl", "-lpthread", "-lm"});
  // Parallel loops (CPU target) call LLVM's OpenMP runtime, a shared
  // library found through the run path; programs without them do not
  // depend on it.
  std::string openmpRunPath;
  if (*ARRAYC_OPENMP_RUNTIME) {
    openmpRunPath =
        ("-Wl,-rpath," + sys::path::parent_path(ARRAYC_OPENMP_RUNTIME)).str();
    args.append({"-Wl,--push-state,--as-needed", ARRAYC_OPENMP_RUNTIME,
                 "-Wl,--pop-state", openmpRunPath});
  }
  SmallVector<StringRef> mpiLibraries;
  if (withMpi) {
    StringRef(ARRAYC_MPI_LIBRARIES).split(mpiLibraries, ';', -1, false);
    args.push_back("-Wl,--push-state,--as-needed");
    args.append(mpiLibraries.begin(), mpiLibraries.end());
    args.push_back("-Wl,--pop-state");
  }
  // A runtime built with sanitizers needs their runtimes in the program.
  SmallVector<StringRef> configured;
  StringRef(ARRAYC_PROGRAM_LINK_FLAGS).split(configured, ' ', -1, false);
  args.append(configured.begin(), configured.end());
  if (options.verbose) {
    for (StringRef arg : args)
      errs() << arg << ' ';
    errs() << '\n';
  }
  std::string message;
  int status =
      sys::ExecuteAndWait(*linker, args, std::nullopt, {}, 0, 0, &message);
  if (status != 0)
    return createStringError(inconvertibleErrorCode(),
                             "linking failed (" + options.linker +
                                 " exited with " + std::to_string(status) +
                                 (message.empty() ? "" : ": " + message) + ")");
  return Error::success();
}

Error arrayc::linkExecutable(StringRef object, StringRef output,
                             const LinkOptions &options) {
  return link(object, output, {}, /*withMain=*/true, options);
}

Error arrayc::linkSharedLibrary(StringRef object, StringRef output,
                                StringRef prefix, StringRef soname,
                                const LinkOptions &options) {
  // A version script: the library's C functions are its only dynamic
  // symbols; the runtime's (and libstdc++'s, zlib's) stay inside it.
  SmallString<128> script;
  int fd;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("arrayc", "map", fd, script))
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a temporary version script: " +
                                 ec.message());
  FileRemover removeScript(script);
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << "{\n  global: " << prefix << "_*;\n  local: *;\n};\n";
  }
  std::string versionScript = ("-Wl,--version-script=" + script).str();
  // The library's file name as its SONAME: a program linked with it looks
  // for that name (on its run path), not for the path it was linked from.
  std::string sonameFlag = ("-Wl,-soname," + soname).str();
  return link(object, output,
              {"-shared", versionScript, sonameFlag, "-Wl,--exclude-libs,ALL",
               "-Wl,-z,defs"},
              /*withMain=*/false, options);
}
