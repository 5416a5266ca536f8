#!/usr/bin/env python3
"""scripts/check-api on tiny fixtures: a baseline recorded from a module's symbol graph, then the
graph changed. A removed or changed public symbol fails by name; an added one passes; a removed
one passes when a new deprecated symbol stands at its path or CHANGELOG.md lists it under
Removed; a recording run writes the baseline and fails. Run by `make check-api`."""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

CHECK_API = pathlib.Path(__file__).resolve().parent.parent.parent / "scripts" / "check-api"


def symbol(path, declaration, kind="swift.func", deprecated=False):
    """A symbol graph's symbol, as swift-symbolgraph-extract writes one (the fields read)."""
    entry = {
        "identifier": {"precise": "s:4Demo" + "".join(f"{len(p)}{p}" for p in path.split(".")), "interfaceLanguage": "swift"},
        "kind": {"identifier": kind, "displayName": kind},
        "pathComponents": path.split("."),
        "declarationFragments": [{"kind": "text", "spelling": part} for part in declaration.split(" ")[:1]]
        + [{"kind": "text", "spelling": " " + part} for part in declaration.split(" ")[1:]],
        "accessLevel": "public",
    }
    if deprecated:
        entry["availability"] = [{"domain": "*", "isUnconditionallyDeprecated": True, "message": "use `Other`"}]
    return entry


BASE = [
    symbol("Picture", "struct Picture", kind="swift.struct"),
    symbol("Picture.width", "let width: Int", kind="swift.property"),
    symbol("load(path:)", "func load(path: String) -> Picture"),
]


class CheckAPITests(unittest.TestCase):
    def setUp(self):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="check-api-"))
        self.baseline = self.folder / "baseline"
        self.changelog = self.folder / "CHANGELOG.md"
        self.changelog.write_text("# Changelog\n\n## [1.0.0]\n\n### Added\n\n- `load(path:)`\n")
        self.graph(BASE)
        recorded = self.run_check(record=True)
        self.assertNotEqual(recorded.returncode, 0, "a recording run fails on purpose")
        self.assertIn("recorded 3 public symbols", recorded.stderr)
        self.assertTrue((self.baseline / "Demo.txt").exists())

    def tearDown(self):
        shutil.rmtree(self.folder)

    def graph(self, symbols):
        graphs = self.folder / "graphs"
        graphs.mkdir(exist_ok=True)
        document = {"module": {"name": "Demo"}, "symbols": symbols, "relationships": []}
        (graphs / "Demo.symbols.json").write_text(json.dumps(document))

    def run_check(self, record=False):
        environment = dict(os.environ, SEGUE_RECORD_API="1" if record else "0")
        return subprocess.run(
            [sys.executable, str(CHECK_API), "--symbol-graphs", str(self.folder / "graphs"), "--modules", "Demo",
             "--sources", str(self.folder / "Sources"), "--baseline", str(self.baseline), "--changelog", str(self.changelog)],
            capture_output=True, text=True, env=environment)

    def test_unchanged_passes(self):
        result = self.run_check()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("3 public symbols of 1 modules", result.stdout)

    def test_added_symbol_passes(self):
        self.graph(BASE + [symbol("Picture.height", "let height: Int", kind="swift.property")])
        result = self.run_check()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("1 added", result.stdout)

    def test_removed_symbol_fails_by_name(self):
        self.graph(BASE[:1] + BASE[2:])
        result = self.run_check()
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("removed or changed: Demo: `Picture.width` (swift.property) let width: Int", result.stderr)
        self.assertIn("1 public symbol(s) of the baseline are gone", result.stderr)

    def test_changed_declaration_fails(self):
        self.graph(BASE[:2] + [symbol("load(path:)", "func load(path: String) -> Picture?")])
        result = self.run_check()
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("`load(path:)` (swift.func) func load(path: String) -> Picture\n", result.stderr)

    def test_removed_symbol_with_a_new_deprecated_alias_passes(self):
        # `Picture` renamed `Image`, with a deprecated typealias (its members go with it).
        self.graph([
            symbol("Image", "struct Image", kind="swift.struct"),
            symbol("Image.width", "let width: Int", kind="swift.property"),
            symbol("Picture", "typealias Picture = Image", kind="swift.typealias", deprecated=True),
            BASE[2],
        ])
        result = self.run_check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_an_old_deprecated_overload_excuses_nothing(self):
        with_overload = BASE + [symbol("load(path:)", "func load(path: Int) -> Picture", deprecated=True)]
        self.graph(with_overload)
        self.assertNotEqual(self.run_check(record=True).returncode, 0)
        self.graph(with_overload[:2] + with_overload[3:])  # the typed load(path:) goes, the deprecated stays
        result = self.run_check()
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("`load(path:)`", result.stderr)

    def test_removed_symbol_listed_in_the_changelog_passes(self):
        self.changelog.write_text("# Changelog\n\n## [1.0.0]\n\n### Removed\n\n- `Demo.Picture` (use `load(path:)`'s bytes)\n")
        self.graph(BASE[2:])
        result = self.run_check()
        self.assertEqual(result.returncode, 0, result.stderr)
        # Listed under another heading does not count.
        self.changelog.write_text("# Changelog\n\n## [1.0.0]\n\n### Changed\n\n- `Demo.Picture`\n")
        self.assertNotEqual(self.run_check().returncode, 0)

    def test_recording_writes_the_new_baseline_and_then_passes(self):
        self.graph(BASE[2:])
        self.assertNotEqual(self.run_check().returncode, 0)
        self.assertNotEqual(self.run_check(record=True).returncode, 0, "a recording run fails on purpose")
        self.assertEqual(self.run_check().returncode, 0)
        lines = [line for line in (self.baseline / "Demo.txt").read_text().splitlines() if not line.startswith("#")]
        self.assertEqual(lines, ["s:4Demo11load(path:)\tswift.func\tload(path:)\tfunc load(path: String) -> Picture"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
