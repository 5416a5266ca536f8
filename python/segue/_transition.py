"""Transitions on one engine (one GL thread) shared by the process."""
from __future__ import annotations

import atexit
import ctypes
import os
import threading
from typing import Any, Dict, Iterable, List, Optional, Union

import numpy as np

from ._library import ArgumentError, c_engine_p, c_transition_p, check, library

PathName = Union[str, "os.PathLike[str]"]

_engine_lock = threading.Lock()
_engine: Optional[int] = None


def _shared_engine() -> int:
    """The process's engine, made at first use (its GL context lives on a thread of libsegue's)."""
    global _engine
    with _engine_lock:
        if _engine is None:
            handle = c_engine_p()
            check(library().segue_engine_create(ctypes.byref(handle)))
            _engine = handle.value
        return _engine


@atexit.register
def _destroy_engine() -> None:
    """Releases the engine's GL context on its own thread before the interpreter goes (transitions still
    open are released with it; closing them afterwards does nothing)."""
    global _engine
    with _engine_lock:
        if _engine is not None:
            library().segue_engine_destroy(_engine)
            _engine = None


def transitions() -> Dict[str, List[str]]:
    """The built-in transitions, name → parameter lines ("direction: vec2 = vec2(1.0, 0.0)") at the values each runs with."""
    lib = library()
    listing: Dict[str, List[str]] = {}
    for index in range(lib.segue_transition_count()):
        parameters = lib.segue_transition_parameters(index).decode()
        listing[lib.segue_transition_name(index).decode()] = parameters.split("\n") if parameters else []
    return listing


def transition_names() -> List[str]:
    """The names `Transition` and `render` take besides a .glsl path, in the library's order (`transitions()`'s keys).
    The view-controller scenarios of `segue render --list` (zoom-push, ...) are not among them: they raise ScenarioError."""
    count = ctypes.c_size_t()
    names = library().segue_transition_names(ctypes.byref(count))
    return [names[index].decode() for index in range(count.value)]


def renderer() -> str:
    """The GL renderer Segue draws with ("llvmpipe (LLVM 15.0.7, 256 bits)" on a machine without a GPU)."""
    return library().segue_engine_renderer(_shared_engine()).decode()


