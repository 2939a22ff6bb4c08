//===- Format.cpp - NumPy-compatible text formatting of arrays ------------===//
//
// This follows numpy/core/arrayprint.py (NumPy >= 1.24, default print
// options) step by step: the element formatter is chosen from the (possibly
// summarized) data, then `_formatArray` lays the elements out with line
// wrapping. Floats mimic NumPy's Dragon4: digits are the shortest ones that
// round-trip in the element's own type, unless a cutoff or a minimum digit
// count applies, in which case NumPy keeps generating exact digits of the
// binary value and rounds half-to-even; `printf` on the exact value (every
// supported float type converts to double exactly) gives the same digits.
//
//===----------------------------------------------------------------------===//

#include "io/Format.h"

#include "memory/Memref.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

namespace arrayrt {
namespace {

// NumPy's default print options.
constexpr int kPrecision = 8;
constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

//===----------------------------------------------------------------------===//
// Half-precision types
//===----------------------------------------------------------------------===//

/// Bit layout of a binary floating-point type narrower than float.
struct HalfLayout {
  int mantissaBits;
  int exponentBits;
};
constexpr HalfLayout kF16 = {10, 5};
constexpr HalfLayout kBF16 = {7, 8};

/// Decodes the magnitude of `bits` (sign ignored). An all-ones exponent is
/// decoded as if it were an ordinary exponent so that the neighbour above the
/// largest finite value is the overflow threshold's reference point.
double decodeMagnitude(uint16_t bits, HalfLayout layout) {
  int bias = (1 << (layout.exponentBits - 1)) - 1;
  uint32_t mantissa = bits & ((1u << layout.mantissaBits) - 1);
  uint32_t exponent =
      (bits >> layout.mantissaBits) & ((1u << layout.exponentBits) - 1);
  if (exponent == 0)
    return std::ldexp(static_cast<double>(mantissa),
                      1 - bias - layout.mantissaBits);
  return std::ldexp(static_cast<double>(mantissa | (1u << layout.mantissaBits)),
                    static_cast<int>(exponent) - bias - layout.mantissaBits);
}

bool halfIsNegative(uint16_t bits) { return bits & 0x8000; }

bool halfIsNonFinite(uint16_t bits, HalfLayout layout) {
  uint32_t expMask = (1u << layout.exponentBits) - 1;
  return ((bits >> layout.mantissaBits) & expMask) == expMask;
}

double decodeHalf(uint16_t bits, HalfLayout layout) {
  uint16_t magnitudeBits = bits & 0x7fff;
  double magnitude;
  if (halfIsNonFinite(bits, layout))
    magnitude = (magnitudeBits & ((1u << layout.mantissaBits) - 1))
                    ? std::nan("")
                    : HUGE_VAL;
  else
    magnitude = decodeMagnitude(magnitudeBits, layout);
  return halfIsNegative(bits) ? -magnitude : magnitude;
}

/// Rounds a float to the nearest half value (ties to even) and returns it as
/// a double; NumPy computes float16 arithmetic this way.
double roundFloatToHalf(float value, HalfLayout layout) {
  if (!std::isfinite(value))
    return value;
  int bias = (1 << (layout.exponentBits - 1)) - 1;
  double magnitude = std::fabs(static_cast<double>(value));
  if (magnitude == 0)
    return value;
  int exponent = std::ilogb(magnitude);
  exponent = std::max(exponent, 1 - bias);
  double quantum = std::ldexp(1.0, exponent - layout.mantissaBits);
  double rounded = std::nearbyint(magnitude / quantum) * quantum;
  double largest =
      std::ldexp(2.0 - std::ldexp(1.0, -layout.mantissaBits), bias);
  if (rounded > largest)
    rounded = HUGE_VAL;
  return value < 0 ? -rounded : rounded;
}

//===----------------------------------------------------------------------===//
// Shortest round-trip digits
//===----------------------------------------------------------------------===//

/// A positive decimal `d0.d1d2... * 10^exp10`; `digits` has no trailing zeros
/// (zero is "0").
struct Decimal {
  std::string digits;
  int exp10 = 0;
};

/// Parses to_chars/printf scientific output ("d.ddde+XX") of a non-negative
/// number.
Decimal parseScientific(const char *text) {
  Decimal result;
  const char *p = text;
  for (; *p && *p != 'e'; ++p)
    if (*p != '.')
      result.digits += *p;
  result.exp10 = *p == 'e' ? std::atoi(p + 1) : 0;
  while (result.digits.size() > 1 && result.digits.back() == '0')
    result.digits.pop_back();
  return result;
}

template <typename T> Decimal shortestIeee(T magnitude) {
  char buffer[64];
  auto res = std::to_chars(buffer, buffer + sizeof(buffer) - 1, magnitude,
                           std::chars_format::scientific);
  *res.ptr = '\0';
  return parseScientific(buffer);
}

/// Shortest digits that round back to the half value `bits` under
/// round-to-nearest-even, choosing the candidate closest to the value. Half
/// types have no std::to_chars, and with at most 65536 values a direct search
/// over digit counts is cheap.
Decimal shortestHalf(uint16_t bits, HalfLayout layout) {
  uint16_t magnitudeBits = bits & 0x7fff;
  double value = decodeMagnitude(magnitudeBits, layout);
  if (value == 0)
    return Decimal{"0", 0};
  double below = decodeMagnitude(magnitudeBits - 1, layout);
  double above = decodeMagnitude(magnitudeBits + 1, layout);
  double low = (value + below) / 2, high = (value + above) / 2;
  bool evenMantissa = (magnitudeBits & 1) == 0;
  auto roundsBack = [&](double candidate) {
    return evenMantissa ? low <= candidate && candidate <= high
                        : low < candidate && candidate < high;
  };
  for (int precision = 0; precision < 17; ++precision) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*e", precision, value);
    Decimal nearest = parseScientific(buffer);
    // The nearest candidate can miss the rounding interval while its
    // neighbour on the wider side of an asymmetric interval (at a power of
    // two) hits it, so look at both neighbours too.
    std::string mantissaText(buffer, std::strchr(buffer, 'e'));
    mantissaText.erase(
        std::remove(mantissaText.begin(), mantissaText.end(), '.'),
        mantissaText.end());
    long long mantissa = std::atoll(mantissaText.c_str());
    int scale = std::atoi(std::strchr(buffer, 'e') + 1) - precision;
    bool found = false;
    long long best = 0;
    double bestDistance = 0;
    for (long long candidate : {mantissa, mantissa - 1, mantissa + 1}) {
      if (candidate <= 0)
        continue;
      char text[64];
      std::snprintf(text, sizeof(text), "%llde%d", candidate, scale);
      double candidateValue = std::strtod(text, nullptr);
      if (!roundsBack(candidateValue))
        continue;
      double distance = std::fabs(candidateValue - value);
      if (!found || distance < bestDistance) {
        found = true;
        best = candidate;
        bestDistance = distance;
      }
    }
    if (!found)
      continue;
    if (best == mantissa)
      return nearest;
    Decimal result;
    result.digits = std::to_string(best);
    result.exp10 = scale + static_cast<int>(result.digits.size()) - 1;
    while (result.digits.size() > 1 && result.digits.back() == '0')
      result.digits.pop_back();
    return result;
  }
  // Unreachable for valid inputs: 17 significant digits always round-trip.
  return parseScientific("0");
}

//===----------------------------------------------------------------------===//
// Float values and Dragon4-style formatting
//===----------------------------------------------------------------------===//

/// One floating-point element, with everything formatting needs.
struct FloatValue {
  double value = 0; // Exact: every supported type widens to double exactly.
  bool negative = false;
  Decimal shortest; // Of |value|, in the element's own type.
};

FloatValue readFloat(Dtype dtype, const char *ptr) {
  FloatValue result;
  switch (dtype) {
  case Dtype::F64: {
    double v;
    std::memcpy(&v, ptr, sizeof(v));
    result.value = v;
    if (std::isfinite(v))
      result.shortest = shortestIeee(std::fabs(v));
    break;
  }
  case Dtype::F32: {
    float v;
    std::memcpy(&v, ptr, sizeof(v));
    result.value = v;
    if (std::isfinite(v))
      result.shortest = shortestIeee(std::fabs(v));
    break;
  }
  case Dtype::F16:
  case Dtype::BF16: {
    uint16_t bits;
    std::memcpy(&bits, ptr, sizeof(bits));
    HalfLayout layout = dtype == Dtype::F16 ? kF16 : kBF16;
    result.value = decodeHalf(bits, layout);
    if (!halfIsNonFinite(bits, layout))
      result.shortest = shortestHalf(bits, layout);
    break;
  }
  default:
    break;
  }
  result.negative = std::signbit(result.value);
  return result;
}

/// Removes trailing zeros, as Dragon4's trim modes other than 'k' do.
void trimZeros(std::string &fraction) {
  while (!fraction.empty() && fraction.back() == '0')
    fraction.pop_back();
}

struct PositionalParts {
  std::string integer; // With the '-' sign.
  std::string fraction;
};

/// Dragon4 positional, unique mode, fractional cutoff: shortest digits, but at
/// most `precision` (if >= 0) and at least `minDigits` (if >= 0) fraction
/// digits. Exact digits fill any gap, so with minDigits == 0 (as arrays use)
/// the integer part is always exact.
PositionalParts positional(const FloatValue &x, int precision, int minDigits,
                           bool trim) {
  PositionalParts parts;
  const Decimal &d = x.shortest;
  int shortestFraction = static_cast<int>(d.digits.size()) - 1 - d.exp10;
  bool useShortest = (precision < 0 || shortestFraction <= precision) &&
                     (minDigits < 0 || shortestFraction >= minDigits);
  if (useShortest) {
    if (d.exp10 >= 0) {
      size_t integerDigits = static_cast<size_t>(d.exp10) + 1;
      if (d.digits.size() <= integerDigits) {
        parts.integer = d.digits;
        parts.integer.append(integerDigits - d.digits.size(), '0');
      } else {
        parts.integer = d.digits.substr(0, integerDigits);
        parts.fraction = d.digits.substr(integerDigits);
      }
    } else {
      parts.integer = "0";
      parts.fraction = std::string(-d.exp10 - 1, '0') + d.digits;
    }
  } else {
    int digits = shortestFraction > precision && precision >= 0
                     ? precision
                     : std::max(minDigits, 0);
    std::vector<char> buffer(400);
    std::snprintf(buffer.data(), buffer.size(), "%.*f", digits,
                  std::fabs(x.value));
    std::string text(buffer.data());
    size_t dot = text.find('.');
    parts.integer = text.substr(0, dot);
    if (dot != std::string::npos)
      parts.fraction = text.substr(dot + 1);
  }
  if (trim)
    trimZeros(parts.fraction);
  if (x.negative)
    parts.integer.insert(0, "-");
  return parts;
}

struct ScientificParts {
  std::string integer; // One digit, with the '-' sign.
  std::string fraction;
  int exponent = 0;
};

/// Dragon4 scientific, unique mode: like positional() but the limits count
/// the mantissa's fraction digits.
ScientificParts scientific(const FloatValue &x, int precision, int minDigits,
                           bool trim) {
  ScientificParts parts;
  const Decimal &d = x.shortest;
  int shortestFraction = static_cast<int>(d.digits.size()) - 1;
  if ((precision < 0 || shortestFraction <= precision) &&
      shortestFraction >= minDigits) {
    parts.integer = d.digits.substr(0, 1);
    parts.fraction = d.digits.substr(1);
    parts.exponent = d.exp10;
  } else {
    int digits = shortestFraction > precision && precision >= 0
                     ? precision
                     : std::max(minDigits, 0);
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*e", digits, std::fabs(x.value));
    std::string text(buffer);
    size_t e = text.find('e');
    parts.integer = text.substr(0, 1);
    if (digits > 0)
      parts.fraction = text.substr(2, e - 2);
    parts.exponent = std::atoi(text.c_str() + e + 1);
  }
  if (trim)
    trimZeros(parts.fraction);
  if (x.negative)
    parts.integer.insert(0, "-");
  return parts;
}

std::string exponentText(int exponent, int minDigits) {
  std::string digits = std::to_string(std::abs(exponent));
  if (static_cast<int>(digits.size()) < minDigits)
    digits.insert(0, minDigits - digits.size(), '0');
  return (exponent < 0 ? "-" : "+") + digits;
}

std::string nonFiniteText(const FloatValue &x) {
  if (std::isnan(x.value))
    return "nan";
  return x.value < 0 ? "-inf" : "inf";
}

/// `str()` of a NumPy float scalar, which is what a 0-d array prints.
std::string formatFloatScalar(const FloatValue &x) {
  if (!std::isfinite(x.value))
    return nonFiniteText(x);
  double magnitude = std::fabs(x.value);
  if (magnitude == 0 || (1e-4 <= magnitude && magnitude < 1e16)) {
    PositionalParts parts = positional(x, -1, -1, true);
    return parts.integer + "." +
           (parts.fraction.empty() ? "0" : parts.fraction);
  }
  ScientificParts parts = scientific(x, -1, -1, true);
  std::string mantissa = parts.integer;
  if (!parts.fraction.empty())
    mantissa += "." + parts.fraction;
  return mantissa + "e" + exponentText(parts.exponent, 2);
}

/// NumPy's FloatingFormat for floatmode='maxprec', sign='-'.
class FloatFormat {
public:
  FloatFormat(Dtype dtype, const std::vector<FloatValue> &data) {
    std::vector<const FloatValue *> finite;
    for (const FloatValue &x : data)
      if (std::isfinite(x.value))
        finite.push_back(&x);

    double maxValue = 0, minValue = HUGE_VAL;
    for (const FloatValue *x : finite) {
      double magnitude = std::fabs(x->value);
      if (magnitude == 0)
        continue;
      maxValue = std::max(maxValue, magnitude);
      minValue = std::min(minValue, magnitude);
    }
    if (maxValue != 0)
      expFormat = maxValue >= 1e8 || minValue < 1e-4 ||
                  ratioInType(dtype, maxValue, minValue) > 1000.;

    if (finite.empty()) {
      padLeft = padRight = 0;
    } else if (expFormat) {
      int maxExponentLength = 0;
      for (const FloatValue *x : finite) {
        ScientificParts parts = scientific(*x, kPrecision, -1, true);
        maxExponentLength =
            std::max(maxExponentLength,
                     static_cast<int>(exponentText(parts.exponent, 2).size()));
        precision =
            std::max(precision, static_cast<int>(parts.fraction.size()));
        padLeft = std::max(padLeft, static_cast<int>(parts.integer.size()));
      }
      exponentDigits = maxExponentLength - 1;
      padRight = exponentDigits + 2 + precision;
    } else {
      for (const FloatValue *x : finite) {
        PositionalParts parts = positional(*x, kPrecision, 0, true);
        padLeft = std::max(padLeft, static_cast<int>(parts.integer.size()));
        padRight = std::max(padRight, static_cast<int>(parts.fraction.size()));
      }
    }

    if (finite.size() != data.size()) {
      bool negativeInf = false;
      for (const FloatValue &x : data)
        negativeInf |= std::isinf(x.value) && x.value < 0;
      int offset = padRight + 1;
      padLeft = std::max({padLeft, 3 - offset, 3 + negativeInf - offset});
    }
  }

