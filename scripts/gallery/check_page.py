#!/usr/bin/env python3
"""Loads a `segue gallery` page in headless Chromium and reports what a video maker's clicks do:
the cards (their clip, family and edit-spec entry), which stay shown after typing `--search` into
the search box, and whether a click on a clip shows it larger and a second click puts it back.
Prints one JSON object; exits 2 when the page could not be checked.

    python3 scripts/gallery/check_page.py gallery/index.html --search "wipe left" [--chromium chromium]

Driven over Chromium's DevTools pipe as check_playback.py is (its `DevTools` class).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from check_playback import DevTools  # noqa: E402

PROBE = """
new Promise(resolve => {
  const cards = () => [...document.querySelectorAll('figure')].map(f => ({
    clip: f.id, family: f.closest('section').querySelector('h2').textContent,
    snippet: f.querySelector('.snippet code').textContent, copy: !!f.querySelector('.snippet button.copy'),
    shown: !f.hidden && !f.closest('section').hidden}));
  const run = () => {
    const before = cards();
    const search = document.getElementById('search');
    search.value = QUERY;
    search.dispatchEvent(new Event('input'));
    const after = cards().filter(c => c.shown).map(c => c.clip);
    const noneShown = !document.getElementById('none').hidden;
    search.value = '';
    search.dispatchEvent(new Event('input'));
    const video = document.querySelector('video');
    video.click();
    const larger = video.closest('figure').classList.contains('large') && video.getBoundingClientRect().width;
    video.click();
    const back = !video.closest('figure').classList.contains('large') && video.getBoundingClientRect().width;
    resolve({cards: before, shownAfterSearch: after, noneMessage: noneShown, largerWidth: larger, normalWidth: back,
             allShownAgain: cards().every(c => c.shown)});
  };
  if (document.readyState === 'complete') run(); else addEventListener('load', run);
})
"""


def main() -> int:
    parser = argparse.ArgumentParser(description="Check a segue gallery page's search, snippets and larger clips in headless Chromium.")
    parser.add_argument("page", help="the gallery's index.html")
    parser.add_argument("--search", required=True, help="what to type into the search box")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    args = parser.parse_args()
    url = pathlib.Path(args.page).resolve().as_uri()
    profile = tempfile.mkdtemp(prefix="segue-chromium-")
    browser = None
    try:
        browser = DevTools(args.chromium, profile, 2000)
        session = browser.open(url)
        probe = PROBE.replace("QUERY", json.dumps(args.search))
        result = browser.call("Runtime.evaluate", {"expression": probe, "awaitPromise": True, "returnByValue": True}, session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"the page's script failed: {result['exceptionDetails']}")
        report = result["result"]["value"]
    except (OSError, RuntimeError, KeyError) as failure:
        print(f"check_page: could not check {url}: {failure}", file=sys.stderr)
        return 2
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
