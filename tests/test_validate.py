"""`validate`: a readable summary, exit 0 when the deck matches its declaration, 1 with one line per violation."""
from __future__ import annotations

import json
from pathlib import Path

from pnp_testing import run_cli


def test_2025_deck_holds_and_summary_counts(game_copy: Path) -> None:
    result = run_cli("validate", "the-channeling", "--edition", "2025")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Magic Circle cards: 36" in result.stdout
    assert "by vigor: 4: 9, 5: 9, 6: 9, 7: 9" in result.stdout
    assert "Glyph cards: 24" in result.stdout


def test_json_report_matches_the_data() -> None:
    result = run_cli("validate", "the-channeling", "--edition", "2025", "--json")
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["violations"] == []
    deck = next(c for c in report["components"] if c["id"] == "magic-circle")
    assert deck["total"] == 36 and sum(deck["by_splendor"].values()) == 36
    assert min(map(int, deck["by_splendor"])) == 3 and max(map(int, deck["by_splendor"])) == 8


def test_violations_one_line_each_and_exit_1(game_copy: Path) -> None:
    cards = game_copy / "the-channeling/cards/magic-circle-36.yaml"
    text = cards.read_text().replace("vigor: 7, splendor: 8, count: 4", "vigor: 9, splendor: 8, count: 5")
    cards.write_text(text)
    glyphs = game_copy / "the-channeling/game.yaml"
    glyphs.write_text(glyphs.read_text().replace("- {colour: dark, count: 2}", "- {colour: dark, count: 3}"))
    env = {"PNP_COMPONENTS": str(game_copy)}
    result = run_cli("validate", "the-channeling", "--edition", "2025", env=env)
    assert result.returncode == 1
    violations = [line for line in result.stdout.splitlines() if "violation:" in line]
    assert any("37 pieces" in v and "36" in v for v in violations), violations
    assert any("Crown of Stars" in v and "vigor 9" in v for v in violations), violations
    assert any("Druid tokens (colour dark): 3 pieces" in v for v in violations), violations
    assert any("Druid tokens: 5 pieces" in v for v in violations), violations
    report = json.loads(run_cli("validate", "the-channeling", "-e", "2025", "--json", env=env).stdout)
    assert report["ok"] is False and len(report["violations"]) == len(violations)


def test_missing_glyph_in_a_set_is_a_violation(game_copy: Path) -> None:
    game = game_copy / "the-channeling/game.yaml"
    game.write_text(game.read_text().replace('glyph: "@glyphs"', "glyph: [ember, stone, star, eye, tide, root, moon]"))
    result = run_cli("validate", "the-channeling", "--edition", "2025", env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 1
    assert "7 distinct glyph values" in result.stdout
