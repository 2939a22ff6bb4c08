//===- RunMain.cpp - An executable's @main on its command line ------------===//
//
// arrayrt_run_main (arrayrt/abi.h). The command line (CommandLine.h) says
// where each argument of @main comes from and where each result goes. Every
// argument is read and checked against the signature before anything runs
// and loaded into host memory (the CPU target) or device memory
// (ARRAYRT_ABI_CUDA); @main then runs through arrayrt_run_program's loop
// (bench::runProgram), so that ARRAYRT_BENCH and the profiling modes work
// as for a @main without arguments, each run on the same arguments and
// freeing the previous run's results. The last run's results are written
// or printed.
//
// Exit statuses: 2 for what the command line got wrong, found before @main
// runs (an option, the count of arguments, a number, an argument's file
// that cannot be read or does not match the signature, a result's file that
// cannot be created); 1, as for every runtime error, for what fails after
// (out of memory, a run-time check, a write error).
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "abi/CommandLine.h"
#include "cpu/Threads.h"
#include "driver/Error.h"
#include "io/Npy.h"
#include "io/OutputFile.h"
#include "memory/Memref.h"
#include "profile/Bench.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>
#include <string>
#include <system_error>
#include <vector>

namespace {

using namespace arrayrt;
using abi::ArgumentSource;

/// Prints `arrayrt: error: <message>` and exits with status 2, the status
/// of a command line that asks for what cannot be done.
[[noreturn]] void usageError(const std::string &message) {
  std::fflush(stdout);
  std::fprintf(stderr, "arrayrt: error: %s\n", message.c_str());
  std::fflush(stderr);
  // The results' files may be open already: no temporary stays behind.
  io::removeTemporaryFiles();
  // As fatal(): no global destructors.
  std::_Exit(2);
}

/// Runs `body`, ending the program as fatal() does (status 1) on what it
/// throws, the message after `<label>: `.
template <typename Body> void reportingAs(const std::string &label, Body body) {
  try {
    body();
  } catch (const Failure &failure) {
    fatal("%s: %s", label.c_str(), failure.what());
  } catch (const std::bad_alloc &) {
    fatal("%s: out of host memory", label.c_str());
  }
}

size_t elementSize(int32_t dtype) { return npy::dtypeInfo(dtype)->size; }

/// Python's repr of a shape: `(3, 4)`, `(3,)`, `()`.
std::string formatShape(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

/// The memref descriptor of a C-contiguous array of `sizes` at `data`.
std::vector<int64_t> contiguousDescriptor(void *data,
                                          const std::vector<int64_t> &sizes) {
  auto rank = static_cast<int64_t>(sizes.size());
  std::vector<int64_t> descriptor(3 + 2 * rank, 0);
  descriptor[0] = descriptor[1] = reinterpret_cast<int64_t>(data);
  int64_t stride = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    descriptor[3 + i] = sizes[i];
    descriptor[3 + rank + i] = stride;
    stride *= sizes[i];
  }
  return descriptor;
}

/// What arrayrt_print_<T> prints, by arrayrt_dtype_t.
using PrintFunction = void (*)(int64_t, void *);
constexpr PrintFunction kPrint[] = {
    arrayrt_print_i1,   arrayrt_print_i8,   arrayrt_print_i16,
    arrayrt_print_i32,  arrayrt_print_i64,  arrayrt_print_ui8,
    arrayrt_print_ui16, arrayrt_print_ui32, arrayrt_print_ui64,
    arrayrt_print_f16,  arrayrt_print_bf16, arrayrt_print_f32,
    arrayrt_print_f64};
static_assert(sizeof(kPrint) / sizeof(kPrint[0]) == ARRAYRT_DTYPE_F64 + 1,
              "one print function per arrayrt_dtype_t");

/// One argument of @main, as the packed entry point takes it.
struct Argument {
  const arrayrt_abi_value_t *value = nullptr;
  const ArgumentSource *source = nullptr;
  std::string label; ///< `argument 1 'x'`, how its messages start.
  std::string where; ///< `argument 1 'x' (x.npy)`, with what was given.
  std::unique_ptr<npy::Source> file; ///< Open from check() to load().
  std::vector<int64_t> shape;        ///< A tensor's.
  /// A tensor's memref descriptor; a scalar's value in the first word's low
  /// bytes (little-endian), as the packed entry point reads it.
  std::vector<int64_t> storage{0};
  void *allocated = nullptr; ///< A tensor's buffer.

