#!/usr/bin/env python3
"""Loads a `segue gallery` page in headless Chromium and reports whether every clip plays: for
each `<video>`, its readyState, its time at two looks `--gap` seconds apart (real time, not
virtual: a clip's time follows its decoder) and its error code. A clip plays when it has data to
show (readyState >= 2), no error, and its time moved. Prints one JSON object a line; exits 1 when
any clip does not play, 2 when the page could not be checked.

    python3 scripts/gallery/check_playback.py gallery/index.html [--chromium chromium]

Chromium is driven over --remote-debugging-pipe (the DevTools protocol on fds 3 and 4), so it
needs no network port and nothing beyond Python's standard library. The window is tall enough
for every card: Chromium pauses muted autoplaying clips that are offscreen.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

PROBE = """
new Promise(resolve => {
  const look = () => [...document.querySelectorAll('video')].map(v => v.currentTime);
  const start = () => setTimeout(() => {
    const first = look();
    setTimeout(() => resolve([...document.querySelectorAll('video')].map((v, i) => ({
      src: v.getAttribute('src'), readyState: v.readyState, first: first[i], second: v.currentTime,
      error: v.error ? v.error.code : 0}))), GAP_MS);
  }, SETTLE_MS);
  if (document.readyState === 'complete') start(); else addEventListener('load', start);
})
"""


class DevTools:
    """The DevTools protocol over Chromium's pipe: NUL-terminated JSON messages."""

    def __init__(self, chromium: str, profile: str, height: int):
        to_chrome, self.writer = os.pipe()
        self.reader, from_chrome = os.pipe()

        def descriptors():  # in the child: Chromium reads fd 3 and writes fd 4
            high_in, high_out = os.dup(to_chrome), os.dup(from_chrome)
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", f"--user-data-dir={profile}",
             f"--window-size=1280,{height}", "--mute-audio", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=descriptors)
        os.close(to_chrome)
        os.close(from_chrome)
        self.buffer = b""
        self.next_id = 0

    def call(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.writer, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.reader, 65536)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def open(self, url: str) -> str:
        """Opens `url` in a new tab and waits for its document; returns the tab's session."""
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        # The new tab starts on about:blank and then navigates: wait for the page's own document
        # (an evaluation during the navigation fails with its context destroyed).
        deadline = time.monotonic() + 30
        while True:
            try:
                href = self.call("Runtime.evaluate", {"expression": "location.href", "returnByValue": True}, session)
                if href["result"].get("value") == url:
                    return session
            except RuntimeError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the page did not open within 30 s")
            time.sleep(0.1)

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description="Check that every clip of a segue gallery page plays in headless Chromium.")
    parser.add_argument("page", help="the gallery's index.html")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--gap", type=float, default=0.7, help="seconds between the two looks at each clip's time")
    parser.add_argument("--height", type=int, default=12000, help="the window's height in pixels")
    args = parser.parse_args()
    url = pathlib.Path(args.page).resolve().as_uri()
    profile = tempfile.mkdtemp(prefix="segue-chromium-")
    browser = None
    try:
        browser = DevTools(args.chromium, profile, args.height)
        session = browser.open(url)
        probe = PROBE.replace("GAP_MS", str(int(args.gap * 1000))).replace("SETTLE_MS", "1000")
        result = browser.call("Runtime.evaluate", {"expression": probe, "awaitPromise": True, "returnByValue": True}, session)
        clips = result["result"]["value"]
    except (OSError, RuntimeError, KeyError) as failure:
        print(f"check_playback: could not check {url}: {failure}", file=sys.stderr)
        return 2
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    failing = 0
    for clip in clips:
        clip["plays"] = clip["readyState"] >= 2 and clip["error"] == 0 and clip["second"] > 0 and clip["second"] != clip["first"]
        failing += not clip["plays"]
        print(json.dumps(clip))
    return 1 if failing or not clips else 0


if __name__ == "__main__":
    sys.exit(main())
