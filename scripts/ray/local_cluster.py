#!/usr/bin/env python3
"""Runs a command against a Ray cluster of its own on loopback, then stops that cluster (and
only it): `ray start --head --block` on 127.0.0.1 at a free port, without a dashboard, in a
temporary folder, with a token of its own (RAY_AUTH_MODE=token); the command gets its address as RAY_ADDRESS (which segue_ray.py and
ray.init() read); SIGTERM to the head ends every process it started. Exits with the command's
status. Used by the Ray test (CLI/Tests/SegueCLITests/RayRenderTests.swift) and for trying the
driver as on a real cluster:

    python scripts/ray/local_cluster.py --num-cpus 2 -- python scripts/ray/segue_ray.py edit.json --out edit.mp4 --segue segue
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description="Run a command against a Ray cluster of its own on 127.0.0.1.")
    parser.add_argument("--num-cpus", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=90, help="seconds to wait for the head to come up")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command after --")

    # A parent may have blocked signals (Swift's test runner does) and children inherit the mask:
    # the head must receive the SIGTERM that stops it.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    ray = os.path.join(os.path.dirname(sys.executable), "ray")
    port = free_port()
    # Short: Ray's sockets live under it, and a socket's path is at most 107 bytes.
    folder = tempfile.mkdtemp(prefix="segue-ray-", dir="/tmp")
    log_path = os.path.join(folder, "head.log")
    # A token of this cluster's own (Ray's token authentication), whatever ~/.ray holds: the
    # head, its workers and the command get it from the environment, and nothing else can connect.
    environment = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32))
    with open(log_path, "w") as log:
        head = subprocess.Popen([ray, "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}",
                                 f"--num-cpus={args.num_cpus}", "--include-dashboard=false", "--disable-usage-stats",
                                 f"--temp-dir={folder}"], stdout=log, stderr=subprocess.STDOUT, env=environment)
    try:
        deadline = time.monotonic() + args.timeout
        while "will now block" not in open(log_path).read():
            if head.poll() is not None or time.monotonic() > deadline:
                sys.stderr.write(f"local_cluster: ray start did not come up:\n{open(log_path).read()[-3000:]}\n")
                return 1
            time.sleep(0.2)
        print(f"local_cluster: Ray head at 127.0.0.1:{port}", file=sys.stderr, flush=True)
        return subprocess.run(command, env=dict(environment, RAY_ADDRESS=f"127.0.0.1:{port}")).returncode
    finally:
        head.terminate()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
