#!/usr/bin/env bash
# Builds and tests a copy of Examples/ExternalPackage outside the repository as a user of Segue
# would, checks that it resolves no package Segue's libraries do not use, then checks the test
# kit's promises on that copy:
# a recording run (SEGUE_RECORD_GOLDENS=1) fails and writes the goldens, the next run passes,
# and a changed golden fails with an actual and a difference picture named in the message.
# The package's windowed app (card-app) is driven under an Xvfb of its tests' own: where Xvfb,
# xdotool and xwd are installed (`make test` installs them) those tests must run; elsewhere they
# are skipped, and this says so.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
package="$root/Examples/ExternalPackage"
goldens=Tests/CardTransitionsTests/Goldens
unset SEGUE_RECORD_GOLDENS SEGUE_SNAPSHOT_ARTIFACTS

fail() { echo "test-external: FAILED: $*" >&2; exit 1; }

window_tools_missing=""
for tool in Xvfb xdotool xwd; do command -v "$tool" >/dev/null || window_tools_missing+=" $tool"; done
if [ -n "$window_tools_missing" ]; then
    echo "test-external: skipping card-app's window tests:$window_tools_missing not installed (make test installs them)"
fi

# The package is tested where a user keeps one: a copy outside this repository, its Segue
# dependency pointed here by absolute path, built and tested with plain `swift build` and
# `swift test` (no segue-compile-probe built, none on PATH, no SEGUE_COMPILE_PROBE: a user's
# `.glsl` is compiled under the budget by the test program itself, started again as its child).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copy="$work/ExternalPackage"
mkdir "$copy"
tar -C "$package" --exclude=./.build --exclude=./out -cf - . | tar -C "$copy" -xf -
sed -i "s|path: \"../..\"|path: \"$root\"|" "$copy/Package.swift"
grep -q "path: \"$root\"" "$copy/Package.swift" || fail "could not point the copy at $root"
unset SEGUE_COMPILE_PROBE
if command -v segue-compile-probe >/dev/null; then
    fail "segue-compile-probe is on PATH ($(command -v segue-compile-probe)): a user's run has none"
fi

echo "== ExternalPackage (a copy in $work): build and test against the committed goldens, the card app headless and in a window"
(cd "$copy" && $SWIFT build --build-tests && $SWIFT test 2>&1 | tee "$work/test-external.log")
# The window suite must have run where its tools are (a disabled suite would pass silently).
if [ -z "$window_tools_missing" ]; then
    grep -q 'Suite "Card app in a window (Xvfb, xdotool, xwd)" passed' "$work/test-external.log" \
        || fail "card-app's window tests did not run"
fi
grep -q 'Suite "A user'"'"'s .glsl under the compile budget" passed' "$work/test-external.log" \
    || fail "the user's .glsl tests did not pass"
[ -z "$(find "$copy/.build" -name segue-compile-probe -type f)" ] || fail "the build made a segue-compile-probe"

echo "== ExternalPackage: dependencies"
# The repository itself (its folder's name is its identity) and swift-log, nothing else: the
# app's host (SegueAppHost, GLFW through pkg-config) pulls in no package either.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
dependencies=$(cd "$copy" && $SWIFT package show-dependencies --format flatlist)
echo "$dependencies"
extra=$(echo "$dependencies" | grep -v -x -e "$identity" -e swift-log || true)
[ -z "$extra" ] || fail "resolves packages Segue's libraries do not use: $extra"

# The same copy checks the test kit: the card app's tests ran above.
committed=$(ls "$package/$goldens" | wc -l)
rm -rf "${copy:?}/$goldens"

echo "== copy: a recording run fails and writes the goldens"
if (cd "$copy" && SEGUE_RECORD_GOLDENS=1 $SWIFT test --skip CardAppTests > "$work/record.log" 2>&1); then
    cat "$work/record.log"; fail "the recording run passed"
fi
recorded=$(ls "$copy/$goldens" 2>/dev/null | wc -l)
[ "$recorded" -eq "$committed" ] || fail "recorded $recorded goldens, the package commits $committed"
grep -q "recorded golden" "$work/record.log" || fail "the recording run did not say what it recorded"

echo "== copy: the next run passes"
(cd "$copy" && $SWIFT test --skip CardAppTests > "$work/pass.log" 2>&1) || { cat "$work/pass.log"; fail "the run after recording failed"; }

echo "== copy: a changed golden fails with an actual and a difference picture"
cp "$copy/$goldens/corner-reveal-0.png" "$copy/$goldens/corner-reveal-4.png"
artifacts="$work/artifacts"
if (cd "$copy" && SEGUE_SNAPSHOT_ARTIFACTS="$artifacts" $SWIFT test --skip CardAppTests > "$work/changed.log" 2>&1); then
    cat "$work/changed.log"; fail "the run with a changed golden passed"
fi
for picture in corner-reveal-4.actual.png corner-reveal-4.diff.png; do
    [ -s "$artifacts/$picture" ] || fail "no $picture was written"
    grep -q "$artifacts/$picture" "$work/changed.log" || fail "the failure does not name $artifacts/$picture"
done
# The guide "Writing an animator" (SegueUIKit's DocC catalog) shows the code of
# Examples/AnimatorGuide, which is built and tested here as a user's package too: the guide and
# the package first agree line for line (scripts/check-animator-guide), then a copy beside the
# one above is built in that copy's scratch path, so Segue's modules compiled for it are reused
# rather than built again, and its tests run the guide's transition on a headless window.
echo "== AnimatorGuide (the code of the guide \"Writing an animator\"): the guide shows the package's code; build and test a copy"
python3 "$root/scripts/check-animator-guide" || fail "the guide and Examples/AnimatorGuide differ"
guide_copy="$work/AnimatorGuide"
mkdir "$guide_copy"
tar -C "$root/Examples/AnimatorGuide" --exclude=./.build -cf - . | tar -C "$guide_copy" -xf -
sed -i "s|path: \"../..\"|path: \"$root\"|" "$guide_copy/Package.swift"
grep -q "path: \"$root\"" "$guide_copy/Package.swift" || fail "could not point the guide's copy at $root"
started=$(date +%s)
(cd "$guide_copy" && $SWIFT build --build-tests --scratch-path "$copy/.build" && $SWIFT test --scratch-path "$copy/.build" 2>&1 | tee "$work/animator-guide.log")
echo "AnimatorGuide: built and tested in $(( $(date +%s) - started )) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
grep -q 'Suite "Writing an animator: the sheet (headless GL)" passed' "$work/animator-guide.log" \
    || fail "the guide's tests did not pass"
echo "test-external: all passed"
