"""What every engine's rule options share: a frozen pydantic model that refuses unknown keys,
and the field whose meaning is the same in every game (its bound and default differ).

``registry.options_for(edition)`` validates an edition's ``rules:`` with a game's subclass.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class RuleOptions(BaseModel):
    """Base of an engine's rule options: one field per rule number or reading, with a description."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def turn_cap_field(default: int) -> Any:
    """The ``turn_cap`` field: where a game that will not end is cut off."""
    return Field(default, ge=1, le=1_000_000, description=(
        "Turns (both players counted) after which an unfinished game stops as a draw marked stalled."))
