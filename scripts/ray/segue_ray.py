#!/usr/bin/env python3
"""Renders one `segue edit` spec on a Ray cluster: the edit's frames are split into chunks, each
chunk is a Ray task running `segue edit SPEC --frames A..B --out chunk_i.EXT`, and `segue join`
puts the chunks together into --out. Every chunk's frames are bit-identical to the same frames
of a whole render (see `segue edit --frames`), so the joined video is the whole edit.

    segue_ray.py edit.json --out edit.mp4 --segue .build/release/segue --chunks 8 [--address HOST:PORT]

Without --address (or RAY_ADDRESS) a Ray instance is started for this run alone, bound to 127.0.0.1, without a
dashboard and with a small object store. With --address the tasks run on an existing cluster:
the spec, its media, the segue binary and the output's folder must then be at the same paths on
every node (a shared volume). The output appears whole or not at all: the chunks go to a hidden
folder beside it, and `segue join` writes the video under a hidden name and moves it into place.
A failed chunk fails the run with that chunk's stderr. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

try:
    import ray
except ImportError:  # a message, not a traceback: the usual cause is a missing venv
    sys.exit("segue_ray: the 'ray' package is not importable; run scripts/ray/install-ray.sh and use its python")


class RenderFailed(Exception):
    """A step of the run failed; the message says which and includes its stderr."""


def plan(segue: str, spec: str) -> dict:
    """The edit's plan as `segue edit SPEC --plan json` prints it (frames, fps, seconds, ...)."""
    result = subprocess.run([segue, "edit", spec, "--plan", "json"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RenderFailed(f"segue edit --plan failed (exit {result.returncode}):\n{result.stderr.strip()}")
    return json.loads(result.stdout)


def chunk_ranges(total: int, chunks: int | None, chunk_frames: int | None) -> list[tuple[int, int]]:
    """Spans tiling 0..total: N near-equal ones (the same split as `segue edit --chunk I/N`), or
    spans of chunk_frames frames with a shorter last one."""
    if chunk_frames is not None:
        return [(lower, min(lower + chunk_frames, total)) for lower in range(0, total, chunk_frames)]
    count = min(chunks or 1, total)
    return [(total * index // count, total * (index + 1) // count) for index in range(count)]


@ray.remote(num_cpus=1, max_retries=0)
def render_chunk(segue: str, spec: str, lower: int, upper: int, path: str, options: list[str]) -> dict:
    """One Ray task: frames lower..upper of the edit into `path`. Returns its stats, or its stderr
    when segue failed (not an exception, so the driver can report it without Ray's traceback)."""
    start = time.monotonic()
    result = subprocess.run([segue, "edit", spec, "--frames", f"{lower}..{upper}", "--out", path, "--quiet"] + options,
                            capture_output=True, text=True)
    stats = {"path": path, "lower": lower, "upper": upper, "seconds": time.monotonic() - start,
             "status": result.returncode, "stderr": result.stderr, "node": socket.gethostname()}
    if result.returncode == 0:
        stats["bytes"] = os.path.getsize(path)
    return stats


def run(args: argparse.Namespace) -> None:
    segue = os.path.abspath(args.segue)
    spec = os.path.abspath(args.spec)
    out = os.path.abspath(args.out)
    extension = os.path.splitext(out)[1].lower()
    if extension not in (".mp4", ".webm"):
        raise RenderFailed(f"--out must be a .mp4 or .webm file (chunks are joined without re-encoding), not '{args.out}'")
    edit = plan(segue, spec)
    ranges = chunk_ranges(edit["frames"], args.chunks, args.chunk_frames)
    say(f"segue_ray: {edit['frames']} frames ({edit['seconds']:.2f} s at {edit['fps']} fps, {edit['width']}x{edit['height']}) "
        f"in {len(ranges)} chunks")
    options = (["--crf", str(args.crf)] if args.crf is not None else []) + (["--fast"] if args.fast else [])

    if args.address:
        ray.init(address=args.address, logging_level="warning", log_to_driver=False)
    else:
        # A Ray of this run's own: loopback only, no dashboard, a small object store (the tasks
        # pass file names, not frames).
        ray.init(num_cpus=args.num_cpus or os.cpu_count(), include_dashboard=False, _node_ip_address="127.0.0.1",
                 object_store_memory=80 * 1024 * 1024, logging_level="warning", log_to_driver=False)
    # Chunks beside the output (the same file system, so the join reads them where they were made).
    work = tempfile.mkdtemp(prefix=".segue-ray-", dir=os.path.dirname(out))
    try:
        started = time.monotonic()
        paths = [os.path.join(work, f"chunk_{index:04d}{extension}") for index in range(len(ranges))]
        pending = {render_chunk.remote(segue, spec, lower, upper, path, options): index
                   for index, ((lower, upper), path) in enumerate(zip(ranges, paths))}
        done = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            index = pending.pop(ready[0])
            stats = ray.get(ready[0])
            if stats["status"] != 0:
                for other in pending:
                    ray.cancel(other, force=True)
                raise RenderFailed(f"chunk {index} (frames {stats['lower']}..{stats['upper']}) failed with exit "
                                   f"{stats['status']} on {stats['node']}:\n{stats['stderr'].strip()}")
            done += 1
            say(f"segue_ray: chunk {index} (frames {stats['lower']}..{stats['upper']}) done in {stats['seconds']:.1f} s "
                f"on {stats['node']}, {stats['bytes']} bytes [{done}/{len(ranges)}]")
        joined = subprocess.run([segue, "join", *paths, "--out", out, "--quiet"], capture_output=True, text=True)
        if joined.returncode != 0:
            raise RenderFailed(f"segue join failed (exit {joined.returncode}):\n{joined.stderr.strip()}")
        say(f"segue_ray: joined {len(paths)} chunks into {out} in {time.monotonic() - started:.1f} s")
        print(json.dumps({"out": out, "frames": edit["frames"], "chunks": [list(r) for r in ranges]}))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        ray.shutdown()


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="Render a segue edit spec as chunks on Ray and join them.")
    parser.add_argument("spec", help="the edit's spec (JSON), as for segue edit")
    parser.add_argument("--out", required=True, help="the joined video, .mp4 or .webm")
    parser.add_argument("--segue", default=shutil.which("segue") or "segue", help="the segue executable (default: segue on PATH)")
    split = parser.add_mutually_exclusive_group()
    split.add_argument("--chunks", type=int, help="how many near-equal chunks (default: this machine's CPUs)")
    split.add_argument("--chunk-frames", type=int, help="frames per chunk (the last may be shorter)")
    parser.add_argument("--address", default=os.environ.get("RAY_ADDRESS"),
                        help="an existing Ray cluster (HOST:PORT or 'auto'; default: $RAY_ADDRESS); without: start one on 127.0.0.1")
    parser.add_argument("--num-cpus", type=int, help="CPUs of the Ray started here (default: all)")
    parser.add_argument("--crf", type=int, help="passed to segue edit (e.g. --crf 0: lossless H.264)")
    parser.add_argument("--fast", action="store_true", help="passed to segue edit")
    args = parser.parse_args()
    for name in ("chunks", "chunk_frames"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.chunks is None and args.chunk_frames is None:
        args.chunks = args.num_cpus or os.cpu_count() or 1
    try:
        run(args)
    except RenderFailed as failure:
        sys.exit(f"segue_ray: {failure}")


if __name__ == "__main__":
    main()
