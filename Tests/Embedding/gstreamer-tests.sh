#!/usr/bin/env bash
# The GStreamer plugin (make gstreamer), run by run-tests.sh (make test-reach) or alone:
#   SEGUE=path/to/segue bash Tests/Embedding/gstreamer-tests.sh
# seguetransition's frames against `segue render`'s (PNGs decoded by ffmpeg, not by Segue): RGBA
# bit for bit, I420 and NV12 within the xfade parity bounds (compare_frames.py); a progress animated
# by GstController; a transition started at 2 s of a 4 s stream (timestamps checked); errors with
# Segue's reason; 100 runs of a pipeline in one process with its memory flat. The pipelines are not
# live (is-live=false sources, an appsink that does not sync), so they run as fast as the CPU
# allows and the start is issued at a running time, not after a wall-clock wait.
set -uo pipefail
cd "$(dirname "$0")/../.."
: "${SEGUE:?set SEGUE to the segue binary}"
LIB=.build-libsegue
HERE=Tests/Embedding
work=$(mktemp -d)
trap '[ -n "${KEEP_WORK:-}" ] && echo "kept $work" || rm -rf "$work"' EXIT
passed=0 failed=0
result() { # STATUS NAME
    if [ "$1" -eq 0 ]; then echo "ok - $2"; passed=$((passed + 1)); else echo "not ok - $2"; failed=$((failed + 1)); fi
}
export GST_PLUGIN_PATH=$PWD/$LIB/gstreamer-1.0 GST_REGISTRY=$work/registry.bin
unset SEGUE_LIBSEGUE_COMPILE_PROBE

cc -Wall -Werror -o "$work/gst_host" $HERE/gst_host.c \
    $(pkg-config --cflags --libs gstreamer-app-1.0 gstreamer-controller-1.0 gstreamer-video-1.0)
result $? "the GStreamer test application compiles (gstreamer-app, -controller, -video)"

# gst-inspect-1.0 finds the plugin in GST_PLUGIN_PATH and lists the element's pads and properties.
inspect=$(gst-inspect-1.0 seguetransition 2>&1)
for expected in "sink_%u" "transition" "params" "progress" "controllable" "duration" "start-time" '"start"' "RGBA" "I420" "NV12"; do
    grep -q -- "$expected" <<<"$inspect" || { echo "  | gst-inspect-1.0 seguetransition does not show $expected"; false; }
done
result $? "gst-inspect-1.0 seguetransition lists its pads, formats, properties and the start signal"
[ $? -eq 0 ] || sed 's/^/  | /' <<<"$inspect" | head -20

# SIZE FORMAT: a caps filter; PATTERN: a still videotestsrc (the same picture every frame: smpte100, not
# smpte, whose corner of noise changes).
caps() { echo "video/x-raw,format=$2,width=${1%x*},height=${1#*x},framerate=30/1"; }
source() { echo "videotestsrc is-live=false pattern=$1 num-buffers=$2 ! $(caps "$3" "$4")"; }
# MODE [ARGS] DIR SIZE FORMAT FRAMES PROPERTIES: two sources (smpte100 to pinwheel) through t to appsink out.
transition() {
    local mode=$1; shift
    local args=()
    case $mode in controlled) args=("$1" "$2"); shift 2 ;; start-at) args=("$1"); shift ;; esac
    local dir=$1 size=$2 format=$3 frames=$4 properties=$5
    mkdir -p "$dir"
    "$work/gst_host" "$mode" "${args[@]}" "$dir" "$(source smpte100 "$frames" "$size" "$format") ! t.sink_0 \
        $(source pinwheel "$frames" "$size" "$format") ! t.sink_1 \
        seguetransition name=t $properties ! appsink name=out sync=false"
}
# One frame of a source, raw (DIR/frame-0000.raw), and as PNG for segue render.
still() { # PATTERN SIZE FORMAT DIR
    mkdir -p "$4"
    "$work/gst_host" plain "$4" "$(source "$1" 1 "$2" "$3") ! appsink name=out sync=false"
}
png_of() { # RAW PIXFMT SIZE PNG
    ffmpeg -v error -y -f rawvideo -pix_fmt "$2" -s "$3" -i "$1" "$4"
}
rgba_of() { # FILE (raw of PIXFMT, or a PNG) PIXFMT SIZE OUT
    if [ "$2" = png ]; then ffmpeg -v error -y -i "$1" -f rawvideo -pix_fmt rgba "$4"
    else ffmpeg -v error -y -f rawvideo -pix_fmt "$2" -s "$3" -i "$1" -f rawvideo -pix_fmt rgba "$4"; fi
}