  std::string operator()(const FloatValue &x) const {
    if (!std::isfinite(x.value)) {
      std::string text = nonFiniteText(x);
      int width = padLeft + padRight + 1;
      return std::string(std::max(0, width - static_cast<int>(text.size())),
                         ' ') +
             text;
    }
    if (expFormat) {
      ScientificParts parts = scientific(x, precision, precision, false);
      return padTo(parts.integer, padLeft) + "." + parts.fraction + "e" +
             exponentText(parts.exponent, exponentDigits);
    }
    PositionalParts parts = positional(x, kPrecision, 0, true);
    std::string fraction = parts.fraction;
    fraction.append(std::max(0, padRight - static_cast<int>(fraction.size())),
                    ' ');
    return padTo(parts.integer, padLeft) + "." + fraction;
  }

private:
  static std::string padTo(const std::string &text, int width) {
    return std::string(std::max(0, width - static_cast<int>(text.size())),
                       ' ') +
           text;
  }

  /// NumPy divides the two extremes in the array's own dtype, so the ratio
  /// is rounded (or overflows) as that type would.
  static double ratioInType(Dtype dtype, double maxValue, double minValue) {
    switch (dtype) {
    case Dtype::F64:
      return maxValue / minValue;
    case Dtype::F32:
      return static_cast<float>(maxValue) / static_cast<float>(minValue);
    case Dtype::F16:
      return roundFloatToHalf(
          static_cast<float>(maxValue) / static_cast<float>(minValue), kF16);
    default:
      return roundFloatToHalf(
          static_cast<float>(maxValue) / static_cast<float>(minValue), kBF16);
    }
  }

