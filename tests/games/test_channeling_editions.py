"""The thirty and forest editions of The Channeling: shared data, per-type ranges, declared rule checks,
and the forest card face."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from games_support import ROOT, cli, close, copy_components, face_image, pixel_mm, style_rgb
from generator.model import find_game, load_edition

EDITIONS = ROOT / "components/the-channeling/editions"


def test_thirty_extends_2025_and_shares_its_magic_circle_definition() -> None:
    data = yaml.safe_load((EDITIONS / "thirty.yaml").read_text())
    assert "components" not in data and data["extends"] == "2025"  # no copied definition
    thirty, base = load_edition("the-channeling", "thirty"), load_edition("the-channeling", "2025")
    deck, base_deck = thirty.component("magic-circle"), base.component("magic-circle")
    assert deck.total == 30 and base_deck.total == 36
    assert deck.spec.face == base_deck.spec.face and deck.spec.fields == base_deck.spec.fields
    assert {c.id for c in thirty.components} == {c.id for c in base.components}
    assert thirty.rules["hidden_glyphs"] == 0 and base.rules["hidden_glyphs"] == 3
    declared = {d.component: d for d in thirty.spec.declares}
    assert declared["magic-circle"].total == 30 and declared["glyph-cards"].total == 24


def test_credits_are_each_editions_own_and_never_inherited(tmp_path: Path) -> None:
    """An edition's credits and web address are its own; one that extends another does not take
    them over, and an edition without credits of its own has the game's."""
    editions = {e: load_edition("the-channeling", e) for e in ("2025", "thirty", "forest")}
    assert [c.role for c in editions["2025"].credits][-2:] == ["Playtesting", "Ornamentation"]
    assert editions["2025"].spec.website
    assert editions["thirty"].credits == [] and editions["thirty"].spec.website is None
    assert "Playtesting" not in {c.role for c in editions["forest"].credits}
    assert editions["forest"].spec.website is None
    root = copy_components(tmp_path)
    game = root / "the-channeling"
    data = yaml.safe_load((game / "game.yaml").read_text())
    data["credits"] = [{"role": "Design", "names": ["A. Maker"]}]
    (game / "game.yaml").write_text(yaml.safe_dump(data))
    thirty = yaml.safe_load((game / "editions/thirty.yaml").read_text())
    del thirty["credits"]
    (game / "editions/thirty.yaml").write_text(yaml.safe_dump(thirty))
    made_up = find_game("the-channeling", root)
    assert [(c.role, c.names) for c in load_edition(made_up, "thirty").credits] == [("Design", ["A. Maker"])]


def test_druids_and_glyphs_are_one_definition_for_every_edition() -> None:
    game = find_game("the-channeling")
    editions = [load_edition(game, e) for e in ("2025", "thirty", "forest")]
    for component in ("druids", "glyph-cards", "energy-cubes"):
        sets = [e.component(component) for e in editions]
        assert all(s is sets[0] for s in sets), component  # the game's own object, not a copy
        assert sets[0].origin[0].path.name == "game.yaml"


