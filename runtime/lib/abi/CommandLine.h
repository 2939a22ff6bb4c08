//===- CommandLine.h - What an executable's command line asks ---*- C++ -*-===//
//
// arrayrt_run_main (arrayrt/abi.h) takes @main's arguments from the command
// line and writes its results where it says. This is the parser: a pure
// function of @main's signature table and argv that opens no file and
// prints nothing, so that tests check every case and message; RunMain.cpp
// does the reading, the running and the writing.
//
//   prog [-o FILE]... [--outdir DIR] [-h|--help] [--] ARG...
//
// An argument of rank 1 or more is a file: FILE.npz:NAME is the member NAME
// of an .npz archive, FILE.npz alone its member named after the argument,
// anything else a .npy file. A scalar or 0-d argument is a file when it
// looks like one (it ends in .npy or .npz, or holds .npz:), else a number
// of its dtype. Options may come anywhere before `--`; an argument that
// starts with '-' and reads as a number (-3, -inf) is an argument.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_ABI_COMMANDLINE_H
#define ARRAYRT_LIB_ABI_COMMANDLINE_H

#include "arrayrt/abi.h"

#include <cstdint>
#include <string>
#include <vector>

namespace arrayrt::abi {

/// Where one argument of @main comes from.
struct ArgumentSource {
  enum class Kind { Npy, Npz, Number };
  Kind kind = Kind::Npy;
  std::string text;   ///< As the command line gives it.
  std::string path;   ///< Npy, Npz: the file.
  std::string member; ///< Npz: the archive's member.
  /// Number: the value as the argument's dtype stores it, in the low bytes
  /// (little-endian): one byte 0 or 1 for i1, the 16 bits of f16 and bf16.
  uint64_t bits = 0;
};

/// Where one result of @main goes.
struct ResultDestination {
  std::string path; ///< The .npy file to write; empty: printed to stdout.
};

/// What the command line asks.
struct Plan {
  bool help = false; ///< -h or --help: print usage() and nothing else.
  std::vector<ArgumentSource> arguments;  ///< One per argument of @main.
  std::vector<ResultDestination> results; ///< One per result of @main.
  std::string outdir; ///< --outdir's directory (in the results' paths).
};

/// Parses `argv[1..argc)` against `main`'s signature into `plan`. Returns an
/// empty string, or the message of the first error (without the
/// `arrayrt: error: ` its caller prints), such as
///   @main takes 2 arguments (x: tensor<?x4xf32>, t: f32), but 1 was given
/// --help wins over every error but those in the signature table.
std::string parseCommandLine(const arrayrt_abi_function_t &main, int argc,
                             const char *const *argv, Plan &plan);

/// The text --help prints for `main`, run as `program` (argv[0]): the
/// command line, each argument and result with its type and what it takes,
/// the options.
std::string usage(const arrayrt_abi_function_t &main, const char *program);

/// Empty if the table can be trusted (dtype codes, ranks, shapes, counts,
/// the packed entry point), else what is wrong with it.
std::string checkSignature(const arrayrt_abi_function_t &main);

/// The dtype as MLIR spells it: f32, i64, ui8, i1, bf16, f16.
std::string dtypeName(int32_t dtype);

/// The argument's or result's type as MLIR spells it: f32 for a scalar,
/// tensor<f32> for a 0-d tensor, tensor<?x4xf32>.
std::string typeName(const arrayrt_abi_value_t &value);

/// Parses `text` as a value of `dtype` into `bits` (as ArgumentSource
/// says): integers in the dtype's range; floats as strtod reads them,
/// inf, -inf and nan included, rounded to nearest even, a finite value that
/// rounds to infinity being out of range; true, false, 1 or 0 for i1.
/// Returns an empty string, or what is wrong: `300 is out of range (0 to
/// 255)`, `expected an integer, found '1.5'`.
std::string parseNumber(const std::string &text, int32_t dtype, uint64_t &bits);

} // namespace arrayrt::abi

#endif // ARRAYRT_LIB_ABI_COMMANDLINE_H