  bool expFormat = false;
  int padLeft = 0;
  int padRight = 0;
  int precision = 0;      // Mantissa fraction digits in exponential format.
  int exponentDigits = 2; // Minimum exponent digits in exponential format.
};

//===----------------------------------------------------------------------===//
// Integers and bools
//===----------------------------------------------------------------------===//

bool isFloat(Dtype dtype) {
  return dtype == Dtype::F16 || dtype == Dtype::BF16 || dtype == Dtype::F32 ||
         dtype == Dtype::F64;
}

/// Decimal text of an integer element.
std::string integerText(Dtype dtype, const char *ptr) {
  auto load = [ptr](auto zero) {
    decltype(zero) v;
    std::memcpy(&v, ptr, sizeof(v));
    return v;
  };
  switch (dtype) {
  case Dtype::I8:
    return std::to_string(load(int8_t()));
  case Dtype::I16:
    return std::to_string(load(int16_t()));
  case Dtype::I32:
    return std::to_string(load(int32_t()));
  case Dtype::I64:
    return std::to_string(load(int64_t()));
  case Dtype::UI8:
    return std::to_string(load(uint8_t()));
  case Dtype::UI16:
    return std::to_string(load(uint16_t()));
  case Dtype::UI32:
    return std::to_string(load(uint32_t()));
  default:
    return std::to_string(load(uint64_t()));
  }
}

//===----------------------------------------------------------------------===//
// Layout (NumPy's _formatArray)
//===----------------------------------------------------------------------===//

using ElementFormatter = std::function<std::string(const char *)>;

struct View {
  const char *origin; // Element [0, 0, ...].
  std::vector<int64_t> sizes;
  std::vector<int64_t> byteStrides;
};

/// Calls `visit` on the elements NumPy's `_leading_trailing` keeps: all of
/// them, or when summarizing only the first and last `kEdgeItems` along every
/// axis longer than twice that.
void forEachFormatted(const View &view, bool summarize,
                      const std::function<void(const char *)> &visit,
                      size_t axis = 0, const char *ptr = nullptr) {
  if (axis == 0)
    ptr = view.origin;
  if (axis == view.sizes.size()) {
    visit(ptr);
    return;
  }
  int64_t size = view.sizes[axis];
  for (int64_t i = 0; i < size; ++i) {
    if (summarize && size > 2 * kEdgeItems && i == kEdgeItems)
      i = size - kEdgeItems;
    forEachFormatted(view, summarize, visit, axis + 1,
                     ptr + i * view.byteStrides[axis]);
  }
}

/// NumPy's `_extendLine`: wraps before `word` when it would overflow, unless
/// the line holds nothing but the indent (wrapping would not help then).
void extendLine(std::string &text, std::string &line, const std::string &word,
                size_t width, const std::string &indent) {
  bool wrap = line.size() + word.size() > width && line.size() > indent.size();
  if (wrap) {
    size_t end = line.find_last_not_of(' ');
    text += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
    line = indent;
  }
  line += word;
}

class Layout {
public:
  Layout(const View &array, bool summarizing, ElementFormatter formatter)
      : view(array), summarize(summarizing), format(std::move(formatter)) {}

