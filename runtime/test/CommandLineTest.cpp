//===- CommandLineTest.cpp - @main's arguments from the command line ------===//
//
// The parser of an executable's command line (abi/CommandLine.h) on its own:
// each kind of argument, numbers of every dtype and their ranges, the
// options, and every message. Then arrayrt_run_main end to end on the CPU
// path, with hand-written packed entry points standing in for compiled
// @mains, on real .npy and .npz files: results written with -o and
// --outdir or printed, ARRAYRT_BENCH runs, and the errors that stop the
// program (status 2) before @main runs.
//
//===----------------------------------------------------------------------===//

#include "abi/CommandLine.h"
#include "arrayrt/arrayrt.h"
#include "io/Npy.h"

#include "FileBuilders.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using arrayrt::abi::ArgumentSource;
using arrayrt::abi::parseCommandLine;
using arrayrt::abi::parseNumber;
using arrayrt::abi::Plan;
using arrayrt::test::literal;
using Kind = ArgumentSource::Kind;

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

const int64_t kDynamicBy4[] = {ARRAYRT_ABI_DYNAMIC, 4};
const int64_t kDynamic[] = {ARRAYRT_ABI_DYNAMIC};

void noop(void **, void **) {}

// @main(x: tensor<?x4xf32>, t: f32) -> tensor<?x4xf32>
const arrayrt_abi_value_t kXtArgs[] = {
    {"x", ARRAYRT_DTYPE_F32, 2, kDynamicBy4},
    {"t", ARRAYRT_DTYPE_F32, ARRAYRT_ABI_SCALAR, nullptr}};
const arrayrt_abi_value_t kXtResults[] = {
    {"result0", ARRAYRT_DTYPE_F32, 2, kDynamicBy4}};
const arrayrt_abi_function_t kXt = {"main", "prog.mlir:1:1", 0,          2,
                                    1,      kXtArgs,         kXtResults, noop};

// @main()
const arrayrt_abi_function_t kNullary = {"main",  "prog.mlir:1:1", 0,   0, 0,
                                         nullptr, nullptr,         noop};

// @main(n: tensor<i64>) with no results.
const arrayrt_abi_value_t kZeroDArgs[] = {{"n", ARRAYRT_DTYPE_I64, 0, nullptr}};
const arrayrt_abi_function_t kZeroD = {"main", "prog.mlir:1:1", 0,       1,
                                       0,      kZeroDArgs,      nullptr, noop};

/// parseCommandLine on `./prog <words>`.
std::string parse(const arrayrt_abi_function_t &main,
                  std::vector<const char *> words, Plan &plan) {
  words.insert(words.begin(), "./prog");
  return parseCommandLine(main, static_cast<int>(words.size()), words.data(),
                          plan);
}

//===----------------------------------------------------------------------===//
// Types and numbers
//===----------------------------------------------------------------------===//

TEST(CommandLineTypes, SpelledAsMlirSpellsThem) {
  using arrayrt::abi::typeName;
  EXPECT_EQ(typeName(kXtArgs[0]), "tensor<?x4xf32>");
  EXPECT_EQ(typeName(kXtArgs[1]), "f32");
  EXPECT_EQ(typeName({"n", ARRAYRT_DTYPE_I64, 0, nullptr}), "tensor<i64>");
  const int64_t three[] = {3};
  EXPECT_EQ(typeName({"b", ARRAYRT_DTYPE_BF16, 1, three}), "tensor<3xbf16>");
  const char *names[] = {"i1",   "i8",   "i16", "i32",  "i64", "ui8", "ui16",
                         "ui32", "ui64", "f16", "bf16", "f32", "f64"};
  for (int32_t dtype = 0; dtype <= ARRAYRT_DTYPE_F64; ++dtype)
    EXPECT_EQ(typeName({"v", dtype, ARRAYRT_ABI_SCALAR, nullptr}),
              names[dtype]);
}

/// The bits parseNumber gives `text` as `dtype`, with a failure if it
/// reports an error.
uint64_t bitsOf(const char *text, int32_t dtype) {
  uint64_t bits = 0xdeadbeef;
  EXPECT_EQ(parseNumber(text, dtype, bits), "") << text;
  return bits;
}

std::string errorOf(const char *text, int32_t dtype) {
  uint64_t bits;
  return parseNumber(text, dtype, bits);
}

TEST(CommandLineNumbers, IntegersInTheirRange) {
  EXPECT_EQ(bitsOf("127", ARRAYRT_DTYPE_I8), 0x7fu);
  EXPECT_EQ(bitsOf("-128", ARRAYRT_DTYPE_I8), 0x80u);
  EXPECT_EQ(bitsOf("+7", ARRAYRT_DTYPE_I16), 7u);
  EXPECT_EQ(bitsOf("-1", ARRAYRT_DTYPE_I16), 0xffffu);
  EXPECT_EQ(bitsOf("-2147483648", ARRAYRT_DTYPE_I32), 0x80000000u);
  EXPECT_EQ(bitsOf("9223372036854775807", ARRAYRT_DTYPE_I64),
            0x7fffffffffffffffu);
  EXPECT_EQ(bitsOf("-9223372036854775808", ARRAYRT_DTYPE_I64),
            0x8000000000000000u);
  EXPECT_EQ(bitsOf("255", ARRAYRT_DTYPE_UI8), 255u);
  EXPECT_EQ(bitsOf("-0", ARRAYRT_DTYPE_UI8), 0u);
  EXPECT_EQ(bitsOf("65535", ARRAYRT_DTYPE_UI16), 65535u);
  EXPECT_EQ(bitsOf("4294967295", ARRAYRT_DTYPE_UI32), 4294967295u);
  EXPECT_EQ(bitsOf("18446744073709551615", ARRAYRT_DTYPE_UI64),
            0xffffffffffffffffu);
  EXPECT_EQ(bitsOf("007", ARRAYRT_DTYPE_UI64), 7u);
}

