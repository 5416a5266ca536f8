#!/usr/bin/env bash
# make test-reach: Segue from where people already work, each against `segue render` ($SEGUE):
#   libsegue from a C program (dlopen; cc with no Swift on its link line),
#   the frei0r plugin from a frei0r host written against frei0r.h alone, and from Debian's melt,
#   the Python package, `pip install ./python` into a fresh venv, then pytest.
# Frames are compared byte for byte as raw RGBA, PNGs decoded by ffmpeg (not by Segue).
set -uo pipefail
cd "$(dirname "$0")/../.."
: "${SEGUE:?set SEGUE to the segue binary}"
LIB=.build-libsegue
HERE=Tests/Embedding
VENV=$LIB/venv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

result() { # STATUS NAME
    if [ "$1" -eq 0 ]; then echo "ok - $2"; passed=$((passed + 1)); else echo "not ok - $2"; failed=$((failed + 1)); fi
}
# Runs a host whose own "ok"/"not ok" lines count as checks.
host_checks() {
    local output status
    output=$("$@" 2>&1); status=$?
    echo "$output" | grep -E '^(ok|not ok) - ' | sed 's/^/  /'
    echo "$output" | grep -vE '^(ok|not ok) - ' | sed 's/^/  | /'
    return $status
}
raw() { ffmpeg -v error -y -i "$1" -f rawvideo -pix_fmt rgba "$2"; }

# Linked as a C host needs: no Swift library among the needed ones, only segue_* / f0r_* exported.
for so in $LIB/lib/libsegue.so $LIB/frei0r-1/segue.so; do
    needed=$(readelf -d "$so" | grep NEEDED)
    ! echo "$needed" | grep -Eiq 'swift|foundation|dispatch|BlocksRuntime|icu'
    result $? "$(basename "$so") needs no Swift runtime library ($(echo "$needed" | sed 's/.*\[\(.*\)\]/\1/' | tr '\n' ' '))"
    exported=$(nm -D --defined-only "$so" | awk '$2 ~ /[TDBRW]/ {print $3}' | grep -Ev '^(segue_|f0r_|_init$|_fini$)')
    [ -z "$exported" ]
    result $? "$(basename "$so") exports only segue_* and f0r_* ${exported:+(also: $(echo $exported | head -c 200))}"
done

# Two pictures (ffmpeg's test sources) at a size no power of two, as PNG for segue render and raw RGBA for the hosts.
W=202 H=114
ffmpeg -v error -f lavfi -i "testsrc2=s=${W}x$H" -frames:v 1 "$work/a.png"
ffmpeg -v error -f lavfi -i "mandelbrot=s=${W}x$H" -frames:v 1 "$work/b.png"
raw "$work/a.png" "$work/a.rgba"
raw "$work/b.png" "$work/b.rgba"

cc -Wall -Werror -I$LIB/include -o "$work/capi_host" $HERE/capi_host.c -ldl
result $? "the C host compiles with cc against segue.h alone (cc ... -ldl)"
cc -Wall -Werror -o "$work/frei0r_host" $HERE/frei0r_host.c -ldl
result $? "the frei0r host compiles against frei0r.h alone"

# NAME LABEL [PARAM...]: segue render's frames at 0, 0.5, 1; the C API's and frei0r's, compared.
compare_hosts() {
    local name=$1 label=$2; shift 2
    local cli_params=() settings="$*"
    for param in "$@"; do cli_params+=(--param "$param"); done
    "$SEGUE" render --from "$work/a.png" --to "$work/b.png" --effect "$name" --frames 3 --size ${W}x$H \
        --out "$work/cli-$label" --quiet "${cli_params[@]}"
    for i in 0 1 2; do raw "$work/cli-$label/frame-000$i.png" "$work/cli-$label-000$i.rgba"; done
    host_checks "$work/capi_host" $LIB/lib/libsegue.so "$name" $W $H "$work/a.rgba" "$work/b.rgba" "$work/capi-$label" "$@"
    result $? "libsegue from C: $label loads, renders, and refuses bad calls with codes"
    host_checks "$work/frei0r_host" $LIB/frei0r-1/segue.so "$name" $W $H "$work/a.rgba" "$work/b.rgba" "$work/frei0r-$label" "$settings"
    result $? "frei0r host: segue.so is a mixer2 with transition/progress/params for $label"
    for i in 0 1 2; do
        progress=$(echo "0 0.5 1" | cut -d' ' -f$((i + 1)))
        cmp -s "$work/capi-$label-000$i.rgba" "$work/cli-$label-000$i.rgba"
        result $? "libsegue's $label at $progress equals segue render's"
        cmp -s "$work/frei0r-$label-000$i.rgba" "$work/cli-$label-000$i.rgba"
        result $? "frei0r f0r_update2's $label at $progress equals segue render's"
    done
}
compare_hosts wipeleft wipeleft
compare_hosts "$PWD/$HERE/radial_reveal.glsl" users-glsl smoothness=0.3 center=0.25,0.5

# The Python package in a fresh venv (MoviePy 2, numpy and pytest from PyPI).
rm -rf "$VENV"
python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet --disable-pip-version-check numpy pytest 'moviepy==2.*' &&
    SEGUE_LIBSEGUE_DIR=$PWD/$LIB/lib "$VENV/bin/pip" install --quiet --disable-pip-version-check ./python