  std::string run() { return recurse(view.origin, 0, " ", kLineWidth); }

private:
  std::string recurse(const char *ptr, size_t axis, const std::string &indent,
                      int width) {
    size_t axesLeft = view.sizes.size() - axis;
    if (axesLeft == 0)
      return format(ptr);

    std::string nextIndent = indent + " ";
    int nextWidth = width - 1; // Room for the closing ']'.
    int64_t size = view.sizes[axis];
    int64_t stride = view.byteStrides[axis];
    bool showSummary = summarize && 2 * kEdgeItems < size;
    int64_t leading = showSummary ? kEdgeItems : 0;
    int64_t trailing = showSummary ? kEdgeItems : size;
    auto child = [&](int64_t i) {
      return recurse(ptr + i * stride, axis + 1, nextIndent, nextWidth);
    };

    std::string text;
    if (axesLeft == 1) {
      size_t elementWidth = static_cast<size_t>(width - 1);
      std::string line = indent;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(text, line, child(i), elementWidth, indent);
        line += " ";
      }
      if (showSummary) {
        extendLine(text, line, "...", elementWidth, indent);
        line += " ";
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(text, line, child(size - i), elementWidth, indent);
        line += " ";
      }
      extendLine(text, line, child(size - 1), elementWidth, indent);
      text += line;
    } else {
      // Rows end without a separator, and each extra dimension adds one
      // blank line between blocks.
      std::string lineSeparator(axesLeft - 1, '\n');
      for (int64_t i = 0; i < leading; ++i)
        text += indent + child(i) + lineSeparator;
      if (showSummary)
        text += indent + "..." + lineSeparator;
      for (int64_t i = trailing; i > 1; --i)
        text += indent + child(size - i) + lineSeparator;
      text += indent + child(size - 1);
    }
    return "[" + text.substr(indent.size()) + "]";
  }

