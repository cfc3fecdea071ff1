"""Typed `when:` conditions and element repeats, as pure functions."""
from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from generator.elements.args.conditions import Condition, Repeat, check_condition, holds, repeat_offsets
from generator.model.schema import ChoiceField, IntField

WHEN = TypeAdapter(Condition)
FIELDS = {"suit": ("choice", ChoiceField(type="choice", of=["gulls", "crabs"])),
          "anchors": ("int", IntField(type="int", min=0, max=6)), "name": ("text", None)}


def when(data: dict) -> dict:
    return WHEN.validate_python(data)


@pytest.mark.parametrize("condition, values, expected", [
    ({"suit": "gulls"}, {"suit": "gulls"}, True),
    ({"suit": "gulls"}, {"suit": "crabs"}, False),
    ({"anchors": {">=": 2, "<": 5}}, {"anchors": 4}, True),
    ({"anchors": {">=": 2, "<": 5}}, {"anchors": 5}, False),
    ({"anchors": {"!=": 3}}, {"anchors": 3}, False),
    ({"suit": {"in": ["gulls", "crabs"]}}, {"suit": "crabs"}, True),
    ({"any": [{"suit": "gulls"}, {"anchors": {">": 4}}]}, {"suit": "crabs", "anchors": 5}, True),
    ({"all": [{"suit": "gulls"}, {"anchors": {">": 4}}]}, {"suit": "crabs", "anchors": 5}, False),
    ({"anchors": {">": 1}}, {"anchors": None}, False),   # an optional field left blank never compares
    ({}, {}, True),
])
def test_holds(condition, values, expected):
    assert holds(when(condition), values) is expected


def test_an_unknown_operator_is_refused_by_the_schema():
    with pytest.raises(ValidationError):
        when({"anchors": {"=>": 2}})


@pytest.mark.parametrize("condition, problem", [
    ({"suits": "gulls"}, "a field of the piece"),
    ({"suit": "whales"}, "choices"),
    ({"suit": {">": 1}}, "whole-number field"),
    ({"anchors": 7}, "from 0 to 6"),
    ({"anchors": "many"}, "a number"),
    ({"any": [{"name": {"<": 3}}]}, "whole-number field"),
])
def test_check_condition_names_the_problem(condition, problem):
    def fail(where, expected, found):
        return ValueError(f"{where}: {expected}, {found}")

    with pytest.raises(ValueError, match=problem):
        check_condition(when(condition), FIELDS, set(), fail)


def test_repeat_offsets_along_a_row_centred():
    offsets = repeat_offsets(Repeat(count=3, spacing=7, align="centre"), 3, 1.0)
    assert offsets == [(-7.0, 0.0), (0.0, 0.0), (7.0, 0.0)]


def test_repeat_offsets_on_a_grid_and_an_arc():
    grid = repeat_offsets(Repeat(count=5, along="grid", columns=2, spacing=3, row_spacing=4), 5, 1.0)
    assert grid == [(0, 0), (3, 0), (0, 4), (3, 4), (0, 8)]
    arc = repeat_offsets(Repeat(count=4, along="arc", radius=10, start=90, step=90), 4, 1.0)
    assert [(round(x, 6), round(y, 6)) for x, y in arc] == [(0, -10), (-10, 0), (0, 10), (10, 0)]


def test_a_literal_repeat_count_is_bounded():
    with pytest.raises(ValidationError):
        Repeat(count=10_000)
