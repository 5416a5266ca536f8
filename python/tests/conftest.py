"""Fixtures: two test pictures, and `segue render` (the reference every frame is compared with).

SEGUE_CLI names the `segue` binary (make test-reach sets it); ffmpeg converts between PNG and
raw RGBA, so the comparison uses a decoder of its own.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import List

import numpy as np
import pytest

WIDTH, HEIGHT = 160, 90
EMBEDDING_TESTS = Path(__file__).resolve().parents[2] / "Tests" / "Embedding"


def picture(seed: int, alpha: bool) -> np.ndarray:
    """A deterministic picture: gradients, a checker and (if `alpha`) a varying alpha."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    rgba = np.empty((HEIGHT, WIDTH, 4), dtype=np.uint8)
    rgba[..., 0] = (x * 255 // (WIDTH - 1) + seed * 80) % 256
    rgba[..., 1] = (y * 255 // (HEIGHT - 1) + seed * 40) % 256
    rgba[..., 2] = np.where(((x // 10) + (y // 10)) % 2 == seed % 2, 230, 20)
    rgba[..., 3] = (128 + x * 127 // (WIDTH - 1)) if alpha else 255
    return rgba


def tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        pytest.fail(f"{name} is needed by these tests and is not on PATH")
    return found


def write_png(rgba: np.ndarray, path: Path) -> None:
    height, width = rgba.shape[:2]
    subprocess.run([tool("ffmpeg"), "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", f"{width}x{height}",
                    "-i", "-", "-frames:v", "1", "-pix_fmt", "rgba", str(path)], input=rgba.tobytes(), check=True)


def read_png(path: Path) -> np.ndarray:
    raw = subprocess.run([tool("ffmpeg"), "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         capture_output=True, check=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(HEIGHT, WIDTH, 4)


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("SEGUE_CLI") or shutil.which("segue")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("set SEGUE_CLI to the `segue` binary (make test-reach does)")
    return path


@pytest.fixture(scope="session")
def pictures(tmp_path_factory: pytest.TempPathFactory):
    """(a, b, a.png, b.png), RGBA with a varying alpha."""
    folder = tmp_path_factory.mktemp("pictures")
    a, b = picture(0, alpha=True), picture(1, alpha=True)
    write_png(a, folder / "a.png")
    write_png(b, folder / "b.png")
    return a, b, folder / "a.png", folder / "b.png"


@pytest.fixture
def cli_frames(cli, pictures, tmp_path):
    """`segue render`'s frames at progress 0, 0.5 and 1 for an effect and its --param texts."""

    def render(effect: str, params: List[str] = ()) -> List[np.ndarray]:
        out = tmp_path / "cli"
        command = [cli, "render", "--from", str(pictures[2]), "--to", str(pictures[3]), "--effect", effect,
                   "--frames", "3", "--size", f"{WIDTH}x{HEIGHT}", "--out", str(out), "--quiet"]
        for param in params:
            command += ["--param", param]
        subprocess.run(command, check=True)
        return [read_png(out / f"frame-{index:04d}.png") for index in range(3)]

    return render