  const View &view;
  bool summarize;
  ElementFormatter format;
};

} // namespace

size_t elementSize(Dtype dtype) {
  switch (dtype) {
  case Dtype::I1:
  case Dtype::I8:
  case Dtype::UI8:
    return 1;
  case Dtype::I16:
  case Dtype::UI16:
  case Dtype::F16:
  case Dtype::BF16:
    return 2;
  case Dtype::I32:
  case Dtype::UI32:
  case Dtype::F32:
    return 4;
  case Dtype::I64:
  case Dtype::UI64:
  case Dtype::F64:
    return 8;
  }
  return 1;
}

std::string formatMemref(Dtype dtype, int64_t rank, const void *descriptor) {
  const Memref memref = readMemref(rank, descriptor);
  const int64_t *sizes = memref.sizes, *strides = memref.strides;
  size_t size = elementSize(dtype);

  View view;
  view.origin = memref.origin(size);
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i) {
    view.sizes.push_back(sizes[i]);
    view.byteStrides.push_back(strides[i] * static_cast<int64_t>(size));
    count *= sizes[i];
  }

  if (rank == 0) {
    if (dtype == Dtype::I1)
      return *view.origin ? "True" : "False";
    if (isFloat(dtype))
      return formatFloatScalar(readFloat(dtype, view.origin));
    return integerText(dtype, view.origin);
  }
  if (count == 0)
    return "[]";

  bool summarize = count > kThreshold;
  ElementFormatter format;
  if (dtype == Dtype::I1) {
    // NumPy pads True to the width of False in every non-0-d array.
    format = [](const char *p) -> std::string {
      return *p ? " True" : "False";
    };
  } else if (isFloat(dtype)) {
    std::vector<FloatValue> data;
    forEachFormatted(view, summarize, [&](const char *p) {
      data.push_back(readFloat(dtype, p));
    });
    FloatFormat floatFormat(dtype, data);
    format = [dtype, floatFormat](const char *p) {
      return floatFormat(readFloat(dtype, p));
    };
  } else {
    size_t width = 0;
    forEachFormatted(view, summarize, [&](const char *p) {
      width = std::max(width, integerText(dtype, p).size());
    });
    format = [dtype, width](const char *p) {
      std::string text = integerText(dtype, p);
      return std::string(width - std::min(width, text.size()), ' ') + text;
    };
  }
  return Layout(view, summarize, std::move(format)).run();
}

} // namespace arrayrt
