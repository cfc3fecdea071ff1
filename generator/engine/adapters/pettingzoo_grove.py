"""Battle for the Grove as a PettingZoo AEC environment: ``grove_env(turn_cap=200)``.
Needs the ``frameworks`` extra (``pettingzoo``, ``gymnasium``).

Agents ``light`` and ``dark`` act in turn; the dice are rolled inside the environment from its
seeded generator (``reset(seed=...)``), so an agent only ever sees player decisions. Each
observation is ``{"observation": features, "action_mask": legal ids}`` over the fixed action
range of ``grove_ids``. A win gives +1 / -1; a game stopped at the turn cap is truncated with 0.
"""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..grove.options import GroveOptions
from ..grove.state import CHANCE, State
from .grove_features import feature_size, features
from .grove_ids import ids_for

AGENTS = ("light", "dark")


class GroveEnv(AECEnv):
    metadata = {"name": "battle_for_the_grove_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, options: GroveOptions | None = None, render_mode: str | None = None):
        super().__init__()
        self.options = options or GroveOptions()
        self.ids = ids_for(self.options)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        n, size = self.ids.num_distinct_actions, feature_size(self.options.circles)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self._action_space = spaces.Discrete(n)
        self._dice = random.Random(0)
        self.state_: State | None = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._dice = random.Random(seed)
        self.state_ = State(self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._roll()

    def observe(self, agent):
        player = AGENTS.index(agent)
        mask = np.zeros(self.ids.num_distinct_actions, np.int8)
        if not self.state_.is_terminal() and self.state_.current_player == player:
            mask[[self.ids.id_of(a) for a in self.state_.legal_actions()]] = 1
        return {"observation": np.asarray(features(self.state_, player), np.float32), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply_action(self.ids.action(int(action)))
        self._roll()
        self._accumulate_rewards()

    def _roll(self) -> None:
        """Apply the dice due, then set whose turn it is and the outcome."""
        s = self.state_
        while s.current_player == CHANCE:
            s.apply_action(s.sample_chance(self._dice))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if s.is_terminal():
            stalled = s.is_stalled()
            for agent, value in zip(AGENTS, s.returns()):
                self.rewards[agent] = float(value)
                self.terminations[agent] = not stalled
                self.truncations[agent] = stalled
            self.agent_selection = self.agents[0] if self.agents else AGENTS[0]
            return
        self.agent_selection = AGENTS[s.current_player]

    def render(self):
        return str(self.state_) if self.render_mode == "ansi" else None

    def close(self):
        pass


def grove_env(render_mode: str | None = None, **rules) -> GroveEnv:
    """An environment for the rules given (GroveOptions fields; defaults as published)."""
    return GroveEnv(GroveOptions.model_validate(rules), render_mode=render_mode)