  bool isScalar() const { return value->rank == ARRAYRT_ABI_SCALAR; }
};

/// One run of an executable's @main and what it reads and writes.
class MainRun {
public:
  MainRun(const arrayrt_abi_function_t &main, const abi::Plan &plan)
      : main(main), plan(plan), arguments(main.num_args),
        results(main.num_results), files(main.num_results) {
    for (int32_t i = 0; i < main.num_args; ++i) {
      Argument &argument = arguments[i];
      argument.value = &main.args[i];
      argument.source = &plan.arguments[i];
      argument.label = "argument " + std::to_string(i + 1) + " '" +
                       argument.value->name + "'";
      argument.where = argument.label + " (" + argument.source->text + ")";
    }
    for (int32_t j = 0; j < main.num_results; ++j) {
      const arrayrt_abi_value_t &result = main.results[j];
      results[j].assign(result.rank == ARRAYRT_ABI_SCALAR
                            ? 1
                            : 3 + 2 * static_cast<size_t>(result.rank),
                        0);
    }
  }

  /// Before the first run: checks and loads the arguments, opens the
  /// results' files.
  void prepare() {
    check();
    openResults();
    load();
  }

  /// One run of @main on the arguments, after freeing the previous run's
  /// results.
  void runOnce() {
    freeResults();
    std::vector<void *> args, resultSlots;
    for (Argument &argument : arguments)
      args.push_back(argument.storage.data());
    for (std::vector<int64_t> &slot : results)
      resultSlots.push_back(slot.data());
    main.packed(args.data(), resultSlots.data());
    // Not the case of an executable's @main, which finishes its device work
    // before it returns; reading the results would then have to wait.
    if (cuda() && (main.flags & ARRAYRT_ABI_STREAM_ORDERED))
      arrayrt_stream_synchronize(arrayrt_default_stream());
  }

  /// After the last run: writes or prints each result.
  void writeResults() {
    for (int32_t j = 0; j < main.num_results; ++j) {
      const arrayrt_abi_value_t &value = main.results[j];
      const std::string &path = plan.results[j].path;
      reportingAs(value.name, [&] {
        HostCopy copy = hostView(j);
        int64_t rank = value.rank == ARRAYRT_ABI_SCALAR ? 0 : value.rank;
        if (path.empty())
          kPrint[value.dtype](rank, copy.descriptor);
        else
          npy::writeArray(*files[j], path.c_str(), rank, copy.descriptor,
                          value.dtype, nullptr);
      });
    }
  }

  /// Frees the results and the arguments.
  void freeAll() {
    freeResults();
    for (Argument &argument : arguments)
      if (argument.allocated)
        release(argument.allocated);
  }

private:
  bool cuda() const { return main.flags & ARRAYRT_ABI_CUDA; }

  void release(void *buffer) {
    if (cuda())
      arrayrt_free(buffer, arrayrt_default_stream());
    else
      _mlir_memref_to_llvm_free(buffer);
  }

