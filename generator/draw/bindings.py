"""Template values bound to a piece's values: `$field` in a value, `{field}` in text."""
from __future__ import annotations

import re
import string
from typing import Any


_REF = re.compile(r"^\$([a-z0-9_]+)(.*)$")
_FORMATTER = string.Formatter()


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
