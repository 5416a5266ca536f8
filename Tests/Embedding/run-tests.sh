#!/usr/bin/env bash
# make test-reach: Segue from where people already work, each against `segue render` ($SEGUE):
#   libsegue from a C program (dlopen; cc with no Swift on its link line), from five threads at
#   once (threads_host.c), and installed by `make install-libsegue` into a temporary PREFIX, the
#   README's C program built through pkg-config,
#   the frei0r plugin from a frei0r host written against frei0r.h alone, and from Debian's melt,
#   the Python package: the wheel of `make wheel` into a fresh venv, then pytest; `pip install ./python`;
#   the GStreamer element seguetransition (gstreamer-tests.sh).
# Frames are compared byte for byte as raw RGBA, PNGs decoded by ffmpeg (not by Segue).
set -uo pipefail
cd "$(dirname "$0")/../.."
: "${SEGUE:?set SEGUE to the segue binary}"
LIB=.build-libsegue
HERE=Tests/Embedding
VENV=$LIB/venv
VERSION=$(cat VERSION 2>/dev/null || true); VERSION=${VERSION:-1.0.0}; MAJOR=${VERSION%%.*}
unset SEGUE_LIBSEGUE_COMPILE_PROBE SEGUE_LIBRARY
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
# PREFIX_A PREFIX_B: their -0000 ... -0002.rgba frames are equal.
same_frames() { for i in 0 1 2; do cmp -s "$1-000$i.rgba" "$2-000$i.rgba" || return 1; done; }

# libsegue.so.VERSION with its soname, and the links a linker (libsegue.so) and a loader (libsegue.so.MAJOR) use.
# (Output is read whole before grep -q looks at it: under pipefail, a writer cut off by grep's early exit fails.)
[ "$(readlink $LIB/lib/libsegue.so)" = "libsegue.so.$MAJOR" ] && [ "$(readlink $LIB/lib/libsegue.so.$MAJOR)" = "libsegue.so.$VERSION" ] &&
    grep -q "SONAME.*\[libsegue.so.$MAJOR\]" <<<"$(readelf -d "$LIB/lib/libsegue.so.$VERSION")"
result $? "make libsegue stages libsegue.so.$VERSION with the soname libsegue.so.$MAJOR, and libsegue.so -> .so.$MAJOR -> .so.$VERSION"

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
cc -Wall -Werror -I$LIB/include -o "$work/names_host" $HERE/names_host.c -ldl
result $? "the names host compiles with cc against segue.h alone"
cc -Wall -Werror -I$LIB/include -o "$work/hardening_host" $HERE/hardening_host.c -ldl
result $? "the hardening host compiles with cc against segue.h alone"
cc -Wall -Werror -I$LIB/include -o "$work/threads_host" $HERE/threads_host.c -ldl -lpthread
result $? "the threads host compiles with cc against segue.h alone (cc ... -ldl -lpthread)"

# The names: libsegue's are `segue render --list`'s transitions less its view-controller scenarios,
# and each of those is refused with SEGUE_ERROR_SCENARIO; frei0r's transition help names them all.
"$SEGUE" render --list | sed -n '/^Filters for effect graphs/q; /^[^ ]/p' | cut -d' ' -f1 | sort >"$work/listed.txt"
"$work/names_host" $LIB/lib/libsegue.so "$work/names.txt" >/dev/null 2>&1
scenarios=$(comm -23 "$work/listed.txt" <(sort "$work/names.txt"))
[ -s "$work/names.txt" ] && [ -z "$(comm -13 "$work/listed.txt" <(sort "$work/names.txt"))" ] && grep -qx zoom-push <<<"$scenarios"
result $? "every name libsegue offers is in segue render --list; the rest are $(echo $scenarios | wc -w) (zoom-push among them)"
host_checks "$work/names_host" $LIB/lib/libsegue.so "$work/names.txt" $scenarios
result $? "libsegue lists its names (segue_transition_names) and refuses the scenarios as scenarios"

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
# Issue hardening-3, misuse from C and frei0r. An engine and a transition destroyed twice, then used.
host_checks "$work/hardening_host" $LIB/lib/libsegue.so stale
result $? "libsegue: a handle destroyed twice, then used, is refused with SEGUE_ERROR_ARGUMENT (no SIGSEGV)"
# segue_transition_render_planes (Y'CbCr in and out on the GPU) refuses bad calls with codes and messages.
host_checks "$work/hardening_host" $LIB/lib/libsegue.so planes
result $? "libsegue: segue_transition_render_planes renders I420 and NV12 and refuses bad formats, planes, strides and progress"
# Every load of a .glsl runs the compile probe: none may leave a descriptor open. 1000 loads through
# the probe's plumbing with a child that answers at once (/bin/true: refused as no probe, a fork and
# an exec each, so quick), and 10 through the real probe (a GL context each: about half a second).
SEGUE_LIBSEGUE_COMPILE_PROBE=/bin/true host_checks "$work/hardening_host" $LIB/lib/libsegue.so descriptors \
    "$PWD/$HERE/radial_reveal.glsl" 1000