TEST(CommandLineNumbers, IntegersOutOfRange) {
  EXPECT_EQ(errorOf("128", ARRAYRT_DTYPE_I8),
            "128 is out of range (-128 to 127)");
  EXPECT_EQ(errorOf("-129", ARRAYRT_DTYPE_I8),
            "-129 is out of range (-128 to 127)");
  EXPECT_EQ(errorOf("32768", ARRAYRT_DTYPE_I16),
            "32768 is out of range (-32768 to 32767)");
  EXPECT_EQ(errorOf("2147483648", ARRAYRT_DTYPE_I32),
            "2147483648 is out of range (-2147483648 to 2147483647)");
  EXPECT_EQ(errorOf("9223372036854775808", ARRAYRT_DTYPE_I64),
            "9223372036854775808 is out of range (-9223372036854775808 to "
            "9223372036854775807)");
  EXPECT_EQ(errorOf("-99999999999999999999999", ARRAYRT_DTYPE_I64),
            "-99999999999999999999999 is out of range (-9223372036854775808 "
            "to 9223372036854775807)");
  EXPECT_EQ(errorOf("256", ARRAYRT_DTYPE_UI8),
            "256 is out of range (0 to 255)");
  EXPECT_EQ(errorOf("-1", ARRAYRT_DTYPE_UI8), "-1 is out of range (0 to 255)");
  EXPECT_EQ(errorOf("65536", ARRAYRT_DTYPE_UI16),
            "65536 is out of range (0 to 65535)");
  EXPECT_EQ(errorOf("4294967296", ARRAYRT_DTYPE_UI32),
            "4294967296 is out of range (0 to 4294967295)");
  EXPECT_EQ(errorOf("18446744073709551616", ARRAYRT_DTYPE_UI64),
            "18446744073709551616 is out of range (0 to "
            "18446744073709551615)");
}

TEST(CommandLineNumbers, IntegersAreWholeDecimalNumbers) {
  for (const char *bad : {"1.5", "1e3", "", "-", "+", " 1", "1 ", "0x10",
                          "1_000", "inf", "nan", "true"})
    EXPECT_EQ(errorOf(bad, ARRAYRT_DTYPE_I32),
              std::string("expected an integer, found '") + bad + "'")
        << bad;
}

