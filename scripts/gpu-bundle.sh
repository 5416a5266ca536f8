#!/usr/bin/env bash
# Packs `segue` for a Linux machine with a GPU and no Swift toolchain: a release binary with
# Swift's runtime linked in statically, and beside it the shared libraries it loads (libepoxy,
# GLFW, libpng, ... — not libc, libm, libstdc++ or libgcc_s, which every such machine has).
# The GPU's own GL and EGL (glvnd and the vendor's driver) are not packed: see README, "On a GPU".
#   bash scripts/gpu-bundle.sh [OUT.tar.xz]      (default: .build-static/segue-bundle.tar.xz)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-static/segue-bundle.tar.xz}
swift build -c release --package-path CLI --static-swift-stdlib --build-path .build-static
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/lib"
cp .build-static/release/segue "$stage/segue"
strip "$stage/segue"
ldd .build-static/release/segue | awk '$3 ~ /^\// {print $3}' | while read -r library; do
  case $(basename "$library") in
    libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|libgcc_s.so*|libstdc++.so*) ;;
    *) cp -L "$library" "$stage/lib/" ;;
  esac
done
mkdir -p "$(dirname "$out")"
tar -C "$stage" -cJf "$out" .
echo "$out: run as LD_LIBRARY_PATH=DIR/lib DIR/segue bench after unpacking into DIR"
