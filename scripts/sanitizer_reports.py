"""What compute-sanitizer reports mean for Arrayc's programs (shared by
scripts/gpu_check.py and test/Integration/Inputs/random_programs.py).

racecheck leaves out the vendor libraries' kernels (C++-mangled names,
`_Z...`: cuSPARSE's csrgeam kernels race on shared memory by design; seen on
the H200 with CUDA 13.0), which Arrayc cannot change; Arrayc's generated
kernels and arrayrt's own (extern "C" names) are all checked. initcheck
leaves out none: it does not see what an excluded kernel writes, so every
later read of a cuSPARSE or cuBLASLt result would be reported as
uninitialized. Its reports inside the libraries (CUB's scan in cuSPARSE's
dense-to-sparse conversion reads the element past the counts it writes; a
copy to the host that cuSPARSE issues) are counted apart instead
(scripts/initcheck/vendor_writes.cu reproduces them with cuSPARSE alone).
"""

import re

RACECHECK_EXCLUDE = "regex=^_Z"

INITCHECK_ERROR = re.compile(
    r"^(?:========= )?(Uninitialized __global__ memory read|Host API memory "
    r"access error)", re.M)


def tool_options(tool):
    """compute-sanitizer's options for `tool` beyond --tool."""
    if tool == "racecheck":
        return ["--kernel-name-exclude", RACECHECK_EXCLUDE]
    return []


def vendor_initcheck_errors(text):
    """The initcheck reports of a log that are the vendor libraries' own: a
    read in a C++ kernel (`void cub::...`, a cuSPARSE or cuBLASLt kernel
    with a mangled name; ours have C names), or a host copy that cuSPARSE or
    cuBLAS issued. Returns their kernels or libraries, one per report."""
    found = []
    starts = [m.start() for m in INITCHECK_ERROR.finditer(text)] + [len(text)]
    for begin, end in zip(starts, starts[1:]):
        block = text[begin:end]
        kernel = re.search(
            r"^(?:=========)? +at (.+?)(?:\+0x[0-9a-f]+)?(?: in .*)?$",
            block, re.M)
        if kernel and ("::" in kernel.group(1) or "(" in kernel.group(1)):
            found.append(re.sub(r"<.*", "", kernel.group(1))[:60])
            continue
        frames = re.findall(r"Host Frame: .*? in (\S+)$", block, re.M)
        callers = [f for f in frames if not f.startswith("libcuda.so")]
        if callers and re.match(r"lib(cusparse|cublas)", callers[0]):
            found.append(callers[0])
    return found