float floatOf(uint64_t bits) {
  auto word = static_cast<uint32_t>(bits);
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

TEST(CommandLineNumbers, Floats) {
  EXPECT_EQ(bitsOf("1.5", ARRAYRT_DTYPE_F32), 0x3fc00000u);
  EXPECT_EQ(bitsOf("-2", ARRAYRT_DTYPE_F32), 0xc0000000u);
  EXPECT_EQ(bitsOf("inf", ARRAYRT_DTYPE_F32), 0x7f800000u);
  EXPECT_EQ(bitsOf("-inf", ARRAYRT_DTYPE_F32), 0xff800000u);
  EXPECT_EQ(bitsOf("Infinity", ARRAYRT_DTYPE_F32), 0x7f800000u);
  EXPECT_TRUE(std::isnan(floatOf(bitsOf("nan", ARRAYRT_DTYPE_F32))));
  EXPECT_EQ(bitsOf("1e-50", ARRAYRT_DTYPE_F32), 0u); // Underflow is fine.
  EXPECT_EQ(bitsOf("3.4028235e38", ARRAYRT_DTYPE_F32), 0x7f7fffffu);
  double d = 0.1;
  uint64_t dBits;
  std::memcpy(&dBits, &d, sizeof d);
  EXPECT_EQ(bitsOf("0.1", ARRAYRT_DTYPE_F64), dBits);
  EXPECT_EQ(bitsOf("-inf", ARRAYRT_DTYPE_F64), 0xfff0000000000000u);
  EXPECT_EQ(bitsOf("1e308", ARRAYRT_DTYPE_F64) >> 52, 0x7feu);
}

TEST(CommandLineNumbers, HalfAndBfloat16RoundToNearestEven) {
  EXPECT_EQ(bitsOf("1", ARRAYRT_DTYPE_F16), 0x3c00u);
  EXPECT_EQ(bitsOf("-2", ARRAYRT_DTYPE_F16), 0xc000u);
  EXPECT_EQ(bitsOf("0.1", ARRAYRT_DTYPE_F16), 0x2e66u);
  EXPECT_EQ(bitsOf("65504", ARRAYRT_DTYPE_F16), 0x7bffu);
  EXPECT_EQ(bitsOf("65519", ARRAYRT_DTYPE_F16), 0x7bffu);
  EXPECT_EQ(bitsOf("6e-8", ARRAYRT_DTYPE_F16), 0x0001u); // Subnormal.
  EXPECT_EQ(bitsOf("6.1035156e-05", ARRAYRT_DTYPE_F16), 0x0400u);
  EXPECT_EQ(bitsOf("1e-9", ARRAYRT_DTYPE_F16), 0x0000u);
  EXPECT_EQ(bitsOf("-0", ARRAYRT_DTYPE_F16), 0x8000u);
  EXPECT_EQ(bitsOf("inf", ARRAYRT_DTYPE_F16), 0x7c00u);
  EXPECT_EQ(bitsOf("-inf", ARRAYRT_DTYPE_F16), 0xfc00u);
  EXPECT_EQ(bitsOf("nan", ARRAYRT_DTYPE_F16), 0x7e00u);
  EXPECT_EQ(bitsOf("1", ARRAYRT_DTYPE_BF16), 0x3f80u);
  EXPECT_EQ(bitsOf("-2.5", ARRAYRT_DTYPE_BF16), 0xc020u);
  EXPECT_EQ(bitsOf("inf", ARRAYRT_DTYPE_BF16), 0x7f80u);
  EXPECT_EQ(bitsOf("nan", ARRAYRT_DTYPE_BF16), 0x7fc0u);
  EXPECT_EQ(bitsOf("3.39e38", ARRAYRT_DTYPE_BF16), 0x7f7fu);
  // Halfway cases go to the even neighbour...
  EXPECT_EQ(bitsOf("1.00390625", ARRAYRT_DTYPE_BF16), 0x3f80u);
  EXPECT_EQ(bitsOf("1.01171875", ARRAYRT_DTYPE_BF16), 0x3f82u);
  // ...but 1 + 2^-8 + 2^-30 is above halfway: rounding it to float first
  // (to 1 + 2^-8, a tie) would give 0x3f80.
  EXPECT_EQ(bitsOf("1.0039062509313226", ARRAYRT_DTYPE_BF16), 0x3f81u);
}

TEST(CommandLineNumbers, FloatsThatRoundToInfinityAreOutOfRange) {
  EXPECT_EQ(errorOf("65520", ARRAYRT_DTYPE_F16),
            "65520 is out of range (it rounds to infinity; the largest f16 "
            "is 65504)");
  EXPECT_EQ(errorOf("3.4e38", ARRAYRT_DTYPE_BF16),
            "3.4e38 is out of range (it rounds to infinity; the largest bf16 "
            "is 3.38953139e+38)");
  EXPECT_EQ(errorOf("1e39", ARRAYRT_DTYPE_F32),
            "1e39 is out of range (it rounds to infinity; the largest f32 "
            "is 3.40282347e+38)");
  EXPECT_EQ(errorOf("-1e309", ARRAYRT_DTYPE_F64),
            "-1e309 is out of range (it rounds to infinity; the largest f64 "
            "is 1.79769313e+308)");
}

TEST(CommandLineNumbers, FloatsMustBeWholeNumbers) {
  for (const char *bad : {"", "abc", "1.5x", " 1", "1 ", "--1", "x.npy"})
    EXPECT_EQ(errorOf(bad, ARRAYRT_DTYPE_F32),
              std::string("expected a number (or inf, -inf, nan), found '") +
                  bad + "'")
        << bad;
}

TEST(CommandLineNumbers, Bools) {
  for (const char *yes : {"true", "True", "1"})
    EXPECT_EQ(bitsOf(yes, ARRAYRT_DTYPE_I1), 1u) << yes;
  for (const char *no : {"false", "False", "0"})
    EXPECT_EQ(bitsOf(no, ARRAYRT_DTYPE_I1), 0u) << no;
  for (const char *bad : {"yes", "TRUE", "2", "", "-1"})
    EXPECT_EQ(errorOf(bad, ARRAYRT_DTYPE_I1),
              std::string("expected true, false, 1 or 0, found '") + bad + "'")
        << bad;
}

//===----------------------------------------------------------------------===//
// The command line
//===----------------------------------------------------------------------===//

TEST(CommandLineParse, EachKindOfArgument) {
  Plan plan;
  ASSERT_EQ(parse(kXt, {"x.npy", "2.5"}, plan), "");
  ASSERT_EQ(plan.arguments.size(), 2u);
  EXPECT_EQ(plan.arguments[0].kind, Kind::Npy);
  EXPECT_EQ(plan.arguments[0].path, "x.npy");
  EXPECT_EQ(plan.arguments[0].text, "x.npy");
  EXPECT_EQ(plan.arguments[1].kind, Kind::Number);
  EXPECT_EQ(plan.arguments[1].bits, 0x40200000u);
  EXPECT_FALSE(plan.help);
  // One result, printed.
  ASSERT_EQ(plan.results.size(), 1u);
  EXPECT_EQ(plan.results[0].path, "");

  // An archive's member, named or after the argument; a tensor's file
  // needs no .npy suffix; a scalar may come from a file.
  ASSERT_EQ(parse(kXt, {"dir/in.npz:w", "t.npz:s"}, plan), "");
  EXPECT_EQ(plan.arguments[0].kind, Kind::Npz);
  EXPECT_EQ(plan.arguments[0].path, "dir/in.npz");
  EXPECT_EQ(plan.arguments[0].member, "w");
  EXPECT_EQ(plan.arguments[1].kind, Kind::Npz);
  EXPECT_EQ(plan.arguments[1].path, "t.npz");
  EXPECT_EQ(plan.arguments[1].member, "s");
  ASSERT_EQ(parse(kXt, {"in.npz", "in.npz"}, plan), "");
  EXPECT_EQ(plan.arguments[0].member, "x");
  EXPECT_EQ(plan.arguments[1].member, "t");
  ASSERT_EQ(parse(kXt, {"/dev/stdin", "t.npy"}, plan), "");
  EXPECT_EQ(plan.arguments[0].kind, Kind::Npy);
  EXPECT_EQ(plan.arguments[0].path, "/dev/stdin");
  EXPECT_EQ(plan.arguments[1].kind, Kind::Npy);
  EXPECT_EQ(plan.arguments[1].path, "t.npy");
  // The last ".npz:" splits: a path may hold one.
  ASSERT_EQ(parse(kXt, {"a.npz:b.npz:c", "1"}, plan), "");
  EXPECT_EQ(plan.arguments[0].path, "a.npz:b.npz");
  EXPECT_EQ(plan.arguments[0].member, "c");
}

TEST(CommandLineParse, ZeroDTensorsTakeNumbers) {
  Plan plan;
  ASSERT_EQ(parse(kZeroD, {"-42"}, plan), "");
  EXPECT_EQ(plan.arguments[0].kind, Kind::Number);
  EXPECT_EQ(plan.arguments[0].bits, static_cast<uint64_t>(-42));
  ASSERT_EQ(parse(kZeroD, {"n.npy"}, plan), "");
  EXPECT_EQ(plan.arguments[0].kind, Kind::Npy);
  EXPECT_EQ(parse(kZeroD, {"1.5"}, plan),
            "argument 1 'n' (tensor<i64>): expected an integer, found '1.5'; "
            "a file must be named FILE.npy, FILE.npz or FILE.npz:NAME");
  EXPECT_EQ(parse(kZeroD, {"9223372036854775808"}, plan),
            "argument 1 'n' (tensor<i64>): 9223372036854775808 is out of "
            "range (-9223372036854775808 to 9223372036854775807)");
}

TEST(CommandLineParse, NegativeNumbersAreArguments) {
  Plan plan;
  for (const char *number : {"-2.5", "-inf", "-nan", "-.5", "-0", "-INF"}) {
    ASSERT_EQ(parse(kXt, {"x.npy", number}, plan), "") << number;
    EXPECT_EQ(plan.arguments[1].kind, Kind::Number);
  }
  EXPECT_EQ(parse(kXt, {"x.npy", "-x"}, plan),
            "unknown option '-x' (an argument that starts with '-' can "
            "follow '--')");
}

TEST(CommandLineParse, OutputOptions) {
  const arrayrt_abi_value_t results[] = {
      {"result0", ARRAYRT_DTYPE_F32, 2, kDynamicBy4},
      {"result1", ARRAYRT_DTYPE_I1, ARRAYRT_ABI_SCALAR, nullptr}};
  arrayrt_abi_function_t two = kXt;
  two.num_results = 2;
  two.results = results;
  Plan plan;
  // -o in order, the rest printed; options anywhere.
  ASSERT_EQ(parse(two, {"-o", "y.npy", "x.npy", "1"}, plan), "");
  EXPECT_EQ(plan.results[0].path, "y.npy");
  EXPECT_EQ(plan.results[1].path, "");
  ASSERT_EQ(parse(two, {"x.npy", "-o", "a.npy", "1", "-o", "b.npy"}, plan), "");
  EXPECT_EQ(plan.results[0].path, "a.npy");
  EXPECT_EQ(plan.results[1].path, "b.npy");
  ASSERT_EQ(parse(two, {"--outdir", "out", "x.npy", "1"}, plan), "");
  EXPECT_EQ(plan.outdir, "out");
  EXPECT_EQ(plan.results[0].path, "out/result0.npy");
  EXPECT_EQ(plan.results[1].path, "out/result1.npy");
  ASSERT_EQ(parse(two, {"x.npy", "1", "--outdir=out/"}, plan), "");
  EXPECT_EQ(plan.results[0].path, "out/result0.npy");
}

TEST(CommandLineParse, DoubleDashEndsTheOptions) {
  Plan plan;
  ASSERT_EQ(parse(kXt, {"-o", "y.npy", "--", "-weird.npy", "--help"}, plan),
            "argument 2 't' (f32): expected a number (or inf, -inf, nan), "
            "found '--help'; a file must be named FILE.npy, FILE.npz or "
            "FILE.npz:NAME");
  ASSERT_EQ(parse(kXt, {"--", "-weird.npy", "-1"}, plan), "");
  EXPECT_EQ(plan.arguments[0].path, "-weird.npy");
  EXPECT_FALSE(plan.help);
}

TEST(CommandLineParse, HelpWinsOverOtherErrors) {
  Plan plan;
  for (std::vector<const char *> words : {std::vector<const char *>{"-h"},
                                          {"--help"},
                                          {"x.npy", "--help"},
                                          {"--bogus", "-h"},
                                          {"-o", "a", "-o", "b", "--help"}}) {
    EXPECT_EQ(parse(kXt, words, plan), "");
    EXPECT_TRUE(plan.help);
  }
}

TEST(CommandLineParse, Errors) {
  Plan plan;
  EXPECT_EQ(parse(kXt, {"x.npy"}, plan),
            "@main takes 2 arguments (x: tensor<?x4xf32>, t: f32), but 1 was "
            "given");
  EXPECT_EQ(parse(kXt, {}, plan),
            "@main takes 2 arguments (x: tensor<?x4xf32>, t: f32), but 0 were "
            "given");
  EXPECT_EQ(parse(kXt, {"a", "1", "c"}, plan),
            "@main takes 2 arguments (x: tensor<?x4xf32>, t: f32), but 3 were "
            "given");
  EXPECT_EQ(parse(kZeroD, {}, plan),
            "@main takes 1 argument (n: tensor<i64>), but 0 were given");
  EXPECT_EQ(parse(kNullary, {"x.npy"}, plan),
            "@main takes no arguments, but 1 was given");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "-o", "a.npy", "-o", "b.npy"}, plan),
            "-o is given 2 times, but @main returns 1 result (result0: "
            "tensor<?x4xf32>)");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "-o", "a.npy", "--outdir", "d"}, plan),
            "-o and --outdir cannot be used together");
  EXPECT_EQ(parse(kNullary, {"-o", "a.npy"}, plan),
            "-o is given, but @main returns no results");
  EXPECT_EQ(parse(kNullary, {"--outdir", "d"}, plan),
            "--outdir is given, but @main returns no results");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "-o"}, plan), "-o needs a file name");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "-o", ""}, plan), "-o needs a file name");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "--outdir"}, plan),
            "--outdir needs a directory");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "--outdir="}, plan),
            "--outdir needs a directory");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "--outdir", "a", "--outdir", "b"}, plan),
            "--outdir is given twice");
  EXPECT_EQ(parse(kXt, {"x.npy", "1", "--fast"}, plan),
            "unknown option '--fast' (an argument that starts with '-' can "
            "follow '--')");
  // The first error in the order of the command line.
  EXPECT_EQ(parse(kXt, {"--fast", "-q"}, plan),
            "unknown option '--fast' (an argument that starts with '-' can "
            "follow '--')");
  EXPECT_EQ(parse(kXt, {"a.npz:", "1"}, plan),
            "argument 1 'x' (tensor<?x4xf32>): 'a.npz:' names no member of "
            "the archive (expected FILE.npz:NAME)");
  EXPECT_EQ(parse(kXt, {"", "1"}, plan),
            "argument 1 'x' (tensor<?x4xf32>): the file name is empty");
  EXPECT_EQ(parse(kXt, {"x.npy", "one"}, plan),
            "argument 2 't' (f32): expected a number (or inf, -inf, nan), "
            "found 'one'; a file must be named FILE.npy, FILE.npz or "
            "FILE.npz:NAME");
  EXPECT_EQ(parse(kXt, {"x.npy", "1e39"}, plan),
            "argument 2 't' (f32): 1e39 is out of range (it rounds to "
            "infinity; the largest f32 is 3.40282347e+38)");
}

