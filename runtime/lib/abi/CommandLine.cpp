//===- CommandLine.cpp - What an executable's command line asks -----------===//

#include "abi/CommandLine.h"

#include "io/Npy.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace arrayrt::abi {
namespace {

using Kind = ArgumentSource::Kind;

bool endsWith(const std::string &text, const char *suffix) {
  size_t n = std::strlen(suffix);
  return text.size() >= n && text.compare(text.size() - n, n, suffix) == 0;
}

bool equalsIgnoringCase(const std::string &text, const char *word) {
  if (text.size() != std::strlen(word))
    return false;
  for (size_t i = 0; i < text.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != word[i])
      return false;
  return true;
}

/// Whether an argument that starts with '-' is a negative number (-3, -.5,
/// -inf, -nan) rather than an option.
bool isNegativeNumber(const std::string &text) {
  if (text.size() < 2 || text[0] != '-')
    return false;
  if (std::isdigit(static_cast<unsigned char>(text[1])) || text[1] == '.')
    return true;
  std::string rest = text.substr(1);
  return equalsIgnoringCase(rest, "inf") ||
         equalsIgnoringCase(rest, "infinity") ||
         equalsIgnoringCase(rest, "nan");
}

/// Where ".npz:" splits FILE.npz:NAME (its last occurrence: a member's name
/// is plain, a path may hold anything), or npos.
size_t npzMemberSeparator(const std::string &text) {
  return text.rfind(".npz:");
}

/// Whether a scalar or 0-d argument names a file rather than a number.
bool looksLikeFile(const std::string &text) {
  return endsWith(text, ".npy") || endsWith(text, ".npz") ||
         npzMemberSeparator(text) != std::string::npos;
}

bool isInteger(int32_t dtype) {
  return dtype >= ARRAYRT_DTYPE_I8 && dtype <= ARRAYRT_DTYPE_UI64;
}

bool isUnsigned(int32_t dtype) {
  return dtype >= ARRAYRT_DTYPE_UI8 && dtype <= ARRAYRT_DTYPE_UI64;
}

/// `value` rounded to nearest even in the binary format with
/// `exponentBits` exponent bits and `mantissaBits` fraction bits (f16: 5 and
/// 10, bf16: 8 and 7), as its bits. Straight from the double: rounding
/// through float first would round twice.
uint16_t toNarrowFloat(double value, int exponentBits, int mantissaBits) {
  const int bias = (1 << (exponentBits - 1)) - 1;
  const int minExponent = 1 - bias, maxExponent = bias;
  const auto sign = static_cast<uint16_t>(std::signbit(value) ? 0x8000 : 0);
  const auto infinity =
      static_cast<uint16_t>(((1u << exponentBits) - 1) << mantissaBits);
  if (std::isnan(value))
    return static_cast<uint16_t>(sign | infinity | (1u << (mantissaBits - 1)));
  double magnitude = std::fabs(value);
  if (std::isinf(magnitude))
    return sign | infinity;
  if (magnitude == 0)
    return sign;
  int exponent;
  std::frexp(magnitude, &exponent);
  exponent = std::max(exponent - 1, minExponent); // magnitude >= 2^exponent
  // In units of the format's spacing at this exponent (a power of two, so
  // the division is exact), rounded to nearest even.
  double units =
      std::nearbyint(magnitude / std::ldexp(1.0, exponent - mantissaBits));
  const double implicitBit = std::ldexp(1.0, mantissaBits);
  if (units >= 2 * implicitBit) { // Rounded up to the next power of two.
    units /= 2;
    ++exponent;
  }
  if (exponent > maxExponent)
    return sign | infinity;
  if (units < implicitBit) // Subnormal (or zero): exponent field 0.
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(units));
  return static_cast<uint16_t>(
      sign | (static_cast<unsigned>(exponent + bias) << mantissaBits) |
      static_cast<unsigned>(units - implicitBit));
}

/// The largest finite value of a float dtype, for range messages.
double largestFinite(int32_t dtype) {
  switch (dtype) {
  case ARRAYRT_DTYPE_F16:
    return 65504;
  case ARRAYRT_DTYPE_BF16:
    return 3.3895313892515355e38;
  case ARRAYRT_DTYPE_F32:
    return std::numeric_limits<float>::max();
  default:
    return std::numeric_limits<double>::max();
  }
}

