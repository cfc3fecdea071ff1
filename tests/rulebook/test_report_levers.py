"""The designer's report headlines a lever only when its interval leaves out zero: made-up lever
results, one sweep where a lever moved the result and one where every interval holds zero, through
the report's data (``lever_verdict``, ``headline``) and the shared report text as it renders them."""
from __future__ import annotations

import re

import pytest

from generator.rulebook.report import headline, lever_verdict, measurable


def _row(option: str, value: str, difference: float, low: float, high: float) -> dict:
    share = {"rate": 0.5 + difference, "ci95": [0.45 + difference, 0.55 + difference]}
    return {"option": option, "value": value, "printed": "x", "first": share, "turns": 40.0,
            "change": {"difference": difference, "ci95": [low, high]}}


# the largest change (-9 points) is noise; a smaller one (+5) and a smaller still (-3) are measured
MOVED = [_row("deck_size", "30", -0.09, -0.20, 0.02), _row("hidden", "0", 0.05, 0.01, 0.09),
         _row("basis", "vigor", -0.03, -0.05, -0.01)]
# every interval holds zero; the largest is +6 points
NOISE = [_row("deck_size", "30", 0.02, -0.03, 0.07), _row("hidden", "0", -0.06, -0.13, 0.01),
         _row("basis", "vigor", 0.0, 0.0, 0.0)]
BASE = {"first": {"rate": 0.55, "ci95": [0.5, 0.6]}, "turns": 40.0}


def test_an_interval_touching_zero_is_not_measurable():
    assert measurable({"ci95": [0.01, 0.2]}) and measurable({"ci95": [-0.2, -0.001]})
    assert not measurable({"ci95": [-0.01, 0.2]}) and not measurable({"ci95": [0.0, 0.2]})


def test_the_strongest_lever_is_the_largest_of_those_that_moved_the_result():
    verdict = lever_verdict(MOVED)
    assert (verdict["strongest"]["option"], verdict["largest"]["option"]) == ("hidden", "deck_size")


def test_no_lever_is_strongest_when_every_interval_holds_zero():
    verdict = lever_verdict(NOISE)
    assert verdict["strongest"] is None and verdict["largest"]["option"] == "hidden"
    assert lever_verdict([]) == {"strongest": None, "largest": None}


def _report(rows: list[dict], tmp_path) -> str:
    """The shared report text rendered with a made-up balance run and the lever rows ``rows``."""
    from generator.model.layouts import BUILTIN_LOOKS
    from generator.rulebook.balance import fixed, percent
    from generator.rulebook.text import RuleText
    seats = ("Light", "Dark")
    first = {"rate": 0.55, "low": 0.5, "high": 0.6}
    balance = {"this": {"games": 400, "turns": {"mean": 40.0, "median": 40, "min": 20, "max": 60}, "light": first},
               "agents": ["strong", "strong"], "games": 400, "seed": 1}
    levers = {"games": 200, "agents": ["greedy", "greedy"], "seed": 1, "base": BASE, "rows": rows,
              "commands": ["pnpkit sweep made-up"], "longest": None, **lever_verdict(rows)}
    head = headline(balance, None, [], levers, ("light", "dark"))
    context = {"headline": head, "balance": balance, "levers": levers, "seats": list(seats), "decisions": [],
               "options": [], "questions": [], "sample": None, "rules": None, "strength": [], "stalls": [],
               "coverage": None, "play_summary": False, "game": {"id": "made-up", "title": "Made Up"},
               "edition": {"id": "base", "title": "Base"}, "settings": {}, "balance_command": "pnpkit simulate made-up"}
    (tmp_path / "rules").mkdir()
    text = RuleText(tmp_path / "rules", {"figure": lambda name, caption="": f"[figure {name}]"},
                    shared=[BUILTIN_LOOKS / "rulebook"])
    text.env.filters.update(percent=percent, fixed=fixed)
    return " ".join(text.render(context, "report.md").split())


def test_the_report_headlines_the_largest_lever_that_moved_the_result(tmp_path):
    text = _report(MOVED, tmp_path)
    glance = text[:text.index("# About this report")]
    assert "| Strongest lever | `hidden` = 0: Light's share +5.0 points [+1.0, +9.0]" in glance, glance
    assert "deck_size" not in glance and "within the noise" not in glance
    assert re.search(r"The strongest lever is `hidden` = 0: Light's share changes by \+5\.0 points \[\+1\.0, \+9\.0\]",
                     text)
    assert "No lever moved" not in text


def test_the_report_says_no_lever_moved_the_result_when_every_interval_holds_zero(tmp_path):
    text = _report(NOISE, tmp_path)
    glance = text[:text.index("# About this report")]
    assert "Strongest lever" not in glance and "strongest lever" not in text
    assert ("| Levers | No lever moved Light's share measurably in the lever sweep's games (`greedy` against "
            "`greedy`): the largest change, `hidden` = 0 at -6.0 points [-13.0, +1.0], is within the noise |") in glance
    assert ("No lever moved Light's share measurably: every row's interval holds no change at all" in text
            and "The largest change, `hidden` = 0 at -6.0 points [-13.0, +1.0], is within the noise." in text), text


@pytest.mark.parametrize("rows", [MOVED, NOISE])
def test_the_headline_carries_the_verdict(rows):
    levers = {"rows": rows, **lever_verdict(rows)}
    head = headline({"this": {"turns": {"mean": 40.0}}}, None, [], levers, ("light", "dark"))
    assert head["lever"] is levers["strongest"] and head["largest_lever"] is levers["largest"]