TEST(CommandLineParse, SignatureChecks) {
  using arrayrt::abi::checkSignature;
  EXPECT_EQ(checkSignature(kXt), "");
  EXPECT_EQ(checkSignature(kNullary), "");
  arrayrt_abi_function_t bad = kXt;
  bad.packed = nullptr;
  EXPECT_EQ(checkSignature(bad), "its packed entry point is NULL");
  const arrayrt_abi_value_t badArgs[] = {{"x", 42, 1, kDynamic},
                                         {"t", ARRAYRT_DTYPE_F32, -2, nullptr}};
  bad = kXt;
  bad.args = badArgs;
  EXPECT_EQ(checkSignature(bad),
            "argument 1 'x' has the invalid dtype code 42");
  bad.args = badArgs + 1;
  bad.num_args = 1;
  EXPECT_EQ(checkSignature(bad), "argument 1 't' has the invalid rank -2");
}

TEST(CommandLineUsage, ListsArgumentsResultsAndOptions) {
  EXPECT_EQ(
      arrayrt::abi::usage(kXt, "./prog"),
      "usage: ./prog [-o FILE]... [--outdir DIR] x t\n"
      "  x        tensor<?x4xf32>  a .npy file, FILE.npz:NAME, or FILE.npz "
      "(its member x)\n"
      "  t        f32              a number (inf, -inf, nan too), or a "
      ".npy/.npz file of one\n"
      "results:\n"
      "  result0  tensor<?x4xf32>  printed, or written by -o FILE / --outdir "
      "DIR\n"
      "options:\n"
      "  -o FILE       write the next result to FILE (.npy), once per result "
      "in order\n"
      "  --outdir DIR  write each result to DIR/<name>.npy\n"
      "  -h, --help    print this help\n"
      "  --            only arguments follow\n"
      "ARRAYRT_BENCH=N times N runs of @main on the same arguments (the "
      "results are\n"
      "written once); ARRAYRT_PROFILE=1 prints the time of each op (GPU time "
      "for a\n"
      "GPU program, host time for a CPU one) and ARRAYRT_TRACE=FILE writes a "
      "Chrome\n"
      "trace of them (docs/profiling.md).\n");
  std::string nullary = arrayrt::abi::usage(kNullary, "prog");
  EXPECT_EQ(nullary.substr(0, nullary.find("options:")),
            "usage: prog\n@main takes no arguments.\n");
  EXPECT_EQ(nullary.find("-o FILE"), std::string::npos);
  EXPECT_NE(
      arrayrt::abi::usage(kZeroD, "p")
          .find("  n  tensor<i64>  an integer, or a .npy/.npz file of one\n"),
      std::string::npos);
}

