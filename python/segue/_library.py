"""ctypes bindings of segue.h (libsegue.so), and its status codes as exceptions."""
from __future__ import annotations

import ctypes
import os
import threading
from pathlib import Path
from typing import Optional

c_engine_p = ctypes.c_void_p
c_transition_p = ctypes.c_void_p


class SegueError(Exception):
    """A call into Segue failed; the message is Segue's own."""

    status: int = -1

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class UnknownTransitionError(SegueError, ValueError):
    """Neither a built-in transition's name nor a path ending in .glsl (the message suggests the nearest names)."""

    status = 2


class ScenarioError(UnknownTransitionError):
    """A view-controller scenario of `segue render --list` (zoom-push, ...): offered by `segue render` and the
    Swift API, not here (`transition_names()` lists what is)."""

    status = 8


class ParameterError(SegueError, ValueError):
    """An unknown parameter, a value of the wrong type or out of range, a missing texture; or a bad argument."""

    status = 3


class ShaderError(SegueError):
    """The .glsl file is not a transition Segue accepts, or the GL driver would not compile it."""

    status = 4


class BudgetError(SegueError):
    """Over a budget: the frame's size (512 MiB of RGBA8), or a .glsl file's compile budget."""

    status = 5


class SegueFileError(SegueError, OSError):
    """A file (the .glsl, a texture's PNG) could not be read."""

    status = 6


class SegueGLError(SegueError, RuntimeError):
    """No EGL or GL context could be made, or a GL call failed."""

    status = 7


class ArgumentError(SegueError, ValueError):
    """A value out of range for the call (progress outside 0...1, a frame of 0 pixels)."""

    status = 1


_ERRORS = {cls.status: cls for cls in (ArgumentError, UnknownTransitionError, ParameterError, ShaderError, BudgetError,
                                       SegueFileError, SegueGLError, ScenarioError)}


def library_path() -> Path:
    """$SEGUE_LIBRARY, else the libsegue.so installed with this package."""
    given = os.environ.get("SEGUE_LIBRARY")
    return Path(given) if given else Path(__file__).resolve().parent / "lib" / "libsegue.so"


_lock = threading.Lock()
_library: Optional[ctypes.CDLL] = None


def library() -> ctypes.CDLL:
    """libsegue, loaded once, with its functions' argument and result types declared."""
    global _library
    with _lock:
        if _library is None:
            path = library_path()
            if not path.exists():
                raise SegueGLError(f"libsegue is not at {path} (set SEGUE_LIBRARY, or reinstall segue)")
            _library = _declare(ctypes.CDLL(str(path)))
        return _library


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    u8p, dp = ctypes.POINTER(ctypes.c_uint8), ctypes.POINTER(ctypes.c_double)
    signatures = {
        "segue_api_version": ([], ctypes.c_int),
        "segue_last_error": ([], ctypes.c_char_p),
        "segue_transition_count": ([], ctypes.c_size_t),
        "segue_transition_name": ([ctypes.c_size_t], ctypes.c_char_p),
        "segue_transition_parameters": ([ctypes.c_size_t], ctypes.c_char_p),
        "segue_transition_names": ([ctypes.POINTER(ctypes.c_size_t)], ctypes.POINTER(ctypes.c_char_p)),
        "segue_engine_create": ([ctypes.POINTER(c_engine_p)], ctypes.c_int),
        "segue_engine_renderer": ([c_engine_p], ctypes.c_char_p),
        "segue_engine_destroy": ([c_engine_p], None),
        "segue_transition_load": ([c_engine_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.POINTER(c_transition_p)],
                                  ctypes.c_int),
        "segue_transition_set_all": ([c_transition_p, ctypes.c_char_p], ctypes.c_int),
        "segue_transition_set_texture": ([c_transition_p, ctypes.c_char_p, u8p, ctypes.c_int, ctypes.c_int], ctypes.c_int),
        "segue_transition_describe": ([c_transition_p], ctypes.c_char_p),
        "segue_transition_render": ([c_transition_p, u8p, u8p, ctypes.c_double, u8p], ctypes.c_int),
        "segue_transition_render_batch": ([c_transition_p, u8p, u8p, dp, ctypes.c_size_t, u8p], ctypes.c_int),
        "segue_transition_destroy": ([c_transition_p], None),
    }
    for name, (arguments, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes, function.restype = arguments, result
    return lib


def check(status: int) -> None:
    """Raises the exception of a failed call's status, with Segue's message (read on this thread)."""
    if status == 0:
        return
    message = (library().segue_last_error() or b"").decode("utf-8", "replace")
    raise _ERRORS.get(status, SegueError)(message, status)
