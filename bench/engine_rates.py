#!/usr/bin/env python3
"""Games per second of one engine and agent pair on one core, in one process (run by
``bench_issue12.py`` inside the copy of the repository under test, so old and new code are
measured alike). Prints JSON: games, wall seconds, CPU seconds, games per wall and CPU second.

    python bench/engine_rates.py grove greedy 300
    python bench/engine_rates.py channeling random 3000
"""
from __future__ import annotations

import json
import sys
import time


def grove(agent: str, games: int) -> None:
    from pnp_games.grove.options import GroveOptions
    from generator.play.registry import game_seed, play_game
    options = GroveOptions()
    for i in range(games):
        play_game(options, None, game_seed(1, i), [agent, agent], game="grove")


def channeling(agent: str, games: int) -> None:
    from pnp_games.channeling import Card, ChannelingOptions, new_game
    from generator.play.registry import make_agent
    deck = [Card(f"M{i}", 4 + i % 4, 3 + (i * 5) % 6) for i in range(36)]  # the 2025 edition's ranges
    glyphs = ["ember", "stone", "star", "eye", "tide", "root", "moon", "hourglass"]
    options = ChannelingOptions()
    for seed in range(games):
        state = new_game(options, deck, glyphs, seed)
        players = [make_agent(agent, seed, game="channeling"), make_agent(agent, seed + 1, game="channeling")]
        while not state.is_terminal():
            p = state.current_player  # -1: a refill draw (the factored engine), the deck's own card
            state.apply_action(state.sample_chance() if p < 0 else players[p].choose(state))


def main() -> None:
    engine, agent, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    play = {"grove": grove, "channeling": channeling}[engine]
    play(agent, min(10, games))  # warm-up: imports and first-use tables
    wall, cpu = time.perf_counter(), time.process_time()
    play(agent, games)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"games": games, "wall_s": wall, "cpu_s": cpu, "per_s": games / wall, "per_cpu_s": games / cpu}))


if __name__ == "__main__":
    main()
