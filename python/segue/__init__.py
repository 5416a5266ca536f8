"""Segue's GPU transitions from Python.

Every gl-transition is built in (`transitions()` lists them with their parameters), and any
gl-transitions `.glsl` file loads by its path. Pictures are numpy arrays, H×W×3 or H×W×4, uint8
(straight alpha, top row first); frames come back in the same layout. Rendering is headless (an
EGL context on a thread of libsegue's own) and bit for bit what `segue render` writes.

    import segue
    frame = segue.render("wipeleft", a, b, 0.5)
    with segue.Transition("wipe", 1280, 720, direction=(1, 0)) as wipe:
        frames = wipe.render_many(a, b, [i / 29 for i in range(30)])
"""
from __future__ import annotations

from ._library import (ArgumentError, BudgetError, ParameterError, SegueError, SegueFileError, SegueGLError,
                       ShaderError, UnknownTransitionError)
from ._transition import Transition, render, renderer, transitions

__version__ = "1.0.0"  # the repository's VERSION (CLI's VersionTests check it)

__all__ = [
    "ArgumentError", "BudgetError", "ParameterError", "SegueError", "SegueFileError", "SegueGLError", "ShaderError",
    "Transition", "UnknownTransitionError", "render", "renderer", "transitions",
]
