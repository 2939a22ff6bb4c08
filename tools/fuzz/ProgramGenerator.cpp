//===- ProgramGenerator.cpp - Array programs from fuzzer bytes ------------===//

#include "ProgramGenerator.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

using namespace arrayc::fuzz;

namespace {

constexpr int64_t kDynamic = -1;

/// A value of the program: its SSA name, shape (kDynamic for `?`) and
/// element type.
struct Array {
  std::string name;
  std::vector<int64_t> shape;
  std::string element;
};

bool isFloat(const std::string &element) {
  return element[0] == 'f' || element == "bf16";
}

bool isStatic(const std::vector<int64_t> &shape) {
  return std::none_of(shape.begin(), shape.end(),
                      [](int64_t size) { return size == kDynamic; });
}

std::string typeOf(const std::vector<int64_t> &shape,
                   const std::string &element) {
  std::string type = "tensor<";
  for (int64_t size : shape)
    type += (size == kDynamic ? "?" : std::to_string(size)) + "x";
  return type + element + ">";
}

std::string typeOf(const Array &array) {
  return typeOf(array.shape, array.element);
}

std::string list(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

const std::vector<std::string> kElements = {"f32", "f32", "f64", "f16",
                                            "bf16", "i32", "i64", "i8",
                                            "ui8", "i16"};
const std::vector<std::string> kUnary = {"neg", "abs", "square", "sign",
                                         "reciprocal"};
const std::vector<std::string> kFloatUnary = {
    "exp",  "log",   "sqrt",   "tanh",  "sin",     "cos", "erf",
    "expm1", "log1p", "sigmoid", "rsqrt", "arctan", "cbrt"};
const std::vector<std::string> kBinary = {"add", "sub", "mul", "maximum",
                                          "minimum"};
const std::vector<std::string> kFloatBinary = {"div", "power", "arctan2",
                                               "fmax"};
const std::vector<std::string> kCompare = {"equal", "less", "greater_equal",
                                           "not_equal"};
const std::vector<std::string> kReductions = {"sum", "max", "min", "prod",
                                              "mean", "logsumexp", "var"};

class Generator {
public:
  Generator(const uint8_t *data, size_t size) : in(data, size) {}

  std::string run() {
    std::string text = "func.func @main() {\n";
    for (int i = 0; i <= 5; ++i)
      text += "  %c" + std::to_string(i) + " = arith.constant " +
              std::to_string(i) + " : index\n";
    create();
    int steps = in.ConsumeIntegralInRange<int>(1, 24);
    for (int i = 0; i < steps && in.remaining_bytes(); ++i)
      step();
    // The last values are used, so that nothing is dead code.
    for (size_t i = pool.size() > 2 ? pool.size() - 2 : 0; i < pool.size();
         ++i)
      body += "  array.print " + pool[i].name + " : " + typeOf(pool[i]) + "\n";
    return text + body + "  return\n}\n";
  }

private:
  FuzzedDataProvider in;
  std::vector<Array> pool;
  std::string body;
  unsigned counter = 0;

  bool chance(int percent) {
    return in.ConsumeIntegralInRange<int>(0, 99) < percent;
  }
  template <typename T> const T &pick(const std::vector<T> &from) {
    return from[in.ConsumeIntegralInRange<size_t>(0, from.size() - 1)];
  }
  int64_t size() {
    return chance(10) ? 0 : in.ConsumeIntegralInRange<int64_t>(1, 5);
  }

  std::vector<int64_t> shape(bool allowDynamic) {
    std::vector<int64_t> result(in.ConsumeIntegralInRange<int>(0, 3));
    for (int64_t &dim : result)
      dim = allowDynamic && chance(15) ? kDynamic : size();
    return result;
  }

  /// A result's shape and element type, and its type as written: now and
  /// then not the one the rules give (the verifiers' errors are fuzzed too).
  struct Result {
    std::vector<int64_t> shape;
    std::string element;
    std::string type;
  };
  Result result(std::vector<int64_t> shape, std::string element) {
    if (chance(1))
      element = pick(kElements);
    else if (!shape.empty() && chance(1))
      shape[in.ConsumeIntegralInRange<size_t>(0, shape.size() - 1)] = size();
    std::string type = typeOf(shape, element);
    return {std::move(shape), std::move(element), std::move(type)};
  }

  void emit(const Result &result, const std::string &op) {
    emit(result.shape, result.element, op);
  }
  const Array &emit(std::vector<int64_t> shape, std::string element,
                    const std::string &op) {
    Array array{"%v" + std::to_string(counter++), std::move(shape),
                std::move(element)};
    body += "  " + array.name + " = " + op + "\n";
    pool.push_back(array);
    return pool.back();
  }

  /// A random value of the pool, or a new one when `accept` takes none.
  template <typename Accept> Array any(Accept accept) {
    if (!pool.empty()) {
      size_t start = in.ConsumeIntegralInRange<size_t>(0, pool.size() - 1);
      for (size_t i = 0; i < pool.size(); ++i) {
        const Array &candidate = pool[(start + i) % pool.size()];
        if (accept(candidate))
          return candidate;
      }
    }
    return Array{};
  }
  Array any() {
    if (pool.empty())
      return create();
    return pool[in.ConsumeIntegralInRange<size_t>(0, pool.size() - 1)];
  }

  std::string literal(const std::string &element) {
    if (isFloat(element))
      return pick(std::vector<std::string>{"1.5", "-0.25", "0.0", "2.0",
                                           "6.0e+4", "nan", "-inf"});
    if (element == "i1")
      return pick(std::vector<std::string>{"0", "1"});
    if (element[0] == 'u')
      return pick(std::vector<std::string>{"0", "1", "7"});
    return pick(std::vector<std::string>{"0", "1", "-3", "7", "127"});
  }

  /// A new array of `shape` and `element` from a creation op.
  Array create(std::vector<int64_t> shape, const std::string &element) {
    std::string dynamicSizes;
    for (int64_t dim : shape)
      if (dim == kDynamic)
        dynamicSizes += std::string(dynamicSizes.empty() ? "" : ", ") + "%c" +
                        std::to_string(in.ConsumeIntegralInRange<int>(0, 5));
    std::string sizes = dynamicSizes.empty() ? "" : "(" + dynamicSizes + ")";
    std::string type = typeOf(shape, element);
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      if (isStatic(shape))
        return emit(shape, element,
                    "array.constant dense<" +
                        std::string(isFloat(element)   ? "0.5"
                                    : element == "i1" ? "true"
                                                      : "3") +
                        "> : " +
                        type);
      break;
    case 1:
      if (shape.size() == 1 && shape[0] != kDynamic && !isFloat(element) &&
          element != "i1")
        return emit(shape, element,
                    "array.arange 0, " + std::to_string(shape[0]) + ", 1 : " +
                        type);
      break;
    case 2:
      if (element == "f32" || element == "f64")
        return emit(shape, element,
                    "array.random_uniform" + sizes + " seed " +
                        std::to_string(in.ConsumeIntegral<uint8_t>()) +
                        " : " + type);
      break;
    default:
      break;
    }
    return emit(shape, element,
                "array.full" + sizes + " " + literal(element) + " : " + type);
  }
  Array create() { return create(shape(true), pick(kElements)); }

  void step() {
    switch (in.ConsumeIntegralInRange<int>(0, 17)) {
    case 0:
      create();
      return;
    case 1:
    case 2:
      return unary();
    case 3:
    case 4:
    case 5:
      return binary();
    case 6:
    case 7:
      return reduction();
    case 8:
      return argmax();
    case 9:
      return transpose();
    case 10:
      return reshape();
    case 11:
      return axisOp();
    case 12:
      return slice();
    case 13:
      return astype();
    case 14:
      return matmul();
    case 15:
      return concatenate();
    case 16:
      return where();
    default: {
      Array a = any();
      body += "  array.print " + a.name + " : " + typeOf(a) + "\n";
      return;
    }
    }
  }

  void unary() {
    Array a = any();
    if (a.element == "i1")
      return astype();
    bool floats = isFloat(a.element);
    std::string op = floats && chance(70) ? pick(kFloatUnary) : pick(kUnary);
    Result r = result(a.shape, a.element);
    emit(r, "array." + op + " " + a.name + " : " + typeOf(a) +
                (r.type == typeOf(a) ? "" : " -> " + r.type));
  }

  /// A shape that broadcasts with `shape`: a suffix of it with some sizes 1.
  std::vector<int64_t> broadcastable(const std::vector<int64_t> &shape) {
    size_t rank = in.ConsumeIntegralInRange<size_t>(0, shape.size());
    std::vector<int64_t> other(shape.end() - rank, shape.end());
    for (int64_t &dim : other)
      if (chance(30))
        dim = 1;
    if (chance(20))
      other.insert(other.begin(), 1);
    return other;
  }

  static std::vector<int64_t> broadcast(std::vector<int64_t> a,
                                        std::vector<int64_t> b) {
    if (a.size() < b.size())
      std::swap(a, b);
    std::vector<int64_t> result = a;
    size_t offset = a.size() - b.size();
    for (size_t i = 0; i < b.size(); ++i) {
      int64_t x = a[offset + i], y = b[i];
      result[offset + i] = x == 1 ? y : y == 1 ? x : x == kDynamic ? y : x;
    }
    return result;
  }

  void binary() {
    Array a = any();
    std::vector<int64_t> wanted = broadcastable(a.shape);
    Array b = any([&](const Array &c) {
      return c.element == a.element && c.shape == wanted;
    });
    if (b.name.empty())
      b = create(wanted, a.element);
    if (chance(50))
      std::swap(a, b);
    std::string op, element = a.element;
    int kind = in.ConsumeIntegralInRange<int>(0, 2);
    if (kind == 0 || a.element == "i1") {
      op = pick(kCompare);
      element = "i1";
    } else if (kind == 1 && isFloat(a.element)) {
      op = pick(kFloatBinary);
    } else {
      op = pick(kBinary);
    }
    Result r = result(broadcast(a.shape, b.shape), element);
    emit(r,
         "array." + op + " " + a.name + ", " + b.name + " : (" + typeOf(a) +
             ", " + typeOf(b) + ") -> " + r.type);
  }

  /// Distinct axes of a rank-`rank` array, some counted from the end.
  std::vector<int64_t> axes(size_t rank, std::vector<bool> &reduced) {
    std::vector<int64_t> result;
    reduced.assign(rank, false);
    for (size_t axis = 0; axis < rank; ++axis)
      if (chance(50)) {
        reduced[axis] = true;
        result.push_back(chance(30) ? int64_t(axis) - int64_t(rank)
                                    : int64_t(axis));
      }
    if (chance(3))
      result.push_back(int64_t(rank) + 1);
    return result;
  }

  void reduction() {
    Array a = any();
    bool floats = isFloat(a.element);
    std::string op = pick(kReductions);
    if (!floats && (op == "mean" || op == "var" || op == "logsumexp"))
      op = "sum";
    std::string element = a.element;
    if (op == "sum" || op == "prod")
      element = floats ? a.element
                       : (a.element[0] == 'u' ? "ui64" : "i64");
    std::vector<bool> reduced;
    bool all = chance(25);
    std::vector<int64_t> list_ = all ? std::vector<int64_t>{}
                                     : axes(a.shape.size(), reduced);
    if (all)
      reduced.assign(a.shape.size(), true);
    bool keepdims = chance(30);
    std::vector<int64_t> shape;
    for (size_t axis = 0; axis < a.shape.size(); ++axis)
      if (!reduced[axis])
        shape.push_back(a.shape[axis]);
      else if (keepdims)
        shape.push_back(1);
    Result r = result(shape, element);
    emit(r,
         "array." + op + " " + a.name + (all ? "" : " axes " + list(list_)) +
             (keepdims ? " keepdims" : "") + " : " + typeOf(a) + " -> " +
             r.type);
  }

  void argmax() {
    Array a = any();
    std::vector<int64_t> shape;
    std::string axis;
    if (!a.shape.empty() && chance(70)) {
      size_t k = in.ConsumeIntegralInRange<size_t>(0, a.shape.size() - 1);
      axis = " axis " + std::to_string(k);
      shape = a.shape;
      shape.erase(shape.begin() + k);
    }
    Result r = result(shape, "i64");
    emit(r,
         std::string(chance(50) ? "array.argmax " : "array.argmin ") +
             a.name + axis + " : " + typeOf(a) + " -> " +
             r.type);
  }

  void transpose() {
    Array a = any();
    std::vector<int64_t> permutation(a.shape.size());
    for (size_t i = 0; i < permutation.size(); ++i)
      permutation[i] = int64_t(permutation.size() - 1 - i);
    bool explicitPermutation = chance(50);
    if (explicitPermutation)
      for (size_t i = permutation.size(); i > 1; --i)
        std::swap(permutation[i - 1],
                  permutation[in.ConsumeIntegralInRange<size_t>(0, i - 1)]);
    std::vector<int64_t> shape;
    for (int64_t axis : permutation)
      shape.push_back(a.shape[axis]);
    Result r = result(shape, a.element);
    emit(r,
         "array.transpose " + a.name +
             (explicitPermutation ? " permutation " + list(permutation)
                                  : "") +
             " : " + typeOf(a) + " -> " + r.type);
  }

  void reshape() {
    Array a = any([](const Array &c) { return isStatic(c.shape); });
    if (a.name.empty())
      return;
    int64_t count = 1;
    for (int64_t dim : a.shape)
      count *= dim;
    std::vector<int64_t> shape{count};
    if (count > 0 && chance(60)) {
      int64_t first = in.ConsumeIntegralInRange<int64_t>(1, count);
      while (count % first)
        --first;
      shape = {first, count / first};
    }
    Result r = result(shape, a.element);
    emit(r,
         "array.reshape " + a.name + " : " + typeOf(a) + " -> " +
             r.type);
  }

  /// expand_dims, squeeze, cumsum or broadcast_to.
  void axisOp() {
    Array a = any();
    int rank = int(a.shape.size());
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: {
      int axis = in.ConsumeIntegralInRange<int>(-rank - 1, rank);
      std::vector<int64_t> shape = a.shape;
      shape.insert(shape.begin() + (axis < 0 ? axis + rank + 1 : axis), 1);
      Result r = result(shape, a.element);
      emit(r,
           "array.expand_dims " + a.name + " axis " + std::to_string(axis) +
               " : " + typeOf(a) + " -> " + r.type);
      return;
    }
    case 1: {
      std::vector<int64_t> shape;
      for (int64_t dim : a.shape)
        if (dim != 1)
          shape.push_back(dim);
      Result r = result(shape, a.element);
      emit(r,
           "array.squeeze " + a.name + " : " + typeOf(a) + " -> " +
               r.type);
      return;
    }
    case 2: {
      if (!rank || !isFloat(a.element))
        return;
      int axis = in.ConsumeIntegralInRange<int>(0, rank - 1);
      Result r = result(a.shape, a.element);
      emit(r,
           std::string(chance(50) ? "array.cumsum " : "array.cumprod ") +
               a.name + " axis " + std::to_string(axis) + " : " + typeOf(a) +
               " -> " + r.type);
      return;
    }
    default: {
      std::vector<int64_t> shape = a.shape;
      for (int64_t &dim : shape)
        if (dim == 1 && chance(50))
          dim = size();
      shape.insert(shape.begin(), size());
      Result r = result(shape, a.element);
      emit(r,
           "array.broadcast_to " + a.name + " : " + typeOf(a) + " -> " +
               r.type);
      return;
    }
    }
  }

