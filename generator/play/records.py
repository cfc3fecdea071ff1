"""What a played game leaves: its record (setup, actions in notation, result, flags and the game's own
figures) and, in a simulation, its row."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, NamedTuple


@dataclass
class GameRecord:
    """Everything needed to replay and summarise one game (JSON-serialisable via to_dict)."""

    game: str
    seed: int
    agents: tuple[str, ...]               # by seat
    setup: dict[str, Any]                 # what the engine's ``describe_setup`` tells of the start
    actions: list[str]                    # notation, in order (setup hides included)
    scores: tuple[int, ...]               # by seat
    winner: int | None                    # a seat, None for a draw
    tie_break: str | None                 # one of the game's ``GameInfo.tie_breaks``, or None
    turns: int
    flags: dict[str, Any] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)  # the engine's own (``EngineSpec.figures``)

    def __getattr__(self, name: str) -> Any:
        """A figure of the game read as an attribute (``record.cards``)."""
        figures = self.__dict__.get("figures", {})
        if name in figures:
            return figures[name]
        raise AttributeError(name)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data, the game's figures among the other results."""
        figures = {k: list(v) if isinstance(v, tuple) else v for k, v in self.figures.items()}
        return copy.deepcopy({
            "game": self.game, "seed": self.seed, "agents": list(self.agents), "setup": self.setup,
            "actions": list(self.actions), "scores": list(self.scores), **figures, "winner": self.winner,
            "tie_break": self.tie_break, "turns": self.turns, "flags": self.flags})


class GameRow(NamedTuple):
    """One finished game, as a simulation keeps it: the generic result and the game's own figures."""

    winner: int | None
    tie_break: str | None
    scores: tuple[int, ...]        # by seat
    turns: int
    stalled: bool                  # stopped at the turn cap
    swapped: bool                  # the agents sat the other way round
    figures: dict[str, Any]        # the engine's ``figures(state)``
    flags: dict[str, Any]          # the state's ``flags()``
