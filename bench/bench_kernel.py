#!/usr/bin/env python3
"""Games per second of both shipped games, random, greedy and MCTS agents, with the compiled
kernels and with the Python twin (PNP_KERNEL=0), measured two ways:

* in-process: one process plays a batch after a warm-up (what ``simulate`` does per worker);
* whole process: a fresh ``python`` run of the same batch, imports and set-up included.

Each figure is games per CPU second and per wall second, one core, with the load average of the
machine at the time (CPU time is the fair figure on a shared machine). Every game goes through
``simulate``, which hands random, greedy and ``strong`` games to a kernel when one is built;
``mcts`` is the Python search either way, and ``strong`` without a kernel is the Python search
with as many iterations (so the python rows of ``strong`` compare the two searches at equal
iterations). A game is one agent against itself.

    python bench/bench_kernel.py [--scale 1.0] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (game, agent, games in-process at scale 1 with the kernel, without it; 0: not measured)
RUNS = [("channeling", "random", 50_000, 2_000), ("channeling", "greedy", 20_000, 1_000),
        ("channeling", "mcts", 4, 4), ("channeling", "strong:100", 200, 2), ("channeling", "strong", 20, 0),
        ("grove", "random", 10_000, 500), ("grove", "greedy", 10_000, 500),
        ("grove", "mcts", 10, 10), ("grove", "strong", 500, 4)]


def play(game: str, agent: str, games: int, seed: int = 1) -> None:
    """``games`` games of ``agent`` against itself through the registry's simulate, one job."""
    from generator.runs.simulation import simulate
    if game == "grove":
        from pnp_games.grove.options import GroveOptions
        simulate(GroveOptions(), None, games, [agent, agent], seed, game="grove")
    else:
        from pnp_games.channeling import Card, ChannelingOptions
        from pnp_games.channeling.cards import Deal
        deck = [Card(f"M{i}", 4 + i % 4, 3 + (i * 5) % 6) for i in range(36)]  # the 2025 edition's ranges
        glyphs = ["ember", "stone", "star", "eye", "tide", "root", "moon", "hourglass"]
        simulate(ChannelingOptions(), Deal(tuple(deck), tuple(glyphs)), games, [agent, agent], seed, game="channeling")


def in_process(game: str, agent: str, games: int) -> dict:
    play(game, agent, min(games, 20))  # warm-up: imports, tables, the kernel's game
    wall, cpu = time.perf_counter(), time.process_time()
    play(game, agent, games, seed=2)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"games": games, "cpu_s": cpu, "wall_s": wall, "per_cpu_s": games / cpu, "per_wall_s": games / wall}


def whole_process(game: str, agent: str, games: int, kernel: bool) -> dict:
    env = {**os.environ, "PNP_KERNEL": "1" if kernel else "0", "PYTHONPATH": str(ROOT)}
    code = f"import sys; sys.path.insert(0, {str(ROOT / 'bench')!r}); import bench_kernel; " \
           f"bench_kernel.play({game!r}, {agent!r}, {games})"
    before = os.times()
    wall = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    wall = time.perf_counter() - wall
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {"games": games, "cpu_s": cpu, "wall_s": wall, "per_cpu_s": games / cpu, "per_wall_s": games / wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every batch size")
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()
    from generator.play import kernels
    built = kernels.load("pnp_games.grove") is not None and kernels.load("pnp_games.channeling") is not None
    print(f"kernels built: {built}; python {sys.version.split()[0]}")
    results = []
    for game, agent, with_kernel, without in RUNS:
        for kernel in ((True, False) if built else (False,)):
            if not (with_kernel if kernel else without):
                continue
            games = max(1, int((with_kernel if kernel else without) * args.scale))
            os.environ["PNP_KERNEL"] = "1" if kernel else "0"
            load = os.getloadavg()[0]
            inside = in_process(game, agent, games)
            whole = whole_process(game, agent, games, kernel)
            row = {"game": game, "agent": agent, "kernel": kernel, "load": load, "in_process": inside,
                   "whole_process": whole}
            results.append(row)
            print(f"{game:10} {agent:10} {'kernel' if kernel else 'python':6} load {load:5.2f}  "
                  f"in-process {inside['per_cpu_s']:>10,.1f}/CPU s {inside['per_wall_s']:>10,.1f}/wall s   "
                  f"whole process {whole['per_cpu_s']:>10,.1f}/CPU s {whole['per_wall_s']:>10,.1f}/wall s  "
                  f"({games:,} games)", flush=True)
    os.environ.pop("PNP_KERNEL", None)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
