//===- OutputFileTest.cpp - How the runtime writes files ------------------===//
//
// OutputFile's rule (lib/io/OutputFile.h) on every kind of path: regular files
// and new paths through a temporary and a rename, symbolic links followed,
// devices (/dev/null, /dev/full), FIFOs and the program's own descriptors
// written in place and never replaced; every error with the path; the
// temporary removed on every failure, by fatal() and by the terminating
// signals.
//
//===----------------------------------------------------------------------===//

#include "io/OutputFile.h"
#include "driver/Error.h"

#include "FileBuilders.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using arrayrt::io::OutputFile;

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

bool isCharacterDevice(const char *path) {
  struct stat status;
  return ::lstat(path, &status) == 0 && S_ISCHR(status.st_mode);
}

/// Writes `bytes` to `path` through an OutputFile; returns the error, or
/// "" on success.
std::string save(const std::string &path, const std::string &bytes) {
  OutputFile file;
  std::string error;
  if (!file.open(path, error) ||
      !file.write(bytes.data(), bytes.size(), error) || !file.commit(error))
    return error;
  return "";
}

using arrayrt::test::literal;

class OutputFileTest : public arrayrt::test::ScratchDirTest {
protected:
  OutputFileTest() : ScratchDirTest("arrayrt-out") {}
  void TearDown() override {
    // A test may leave a directory read-only.
    for (const auto &entry : fs::recursive_directory_iterator(dir))
      if (entry.symlink_status().type() == fs::file_type::directory)
        fs::permissions(entry.path(), fs::perms::owner_all,
                        fs::perm_options::add);
    ScratchDirTest::TearDown();
  }
};

TEST_F(OutputFileTest, NewFileGoesThroughATemporary) {
  std::string target = path("x.npy");
  OutputFile file;
  std::string error;
  ASSERT_TRUE(file.open(target, error)) << error;
  EXPECT_EQ(file.mode(), OutputFile::Mode::Replace);
  ASSERT_TRUE(file.write("abc", 3, error)) << error;
  // Until the commit only the temporary exists, next to the target.
  EXPECT_FALSE(fs::exists(target));
  ASSERT_EQ(entries().size(), 1u);
  EXPECT_EQ(entries()[0].rfind("x.npy.tmp-", 0), 0u) << entries()[0];
  EXPECT_EQ(fs::path(file.temporaryPath()).parent_path(), fs::path(dir));
  ASSERT_TRUE(file.commit(error)) << error;
  EXPECT_EQ(readFile(target), "abc");
  EXPECT_EQ(entries(), std::vector<std::string>{"x.npy"});
}