  /// Opens every argument's file and checks its dtype, rank and static
  /// sizes against the signature, before any is loaded.
  void check() {
    for (Argument &argument : arguments) {
      const ArgumentSource &source = *argument.source;
      const arrayrt_abi_value_t &value = *argument.value;
      if (source.kind == ArgumentSource::Kind::Number) {
        argument.storage[0] = static_cast<int64_t>(source.bits);
        continue;
      }
      try {
        argument.file = std::make_unique<npy::Source>(
            source.path.c_str(),
            source.kind == ArgumentSource::Kind::Npz ? source.member.c_str()
                                                     : nullptr,
            nullptr);
      } catch (const Failure &failure) {
        usageError(argument.label + ": " + failure.what());
      } catch (const std::bad_alloc &) {
        usageError(argument.where + ": out of host memory");
      }
      const npy::Source &file = *argument.file;
      int64_t rank = argument.isScalar() ? 0 : value.rank;
      bool matches = file.dtype() == value.dtype &&
                     static_cast<int64_t>(file.shape().size()) == rank;
      for (int64_t i = 0; matches && i < rank; ++i)
        matches = value.shape[i] == ARRAYRT_ABI_DYNAMIC ||
                  value.shape[i] == file.shape()[i];
      if (!matches)
        usageError(argument.where + ": expected " + abi::typeName(value) +
                   ", found " + npy::dtypeInfo(file.dtype())->numpy +
                   " array of shape " + formatShape(file.shape()));
      argument.shape = file.shape();
    }
  }

  /// Opens the results' files (OutputFile.h: a temporary for a regular
  /// file), so that one that cannot be written fails before @main runs.
  void openResults() {
    if (!plan.outdir.empty()) {
      std::error_code error;
      std::filesystem::create_directories(plan.outdir, error);
      if (error)
        usageError("cannot create the output directory '" + plan.outdir +
                   "': " + error.message());
    }
    for (int32_t j = 0; j < main.num_results; ++j) {
      const std::string &path = plan.results[j].path;
      if (path.empty())
        continue;
      files[j] = std::make_unique<io::OutputFile>();
      std::string error;
      if (!files[j]->open(path, error))
        usageError(std::string("cannot save ") + main.results[j].name +
                   " to '" + path + "': " + error);
    }
  }

  /// Puts each argument where @main reads it: a tensor in a buffer of its
  /// own (device memory for a cuda @main), a scalar in its storage.
  void load() {
    bool uploaded = false;
    arrayrt_stream_t stream = cuda() ? arrayrt_default_stream() : nullptr;
    for (Argument &argument : arguments) {
      reportingAs(argument.label, [&] {
        if (argument.isScalar()) {
          if (argument.file) {
            std::vector<int64_t> scalar =
                contiguousDescriptor(argument.storage.data(), {});
            argument.file->read(scalar.data());
          }
          return;
        }
        size_t bytes = elementSize(argument.value->dtype);
        for (int64_t size : argument.shape)
          bytes *= static_cast<size_t>(size); // The reader checked it fits.
        const void *number = &argument.source->bits;
        void *buffer;
        if (cuda()) {
          buffer = arrayrt_alloc_at(bytes, stream, argument.where.c_str());
          if (argument.file)
            npy::uploadThroughHost(
                buffer, bytes, stream,
                [&](void *host) {
                  std::vector<int64_t> staged =
                      contiguousDescriptor(host, argument.shape);
                  argument.file->read(staged.data());
                },
                "");
          else
            arrayrt_memcpy(buffer, number, bytes, stream);
          uploaded = true;
        } else {
          // Allocated as compiled code allocates (64-byte aligned for its
          // vector loads), so that the run's frees match; out of memory
          // names the argument.
          arrayrt_set_op(argument.where.c_str(), nullptr, 0);
          buffer = _mlir_memref_to_llvm_aligned_alloc(64, bytes);
          arrayrt_set_op(nullptr, nullptr, 0);
          std::vector<int64_t> descriptor =
              contiguousDescriptor(buffer, argument.shape);
          if (argument.file)
            argument.file->read(descriptor.data());
          else
            std::memcpy(buffer, number, bytes);
        }
        argument.allocated = buffer;
        argument.storage = contiguousDescriptor(buffer, argument.shape);
      });
      argument.file.reset(); // An archive's extracted member goes now.
    }
    // The copies are queued on the stream @main runs on; finishing them here
    // keeps them out of the first run's time.
    if (uploaded)
      arrayrt_stream_synchronize(stream);
  }

