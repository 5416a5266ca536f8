#!/usr/bin/env bash
# The GStreamer element's C (CLI/gstreamer/gstseguetransition.c) under AddressSanitizer, its leak
# check and UndefinedBehaviorSanitizer; part of `scripts/test-sanitizers c`, which first builds the
# instrumented debug libsegue and its compile-probe helper in .build-csan (docs/TestSuite.md,
# "Under the sanitizers").
#
# The element is built by the toolchain's clang with the flags the rest of the project's C gets,
# against that libsegue, and driven by the tests' GStreamer application (Tests/Embedding/gst_host.c)
# built with the same flags: the sanitizers' runtime is linked into that host, which exports it to
# the plugin and the library it loads (gst-launch-1.0 and gst-inspect-1.0 carry no runtime, so they
# are not used here). GST_REGISTRY_FORK=no: the plugin is scanned in the host itself, not in
# gst-plugin-scanner, which cannot load an instrumented plugin. The pipelines are those of
# Tests/Embedding/gstreamer-tests.sh less the comparisons with a release `segue render` (make
# test-reach does those): each run must end as the test expects, and no process may report (every
# report goes to a file under .build-csan/sanitizer-logs/gstreamer through log_path).
set -u
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
scratch=$PWD/.build-csan lib=$PWD/.build-csan/debug here=$PWD/Tests/Embedding supp=$PWD/scripts/sanitizers
logs=$scratch/sanitizer-logs/gstreamer
[ -f "$lib/libsegue-capi.so" ] && [ -x "$lib/libsegue-compile-probe" ] ||
    { echo "c gstreamer: no instrumented libsegue in $lib (scripts/test-sanitizers c builds it)"; exit 1; }
load() { cut -d' ' -f1 /proc/loadavg; }
started=$SECONDS before=$(load)
clang="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/clang"
flags=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g)
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
rm -rf "$logs" && mkdir -p "$logs" "$work/plugins"
# The plugin as `make gstreamer` builds it (its warnings as errors), less -z defs: the sanitizers'
# entry points come from the host.
"$clang" "${flags[@]}" -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC -o "$work/plugins/libgstsegue.so" \
    CLI/gstreamer/gstseguetransition.c -ICLI/Sources/CSegue/include $(pkg-config --cflags --libs gstreamer-video-1.0) \
    -L"$lib" -lsegue-capi -Wl,-rpath,"$lib" || { echo "c gstreamer: the plugin does not build"; exit 1; }
"$clang" "${flags[@]}" -Wall -Werror -o "$work/gst_host" "$here/gst_host.c" \
    $(pkg-config --cflags --libs gstreamer-app-1.0 gstreamer-controller-1.0 gstreamer-video-1.0) ||
    { echo "c gstreamer: gst_host does not build"; exit 1; }
echo "== c gstreamer: built in $((SECONDS - started)) s (load $before -> $(load))"

# The system's plugins enter the registry first, scanned by gst-inspect-1.0 (not instrumented) in
# gst-plugin-scanner as usual; the host then scans only this plugin, in itself (loading every
# system plugin into an instrumented process reports their own leaks: 16 KiB from g_malloc in
# one of them, unsymbolized).
GST_REGISTRY=$work/registry.bin GST_PLUGIN_PATH= gst-inspect-1.0 >/dev/null 2>&1
export GST_PLUGIN_PATH=$work/plugins GST_REGISTRY=$work/registry.bin GST_REGISTRY_FORK=no
unset SEGUE_LIBSEGUE_COMPILE_PROBE
runs=0 bad=()
# LABEL EXPECTED_STATUS EXPECTED_TEXT MODE [ARGS] DIR PIPELINE: one gst_host run; its exit status
# must be EXPECTED_STATUS and its output hold EXPECTED_TEXT (may be empty).
host() {
    local label=$1 status=$2 text=$3 output rc; shift 3
    output=$(ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$logs/asan" UBSAN_OPTIONS="print_stacktrace=1:log_path=$logs/ubsan" \
        LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0" timeout 300 "$work/gst_host" "$@" 2>&1); rc=$?
    runs=$((runs + 1))
    if [ "$rc" -eq "$status" ] && grep -qF -- "$text" <<<"$output"; then echo "ok - c gstreamer $label"
    else echo "not ok - c gstreamer $label (exit $rc, expected $status${text:+ and \"$text\"})"; sed 's/^/  | /' <<<"$output" | tail -5; bad+=("$label"); fi
}
# FRAMES DIR: DIR holds FRAMES frames.
frames() { [ "$(find "$2" -name 'frame-*.raw' | wc -l)" -eq "$1" ] || { echo "not ok - $2 holds $(find "$2" -name 'frame-*.raw' | wc -l) frames, not $1"; bad+=("$2 frames"); }; }
caps() { echo "video/x-raw,format=$2,width=${1%x*},height=${1#*x},framerate=30/1"; }
source() { echo "videotestsrc is-live=false pattern=$1 num-buffers=$2 ! $(caps "$3" "$4")"; }
pair() { # FRAMES SIZE FORMAT [SINK_1_SIZE] [SINK_1_FORMAT]
    echo "$(source smpte100 "$1" "$2" "$3") ! t.sink_0 $(source pinwheel "$1" "${4:-$2}" "${5:-$3}") ! t.sink_1"
}
S=202x114 L=96x54
for format in RGBA I420 NV12; do
    mkdir -p "$work/$format"
    host "wipeleft 0.5 in $format" 0 "" plain "$work/$format" "$(pair 1 $S $format) seguetransition name=t transition=wipeleft progress=0.5 ! appsink name=out sync=false"
    frames 1 "$work/$format"
