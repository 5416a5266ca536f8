#!/usr/bin/env bash
# Installs the ffmpeg the xfade parity tests compare every one of xfade's 58 transitions with:
# the static ffmpeg (9.0) inside PyPI's imageio-ffmpeg wheel, pinned, in a virtual environment
# of its own ($SEGUE_REFERENCE_FFMPEG_VENV, default .build/reference-ffmpeg-venv in the
# repository), linked as its bin/ffmpeg. A test reference only: nothing Segue runs uses it, and
# nothing system-wide changes. Safe to run again: an environment that already has this version
# is left as it is. Needs Debian's python3-venv (scripts/install-deps.sh).
# Prints the ffmpeg's path on the last line.
set -euo pipefail

IMAGEIO_FFMPEG_VERSION=0.8.1
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="${SEGUE_REFERENCE_FFMPEG_VENV:-$root/.build/reference-ffmpeg-venv}"

if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('imageio-ffmpeg') != '$IMAGEIO_FFMPEG_VERSION')" 2>/dev/null \
   || [ ! -x "$venv/bin/ffmpeg" ]; then
  echo "Installing imageio-ffmpeg==$IMAGEIO_FFMPEG_VERSION (a static ffmpeg) into $venv"
  mkdir -p "$(dirname "$venv")"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "imageio-ffmpeg==$IMAGEIO_FFMPEG_VERSION"
  binary="$(env -u IMAGEIO_FFMPEG_EXE "$venv/bin/python" -c 'import imageio_ffmpeg; print(imageio_ffmpeg.get_ffmpeg_exe())')"
  ln -sf "$binary" "$venv/bin/ffmpeg"
fi
echo "$venv/bin/ffmpeg"
