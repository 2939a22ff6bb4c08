//===- Threads.h - How many threads CPU programs' parallel loops use ------===//
//
// The CPU target's parallel loops are OpenMP worksharing loops, run by
// LLVM's OpenMP runtime (libomp), which a program links only when it has
// such loops. OMP_NUM_THREADS sets their number, as for any OpenMP
// program; ARRAYC_NUM_THREADS does too for Arrayc executables (and wins).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_CPU_THREADS_H
#define ARRAYRT_LIB_CPU_THREADS_H

#include <string>

namespace arrayrt::cpu {

/// Parses an ARRAYC_NUM_THREADS value: a whole number from 1 to 4096, or
/// an error message.
std::string parseThreadCount(const char *value, int &threads);

/// Applies ARRAYC_NUM_THREADS, when it is set, to the OpenMP runtime the
/// program has loaded (nothing without one); a bad value is fatal.
void applyThreadCount();

} // namespace arrayrt::cpu

#endif // ARRAYRT_LIB_CPU_THREADS_H
