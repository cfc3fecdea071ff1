"""Positions from data, for any engine: a mapping or a short YAML text in, a checked state out.

``build_position("nim", options, {"heap": 7, "to_move": 1})``
or the same as text (``"heap: 7\\nto_move: 1"``). Each engine documents its
keys with its ``position`` hook (the ``position`` of its ``EngineSpec``). A position that
cannot be raises ``PositionError`` naming the key (and, for text, the line).
"""
from __future__ import annotations

from typing import Any

from generator.play.registry import get_engine


class PositionError(ValueError):
    """Data that describes no legal position of the game."""


def parse_position_text(text: str) -> dict[str, Any]:
    """The mapping a position text (YAML) gives. :raises PositionError: naming the line."""
    import yaml
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark else ""
        raise PositionError(f"position text, {where}{getattr(exc, 'problem', None) or exc}") from None
    if not isinstance(data, dict):
        raise PositionError(f"position text: expected 'key: value' lines, found {text!r}")
    return data


def build_position(game: str, options: Any, data: dict[str, Any] | str, inputs: Any = None) -> Any:
    """The state of engine ``game`` that ``data`` (a mapping or YAML text) describes, with the
    engine's ``inputs`` from an edition (None for an engine that reads only its rules).

    :raises PositionError: for data that describes no legal position, or an engine without a builder.
    """
    engine = get_engine(game)
    if engine.position is None:
        raise PositionError(f"engine {game!r} cannot set up positions from data")
    if isinstance(data, str):
        data = parse_position_text(data)
    try:
        return engine.position(options, inputs, data)
    except PositionError:
        raise
    except ValueError as exc:
        raise PositionError(f"position: {exc}") from None