std::string parseFloat(const std::string &text, int32_t dtype, uint64_t &bits) {
  std::string expected =
      "expected a number (or inf, -inf, nan), found '" + text + "'";
  // strtod skips leading spaces and stops at anything it cannot read; the
  // whole text must be the number.
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    return expected;
  char *end = nullptr;
  errno = 0;
  double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size())
    return expected;
  bool overflow = errno == ERANGE && std::isinf(value);
  switch (dtype) {
  case ARRAYRT_DTYPE_F64:
    std::memcpy(&bits, &value, sizeof value);
    break;
  case ARRAYRT_DTYPE_F32: {
    auto narrow = static_cast<float>(value);
    overflow |= std::isfinite(value) && std::isinf(narrow);
    uint32_t word;
    std::memcpy(&word, &narrow, sizeof word);
    bits = word;
    break;
  }
  default: {
    bool f16 = dtype == ARRAYRT_DTYPE_F16;
    bits = toNarrowFloat(value, f16 ? 5 : 8, f16 ? 10 : 7);
    overflow |=
        std::isfinite(value) && (bits & 0x7fff) == (f16 ? 0x7c00 : 0x7f80);
    break;
  }
  }
  if (overflow) {
    char largest[32];
    std::snprintf(largest, sizeof largest, "%.9g", largestFinite(dtype));
    return text + " is out of range (it rounds to infinity; the largest " +
           dtypeName(dtype) + " is " + largest + ")";
  }
  return {};
}

std::string parseInteger(const std::string &text, int32_t dtype,
                         uint64_t &bits) {
  std::string expected = "expected an integer, found '" + text + "'";
  size_t pos = 0;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '-' || text[pos] == '+'))
    negative = text[pos++] == '-';
  if (pos == text.size())
    return expected;
  // The magnitude; `overflow` once it exceeds what any dtype holds.
  uint64_t magnitude = 0;
  bool overflow = false;
  for (; pos < text.size(); ++pos) {
    if (!std::isdigit(static_cast<unsigned char>(text[pos])))
      return expected;
    auto digit = static_cast<uint64_t>(text[pos] - '0');
    overflow |= __builtin_mul_overflow(magnitude, 10, &magnitude) ||
                __builtin_add_overflow(magnitude, digit, &magnitude);
  }
  int width = static_cast<int>(npy::dtypeInfo(dtype)->size) * 8;
  uint64_t maxMagnitude = width == 64 ? std::numeric_limits<uint64_t>::max()
                                      : (uint64_t(1) << width) - 1;
  std::string range;
  bool inRange;
  if (isUnsigned(dtype)) {
    inRange = !overflow &&
              (magnitude == 0 || (!negative && magnitude <= maxMagnitude));
    range = "0 to " + std::to_string(maxMagnitude);
    bits = magnitude;
  } else {
    uint64_t limit = uint64_t(1) << (width - 1); // |min|; max is limit - 1.
    inRange = !overflow && (negative ? magnitude <= limit : magnitude < limit);
    range = "-" + std::to_string(limit) + " to " + std::to_string(limit - 1);
    bits = negative ? ~magnitude + 1 : magnitude;
    if (width < 64)
      bits &= (uint64_t(1) << width) - 1;
  }
  if (!inRange)
    return text + " is out of range (" + range + ")";
  return {};
}

std::string parseBool(const std::string &text, uint64_t &bits) {
  if (text == "true" || text == "True" || text == "1") {
    bits = 1;
    return {};
  }
  if (text == "false" || text == "False" || text == "0") {
    bits = 0;
    return {};
  }
  return "expected true, false, 1 or 0, found '" + text + "'";
}

/// `name: type, name: type` of `count` values.
std::string listValues(const arrayrt_abi_value_t *values, int32_t count) {
  std::string text;
  for (int32_t i = 0; i < count; ++i)
    text += (i ? ", " : "") + std::string(values[i].name) + ": " +
            typeName(values[i]);
  return text;
}

std::string plural(int64_t count, const char *one, const char *many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

/// `argument 2 't' (f32)`, how messages about an argument start.
std::string argumentLabel(const arrayrt_abi_function_t &main, int32_t index) {
  const arrayrt_abi_value_t &value = main.args[index];
  return "argument " + std::to_string(index + 1) + " '" + value.name + "' (" +
         typeName(value) + ")";
}

/// Classifies the argument `text` for `main.args[index]`; an empty string
/// or the error.
std::string parseArgument(const arrayrt_abi_function_t &main, int32_t index,
                          const std::string &text, ArgumentSource &source) {
  const arrayrt_abi_value_t &value = main.args[index];
  source = ArgumentSource();
  source.text = text;
  bool tensor = value.rank >= 1;
  if (tensor || looksLikeFile(text)) {
    size_t separator = npzMemberSeparator(text);
    if (separator != std::string::npos) {
      source.kind = Kind::Npz;
      source.path = text.substr(0, separator + 4);
      source.member = text.substr(separator + 5);
      if (source.member.empty())
        return argumentLabel(main, index) + ": '" + text +
               "' names no member of the archive (expected FILE.npz:NAME)";
    } else if (endsWith(text, ".npz")) {
      // An archive alone: its member named after the argument, so that one
      // np.savez(f, x=..., t=...) serves every argument.
      source.kind = Kind::Npz;
      source.path = text;
      source.member = value.name;
    } else {
      source.kind = Kind::Npy;
      source.path = text;
    }
    if (source.path.empty())
      return argumentLabel(main, index) + ": the file name is empty";
    return {};
  }
  source.kind = Kind::Number;
  std::string error = parseNumber(text, value.dtype, source.bits);
  if (error.empty())
    return {};
  std::string message = argumentLabel(main, index) + ": " + error;
  // What does not read as a number may have been meant as a file.
  if (error.compare(0, 9, "expected ") == 0)
    message += "; a file must be named FILE.npy, FILE.npz or FILE.npz:NAME";
  return message;
}

} // namespace

