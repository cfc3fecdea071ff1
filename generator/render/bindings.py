"""Bind template values to a piece's fields: `$field` in a value, `{field}` in text, and `{{ ... }}`
expressions (generator/model/expressions.py) in any string value."""
from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING, Any

from generator.model.conditions import holds
from generator.model.expressions import bind, compile_value, expression_keys, has_expression
from generator.model.game import ComponentSet, Edition, Game, Piece, named_values

if TYPE_CHECKING:
    from generator.model.layouts import Template

_REF = re.compile(r"^\$([a-z0-9_]+)(.*)$")
_FORMATTER = string.Formatter()


def piece_values(game: Game, component: ComponentSet, piece: Piece) -> dict[str, Any]:
    """A piece's fields plus `<field>_name` for choices and glyphs, and `count`, ready for text.
    An optional text, choice or glyph field the piece leaves empty prints as nothing."""
    blanks = {k: "" for k, f in component.spec.fields.items() if f.type != "int" and k not in piece.fields}
    return {**blanks, **named_values(game, component.spec, piece.fields), "count": piece.count}


def resolve(value: Any, values: dict[str, Any]) -> Any:
    """`$cost` -> the piece's cost; `$set-ink` -> e.g. 'gold-ink'; anything else unchanged."""
    if isinstance(value, str) and value.startswith("$"):
        match = _REF.match(value)
        return f"{values[match.group(1)]}{match.group(2)}" if match.group(2) else values[match.group(1)]
    return value


def format_text(template: str, values: dict[str, Any], labels: dict[str, str]) -> str:
    shown = {k: labels.get(str(v), v) for k, v in values.items()} if labels else values
    return template.format_map(shown)


def references(value: Any) -> list[str]:
    """Field names a template value refers to (for checking before drawing)."""
    if isinstance(value, str) and value.startswith("$"):
        match = _REF.match(value)
        return [match.group(1)] if match else [value[1:]]
    return []


# What a card needs from a format spec: an alignment, a sign, a width and precision of two digits,
# a type. Anything more (a width of 500,000,000, a nested {spec}) is refused before drawing.
_SPEC = re.compile(r"^(?:.?[<>^])?[+-]?\d{0,2}(?:\.\d{1,2})?[dfs%]?$")


def text_references(template: str) -> list[str]:
    """Field names inside `{...}` of a text; raises ValueError for a malformed text."""
    names = []
    for _, name, spec, conversion in _FORMATTER.parse(template):
        if name is None:
            continue
        if conversion or not _SPEC.match(spec or ""):
            raise ValueError(f"a simple format spec such as {{{name}:>3}}, not {{{name}!{conversion}:{spec}}}"
                             if conversion else f"a simple format spec such as {{{name}:>3}}, not {{{name}:{spec}}}")
        names.append(name)
    return names


def expression_data(game: Game, edition: Edition | None) -> dict[str, Any]:
    """What expressions may read besides the piece's fields: the game's and the edition's data."""
    data: dict[str, Any] = {"game": {"id": game.id, "title": game.title}}
    if edition is not None:
        data["edition"] = {"id": edition.id, "title": edition.spec.title, "date": edition.spec.date,
                           "rules": dict(edition.rules)}
    return data


def has_expressions(template: "Template") -> bool:
    return any(expression_keys(e) for e in template.elements.values())


def bound_elements(template: "Template", values: dict[str, Any], data: dict[str, Any],
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
