"""segue (Python) against `segue render`: the same frames bit for bit, and clear exceptions."""
from __future__ import annotations

import subprocess

import numpy as np
import pytest

import segue

from conftest import EMBEDDING_TESTS, HEIGHT, WIDTH, picture, write_png

PROGRESS = [0.0, 0.5, 1.0]


def test_transitions_lists_the_builtins_with_their_parameters():
    listing = segue.transitions()
    assert "wipeleft" in listing and "fade" in listing and "pixel-dissolve" in listing
    assert any(line.startswith("direction: vec2") for line in listing["wipe"])


@pytest.mark.parametrize("name", ["wipeleft", "wipe", "circleopen"])
def test_render_equals_the_command_line(name, pictures, cli_frames):
    a, b = pictures[0], pictures[1]
    expected = cli_frames(name)
    for progress, reference in zip(PROGRESS, expected):
        frame = segue.render(name, a, b, progress)
        assert frame.shape == (HEIGHT, WIDTH, 4) and frame.dtype == np.uint8
        assert np.array_equal(frame, reference), f"{name} at {progress}: {np.count_nonzero(frame != reference)} bytes differ"


def test_rgb_pictures_give_rgb_frames_equal_to_the_command_lines(pictures, cli_frames):
    a, b = pictures[0].copy(), pictures[1].copy()
    a[..., 3] = b[..., 3] = 255
    rgb_a, rgb_b = a[..., :3].copy(), b[..., :3].copy()
    frame = segue.render("wipeleft", rgb_a, rgb_b, 0.5)
    assert frame.shape == (HEIGHT, WIDTH, 3)
    reference = segue.render("wipeleft", a, b, 0.5)
    assert np.array_equal(frame, reference[..., :3])


def test_a_users_glsl_with_parameters_equals_the_command_line(pictures, cli_frames):
    path = EMBEDDING_TESTS / "radial_reveal.glsl"
    expected = cli_frames(str(path), ["smoothness=0.3", "center=0.25,0.5"])
    with segue.Transition(path, WIDTH, HEIGHT, smoothness=0.3, center=(0.25, 0.5)) as transition:
        frames = transition.render_many(pictures[0], pictures[1], PROGRESS)
        assert any(line.startswith("smoothness: float = 0.3") for line in transition.parameters)
    for progress, frame, reference in zip(PROGRESS, frames, expected):
        assert np.array_equal(frame, reference), f"at {progress}"


def test_a_users_glsl_with_a_sampler2d_takes_its_texture_from_an_array(pictures, cli_frames, tmp_path):
    """A sampler2D used to make the load fail before a texture could be given (issue hardening-3)."""
    texture = np.ascontiguousarray(picture(2, alpha=False)[10:58, 20:84])
    write_png(texture, tmp_path / "luma.png")
    path = EMBEDDING_TESTS / "luma_reveal.glsl"
    expected = cli_frames(str(path), [f"luma={tmp_path / 'luma.png'}"])
    with segue.Transition(path, WIDTH, HEIGHT) as transition:
        with pytest.raises(segue.ParameterError, match="'luma' has no texture"):
            transition.render(pictures[0], pictures[1], 0.5)
        transition.set_texture("luma", texture)
        frames = transition.render_many(pictures[0], pictures[1], PROGRESS)
    for progress, frame, reference in zip(PROGRESS, frames, expected):
        assert np.array_equal(frame, reference), f"at {progress}"


def test_a_transition_keeps_its_state_over_many_frames(pictures):
    a, b = pictures[0], pictures[1]
    with segue.Transition("wipe", WIDTH, HEIGHT, direction=(0, 1)) as transition:
        batch = transition.render_many(a, b, [i / 9 for i in range(10)])
        singles = [transition.render(a, b, i / 9) for i in range(10)]
    assert batch.shape == (10, HEIGHT, WIDTH, 4)
    assert all(np.array_equal(one, many) for one, many in zip(singles, batch))
    assert not np.array_equal(batch[3], batch[6])


def listed_transitions(cli: str) -> list:
    """The transitions `segue render --list` names (every built-in; the filters that follow are not transitions)."""
    listing = subprocess.run([cli, "render", "--list"], capture_output=True, text=True, check=True).stdout
    names = []
    for line in listing.splitlines():
        if line.startswith("Filters for effect graphs"):
            break
        if line and not line.startswith(" "):
            names.append(line.split()[0])
    return names


