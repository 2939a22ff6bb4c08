//===- ArrayElementwiseOps.td - elementwise ops (ufuncs) ---*- tablegen -*-===//
//
// NumPy's ufuncs. Every op implements ElementwiseOpInterface: its type rule
// (inferResultElementType; NumPy promotion unless it says otherwise) and its
// scalar computation (buildScalar, in ElementwiseOps.cpp). One verifier and
// one lowering pattern serve them all.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYELEMENTWISEOPS_TD
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYELEMENTWISEOPS_TD

include "arrayc/Dialect/Array/IR/ArrayDialect.td"
include "arrayc/Dialect/Array/IR/ArrayInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// `overrides` names the interface methods an op defines beyond buildScalar
// (usually "inferResultElementType" for ops that do not simply promote).
class Array_ElementwiseOp<string mnemonic, list<Trait> traits = [],
                          list<string> overrides = []>
    : Array_Op<mnemonic, !listconcat(traits, [
        Pure, DeclareOpInterfaceMethods<Array_ElementwiseOpInterface,
                                        !listconcat(["buildScalar"],
                                                    overrides)>])>;

class Array_BinaryOp<string mnemonic, list<Trait> traits = [],
                     list<string> overrides = []>
    : Array_ElementwiseOp<mnemonic, traits, overrides> {
  let arguments = (ins Array_Tensor:$lhs, Array_Tensor:$rhs);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

// Written `: T` when the result type is the operand type, else `: T -> R`.
class Array_UnaryOp<string mnemonic, list<Trait> traits = [],
                    list<string> overrides = []>
    : Array_ElementwiseOp<mnemonic, traits, overrides> {
  let arguments = (ins Array_Tensor:$operand);
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<UnaryTypes>(type($operand), type($result))
  }];
}