//===----------------------------------------------------------------------===//
// arrayrt_run_main on the CPU path
//===----------------------------------------------------------------------===//

/// A 1-D memref descriptor as compiled code passes it.
template <typename T> struct Memref1D {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

int scaleRuns = 0;
const float *scaleInput = nullptr;

/// @main(x: tensor<?xf32>, s: f32) -> tensor<?xf32>: y = x * s, in a buffer
/// of the host allocator, as compiled code makes its results.
void scalePacked(void **args, void **results) {
  ++scaleRuns;
  const auto &x = *static_cast<const Memref1D<float> *>(args[0]);
  float s = *static_cast<const float *>(args[1]);
  scaleInput = x.aligned + x.offset;
  auto *y = static_cast<float *>(
      _mlir_memref_to_llvm_alloc(static_cast<size_t>(x.size) * sizeof(float)));
  for (int64_t i = 0; i < x.size; ++i)
    y[i] = x.aligned[x.offset + i * x.stride] * s;
  *static_cast<Memref1D<float> *>(results[0]) = {y, y, 0, x.size, 1};
}

const arrayrt_abi_value_t kScaleArgs[] = {
    {"x", ARRAYRT_DTYPE_F32, 1, kDynamic},
    {"s", ARRAYRT_DTYPE_F32, ARRAYRT_ABI_SCALAR, nullptr}};
const arrayrt_abi_value_t kScaleResults[] = {
    {"result0", ARRAYRT_DTYPE_F32, 1, kDynamic}};
const arrayrt_abi_function_t kScale = {
    "main", "scale.mlir:1:1", 0, 2, 1, kScaleArgs, kScaleResults, scalePacked};

/// A 0-d memref descriptor.
template <typename T> struct Memref0D {
  T *allocated;
  T *aligned;
  int64_t offset;
};

/// @main(t: tensor<i16>, b: i1, h: f16) -> (tensor<i16>, tensor<f16>):
/// t + b and h, each in a 0-d buffer.
void echoPacked(void **args, void **results) {
  const auto &t = *static_cast<const Memref0D<int16_t> *>(args[0]);
  bool b = *static_cast<const bool *>(args[1]);
  uint16_t h = *static_cast<const uint16_t *>(args[2]);
  auto *sum = static_cast<int16_t *>(_mlir_memref_to_llvm_alloc(2));
  *sum = static_cast<int16_t>(t.aligned[t.offset] + (b ? 1 : 0));
  auto *half = static_cast<uint16_t *>(_mlir_memref_to_llvm_alloc(2));
  *half = h;
  *static_cast<Memref0D<int16_t> *>(results[0]) = {sum, sum, 0};
  *static_cast<Memref0D<uint16_t> *>(results[1]) = {half, half, 0};
}

const arrayrt_abi_value_t kEchoArgs[] = {
    {"t", ARRAYRT_DTYPE_I16, 0, nullptr},
    {"b", ARRAYRT_DTYPE_I1, ARRAYRT_ABI_SCALAR, nullptr},
    {"h", ARRAYRT_DTYPE_F16, ARRAYRT_ABI_SCALAR, nullptr}};
const arrayrt_abi_value_t kEchoResults[] = {
    {"result0", ARRAYRT_DTYPE_I16, 0, nullptr},
    {"result1", ARRAYRT_DTYPE_F16, 0, nullptr}};
const arrayrt_abi_function_t kEcho = {
    "main", "echo.mlir:1:1", 0, 3, 2, kEchoArgs, kEchoResults, echoPacked};

/// A packed entry point that must not run: it says so on stderr, which the
/// death tests' patterns exclude.
void mustNotRun(void **, void **) {
  std::fputs("@main ran\n", stderr);
  std::exit(3);
}

class RunMainTest : public arrayrt::test::ScratchDirTest {
protected:
  RunMainTest() : ScratchDirTest("arrayrt-run-main") {}

  void SetUp() override {
    ScratchDirTest::SetUp();
    scaleRuns = 0;
    for (const char *name :
         {"ARRAYRT_BENCH", "ARRAYRT_BENCH_WARMUP", "ARRAYRT_BENCH_OUT",
          "ARRAYRT_PROFILE", "ARRAYRT_TRACE"})
      unsetenv(name);
  }

  /// arrayrt_run_main(main, "./prog <words>").
  static int runMain(const arrayrt_abi_function_t &main,
                     std::vector<std::string> words) {
    words.insert(words.begin(), "./prog");
    std::vector<char *> argv;
    for (std::string &word : words)
      argv.push_back(word.data());
    argv.push_back(nullptr);
    return arrayrt_run_main(&main, static_cast<int>(words.size()), argv.data());
  }

  /// Writes `values` to the .npy file `name` in the directory; its path.
  template <typename T>
  std::string saveNpy(const std::string &name, std::vector<T> values,
                      int32_t dtype) {
    std::string file = path(name);
    auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(values.data()));
    int64_t d[] = {base, base, 0, static_cast<int64_t>(values.size()), 1};
    arrayrt_save_npy(file.c_str(), 1, d, dtype, nullptr);
    return file;
  }

  static std::vector<float> loadF32(const std::string &file) {
    int64_t size = 0;
    arrayrt_npy_shape(file.c_str(), 1, &size, ARRAYRT_DTYPE_F32, nullptr);
    std::vector<float> values(static_cast<size_t>(size));
    auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(values.data()));
    int64_t d[] = {base, base, 0, size, 1};
    arrayrt_load_npy(file.c_str(), 1, d, ARRAYRT_DTYPE_F32, nullptr);
    return values;
  }

  static std::string readText(const std::string &file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  /// The whole of stderr of a failed run: one `arrayrt: error:` line.
  static std::string errorLine(const std::string &message) {
    return "^arrayrt: error: " + literal(message) + "\n$";
  }
};

