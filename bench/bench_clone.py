#!/usr/bin/env python3
"""What a clone costs through OpenSpiel, and OpenSpiel's own ``random_sim_test`` per simulated game
(it clones and serialises states along the way), for every engine with a framework binding; CPU
time, one process.

    python bench/bench_clone.py [--sims 2] [--clones 200]
"""
from __future__ import annotations

import argparse
import os
import time

import pyspiel

from generator.adapters import openspiel_game

PARAMS = {"grove": {"turn_cap": 200}, "channeling": {}}


def clone_ms(game, clones: int) -> float:
    state = game.new_initial_state()
    for _ in range(6):  # a few moves in, so there is a history to copy
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    start = time.process_time()
    for _ in range(clones):
        state.clone()
    return 1000 * (time.process_time() - start) / clones


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=2)
    parser.add_argument("--clones", type=int, default=200)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for engine, params in PARAMS.items():
        game = pyspiel.load_game(openspiel_game.register(engine), params)
        ms = clone_ms(game, args.clones)
        start = time.process_time()
        pyspiel.random_sim_test(game, num_sims=args.sims, serialize=False, verbose=False)
        per_sim = (time.process_time() - start) / args.sims
        print(f"{engine:11} {params}: clone {ms:.3f} CPU ms; random_sim_test {per_sim:.3f} CPU s per simulated game")


if __name__ == "__main__":
    main()