result $? "pip install ./python in a fresh venv"
rm -rf python/build python/segue.egg-info   # pip builds in the tree; nothing of it is kept
py=$VENV/bin/python3

# The same frame from the four ways in: segue render, libsegue, frei0r and Python.
"$py" - "$work" $W $H <<'PY'
import sys, numpy as np, segue
work, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
a, b = (np.fromfile(f"{work}/{n}.rgba", np.uint8).reshape(h, w, 4) for n in "ab")
segue.render("wipeleft", a, b, 0.5).tofile(f"{work}/python-wipeleft-0001.rgba")
PY
cmp -s "$work/python-wipeleft-0001.rgba" "$work/cli-wipeleft-0001.rgba" &&
    cmp -s "$work/python-wipeleft-0001.rgba" "$work/capi-wipeleft-0001.rgba" &&
    cmp -s "$work/python-wipeleft-0001.rgba" "$work/frei0r-wipeleft-0001.rgba"
result $? "wipeleft at 0.5: segue render, libsegue, frei0r and Python give the same bytes"

# melt: two 2-second clips, frei0r.segue as the mix's transition, progress keyframed over the 25-frame overlap.
ffmpeg -v error -f lavfi -i "color=c=0xDC1E1E:s=320x180:r=25:d=2" -pix_fmt yuv420p "$work/red.mp4"
ffmpeg -v error -f lavfi -i "color=c=0x1E1EDC:s=320x180:r=25:d=2" -pix_fmt yuv420p "$work/blue.mp4"
FREI0R_PATH=$PWD/$LIB/frei0r-1 melt -quiet "$work/red.mp4" "$work/blue.mp4" -mix 25 -mixer frei0r.segue \
    transition=wipeleft "progress=0=0;24=1" -consumer "avformat:$work/melt.mp4" vcodec=libx264 an=1 \
    >"$work/melt.log" 2>&1
status=$?
result $status "melt renders red.mp4 and blue.mp4 mixed by frei0r.segue to an MP4"
[ $status -eq 0 ] || sed 's/^/  | /' "$work/melt.log" | tail -20
ffmpeg -v error -i "$work/melt.mp4" -f rawvideo -pix_fmt rgb24 "$work/melt.rgb"
"$py" - "$work/melt.rgb" <<'PY'
import sys, numpy as np
video = np.fromfile(sys.argv[1], np.uint8).reshape(-1, 180, 320, 3).astype(int)
red, blue = np.array([220, 30, 30]), np.array([30, 30, 220])
near = lambda frame, colour: np.mean(np.abs(frame - colour).sum(axis=2) < 60)
middle = video[25 + 12]  # the overlap is frames 25...49; progress 0.5 at its 13th
print(f"  frames {len(video)}; middle frame: {near(middle, red):.2f} red, {near(middle, blue):.2f} blue")
assert len(video) == 75, len(video)
assert near(video[10], red) > 0.95 and near(video[60], blue) > 0.95
assert 0.35 < near(middle, red) < 0.65 and 0.35 < near(middle, blue) < 0.65, "the middle frame is not a wipe of both"
PY
result $? "melt's middle frame of the overlap is half red, half blue (a wipe, not one of the inputs)"

# The transition's own parameters through MLT, written name:value (MLT reads '=' as keyframes):
# wipe with direction 0,1 splits the middle frame into a top and a bottom half, not a left and a right.
FREI0R_PATH=$PWD/$LIB/frei0r-1 melt -quiet "$work/red.mp4" "$work/blue.mp4" -mix 25 -mixer frei0r.segue \
    transition=wipe params="direction:0,1 smoothness:0" "progress=0=0;24=1" \
    -consumer "avformat:$work/melt-up.mp4" vcodec=libx264 an=1 >"$work/melt-up.log" 2>&1 &&
    ffmpeg -v error -i "$work/melt-up.mp4" -f rawvideo -pix_fmt rgb24 "$work/melt-up.rgb" &&
    "$py" - "$work/melt-up.rgb" <<'PY'
import sys, numpy as np
middle = np.fromfile(sys.argv[1], np.uint8).reshape(-1, 180, 320, 3).astype(int)[37]
red = lambda part: np.mean(np.abs(part - [220, 30, 30]).sum(axis=2) < 60)
top, bottom, left, right = red(middle[:80]), red(middle[100:]), red(middle[:, :150]), red(middle[:, 170:])
print(f"  middle frame red share: top {top:.2f}, bottom {bottom:.2f}, left {left:.2f}, right {right:.2f}")
assert abs(top - bottom) > 0.9 and abs(left - right) < 0.1
PY
status=$?
result $status "melt passes params=\"direction:0,1 smoothness:0\" to the transition (a vertical wipe)"
[ $status -eq 0 ] || sed 's/^/  | /' "$work/melt-up.log" | tail -20

SEGUE_CLI="$SEGUE" FFMPEG_BINARY=$(command -v ffmpeg) "$py" -m pytest -p no:cacheprovider python/tests
result $? "pytest python/tests"

echo "embedding tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
