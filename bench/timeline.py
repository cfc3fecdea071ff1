#!/usr/bin/env python3
"""Draw a build's timeline from its trace (``PNP_TRACE=FILE python build.py``), one lane per process.

    python bench/timeline.py FILE [--slot 0.5] [--spans]

Each lane shows what its process ran in each time slot (a letter per kind of work, see the key),
``-`` where the main process waited for engine work, ``.`` where nothing traced ran. Below it:
each process's busy seconds (slots with a step, not waiting), CPU seconds and waiting seconds, the
core-seconds left idle on ``--cores`` (default: this machine's), and with ``--spans`` the main
process's steps in order. Wall times on a shared machine stretch; the CPU seconds do not.
"""
from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from pathlib import Path

KEY = (("wait ", "-"), ("balance ", "B"), ("sample-search ", "S"), ("sample ", "s"), ("step ", "t"),
       ("run here ", "R"), ("rulebook typeset", "T"), ("rulebook lint", "L"), ("rulebook balance", "b"),
       ("rulebook sample", "g"), ("plan engine", "p"), ("check editions", "c"), ("up-to-date", "u"), ("start workers", "w"), ("warm up", "i"), ("load edition", "e"))


def letter(name: str) -> str:
    for prefix, mark in KEY:
        if name.startswith(prefix):
            return mark
    return "x"  # another build step (sheets, proof, PNGs, ...)


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def lanes(spans: list[dict]) -> dict[int, list[dict]]:
    out: dict[int, list[dict]] = defaultdict(list)
    for s in spans:
        out[s["pid"]].append(s)
    return out


def union(intervals: list[tuple[float, float]]) -> float:
    total, end = 0.0, float("-inf")
    for a, b in sorted(intervals):
        if b <= end:
            continue
        total += b - max(a, end)
        end = b
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--slot", type=float, default=0.5)
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--spans", action="store_true")
    args = parser.parse_args()
    spans = load(args.trace)
    t0 = min(s["start"] for s in spans)
    t1 = max(s["end"] for s in spans)
    by_pid = lanes(spans)
    main_pid = next(s["pid"] for s in spans if s["name"] == "command") if any(
        s["name"] == "command" for s in spans) else min(by_pid, key=lambda p: min(s["start"] for s in by_pid[p]))
    slots = int((t1 - t0) / args.slot) + 1
    print(f"{t1 - t0:.1f} s from the first traced step to the last, {len(by_pid)} processes, "
          f"one column per {args.slot} s")
    busy_lanes = [0] * slots
    for pid in sorted(by_pid, key=lambda p: (p != main_pid, p)):
        row = ["."] * slots
        # longest spans first, so a step's inner spans (shorter) draw over it
        for s in sorted(by_pid[pid], key=lambda s: s["start"] - s["end"]):
            if s["name"] == "command":
                continue
            for i in range(int((s["start"] - t0) / args.slot), int((s["end"] - t0) / args.slot) + 1):
                row[min(i, slots - 1)] = letter(s["name"])
        waits = [(s["start"], s["end"]) for s in by_pid[pid] if s["name"].startswith("wait ")]
        busy = sum(mark not in ".-" for mark in row) * args.slot  # to the slot: a step of the lane, no waiting
        cpu = sum(s["cpu"] for s in by_pid[pid] if s["name"] == "command") if pid == main_pid else \
            sum(s["cpu"] for s in by_pid[pid])
        for i, mark in enumerate(row):
            busy_lanes[i] += mark not in ".-"
        name = "main" if pid == main_pid else f"w{pid}"
        print(f"{name:>8} {''.join(row)}")
        print(f"{'':>8} busy {busy:.1f} s, CPU {cpu:.1f} s, waiting {union(waits):.1f} s")
    idle = sum(max(0, args.cores - n) for n in busy_lanes) * args.slot
    print(f"idle: {idle:.1f} core-seconds of {args.cores * (t1 - t0):.1f} on {args.cores} cores "
          f"(slots where fewer processes than cores ran a step)")
    print("key: " + ", ".join(f"{mark} {prefix.strip()}" for prefix, mark in KEY) + ", x other build step")
    if args.spans:
        for s in sorted(by_pid[main_pid], key=lambda s: s["start"]):
            print(f"  {s['start'] - t0:7.2f} {s['end'] - t0:7.2f} {s['end'] - s['start']:6.2f} s  "
                  f"cpu {s['cpu']:5.2f}  {s['name']}")


if __name__ == "__main__":
    main()
