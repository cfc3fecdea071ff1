"""A template's elements bound to one piece: each `{{ ... }}` expression (generator/model/expressions.py)
evaluated over the piece's values and the edition's data, and the element checked again by its kind."""
from __future__ import annotations

from typing import Any

from generator.elements.args.conditions import holds
from generator.model.expressions import bind, compile_value, expression_keys, has_expression
from generator.model.game import Edition, Game
from generator.model.layouts import Template


def expression_data(game: Game, edition: Edition | None) -> dict[str, Any]:
    """What expressions may read besides the piece's fields: the game's and the edition's data."""
    data: dict[str, Any] = {"game": {"id": game.id, "title": game.title}}
    if edition is not None:
        data["edition"] = {"id": edition.id, "title": edition.spec.title, "date": edition.spec.date,
                           "rules": dict(edition.rules)}
    return data


def has_expressions(template: Template) -> bool:
    return any(expression_keys(e) for e in template.elements.values())


def bound_elements(template: Template, values: dict[str, Any], data: dict[str, Any],
                   label: str | None = None) -> dict[str, Any]:
    """The template's elements for one piece: each drawn element holding expressions evaluated and
    checked (an element its `when` leaves out is kept as it is: it is not drawn)."""
    if not has_expressions(template):
        return template.elements
    context = {**data, **values}
    out = {}
    for name, element in template.elements.items():
        if expression_keys(element) and holds(element.when, values):
            source, where = template.sources[name]
            element = bind(element, context, source, where, label)
        out[name] = element
    return out


def expression_names(value: Any) -> set[str]:
    """Names a value's expressions read (fields among them)."""
    return set(compile_value(value).names) if has_expression(value) else set()