def test_transition_names_are_the_listings_transitions_less_its_scenarios(cli, pictures):
    names = segue.transition_names()
    assert names == list(segue.transitions()) and "wipeleft" in names and "pixel-dissolve" in names
    listed = listed_transitions(cli)
    assert set(names) <= set(listed)
    scenarios = [name for name in listed if name not in names]
    assert "zoom-push" in scenarios
    for name in scenarios:
        with pytest.raises(segue.ScenarioError, match=f"'{name}' is a view-controller scenario; it is offered by "
                                                       "`segue render` and the Swift API, not here"):
            segue.render(name, pictures[0], pictures[1], 0.5)


def test_a_scenario_is_an_unknown_transition_here_with_its_own_words(pictures):
    with pytest.raises(segue.UnknownTransitionError) as raised:
        segue.Transition("zoom-push", WIDTH, HEIGHT)
    assert isinstance(raised.value, segue.ScenarioError) and raised.value.status == 8


def test_an_unknown_name_raises_with_the_nearest_name(pictures):
    with pytest.raises(segue.UnknownTransitionError, match="did you mean wipeleft"):
        segue.render("wipelef", pictures[0], pictures[1], 0.5)


@pytest.mark.parametrize("shape", [(HEIGHT, WIDTH), (HEIGHT, WIDTH, 2), (HEIGHT + 1, WIDTH, 4)])
def test_a_wrong_array_shape_raises(shape, pictures):
    with segue.Transition("fade", WIDTH, HEIGHT) as transition:
        with pytest.raises(segue.ArgumentError, match="must be 90×160×3 or ×4"):
            transition.render(np.zeros(shape, dtype=np.uint8), pictures[1], 0.5)


def test_a_wrong_dtype_raises(pictures):
    with pytest.raises(segue.ArgumentError, match="uint8"):
        segue.render("fade", pictures[0].astype(np.float32), pictures[1], 0.5)


def test_a_broken_shader_raises_with_the_drivers_message(pictures):
    with pytest.raises(segue.ShaderError, match="undeclared"):
        segue.Transition(EMBEDDING_TESTS / "broken.glsl", WIDTH, HEIGHT)


def test_a_bad_parameter_raises(pictures):
    with pytest.raises(segue.ParameterError, match="no_such"):
        segue.render("wipe", pictures[0], pictures[1], 0.5, no_such=1)
    with pytest.raises(segue.ParameterError):
        segue.render("wipe", pictures[0], pictures[1], 0.5, direction="sideways")


def test_progress_outside_0_1_raises(pictures):
    with pytest.raises(segue.ArgumentError, match="0...1"):
        segue.render("fade", pictures[0], pictures[1], 1.5)


def test_a_shader_over_the_compile_budget_raises_a_budget_error(tmp_path, monkeypatch):
    # The command line's hostile-shader case: within the static limits, yet compiled by llvmpipe for
    # minutes; the compile budget is lowered to 1 s of CPU and Mesa's cache is off, so it must overrun.
    calls = " + ".join(f"f(uv.x * {i}.37)" for i in range(1, 17))
    slow = tmp_path / "slow.glsl"
    slow.write_text("float f(float x) {\n  float a[32];\n  for (int i = 0; i < 32; i++) a[i] = float(i) * x;\n"
                    "  return a[int(fract(x) * 31.0)];\n}\nvec4 transition(vec2 uv) {\n  float s = " + calls + ";\n"
                    "  return mix(getFromColor(uv), getToColor(uv), progress) + vec4(s * 0.000001);\n}\n")
    monkeypatch.setenv("SEGUE_COMPILE_CPU_SECONDS", "1")
    monkeypatch.setenv("MESA_SHADER_CACHE_DISABLE", "true")
    with pytest.raises(segue.BudgetError, match="took more than 1 s of CPU, the compile budget"):
        segue.Transition(slow, WIDTH, HEIGHT)


def test_a_macro_bomb_is_refused_before_any_compile(tmp_path):
    depth = 20_000
    bomb = tmp_path / "bomb.glsl"
    bomb.write_text("#define A(x) x\nvec4 transition(vec2 uv) {\n  float p = " + "A(" * depth + "progress" + ")" * depth
                    + ";\n  return mix(getFromColor(uv), getToColor(uv), p);\n}\n")
    with pytest.raises(segue.ShaderError, match="expands to more than 200000 tokens"):
        segue.Transition(bomb, WIDTH, HEIGHT)