@pytest.mark.parametrize("edition, warned", [("2025", False), ("thirty", True), ("forest", False)])
def test_the_cube_accounting_contradiction_is_a_warning(edition: str, warned: bool) -> None:
    result = cli("validate", "the-channeling", "--edition", edition, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    hits = [w for w in report["warnings"] if "cubes_returned_basis" in w and "overchanneling_basis" in w]
    assert bool(hits) == warned, report["warnings"]
    strict = cli("validate", "the-channeling", "--edition", edition, "--strict")
    assert strict.returncode == (1 if warned else 0), strict.stdout


def test_a_designers_new_inconsistency_is_reported(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    forest = root / "the-channeling/editions/forest.yaml"
    text = forest.read_text().replace("overchanneling_basis: splendor", "overchanneling_basis: vigor")
    text += "rule_checks:\n  - agree: [hidden_glyphs, turn_cap]\n    because: a made-up rule for this test\n"
    forest.write_text(text)
    result = cli("validate", "the-channeling", "-e", "forest", "--json", env={"PNP_COMPONENTS": str(root)})
    warnings = json.loads(result.stdout)["warnings"]
    assert any("overchanneling_basis is 'vigor'" in w for w in warnings), warnings
    # turn_cap is not in the edition's rules: its value comes from the engine's defaults
    assert any("hidden_glyphs is 0 but turn_cap is" in w and "made-up" in w for w in warnings), warnings


def test_forest_vigor_is_checked_per_card_type(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    cards = root / "the-channeling/cards/forest-30.yaml"
    cards.write_text(cards.read_text().replace("{name: Cairn Circle, type: stone-circle, vigor: 6",
                                               "{name: Cairn Circle, type: stone-circle, vigor: 5"))
    result = cli("validate", "the-channeling", "-e", "forest", env={"PNP_COMPONENTS": str(root)})
    assert result.returncode == 1
    assert "'Cairn Circle' (type stone-circle) has vigor 5, outside the declared 6-7" in result.stdout


@pytest.mark.parametrize("edit, key", [
    (("extends: \"2025\"", "extends: thirty"), "extends"),
    (("  magic-circle: ../cards/magic-circle-30.yaml", "  magic-circles: ../cards/magic-circle-30.yaml"), "pieces"),
    (("  magic-circle: ../cards/magic-circle-30.yaml", "  magic-circle: ../cards/none.yaml"), "pieces.magic-circle"),
])
def test_bad_extends_or_pieces_names_file_line_and_key(tmp_path: Path, edit: tuple[str, str], key: str) -> None:
    root = copy_components(tmp_path)
    path = root / "the-channeling/editions/thirty.yaml"
    assert edit[0] in path.read_text()
    path.write_text(path.read_text().replace(*edit))
    result = cli("validate", "the-channeling", "-e", "thirty", env={"PNP_COMPONENTS": str(root)})
    assert result.returncode == 2
    assert "thirty.yaml:" in result.stderr and f"'{key}" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_forest_face_shows_vigor_diamond_splendor_circle_and_type() -> None:
    edition = load_edition("the-channeling", "forest")
    pieces = edition.component("forest-cards").pieces
    ring = next(i for i, p in enumerate(pieces) if p.type == "faerie-ring")
    stone = next(i for i, p in enumerate(pieces) if p.type == "stone-circle")
    images = {kind: face_image("the-channeling", "forest", "forest-cards", i) for kind, i in
              (("ring", ring), ("stone", stone))}
    for image in images.values():
        assert close(pixel_mm(image, 11, 13.5), style_rgb("vigor"))     # inside the diamond, below the number
        assert not close(pixel_mm(image, 4, 15.5), style_rgb("vigor"))  # outside the diamond's slanted side
        assert close(pixel_mm(image, 52, 82.5), style_rgb("splendor"))  # inside the circle, below the number
        assert not close(pixel_mm(image, 46, 71), style_rgb("splendor"))
    # the banner and the glade change colour with the type
    assert close(pixel_mm(images["ring"], 55, 8), style_rgb("back"))
    assert close(pixel_mm(images["stone"], 55, 8), style_rgb("frame"))
    assert close(pixel_mm(images["ring"], 31.5, 40), style_rgb("back"))
    assert close(pixel_mm(images["stone"], 31.5, 40), style_rgb("green"))


def test_forest_sheets_name_each_card_type(tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "forest"
    result = cli("build", "the-channeling", "--edition", "forest", "--profile", "a4", "--out", str(out))
    assert result.returncode == 0, result.stderr
    text = "".join(page.extract_text() for page in PdfReader(out / "the-channeling-forest-a4-cards.pdf").pages)
    # each card shows its type twice: in the banner and in the small label
    assert text.count("Faerie Ring") == 2 * 15 and text.count("Stone Circle") == 2 * 15
