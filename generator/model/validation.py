"""Turn pydantic validation failures into one GameDataError naming file, line and key."""
from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from generator.model.source import Sourced

M = TypeVar("M", bound=BaseModel)

_EXPECTED = {
    "extra_forbidden": "no such key (a typo?)",
    "missing": "this key to be present",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "float_type": "a number",
    "float_parsing": "a number",
    "finite_number": "a finite number",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a mapping of keys to values",
    "model_type": "a mapping of keys to values",
    "model_attributes_type": "a mapping of keys to values",
}


def validate(model: type[M], data: Any, source: Sourced, prefix: tuple = (), context: dict | None = None) -> M:
    """Validate data (found at key path `prefix` of source) against a pydantic model."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise describe(exc, source, prefix) from None


def describe(exc: ValidationError, source: Sourced, prefix: tuple = (), drop_tag: bool = False):
    """The first pydantic error as a GameDataError; drop_tag skips a union's discriminator in the path."""
    err = exc.errors(include_url=False)[0]
    loc = err["loc"][1:] if drop_tag and err["loc"] else err["loc"]
    loc = prefix + tuple(part for part in loc if not _is_union_tag(part))
    kind = err["type"]
    if kind == "extra_forbidden":
        return source.error(loc, "a known key", f"unknown key '{loc[-1]}'")
    if kind == "union_tag_invalid":  # an unknown `kind:` (or another key that picks a model)
        ctx = err["ctx"]
        return source.error(loc + (ctx["discriminator"].strip("'"),), f"one of {ctx['expected_tags']}",
                            repr(ctx["tag"]))
    expected = _EXPECTED.get(kind) or _expected_from_message(err)
    found = "nothing" if kind == "missing" else _show(err.get("input"))
    return source.error(loc, expected, found)


def _expected_from_message(err: dict) -> str:
    message = err["msg"]
    for lead in ("Value error, ", "Assertion failed, "):
        if message.startswith(lead):
            return message[len(lead):]
    ctx = err.get("ctx") or {}
    if "ge" in ctx or "le" in ctx or "gt" in ctx or "lt" in ctx:
        bounds = {"ge": ">=", "gt": ">", "le": "<=", "lt": "<"}
        return "a value " + " and ".join(f"{bounds[k]} {ctx[k]}" for k in bounds if k in ctx)
    if "expected" in ctx:
        return f"one of {ctx['expected']}"
    return message[0].lower() + message[1:]


def _is_union_tag(part: Any) -> bool:
    """A union member's label in pydantic's path (`function-after[...]`, `constrained-int`), not a key."""
    return isinstance(part, str) and ("[" in part or part.startswith("constrained-")
                                      or part in {"function-after", "function-before", "function-plain"})


def _show(value: Any) -> str:
    if isinstance(value, (dict, list)):
        text = repr(value)
        return text if len(text) < 60 else text[:57] + "..."
    if isinstance(value, str) and len(value) > MAX_SHOWN:  # one line stays readable
        return f"{value[:MAX_SHOWN // 2]!r}... ({len(value):,} characters)"
    return repr(value)


MAX_SHOWN = 160  # characters of a text value a message repeats
