"""Battle for the Grove in OpenSpiel and in PettingZoo: random play through each framework's own API."""
import random

import pyspiel

import generator.adapters.openspiel_game  # noqa: F401  (registers every engine with a binding)
from generator.adapters.pettingzoo_env import env

# OpenSpiel: every scalar rule option is a game parameter
game = pyspiel.load_game("battle_for_the_grove", {"turn_cap": 100})
state = game.new_initial_state()
rng = random.Random(1)
while not state.is_terminal():
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
print("OpenSpiel returns:", state.returns())

# PettingZoo: an AEC environment; chance is drawn inside it, from the reset seed
grove = env("grove", turn_cap=100)
grove.reset(seed=1)
totals = {}
for agent in grove.agent_iter():
    observation, reward, terminated, truncated, info = grove.last()
    totals[agent] = totals.get(agent, 0) + reward
    if terminated or truncated:
        action = None
    else:
        legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
        action = rng.choice(legal)
    grove.step(action)
print("PettingZoo rewards:", totals)
