"""MoviePy 2: two clips joined by a Segue transition (`pip install segue[moviepy]`)."""
from __future__ import annotations

from typing import Any

import numpy as np

from ._library import ArgumentError
from ._transition import PathName, Transition


def _uint8(frame: np.ndarray) -> np.ndarray:
    return frame if frame.dtype == np.uint8 else np.clip(np.rint(frame), 0, 255).astype(np.uint8)


def join(a: Any, b: Any, transition: PathName = "fade", duration: float = 1.0, **params: Any) -> Any:
    """`a`, then `transition` over the last `duration` seconds of `a` and the first of `b`, then the rest of `b`.

    Both clips must have the same size; the result is a MoviePy clip (`write_videofile` it, or join more).
    The transition is compiled once and renders each frame of the overlap on the GPU.
    """
    from moviepy import VideoClip, concatenate_videoclips

    if tuple(a.size) != tuple(b.size):
        raise ArgumentError(f"the clips must have the same size, not {a.size} and {b.size}", 1)
    if not 0 < duration <= min(a.duration, b.duration):
        raise ArgumentError(f"the transition's duration must be in (0, {min(a.duration, b.duration)}], not {duration}", 1)
    width, height = a.size
    renderer = Transition(transition, width, height, **params)
    start = a.duration - duration

    def frame(time: float) -> np.ndarray:
        progress = min(max(time / duration, 0.0), 1.0)
        return renderer.render(_uint8(a.get_frame(start + time)[..., :3]), _uint8(b.get_frame(time)[..., :3]), progress)

    middle = VideoClip(frame_function=frame, duration=duration).with_fps(a.fps or b.fps)
    parts = ([a.subclipped(0, start)] if start > 0 else []) + [middle]
    if b.duration > duration:
        parts.append(b.subclipped(duration))
    return concatenate_videoclips(parts)
