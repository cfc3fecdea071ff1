"""The toy engine's ``EngineSpec``: options, state, notation and agents, nothing from ``generator``
beyond the public spec and agent helpers."""
from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict, Field

from generator.play.agents_base import RandomAgent, agent_factory
from generator.play.engine_spec import EngineSpec, GameInfo


class NimOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    heap: int = Field(15, ge=1, le=1000, description="Counters on the heap at the start.")
    take_most: int = Field(3, ge=1, le=10, description="Most counters one turn may take.")


class NimState:
    def __init__(self, options: NimOptions):
        self.options = options
        self.heap = options.heap
        self.current_player = 0
        self.turn = 0
        self.winner: int | None = None

    def legal_actions(self) -> list[int]:
        return list(range(1, min(self.heap, self.options.take_most) + 1))

    def apply_action(self, take: int) -> None:
        if take not in self.legal_actions():
            raise ValueError(f"cannot take {take} from {self.heap}")
        self.heap -= take
        self.turn += 1
        if self.heap == 0:
            self.winner = self.current_player
        self.current_player = 1 - self.current_player

    def is_terminal(self) -> bool:
        return self.heap == 0

    def outcome(self) -> tuple[int | None, None]:
        return self.winner, None

    def scores(self) -> tuple[int, int]:
        return (int(self.winner == 0), int(self.winner == 1))


class PerfectAgent:
    """Leaves a multiple of take_most + 1 when it can, else takes one at random."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: NimState) -> int:
        good = [a for a in state.legal_actions() if (state.heap - a) % (state.options.take_most + 1) == 0]
        return good[0] if good else self.rng.choice(state.legal_actions())


class CautiousAgent:
    """Never takes the most a turn allows (a made-up player whose games leave that rule untested)."""

    name = "cautious"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: NimState) -> int:
        return self.rng.choice([a for a in state.legal_actions() if a < state.options.take_most] or [1])


ENGINE = EngineSpec(
    name="nim", options_model=NimOptions, new_game=lambda options, inputs, seed: NimState(options),
    make_agent=agent_factory({"random": RandomAgent, "greedy": PerfectAgent, "cautious": CautiousAgent}),
    appendices="nim_engine.appendix:APPENDICES",  # imported only when a rulebook is built
    describe_setup=lambda state: {"heap": state.heap}, render=lambda state: f"heap {state.heap}",
    parse_action=int, agent_kinds=("random", "greedy", "cautious"),
    info=GameInfo(seats=("Light", "Dark")),
    frameworks="nim_engine.frameworks:BINDING")