  void slice() {
    Array a = any([](const Array &c) {
      return isStatic(c.shape) && !c.shape.empty();
    });
    if (a.name.empty())
      return;
    std::string slices;
    std::vector<int64_t> shape = a.shape;
    size_t listed = in.ConsumeIntegralInRange<size_t>(1, a.shape.size());
    for (size_t axis = 0; axis < listed; ++axis) {
      int64_t dim = a.shape[axis];
      std::string slice;
      if (chance(30)) {
        slice = "::-1";
      } else {
        int64_t start = in.ConsumeIntegralInRange<int64_t>(0, dim);
        int64_t stop = in.ConsumeIntegralInRange<int64_t>(start, dim);
        slice = std::to_string(start) + ":" + std::to_string(stop);
        shape[axis] = stop - start;
      }
      slices += (axis ? ", " : "") + slice;
    }
    Result r = result(shape, a.element);
    emit(r,
         "array.slice " + a.name + " [" + slices + "] : " + typeOf(a) +
             " -> " + r.type);
  }

  void astype() {
    Array a = any();
    std::string element = pick(kElements);
    Result r = result(a.shape, element);
    emit(r,
         "array.astype " + a.name + " : " + typeOf(a) + " -> " +
             r.type);
  }

  void matmul() {
    Array a = any([](const Array &c) {
      return c.shape.size() == 2 && isFloat(c.element);
    });
    if (a.name.empty())
      a = create({size(), chance(20) ? kDynamic : size()}, "f32");
    std::vector<int64_t> wanted{a.shape[1], chance(20) ? kDynamic : size()};
    Array b = any([&](const Array &c) {
      return c.element == a.element && c.shape.size() == 2 &&
             c.shape[0] == a.shape[1];
    });
    if (b.name.empty())
      b = create(wanted, a.element);
    std::vector<int64_t> shape{a.shape[0], b.shape[1]};
    Result r = result(shape, a.element);
    emit(r,
         std::string(chance(80) ? "array.matmul " : "array.dot ") + a.name +
             ", " + b.name + " : (" + typeOf(a) + ", " + typeOf(b) + ") -> " +
             r.type);
  }

