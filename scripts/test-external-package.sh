#!/usr/bin/env bash
# Builds and tests Examples/ExternalPackage as a user of Segue would, checks that it resolves no
# package Segue's libraries do not use, then checks the test kit's promises on a copy of it:
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

echo "== ExternalPackage: build and test against the committed goldens, the card app headless and in a window"
# segue-compile-probe, Segue's executable product, is the child a user's `.glsl` is first compiled
# in under the compile budget: built beside the tests, as a user's program would have it beside it.
(cd "$package" && $SWIFT build --build-tests && $SWIFT build --product segue-compile-probe \
    && $SWIFT test 2>&1 | tee "$package/.build/test-external.log")
# The window suite must have run where its tools are (a disabled suite would pass silently).
if [ -z "$window_tools_missing" ]; then
    grep -q 'Suite "Card app in a window (Xvfb, xdotool, xwd)" passed' "$package/.build/test-external.log" \
        || fail "card-app's window tests did not run"
fi

echo "== ExternalPackage: dependencies"
# The repository itself (its folder's name is its identity) and swift-log, nothing else: the
# app's host (SegueAppHost, GLFW through pkg-config) pulls in no package either.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
dependencies=$(cd "$package" && $SWIFT package show-dependencies --format flatlist)
echo "$dependencies"
extra=$(echo "$dependencies" | grep -v -x -e "$identity" -e swift-log || true)
[ -z "$extra" ] || fail "resolves packages Segue's libraries do not use: $extra"

# The copy checks the test kit only: the card app's tests ran above.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copy="$work/ExternalPackage"
mkdir "$copy"
tar -C "$package" --exclude=./.build --exclude=./out -cf - . | tar -C "$copy" -xf -
# The copy lives elsewhere: point its dependency at this repository by absolute path.
sed -i "s|path: \"../..\"|path: \"$root\"|" "$copy/Package.swift"
grep -q "path: \"$root\"" "$copy/Package.swift" || fail "could not point the copy at $root"
committed=$(ls "$package/$goldens" | wc -l)
rm -rf "${copy:?}/$goldens"

echo "== copy: a recording run fails and writes the goldens"
(cd "$copy" && $SWIFT build --build-tests && $SWIFT build --product segue-compile-probe)
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
echo "test-external: all passed"
