#!/usr/bin/env bash
# The upgrade from 779ddb1 as a test: builds Tests/Upgrade/From779ddb1, seven small targets
# written against the README and DocC of commit 779ddb1 (SegueScene, SegueAnimation and
# SegueRendering imported, GL names as UInt32s, `any Responder`, names qualified by the old
# modules), against this repository by path, as a user's package would (one debug build; Segue
# is built again in the package's own .build, as for Examples/ExternalPackage). It fails on a
# build error, on any warning in the package's sources that is not a deprecation, on a
# deprecation warning that names no successor ("renamed to '…'" or "use `…`"), and when one of
# the warnings the renames must give is missing. Nothing is run. CHANGELOG.md says what each
# warning asks for.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
package="$root/Tests/Upgrade/From779ddb1"
targets="RenderTool WindowApp SceneAnimation GPUAnimator RawGL RenderJobs KeyRouting"

fail() { echo "test-upgrade: FAILED: $*" >&2; exit 1; }

# The package's own targets are compiled again on every run, so their warnings are printed every
# time (an up-to-date build prints none); Segue's modules in its .build are reused. The build plan
# is made again too: SwiftPM keeps a path dependency's old file list in it when files were added
# or removed there ("missing inputs"), and making it costs a second.
for target in $targets; do
    rm -rf "$package"/.build/*/debug/"$target".build "$package"/.build/*/debug/Modules/"$target".*
done
rm -f "$package"/.build/debug.yaml "$package"/.build/*/debug/description.json

echo "== Tests/Upgrade/From779ddb1: build against this repository"
mkdir -p "$package/.build"
log="$package/.build/test-upgrade.log"
if ! (cd "$package" && $SWIFT build 2>&1) > "$log"; then
    grep -E "error:" "$log" | grep -v '^ ' >&2 || cat "$log" >&2
    fail "the package written against 779ddb1 does not build"
fi

PACKAGE="$package" TARGETS="$targets" python3 - "$log" <<'EOF'
import os, re, sys
package = os.environ["PACKAGE"]
diagnostic = re.compile(r"^(?P<file>/\S+?\.swift):\d+:\d+: (?P<kind>error|warning): (?P<message>.*?)(?: \[#\w+\])?$")
found = {}  # (target, message) -> count
problems = []
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    match = diagnostic.match(line.rstrip("\n"))
    if not match or not match["file"].startswith(package + "/Sources/"):
        continue
    target = match["file"][len(package) + len("/Sources/"):].split("/")[0]
    message = match["message"]
    where = match["file"][len(package) + 1:]
    if match["kind"] == "error":
        problems.append(f"{where}: error: {message}")
    elif " is deprecated" not in message:
        problems.append(f"{where}: a warning that is not a deprecation: {message}")
    elif "renamed to '" not in message and "use `" not in message:
        problems.append(f"{where}: a deprecation that names no successor: {message}")
    found[(target, message)] = found.get((target, message), 0) + 1

# What the renames must say where the old spellings are used (a substring of each message).
expected = {
    "WindowApp": ["'ViewController' is deprecated: SegueScene is renamed SegueUIKit: use `import SegueUIKit`"],
    "SceneAnimation": [
        "'Window' is deprecated: SegueScene is renamed SegueUIKit: use `import SegueUIKit`",
        "'Compositor' is deprecated: SegueScene's Compositor is in SegueCompositor now: use `import SegueCompositor`",
        "'VirtualClock' is deprecated: SegueAnimation is renamed SegueTiming: use `import SegueTiming`",
        "'Spring' is deprecated: SegueAnimation is renamed SegueTiming",
    ],
    "GPUAnimator": [
        "'name' is deprecated: GL names are typed: use `name`, a `TextureName`",
        "'adoptTexture(name:width:height:)' is deprecated: GL names are typed: use `adoptTexture(name: TextureName(rawValue: name)",
    ],
    "RawGL": [
        "'genTexture()' is deprecated: GL names are typed: use `genTexture()`, a `TextureName`",
        "'bindTexture' is deprecated: GL names are typed: use `bindTexture(TextureName(rawValue: name))`",
        "'exists' is deprecated: GL names are typed: use `exists(_:)` with a typed name",
        "'framebufferName' is deprecated: GL names are typed: use `framebufferName`, a `FramebufferName`",
        "'name' is deprecated: GL names are typed: use `name`, a `ProgramName`",
        "'depthStencilName' is deprecated: GL names are typed: use `depthStencilName`, a `RenderbufferName`",
    ],
    "RenderJobs": [
        "'TransitionRenderer' is deprecated: SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs`",
        "'UnknownTransitionError' is deprecated: SegueRendering is renamed SegueRenderJobs and UnknownTransitionError is in SegueTransitions",
        "'gesture(named:)' is deprecated: a scenario carries its gesture: use `TransitionScenario.named(name)?.gesture`",
    ],
    "KeyRouting": [
        "'Responder' is deprecated: Responder is a class in SegueUIKit: use `Responder` for `any Responder`",
        "'View' is deprecated: SegueScene is renamed SegueUIKit",
        # BothImports.swift: with Segue imported too, the old names resolve to the same aliases.
        "'Compositor' is deprecated: SegueScene's Compositor is in SegueCompositor now",
    ],
}
for target, substrings in expected.items():
    for substring in substrings:
        if not any(t == target and substring in m for (t, m) in found):
            problems.append(f"{target}: no warning saying {substring!r}")
# README's own `import Segue` program used nothing that was renamed.
problems += [f"RenderTool: unexpected warning: {m}" for (t, m) in found if t == "RenderTool"]

for target in os.environ["TARGETS"].split():
    messages = sorted({m for (t, m) in found if t == target})
    print(f"{target}: {sum(found[(target, m)] for m in messages)} deprecation warnings, {len(messages)} distinct")
    for message in messages:
        print(f"    {message}")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(f"test-upgrade: FAILED: {len(problems)} problem(s)")
print("test-upgrade: the package written against 779ddb1 builds; every deprecation names its successor")
EOF
