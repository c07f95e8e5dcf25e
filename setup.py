"""Declares the Cython extensions only; metadata lives in pyproject.toml.

MTGSIM_DEBUG=1 builds with bounds and wraparound checks on (for debugging the kernels).
OpenMP is used when the compiler supports it; the build is clean without it.
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MTGSIM_DEBUG", "") not in ("", "0")


def openmp_flags():
    """The compile/link flags for OpenMP if a test program builds with them, else none."""
    if os.environ.get("MTGSIM_NO_OPENMP"):
        return [], []
    if sys.platform == "win32":
        return ["/openmp"], []
    flags = ["-Xpreprocessor", "-fopenmp"] if sys.platform == "darwin" else ["-fopenmp"]
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    src = "#include <omp.h>\nint main(void){return omp_get_max_threads() > 0 ? 0 : 1;}\n"
    tmp = tempfile.mkdtemp()
    try:
        path = os.path.join(tmp, "t.c")
        with open(path, "w") as f:
            f.write(src)
        ok = subprocess.run(cc + flags + [path, "-o", os.path.join(tmp, "t")] + ["-fopenmp"],
                            capture_output=True).returncode == 0
    except OSError:
        ok = False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return (flags, ["-fopenmp"]) if ok else ([], [])


omp_compile, omp_link = openmp_flags()
extra_compile = ["-O3"] if sys.platform != "win32" else ["/O2"]
if DEBUG and sys.platform != "win32":
    extra_compile = ["-O0", "-g"]

extensions = [
    Extension(
        "mtgsim._core",
        ["src/mtgsim/_core.pyx"],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
                       ("MTGSIM_OPENMP", "1" if omp_compile else "0"),
                       ("MTGSIM_DEBUG", "1" if DEBUG else "0")],
        extra_compile_args=extra_compile + omp_compile,
        extra_link_args=omp_link,
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "boundscheck": DEBUG,
            "wraparound": DEBUG,
            "initializedcheck": DEBUG,
            "cdivision": True,
        },
    ),
)
