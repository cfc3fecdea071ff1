"""Every class of mistake in a game file: one message naming file, line and key; exit 2; nothing written."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp_testing import run_cli

CARDS = "the-channeling/cards/magic-circle-36.yaml"
EDITION = "the-channeling/editions/2025.yaml"
GAME = "the-channeling/game.yaml"


def _edit(root: Path, relative: str, old: str, new: str) -> None:
    path = root / relative
    text = path.read_text()
    assert old in text, f"test setup: {old!r} not in {relative}"
    path.write_text(text.replace(old, new, 1))


CASES = {
    "bad yaml syntax": (CARDS, "- {name: Dew Circle, vigor: 4, splendor: 4, count: 4}",
                        "- {name: Dew Circle, vigor: 4, splendor: 4, count: 4", "magic-circle-36.yaml", 10,
                        "starts on line 9"),
    "unknown key": (CARDS, "- {name: Dew Circle, vigor: 4,", "- {name: Dew Circle, vigour: 4,",
                    "magic-circle-36.yaml", 9, "vigour"),
    "wrong type": (CARDS, "{name: Moss Circle, vigor: 5,", "{name: Moss Circle, vigor: five,",
                   "magic-circle-36.yaml", 12, "vigor"),
    "out of range": (EDITION, "vigor: {type: int, min: 1, max: 20}", "vigor: {type: int, min: 1, max: 20, step: 2}",
                     "2025.yaml", 26, "step"),
    "value out of allowed range": (CARDS, "{name: Crown of Stars, vigor: 7,", "{name: Crown of Stars, vigor: 70,",
                                   "magic-circle-36.yaml", 19, "from 1 to 20"),
    "count not positive": (CARDS, "splendor: 3, count: 4}", "splendor: 3, count: 0}", "magic-circle-36.yaml", 8,
                           "count"),
    "count not integer": (CARDS, "splendor: 3, count: 4}", "splendor: 3, count: 2.5}", "magic-circle-36.yaml", 8,
                          "count"),
    "unknown template": (EDITION, "face: magic-circle\n", "face: magic-cirle\n", "2025.yaml", 22, "magic-cirle"),
    "missing file": (EDITION, "pieces: ../cards/magic-circle-36.yaml", "pieces: ../cards/missing.yaml",
                     "2025.yaml", 28, "missing.yaml"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_game_file_gives_one_clear_message(case: str, game_copy: Path, tmp_path: Path) -> None:
    relative, old, new, file_name, line, needle = CASES[case]
    _edit(game_copy, relative, old, new)
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "--edition", "2025", "--out", str(out),
                     env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    assert file_name in message and f":{line}" in message and needle in message, message
    assert "expected" in message and "found" in message
    assert not out.exists(), "nothing may be written for bad input"


def test_glyph_reference_that_does_not_exist(game_copy: Path, tmp_path: Path) -> None:
    glyph_file = game_copy / "the-channeling/glyphs.yaml"
    glyph_file.write_text(glyph_file.read_text().replace("id: hourglass", "id: sandglass"))
    _edit(game_copy, "the-channeling/game.yaml", 'glyph: "@glyphs"', "glyph: [ember, hourglass]")
    # a product of explicit values is checked against the glyph definitions
    result = run_cli("validate", "the-channeling", env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2
    assert re.search(r"game\.yaml:\d+ at 'components\[0\]\.product\[\d+\]\.glyph'.*hourglass", result.stderr) \
        or "hourglass" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_layout_mistake_names_template_file_and_element(tmp_path: Path) -> None:
    from pnp_testing import project_copy, project_env
    project = project_copy(tmp_path)
    template = project / "components/the-channeling/templates/magic-circle.yaml"
    template.write_text(template.read_text().replace('text: "{name}"', 'text: "{nmae}"'))
    result = run_cli("build", "the-channeling", "-e", "2025", "--out", str(tmp_path / "out"),
                     env=project_env(project))
    assert result.returncode == 2
    line = next(n for n, text in enumerate(template.read_text().splitlines(), 1) if "{nmae}" in text)
    assert f"magic-circle.yaml:{line}" in result.stderr and "elements.name.text" in result.stderr, result.stderr
    assert "{nmae}" in result.stderr


def test_absurd_card_size_is_refused(tmp_path: Path) -> None:
    from pnp_testing import project_copy, project_env
    project = project_copy(tmp_path)
    base = project / "layouts/templates/poker-card.yaml"
    base.write_text(base.read_text().replace("size: [63mm, 88mm]", "size: [63mm, 10000mm]"))
    result = run_cli("build", "the-channeling", "-e", "2025", "--out", str(tmp_path / "out"),
                     env=project_env(project))
    assert result.returncode == 2 and "poker-card.yaml" in result.stderr and "size" in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


def test_unknown_game_and_edition(tmp_path: Path) -> None:
    result = run_cli("validate", "no-such-game")
    assert result.returncode == 2 and "no-such-game" in result.stderr
    result = run_cli("build", "the-channeling", "--edition", "1999", "--out", str(tmp_path / "o"))
    assert result.returncode == 2 and "1999" in result.stderr and "Traceback" not in result.stderr


def test_a_million_cards_are_refused_not_attempted(game_copy: Path, tmp_path: Path) -> None:
    cards = game_copy / CARDS
    cards.write_text("".join(f"- {{name: Card {i}, vigor: 4, splendor: 3, count: 10000}}\n" for i in range(100)))
    result = run_cli("build", "the-channeling", "-e", "2025", "--out", str(tmp_path / "out"),
                     env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2 and "at most 20000 pieces" in result.stderr and "1000000" in result.stderr
    assert not (tmp_path / "out").exists()
