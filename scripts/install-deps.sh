#!/usr/bin/env bash
# Installs the Debian packages Segue needs, only those missing. Used by `make demo` and
# `make test`; safe to run again. Needs root or sudo when something is missing.
set -euo pipefail

packages=(
  pkg-config          # finds the C libraries for SwiftPM
  libepoxy-dev        # GL and EGL entry points
  libglfw3-dev        # windows and input (X11)
  libpng-dev          # PNG in and out
  libfreetype-dev libharfbuzz-dev libfontconfig-dev  # text: rasterising, shaping, finding fonts
  fonts-dejavu-core   # the default font (DejaVu Sans)
  libturbojpeg0-dev   # JPEG pictures
  libjpeg-dev         # JPEG pictures a strip of rows at a time (libjpeg-turbo's libjpeg API)
  libwebp-dev         # WebP pictures
  libexif-dev         # the EXIF orientation of phone photos
  liblcms2-dev        # photos' ICC profiles converted to sRGB (Little CMS)
  libheif-dev         # HEIC and AVIF photos
  frei0r-plugins-dev  # frei0r.h: the frei0r plugin and the benchmark's frei0r host (built by `make release`)
  libegl1 libegl-mesa0 libgl1 libgl1-mesa-dri  # headless EGL + desktop GL on Mesa (llvmpipe)
  "$@"
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "Installing missing packages: ${missing[*]}"
  if [[ $(id -u) -eq 0 ]]; then sudo=(); elif command -v sudo >/dev/null; then sudo=(sudo); else
    echo "error: these packages are missing and neither root nor sudo is available: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v swift >/dev/null; then
  echo "error: no Swift toolchain on PATH. Segue needs Swift 6.0 or later (https://www.swift.org/install/linux/)." >&2
  exit 1
fi
