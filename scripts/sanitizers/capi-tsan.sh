#!/usr/bin/env bash
# libsegue's engine thread (the C API's GL thread) under ThreadSanitizer, driven from C as hosts
# drive it; part of `scripts/test-sanitizers thread` (docs/TestSuite.md, "Under the sanitizers").
#
# The C API is tested only from C programs (Tests/Embedding), so both sides are instrumented here:
# libsegue is built with `--sanitize=thread` (SEGUE_LIBSEGUE_SANITIZER=thread: Swift's shared
# runtime, see CLI/Package.swift), and the C hosts and the compile probe are compiled with the
# toolchain's own clang and `-fsanitize=thread` (the same ThreadSanitizer runtime as Swift's; it
# needs libdispatch and BlocksRuntime beside it, and -rdynamic so the library finds its entry
# points). Each host's log is in .build-tsan-capi/capi-hosts/; a report fails its run (exit 66).
set -u
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
scratch=.build-tsan-capi
out=$scratch/capi-hosts
supp="$PWD/scripts/sanitizers"
export TSAN_OPTIONS=${TSAN_OPTIONS:-"suppressions=$supp/tsan.supp:print_suppressions=0:halt_on_error=0:second_deadlock_stack=1"}
toolchain=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")
runtime=$toolchain/../lib/swift/linux
load() { cut -d' ' -f1 /proc/loadavg; }

echo "== thread: libsegue ($scratch, load $(load))"
SEGUE_LIBSEGUE_SANITIZER=thread $SWIFT build --package-path CLI --scratch-path "$scratch" --sanitize=thread --product segue-capi 2>&1 |
    grep -v "ld.gold: warning: Cannot export local symbol" | tail -3
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "== thread: libsegue's build failed"; exit 1; }
lib=$PWD/$scratch/x86_64-unknown-linux-gnu/debug/libsegue-capi.so
rm -rf "$out" && mkdir -p "$out"
cflags=(-g -O1 -fsanitize=thread -rdynamic -Wall -Werror -ICLI/Sources/CSegue/include -ITests/Embedding)
libs=(-ldl -lpthread "-L$runtime" -ldispatch -lBlocksRuntime "-Wl,-rpath,$runtime")
for host in capi_host hardening_host threads_host; do
    "$toolchain/clang" "${cflags[@]}" -o "$out/$host" "Tests/Embedding/$host.c" "${libs[@]}" || exit 1
done
# The probe loads this same library in a child process: instrumented too, and named to the library.
"$toolchain/clang" "${cflags[@]}" -o "$out/libsegue-compile-probe" CLI/libsegue/libsegue-compile-probe.c "${libs[@]}" || exit 1
export SEGUE_LIBSEGUE_COMPILE_PROBE=$PWD/$out/libsegue-compile-probe

# Two pictures at a size no power of two (ffmpeg's test sources, raw RGBA) for the hosts that render.
W=202 H=114
for source in testsrc2 mandelbrot; do
    ffmpeg -v error -y -f lavfi -i "$source=s=${W}x$H" -frames:v 1 -f rawvideo -pix_fmt rgba "$out/$source.rgba" || exit 1
done
ffmpeg -v error -y -f lavfi -i "testsrc=s=64x48" -frames:v 1 -f rawvideo -pix_fmt rgba "$out/luma.rgba" || exit 1
glsl=$PWD/Tests/Embedding

failed=0
# NAME COMMAND...: runs one host; its time, the load and the count of reports, as the suites print them.
run() {
    local name=$1 log="$out/$1.log" start before rc reports; shift
    start=$(date +%s) before=$(load)
    "$@" >"$log" 2>&1
    rc=$?
    reports=$(grep -c "^WARNING: ThreadSanitizer:" "$log")
    echo "thread libsegue $name: exit $rc, $(( $(date +%s) - start )) s (load $before -> $(load)), $reports sanitizer reports;" \
        "$(grep -c '^ok - ' "$log") ok, $(grep -c '^not ok - ' "$log") not ok"
    [ "$rc" -eq 0 ] || failed=1
}
run capi-wipeleft "$out/capi_host" "$lib" wipeleft $W $H "$out/testsrc2.rgba" "$out/mandelbrot.rgba" "$out/wipeleft"
run capi-glsl "$out/capi_host" "$lib" "$glsl/radial_reveal.glsl" $W $H "$out/testsrc2.rgba" "$out/mandelbrot.rgba" "$out/glsl" \
    smoothness=0.3 center=0.25,0.5
run hardening-stale "$out/hardening_host" "$lib" stale
run hardening-planes "$out/hardening_host" "$lib" planes
run hardening-texture "$out/hardening_host" "$lib" texture "$glsl/luma_reveal.glsl" $W $H "$out/testsrc2.rgba" \
    "$out/mandelbrot.rgba" "$out/luma.rgba" 64 48 "$out/luma"
run hardening-descriptors "$out/hardening_host" "$lib" descriptors "$glsl/radial_reveal.glsl" 3
run threads "$out/threads_host" "$lib" "$glsl/radial_reveal.glsl"
exit $failed
