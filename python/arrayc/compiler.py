"""Compiling array programs into libraries, with a disk cache.

Like CuPy's kernel cache: a library is kept under a key made of the
program's text, the compiler's flags and the compiler's version, in
`ARRAYC_CACHE_DIR` (default `~/.cache/arrayc`); `ARRAYC_CACHE=0` compiles
into a temporary directory every time.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile

from .library import load


class CompileError(RuntimeError):
    """arrayc refused the program (the message is its diagnostics)."""


_versions = {}


def find_compiler():
    """The arrayc to run: `$ARRAYC`, else `arrayc` on PATH."""
    compiler = os.environ.get("ARRAYC") or shutil.which("arrayc")
    if not compiler:
        raise CompileError("arrayc not found: put it on PATH or set ARRAYC "
                           "to its path")
    return compiler


def compiler_version(compiler):
    """`arrayc --version`, cached per path and modification time."""
    key = (compiler, os.stat(compiler).st_mtime_ns)
    if key not in _versions:
        done = subprocess.run([compiler, "--version"], capture_output=True,
                              text=True)
        _versions[key] = done.stdout + done.stderr
    return _versions[key]


def default_target():
    """cuda when this machine has an NVIDIA GPU, else cpu."""
    return "cuda" if os.path.exists("/dev/nvidia0") else "cpu"


def _cache_dir():
    explicit = os.environ.get("ARRAYC_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "arrayc")


def _source(source_or_path):
    """(text, path or None, name) of a program given as text or a path."""
    looks_like_path = "\n" not in source_or_path and (
        source_or_path.endswith(".mlir") or os.path.exists(source_or_path))
    if looks_like_path:
        with open(source_or_path) as f:
            text = f.read()
        name = os.path.splitext(os.path.basename(source_or_path))[0]
        return text, source_or_path, name
    return source_or_path, None, "program"


def build(source_or_path, target=None, arch=None, options=(), prefix=None):
    """Compiles (or finds in the cache) the library; returns (path, prefix)."""
    text, path, name = _source(source_or_path)
    compiler = find_compiler()
    target = target or default_target()
    prefix = prefix or re.sub(r"[^A-Za-z0-9_]", "_", name)
    if not prefix or prefix[0].isdigit():
        prefix = "program_" + prefix
    flags = ["--emit=shared", f"--target={target}", f"--prefix={prefix}"]
    if arch:
        flags.append(f"--arch={arch}")
    flags += list(options)
    key = hashlib.sha256(json.dumps(
        [text, flags, compiler_version(compiler)]).encode()).hexdigest()[:40]
    library = f"lib{prefix}.so"

    def compile_into(directory):
        source = path
        if source is None:
            source = os.path.join(directory, f"{prefix}.mlir")
            with open(source, "w") as f:
                f.write(text)
        done = subprocess.run(
            [compiler, *flags, source, "-o", os.path.join(directory, library)],
            capture_output=True, text=True)
        if done.returncode != 0:
            raise CompileError(done.stderr.strip() or
                               f"arrayc exited with {done.returncode}")

    if os.environ.get("ARRAYC_CACHE", "1") == "0":
        directory = tempfile.mkdtemp(prefix="arrayc-")
        compile_into(directory)
        return os.path.join(directory, library), prefix

    root = _cache_dir()
    entry = os.path.join(root, key)
    if not os.path.exists(os.path.join(entry, library)):
        os.makedirs(root, exist_ok=True)
        staging = tempfile.mkdtemp(prefix=".staging-", dir=root)
        try:
            compile_into(staging)
            try:
                os.replace(staging, entry)  # Atomic: whole entries only.
            except OSError:
                if not os.path.exists(os.path.join(entry, library)):
                    raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return os.path.join(entry, library), prefix


def compile(source_or_path, target=None, arch=None, options=(), prefix=None):
    """Compiles an array program (a .mlir path or its text) into a shared
    library with the installed arrayc and loads it. `target`: "cuda" or
    "cpu" (default: cuda when the machine has an NVIDIA GPU); `arch`: the
    GPU architecture (arrayc's --arch); `options`: more arrayc flags."""
    path, prefix = build(source_or_path, target, arch, options, prefix)
    return load(path, prefix)