# RGBA at 0.5, bit for bit segue render's frame of the same two pictures.
S=202x114
still smpte100 $S RGBA "$work/a" && still pinwheel $S RGBA "$work/b" &&
    png_of "$work/a/frame-0000.raw" rgba $S "$work/a.png" && png_of "$work/b/frame-0000.raw" rgba $S "$work/b.png" &&
    "$SEGUE" render --from "$work/a.png" --to "$work/b.png" --effect wipeleft --frames 3 --size $S --out "$work/cli" --quiet &&
    rgba_of "$work/cli/frame-0001.png" png $S "$work/cli-half.rgba"
result $? "the two pictures (videotestsrc smpte100 and pinwheel, RGBA $S) and segue render's wipeleft of them"
transition plain "$work/rgba" $S RGBA 1 "transition=wipeleft progress=0.5" && cmp -s "$work/rgba/frame-0000.raw" "$work/cli-half.rgba"
result $? "seguetransition transition=wipeleft progress=0.5 (RGBA) equals segue render's frame at 0.5 bit for bit"

# I420 and NV12: the inputs as the element gets them, made RGBA by ffmpeg (BT.601, studio swing, as the
# caps say), through segue render; the element's output made RGBA by ffmpeg too, within the xfade bounds.
# At 202 pixels wide wipeleft's edge at 0.5 falls between columns 101 and 102, between two chroma blocks:
# a 4:2:0 output cannot hold a hard edge inside one (at 200 wide, columns 100 and 101 mix both pictures:
# 1% of the channels far off, every one of them in those two columns).
for format in I420:yuv420p NV12:nv12; do
    gst=${format%:*} ff=${format#*:}
    still smpte100 $S $gst "$work/a-$gst" && still pinwheel $S $gst "$work/b-$gst" &&
        png_of "$work/a-$gst/frame-0000.raw" $ff $S "$work/a-$gst.png" && png_of "$work/b-$gst/frame-0000.raw" $ff $S "$work/b-$gst.png" &&
        "$SEGUE" render --from "$work/a-$gst.png" --to "$work/b-$gst.png" --effect wipeleft --frames 3 --size $S \
            --out "$work/cli-$gst" --quiet && rgba_of "$work/cli-$gst/frame-0001.png" png $S "$work/cli-$gst.rgba" &&
        transition plain "$work/$gst" $S $gst 1 "transition=wipeleft progress=0.5" &&
        rgba_of "$work/$gst/frame-0000.raw" $ff $S "$work/$gst.rgba" &&
        python3 $HERE/compare_frames.py tolerance "$work/$gst.rgba" "$work/cli-$gst.rgba" | sed 's/^/  /'
    result $? "seguetransition in $gst (converted on the GPU) at 0.5 is segue render's frame within the xfade bounds"
done
# A picture the transition leaves alone (to_only.glsl shows sink_1 at any progress) comes back through
# the GPU's conversions within a code, at a width whose rows GStreamer pads (202: a stride of 204).
still pinwheel 202x114 I420 "$work/b-odd" &&
    transition plain "$work/i420-end" 202x114 I420 1 "transition=$PWD/$HERE/to_only.glsl progress=0.5" &&
    python3 - "$work/i420-end/frame-0000.raw" "$work/b-odd/frame-0000.raw" <<'PY'
import sys
a, b = (open(p, "rb").read() for p in sys.argv[1:3])
worst = max(abs(x - y) for x, y in zip(a, b))
print(f"  largest code difference {worst}")
sys.exit(len(a) != len(b) or worst > 1)
PY
result $? "I420 through the GPU's conversions (a .glsl that shows sink_1) is sink_1's codes within one"

# A progress animated by GstController, 0 at the first frame and 1 at the 30th: segue render --frames 30.
"$SEGUE" render --from "$work/a.png" --to "$work/b.png" --effect wipeleft --frames 30 --size $S --out "$work/cli30" --quiet
transition controlled 30 30 "$work/controlled" $S RGBA 30 "transition=wipeleft"
status=$?
for i in $(seq 0 29); do
    rgba_of "$work/cli30/frame-$(printf %04d $i).png" png $S "$work/cli30-$i.rgba" &&
        cmp -s "$work/controlled/frame-$(printf %04d $i).raw" "$work/cli30-$i.rgba" || { echo "  | frame $i differs"; status=1; }
done
result $status "progress controlled from 0 to 1 over 30 frames equals segue render --frames 30, frame for frame"

# Live: 4 s at 30 fps, `start` at 2 s with duration 1 s. Before 2 s sink_0, from 3 s sink_1, between
# them segue render --frames 31 in order; 120 frames with timestamps i/30 s, none dropped or repeated.
L=96x54
still smpte100 $L RGBA "$work/la" && still pinwheel $L RGBA "$work/lb" &&
    png_of "$work/la/frame-0000.raw" rgba $L "$work/la.png" && png_of "$work/lb/frame-0000.raw" rgba $L "$work/lb.png" &&
    "$SEGUE" render --from "$work/la.png" --to "$work/lb.png" --effect wipeleft --frames 31 --size $L --out "$work/cli31" --quiet &&
    transition start-at 2000000000 "$work/live" $L RGBA 120 "transition=wipeleft duration=1000000000"
status=$?
[ "$(ls "$work/live" | grep -c '^frame-')" -eq 120 ] || { echo "  | $(ls "$work/live" | grep -c '^frame-') frames, not 120"; status=1; }
python3 - "$work/live/pts.txt" <<'PY' || status=1
import sys
pts = [int(line) for line in open(sys.argv[1])]
expected = [i * 1_000_000_000 // 30 for i in range(120)]
bad = [(i, p, e) for i, (p, e) in enumerate(zip(pts, expected)) if p != e]
print(f"  {len(pts)} timestamps, first {pts[:2]}, last {pts[-1:]}; wrong: {bad[:3]}")
sys.exit(len(pts) != 120 or bool(bad))
PY
for i in $(seq 0 119); do
    frame="$work/live/frame-$(printf %04d $i).raw"
    if [ $i -lt 60 ]; then expected="$work/la/frame-0000.raw"
    elif [ $i -gt 90 ]; then expected="$work/lb/frame-0000.raw"
    else expected="$work/cli31-$((i - 60)).rgba"; [ -f "$expected" ] || rgba_of "$work/cli31/frame-$(printf %04d $((i - 60))).png" png $L "$expected"; fi
    cmp -s "$frame" "$expected" || { echo "  | frame $i ($(awk "BEGIN{printf \"%.3f\", $i/30}") s) is not what it should be"; status=1; }
done
result $status "start at 2 s, duration 1 s, 4 s at 30 fps: sink_0 before 2 s, the transition's 31 frames in order, then sink_1; 120 timestamps i/30 s"
# The same switch written on a gst-launch-1.0 line: start-time instead of the signal, the same 120 frames.
transition plain "$work/start-time" $L RGBA 120 "transition=wipeleft duration=1000000000 start-time=2000000000"
status=$?
for i in $(seq 0 119); do
    cmp -s "$work/start-time/frame-$(printf %04d $i).raw" "$work/live/frame-$(printf %04d $i).raw" || { echo "  | frame $i differs"; status=1; }
done
cmp -s "$work/start-time/pts.txt" "$work/live/pts.txt" || status=1
result $status "start-time=2000000000 (no signal) gives the same 120 frames and timestamps as start emitted at 2 s"

# Errors: posted on the bus with Segue's reason (gst-launch-1.0 exits 1, no signal), never a crash.
# EXPECTED PROPERTIES [SINK_1_SIZE] [SINK_1_FORMAT]
launch_error() {
    local expected=$1 properties=$2 size1=${3:-$S} format1=${4:-RGBA} output status
    output=$(timeout 60 gst-launch-1.0 -q $(source smpte100 5 $S RGBA) ! t.sink_0 $(source pinwheel 5 "$size1" "$format1") ! t.sink_1 \
        seguetransition name=t $properties ! fakesink 2>&1)
    status=$?
    echo "$output" | grep -m1 -iE "error|erreur" | sed 's/^/  | /'
    [ $status -eq 1 ] && grep -qF -- "$expected" <<<"$output"
}
launch_error "did you mean wipeleft" "transition=wipelfet progress=0.5"
result $? "an unknown transition name fails with Segue's suggestion (did you mean wipeleft)"
launch_error "broken.glsl" "transition=$PWD/$HERE/broken.glsl progress=0.5"
result $? "a .glsl that does not compile fails with Segue's reason, naming the file"
launch_error "there is no parameter named \`nosuch\`" "transition=wipeleft params=nosuch=1 progress=0.5"
result $? "an unknown parameter in params fails with Segue's reason"
launch_error "differ in sizes" "transition=wipeleft progress=0.5" 100x50
result $? "inputs of two sizes fail negotiation, naming both sizes"
launch_error "differ in formats" "transition=wipeleft progress=0.5" $S I420
result $? "inputs of two formats fail negotiation, naming both formats"
launch_error "zoom-push" "transition=zoom-push progress=0.5"
result $? "a view-controller scenario is refused as one"

# 100 runs of a pipeline (PLAYING to EOS to NULL, a transition loaded each time) in one process:
# its resident memory after the last run is within 8 MiB of that after the 10th.
rss=$("$work/gst_host" cycles 100 "$work" "$(source smpte100 3 64x36 RGBA) ! t.sink_0 $(source pinwheel 3 64x36 RGBA) ! t.sink_1 \
    seguetransition name=t transition=wipeleft progress=0.5 ! appsink name=out sync=false" 2>&1)
status=$?
echo "  $rss"
read -r _ tenth last <<<"$(grep '^rss' <<<"$rss")"
[ $status -eq 0 ] && [ -n "${last:-}" ] && [ $((last - tenth)) -lt 8192 ]
result $? "100 pipeline runs in one process: resident memory flat (after the 10th ${tenth:-?} KiB, after the 100th ${last:-?} KiB)"

# make install-gstreamer into GST_PLUGIN_PATH's first folder: found there by gst-inspect-1.0.
installed=$work/plugins
make -s install-gstreamer GST_PLUGIN_PATH="$installed:/nonexistent" >/dev/null 2>&1 &&
    [ -f "$installed/libgstsegue.so" ] && [ -f "$installed/libsegue.so.1" ] && [ -x "$installed/libsegue-compile-probe" ] &&
    GST_PLUGIN_PATH=$installed GST_REGISTRY=$work/installed-registry.bin gst-inspect-1.0 seguetransition >/dev/null 2>&1
result $? "make install-gstreamer puts the plugin, libsegue and its probe in GST_PLUGIN_PATH's first folder, and GStreamer finds it there"

echo "gstreamer tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
