//===- Nvrtc.cpp - NVRTC, loaded from the CUDA toolkit --------------------===//

#include "Nvrtc.h"

#include "arrayc/Config.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <mutex>

using namespace mlir::array;
using llvm::StringRef;

namespace {

// NVRTC's C API (nvrtc.h), declared here so that building Arrayc needs no
// NVRTC header; the ABI has been stable since CUDA 7.
using Program = struct NvrtcProgram *;
using Result = int;
constexpr Result kSuccess = 0;

struct Api {
  Result (*version)(int *, int *);
  const char *(*getErrorString)(Result);
  Result (*createProgram)(Program *, const char *, const char *, int,
                          const char *const *, const char *const *);
  Result (*destroyProgram)(Program *);
  Result (*compileProgram)(Program, int, const char *const *);
  Result (*getProgramLogSize)(Program, size_t *);
  Result (*getProgramLog)(Program, char *);
  Result (*getPTXSize)(Program, size_t *);
  Result (*getPTX)(Program, char *);
  Result (*getCUBINSize)(Program, size_t *);
  Result (*getCUBIN)(Program, char *);
  Result (*addNameExpression)(Program, const char *);
  Result (*getLoweredName)(Program, const char *, const char **);
};

/// The libraries to try, the toolkit's first.
std::vector<std::string> candidates(StringRef toolkit) {
  std::vector<std::string> paths;
  StringRef root = toolkit.empty() ? StringRef(ARRAYC_CUDA_TOOLKIT_PATH) : toolkit;
  for (StringRef dir : {"lib64", "targets/x86_64-linux/lib", "lib"})
    for (StringRef file : {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"}) {
      llvm::SmallString<128> path(root);
      llvm::sys::path::append(path, dir, file);
      paths.push_back(std::string(path));
    }
  // Then the dynamic loader's search path.
  paths.push_back("libnvrtc.so");
  paths.push_back("libnvrtc.so.13");
  return paths;
}

template <typename F>
bool resolve(llvm::sys::DynamicLibrary &library, const char *name, F &fn) {
  fn = reinterpret_cast<F>(library.getAddressOfSymbol(name));
  return fn != nullptr;
}

llvm::Expected<const Api *> load(StringRef toolkit) {
  static std::mutex mutex;
  static Api api;
  static bool loaded = false;
  std::lock_guard<std::mutex> lock(mutex);
  if (loaded)
    return &api;
  std::vector<std::string> paths = candidates(toolkit);
  for (const std::string &path : paths) {
    if (path.find('/') != std::string::npos && !llvm::sys::fs::exists(path))
      continue;
    std::string message;
    auto library =
        llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &message);
    if (!library.isValid())
      continue;
    bool ok = resolve(library, "nvrtcVersion", api.version) &&
              resolve(library, "nvrtcGetErrorString", api.getErrorString) &&
              resolve(library, "nvrtcCreateProgram", api.createProgram) &&
              resolve(library, "nvrtcDestroyProgram", api.destroyProgram) &&
              resolve(library, "nvrtcCompileProgram", api.compileProgram) &&
              resolve(library, "nvrtcGetProgramLogSize",
                      api.getProgramLogSize) &&
              resolve(library, "nvrtcGetProgramLog", api.getProgramLog) &&
              resolve(library, "nvrtcGetPTXSize", api.getPTXSize) &&
              resolve(library, "nvrtcGetPTX", api.getPTX) &&
              resolve(library, "nvrtcGetCUBINSize", api.getCUBINSize) &&
              resolve(library, "nvrtcGetCUBIN", api.getCUBIN) &&
              resolve(library, "nvrtcAddNameExpression",
                      api.addNameExpression) &&
              resolve(library, "nvrtcGetLoweredName", api.getLoweredName);
    if (!ok)
      return llvm::createStringError(path + " lacks NVRTC functions "
                                            "(CUDA 11.1 or newer is needed)");
    loaded = true;
    return &api;
  }
  return llvm::createStringError(
      "NVRTC was not found (tried " + paths.front() + " and the others of " +
      "the toolkit, and the loader's path): install the CUDA toolkit or "
      "pass its root with --cuda-toolkit");
}

llvm::Error failure(const Api &api, Result result, StringRef what) {
  return llvm::createStringError(what + " failed: " +
                                 api.getErrorString(result));
}

} // namespace

llvm::Expected<std::string> nvrtc::version(StringRef toolkit) {
  llvm::Expected<const Api *> api = load(toolkit);
  if (!api)
    return api.takeError();
  int major = 0, minor = 0;
  (*api)->version(&major, &minor);
  return std::to_string(major) + "." + std::to_string(minor);
}

llvm::Expected<nvrtc::Compilation>
nvrtc::compile(StringRef toolkit, StringRef source, StringRef name,
               const std::vector<std::string> &options,
               const std::vector<std::string> &nameExpressions, bool cubin) {
  llvm::Expected<const Api *> loaded = load(toolkit);
  if (!loaded)
    return loaded.takeError();
  const Api &api = **loaded;
  std::string text = source.str(), fileName = name.str();
  Program program = nullptr;
  if (Result r = api.createProgram(&program, text.c_str(), fileName.c_str(),
                                   0, nullptr, nullptr))
    return failure(api, r, "nvrtcCreateProgram");
  // Destroyed on every path out.
  auto destroy = llvm::make_scope_exit([&] { api.destroyProgram(&program); });
  for (const std::string &expression : nameExpressions)
    if (Result r = api.addNameExpression(program, expression.c_str()))
      return failure(api, r, "nvrtcAddNameExpression");
  std::vector<const char *> argv;
  for (const std::string &option : options)
    argv.push_back(option.c_str());
  Result compiled =
      api.compileProgram(program, static_cast<int>(argv.size()), argv.data());

  Compilation result;
  size_t size = 0;
  if (api.getProgramLogSize(program, &size) == kSuccess && size > 1) {
    result.log.resize(size);
    api.getProgramLog(program, result.log.data());
    result.log.resize(size - 1);
  }
  if (compiled != kSuccess) {
    result.error = api.getErrorString(compiled);
    return result;
  }
  if (Result r = api.getPTXSize(program, &size))
    return failure(api, r, "nvrtcGetPTXSize");
  result.ptx.resize(size);
  if (Result r = api.getPTX(program, result.ptx.data()))
    return failure(api, r, "nvrtcGetPTX");
  if (!result.ptx.empty() && result.ptx.back() == '\0')
    result.ptx.pop_back();
  if (cubin) {
    if (Result r = api.getCUBINSize(program, &size))
      return failure(api, r, "nvrtcGetCUBINSize");
    result.cubin.resize(size);
    if (Result r = api.getCUBIN(program, result.cubin.data()))
      return failure(api, r, "nvrtcGetCUBIN");
  }
  for (const std::string &expression : nameExpressions) {
    const char *lowered = nullptr;
    if (Result r = api.getLoweredName(program, expression.c_str(), &lowered))
      return failure(api, r, "nvrtcGetLoweredName");
    result.loweredNames.push_back(lowered);
  }
  result.succeeded = true;
  return result;
}