TEST_F(OutputFileTest, ReplacesARegularFileKeepingItsMode) {
  std::string target = path("x.npy");
  writeFile(target, "old contents, longer than the new");
  ASSERT_EQ(::chmod(target.c_str(), 0640), 0);
  EXPECT_EQ(save(target, "new"), "");
  EXPECT_EQ(readFile(target), "new");
  struct stat status;
  ASSERT_EQ(::stat(target.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0640u);
  EXPECT_EQ(entries(), std::vector<std::string>{"x.npy"});
}

TEST_F(OutputFileTest, AbandonRemovesTheTemporaryAndKeepsTheOldFile) {
  std::string target = path("x.npy");
  writeFile(target, "old");
  {
    OutputFile file;
    std::string error;
    ASSERT_TRUE(file.open(target, error));
    ASSERT_TRUE(file.write("partial", 7, error));
    // Destroyed without a commit, as when a Failure unwinds.
  }
  EXPECT_EQ(readFile(target), "old");
  EXPECT_EQ(entries(), std::vector<std::string>{"x.npy"});
}

TEST_F(OutputFileTest, DevNullIsWrittenAndStaysADevice) {
  ASSERT_TRUE(isCharacterDevice("/dev/null"));
  OutputFile file;
  std::string error;
  ASSERT_TRUE(file.open("/dev/null", error)) << error;
  EXPECT_EQ(file.mode(), OutputFile::Mode::Direct);
  std::string data(3 << 20, 'x');
  EXPECT_TRUE(file.write(data.data(), data.size(), error)) << error;
  EXPECT_TRUE(file.commit(error)) << error;
  EXPECT_TRUE(isCharacterDevice("/dev/null"));
}

TEST_F(OutputFileTest, DevFullFailsWithENOSPCAndStaysADevice) {
  ASSERT_TRUE(isCharacterDevice("/dev/full"));
  OutputFile file;
  std::string error;
  ASSERT_TRUE(file.open("/dev/full", error)) << error;
  EXPECT_EQ(file.mode(), OutputFile::Mode::Direct);
  EXPECT_FALSE(file.write("abc", 3, error));
  EXPECT_EQ(error, "cannot write '/dev/full': No space left on device");
  EXPECT_EQ(file.errorNumber(), ENOSPC);
  file.abandon();
  EXPECT_TRUE(isCharacterDevice("/dev/full"));
}

TEST_F(OutputFileTest, FifoIsWrittenInPlace) {
  std::string fifo = path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string data(3 << 20, '\0');
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<char>(i * 7);
  std::string received;
  // More than the pipe holds: the writes are partial and wait for reads.
  std::thread reader([&] { received = readFile(fifo); });
  EXPECT_EQ(save(fifo, data), "");
  reader.join();
  EXPECT_EQ(received, data);
  struct stat status;
  ASSERT_EQ(::lstat(fifo.c_str(), &status), 0);
  EXPECT_TRUE(S_ISFIFO(status.st_mode));
  EXPECT_EQ(entries(), std::vector<std::string>{"pipe"});
}

TEST_F(OutputFileTest, PipeWithoutAReaderIsEPIPENotSIGPIPE) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ::close(ends[0]);
  std::string name = "/dev/fd/" + std::to_string(ends[1]);
  OutputFile file;
  std::string error;
  ASSERT_TRUE(file.open(name, error)) << error;
  EXPECT_EQ(file.mode(), OutputFile::Mode::Descriptor);
  EXPECT_FALSE(file.write("abc", 3, error));
  EXPECT_EQ(error, "cannot write '" + name + "': Broken pipe");
  file.abandon();
  ::close(ends[1]);
  // The SIGPIPE the write raised was consumed, not left pending.
  sigset_t pending;
  ASSERT_EQ(::sigpending(&pending), 0);
  EXPECT_FALSE(sigismember(&pending, SIGPIPE));
}

TEST_F(OutputFileTest, DescriptorNamesWriteToTheProgramsDescriptor) {
  for (const char *prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    int ends[2];
    ASSERT_EQ(::pipe(ends), 0);
    std::string name = prefix + std::to_string(ends[1]);
    EXPECT_EQ(save(name, "through the descriptor"), "") << name;
    ::close(ends[1]);
    char buffer[64] = {};
    EXPECT_EQ(::read(ends[0], buffer, sizeof(buffer)), 22) << name;
    EXPECT_STREQ(buffer, "through the descriptor");
    ::close(ends[0]);
  }
  // A descriptor that is not open.
  EXPECT_EQ(save("/dev/fd/987654", "x"),
            "cannot write '/dev/fd/987654': Bad file descriptor");
}

TEST_F(OutputFileTest, SymlinkToARegularFileReplacesTheTarget) {
  fs::create_directory(path("real"));
  std::string target = path("real/x.npy");
  writeFile(target, "old");
  std::string link = path("link.npy");
  ASSERT_EQ(::symlink("real/x.npy", link.c_str()), 0);
  OutputFile file;
  std::string error;
  ASSERT_TRUE(file.open(link, error)) << error;
  EXPECT_EQ(file.mode(), OutputFile::Mode::Replace);
  EXPECT_EQ(file.target(), path("real/x.npy"));
  // The temporary is in the target's directory, so the rename stays on its
  // file system.
  EXPECT_EQ(fs::path(file.temporaryPath()).parent_path(),
            fs::path(dir) / "real");
  ASSERT_TRUE(file.write("new", 3, error));
  ASSERT_TRUE(file.commit(error)) << error;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(readFile(link), "new");
  EXPECT_EQ(entries(path("real")), std::vector<std::string>{"x.npy"});
}

