#!/usr/bin/env python3
"""Random games of any engine with a framework binding, through OpenSpiel's Python API and
through PettingZoo: games and steps per CPU second (wall time is noisy on a shared machine).

    python bench/bench_frameworks.py [--engine grove] [--games 200] [--param turn_cap=200 ...]

Both loops play the same seeded random games every run; a step is one applied action (chance
included for OpenSpiel, one ``env.step`` for PettingZoo, whose chance is drawn inside).
"""
from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
import yaml

from generator.adapters import openspiel_game
from generator.adapters.binding import binding_for
from generator.adapters.pettingzoo_env import env


def through_openspiel(engine: str, params: dict, games: int) -> int:
    game = pyspiel.load_game(openspiel_game.register(engine), params)
    rng, steps = random.Random(1), 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(ids, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def through_pettingzoo(engine: str, params: dict, games: int) -> int:
    zoo, rng, steps = env(engine, **params), np.random.default_rng(1), 0
    for seed in range(games):
        zoo.reset(seed=seed)
        for _ in zoo.agent_iter():
            obs, _, terminated, truncated, _ = zoo.last()
            done = terminated or truncated
            zoo.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="grove")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--param", action="append", default=["turn_cap=200"], help="rule option KEY=VALUE")
    args = parser.parse_args()
    known = binding_for(args.engine).parameters
    params = {k: yaml.safe_load(v) for k, v in (p.split("=", 1) for p in args.param) if k in known}
    for name, loop in (("openspiel", through_openspiel), ("pettingzoo", through_pettingzoo)):
        start = time.process_time()
        steps = loop(args.engine, params, args.games)
        cpu = time.process_time() - start
        print(f"{name:10} {args.engine} {params}: {args.games} games, {steps} steps, {cpu:.2f} CPU s, "
              f"{args.games / cpu:.1f} games/s, {steps / cpu:,.0f} steps/s")


if __name__ == "__main__":
    main()
