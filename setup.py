"""Declares the Cython extensions only; metadata lives in pyproject.toml.

Before cythonizing, writes the Cython that mtgsim.vocabulary declares (its op codes, flags,
controller filters, counter kinds, trigger events and the words of card fields as enums, and the
array bounds they set: src/mtgsim/_vocabulary*.pxi, not kept in git), read from that module alone.

MTGSIM_DEBUG=1 builds with bounds and wraparound checks on (for debugging the kernels).
MTGSIM_PGO=1 builds the core twice with GCC's profile-guided optimisation: once instrumented,
then, after goldfishing the bundled example decks with it, optimised for what that run did
(8–20% more games per second; any other compiler, or a stage failing, builds as usual).
OpenMP is used when the compiler supports it; the build is clean without it.
"""
import importlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import types

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError

DEBUG = os.environ.get("MTGSIM_DEBUG", "") not in ("", "0")
PGO = os.environ.get("MTGSIM_PGO", "") not in ("", "0") and not DEBUG

# What the instrumented core plays to learn where time goes: every bundled example deck, and
# the shortest games (mostly draws and land drops).
PGO_TRAINING = """
from mtgsim import Deck, MulliganPolicy, card, simulate
from mtgsim.cli import example_decks
for path in example_decks().values():
    simulate(Deck.from_file(path), games=3000, turns=10, seed=1, threads=1)
deck = Deck({"Forest": 14, "Wastes": 10, card("Big Spell", "{6}{G}", "Sorcery"): 36})
simulate(deck, games=100000, turns=3, seed=1, threads=1, mulligan=MulliganPolicy.never(),
         track=[card("Test Sorcery", "{1}{G}{G}", "Sorcery")])
"""


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
                            capture_output=True, check=False).returncode == 0
    except OSError:
        ok = False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return (flags, ["-fopenmp"]) if ok else ([], [])


def write_vocabulary():
    """Write the Cython files mtgsim.vocabulary declares (`vocabulary.cython_declarations`) beside
    _core.pxd, each only if its text changed (so an unchanged vocabulary recompiles nothing).
    The module is imported alone, under a bare `mtgsim` package: the real package's __init__
    needs the core this build makes (vocabulary imports nothing of mtgsim but `errors` and
    `field_words`)."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "src", "mtgsim")
    saved = {k: v for k, v in sys.modules.items() if k == "mtgsim" or k.startswith("mtgsim.")}
    package = types.ModuleType("mtgsim")
    package.__path__ = [here]
    sys.modules["mtgsim"] = package
    try:
        files = importlib.import_module("mtgsim.vocabulary").cython_declarations()
    finally:
        for k in [k for k in sys.modules if k == "mtgsim" or k.startswith("mtgsim.")]:
            del sys.modules[k]
        sys.modules.update(saved)
    for name, text in files.items():
        path = os.path.join(here, name)
        if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)


def is_gcc():
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    try:
        out = subprocess.run(cc + ["--version"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return False
    return "Free Software Foundation" in out and "clang" not in out


write_vocabulary()
omp_compile, omp_link = openmp_flags()
extra_compile = ["-O3"] if sys.platform != "win32" else ["/O2"]
if DEBUG and sys.platform != "win32":
    extra_compile = ["-O0", "-g"]
elif is_gcc():
    # GCC stops inlining anywhere in a translation unit once inlining has grown it by
    # inline-unit-growth (40% at -O3). _core.c, one unit so that the rooms inline across each
    # other, was at that limit: code added to one room took inlining away from hot calls in
    # others (measured: i30-attack's attack triggers cost the Henge deck, which has none, +1.9%
    # instructions a game, eval_count no longer inlining power_of). Raised so that whether a call
    # is inlined depends on the caller and the callee only (the unit grows by about 75%).
    extra_compile.append("--param=inline-unit-growth=100")

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
    Extension(
        "mtgsim._meta",
        ["src/mtgsim/_meta.pyx"],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=extra_compile + omp_compile,
        extra_link_args=omp_link,
    ),
]


BUILD_ERRORS = (CCompilerError, ExecError, OSError, subprocess.CalledProcessError)


class BuildExt(build_ext):
    """build_ext, with MTGSIM_PGO=1: instrumented build, training run, optimised build. Any
    stage failing (an old GCC, a training run that fails) gives a usual build, with a note."""

    def run(self):
        if not PGO:
            return super().run()
        if sys.platform == "win32" or not is_gcc():
            print("MTGSIM_PGO: profile-guided optimisation needs GCC; building as usual")
            return super().run()
        profile = tempfile.mkdtemp(prefix="mtgsim-pgo-")
        # run() replaces the compiler's name with the compiler it made, and leaves inplace
        # off if a build fails: each build starts from these
        start = (self.compiler, self.inplace)
        try:
            try:
                self._build(start, ["-fprofile-generate", f"-fprofile-dir={profile}"])
                where = os.path.abspath("src" if self.inplace else self.build_lib)
                env = dict(os.environ, PYTHONPATH=where + os.pathsep + os.environ.get("PYTHONPATH", ""))
                subprocess.run([sys.executable, "-c", PGO_TRAINING], env=env, check=True, cwd=profile)
                self._build(start, ["-fprofile-use", f"-fprofile-dir={profile}",
                                    "-fprofile-partial-training", "-Wno-missing-profile"])
            except BUILD_ERRORS as e:
                print(f"MTGSIM_PGO: profile-guided optimisation failed ({e}); building as usual")
                self._build(start, [])
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    def _build(self, start, flags):
        for ext in self.extensions:
            ext.extra_compile_args = extra_compile + omp_compile + flags
            ext.extra_link_args = omp_link + flags
        self.compiler, self.inplace = start
        self.force = True
        super().run()


setup(
    cmdclass={"build_ext": BuildExt},
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