TEST_F(OutputFileTest, DanglingSymlinkCreatesItsTarget) {
  fs::create_directory(path("real"));
  std::string link = path("link.npy");
  ASSERT_EQ(::symlink(path("real/new.npy").c_str(), link.c_str()), 0);
  EXPECT_EQ(save(link, "created"), "");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(readFile(path("real/new.npy")), "created");
}

TEST_F(OutputFileTest, SymlinkToADeviceWritesTheDevice) {
  std::string link = path("null.npy");
  ASSERT_EQ(::symlink("/dev/null", link.c_str()), 0);
  OutputFile file;
  std::string error;
  ASSERT_TRUE(file.open(link, error)) << error;
  EXPECT_EQ(file.mode(), OutputFile::Mode::Direct);
  ASSERT_TRUE(file.write("x", 1, error));
  ASSERT_TRUE(file.commit(error));
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_TRUE(isCharacterDevice("/dev/null"));

  std::string full = path("full.npy");
  ASSERT_EQ(::symlink("/dev/full", full.c_str()), 0);
  EXPECT_EQ(save(full, "x"),
            "cannot write '" + full + "': No space left on device");
  EXPECT_TRUE(isCharacterDevice("/dev/full"));
  EXPECT_TRUE(fs::is_symlink(full));
}

TEST_F(OutputFileTest, SymlinkLoopIsAnError) {
  std::string a = path("a"), b = path("b");
  ASSERT_EQ(::symlink(b.c_str(), a.c_str()), 0);
  ASSERT_EQ(::symlink(a.c_str(), b.c_str()), 0);
  EXPECT_EQ(save(a, "x"), "cannot follow the symbolic links of '" + a +
                              "': Too many levels of symbolic links");
  EXPECT_EQ(entries(), (std::vector<std::string>{"a", "b"}));
}

TEST_F(OutputFileTest, MissingDirectoryIsAnErrorWithNoFileLeft) {
  std::string target = path("missing/x.npy");
  std::string error = save(target, "x");
  EXPECT_EQ(error.rfind("cannot create temporary file '" + target + ".tmp-", 0),
            0u)
      << error;
  EXPECT_NE(error.find("': No such file or directory"), std::string::npos)
      << error;
  EXPECT_TRUE(entries().empty());
}

TEST_F(OutputFileTest, DirectoryTargetFailsAtTheRename) {
  fs::create_directory(path("x.npy"));
  std::string error = save(path("x.npy"), "x");
  EXPECT_NE(error.find("cannot rename '"), std::string::npos) << error;
  EXPECT_NE(error.find("': Is a directory"), std::string::npos) << error;
  EXPECT_EQ(entries(), std::vector<std::string>{"x.npy"});
  EXPECT_TRUE(fs::is_directory(path("x.npy")));
}

TEST_F(OutputFileTest, LongNamesGetAShortenedTemporary) {
  std::string name(250, 'n');
  OutputFile file;
  std::string error;
  ASSERT_TRUE(file.open(path(name), error)) << error;
  EXPECT_LE(fs::path(file.temporaryPath()).filename().string().size(), 255u);
  ASSERT_TRUE(file.write("x", 1, error));
  ASSERT_TRUE(file.commit(error)) << error;
  EXPECT_EQ(entries(), std::vector<std::string>{name});
}

TEST_F(OutputFileTest, EmptyPathIsAnError) {
  EXPECT_EQ(save("", "x"), "cannot open '': No such file or directory");
}