  /// Frees the buffers of the last run's results. A buffer that is an
  /// argument's, or another result's too, is left alone: freeing it would
  /// free memory still in use (or twice).
  void freeResults() {
    std::vector<void *> freed;
    for (Argument &argument : arguments)
      if (argument.allocated)
        freed.push_back(argument.allocated);
    for (int32_t j = 0; j < main.num_results; ++j) {
      if (main.results[j].rank == ARRAYRT_ABI_SCALAR)
        continue;
      auto *buffer = reinterpret_cast<void *>(results[j][0]);
      std::fill(results[j].begin(), results[j].end(), 0);
      if (!buffer ||
          std::find(freed.begin(), freed.end(), buffer) != freed.end())
        continue;
      release(buffer);
      freed.push_back(buffer);
    }
  }

  /// A result in host memory: the result itself on the CPU target (and a
  /// scalar's value), else a copy of the device memory it spans.
  struct HostCopy {
    std::unique_ptr<char, decltype(&std::free)> buffer{nullptr, &std::free};
    std::vector<int64_t> view;
    void *descriptor = nullptr;
  };

  HostCopy hostView(int32_t j) {
    const arrayrt_abi_value_t &value = main.results[j];
    HostCopy copy;
    if (value.rank == ARRAYRT_ABI_SCALAR) {
      copy.view = contiguousDescriptor(results[j].data(), {});
      copy.descriptor = copy.view.data();
      return copy;
    }
    if (!cuda()) {
      copy.descriptor = results[j].data();
      return copy;
    }
    // The elements between the lowest and the highest the strides reach,
    // viewed on the host with the same strides.
    int64_t rank = value.rank;
    Memref array = readMemref(rank, results[j].data());
    int64_t low = array.offset, high = array.offset;
    bool empty = false;
    for (int64_t i = 0; i < rank; ++i) {
      empty |= array.sizes[i] == 0;
      int64_t reach = (array.sizes[i] - 1) * array.strides[i];
      (reach < 0 ? low : high) += reach;
    }
    size_t size = elementSize(value.dtype);
    if (!empty) {
      size_t bytes = static_cast<size_t>(high - low + 1) * size;
      copy.buffer.reset(static_cast<char *>(std::malloc(bytes)));
      if (!copy.buffer)
        throw std::bad_alloc();
      arrayrt_stream_t stream = arrayrt_default_stream();
      arrayrt_memcpy(copy.buffer.get(),
                     array.aligned + low * static_cast<int64_t>(size), bytes,
                     stream);
      arrayrt_stream_synchronize(stream);
    }
    copy.view.assign(results[j].begin(), results[j].end());
    copy.view[0] = copy.view[1] = reinterpret_cast<int64_t>(copy.buffer.get());
    copy.view[2] = array.offset - low;
    copy.descriptor = copy.view.data();
    return copy;
  }

  const arrayrt_abi_function_t &main;
  const abi::Plan &plan;
  std::vector<Argument> arguments;
  std::vector<std::vector<int64_t>> results; ///< Descriptors @main fills.
  std::vector<std::unique_ptr<io::OutputFile>> files; ///< Per result; -o.
};

} // namespace

extern "C" int arrayrt_run_main(const arrayrt_abi_function_t *main, int argc,
                                char **argv) {
  if (!main)
    fatal("arrayrt_run_main: the signature table of @main is NULL");
  std::string error = abi::checkSignature(*main);
  if (!error.empty())
    fatal("the signature table of @main is invalid: %s", error.c_str());
  abi::Plan plan;
  error = abi::parseCommandLine(*main, argc, argv, plan);
  if (plan.help) {
    std::string text = abi::usage(*main, argc > 0 ? argv[0] : nullptr);
    if (std::fputs(text.c_str(), stdout) < 0 || std::fflush(stdout) != 0)
      fatal("cannot write the help to stdout");
    return 0;
  }
  if (!error.empty())
    usageError(error);
  cpu::applyThreadCount();

  MainRun run(*main, plan);
  bench::runProgram([&] { run.runOnce(); }, argc, argv, [&] { run.prepare(); });
  run.writeResults();
  run.freeAll();
  return 0;
}