  void concatenate() {
    Array a = any([](const Array &c) { return !c.shape.empty(); });
    if (a.name.empty())
      return;
    std::vector<int64_t> wanted = a.shape;
    wanted[0] = size();
    Array b = create(wanted, a.element);
    std::vector<int64_t> shape = a.shape;
    shape[0] = a.shape[0] == kDynamic ? kDynamic : a.shape[0] + wanted[0];
    Result r = result(shape, a.element);
    emit(r,
         "array.concatenate " + a.name + ", " + b.name + " : (" + typeOf(a) +
             ", " + typeOf(b) + ") -> " + r.type);
  }

  void where() {
    Array x = any();
    Array condition = any([&](const Array &c) {
      return c.element == "i1" && c.shape == x.shape;
    });
    if (condition.name.empty())
      condition = create(x.shape, "i1");
    Array y = create(broadcastable(x.shape), x.element);
    std::vector<int64_t> shape = broadcast(x.shape, y.shape);
    Result r = result(shape, x.element);
    emit(r,
         "array.where " + condition.name + ", " + x.name + ", " + y.name +
             " : (" + typeOf(condition) + ", " + typeOf(x) + ", " +
             typeOf(y) + ") -> " + r.type);
  }
};

} // namespace

std::string arrayc::fuzz::generateProgram(const uint8_t *data, size_t size) {
  return Generator(data, size).run();
}

bool arrayc::fuzz::structuredMode() {
  static const bool structured = [] {
    const char *value = std::getenv("ARRAYC_FUZZ_STRUCTURED");
    return value && *value && *value != '0';
  }();
  return structured;
}