result $? "libsegue: 1000 loads of a .glsl (a probe that answers at once) leave /proc/self/fd's count as it was"
host_checks "$work/hardening_host" $LIB/lib/libsegue.so descriptors "$PWD/$HERE/radial_reveal.glsl" 10
result $? "libsegue: 10 loads of a .glsl through the real compile probe leave /proc/self/fd's count as it was"
# A probe that blocks without computing (a script whose sleep holds the output pipe): the load ends
# with SEGUE_ERROR_BUDGET once SEGUE_COMPILE_WALL_SECONDS has passed, and the sleep is killed with it.
printf '#!/bin/sh\nsleep 600 &\necho $! >"%s"\nwait\n' "$work/sleeper.pid" >"$work/sleeping-probe"
chmod +x "$work/sleeping-probe"
# PID is gone, or a zombie left to init (a SIGKILL lands a moment after kill returns: waited for, as a state).
ended() { local i state; for i in $(seq 200); do
    state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null); [ -z "$state" ] || [ "$state" = Z ] && return 0; sleep 0.05; done; return 1; }
SEGUE_LIBSEGUE_COMPILE_PROBE=$work/sleeping-probe SEGUE_COMPILE_WALL_SECONDS=1 \
    host_checks "$work/hardening_host" $LIB/lib/libsegue.so wall-clock "$PWD/$HERE/radial_reveal.glsl" &&
    [ -s "$work/sleeper.pid" ] && ended "$(cat "$work/sleeper.pid")"
result $? "libsegue: a compile probe that sleeps is stopped at SEGUE_COMPILE_WALL_SECONDS with what it started (SEGUE_ERROR_BUDGET)"
# A .glsl with a sampler2D: loads, takes the host's pixels (segue_transition_set_texture), and renders
# what segue render does with a PNG of the same pixels (--param luma=FILE.png).
ffmpeg -v error -f lavfi -i "testsrc=s=64x48" -frames:v 1 "$work/luma.png" && raw "$work/luma.png" "$work/luma.rgba"
"$SEGUE" render --from "$work/a.png" --to "$work/b.png" --effect "$PWD/$HERE/luma_reveal.glsl" --frames 3 --size ${W}x$H \
    --out "$work/cli-luma" --quiet --param "luma=$work/luma.png"
for i in 0 1 2; do raw "$work/cli-luma/frame-000$i.png" "$work/cli-luma-000$i.rgba"; done
host_checks "$work/hardening_host" $LIB/lib/libsegue.so texture "$PWD/$HERE/luma_reveal.glsl" $W $H "$work/a.rgba" "$work/b.rgba" \
    "$work/luma.rgba" 64 48 "$work/capi-luma" && same_frames "$work/capi-luma" "$work/cli-luma"
result $? "libsegue: a .glsl with a sampler2D loads, takes a texture of the host's pixels, and equals segue render's --param luma=FILE.png"
# frei0r: a shader that does not compile is tried once per instance (the probe's runs are counted:
# one per load), and its 100 frames pass the first input through with one message.
printf '#!/bin/sh\necho run >>"%s"\nexec "%s" "$@"\n' "$work/probe-runs.txt" "$PWD/$LIB/frei0r-1/libsegue-compile-probe" \
    >"$work/counting-probe"
chmod +x "$work/counting-probe"
FREI0R_HOST_BROKEN=$PWD/$HERE/broken.glsl SEGUE_LIBSEGUE_COMPILE_PROBE=$work/counting-probe \
    host_checks "$work/frei0r_host" $LIB/frei0r-1/segue.so fade $W $H "$work/a.rgba" "$work/b.rgba" "$work/frei0r-broken" &&
    [ "$(wc -l <"$work/probe-runs.txt")" -eq 1 ]
