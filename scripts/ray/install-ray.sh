#!/usr/bin/env bash
# Installs Ray (from PyPI, pinned) into a virtual environment of its own, so nothing system-wide
# changes: $SEGUE_RAY_VENV, default ~/.cache/segue/ray-venv. Safe to run again: an environment
# that already has this Ray is left as it is. Needs Debian's python3-venv (scripts/install-deps.sh).
# Prints the environment's python on the last line.
set -euo pipefail

RAY_VERSION=2.60.0
venv="${SEGUE_RAY_VENV:-$HOME/.cache/segue/ray-venv}"

if ! "$venv/bin/python" -c "import ray, sys; sys.exit(ray.__version__ != '$RAY_VERSION')" 2>/dev/null; then
  echo "Installing ray==$RAY_VERSION into $venv"
  mkdir -p "$(dirname "$venv")"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "ray==$RAY_VERSION"
fi
echo "$venv/bin/python"
