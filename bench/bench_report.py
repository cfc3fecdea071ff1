#!/usr/bin/env python3
"""Benchmark: the engine work of the designer's reports, in CPU seconds, by kind of run.

    python bench/bench_report.py [GAME ...] [--profile designer-report] [--skip KIND ...]

Plans what a cold `build -p designer-report` starts ahead for every edition of the games (an empty
cache), then runs each unit in this process and adds up its CPU time (``time.process_time``) by kind:
the sample-game searches, the balance games (the strong agent against itself), the stall pairings,
the strength runs against greedy, the lever sweep and the decisions' readings. CPU time is the fair
figure on a shared machine; the wall time of a build on two free cores is about half the total.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("games", nargs="*", default=["the-channeling", "battle-for-the-grove"])
    parser.add_argument("--profile", default="designer-report")
    parser.add_argument("--skip", action="append", default=[], help="a kind of work left out (sample-search)")
    args = parser.parse_args()
    os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-report-cache-")
    from generator.build.prefetch import plan
    from generator.model import find_game, load_edition

    editions = [load_edition(game, e) for game in args.games for e in find_game(game).spec.editions]
    planned = plan(editions, [args.profile])
    works = [w for w in {w.key: w for ws in planned.values() for w in ws}.values() if w.kind not in args.skip]
    spent: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    for work in works:
        agents = ",".join(work.parts.get("agents", ()))
        kind = work.kind if work.kind != "balance" and work.kind != "summary" else f"{work.kind} {agents}"
        name = f"{work.engine:<11} {kind}"
        for unit, size in zip(work.units, work.sizes):
            start = time.process_time()
            work.run(unit)
            spent[name] += time.process_time() - start
            games[name] += size
    for name in sorted(spent, key=lambda n: -spent[n]):
        print(f"{name:<48} {games[name]:>7,} games {spent[name]:8.1f} s CPU")
    print(f"{'total':<48} {sum(games.values()):>7,} games {sum(spent.values()):8.1f} s CPU")


if __name__ == "__main__":
    main()
