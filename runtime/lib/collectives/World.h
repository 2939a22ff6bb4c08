//===- World.h - The processes of a sharded program, over MPI ---*- C++ -*-===//
//
// MPI_COMM_WORLD as the grid of a sharded program: MPI initialized on first
// use (finalized at exit), its size checked against the grid's; and the
// buffers collectives take. Shared by the CPU target's collectives
// (Mpi.cpp) and the GPU's (Nccl.cpp, started over MPI).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_COLLECTIVES_WORLD_H
#define ARRAYRT_LIB_COLLECTIVES_WORLD_H

#include "arrayrt/types.h"

#include <cstdint>
#include <string>

namespace arrayrt::collectives {

struct World {
  int rank = 0;
  int size = 1;
};

/// This process's rank and the world's size; stops the program, naming
/// `location`, unless the world has the grid's `processes` processes.
const World &world(int64_t processes, const char *location);

/// A location prefix for messages: "file:line:col: " or nothing.
std::string at(const char *location);

/// The first element of a contiguous buffer and its element count.
struct Data {
  char *data;
  int64_t count;
};

/// The data of the buffer an MLIR memref descriptor of `rank` describes;
/// stops the program, naming `location` and `what` buffer, unless it is
/// contiguous.
Data contiguous(int64_t rank, void *descriptor, arrayrt_dtype_t dtype,
                const char *what, const char *location);

} // namespace arrayrt::collectives

#endif // ARRAYRT_LIB_COLLECTIVES_WORLD_H