result $? "frei0r: a .glsl that does not compile is loaded once for 100 frames ($(wc -l <"$work/probe-runs.txt" 2>/dev/null) probe runs), each the first input"
# frei0r: a sampler2D takes a PNG's path in params, and equals segue render's frames.
host_checks "$work/frei0r_host" $LIB/frei0r-1/segue.so "$PWD/$HERE/luma_reveal.glsl" $W $H "$work/a.rgba" "$work/b.rgba" \
    "$work/frei0r-luma" "luma:$work/luma.png" && same_frames "$work/frei0r-luma" "$work/cli-luma"
result $? "frei0r: a .glsl's sampler2D given a PNG in params (luma:FILE.png) equals segue render's frames"

# Several threads at once, as segue.h allows: four threads on two engines load, render (one frame and
# a batch) and destroy the first four transitions, three rounds, one also loading a .glsl through the
# probe, while a fifth makes and destroys engines; every frame equals the main thread's own, and each
# thread's segue_last_error() is its own failure's. (ThreadSanitizer runs it too: capi-tsan.sh.)
host_checks "$work/threads_host" $LIB/lib/libsegue.so "$PWD/$HERE/radial_reveal.glsl"
result $? "libsegue from five threads at once (four on two engines, one making its own) renders what one thread does; each keeps its own last error"

missing=$(while read -r name; do grep -qE "(: |, )$name(,| \()" "$work/frei0r-wipeleft-help.txt" || echo "$name"; done <"$work/names.txt")
[ -s "$work/names.txt" ] && [ -z "$missing" ] && grep -q "not the view-controller scenarios" "$work/frei0r-wipeleft-help.txt"
result $? "frei0r's transition parameter names every transition libsegue offers, and says scenarios are not ${missing:+(missing: $missing)}"

# make install-libsegue into a temporary PREFIX ($HOME/.local, HOME a temporary folder), then the
# README's C program built exactly as the README writes it (readme_c_example.py extracts it), through
# pkg-config and from the build folder, each run with nothing in its environment but PATH.
readme=$work/readme
mkdir -p "$readme/home"
ln -s "$PWD/$LIB" "$readme/$LIB"
prefix=$readme/home/.local
python3 $HERE/readme_c_example.py README.md "$readme" &&
    HOME=$readme/home REPOSITORY=$PWD bash "$readme/build.sh" >"$readme/build.log" 2>&1
status=$?
result $status "README.md's C example installs (make install-libsegue PREFIX=\$HOME/.local) and builds as written"
[ $status -eq 0 ] || sed 's/^/  | /' "$readme/build.log" | tail -20
[ -f "$prefix/lib/libsegue.so.$VERSION" ] && [ "$(readlink "$prefix/lib/libsegue.so.$MAJOR")" = "libsegue.so.$VERSION" ] &&
    [ "$(readlink "$prefix/lib/libsegue.so")" = "libsegue.so.$MAJOR" ] && [ -f "$prefix/include/segue.h" ] &&
    [ -x "$prefix/lib/segue/libsegue-compile-probe" ] && [ ! -e "$prefix/lib/libsegue-compile-probe" ] &&
    grep -qx "Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lsegue" "$prefix/lib/pkgconfig/segue.pc" &&
    grep -qx "Version: $VERSION" "$prefix/lib/pkgconfig/segue.pc" && grep -qx "prefix=$prefix" "$prefix/lib/pkgconfig/segue.pc"
result $? "installed: lib/libsegue.so.$VERSION, .so.$MAJOR, .so, include/segue.h, lib/segue/libsegue-compile-probe, segue.pc with an rpath"
grep -q '"wipeleft"' "$readme/app.c" && grep -q '"smoothness", "0.3"' "$readme/app.c" && grep -q ', 0.5, out)' "$readme/app.c"
result $? "the README's program renders wipeleft with smoothness 0.3 at 0.5 (what it is compared with below)"
"$SEGUE" render --from "$work/a.png" --to "$work/b.png" --effect wipeleft --frames 3 --size ${W}x$H \
    --out "$work/cli-readme" --quiet --param smoothness=0.3 && raw "$work/cli-readme/frame-0001.png" "$work/cli-readme.rgba"
for built in "1 pkg-config, found in \$PREFIX/lib" "2 the build folder, found by its -Wl,-rpath"; do
    (cd "$readme" && env -i PATH=/usr/bin:/bin ./app-${built%% *} $W $H "$work/a.rgba" "$work/b.rgba" "out-${built%% *}.rgba") &&
        cmp -s "$readme/out-${built%% *}.rgba" "$work/cli-readme.rgba"
    result $? "the README's program built through ${built#* } runs with env -i PATH=/usr/bin:/bin and equals segue render's frame"