std::string dtypeName(int32_t dtype) {
  const npy::DtypeInfo *info = npy::dtypeInfo(dtype);
  return info ? info->name : "dtype(" + std::to_string(dtype) + ")";
}

std::string typeName(const arrayrt_abi_value_t &value) {
  std::string element = dtypeName(value.dtype);
  if (value.rank == ARRAYRT_ABI_SCALAR)
    return element;
  std::string text = "tensor<";
  for (int32_t i = 0; i < value.rank; ++i) {
    int64_t size = value.shape ? value.shape[i] : ARRAYRT_ABI_DYNAMIC;
    text += (size == ARRAYRT_ABI_DYNAMIC ? "?" : std::to_string(size)) + "x";
  }
  return text + element + ">";
}

std::string parseNumber(const std::string &text, int32_t dtype,
                        uint64_t &bits) {
  bits = 0;
  switch (dtype) {
  case ARRAYRT_DTYPE_I1:
    return parseBool(text, bits);
  case ARRAYRT_DTYPE_F16:
  case ARRAYRT_DTYPE_BF16:
  case ARRAYRT_DTYPE_F32:
  case ARRAYRT_DTYPE_F64:
    return parseFloat(text, dtype, bits);
  default:
    if (isInteger(dtype))
      return parseInteger(text, dtype, bits);
    return "invalid dtype code " + std::to_string(dtype);
  }
}

std::string checkSignature(const arrayrt_abi_function_t &main) {
  if (!main.packed)
    return "its packed entry point is NULL";
  if (main.num_args < 0 || main.num_results < 0 ||
      (main.num_args > 0 && !main.args) ||
      (main.num_results > 0 && !main.results))
    return "invalid argument or result counts";
  auto check = [](const arrayrt_abi_value_t &value, const char *what,
                  int32_t index) -> std::string {
    std::string label = std::string(what) + " " + std::to_string(index);
    if (!value.name)
      return label + " has no name";
    if (!npy::dtypeInfo(value.dtype))
      return label + " '" + value.name + "' has the invalid dtype code " +
             std::to_string(value.dtype);
    if (value.rank < ARRAYRT_ABI_SCALAR || (value.rank > 0 && !value.shape))
      return label + " '" + value.name + "' has the invalid rank " +
             std::to_string(value.rank);
    for (int32_t i = 0; i < value.rank; ++i)
      if (value.shape[i] < 0 && value.shape[i] != ARRAYRT_ABI_DYNAMIC)
        return label + " '" + value.name + "' has the invalid size " +
               std::to_string(value.shape[i]);
    return {};
  };
  for (int32_t i = 0; i < main.num_args; ++i)
    if (std::string error = check(main.args[i], "argument", i + 1);
        !error.empty())
      return error;
  for (int32_t i = 0; i < main.num_results; ++i)
    if (std::string error = check(main.results[i], "result", i); !error.empty())
      return error;
  return {};
}