TEST_F(OutputFileTest, ReadOnlyDirectoryIsAnErrorWithNoFileLeft) {
  std::string locked = path("locked");
  fs::create_directory(locked);
  writeFile(locked + "/x.npy", "old");
  ASSERT_EQ(::chmod(dir.c_str(), 0755), 0);
  ASSERT_EQ(::chmod(locked.c_str(), 0555), 0);
  std::string target = locked + "/x.npy";
  // Root ignores the directory's mode: the child drops to nobody first.
  EXPECT_EXIT(
      {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
          _exit(2);
        std::string error = save(target, "new");
        std::fprintf(stderr, "%s\n", error.c_str());
        _exit(error.empty() ? 0 : 1);
      },
      testing::ExitedWithCode(1),
      "cannot create temporary file '" + literal(target) +
          "\\.tmp-[0-9]+-[0-9]+': Permission denied");
  EXPECT_EQ(readFile(target), "old");
  EXPECT_EQ(entries(locked), std::vector<std::string>{"x.npy"});
}

TEST_F(OutputFileTest, FileSizeLimitIsEFBIGNotSIGXFSZ) {
  std::string target = path("x.npy");
  EXPECT_EXIT(
      {
        struct rlimit limit;
        limit.rlim_cur = 1000;
        limit.rlim_max = RLIM_INFINITY;
        ::setrlimit(RLIMIT_FSIZE, &limit);
        std::string error = save(target, std::string(5000, 'x'));
        std::fprintf(stderr, "%s\n", error.c_str());
        _exit(error.empty() ? 0 : 1);
      },
      testing::ExitedWithCode(1),
      "cannot write '" + literal(target) +
          "\\.tmp-[0-9]+-[0-9]+': File too large");
  EXPECT_TRUE(entries().empty());
}

/// A death test's statement: writes "new" into the temporary of a save to
/// `target` (exit status 2 where that fails), then, with the save in
/// progress, runs `interrupt`, which ends the process.
template <typename Interrupt>
void interruptSave(const std::string &target, Interrupt interrupt) {
  OutputFile file;
  std::string error;
  if (!file.open(target, error) || !file.write("new", 3, error))
    _exit(2);
  interrupt();
}

TEST_F(OutputFileTest, FatalRemovesTheTemporary) {
  std::string target = path("x.npy");
  writeFile(target, "old");
  EXPECT_EXIT(
      interruptSave(target, [] { arrayrt::fatal("something else failed"); }),
      testing::ExitedWithCode(1), "arrayrt: error: something else failed");
  EXPECT_EQ(readFile(target), "old");
  EXPECT_EQ(entries(), std::vector<std::string>{"x.npy"});
}

class OutputFileSignalTest : public OutputFileTest,
                             public testing::WithParamInterface<int> {};

TEST_P(OutputFileSignalTest, TerminatingSignalRemovesTheTemporary) {
  int signal = GetParam();
  std::string target = path("x.npy");
  writeFile(target, "old");
  EXPECT_EXIT(interruptSave(target,
                            [signal] {
                              ::raise(signal);
                              _exit(3);
                            }),
              testing::KilledBySignal(signal), "");
  EXPECT_EQ(readFile(target), "old");
  EXPECT_EQ(entries(), std::vector<std::string>{"x.npy"});
}

INSTANTIATE_TEST_SUITE_P(Signals, OutputFileSignalTest,
                         testing::Values(SIGINT, SIGTERM, SIGHUP, SIGPIPE),
                         [](const testing::TestParamInfo<int> &info) {
                           return std::string(sigabbrev_np(info.param));
                         });

TEST_F(OutputFileTest, ProgramsOwnHandlerIsKept) {
  // A handler the program installed before the first save stays.
  EXPECT_EXIT(
      {
        static std::string target = path("x.npy");
        std::signal(SIGUSR1, [](int) {
          std::fprintf(stderr, "own handler\n");
          _exit(4);
        });
        OutputFile file;
        std::string error;
        if (!file.open(target, error))
          _exit(2);
        ::raise(SIGUSR1);
        _exit(3);
      },
      testing::ExitedWithCode(4), "own handler");
}

} // namespace
