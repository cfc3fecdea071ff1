"""Template elements are checked against the model their `kind` names (only the kinds a build meets
are prepared); every finding is the one the whole union of kinds gives."""
from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from generator.core.errors import GameDataError
from generator.model.layouts import _all_kinds, validate_element
from generator.model.source import Sourced
from generator.model.validation import describe

SOURCE = Sourced(Path("templates/card.yaml"), {}, {("elements", "title"): 7})
WHERE = ("elements", "title")
BAD = [
    {"kind": "text", "x": 1, "y": 2, "w": 3, "h": 4},                       # no text
    {"kind": "text", "x": 1, "y": 2, "w": 3, "h": 4, "text": "a", "colur": "ink"},  # a typo'd key
    {"kind": "text", "x": "ten", "y": 2, "w": 3, "h": 4, "text": "a"},      # a length that is not one
    {"kind": "rect", "x": 1, "y": 2, "w": 3, "h": 4, "stroke_width": -1},
    {"kind": "circle", "cx": 1, "cy": 2, "r": 3, "repeat": {"count": 999}},
    {"kind": "ring", "cx": 1, "cy": 2, "r": 3, "count": "vigor"},
    {"kind": "line", "x1": 1, "y1": 2, "x2": 3, "y2": 4, "dash": [1] * 50},
    {"kind": "polygon", "points": [[1, 2]]},
    {"kind": "glyph", "cx": 1, "cy": 2, "size": 3, "when": {"vigor": {"=>": 4}}},
    {"kind": "unicorn", "x": 1},
    {"x": 1},
    "a line of text",
]


def union_finding(data) -> str:
    try:
        _all_kinds().validate_python(data)
    except ValidationError as exc:
        return str(describe(exc, SOURCE, WHERE, drop_tag=True))
    return "valid"


@pytest.mark.parametrize("data", BAD, ids=range(len(BAD)))
def test_a_bad_element_is_reported_as_the_union_reports_it(data):
    with pytest.raises(GameDataError) as found:
        validate_element(data, SOURCE, WHERE)
    assert str(found.value) == union_finding(data) != "valid"


def test_a_good_element_is_the_union_one():
    data = {"kind": "text", "x": 1, "y": "2mm", "w": 30, "h": 4, "text": "{name}", "repeat": {"count": "$vigor"}}
    assert validate_element(data, SOURCE, WHERE) == _all_kinds().validate_python(data)
