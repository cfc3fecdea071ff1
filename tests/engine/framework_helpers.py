"""What the framework tests of every engine share."""
from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts


def play_with_mcts_bot(short_name: str, params: dict, simulations: int, seed: int) -> pyspiel.State:
    """One whole game of OpenSpiel's MCTS bot against itself, chance drawn from the listed outcomes;
    every action the bot picks must be legal. Returns the final state."""
    game = pyspiel.load_game(short_name, params)
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 1.4, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state
