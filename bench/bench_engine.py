"""Speed of the rules engine (The Channeling), standalone: ``python bench/bench_engine.py``.

Prints medians over several runs of:
* random-vs-random games per second on one core,
* greedy-vs-greedy games per second on one core,
* a 10,000-game greedy balance run with 2 jobs, timed as a whole process (interpreter start,
  imports, worker pool and summary included),
and the peak resident memory of this process and of its children.

The deck is a 36-card deck in the 2025 edition's ranges (Vigor 4-7, Splendor 3-8) and the
options are the engine's defaults, which equal the 2025 edition's rules (tests/engine/test_options.py
checks that), so the script needs no game data.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnp_games.channeling import Card, ChannelingOptions, new_game  # noqa: E402
from pnp_games.channeling.cards import Deal  # noqa: E402
from pnp_games.channeling.agents import GreedyAgent, RandomAgent  # noqa: E402
from generator.runs.simulation import simulate  # noqa: E402

GLYPHS = ["ember", "stone", "star", "eye", "tide", "root", "moon", "hourglass"]


def deck() -> list[Card]:
    """36 cards, Vigor 4-7 and Splendor 3-8 spread evenly."""
    return [Card(f"M{i}", 4 + i % 4, 3 + (i * 5) % 6) for i in range(36)]


DECK = deck()


def games_per_second(agent_cls, games: int) -> tuple[float, float]:
    options = ChannelingOptions()
    turns = 0
    t0 = time.perf_counter()
    for seed in range(games):
        state = new_game(options, DECK, GLYPHS, seed)
        agents = [agent_cls(seed), agent_cls(seed + 1)]
        while not state.is_terminal():
            p = state.current_player  # -1: a refill draw, the deck's own card
            state.apply_action(state.sample_chance() if p < 0 else agents[p].choose(state))
        turns += state.turn
    dt = time.perf_counter() - t0
    return games / dt, turns / games


def balance_run() -> None:
    res = simulate(ChannelingOptions(), Deal(tuple(DECK), tuple(GLYPHS)), 10_000, ["greedy", "greedy"],
                   seed=1, jobs=2)
    light = res["win_rate_by_seat"]["light"]
    print(f"light {light['rate']:.3f} ci95 {light['ci95'][0]:.3f}-{light['ci95'][1]:.3f}")


def peak_mb() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, kids


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--random-games", type=int, default=3000)
    ap.add_argument("--greedy-games", type=int, default=1000)
    ap.add_argument("--balance-runs", type=int, default=3)
    ap.add_argument("--balance-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.balance_only:
        balance_run()
        return
    for name, cls, n in (("random", RandomAgent, args.random_games),
                         ("greedy", GreedyAgent, args.greedy_games)):
        rates, lengths = zip(*(games_per_second(cls, n) for _ in range(args.runs)))
        print(f"{name:7s} vs {name:7s}: median {statistics.median(rates):8.0f} games/s on one "
              f"core (runs: {', '.join(f'{r:.0f}' for r in rates)}; "
              f"{statistics.mean(lengths):.1f} turns/game)", flush=True)
    times = []
    line = ""
    for _ in range(args.balance_runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, __file__, "--balance-only"], check=True,
                             capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        line = out.stdout.strip()
    print(f"10,000 greedy games, 2 jobs, whole process: median {statistics.median(times):.2f} s "
          f"(runs: {', '.join(f'{t:.2f}' for t in times)}; {line})")
    own, kids = peak_mb()
    print(f"peak memory: this process {own:.0f} MB, largest child process {kids:.0f} MB")


if __name__ == "__main__":
    main()