// Three operands, written with their types as a function type.
class Array_TernaryOp<string mnemonic, list<Trait> traits = [],
                      list<string> overrides = []>
    : Array_ElementwiseOp<mnemonic, traits, overrides> {
  let results = (outs Array_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
}

// A float function of one operand (`numpy.<numpyName>`): integer and bool
// operands compute in the float NumPy picks for them, 16-bit floats in
// float32 (rounded back), as NumPy's own loops do.
class Array_FloatUnaryOp<string mnemonic, string numpyName, string what>
    : Array_UnaryOp<mnemonic, [], ["inferResultElementType"]> {
  let summary = "Elementwise " # what # " (`numpy." # numpyName # "`).";
  let description = "Computes the " # what # " of `operand` element by "
    # "element, as `numpy." # numpyName # "` does: NaN gives NaN, and the "
    # "special values (infinities, zeros, out-of-domain arguments) give what "
    # "C's libm gives. Integer and bool operands compute in the float NumPy "
    # "picks for them (float16 for bool and int8, float32 for int16, float64 "
    # "for int32 and int64); float16 and bfloat16 compute in float32 and round "
    # "back.\n\n"
    # "```mlir\n"
    # "%0 = array." # mnemonic # " %a : tensor<4x3xf32>\n"
    # "%1 = array." # mnemonic # " %i : tensor<8xi32> -> tensor<8xf64>\n"
    # "```\n";
}

// Rounds a float to an integral float (floats only).
class Array_RoundingOp<string mnemonic, string numpyName, string how>
    : Array_UnaryOp<mnemonic, [], ["inferResultElementType"]> {
  let summary = "Elementwise rounding " # how # " (`numpy." # numpyName
                # "`).";
  let description = "Rounds each element of `operand` " # how # ", keeping "
    # "the element type; NaN, infinities and signed zeros are kept. Defined "
    # "for float operands only: NumPy 1.x and 2.x disagree on the result type "
    # "for integers (where it is the identity), so integer and bool operands "
    # "are rejected; convert them first.\n\n"
    # "```mlir\n"
    # "%0 = array." # mnemonic # " %a : tensor<4x3xf32>\n"
    # "```\n";
}

// A comparison; the result is bool.
class Array_CompareOp<string mnemonic, string numpyName, string relation,
                      list<Trait> traits = []>
    : Array_BinaryOp<mnemonic, traits, ["inferResultElementType"]> {
  let summary = "Elementwise comparison `lhs " # relation # " rhs` with NumPy "
                # "broadcasting (`numpy." # numpyName # "`).";
  let description = "Compares `lhs " # relation # " rhs` element by element "
    # "after broadcasting, in the promoted element type of the operands "
    # "(int32 with float32 compares in float64); the result is bool (`i1`). "
    # "A comparison with NaN is false, except `not_equal`, which is true. "
    # "Bools compare as 0 and 1.\n\n"
    # "```mlir\n"
    # "%0 = array." # mnemonic # " %a, %b : (tensor<4x3xf32>, tensor<3xi32>) "
    # "-> tensor<4x3xi1>\n"
    # "```\n";
}

// A logical function of truth values: any element type, nonzero is true
// (NaN included); the result is bool.
class Array_LogicalOp<string mnemonic, string numpyName, string what>
    : Array_BinaryOp<mnemonic, [Commutative], ["inferResultElementType"]> {
  let summary = "Elementwise logical " # what # " with NumPy broadcasting "
                # "(`numpy." # numpyName # "`).";
  let description = "Takes the truth value of each operand element (nonzero, "
    # "NaN included, is true; any element type) and computes their logical "
    # what # " after broadcasting. The result is bool (`i1`).\n\n"
    # "```mlir\n"
    # "%0 = array." # mnemonic # " %a, %b : (tensor<4xi1>, tensor<4xf32>) "
    # "-> tensor<4xi1>\n"
    # "```\n";
}

// A bitwise function of bools and integers.
class Array_BitwiseOp<string mnemonic, string numpyName, string what>
    : Array_BinaryOp<mnemonic, [Commutative], ["inferResultElementType"]> {
  let summary = "Elementwise bitwise " # what # " with NumPy broadcasting "
                # "(`numpy." # numpyName # "`).";
  let description = "Computes the bitwise " # what # " of the two's "
    # "complement bits of `lhs` and `rhs` after broadcasting, in their "
    # "promoted type; on bool it is the logical " # what # ". Float operands "
    # "are rejected, as in NumPy.\n\n"
    # "```mlir\n"
    # "%0 = array." # mnemonic # " %a, %b : (tensor<8xi32>, tensor<8xi8>) "
    # "-> tensor<8xi32>\n"
    # "```\n";
}

// A test of float classification; the result is bool.
class Array_ClassifyOp<string mnemonic, string numpyName, string what,
                       string ints>
    : Array_UnaryOp<mnemonic, [], ["inferResultElementType"]> {
  let summary = "Elementwise test whether an element " # what # " (`numpy."
                # numpyName # "`).";
  let description = "Gives true (`i1`) where the element of `operand` " # what
    # ". Integer and bool elements are finite: for them it is " # ints # ".\n\n"
    # "```mlir\n"
    # "%0 = array." # mnemonic # " %a : tensor<4xf32> -> tensor<4xi1>\n"
    # "```\n";
}

def Array_AddOp : Array_BinaryOp<"add", [Commutative]> {
  let summary = "Elementwise addition with NumPy broadcasting (`numpy.add`).";
  let description = [{
    Adds `lhs` and `rhs` element by element after broadcasting both to the
    result shape, in their promoted element type. Integers wrap around on
    overflow, as in NumPy; on bool it is logical or.

    ```mlir
    %0 = array.add %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
    ```
  }];
  let hasFolder = 1;
}

def Array_SubOp : Array_BinaryOp<"sub", [], ["inferResultElementType"]> {
  let summary = "Elementwise subtraction with NumPy broadcasting "
                "(`numpy.subtract`).";
  let description = [{
    Computes `lhs - rhs` element by element after broadcasting, in the
    promoted element type. Not defined for two bool operands (as in NumPy).

    ```mlir
    %0 = array.sub %a, %b : (tensor<?x3xf64>, tensor<1x3xf64>) -> tensor<?x3xf64>
    ```
  }];
  let hasFolder = 1;
}

def Array_MulOp : Array_BinaryOp<"mul", [Commutative]> {
  let summary = "Elementwise multiplication with NumPy broadcasting "
                "(`numpy.multiply`).";
  let description = [{
    Computes `lhs * rhs` element by element after broadcasting, in the
    promoted element type; on bool it is logical and.

    ```mlir
    %0 = array.mul %a, %b : (tensor<8xi32>, tensor<1xi32>) -> tensor<8xi32>
    ```
  }];
  let hasFolder = 1;
}

def Array_DivOp : Array_BinaryOp<"div", [], ["inferResultElementType"]> {
  let summary = "Elementwise true division with NumPy broadcasting "
                "(`numpy.divide`).";
  let description = [{
    Computes `lhs / rhs` element by element after broadcasting, with IEEE
    semantics (division by zero gives `inf` or `nan`). As in NumPy, the
    result is floating point: the promoted type for floats, float64 when
    both operands are integers or bool.

    ```mlir
    %0 = array.div %a, %b : (tensor<4x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
    %1 = array.div %i, %j : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xf64>
    ```
  }];
}

def Array_MaximumOp : Array_BinaryOp<"maximum", [Commutative]> {
  let summary = "Elementwise maximum with NumPy broadcasting "
                "(`numpy.maximum`).";
  let description = [{
    Takes the larger of `lhs` and `rhs` element by element after
    broadcasting. As in NumPy, a NaN in either operand gives NaN.

    ```mlir
    %0 = array.maximum %a, %zero : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
    ```
  }];
}

def Array_NegOp : Array_UnaryOp<"neg", [], ["inferResultElementType"]> {
  let summary = "Elementwise negation (`numpy.negative`).";
  let description = [{
    Computes `-operand` element by element. Integers wrap around, so the
    most negative value maps to itself, as in NumPy. Not defined for bool
    (NumPy rejects it too; use `array.logical_not`).

    ```mlir
    %0 = array.neg %a : tensor<4x?xf32>
    ```
  }];
}

def Array_ExpOp : Array_UnaryOp<"exp", [], ["inferResultElementType"]> {
  let summary = "Elementwise natural exponential (`numpy.exp`).";
  let description = [{
    Computes `e ** operand` element by element. Integer and bool operands
    compute in the float NumPy picks for them (float16 for bool and int8,
    float32 for int16, float64 for int32 and int64).

    ```mlir
    %0 = array.exp %a : tensor<1024xf32>
    %1 = array.exp %i : tensor<4xi32> -> tensor<4xf64>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

def Array_FloorDivideOp
    : Array_BinaryOp<"floor_divide", [], ["inferResultElementType"]> {
  let summary = "Elementwise floor division with NumPy broadcasting "
                "(`numpy.floor_divide`).";
  let description = [{
    Computes `floor(lhs / rhs)` element by element after broadcasting, in the
    promoted element type (two bools give int8, as in NumPy), like Python's
    `//`: the quotient rounds toward negative infinity. Integer division by
    zero gives 0, as NumPy does, and the most negative integer divided by -1
    wraps around to itself. For floats it is NumPy's algorithm: division by
    zero gives `inf`, `-inf` or NaN (`a / 0`), an infinite dividend gives NaN.

    ```mlir
    %0 = array.floor_divide %a, %b : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %1 = array.floor_divide %x, %y : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
}

def Array_RemainderOp
    : Array_BinaryOp<"remainder", [], ["inferResultElementType"]> {
  let summary = "Elementwise remainder of floor division with NumPy "
                "broadcasting (`numpy.remainder`).";
  let description = [{
    Computes `lhs - floor(lhs / rhs) * rhs` element by element after
    broadcasting, in the promoted element type (two bools give int8), like
    Python's `%`: a nonzero result has the sign of the divisor `rhs`.
    Integer remainder by zero gives 0, as in NumPy; float remainder by zero
    gives NaN, and a zero result takes the sign of the divisor.

    ```mlir
    %0 = array.remainder %a, %b : (tensor<8xi64>, tensor<i64>) -> tensor<8xi64>
    ```
  }];
}

def Array_PowerOp : Array_BinaryOp<"power", [], ["inferResultElementType"]> {
  let summary = "Elementwise power with NumPy broadcasting (`numpy.power`).";
  let description = [{
    Raises `lhs` to the power `rhs` element by element after broadcasting, in
    the promoted element type (two bools give int8). Floats follow C's `pow`.
    Integers compute by repeated squaring and wrap around on overflow, as in
    NumPy. NumPy rejects a negative integer exponent at run time; here it
    gives the integer part of the true result instead: 1 for a base of 1,
    1 or -1 for a base of -1 (by the exponent's parity), and 0 for every
    other base, 0 included.

    ```mlir
    %0 = array.power %x, %y : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %1 = array.power %i, %n : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    ```
  }];
}

def Array_AbsOp : Array_UnaryOp<"abs"> {
  let summary = "Elementwise absolute value (`numpy.absolute`).";
  let description = [{
    Computes `|operand|` element by element, keeping the element type.
    The most negative integer maps to itself (it wraps, as in NumPy); on
    bool it is the identity; `abs(-0.0)` is `0.0` and NaN stays NaN.

    ```mlir
    %0 = array.abs %a : tensor<4x3xf32>
    %1 = array.abs %i : tensor<8xi16>
    ```
  }];
}

def Array_SignOp : Array_UnaryOp<"sign", [], ["inferResultElementType"]> {
  let summary = "Elementwise sign (`numpy.sign`).";
  let description = [{
    Gives -1, 0 or 1 by the sign of each element, in the operand's element
    type: both zeros give 0 and NaN gives NaN, as in NumPy. Not defined for
    bool (NumPy rejects it too).

    ```mlir
    %0 = array.sign %a : tensor<4xf64>
    ```
  }];
}

def Array_ReciprocalOp
    : Array_UnaryOp<"reciprocal", [], ["inferResultElementType"]> {
  let summary = "Elementwise reciprocal (`numpy.reciprocal`).";
  let description = [{
    Computes `1 / operand` element by element, keeping the element type
    (bool gives int8, as in NumPy). For integers it is integer division, so
    the result is 1 for 1, -1 for -1 and 0 otherwise; the reciprocal of 0 is
    0 here (NumPy leaves it undefined). Floats give `inf` for `0.0`.

    ```mlir
    %0 = array.reciprocal %a : tensor<4xf32>
    ```
  }];
}

def Array_SquareOp : Array_UnaryOp<"square", [], ["inferResultElementType"]> {
  let summary = "Elementwise square (`numpy.square`).";
  let description = [{
    Computes `operand * operand` element by element, keeping the element
    type (bool gives int8, as in NumPy). Integers wrap around on overflow.

    ```mlir
    %0 = array.square %a : tensor<4xi32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Minimum and maximum
//===----------------------------------------------------------------------===//

def Array_MinimumOp : Array_BinaryOp<"minimum", [Commutative]> {
  let summary = "Elementwise minimum with NumPy broadcasting "
                "(`numpy.minimum`).";
  let description = [{
    Takes the smaller of `lhs` and `rhs` element by element after
    broadcasting, in the promoted element type. As in NumPy, a NaN in either
    operand gives NaN; on bool it is logical and.

    ```mlir
    %0 = array.minimum %a, %b : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
    ```
  }];
}

def Array_FmaxOp : Array_BinaryOp<"fmax", [Commutative]> {
  let summary = "Elementwise maximum ignoring NaN with NumPy broadcasting "
                "(`numpy.fmax`).";
  let description = [{
    Like `array.maximum`, but where exactly one operand is NaN the other one
    is the result (C's `fmax`); NaN only when both are NaN.

    ```mlir
    %0 = array.fmax %a, %b : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xf64>
    ```
  }];
}

def Array_FminOp : Array_BinaryOp<"fmin", [Commutative]> {
  let summary = "Elementwise minimum ignoring NaN with NumPy broadcasting "
                "(`numpy.fmin`).";
  let description = [{
    Like `array.minimum`, but where exactly one operand is NaN the other one
    is the result (C's `fmin`); NaN only when both are NaN.

    ```mlir
    %0 = array.fmin %a, %b : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xf64>
    ```
  }];
}

def Array_ClipOp : Array_TernaryOp<"clip"> {
  let summary = "Elementwise clipping to an interval with NumPy broadcasting "
                "(`numpy.clip`).";
  let description = [{
    Computes `minimum(maximum(x, lo), hi)` element by element after
    broadcasting all three operands, in their promoted element type. NaN in
    any operand gives NaN (for floats); where `lo > hi` the result is `hi`,
    as in NumPy.

    ```mlir
    %0 = array.clip %x, %lo, %hi : (tensor<4x3xf32>, tensor<f32>, tensor<3xf32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$x, Array_Tensor:$lo, Array_Tensor:$hi);
}

//===----------------------------------------------------------------------===//
// Exponents, logarithms, powers and roots
//===----------------------------------------------------------------------===//

def Array_Exp2Op : Array_FloatUnaryOp<"exp2", "exp2", "base-2 exponential">;
def Array_Expm1Op
    : Array_FloatUnaryOp<"expm1", "expm1",
                         "`exp(x) - 1`, exact near zero">;
def Array_LogOp : Array_FloatUnaryOp<"log", "log", "natural logarithm">;
def Array_Log2Op : Array_FloatUnaryOp<"log2", "log2", "base-2 logarithm">;
def Array_Log10Op : Array_FloatUnaryOp<"log10", "log10", "base-10 logarithm">;
def Array_Log1pOp
    : Array_FloatUnaryOp<"log1p", "log1p", "`log(1 + x)`, exact near zero">;
def Array_SqrtOp : Array_FloatUnaryOp<"sqrt", "sqrt", "square root">;
def Array_CbrtOp : Array_FloatUnaryOp<"cbrt", "cbrt", "cube root">;

def Array_RsqrtOp : Array_UnaryOp<"rsqrt", [], ["inferResultElementType"]> {
  let summary = "Elementwise reciprocal square root (`1 / numpy.sqrt(x)`).";
  let description = [{
    Computes `1 / sqrt(operand)` element by element (NumPy has no single
    function for it): `0.0` gives `inf`, negative numbers NaN. Integer and
    bool operands compute in the float NumPy picks for them, as for
    `array.sqrt`.

    ```mlir
    %0 = array.rsqrt %a : tensor<4x3xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Trigonometric and hyperbolic functions
//===----------------------------------------------------------------------===//

def Array_SinOp : Array_FloatUnaryOp<"sin", "sin", "sine (radians)">;
def Array_CosOp : Array_FloatUnaryOp<"cos", "cos", "cosine (radians)">;
def Array_TanOp : Array_FloatUnaryOp<"tan", "tan", "tangent (radians)">;
def Array_ArcsinOp : Array_FloatUnaryOp<"arcsin", "arcsin", "inverse sine">;
def Array_ArccosOp : Array_FloatUnaryOp<"arccos", "arccos", "inverse cosine">;
def Array_ArctanOp : Array_FloatUnaryOp<"arctan", "arctan", "inverse tangent">;
def Array_SinhOp : Array_FloatUnaryOp<"sinh", "sinh", "hyperbolic sine">;
def Array_CoshOp : Array_FloatUnaryOp<"cosh", "cosh", "hyperbolic cosine">;
def Array_TanhOp : Array_FloatUnaryOp<"tanh", "tanh", "hyperbolic tangent">;
def Array_ArcsinhOp
    : Array_FloatUnaryOp<"arcsinh", "arcsinh", "inverse hyperbolic sine">;
def Array_ArccoshOp
    : Array_FloatUnaryOp<"arccosh", "arccosh", "inverse hyperbolic cosine">;
def Array_ArctanhOp
    : Array_FloatUnaryOp<"arctanh", "arctanh", "inverse hyperbolic tangent">;

def Array_Arctan2Op
    : Array_BinaryOp<"arctan2", [], ["inferResultElementType"]> {
  let summary = "Elementwise angle of the point `(rhs, lhs)` with NumPy "
                "broadcasting (`numpy.arctan2`).";
  let description = [{
    Computes `atan(lhs / rhs)` in the right quadrant, in `[-pi, pi]`, as C's
    `atan2(lhs, rhs)` does (signed zeros and infinities included). The
    operands promote, and integers compute in a float as for `array.exp`.

    ```mlir
    %0 = array.arctan2 %y, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Special functions
//===----------------------------------------------------------------------===//

def Array_ErfOp : Array_UnaryOp<"erf", [], ["inferResultElementType"]> {
  let summary = "Elementwise error function (`scipy.special.erf`).";
  let description = [{
    Computes `erf(x) = 2/sqrt(pi) * integral from 0 to x of exp(-t*t) dt`
    element by element: odd, `erf(inf) = 1`, NaN gives NaN. It computes in
    float64 (by series below 2 and a continued fraction above) and rounds to
    the result type. Integer and bool operands give a float as for
    `array.exp`.

    ```mlir
    %0 = array.erf %a : tensor<4x3xf32>
    ```
  }];
}

def Array_SigmoidOp : Array_UnaryOp<"sigmoid", [], ["inferResultElementType"]> {
  let summary = "Elementwise logistic sigmoid (`scipy.special.expit`).";
  let description = [{
    Computes `1 / (1 + exp(-x))` element by element, without overflow for
    large negative `x` (it is `exp(x) / (1 + exp(x))` there). Integer and bool
    operands give a float as for `array.exp`.

    ```mlir
    %0 = array.sigmoid %a : tensor<4x3xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

def Array_FloorOp : Array_RoundingOp<"floor", "floor", "toward negative infinity">;
def Array_CeilOp : Array_RoundingOp<"ceil", "ceil", "toward positive infinity">;
def Array_RoundOp
    : Array_RoundingOp<"round", "round",
                       "to the nearest integer, ties to even (0 decimals)">;
def Array_TruncOp : Array_RoundingOp<"trunc", "trunc", "toward zero">;

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

def Array_EqualOp : Array_CompareOp<"equal", "equal", "==", [Commutative]>;
def Array_NotEqualOp
    : Array_CompareOp<"not_equal", "not_equal", "!=", [Commutative]>;
def Array_LessOp : Array_CompareOp<"less", "less", "<">;
def Array_LessEqualOp : Array_CompareOp<"less_equal", "less_equal", "<=">;
def Array_GreaterOp : Array_CompareOp<"greater", "greater", ">">;
def Array_GreaterEqualOp
    : Array_CompareOp<"greater_equal", "greater_equal", ">=">;

//===----------------------------------------------------------------------===//
// Logical and bitwise functions
//===----------------------------------------------------------------------===//

def Array_LogicalAndOp : Array_LogicalOp<"logical_and", "logical_and", "and">;
def Array_LogicalOrOp : Array_LogicalOp<"logical_or", "logical_or", "or">;
def Array_LogicalXorOp : Array_LogicalOp<"logical_xor", "logical_xor", "xor">;

def Array_LogicalNotOp
    : Array_UnaryOp<"logical_not", [], ["inferResultElementType"]> {
  let summary = "Elementwise logical negation (`numpy.logical_not`).";
  let description = [{
    Gives true (`i1`) where the element of `operand` is zero (of any element
    type); NaN counts as true, so its negation is false.

    ```mlir
    %0 = array.logical_not %a : tensor<4xf32> -> tensor<4xi1>
    %1 = array.logical_not %b : tensor<4xi1>
    ```
  }];
}

def Array_BitwiseAndOp : Array_BitwiseOp<"bitwise_and", "bitwise_and", "and">;
def Array_BitwiseOrOp : Array_BitwiseOp<"bitwise_or", "bitwise_or", "or">;
def Array_BitwiseXorOp : Array_BitwiseOp<"bitwise_xor", "bitwise_xor", "xor">;

def Array_InvertOp : Array_UnaryOp<"invert", [], ["inferResultElementType"]> {
  let summary = "Elementwise bitwise not (`numpy.invert`).";
  let description = [{
    Flips every bit of each integer element (`~x == -x - 1`); on bool it is
    logical not. Float operands are rejected, as in NumPy.

    ```mlir
    %0 = array.invert %i : tensor<8xi32>
    ```
  }];
}

def Array_LeftShiftOp
    : Array_BinaryOp<"left_shift", [], ["inferResultElementType"]> {
  let summary = "Elementwise left shift with NumPy broadcasting "
                "(`numpy.left_shift`).";
  let description = [{
    Shifts the bits of `lhs` left by `rhs` element by element after
    broadcasting, in the promoted integer type; bits shifted out are lost
    (wraparound). A shift by the bit width or more, or by a negative amount,
    gives 0, as NumPy does. Defined for integers only (not bool or floats).

    ```mlir
    %0 = array.left_shift %i, %n : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    ```
  }];
}

def Array_RightShiftOp
    : Array_BinaryOp<"right_shift", [], ["inferResultElementType"]> {
  let summary = "Elementwise arithmetic right shift with NumPy broadcasting "
                "(`numpy.right_shift`).";
  let description = [{
    Shifts the bits of `lhs` right by `rhs` element by element after
    broadcasting, in the promoted integer type, filling with the sign bit
    (floor division by a power of two). A shift by the bit width or more, or
    by a negative amount, gives 0 for non-negative `lhs` and -1 for negative
    `lhs`, as NumPy does. Defined for integers only (not bool or floats).

    ```mlir
    %0 = array.right_shift %i, %n : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Floating-point classification
//===----------------------------------------------------------------------===//

def Array_IsnanOp : Array_ClassifyOp<"isnan", "isnan", "is NaN", "false">;
def Array_IsinfOp
    : Array_ClassifyOp<"isinf", "isinf", "is positive or negative infinity",
                       "false">;
def Array_IsfiniteOp
    : Array_ClassifyOp<"isfinite", "isfinite",
                       "is neither infinite nor NaN", "true">;

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

def Array_WhereOp : Array_TernaryOp<"where", [], ["inferResultElementType"]> {
  let summary = "Elementwise choice between two arrays by a condition with "
                "NumPy broadcasting (`numpy.where`).";
  let description = [{
    Gives the element of `x` where `cond` is true and that of `y` elsewhere,
    after broadcasting all three operands. `cond` may have any element type
    and counts by its truth value (nonzero, NaN included, is true); the
    result has the promoted type of `x` and `y` only.

    ```mlir
    %0 = array.where %c, %x, %y : (tensor<4x3xi1>, tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Array_Tensor:$cond, Array_Tensor:$x, Array_Tensor:$y);
}

//===----------------------------------------------------------------------===//
// Conversion
//===----------------------------------------------------------------------===//

def Array_AsTypeOp : Array_UnaryOp<"astype", [], ["inferResultElementType"]> {
  let summary = "Converts the elements to another element type "
                "(`ndarray.astype`).";
  let description = [{
    Converts each element to the result's element type as NumPy's `astype`
    does: integers wrap when narrowed, floats round to nearest, floats to
    integers truncate toward zero (out-of-range values are undefined, as in
    C), anything to bool is `!= 0` (NaN is true), bool to a number is 0 or 1.

    ```mlir
    %0 = array.astype %x : tensor<4x3xf32> -> tensor<4x3xi32>
    %1 = array.astype %h : tensor<8xbf16> -> tensor<8xf32>
    ```
  }];
}

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYELEMENTWISEOPS_TD
