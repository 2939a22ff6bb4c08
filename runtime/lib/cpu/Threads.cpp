//===- Threads.cpp - How many threads CPU programs' parallel loops use ----===//

#include "cpu/Threads.h"

#include "driver/Error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace arrayrt::cpu {

std::string parseThreadCount(const char *value, int &threads) {
  char *end = nullptr;
  errno = 0;
  long count = std::strtol(value, &end, 10);
  bool digitsOnly =
      *value && std::strspn(value, "0123456789") == std::strlen(value);
  if (!digitsOnly || *end || errno || count < 1 || count > 4096)
    return "ARRAYC_NUM_THREADS must be the number of threads of parallel "
           "loops, a whole number from 1 to 4096, but is '" +
           std::string(value) + "'";
  threads = static_cast<int>(count);
  return {};
}

void applyThreadCount() {
  const char *value = std::getenv("ARRAYC_NUM_THREADS");
  if (!value)
    return;
  int threads = 0;
  std::string error = parseThreadCount(value, threads);
  if (!error.empty())
    fatal("%s", error.c_str());
  // libomp is linked only by programs with parallel loops.
  using SetNumThreads = void (*)(int);
  if (auto set = reinterpret_cast<SetNumThreads>(
          dlsym(RTLD_DEFAULT, "omp_set_num_threads")))
    set(threads);
}

} // namespace arrayrt::cpu