TEST_F(RunMainTest, PrintsResultsWithoutDestination) {
  std::string x = saveNpy<float>("x.npy", {1, 2, 3}, ARRAYRT_DTYPE_F32);
  testing::internal::CaptureStdout();
  int status = runMain(kScale, {x, "2"});
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "[2. 4. 6.]\n");
  EXPECT_EQ(status, 0);
  EXPECT_EQ(scaleRuns, 1);
}

TEST_F(RunMainTest, WritesResultsWithO) {
  std::string x = saveNpy<float>("x.npy", {1, -2, 0.5f}, ARRAYRT_DTYPE_F32);
  std::string y = path("y.npy");
  testing::internal::CaptureStdout();
  EXPECT_EQ(runMain(kScale, {"-o", y, x, "-4"}), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(loadF32(y), (std::vector<float>{-4, 8, -2}));
  // np.save's bytes, and no temporary file left.
  std::vector<float> expected = {-4, 8, -2};
  int64_t shape[] = {3};
  EXPECT_EQ(readText(y),
            arrayrt::npy::formatHeader("<f4", 1, shape) +
                std::string(reinterpret_cast<const char *>(expected.data()),
                            sizeof(float) * 3));
  EXPECT_EQ(entries(), (std::vector<std::string>{"x.npy", "y.npy"}));
}

TEST_F(RunMainTest, WritesResultsIntoOutdir) {
  std::string x = saveNpy<float>("x.npy", {3}, ARRAYRT_DTYPE_F32);
  std::string out = path("out/deeper");
  EXPECT_EQ(runMain(kScale, {x, "0.5", "--outdir", out}), 0);
  EXPECT_EQ(loadF32(out + "/result0.npy"), (std::vector<float>{1.5f}));
  EXPECT_EQ(entries(out), (std::vector<std::string>{"result0.npy"}));
}

TEST_F(RunMainTest, ReadsArchiveMembers) {
  using arrayrt::test::npyBytes;
  using arrayrt::test::npyDict;
  using arrayrt::test::rawBytes;
  std::string archive = path("in.npz");
  arrayrt::test::writeBytes(
      archive,
      arrayrt::test::zipBytes(
          {{"x.npy", npyBytes(npyDict("<f4", "(2,)"), rawBytes<float>({1, 2})),
            true},
           {"w.npy", npyBytes(npyDict("<f4", "(1,)"), rawBytes<float>({7}))},
           {"s.npy", npyBytes(npyDict("<f4", "()"), rawBytes<float>({10}))}}));
  testing::internal::CaptureStdout();
  EXPECT_EQ(runMain(kScale, {archive + ":w", archive}), 0);
  EXPECT_EQ(runMain(kScale, {archive, archive + ":s"}), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "[70.]\n[10. 20.]\n");
}

TEST_F(RunMainTest, ZeroDTensorsAndScalarsFromNumbersAndFiles) {
  testing::internal::CaptureStdout();
  EXPECT_EQ(runMain(kEcho, {"7", "true", "1.5"}), 0);
  EXPECT_EQ(runMain(kEcho, {"-3", "0", "-inf"}), 0);
  // A scalar from a 0-d file.
  std::string h = path("h.npy");
  uint16_t half = 0xc100; // -2.5
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(&half));
  int64_t d[] = {base, base, 0};
  arrayrt_save_npy(h.c_str(), 0, d, ARRAYRT_DTYPE_F16, nullptr);
  EXPECT_EQ(runMain(kEcho, {"100", "1", h}), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            "8\n1.5\n-3\n-inf\n101\n-2.5\n");
}

