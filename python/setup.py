# The optional C hot path of calls (arrayc/_fastcall.c); the rest of the
# package is in pyproject.toml. Without a C compiler the install goes on
# without it (optional=True) and arrayc calls through ctypes only.
from setuptools import Extension, setup

setup(ext_modules=[Extension("arrayc._fastcall", ["arrayc/_fastcall.c"],
                             optional=True)])
