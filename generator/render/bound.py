"""A template's elements bound to one piece: each `{{ ... }}` expression (generator/model/expressions.py)
evaluated over the piece's values and the edition's data, and the element checked again by its kind."""
from __future__ import annotations

from typing import Any

from generator.core.numbers import key_of
from generator.elements.args.conditions import holds
from generator.model.expressions import bind, compile_value, expression_keys, has_expression
from generator.model.game import Edition, Game
from generator.model.layouts import Template
from generator.model.source import Sourced


def expression_data(game: Game, edition: Edition | None) -> dict[str, Any]:
    """What expressions may read besides the piece's fields: the game's and the edition's data."""
    data: dict[str, Any] = {"game": {"id": game.id, "title": game.title}}
    if edition is not None:
        data["edition"] = {"id": edition.id, "title": edition.spec.title, "date": edition.spec.date,
                           "rules": dict(edition.rules)}
    return data


def holds_expressions(element: Any) -> bool:
    """Whether an element, or a child of it (a group's), holds expressions."""
    return bool(expression_keys(element)) or (key_of(element, "elements") is not None
                                               and any(map(holds_expressions, element.children.values())))


def has_expressions(template: Template) -> bool:
    return any(map(holds_expressions, template.elements.values()))


def bound_elements(template: Template, values: dict[str, Any], data: dict[str, Any],
                   label: str | None = None) -> dict[str, Any]:
    """The template's elements for one piece: each drawn element holding expressions evaluated and
    checked, inside groups too (an element its `when` leaves out is kept as it is: it is not drawn)."""
    if not has_expressions(template):
        return template.elements
    context = {**data, **values}
    return {name: _bound(element, context, values, *template.sources[name], label)
            for name, element in template.elements.items()}


def _bound(element: Any, context: dict[str, Any], values: dict[str, Any], source: Sourced, where: tuple,
           label: str | None) -> Any:
    """One element for one piece: its expressions evaluated, and a group's children's (a copy of the
    group holding the bound children)."""
    if not holds_expressions(element) or not holds(element.when, values):
        return element
    if expression_keys(element):
        return bind(element, context, source, where, label)
    group = element.model_copy()
    group._children = {name: _bound(child, context, values, source, where + ("elements", name), label)
                       for name, child in element.children.items()}
    return group


def expression_names(value: Any) -> set[str]:
    """Names a value's expressions read (fields among them)."""
    return set(compile_value(value).names) if has_expression(value) else set()