TEST_F(RunMainTest, BenchRunsOnTheSameArgumentsAndWritesOnce) {
  std::string x = saveNpy<float>("x.npy", {1, 2}, ARRAYRT_DTYPE_F32);
  std::string report = path("bench.json");
  setenv("ARRAYRT_BENCH", "3", 1);
  setenv("ARRAYRT_BENCH_WARMUP", "2", 1);
  setenv("ARRAYRT_BENCH_OUT", report.c_str(), 1);
  testing::internal::CaptureStdout();
  EXPECT_EQ(runMain(kScale, {x, "3"}), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "[3. 6.]\n");
  unsetenv("ARRAYRT_BENCH");
  unsetenv("ARRAYRT_BENCH_WARMUP");
  unsetenv("ARRAYRT_BENCH_OUT");
  EXPECT_EQ(scaleRuns, 5);
  std::string json = readText(report);
  EXPECT_NE(json.find("\"program\": \"./prog\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"timer\": \"host-clock\""), std::string::npos);
  EXPECT_NE(json.find("\"warmup\": 2"), std::string::npos);
  EXPECT_NE(json.find("\"iterations\": 3"), std::string::npos);
}

TEST_F(RunMainTest, NullaryMainRunsAsBefore) {
  static int runs;
  runs = 0;
  arrayrt_abi_function_t nullary = kNullary;
  nullary.packed = [](void **, void **) {
    ++runs;
    std::puts("hello");
  };
  testing::internal::CaptureStdout();
  EXPECT_EQ(runMain(nullary, {}), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "hello\n");
  EXPECT_EQ(runs, 1);
  nullary.packed = mustNotRun;
  EXPECT_EXIT(runMain(nullary, {"input.npy"}), testing::ExitedWithCode(2),
              errorLine("@main takes no arguments, but 1 was given"));
}

