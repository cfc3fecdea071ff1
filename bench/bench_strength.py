#!/usr/bin/env python3
"""The strength ladder of both games: each agent against greedy, from each seat, with 95% Wilson
intervals, and the CPU seconds a game costs (one core; load average shown). random < greedy <
strong:N for rising N is what the figures should show; the rung to use in a report is the strongest
one a budget affords (``runs/strength.py``). ``strong:N`` is the compiled kernels' search, ``mcts:N``
the Python search (add it to the ladder to compare them at equal CPU time).

    python bench/bench_strength.py [--games 20] [--ladder random,greedy,strong:100,strong:400] [--game grove]
        [--edition the-channeling:2025 ...] [--seed 11]

Without ``--edition`` the games are The Channeling with a made-up deck in the 2025 edition's ranges
(Vigor and Splendor uncorrelated, harder for the second seat than the shipped decks) and the Grove;
``--edition GAME:EDITION`` plays a shipped edition's rules and deck instead (repeatable).
"""
from __future__ import annotations

import argparse
import os
import time

from generator.runs.strength import edge_over_greedy


def setups():
    from pnp_games.channeling import Card, ChannelingOptions
    from pnp_games.grove.options import GroveOptions
    deck = [Card(f"M{i}", 4 + i % 4, 3 + (i * 5) % 6) for i in range(36)]  # the 2025 edition's ranges
    glyphs = ["ember", "stone", "star", "eye", "tide", "root", "moon", "hourglass"]
    from pnp_games.channeling.cards import Deal
    return {"channeling": (ChannelingOptions(), Deal(tuple(deck), tuple(glyphs))), "grove": (GroveOptions(), None)}


def edition_setups(specs):
    from generator.model import load_edition
    from generator.runs.work import engine_inputs
    out = {}
    for spec in specs:
        game, _, edition = spec.partition(":")
        inputs = engine_inputs(load_edition(game, edition or None))
        out[f"{game}:{edition}"] = (inputs.options, inputs.inputs, inputs.engine)
    return out


def pct(entry) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * entry['rate']:5.1f}% ({100 * lo:4.1f}-{100 * hi:5.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games from each seat per rung")
    parser.add_argument("--ladder", default="random,greedy,strong:100,strong:400,strong:1500")
    parser.add_argument("--game", action="append", help="grove or channeling (default: both)")
    parser.add_argument("--edition", action="append", help="GAME:EDITION, a shipped edition (repeatable)")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    runs = edition_setups(args.edition) if args.edition else {
        game: (options, inputs, game) for game, (options, inputs) in setups().items()
        if not args.game or game in args.game}
    for name, (options, inputs, game) in runs.items():
        print(f"{name}: each agent against greedy, {args.games} games from each seat (seed {args.seed}); "
              f"load {os.getloadavg()[0]:.2f}")
        for agent in args.ladder.split(","):
            start = time.process_time()
            found = edge_over_greedy(options, inputs, agent, args.games, seed=args.seed, game=game)
            cpu = (time.process_time() - start) / found["games"]
            print(f"  {agent:10} wins {pct(found['wins'])}  first seat {pct(found['by_seat'][0])}  "
                  f"second seat {pct(found['by_seat'][1])}  greedy {pct(found['greedy_wins'])}  "
                  f"edge {100 * found['edge']:+6.1f} pts  {1000 * cpu:.1f} CPU ms/game", flush=True)


if __name__ == "__main__":
    main()
