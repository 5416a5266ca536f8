"""segue.moviepy.join: a MoviePy 2 clip joined by a Segue transition renders to a video."""
from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest
from moviepy import ColorClip

import segue.moviepy

RED, BLUE = (220, 30, 30), (30, 30, 220)


def test_two_clips_joined_by_wipeleft_render_with_a_mix_in_the_middle(tmp_path):
    a = ColorClip((64, 36), color=RED, duration=1.0).with_fps(10)
    b = ColorClip((64, 36), color=BLUE, duration=1.0).with_fps(10)
    joined = segue.moviepy.join(a, b, "wipeleft", duration=0.5)
    assert joined.duration == pytest.approx(1.5)

    middle = joined.get_frame(0.75)  # the overlap's middle: progress 0.5
    assert middle.shape == (36, 64, 3)
    reference = segue.render("wipeleft", np.full((36, 64, 3), RED, np.uint8), np.full((36, 64, 3), BLUE, np.uint8), 0.5)
    assert np.array_equal(middle, reference)
    red_share = np.mean(np.all(middle == RED, axis=2))
    blue_share = np.mean(np.all(middle == BLUE, axis=2))
    assert 0.4 < red_share < 0.6 and 0.4 < blue_share < 0.6, (red_share, blue_share)

    ffmpeg = shutil.which("ffmpeg")
    assert ffmpeg, "ffmpeg is needed"
    out = tmp_path / "joined.mp4"
    joined.write_videofile(str(out), codec="libx264", audio=False, logger=None)
    frames = subprocess.run([ffmpeg, "-v", "error", "-i", str(out), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                            capture_output=True, check=True).stdout
    video = np.frombuffer(frames, dtype=np.uint8).reshape(-1, 36, 64, 3).astype(int)
    assert len(video) == 15
    first, written_middle, last = video[0], video[7], video[-1]
    assert np.abs(first - RED).mean() < 12 and np.abs(last - BLUE).mean() < 12
    assert np.abs(written_middle - RED).mean() > 40 and np.abs(written_middle - BLUE).mean() > 40