std::string parseCommandLine(const arrayrt_abi_function_t &main, int argc,
                             const char *const *argv, Plan &plan) {
  plan = Plan();
  std::string error;
  auto failed = [&](std::string message) {
    if (error.empty())
      error = std::move(message);
  };
  std::vector<std::string> positional, outputs;
  bool outdirGiven = false;
  bool onlyArguments = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i] ? argv[i] : "";
    if (onlyArguments || arg.size() < 2 || arg[0] != '-' ||
        isNegativeNumber(arg)) {
      positional.push_back(arg);
    } else if (arg == "--") {
      onlyArguments = true;
    } else if (arg == "-h" || arg == "--help") {
      plan.help = true;
    } else if (arg == "-o") {
      if (i + 1 == argc || !argv[i + 1] || !*argv[i + 1])
        failed("-o needs a file name");
      else
        outputs.push_back(argv[++i]);
    } else if (arg == "--outdir" || arg.compare(0, 9, "--outdir=") == 0) {
      std::string dir;
      if (arg.size() > 8)
        dir = arg.substr(9);
      else if (i + 1 < argc && argv[i + 1])
        dir = argv[++i];
      if (dir.empty())
        failed("--outdir needs a directory");
      else if (outdirGiven)
        failed("--outdir is given twice");
      outdirGiven = true;
      if (plan.outdir.empty())
        plan.outdir = dir;
    } else {
      failed("unknown option '" + arg +
             "' (an argument that starts with '-' can follow '--')");
    }
  }
  if (plan.help)
    return {};
  if (!error.empty())
    return error;

  int32_t numArgs = main.num_args, numResults = main.num_results;
  if (static_cast<int64_t>(positional.size()) != numArgs) {
    std::string given = positional.size() == 1
                            ? "1 was given"
                            : std::to_string(positional.size()) + " were given";
    if (numArgs == 0)
      return "@main takes no arguments, but " + given;
    return "@main takes " + plural(numArgs, "argument", "arguments") + " (" +
           listValues(main.args, numArgs) + "), but " + given;
  }
  if (!outputs.empty() && outdirGiven)
    return "-o and --outdir cannot be used together";
  if (numResults == 0 && (!outputs.empty() || outdirGiven))
    return std::string(outdirGiven ? "--outdir" : "-o") +
           " is given, but @main returns no results";
  if (static_cast<int64_t>(outputs.size()) > numResults)
    return "-o is given " + plural(outputs.size(), "time", "times") +
           ", but @main returns " + plural(numResults, "result", "results") +
           " (" + listValues(main.results, numResults) + ")";

  plan.arguments.resize(numArgs);
  for (int32_t i = 0; i < numArgs; ++i)
    if (std::string error =
            parseArgument(main, i, positional[i], plan.arguments[i]);
        !error.empty())
      return error;
  plan.results.resize(numResults);
  for (int32_t j = 0; j < numResults; ++j) {
    if (j < static_cast<int32_t>(outputs.size()))
      plan.results[j].path = outputs[j];
    else if (outdirGiven)
      plan.results[j].path = plan.outdir +
                             (endsWith(plan.outdir, "/") ? "" : "/") +
                             main.results[j].name + ".npy";
  }
  return {};
}

std::string usage(const arrayrt_abi_function_t &main, const char *program) {
  std::string name = program && *program ? program : "prog";
  bool results = main.num_results > 0;
  std::string text = "usage: " + name;
  if (results)
    text += " [-o FILE]... [--outdir DIR]";
  for (int32_t i = 0; i < main.num_args; ++i)
    text += std::string(" ") + main.args[i].name;
  text += "\n";

  // Three columns: name, type, what it takes (padded to the widest).
  size_t nameWidth = 0, typeWidth = 0;
  auto widen = [&](const arrayrt_abi_value_t *values, int32_t count) {
    for (int32_t i = 0; i < count; ++i) {
      nameWidth = std::max(nameWidth, std::strlen(values[i].name));
      typeWidth = std::max(typeWidth, typeName(values[i]).size());
    }
  };
  widen(main.args, main.num_args);
  widen(main.results, main.num_results);
  auto row = [&](const arrayrt_abi_value_t &value, const std::string &what) {
    std::string type = typeName(value);
    text += "  " + std::string(value.name) +
            std::string(nameWidth - std::strlen(value.name) + 2, ' ') + type +
            std::string(typeWidth - type.size() + 2, ' ') + what + "\n";
  };
  if (main.num_args == 0)
    text += "@main takes no arguments.\n";
  for (int32_t i = 0; i < main.num_args; ++i) {
    const arrayrt_abi_value_t &value = main.args[i];
    if (value.rank >= 1)
      row(value, std::string("a .npy file, FILE.npz:NAME, or FILE.npz (its "
                             "member ") +
                     value.name + ")");
    else if (value.dtype == ARRAYRT_DTYPE_I1)
      row(value, "true, false, 1 or 0, or a .npy/.npz file of one");
    else if (isInteger(value.dtype))
      row(value, "an integer, or a .npy/.npz file of one");
    else
      row(value, "a number (inf, -inf, nan too), or a .npy/.npz file of one");
  }
  if (results) {
    text += "results:\n";
    for (int32_t j = 0; j < main.num_results; ++j)
      row(main.results[j], "printed, or written by -o FILE / --outdir DIR");
  }
  text += "options:\n";
  if (results) {
    text += "  -o FILE       write the next result to FILE (.npy), once per "
            "result in order\n"
            "  --outdir DIR  write each result to DIR/<name>.npy\n";
  }
  text += "  -h, --help    print this help\n"
          "  --            only arguments follow\n"
          "ARRAYRT_BENCH=N times N runs of @main on the same arguments (the "
          "results are\n"
          "written once); ARRAYRT_PROFILE=1 prints the time of each op (GPU "
          "time for a\n"
          "GPU program, host time for a CPU one) and ARRAYRT_TRACE=FILE "
          "writes a Chrome\n"
          "trace of them (docs/profiling.md).\n";
  return text;
}

} // namespace arrayrt::abi
