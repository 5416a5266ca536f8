"""Puts libsegue (libsegue.so and its compile-budget helper) into the package.

From $SEGUE_LIBSEGUE_DIR if set (a folder holding both, as `make libsegue` leaves them in
.build-libsegue/lib), else built by running `make libsegue` in the repository this folder is in.
The wheel is platform-specific: the library is a Linux x86_64 or aarch64 shared object.
"""
import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

LIBRARY_FILES = ("libsegue.so", "libsegue-compile-probe")


def libsegue_folder() -> Path:
    given = os.environ.get("SEGUE_LIBSEGUE_DIR")
    repository = Path(__file__).resolve().parent.parent
    if given:
        # pip runs this in python/: a relative folder is taken from the repository's root too.
        folder = Path(given)
        return folder if folder.is_absolute() or folder.exists() else repository / folder
    if not (repository / "Makefile").exists():
        raise SystemExit("segue: set SEGUE_LIBSEGUE_DIR to a folder holding libsegue.so (make libsegue builds it)")
    subprocess.run(["make", "libsegue"], cwd=repository, check=True)
    return repository / ".build-libsegue" / "lib"


class BuildWithLibrary(build_py):
    def run(self) -> None:
        super().run()
        source = libsegue_folder()
        target = Path(self.build_lib) / "segue" / "lib"
        target.mkdir(parents=True, exist_ok=True)
        for name in LIBRARY_FILES:
            if not (source / name).exists():
                raise SystemExit(f"segue: {source / name} is missing (make libsegue builds it)")
            shutil.copy2(source / name, target / name)


class BinaryDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
