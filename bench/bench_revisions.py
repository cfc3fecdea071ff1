#!/usr/bin/env python3
"""Start-up and a cold build, measured at several revisions side by side (whole processes, medians).

    python bench/bench_revisions.py [REVISION ...] [--runs N] [--build-runs M]   (default: e54a399 HEAD)

Each revision is checked out into a temporary folder (as `compare_outputs.py` does, with its own
entry points) and timed there: `python build.py --help`, `python build.py list` (its kept answer
turned off with PNP_NO_REPLAY, so the games are read), a cold build of one edition
(`build the-channeling -e 2025 --force --out DIR` with an empty simulation cache each run, so its
rulebook plays its games again) and that edition's Letter sheets alone (the 36-card deck). The revisions take turns run by run, so a busy machine slows
them alike; the CPU time (the process and its workers) is printed too, as it depends less on what
else the machine runs.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from compare_outputs import ROOT, checkout, metadata_for

COMMANDS = {
    "--help": ["--help"],
    "list": ["list"],
    "cold build the-channeling 2025": ["build", "the-channeling", "-e", "2025", "--force", "--out", "{out}"],
    "sheets build 2025 letter": ["build", "the-channeling", "-e", "2025", "-p", "letter", "--force", "--out", "{out}"],
}


def timed(argv: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and the workers it waited for)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed in {cwd}: {proc.stderr.read().decode()}")
    return seconds, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revisions", nargs="*", default=["e54a399", "HEAD"])
    parser.add_argument("--runs", type=int, default=7, help="runs of --help and list")
    parser.add_argument("--build-runs", type=int, default=3, help="runs of the cold build")
    parser.add_argument("--only", choices=sorted(COMMANDS), help="time only this one")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-revisions-"))
    trees = {}
    try:
        for i, revision in enumerate(args.revisions):
            folder = work / str(i)
            folder.mkdir()
            trees[revision] = (checkout(revision, folder), metadata_for(folder / "tree", folder), folder)
        samples: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for label, command in COMMANDS.items():
            if args.only and label != args.only:
                continue
            runs = args.build_runs if "build" in label else args.runs
            for run in range(runs + 1):  # the first run of each warms the bytecode cache, untimed
                for revision, (tree, site, folder) in trees.items():
                    cache = folder / f"cache-{run}"
                    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_") and k != "PYTHONPATH"
                           and k != "PYTHONDONTWRITEBYTECODE"}
                    env.update(PYTHONPATH=f"{tree}{os.pathsep}{site}", PNP_PROJECT=str(tree), CI="1",
                               PNP_CACHE_DIR=str(cache), PNP_NO_REPLAY="1")
                    argv = [sys.executable, "build.py", *(a.format(out=folder / "out") for a in command)]
                    seconds = timed(argv, tree, env)
                    shutil.rmtree(cache, ignore_errors=True)
                    if run:
                        samples.setdefault((label, revision), []).append(seconds)
            for revision in trees:
                times = [wall for wall, _ in samples[(label, revision)]]
                cpu = [used for _, used in samples[(label, revision)]]
                print(f"{label:34} {revision:10} median {statistics.median(times):7.3f} s  "
                      f"(min {min(times):.3f}, max {max(times):.3f}, {len(times)} runs); "
                      f"CPU median {statistics.median(cpu):.3f} s", flush=True)
    finally:
        for tree, _, _ in trees.values():
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
