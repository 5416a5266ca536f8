"""Segue's GPU transitions from Python.

Every gl-transition is built in (`transition_names()` lists them, `transitions()` with their
parameters), and any gl-transitions `.glsl` file loads by its path; the view-controller scenarios
of `segue render` (zoom-push, ...) need a window stage and are not offered here (ScenarioError).
Pictures are numpy arrays, H×W×3 or H×W×4, uint8 (straight alpha, top row first); frames come back
in the same layout. Rendering is headless (an EGL context on a thread of libsegue's own) and bit
for bit what `segue render` writes.

    import segue
    frame = segue.render("wipeleft", a, b, 0.5)
    with segue.Transition("wipe", 1280, 720, direction=(1, 0)) as wipe:
        frames = wipe.render_many(a, b, [i / 29 for i in range(30)])
"""
from __future__ import annotations

from ._library import (ArgumentError, BudgetError, ParameterError, ScenarioError, SegueError, SegueFileError,
                       SegueGLError, ShaderError, UnknownTransitionError)
from ._transition import Transition, render, renderer, transition_names, transitions

__version__ = "1.0.0"  # the repository's VERSION (CLI's VersionTests check it)

__all__ = [
    "ArgumentError", "BudgetError", "ParameterError", "ScenarioError", "SegueError", "SegueFileError", "SegueGLError",
    "ShaderError", "Transition", "UnknownTransitionError", "render", "renderer", "transition_names", "transitions",
]