done
grep -q "libsegue.so.$MAJOR => $prefix/lib/libsegue.so.$MAJOR" <<<"$(env -i PATH=/usr/bin:/bin ldd "$readme/app-1")"
result $? "the pkg-config build loads libsegue.so.$MAJOR from the PREFIX, through segue.pc's rpath"
# The installed library bounds a user's .glsl with the helper where install-libsegue put it (lib/segue/).
host_checks "$work/capi_host" "$prefix/lib/libsegue.so.$MAJOR" "$PWD/$HERE/radial_reveal.glsl" $W $H "$work/a.rgba" "$work/b.rgba" \
    "$work/installed-glsl" smoothness=0.3 center=0.25,0.5 && same_frames "$work/installed-glsl" "$work/cli-users-glsl"
result $? "the installed libsegue compiles a user's .glsl under the budget (helper in lib/segue/) and equals segue render's frames"
host_checks "$work/names_host" "$prefix/lib/libsegue.so.$MAJOR" "$work/installed-names.txt" zoom-push && cmp -s "$work/names.txt" "$work/installed-names.txt"
result $? "the installed libsegue offers the same names and refuses zoom-push as a scenario"
make -s uninstall-libsegue PREFIX="$prefix" >/dev/null 2>&1 && [ -z "$(find "$prefix" -type f -o -type l)" ]
result $? "make uninstall-libsegue PREFIX=... leaves no file of it"

# The Python package: the wheel of `make wheel`, tagged for any Python 3 on this platform, into a fresh
# venv (MoviePy 2, numpy and pytest from PyPI first, so that the wheel's own install is what is timed).
wheel=$(ls dist/segue-$VERSION-*.whl 2>/dev/null | head -1)
[ "$(basename "$wheel")" = "segue-$VERSION-py3-none-linux_$(uname -m).whl" ] &&
    grep -qx "Tag: py3-none-linux_$(uname -m)" <<<"$(python3 -c 'import sys, zipfile
print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())' "$wheel" "segue-$VERSION.dist-info/WHEEL")"
result $? "make wheel left dist/segue-$VERSION-py3-none-linux_$(uname -m).whl (not tied to one Python version) ${wheel:+($(basename "$wheel"))}"
rm -rf "$VENV"
python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet --disable-pip-version-check numpy pytest 'moviepy==2.*'
result $? "a fresh venv with numpy, pytest and MoviePy 2"
start=$EPOCHREALTIME
"$VENV/bin/pip" install --quiet --disable-pip-version-check "$wheel"
status=$?
seconds=$(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $start }")
[ $status -eq 0 ] && awk "BEGIN { exit !($seconds < 30) }"
result $? "pip install dist/$(basename "$wheel") into the fresh venv took $seconds s (under 30 s)"
py=$VENV/bin/python3

# pip install ./python, the way for hacking on the package: it runs make libsegue itself (up to date
# here) and, though pip hides a build's output without -v, shows it on the terminal (a pty here).
rm -rf "$LIB/venv-source"
python3 -m venv "$LIB/venv-source" &&
    script -qec "$LIB/venv-source/bin/pip install --disable-pip-version-check --no-deps ./python" /dev/null >"$work/pip-source.log" 2>&1 &&
    grep -q "segue: building libsegue with \`make libsegue\`" "$work/pip-source.log" && grep -q "segue: .*Compiling\|segue: .*Build of product 'segue-capi' complete" "$work/pip-source.log" &&
    [ -n "$(find "$LIB/venv-source" -path '*/site-packages/segue/lib/libsegue.so')" ]
status=$?
result $status "pip install ./python (no -v) builds libsegue with make and shows its lines on the terminal"
[ $status -eq 0 ] || tr -d '\r' <"$work/pip-source.log" | sed 's/^/  | /' | tail -20
rm -rf python/build python/segue.egg-info "$LIB/venv-source"   # pip builds in the tree; nothing of it is kept

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

# The GStreamer element (make gstreamer): its own script, its checks shown here.
host_checks env SEGUE="$SEGUE" bash $HERE/gstreamer-tests.sh
result $? "GStreamer: seguetransition against segue render, live start, errors, 100 runs (gstreamer-tests.sh)"

echo "embedding tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
