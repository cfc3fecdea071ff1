"""The optional compiled game kernels (everything else is in pyproject.toml).

Each shipped game with a kernel has a Cython module ``<engine>/_kernel.pyx``. It is optional: when
Cython is missing, the C compiler is missing or fails, or ``PNP_KERNEL=0`` is set at build time,
the build prints one notice and installs the package without it; the engines then play in Python
(their twin, the same games decision for decision). ``-ffp-contract=off`` keeps the compiler from
fusing multiply-adds, so the kernel's greedy values round as Python's do.
"""
from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

KERNELS = {"pnp_games.grove._kernel": "pnp_games/grove/_kernel.pyx",
           "pnp_games.channeling._kernel": "pnp_games/channeling/_kernel.pyx"}


def notice(why: str) -> None:
    print(f"pnp-generator: the compiled game kernels are not built ({why}); "
          f"the engines play in Python", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """build_ext that turns a failed compile into the one notice instead of a failed install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, a broken toolchain, an unsupported platform
            notice(f"{type(exc).__name__}: {exc}".splitlines()[0])

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            notice(f"{ext.name}: {type(exc).__name__}: {exc}".splitlines()[0])


def extensions() -> list[Extension]:
    if os.environ.get("PNP_KERNEL") == "0":
        notice("PNP_KERNEL=0")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        notice("Cython is not installed")
        return []
    flags = [] if sys.platform == "win32" else ["-O2", "-ffp-contract=off"]
    # kernel_base.pxd (cimported by every kernel) and the header it reads, kernel_seeds.h (the
    # registry's seed derivation): what the kernels share
    modules = [Extension(name, [source], extra_compile_args=flags, include_dirs=["pnp_games"],
                         depends=["pnp_games/kernel_seeds.h", "pnp_games/kernel_base.pxd"])
               for name, source in KERNELS.items()]
    return cythonize(modules, quiet=True, language_level=3)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
