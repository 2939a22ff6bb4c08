"""Arrayc from Python: call compiled array programs on CuPy, PyTorch, JAX
and NumPy arrays (DLPack, no copies), and compile programs with a disk
cache.

    import arrayc
    lib = arrayc.compile("layernorm.mlir")        # or arrayc.load("liblayernorm.so")
    y = lib.layernorm(x, gamma, beta)             # x: a torch/cupy/numpy array
    lib.layernorm(x, gamma, beta, out=y)          # into y
"""

from .compiler import CompileError, compile, compiler_version, find_compiler
from .library import ArraycError, Function, Library, Result, load

__all__ = ["ArraycError", "CompileError", "Function", "Library", "Result",
           "compile", "compiler_version", "find_compiler", "load"]
__version__ = "0.1.0"
