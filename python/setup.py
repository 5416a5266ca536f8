"""Puts libsegue (libsegue.so and its compile-budget helper) into the package.

From $SEGUE_LIBSEGUE_DIR if set (a folder holding both, as `make libsegue` leaves them in
.build-libsegue/lib), else built by running `make libsegue` in the repository this folder is in:
a release build of Swift, about 5 minutes on 2 cores. pip shows a build backend's output only with
`pip install -v`, so the build's lines also go to the terminal (/dev/tty) when there is one.

The wheel is tagged py3-none-PLATFORM (`make wheel` makes it): the package is plain ctypes, so any
Python 3 loads it, but the library is a Linux shared object of this machine's architecture.
The version is the repository's VERSION file's (1.0.0 without one), the C library's own.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

LIBRARY_FILES = ("libsegue.so", "libsegue-compile-probe")
REPOSITORY = Path(__file__).resolve().parent.parent


def version() -> str:
    file = REPOSITORY / "VERSION"
    return (file.read_text().strip() if file.exists() else "") or "1.0.0"


def terminal():
    """The user's terminal, which pip does not capture, or None (no terminal: a CI job, a pipe)."""
    try:
        return open("/dev/tty", "w")
    except OSError:
        return None


def run_make_libsegue() -> None:
    """`make libsegue`, its lines to stderr (pip -v) and to the terminal, so minutes of building show."""
    tty = terminal()

    def say(line: str) -> None:
        sys.stderr.write(line)
        sys.stderr.flush()
        if tty:
            tty.write(line)
            tty.flush()

    say("segue: building libsegue with `make libsegue` (a release build of Swift: about 5 minutes on 2 cores; "
        "`make wheel` once, then installing its wheel, takes seconds)\n")
    process = subprocess.Popen(["make", "libsegue"], cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace")
    for line in process.stdout:
        say("segue: " + line)
    if process.wait() != 0:
        raise SystemExit(f"segue: `make libsegue` failed ({process.returncode}); its output is above")
    if tty:
        tty.close()


def libsegue_folder() -> Path:
    given = os.environ.get("SEGUE_LIBSEGUE_DIR")
    if given:
        # pip runs this in python/: a relative folder is taken from the repository's root too.
        folder = Path(given)
        return folder if folder.is_absolute() or folder.exists() else REPOSITORY / folder
    if not (REPOSITORY / "Makefile").exists():
        raise SystemExit("segue: set SEGUE_LIBSEGUE_DIR to a folder holding libsegue.so (make libsegue builds it)")
    run_make_libsegue()
    return REPOSITORY / ".build-libsegue" / "lib"


class BuildWithLibrary(build_py):
    def run(self) -> None:
        super().run()
        source = libsegue_folder()
        target = Path(self.build_lib) / "segue" / "lib"
        target.mkdir(parents=True, exist_ok=True)
        for name in LIBRARY_FILES:
            if not (source / name).exists():
                raise SystemExit(f"segue: {source / name} is missing (make libsegue builds it)")
            # libsegue.so is a link to libsegue.so.VERSION in the build folder: the file itself is copied.
            shutil.copyfile(source / name, target / name)
            shutil.copymode(source / name, target / name)


class BinaryDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return True


class PlatformWheel(bdist_wheel):
    """py3-none-linux_x86_64 (or aarch64), not cp311-cp311-...: no extension module, one shared object."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(version=version(), cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel}, distclass=BinaryDistribution)
