"""The hex-tile draft: hex geometry, what is printed, and the completeness report of what is not written."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import yaml

from games_support import ROOT, cli, close, face_image, pixel_mm, style_rgb
from generator.draw.hexes import hex_cluster_centres, hex_corners, hex_outer_boundary

UNDEFINED = yaml.safe_load((ROOT / "components/mana-hex/editions/draft.yaml").read_text())["undefined"]
BLANK_CLASSES = ["The Alchemist", "The Priest", "The Druid", "The Witch"]


# ----------------------------------------------------------------- geometry
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("rings", [1, 2])
def test_neighbouring_hexes_share_a_whole_flat_face(orientation: str, rings: int) -> None:
    r = 15.0
    centres = hex_cluster_centres(40, 40, r, rings, orientation)
    assert len(centres) == 1 + 3 * rings * (rings + 1)
    pairs = 0
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            d = math.dist(a, b)
            shared = [p for p in hex_corners(*a, r, orientation)
                      if any(math.dist(p, q) < 1e-6 for q in hex_corners(*b, r, orientation))]
            if d < 1.01 * math.sqrt(3) * r:
                pairs += 1
                assert abs(d - math.sqrt(3) * r) < 1e-6
                assert len(shared) == 2  # one whole face: two corners in common
                mid = ((shared[0][0] + shared[1][0]) / 2, (shared[0][1] + shared[1][1]) / 2)
                # the straight line between the centres crosses that face at its midpoint
                assert math.dist(mid, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) < 1e-6
            else:
                assert len(shared) <= 1, "hexes that are not neighbours touch at a corner at most"
    assert pairs == 3 * rings * (3 * rings + 1)  # edges of the hex grid inside the cluster
    outline = hex_outer_boundary(centres, r, orientation)
    assert len(outline) == 6 * (2 * rings + 1)


def test_flat_tiles_are_flat_topped() -> None:
    top = min(hex_corners(0, 0, 10, "flat"), key=lambda p: p[1])
    level = [p for p in hex_corners(0, 0, 10, "flat") if abs(p[1] - top[1]) < 1e-9]
    assert len(level) == 2


def test_tile_face_centre_ring_and_outside() -> None:
    image = face_image("mana-hex", "draft", "tiles", 0)
    r, cx, cy = 15, 37.5, 39
    assert close(pixel_mm(image, cx - 6, cy - 6), style_rgb("light"))          # the central hex
    assert close(pixel_mm(image, cx + 1.5 * r + 3, cy - math.sqrt(3) / 2 * r), style_rgb("parchment"))  # ring hex
    assert close(pixel_mm(image, cx, cy - math.sqrt(3) * r + 4), style_rgb("parchment"))
    assert pixel_mm(image, 2, 2) == (255, 255, 255)  # a corner of the box lies outside the tile: no ink
    # the cut line: the middle of an outer face (the upper-left hex's face towards the upper left) is dark
    apothem = math.sqrt(3) / 2 * r
    hx, hy = cx - 1.5 * r, cy - apothem
    face = (hx + apothem * math.cos(math.radians(150)), hy - apothem * math.sin(math.radians(150)))
    assert sum(pixel_mm(image, *face)) < 3 * 120


# ----------------------------------------------------------------- completeness
def test_validate_lists_every_undefined_part_and_exits_0() -> None:
    result = cli("validate", "mana-hex")
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "incomplete" in out.splitlines()[0]
    for part in UNDEFINED:
        assert part in out
    for name in BLANK_CLASSES:
        assert f"'{name}' leaves feature_name, feature, action_name, action, trap_name, trap blank" in out
    assert "'The Scholar'" not in out


def test_strict_validation_fails_and_json_carries_the_report() -> None:
    assert cli("validate", "mana-hex", "--strict").returncode == 1
    report = json.loads(cli("validate", "mana-hex", "--json").stdout)
    assert report["ok"] is True and len(report["incomplete"]) == len(UNDEFINED) + len(BLANK_CLASSES)
    assert set(report["incomplete"]) <= set(report["warnings"])


def test_complete_games_have_no_completeness_gaps() -> None:
    for game in ("the-channeling", "battle-for-the-grove"):
        report = json.loads(cli("validate", game, "--json").stdout)
        reports = report if isinstance(report, list) else [report]
        assert all(r["incomplete"] == [] for r in reports)


def test_filling_in_a_class_removes_it_from_the_report(tmp_path: Path) -> None:
    from games_support import copy_components

    root = copy_components(tmp_path)
    classes = root / "mana-hex/cards/classes.yaml"
    text = classes.read_text().replace(
        "- {name: The Witch, class: witch, colour: dark, ink: dark-ink, status: blank}",
        "- {name: The Witch, class: witch, colour: dark, ink: dark-ink, status: written, feature_name: Hex, "
        "feature: x, action_name: Curse, action: y, trap_name: Snare, trap: z}")
    classes.write_text(text)
    report = json.loads(cli("validate", "mana-hex", "--json", env={"PNP_COMPONENTS": str(root)}).stdout)
    assert not any("The Witch" in part for part in report["incomplete"])
    assert any("The Druid" in part for part in report["incomplete"])


# ----------------------------------------------------------------- print kit
def test_print_kit_shows_what_exists_and_leaves_the_rest_blank(tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "mana-hex"
    result = cli("build", "mana-hex", "--profile", "a4", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "print-safety" not in result.stderr, result.stderr   # no text runs out of its box (the summary's rows)
    manifest = json.loads((out / "manifest.json").read_text())
    assert {f["kind"] for f in manifest["files"]} >= {"sheet", "tokens"}
    cards = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out / "mana-hex-draft-a4-cards.pdf").pages)
    assert "Mana Manipulation" in cards and "Arcane Research" in cards and "Duel" in cards
    # four blank classes with three parts each, and two summary cards naming Power Struggle and Clash ties
    assert cards.count("not yet written") == 3 * len(BLANK_CLASSES) + 2 * 2
    assert cards.count("effect") == 18 and "None" not in cards
    tokens = " ".join(p.extract_text() for p in PdfReader(out / "mana-hex-draft-a4-tokens.pdf").pages)
    assert tokens.count("Central Hex") == 6 and tokens.count("fold under") == 10


def test_the_turn_summary_leaves_open_what_the_book_leaves_open(tmp_path: Path) -> None:
    """The book lists a Clash of three or more totems and where mana lies (the tile or the hex) as
    not yet written: the printed turn summary, a reference aid at the table, says so too, on the
    back beside the Clash it tells (a Clash of two) and on the front beside Drain and Replenish."""
    from pypdf import PdfReader

    assert any("a Clash of three or more totems" in part for part in UNDEFINED)
    assert any(part.startswith("where mana lies") for part in UNDEFINED)
    out = tmp_path / "mana-hex"
    result = cli("build", "mana-hex", "--profile", "a4", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "print-safety" not in result.stderr, result.stderr   # the new words fit their boxes
    cards = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out / "mana-hex-draft-a4-cards.pdf").pages)
    clash = cards[cards.index("Clash: totems on one hex"):cards.index("Out of the game")]
    assert "Equal totals, and three or more totems: not yet written." in clash, clash
    assert cards.count("Not yet settled: whether Drain and Replenish use your tile or your hex.") == 2, cards


def test_simulate_refuses_a_game_without_rules() -> None:
    result = cli("simulate", "mana-hex", "--games", "1")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "mana-hex" in result.stderr


def test_simulate_names_the_missing_rules() -> None:
    from generator.model import load_edition
    from generator.build.validate import incomplete_parts

    result = cli("simulate", "mana-hex", "--games", "1")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "Power Struggle" in result.stderr and "Spell deck" in result.stderr
    for part in incomplete_parts(load_edition("mana-hex", "draft")):
        assert part.removeprefix("undefined in the rules: ") in lines[0]
