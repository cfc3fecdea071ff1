"""The record of one played game: setup, actions in notation, result and flags."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class GameRecord:
    """Everything needed to replay and summarise one game (JSON-serialisable via to_dict)."""

    game: str
    seed: int
    agents: tuple[str, str]               # by seat: (Light, Dark)
    setup: dict[str, Any]                 # line labels, initial grid, deck order
    actions: list[str]                    # notation, in order (setup hides included)
    scores: tuple[int, int]
    cards: tuple[int, int]
    splendor: tuple[int, int]
    overchanneling: tuple[int, int]
    winner: int | None                    # 0 Light, 1 Dark, None draw
    tie_break: str | None                 # "fewer_cards" / "second_player" / None
    turns: int
    flags: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for k in ("agents", "scores", "cards", "splendor", "overchanneling"):
            d[k] = list(d[k])
        return d
