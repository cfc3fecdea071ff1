"""Typed `when:` conditions on a piece's fields, and the repeat of an element.

A condition maps field names to a value (equality) or to comparisons, and may nest `all:` / `any:`
lists of conditions:

    when: {suit: hearts}                          # equal
    when: {anchors: {">=": 2, "<": 5}}             # every comparison must hold
    when: {suit: {in: [hearts, diamonds]}}
    when: {any: [{suit: spades}, {rank: {">": 10}}]}

The shape is checked by pydantic when a template loads; the field names, the types and the values
against a component's fields by `check_condition`, so a typo never silently hides an element.
"""
from __future__ import annotations

from typing import Annotated, Any, Callable, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr
from typing_extensions import TypeAliasType

Scalar = Union[StrictBool, StrictInt, StrictFloat, StrictStr]
Number = Union[StrictInt, StrictFloat]
MAX_REPEAT = 200  # more copies of one element than any face holds is a mistake


class Comparison(BaseModel):
    """Comparisons of one field; each one given must hold."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)
    eq: Scalar | None = Field(default=None, alias="==")
    ne: Scalar | None = Field(default=None, alias="!=")
    lt: Number | None = Field(default=None, alias="<")
    le: Number | None = Field(default=None, alias="<=")
    gt: Number | None = Field(default=None, alias=">")
    ge: Number | None = Field(default=None, alias=">=")
    in_: list[Scalar] | None = Field(default=None, alias="in", min_length=1, max_length=500)

    def given(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


Condition = TypeAliasType("Condition", dict[str, Union[Scalar, Comparison, list["Condition"]]])

_ORDER = {"lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b,
          "ge": lambda a, b: a >= b}
SYMBOL = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "in_": "in"}


def holds(when: dict, values: dict[str, Any]) -> bool:
    """Whether a piece (its bound values) meets the condition; an empty condition always holds."""
    for key, test in when.items():
        if key == "all":
            ok = all(holds(c, values) for c in test)
        elif key == "any":
            ok = any(holds(c, values) for c in test)
        else:
            ok = _compare(values.get(key), test)
        if not ok:
            return False
    return True


def _compare(value: Any, test: Any) -> bool:
    if not isinstance(test, Comparison):
        return value == test
    for op, wanted in test.given().items():
        if op == "eq" and value != wanted or op == "ne" and value == wanted:
            return False
        if op == "in_" and value not in wanted:
            return False
        if op in _ORDER and (not isinstance(value, (int, float)) or not _ORDER[op](value, wanted)):
            return False
    return True


# ---------------------------------------------------------------- checking against a component

FieldInfo = tuple[str, Any]   # (type: int/text/choice/glyph, spec or None)
Fail = Callable[[tuple, str, str], Exception]


def check_condition(when: dict, fields: dict[str, FieldInfo], glyphs: set[str], fail: Fail,
                    where: tuple = ("when",)) -> None:
    """Raise fail(key path, expected, found) for an unknown field, a wrong type or an impossible value."""
    for key, test in when.items():
        if key in ("all", "any"):
            if not isinstance(test, list):
                raise fail(where + (key,), "a list of conditions", repr(test))
            for i, inner in enumerate(test):
                check_condition(inner, fields, glyphs, fail, where + (key, i))
            continue
        if key not in fields:
            raise fail(where + (key,), f"a field of the piece, one of {sorted(fields)} (or all/any)", repr(key))
        if isinstance(test, list):
            raise fail(where + (key,), "a value or comparisons (use `in:` for a list)", repr(test))
        ops = test.given() if isinstance(test, Comparison) else {"eq": test}
        for op, wanted in ops.items():
            for one in (wanted if op == "in_" else [wanted]):
                problem = _impossible(fields[key], op, one, glyphs)
                if problem:
                    raise fail(where + (key,), problem, f"{SYMBOL[op]} {one!r}")


def _impossible(info: FieldInfo, op: str, value: Any, glyphs: set[str]) -> str | None:
    """What the comparison should look like, when it can never be true (None when fine)."""
    kind, spec = info
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return "a number (the field is a whole number)"
        low, high = (spec.min, spec.max) if spec is not None else (0, None)
        if op in ("eq", "in_") and (value < low or high is not None and value > high):
            return f"a value the field can hold, from {low} to {high}"
        return None
    if op in _ORDER:
        return f"a whole-number field for {SYMBOL[op]} (this one is {kind})"
    if not isinstance(value, str):
        return f"text (the field is {kind})"
    if kind == "choice" and value not in spec.of:
        return f"one of the field's choices {spec.of}"
    if kind == "glyph" and value not in glyphs:
        return f"a glyph of the game, one of {sorted(glyphs)}"
    return None


class Repeat(BaseModel):
    """Draw the element `count` times: along a row, a column, a grid (`columns` a row) or an arc.

    Copy i sits `spacing` millimetres (row, column, grid) or `step` degrees (arc) from copy i-1;
    `align` says where the run sits against the element's own position: its first copy there
    (start), the run centred on it (centre) or its last copy there (end). On an arc the element's
    position is the circle's centre and the copies lie `radius` from it, angles counter-clockwise
    from the right (90 is the top)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    count: Union[Annotated[StrictInt, Field(ge=0, le=MAX_REPEAT)], StrictStr]  # a number, or "$field"
    along: Literal["row", "column", "grid", "arc"] = "row"
    spacing: float = Field(default=5, ge=-1000, le=1000)          # mm
    row_spacing: float | None = Field(default=None, ge=-1000, le=1000)  # mm between grid rows
    columns: int = Field(default=5, ge=1, le=MAX_REPEAT)
    align: Literal["start", "centre", "end"] = "start"
    radius: float = Field(default=10, ge=0, le=1000)  # mm, arc only
    start: float = Field(default=90, ge=-360, le=360)
    step: float = Field(default=30, ge=-360, le=360)


def repeat_offsets(rep: Repeat, count: int, mm: float) -> list[tuple[float, float]]:
    """Each copy's offset in points (x right, y down) from the element as written."""
    count = max(0, min(int(count), MAX_REPEAT))
    shift = {"start": 0.0, "centre": (count - 1) / 2, "end": count - 1.0}[rep.align]
    if rep.along == "arc":
        import math
        angles = [math.radians(rep.start + (i - shift) * rep.step) for i in range(count)]
        return [(rep.radius * mm * math.cos(a), -rep.radius * mm * math.sin(a)) for a in angles]
    if rep.along == "grid":
        cols = min(rep.columns, max(count, 1))
        rows = -(-count // cols)
        dy = (rep.row_spacing if rep.row_spacing is not None else rep.spacing) * mm
        sx = {"start": 0.0, "centre": (cols - 1) / 2, "end": cols - 1.0}[rep.align]
        sy = {"start": 0.0, "centre": (rows - 1) / 2, "end": rows - 1.0}[rep.align]
        return [((i % cols - sx) * rep.spacing * mm, (i // cols - sy) * dy) for i in range(count)]
    step = rep.spacing * mm
    if rep.along == "row":
        return [((i - shift) * step, 0.0) for i in range(count)]
    return [(0.0, (i - shift) * step) for i in range(count)]
