"""The weights of the greedy evaluation (see ``agents``), kept below the agents and the look-ahead
that both read them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    control: float = 4.0
    winning: float = 40.0
    surplus: float = 0.25
    stand_circle: float = 1.2
    stand_held: float = 0.4
    lie_circle: float = 0.4
    stand_grove: float = 0.6
    win: float = 1000.0


DEFAULT_WEIGHTS = Weights()
