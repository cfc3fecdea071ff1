"""Every class of template mistake stops `validate` (exit 2) with the file and line that made it,
the same check `build` runs before drawing, so a project that validates also builds."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from games_support import cli, harbour_project
from generator.cli import main

GAME = Path("components") / "harbour-lights"
SHIP = GAME / "templates" / "ship-card.yaml"
RULE_ROW = "Draw a card."

# (what, file, text to find, replacement, the text of the line the error must name, words it must say)
MISTAKES = [
    ("unknown field in a condition", SHIP, "when: {anchors: {\">=\": 4}}", "when: {anchor: {\">=\": 4}}",
     "heavy:", "anchor"),
    ("value outside a choice field's choices", SHIP, "{suit: gulls}", "{suit: whales}", "sea_bird:", "whales"),
    ("order comparison on a choice field", SHIP, "{suit: {in: [stars]}}", "{suit: {\">\": 2}}", "sea_bird:",
     "whole-number field"),
    ("number a field cannot hold", SHIP, "when: {anchors: {\">=\": 4}}", "when: {anchors: 9}", "heavy:",
     "from 0 to 6"),
    ("text compared with a number field", SHIP, "when: {anchors: {\">=\": 4}}", "when: {anchors: four}",
     "heavy:", "a number"),
    ("unknown comparison", SHIP, "{\">=\": 4}", "{\"=>\": 4}", "heavy:", "=>"),
    ("repeat by an unknown field", SHIP, "count: $anchors", "count: $anchor", "anchors:", "$anchor"),
    ("repeat by a field that is not a number", SHIP, "count: $anchors", "count: $suit", "anchors:", "$suit"),
    ("unknown icon in a template's text", SHIP, "text: \"{rule}\"", "text: \"{rule} :kraken:\"", "rule:",
     ":kraken:"),
    ("unknown icon in a piece's text", GAME / "game.yaml", "Then **discard** one.",
     "Then **discard** one :kraken:.", RULE_ROW, ":kraken:"),
    ("unknown colour in text", GAME / "game.yaml", "[:coin:](gold) when", "[:coin:](purple) when",
     "The Dawn Treader", "purple"),
    ("back of another size than its face", GAME / "game.yaml", "anchors: 1, rule:",
     "anchors: 1, back: quay-tile-back, rule:", RULE_ROW, "'ship-card' is 57 x 89 mm"),
    ("piece face of another size than the component's", GAME / "game.yaml", "anchors: 1, rule:",
     "anchors: 1, face: quay-tile-back, rule:", RULE_ROW, "'quay-tile-back' 40 x 40 mm"),
    ("unknown template for a piece", GAME / "game.yaml", "back: storm-tile-back", "back: storm-back",
     "Storm Surge", "storm-back"),
    ("label naming an unknown field", GAME / "game.yaml", 'label: "{value} coin"', 'label: "{worth} coin"',
     'label: "{worth} coin"', "{worth}"),
    ("unknown colour", SHIP, "colour: anchor-red", "colour: anchor-pink", "anchors:", "anchor-pink"),
    ("missing SVG", SHIP, "art/emblem.svg", "art/emblem-2.svg", "emblem:", "emblem-2.svg"),
    ("outline on rich text", SHIP, "fit: wrap-shrink, valign: top", "fit: wrap-shrink, valign: top, outline: ink",
     "rule:", "plain text for an outline"),
    ("unknown cut-line colour", GAME / "profiles" / "harbour-a4.yaml", "colour: cut-magenta", "colour: cut-pink",
     "cut_lines:", "cut-pink"),
    ("shared cuts on a round piece", GAME / "templates" / "coin.yaml", "shape: round", "shape: round\nshared_cuts: true",
     "shared_cuts:", "round ones need bleed"),
]


def make_mistake(tmp_path: Path, file: Path, old: str, new: str, line_text: str) -> tuple[Path, Path, int]:
    """A copy of the game with one mistake; returns the project, the edited file and the mistake's line."""
    root = harbour_project(tmp_path)
    path = root / file
    text = path.read_text()
    assert old in text, f"the fixture changed: {old!r} not in {file}"
    text = text.replace(old, new, 1)
    path.write_text(text)
    return root, path, next(i for i, row in enumerate(text.splitlines(), 1) if line_text in row)


def validate_in_process(root: Path, monkeypatch, capsys) -> SimpleNamespace:
    """`validate harbour-lights` through the command line's own main(), without a new process."""
    monkeypatch.setenv("PNP_PROJECT", str(root))
    monkeypatch.setattr(sys, "argv", ["pnpkit", "validate", "harbour-lights"])
    with pytest.raises(SystemExit) as stopped:
        main()
    out = capsys.readouterr()
    return SimpleNamespace(returncode=stopped.value.code, stdout=out.out, stderr=out.err)


def assert_names_line(result, path: Path, line: int, says: str) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    error = result.stderr.strip()
    assert re.search(rf"{re.escape(str(path))}:{line}\b", error), (line, error)
    assert says in error and "Traceback" not in error


@pytest.mark.parametrize("what, file, old, new, line_text, says", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_validate_names_file_and_line(tmp_path, monkeypatch, capsys, what, file, old, new, line_text, says):
    root, path, line = make_mistake(tmp_path, file, old, new, line_text)
    assert_names_line(validate_in_process(root, monkeypatch, capsys), path, line, says)


@pytest.mark.parametrize("index", [0, 9, 11])
def test_build_stops_at_the_same_mistake_and_writes_nothing(tmp_path, index):
    _, file, old, new, line_text, says = MISTAKES[index]
    root, path, line = make_mistake(tmp_path, file, old, new, line_text)
    out = tmp_path / "out"
    result = cli("build", "harbour-lights", "-p", "harbour-a4", "--out", str(out), env={"PNP_PROJECT": str(root)})
    assert_names_line(result, path, line, says)
    assert not out.exists()


@pytest.mark.parametrize("what, file, old, new, line_text, says", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_kept_answer_does_not_hide_a_new_mistake(tmp_path, monkeypatch, capsys, what, file, old, new, line_text,
                                                  says):
    """`validate` keeps its answer for unchanged inputs (generator/build/kept_answers.py): after a clean run has
    been kept, the same mistake is still found, with its file and line."""
    root = harbour_project(tmp_path / "first")
    clean = validate_in_process(root, monkeypatch, capsys)
    assert clean.returncode in (0, 1) and list((root / ".pnp-cache").rglob("commands/*.json")), clean.stderr
    path = root / file
    text = path.read_text().replace(old, new, 1)
    path.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if line_text in row)
    assert_names_line(validate_in_process(root, monkeypatch, capsys), path, line, says)
