#!/usr/bin/env bash
# Makes the Python virtual environment the edit benchmark's MoviePy variant runs in:
# MoviePy 2 from PyPI into .build/bench-venv (ignored by git, beside the build).
# `segue bench --sections edit` finds it there; without it MoviePy is skipped.
# The benchmark runs MoviePy with FFMPEG_BINARY set to the ffmpeg Segue uses, so the
# ffmpeg that imageio-ffmpeg bundles is never used.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${SEGUE_BENCH_VENV:-.build/bench-venv}"
if ! python3 -m venv --help >/dev/null 2>&1; then
    echo "bench-moviepy-setup: python3 with venv is needed (apt-get install python3-venv)" >&2
    exit 1
fi
[ -x "$VENV/bin/python3" ] || python3 -m venv "$VENV"
"$VENV/bin/python3" -m pip install --quiet --disable-pip-version-check 'moviepy==2.*'
"$VENV/bin/python3" -c 'import moviepy; print("MoviePy", moviepy.__version__, "in", "'"$VENV"'")'