done
mkdir -p "$work/glsl" "$work/controlled" "$work/start-at" "$work/start-time"
host "a .glsl through the compile probe, I420" 0 "" plain "$work/glsl" \
    "$(pair 1 $S I420) seguetransition name=t transition=$here/to_only.glsl progress=0.5 ! appsink name=out sync=false"
host "progress controlled over 30 frames" 0 "" controlled 30 30 "$work/controlled" \
    "$(pair 30 $S RGBA) seguetransition name=t transition=wipeleft ! appsink name=out sync=false"
frames 30 "$work/controlled"
host "start at 2 s of a 4 s stream" 0 "" start-at 2000000000 "$work/start-at" \
    "$(pair 120 $L RGBA) seguetransition name=t transition=wipeleft duration=1000000000 ! appsink name=out sync=false"
host "start-time=2 s" 0 "" plain "$work/start-time" \
    "$(pair 120 $L RGBA) seguetransition name=t transition=wipeleft duration=1000000000 start-time=2000000000 ! appsink name=out sync=false"
frames 120 "$work/start-at"
# The signal and the property switch at the same frame: the two runs' frames are the same bytes.
for i in 0 59 60 75 90 91 119; do
    f=frame-$(printf %04d $i).raw
    cmp -s "$work/start-at/$f" "$work/start-time/$f" || { echo "not ok - c gstreamer start-at and start-time differ at frame $i"; bad+=("start $i"); }
done
# Errors posted on the bus with Segue's reason: gst_host exits 1 and prints it.
error() { # EXPECTED PROPERTIES [SINK_1_SIZE] [SINK_1_FORMAT]
    host "error: $1" 1 "$1" plain "$work" "$(pair 5 $S RGBA "${3:-}" "${4:-}") seguetransition name=t $2 ! fakesink"
}
error "did you mean wipeleft" "transition=wipelfet progress=0.5"
error "broken.glsl" "transition=$here/broken.glsl progress=0.5"
error "there is no parameter named \`nosuch\`" "transition=wipeleft params=nosuch=1 progress=0.5"
error "differ in sizes" "transition=wipeleft progress=0.5" 100x50
error "differ in formats" "transition=wipeleft progress=0.5" $S I420
error "zoom-push" "transition=zoom-push progress=0.5"
host "20 pipeline runs in one process" 0 "rss" cycles 20 "$work" \
    "$(pair 3 64x36 RGBA) seguetransition name=t transition=wipeleft progress=0.5 ! appsink name=out sync=false"

reports=$(cat "$logs"/* 2>/dev/null | grep -cE '(^==[0-9]+==ERROR: |runtime error: )')
echo "c gstreamer: $runs runs, ${#bad[@]} failed, $reports sanitizer reports ($logs), $((SECONDS - started)) s (load $before -> $(load))"
[ ${#bad[@]} -eq 0 ] && [ "$reports" -eq 0 ]
