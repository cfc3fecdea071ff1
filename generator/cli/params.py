"""Value types of the command line, in click's own style: each turns the text of an option into a
value or raises ``click.BadParameter``, so click names the option in one message."""
from __future__ import annotations

from typing import Any

import click


class AgentPair(click.ParamType):
    """``greedy,mcts:400``: one agent spec per seat, in seat order."""

    name = "AGENT,AGENT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, str]:
        if isinstance(value, tuple):
            return value
        specs = tuple(a.strip() for a in str(value).split(","))
        if len(specs) != 2 or not all(specs):
            self.fail(f"two agents separated by a comma, one per seat, got {value!r}", param, ctx)
        return specs


class RuleOverride(click.ParamType):
    """``KEY=VALUE``: one rules option, its value read as YAML (``3``, ``true``, ``[a, b]``)."""

    name = "KEY=VALUE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, Any]:
        if isinstance(value, tuple):
            return value
        import yaml
        key, sep, text = str(value).partition("=")
        if not sep or not key.strip():
            self.fail(f"KEY=VALUE expected, got {value!r}", param, ctx)
        try:
            parsed = yaml.safe_load(text) if text.strip() else text
        except yaml.YAMLError:
            parsed = text
        return key.strip(), tuple(parsed) if isinstance(parsed, list) else parsed


class GridAxis(click.ParamType):
    """``KEY=V1,V2``: one axis of a sweep's grid (a rules option, ``edition=`` or ``deck.FIELD=``)."""

    name = "KEY=V1,V2"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from generator.runs.sweep import Axis, parse_axis
        if isinstance(value, Axis):
            return value
        try:
            axis = parse_axis(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        return Axis(axis.key, tuple(map(str, axis.values))) if axis.key == "edition" else axis  # ids, not numbers


AGENT_PAIR = AgentPair()
RULE = RuleOverride()
AXIS = GridAxis()
