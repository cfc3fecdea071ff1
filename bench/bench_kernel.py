#!/usr/bin/env python3
"""Games per second of both shipped games, random, greedy and MCTS agents, with the compiled
kernels and with the Python twin (PNP_KERNEL=0), measured two ways, each in a fresh process:

* in-process: the process plays a batch after a warm-up and times the batch alone (what ``simulate``
  does per worker);
* whole process: ``python -c`` playing the same batch, imports and set-up included.

Each row is run ``--runs`` times and gives the median and the best run: games per CPU second (the
fair figure on a shared machine: ``time.process_time`` inside, the child's user + system time
outside), per wall second, the peak resident memory of the process, and the machine's load average
(1 minute) before and after. With several ``--repo`` (checkouts of this project, kernels built in
place), the copies take turns run by run, so a busy machine slows each alike. Every game goes through
``simulate``, which hands random, greedy and ``strong`` games to a kernel when one is built; ``mcts``
is the Python search either way, and ``strong`` without a kernel is the Python search with as many
iterations (so the python rows of ``strong`` compare the two searches at equal iterations). A game is
one agent against itself.

    python bench/bench_kernel.py [--scale 1.0] [--runs 3] [--only grove:greedy] [--repo PATH ...] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
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


def timed_batch(game: str, agent: str, games: int) -> None:
    """The in-process run (in a child): a warm-up (imports, tables, the kernel's game), then the batch
    timed; prints its CPU and wall seconds as JSON."""
    play(game, agent, min(games, 20))
    wall, cpu = time.perf_counter(), time.process_time()
    play(game, agent, games, seed=2)
    print(json.dumps({"cpu_s": time.process_time() - cpu, "wall_s": time.perf_counter() - wall}))


def child(repo: Path, code: str, kernel: bool) -> dict:
    """Run ``code`` in a fresh ``python`` with ``repo`` first on the path: its output, CPU seconds
    (user + system), wall seconds and peak resident memory (MiB)."""
    env = {**os.environ, "PNP_KERNEL": "1" if kernel else "0", "PYTHONPATH": str(repo)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    bench = f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r}); import bench_kernel; "
    wall = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", bench + code], env=env, stdout=subprocess.PIPE, cwd="/")
    out = proc.stdout.read() if proc.stdout else b""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - wall
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"bench_kernel: the run failed in {repo}: {code}")
    return {"out": out.decode(), "cpu_s": usage.ru_utime + usage.ru_stime, "wall_s": wall,
            "peak_mib": usage.ru_maxrss / 1024}


def one_run(repo: Path, game: str, agent: str, games: int, kernel: bool) -> dict:
    """One in-process and one whole-process run of the batch, with the load around them."""
    load = os.getloadavg()[0]
    batch = child(repo, f"bench_kernel.timed_batch({game!r}, {agent!r}, {games})", kernel)
    inside = {**json.loads(batch["out"].strip().splitlines()[-1]), "peak_mib": batch["peak_mib"]}
    whole = child(repo, f"bench_kernel.play({game!r}, {agent!r}, {games})", kernel)
    del whole["out"]
    for run in (inside, whole):
        run["per_cpu_s"], run["per_wall_s"] = games / run["cpu_s"], games / run["wall_s"]
    return {"load": [load, os.getloadavg()[0]], "in_process": inside, "whole_process": whole}


def summary(runs: list[dict], way: str) -> dict:
    rates = [r[way]["per_cpu_s"] for r in runs]
    return {"median_per_cpu_s": statistics.median(rates), "best_per_cpu_s": max(rates),
            "median_per_wall_s": statistics.median(r[way]["per_wall_s"] for r in runs),
            "median_cpu_s": statistics.median(r[way]["cpu_s"] for r in runs),
            "peak_mib": max(r[way]["peak_mib"] for r in runs)}


def kernels_built(repo: Path) -> bool:
    code = "from generator.play import kernels; print(all(kernels.load(p) is not None for p in " \
           "('pnp_games.grove', 'pnp_games.channeling')))"
    return child(repo, code, True)["out"].strip() == "True"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every batch size")
    parser.add_argument("--runs", type=int, default=3, help="runs of each row (median and best are printed)")
    parser.add_argument("--only", action="append", default=[], help="GAME:AGENT rows to run (repeatable)")
    parser.add_argument("--repo", action="append", type=Path, help="a checkout to measure (repeatable; default: this one)")
    parser.add_argument("--json", help="also write every run here")
    args = parser.parse_args()
    repos = [r.resolve() for r in args.repo or [ROOT]]
    built = {repo: kernels_built(repo) for repo in repos}
    print(f"python {sys.version.split()[0]}; kernels built: " + ", ".join(f"{r} {b}" for r, b in built.items()))
    results = []
    for game, agent, with_kernel, without in RUNS:
        if args.only and f"{game}:{agent}" not in args.only:
            continue
        for kernel in (True, False):
            if not (with_kernel if kernel else without):
                continue
            games = max(1, int((with_kernel if kernel else without) * args.scale))
            runs: dict[Path, list[dict]] = {repo: [] for repo in repos if built[repo] or not kernel}
            for _ in range(args.runs):
                for repo in runs:
                    runs[repo].append(one_run(repo, game, agent, games, kernel))
            for repo, done in runs.items():
                row = {"repo": str(repo), "game": game, "agent": agent, "kernel": kernel, "games": games,
                       "in_process": summary(done, "in_process"), "whole_process": summary(done, "whole_process"),
                       "runs": done}
                results.append(row)
                loads = [x for r in done for x in r["load"]]
                name = f"{repo.name} " if len(repos) > 1 else ""
                inside, whole = row["in_process"], row["whole_process"]
                print(f"{name}{game:10} {agent:10} {'kernel' if kernel else 'python':6} "
                      f"in-process median {inside['median_per_cpu_s']:>9,.1f}/CPU s (best {inside['best_per_cpu_s']:,.1f}, "
                      f"{inside['median_per_wall_s']:,.1f}/wall s, {inside['peak_mib']:.0f} MiB)  "
                      f"whole process median {whole['median_per_cpu_s']:>9,.1f}/CPU s (best {whole['best_per_cpu_s']:,.1f}, "
                      f"{whole['median_cpu_s']:.2f} CPU s, {whole['peak_mib']:.0f} MiB)  "
                      f"load {min(loads):.1f}-{max(loads):.1f}  ({games:,} games, {len(done)} runs)", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