TEST_F(RunMainTest, HelpPrintsUsageAndRunsNothing) {
  arrayrt_abi_function_t scale = kScale;
  scale.packed = mustNotRun;
  testing::internal::CaptureStdout();
  EXPECT_EQ(runMain(scale, {"--help"}), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            arrayrt::abi::usage(kScale, "./prog"));
}

TEST_F(RunMainTest, CommandLineErrorsExitWithStatus2) {
  arrayrt_abi_function_t scale = kScale;
  scale.packed = mustNotRun;
  EXPECT_EXIT(runMain(scale, {"x.npy"}), testing::ExitedWithCode(2),
              errorLine("@main takes 2 arguments (x: tensor<?xf32>, s: f32), "
                        "but 1 was given"));
  EXPECT_EXIT(runMain(scale, {"x.npy", "two"}), testing::ExitedWithCode(2),
              errorLine("argument 2 's' (f32): expected a number (or inf, "
                        "-inf, nan), found 'two'; a file must be named "
                        "FILE.npy, FILE.npz or FILE.npz:NAME"));
}

TEST_F(RunMainTest, DtypeMismatchStopsBeforeRunning) {
  std::string x = saveNpy<double>("x.npy", {1, 2, 3}, ARRAYRT_DTYPE_F64);
  arrayrt_abi_function_t scale = kScale;
  scale.packed = mustNotRun;
  EXPECT_EXIT(runMain(scale, {x, "2"}), testing::ExitedWithCode(2),
              errorLine("argument 1 'x' (" + x +
                        "): expected tensor<?xf32>, found float64 array of "
                        "shape (3,)"));
}

TEST_F(RunMainTest, RankAndStaticSizeMismatchesStopBeforeRunning) {
  const int64_t four[] = {4};
  const arrayrt_abi_value_t args[] = {
      {"x", ARRAYRT_DTYPE_F32, 1, four},
      {"s", ARRAYRT_DTYPE_F32, ARRAYRT_ABI_SCALAR, nullptr}};
  arrayrt_abi_function_t scale = kScale;
  scale.args = args;
  scale.packed = mustNotRun;
  std::string x = saveNpy<float>("x.npy", {1, 2, 3}, ARRAYRT_DTYPE_F32);
  EXPECT_EXIT(runMain(scale, {x, "2"}), testing::ExitedWithCode(2),
              errorLine("argument 1 'x' (" + x +
                        "): expected tensor<4xf32>, found float32 array of "
                        "shape (3,)"));
  // A scalar takes a 0-d array only.
  EXPECT_EXIT(runMain(scale, {x, x}), testing::ExitedWithCode(2),
              errorLine("argument 1 'x' (" + x +
                        "): expected tensor<4xf32>, found float32 array of "
                        "shape (3,)"));
  scale.args = kScaleArgs;
  EXPECT_EXIT(runMain(scale, {x, x}), testing::ExitedWithCode(2),
              errorLine("argument 2 's' (" + x +
                        "): expected f32, found float32 array of shape "
                        "(3,)"));
}

TEST_F(RunMainTest, UnreadableFilesStopBeforeRunning) {
  arrayrt_abi_function_t scale = kScale;
  scale.packed = mustNotRun;
  std::string missing = path("missing.npy");
  EXPECT_EXIT(runMain(scale, {missing, "2"}), testing::ExitedWithCode(2),
              errorLine("argument 1 'x': cannot load '" + missing +
                        "': No such file or directory"));
  std::string archive = path("a.npz");
  arrayrt::test::writeBytes(
      archive, arrayrt::test::zipBytes(
                   {{"y.npy", arrayrt::test::npyBytes(
                                  arrayrt::test::npyDict("<f4", "(1,)"),
                                  std::string(4, '\0'))}}));
  EXPECT_EXIT(runMain(scale, {archive, "2"}), testing::ExitedWithCode(2),
              errorLine("argument 1 'x': cannot load 'x' in '" + archive +
                        "': the archive has no member 'x' (it holds: "
                        "y.npy)"));
}

TEST_F(RunMainTest, UnwritableOutputStopsBeforeRunning) {
  std::string x = saveNpy<float>("x.npy", {1}, ARRAYRT_DTYPE_F32);
  arrayrt_abi_function_t scale = kScale;
  scale.packed = mustNotRun;
  std::string y = path("no-such-dir/y.npy");
  EXPECT_EXIT(runMain(scale, {x, "1", "-o", y}), testing::ExitedWithCode(2),
              "^arrayrt: error: cannot save result0 to '" + literal(y) +
                  "': cannot create temporary file '" + literal(y) +
                  "\\.tmp-[0-9]+-[0-9]+': No such file or directory\n$");
  EXPECT_EQ(entries(), std::vector<std::string>{"x.npy"});
}

} // namespace
