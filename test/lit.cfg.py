# -*- Python -*-
# lit configuration of the arrayc test suite.

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ARRAYC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.arrayc_obj_root, "test")
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"

# lit passes ASAN_OPTIONS and UBSAN_OPTIONS on by itself; LSAN_OPTIONS (leak
# suppressions of the sanitizer build) too.
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                     "LSAN_OPTIONS"])
llvm_config.use_default_substitutions()

config.substitutions.append(("%cuda_toolkit", config.cuda_toolkit_path))
config.substitutions.append(("%arrayc_bin", config.arrayc_tools_dir))
config.substitutions.append(("%arrayc_obj", config.arrayc_obj_root))
config.substitutions.append(("%arrayc_src", config.arrayc_src_root))
config.substitutions.append(("%arrayrt_lib",
                             os.path.join(config.arrayc_lib_dir,
                                          "libarrayrt.a")))
# A CUDA driver without a GPU (runtime/test/FakeDriver.cpp): it runs no
# kernel, but lets tests exercise device paths such as timing.
config.substitutions.append(("%fake_cuda_driver",
                             os.path.join(config.arrayc_lib_dir,
                                          "libarrayrt-fake-cuda.so")))
# %program_cxx links an object with the runtime as arrayc does: the C++
# compiler driver, with the sanitizers of a sanitizer build.
config.substitutions.append(("%program_cxx", " ".join(
    filter(None, [config.program_linker, config.program_link_flags]))))
# `asan`: programs run under AddressSanitizer, which cannot start under an
# address-space limit (ulimit -v) of a few GiB.
if "-fsanitize=address" in (config.program_link_flags or ""):
    config.available_features.add("asan")
# %numpy-python is a Python with NumPy.
config.substitutions.append(("%numpy-python", config.numpy_python))
# %numpy-ref prints what NumPy prints for the `// NUMPY:` lines of a test.
config.substitutions.append(
    ("%numpy-ref", "%s %s" % (config.numpy_python,
                              os.path.join(config.test_source_root,
                                           "Integration", "numpy_ref.py"))))

tool_dirs = [config.arrayc_tools_dir, config.llvm_tools_dir]
tools = ["array-lsp-server", "array-opt", "array-translate", "arrayc",
         "arrayrt-device-info"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.arrayc_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)


def detect_cuda_gpu():
    """True when a CUDA driver and at least one GPU answer right now."""
    probe = os.path.join(config.arrayc_tools_dir, "arrayrt-device-info")
    try:
        result = subprocess.run([probe], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        lit_config.note("cuda-gpu: probe failed (%s)" % error)
        return False
    reason = (result.stdout or result.stderr).decode(errors="replace").strip()
    lit_config.note("cuda-gpu: %s" % (reason.splitlines() or ["?"])[0])
    return result.returncode == 0


if detect_cuda_gpu():
    config.available_features.add("cuda-gpu")


def detect_nvrtc():
    """True when the CUDA toolkit has NVRTC (array-gpu-compile-kernels)."""
    for folder in ("lib64", "targets/x86_64-linux/lib", "lib"):
        if os.path.exists(os.path.join(config.cuda_toolkit_path, folder,
                                       "libnvrtc.so")):
            return True
    return False


if detect_nvrtc():
    config.available_features.add("nvrtc")


# `mpi`: arrayc links sharded CPU programs (libarrayrt_mpi.a, built when
# CMake found MPI) and mpirun starts them. %mpirun runs N processes here,
# as root too (containers, CI), more than the cores if need be.
mpirun = shutil.which("mpirun")
if mpirun and os.path.exists(os.path.join(config.arrayc_lib_dir,
                                          "libarrayrt_mpi.a")):
    config.available_features.add("mpi")
    config.substitutions.append(
        ("%mpirun", "%s --allow-run-as-root --oversubscribe" % mpirun))
