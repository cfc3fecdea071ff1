"""Every engine with a framework binding as a PettingZoo AEC environment (the ``frameworks`` extra):
``env("<engine>", turn_cap=200)``.

The agents are the binding's ``player_names``, acting in turn. Chance outcomes are drawn inside
the environment from its seeded generator (``reset(seed=...)``) with the binding's probabilities
(by its ``sample_chance`` when it has one), so an agent only ever sees player decisions. Each observation is ``{"observation": the binding's
tensor, "action_mask": 1 for each legal id}`` over the fixed action range. Rewards are the
binding's returns at the end; a game the binding reports as truncated (``is_truncated()``, e.g.
stopped at a turn cap) ends in truncation rather than termination.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from generator.adapters.binding import CHANCE, FrameworkBinding, binding_for
from generator.play.rng import SplitMix64


class BindingEnv(AECEnv):
    """One engine's game under one set of rule options, as an AEC environment."""

    metadata = {"name": "bound_game_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, binding: FrameworkBinding, params: Mapping[str, Any] | None = None,
                 render_mode: str | None = None):
        super().__init__()
        self.binding = binding
        self.game = binding.configure(params or {})
        self.metadata = {**self.metadata, "name": f"{binding.short_name}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(binding.player_names)
        n, size = self.game.num_distinct_actions, self.game.observation_size
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self._action_space = spaces.Discrete(n)
        self._chance = SplitMix64(0)
        self.game_state = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._chance = SplitMix64(seed)
        self.game_state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        if self.game_state.current_player() == player:
            mask[self.game_state.legal_actions()] = 1
        tensor = np.asarray(self.game_state.observation_tensor(player), np.float32)
        return {"observation": tensor, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(int(action))
        self._advance()
        self._accumulate_rewards()

    def _advance(self) -> None:
        """Draw the chance outcomes due, then set whose turn it is and the outcome."""
        state = self.game_state
        sample = getattr(state, "sample_chance", None)
        while state.current_player() == CHANCE:
            if sample is not None:
                state.apply(sample(self._chance))
            else:
                ids, probabilities = zip(*state.chance_outcomes())
                state.apply(self._chance.choices(ids, probabilities)[0])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_terminal():
            truncated = bool(getattr(state, "is_truncated", lambda: False)())
            for agent, value in zip(self.possible_agents, state.returns()):
                self.rewards[agent] = float(value)
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
            return
        self.agent_selection = self.possible_agents[state.current_player()]

    def clone(self) -> "BindingEnv":
        """An independent copy of this environment mid-game: the binding, the bound game and the
        spaces are shared, the game state is the binding's ``clone()``, and the per-agent records
        and the chance generator are copied (both copies draw the same chance outcomes next)."""
        copy = object.__new__(BindingEnv)
        copy.__dict__.update(self.__dict__)
        if self.game_state is not None:
            copy.game_state = self.game_state.clone()
            copy.agents = list(self.agents)
            for name in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
                setattr(copy, name, dict(getattr(self, name)))
            copy.infos = {a: dict(info) for a, info in self.infos.items()}
        copy._chance = self._chance.clone()
        return copy

    def render(self):
        return str(self.game_state) if self.render_mode == "ansi" else None

    def close(self):
        pass


def env(engine: str, render_mode: str | None = None, **params: Any) -> BindingEnv:
    """The environment of a registered engine under the rule options given (defaults otherwise).

    :raises BindingError: for an engine without a usable binding; ValueError for a bad option.
    """
    return BindingEnv(binding_for(engine), params, render_mode=render_mode)
