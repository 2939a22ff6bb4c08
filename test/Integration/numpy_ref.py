"""NumPy references for end-to-end tests.

An end-to-end test states its expected output as NumPy code in `// NUMPY:`
lines next to the array program. This script runs those lines and either
prints NumPy's output or compares it with the program's.

  numpy_ref.py TEST_FILE                   print what NumPy prints
  numpy_ref.py --compare OUTPUT TEST_FILE  compare OUTPUT with it

The comparison first asks for byte equality. Failing that, it accepts the
output when it has the same structure (brackets, line breaks, `...`, words)
and every number agrees within the test's tolerance: `// NUMPY-RTOL: 1e-5`
(default 1e-6), with NaN only against NaN and infinities exact. A
difference in the last printed digit of a transcendental function between
libm, libdevice and NumPy's own SIMD code is not a bug.
"""

import io
import math
import re
import sys
from contextlib import redirect_stdout

import numpy as np

NUMBER = re.compile(r"[-+]?(?:nan|inf|\d+\.?\d*(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?)")


def read_test(path):
    code, rtol = [], 1e-6
    with open(path) as source:
        for line in source:
            text = line.strip()
            if text.startswith("// NUMPY:"):
                code.append(text[len("// NUMPY:"):].strip())
            elif text.startswith("// NUMPY-RTOL:"):
                rtol = float(text[len("// NUMPY-RTOL:"):])
    if not code:
        sys.exit("numpy_ref.py: no '// NUMPY:' lines in %s" % path)
    return "\n".join(code), rtol


def numpy_output(code):
    buffer = io.StringIO()
    # Overflow to inf and 0/0 are part of what the tests check.
    with redirect_stdout(buffer), np.errstate(all="ignore"):
        exec(code, {"np": np})
    return buffer.getvalue()


def split(text):
    """Numbers, and the text between them with spaces collapsed."""
    numbers, shape, last = [], [], 0
    for match in NUMBER.finditer(text):
        shape.append(re.sub(r"[ \t]+", " ", text[last:match.start()]).strip(" "))
        numbers.append(match.group())
        last = match.end()
    shape.append(re.sub(r"[ \t]+", " ", text[last:]).strip(" "))
    return numbers, shape


def close(actual, expected, rtol):
    a, e = float(actual), float(expected)
    if math.isnan(e) or math.isnan(a):
        return math.isnan(e) and math.isnan(a)
    if math.isinf(e) or math.isinf(a):
        return a == e
    return abs(a - e) <= rtol * abs(e) or abs(a - e) <= 1e-300


def compare(actual_path, test_path):
    code, rtol = read_test(test_path)
    expected = numpy_output(code)
    with open(actual_path) as output:
        actual = output.read()
    if actual == expected:
        return 0
    actual_numbers, actual_shape = split(actual)
    expected_numbers, expected_shape = split(expected)
    problem = None
    if actual_shape != expected_shape or len(actual_numbers) != len(expected_numbers):
        problem = "the printed structure differs"
    else:
        for index, (a, e) in enumerate(zip(actual_numbers, expected_numbers)):
            if not close(a, e, rtol):
                problem = "number %d is %s, NumPy prints %s (rtol %g)" % (index, a, e, rtol)
                break
    if problem is None:
        return 0
    sys.stderr.write("numpy_ref.py: %s\n--- NumPy\n%s--- program\n%s" % (problem, expected, actual))
    return 1


def main(argv):
    if len(argv) == 4 and argv[1] == "--compare":
        return compare(argv[2], argv[3])
    if len(argv) == 2:
        code, _ = read_test(argv[1])
        sys.stdout.write(numpy_output(code))
        return 0
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
