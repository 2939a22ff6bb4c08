"""Compiles arrayc's optional C hot path (arrayc/_fastcall.c) for this Python,
with the C compiler it was built with, without setuptools:

    python3 python/build_fastcall.py            # next to the sources
    python3 python/build_fastcall.py OUTDIR     # OUTDIR/_fastcall<suffix>

`pip install ./python` builds it too (setup.py). Exits 1, saying why, when
there is no compiler or no Python headers; arrayc then works without it.
"""

import os
import shlex
import subprocess
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "arrayc", "_fastcall.c")


def build(outdir=None):
    """The path of the built module, or raises RuntimeError."""
    outdir = outdir or os.path.join(HERE, "arrayc")
    include = sysconfig.get_paths()["include"]
    if not os.path.exists(os.path.join(include, "Python.h")):
        raise RuntimeError(f"no Python.h in {include} (install the Python "
                           "development headers, e.g. python3-dev)")
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    output = os.path.join(outdir, "_fastcall" + suffix)
    temporary = f"{output}.{os.getpid()}.tmp"
    command = compiler + ["-O2", "-shared", "-fPIC", "-Wall", "-I", include,
                          SOURCE, "-o", temporary]
    try:
        subprocess.run(command, check=True, capture_output=True, text=True)
    except FileNotFoundError:
        raise RuntimeError(f"no C compiler ({compiler[0]})") from None
    except subprocess.CalledProcessError as error:
        raise RuntimeError(f"{shlex.join(command)} failed:\n{error.stderr}") from None
    os.replace(temporary, output)  # Never a partial module.
    return output


def main():
    try:
        print(build(sys.argv[1] if len(sys.argv) > 1 else None))
    except RuntimeError as error:
        print(f"build_fastcall.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
