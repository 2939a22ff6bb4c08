//===- Mpi.cpp - The collectives of sharded CPU programs, over MPI --------===//
//
// arrayrt/collectives.h on MPI_COMM_WORLD (World.h): one process per grid
// position.
// Built into libarrayrt_mpi.a against the MPI found at configure time, so
// that MPI's handles (an int in MPICH, a pointer in Open MPI) are its
// header's, and linked only into programs that call these functions.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/collectives.h"

#include "abi/DLPack.h"
#include "collectives/World.h"
#include "driver/Error.h"

#include <cstdlib>
#include <mpi.h>

using namespace arrayrt;
using namespace arrayrt::abi;
using namespace arrayrt::collectives;

std::string collectives::at(const char *location) {
  return location ? std::string(location) + ": " : std::string();
}

collectives::Data collectives::contiguous(int64_t rank, void *descriptor,
                                          arrayrt_dtype_t dtype,
                                          const char *what,
                                          const char *location) {
  int32_t r = static_cast<int32_t>(rank);
  Descriptor d = readDescriptor(static_cast<const int64_t *>(descriptor), r);
  if (!isContiguous(r, d.sizes, d.strides))
    fatal("%sthe %s of a collective is not a contiguous buffer",
          at(location).c_str(), what);
  return {d.aligned + d.offset * static_cast<int64_t>(elementBytes(dtype)),
          elementCount(r, d.sizes)};
}

const collectives::World &collectives::world(int64_t processes,
                                             const char *location) {
  static const World known = [] {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
      int provided = 0;
      if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) !=
          MPI_SUCCESS)
        fatal("cannot initialize MPI");
      std::atexit([] {
        int finalized = 0;
        MPI_Finalized(&finalized);
        if (!finalized)
          MPI_Finalize();
      });
    }
    World world;
    MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world.size);
    return world;
  }();
  if (known.size != processes)
    fatal("%sthe program's grid has %lld processes, but it runs as %d MPI "
          "process%s (start it with mpirun -np %lld)",
          at(location).c_str(), static_cast<long long>(processes), known.size,
          known.size == 1 ? "" : "es", static_cast<long long>(processes));
  return known;
}

namespace {

MPI_Datatype datatype(arrayrt_dtype_t dtype, const char *location) {
  switch (dtype) {
  case ARRAYRT_DTYPE_I1:
    return MPI_C_BOOL;
  case ARRAYRT_DTYPE_I8:
    return MPI_INT8_T;
  case ARRAYRT_DTYPE_I16:
    return MPI_INT16_T;
  case ARRAYRT_DTYPE_I32:
    return MPI_INT32_T;
  case ARRAYRT_DTYPE_I64:
    return MPI_INT64_T;
  case ARRAYRT_DTYPE_UI8:
    return MPI_UINT8_T;
  case ARRAYRT_DTYPE_UI16:
    return MPI_UINT16_T;
  case ARRAYRT_DTYPE_UI32:
    return MPI_UINT32_T;
  case ARRAYRT_DTYPE_UI64:
    return MPI_UINT64_T;
  case ARRAYRT_DTYPE_F32:
    return MPI_FLOAT;
  case ARRAYRT_DTYPE_F64:
    return MPI_DOUBLE;
  case ARRAYRT_DTYPE_F16:
  case ARRAYRT_DTYPE_BF16:
    break;
  }
  fatal("%sno MPI type for the collective's element type (dtype %d): "
        "float16 and bfloat16 arrays cannot be reduced or gathered across "
        "processes yet",
        at(location).c_str(), static_cast<int>(dtype));
}

MPI_Op reductionOp(int32_t reduction, arrayrt_dtype_t dtype,
                   const char *location) {
  bool boolean = dtype == ARRAYRT_DTYPE_I1;
  switch (reduction) {
  case ARRAYRT_REDUCTION_SUM:
    return boolean ? MPI_LOR : MPI_SUM;
  case ARRAYRT_REDUCTION_PRODUCT:
    return boolean ? MPI_LAND : MPI_PROD;
  case ARRAYRT_REDUCTION_MIN:
    return boolean ? MPI_LAND : MPI_MIN;
  case ARRAYRT_REDUCTION_MAX:
    return boolean ? MPI_LOR : MPI_MAX;
  case ARRAYRT_REDUCTION_AND:
    return boolean ? MPI_LAND : MPI_BAND;
  case ARRAYRT_REDUCTION_OR:
    return boolean ? MPI_LOR : MPI_BOR;
  case ARRAYRT_REDUCTION_XOR:
    return boolean ? MPI_LXOR : MPI_BXOR;
  }
  fatal("%sunknown reduction %d", at(location).c_str(),
        static_cast<int>(reduction));
}

int checkedCount(int64_t count, const char *location) {
  if (count > INT32_MAX)
    fatal("%sa collective of %lld elements: MPI counts are 32-bit (at most "
          "%d)",
          at(location).c_str(), static_cast<long long>(count), INT32_MAX);
  return static_cast<int>(count);
}

} // namespace

extern "C" int64_t arrayrt_process_index(int64_t processes,
                                         const char *location) {
  return world(processes, location).rank;
}

extern "C" void arrayrt_all_reduce(int64_t rank, void *descriptor,
                                   arrayrt_dtype_t dtype, int32_t reduction,
                                   int64_t processes, const char *location) {
  world(processes, location);
  Data buffer = contiguous(rank, descriptor, dtype, "buffer", location);
  if (buffer.count == 0)
    return;
  if (MPI_Allreduce(
          MPI_IN_PLACE, buffer.data, checkedCount(buffer.count, location),
          datatype(dtype, location), reductionOp(reduction, dtype, location),
          MPI_COMM_WORLD) != MPI_SUCCESS)
    fatal("%sMPI_Allreduce failed", at(location).c_str());
}

extern "C" void arrayrt_all_gather(int64_t input_rank, void *input,
                                   int64_t output_rank, void *output,
                                   arrayrt_dtype_t dtype, int64_t processes,
                                   const char *location) {
  const World &w = world(processes, location);
  Data in = contiguous(input_rank, input, dtype, "input", location);
  Data out = contiguous(output_rank, output, dtype, "output", location);
  if (out.count != in.count * w.size)
    fatal("%sall_gather of %lld elements per process into %lld elements "
          "(expected %lld)",
          at(location).c_str(), static_cast<long long>(in.count),
          static_cast<long long>(out.count),
          static_cast<long long>(in.count * w.size));
  if (in.count == 0)
    return;
  MPI_Datatype type = datatype(dtype, location);
  int count = checkedCount(in.count, location);
  if (MPI_Allgather(in.data, count, type, out.data, count, type,
                    MPI_COMM_WORLD) != MPI_SUCCESS)
    fatal("%sMPI_Allgather failed", at(location).c_str());
}