def _value_text(value: Any) -> str:
    """A parameter's value as the command line's --param writes it: 0.3, 1,0 (a vector), true, a path."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list, np.ndarray)):
        return ",".join(_value_text(item) for item in value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return repr(float(value)) if isinstance(value, (float, np.floating)) else str(int(value))
    return os.fspath(value) if isinstance(value, os.PathLike) else str(value)


def _settings_text(params: Dict[str, Any]) -> str:
    for name, value in params.items():
        text = _value_text(value)
        if any(character.isspace() for character in text):
            raise ArgumentError(f"parameter {name}: a value may not contain spaces ({text!r})", 1)
    return " ".join(f"{name}={_value_text(value)}" for name, value in params.items())


class Transition:
    """A transition loaded for frames of width × height: compiled once, its GPU state kept for many frames.

    `name` is a built-in's name (see `transitions()`) or a path to a gl-transitions .glsl file (compiled
    first under Segue's compile budget); `params` are its parameters (`direction=(1, 0)`, `smoothness=0.3`).
    Close it (or use it in a `with` block) to free its GPU state at once.
    """

    def __init__(self, name: PathName, width: int, height: int, **params: Any) -> None:
        self._handle: Optional[int] = None
        self.name, self.width, self.height = os.fspath(name), int(width), int(height)
        handle = c_transition_p()
        check(library().segue_transition_load(_shared_engine(), self.name.encode(), self.width, self.height,
                                              ctypes.byref(handle)))
        self._handle = handle.value
        if params:
            self.set(**params)

    def set(self, **params: Any) -> None:
        """Sets parameters by name, all checked before any is kept (ParameterError names the bad one)."""
        check(library().segue_transition_set_all(self._live(), _settings_text(params).encode()))

    def set_texture(self, name: str, picture: np.ndarray) -> None:
        """Gives the sampler2D parameter `name` a picture (H×W×3 or ×4 uint8, any size, straight alpha, top row
        first): what `set(name="map.png")`, or `segue render --param name=map.png`, gives it from a PNG of the same
        pixels. Until each sampler2D of a .glsl file has a texture, rendering raises ParameterError."""
        if not isinstance(picture, np.ndarray) or picture.dtype != np.uint8 or picture.ndim != 3 or picture.shape[2] not in (3, 4):
            shape = getattr(picture, "shape", type(picture).__name__)
            raise ArgumentError(f"a texture must be a numpy array H×W×3 or ×4 of uint8, not {shape}", 1)
        rgba = self._rgba(picture)
        check(library().segue_transition_set_texture(self._live(), name.encode(), rgba.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8)),
                                                     rgba.shape[1], rgba.shape[0]))

    @property
    def parameters(self) -> List[str]:
        """The parameter lines at the values the transition now runs with."""
        text = library().segue_transition_describe(self._live())
        if text is None:
            check(1)
        return text.decode().split("\n") if text else []

    def render(self, a: np.ndarray, b: np.ndarray, progress: float) -> np.ndarray:
        """The frame at `progress` (0 = a, 1 = b), in a's layout (H×W×3 or ×4 uint8)."""
        return self.render_many(a, b, [progress])[0]

    def render_many(self, a: np.ndarray, b: np.ndarray, progress: Iterable[float]) -> np.ndarray:
        """Frames at each progress point, N×H×W×C: the pictures are uploaded once."""
        points = np.ascontiguousarray(list(progress), dtype=np.float64)
        if points.ndim != 1 or len(points) == 0:
            raise ArgumentError("progress must be one or more numbers in 0...1", 1)
        channels = self._check_picture(a, "a")
        if self._check_picture(b, "b") != channels:
            raise ArgumentError(f"a and b must have the same channels, not {a.shape} and {b.shape}", 1)
        rgba_a, rgba_b = self._rgba(a), self._rgba(b)
        out = np.empty((len(points), self.height, self.width, 4), dtype=np.uint8)
        u8 = ctypes.POINTER(ctypes.c_uint8)
        check(library().segue_transition_render_batch(
            self._live(), rgba_a.ctypes.data_as(u8), rgba_b.ctypes.data_as(u8),
            points.ctypes.data_as(ctypes.POINTER(ctypes.c_double)), len(points), out.ctypes.data_as(u8)))
        return out if channels == 4 else np.ascontiguousarray(out[..., :3])

    def _check_picture(self, picture: np.ndarray, label: str) -> int:
        if not isinstance(picture, np.ndarray) or picture.dtype != np.uint8:
            kind = picture.dtype if isinstance(picture, np.ndarray) else type(picture).__name__
            raise ArgumentError(f"{label} must be a numpy array of uint8, not {kind}", 1)
        expected = (self.height, self.width)
        if picture.ndim != 3 or picture.shape[:2] != expected or picture.shape[2] not in (3, 4):
            raise ArgumentError(
                f"{label} must be {self.height}×{self.width}×3 or ×4 (height × width × channels) for this "
                f"{self.width}x{self.height} transition, not {'×'.join(map(str, picture.shape))}", 1)
        return picture.shape[2]

    @staticmethod
    def _rgba(picture: np.ndarray) -> np.ndarray:
        if picture.shape[2] == 4:
            return np.ascontiguousarray(picture)
        opaque = np.full(picture.shape[:2] + (4,), 255, dtype=np.uint8)
        opaque[..., :3] = picture
        return opaque

    def _live(self) -> int:
        if self._handle is None:
            raise ArgumentError(f"the transition {self.name!r} is closed", 1)
        return self._handle

    def close(self) -> None:
        """Frees the GPU state now (also done when the object is collected)."""
        if self._handle is not None:
            library().segue_transition_destroy(self._handle)
            self._handle = None

    def __enter__(self) -> "Transition":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self) -> str:
        return f"segue.Transition({self.name!r}, {self.width}, {self.height})"


def render(name: PathName, a: np.ndarray, b: np.ndarray, progress: float, **params: Any) -> np.ndarray:
    """One frame of `name` at `progress` between two pictures of the same size (H×W×3 or ×4 uint8)."""
    if not isinstance(a, np.ndarray) or a.ndim != 3:
        shape = getattr(a, "shape", type(a).__name__)
        raise ArgumentError(f"a must be a numpy array H×W×3 or ×4 of uint8, not {shape}", 1)
    with Transition(name, a.shape[1], a.shape[0], **params) as transition:
        return transition.render(a, b, progress)
