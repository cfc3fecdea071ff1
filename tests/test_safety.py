"""Print-safety checks, each fired by a crafted bad template in a temporary copy of layouts/ (and of
the game, for an image file), and the build's warning and --strict behaviour."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from generator.core.errors import ValidationFailed
from generator.model import find_game, load_edition
from generator.model.layouts import Layouts
from generator.build.pipeline import build_edition
from generator.render.safety import check_edition_safety, enforce_print_safety
from pnp_testing import project_copy

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def world(tmp_path):
    """A scratch project (layouts/ and the game), which a test may change."""
    return project_copy(tmp_path)


def add_element(world: Path, template: str, line: str) -> None:
    path = next(world.rglob(f"templates/{template}.yaml"))
    path.write_text(path.read_text().rstrip("\n") + "\n  " + line + "\n")


def findings(world: Path, edition: str = "2025"):
    game = find_game("the-channeling", world / "components")
    return [str(f) for f in check_edition_safety(load_edition(game, edition), looks(world))]


def looks(world: Path) -> Layouts:
    return Layouts(world / "layouts", world / "components" / "the-channeling")


def test_the_shipped_templates_pass(world):
    assert findings(world) == [] and findings(world, "thirty") == [] and findings(world, "forest") == []


@pytest.mark.parametrize("line, reach", [
    # the forest face's old Vigor diamond: its top point 0.5 mm past the trim, 3.8 mm past the safe zone
    ("old_vigor: {kind: diamond, cx: 11, cy: 8, w: 15, h: 17, fill: vigor, stroke: ink, stroke_width: 0.6}", 3.6),
    ("frame: {kind: rect, x: 2.5, y: 2.5, w: 58, h: 83, stroke: frame, stroke_width: 0.6}", 0.6),
    # the fourth copy of a repeat, centred at x = 1 mm: its edge 1 mm past the trim
    ("dots: {kind: circle, cx: 10, cy: 44, r: 2, fill: ink, repeat: {count: 4, along: row, spacing: -3}}", 4.0),
    ("arrow: {kind: polygon, points: [[50, 40], [62, 44], [50, 48]], fill: ink}", 2.0),
    # an ellipse 60 mm across, centred: 1.5 mm from each side of the card, the safe zone 3 mm
    ("oval: {kind: ellipse, cx: 31.5, cy: 44, rx: 30, ry: 5, fill: ink}", 1.5),
])
def test_shapes_reaching_past_the_safe_zone_are_reported(world, line, reach):
    add_element(world, "magic-circle", line)
    found = findings(world)
    assert len(found) == 1 and f"reaches {reach:.1f} mm past the safe zone" in found[0], found


def test_shapes_marked_bleed_may_run_off_the_edge(world):
    add_element(world, "magic-circle", "stripe: {kind: rect, x: -3, y: 40, w: 69, h: 4, fill: ink, bleed: true}")
    assert findings(world) == []


def test_text_under_six_points_is_reported_with_card_and_element(world):
    add_element(world, "magic-circle", 'tiny: {kind: text, x: 10, y: 30, w: 43, h: 5, text: "{name}", size: 5.5}')
    found = findings(world)
    assert len(found) == 1
    assert found[0].startswith("magic-circle face, ") and found[0].endswith("; magic-circle 'Hedge Ring' and 11 more")
    assert "element 'tiny'" in found[0] and "5.5 pt, under the 6 pt minimum" in found[0]


def test_text_that_shrinks_under_six_points_to_fit_is_reported(world):
    add_element(world, "magic-circle", 'squeeze: {kind: text, x: 20, y: 30, w: 12, h: 5, text: "{name}", '
                                       'size: 8, fit: shrink}')
    found = findings(world)
    assert found and all("element 'squeeze'" in f and "shrinks to" in f for f in found)


def test_text_outside_the_safe_zone_is_reported(world):
    add_element(world, "glyph-back", 'edge: {kind: text, x: 0.5, y: 40, w: 20, h: 6, text: "edge", size: 7}')
    found = findings(world)
    assert len(found) == 1
    assert found[0].startswith("glyph-back back, element 'edge': ")
    assert found[0].endswith("; glyph-cards 'light ember' and 23 more")
    assert "text 'edge' reaches 2.5 mm past the safe zone (3 mm inside the trim)" in found[0]


def test_text_near_a_round_tokens_rim_is_outside_its_circular_safe_zone(world):
    # inside the square's safe margin, but its ends reach past the circle 2 mm inside the rim
    add_element(world, "druid-token", 'wide: {kind: text, x: 2.5, y: 3, w: 20, h: 4, text: "MMMMMMMM", size: 6, '
                                      'align: centre}')
    found = findings(world)
    assert found and all("element 'wide'" in f and "druids" in f and "past the safe zone" in f for f in found)


def test_text_that_overflows_its_box_is_reported(world):
    add_element(world, "magic-circle", 'long: {kind: text, x: 10, y: 50, w: 10, h: 5, '
                                       'text: "far too long for this box", size: 7}')
    add_element(world, "magic-circle", 'tall: {kind: text, x: 10, y: 60, w: 40, h: 4, '
                                       'text: "a few words wrapped onto many rows here", size: 7, fit: wrap}')
    found = findings(world)
    assert any("element 'long'" in f and "mm wide at 7 pt, its box 10.0 mm" in f for f in found)
    assert any("element 'tall'" in f and "rows), its box 4.0 mm" in f for f in found)


def test_wrapped_text_that_fits_is_fine(world):
    add_element(world, "magic-circle", 'fits: {kind: text, x: 10, y: 55, w: 43, h: 12, '
                                       'text: "a few words wrapped onto two rows", size: 7, fit: wrap}')
    assert findings(world) == []


def test_an_image_under_300_dpi_is_reported(world):
    art = world / "components" / "the-channeling" / "art"
    art.mkdir()
    Image.new("RGB", (120, 120), "red").save(art / "low.png")
    Image.new("RGB", (400, 400), "red").save(art / "high.png")   # 400 px over 30 mm: 339 DPI
    add_element(world, "magic-circle", "low: {kind: image, x: 16.5, y: 20, w: 30, h: 30, file: art/low.png}")
    add_element(world, "magic-circle-back", "high: {kind: image, x: 16.5, y: 20, w: 30, h: 30, file: art/high.png}")
    found = findings(world)
    assert len(found) == 1
    assert "element 'low'" in found[0] and "(120 x 120 px) prints at 102 DPI" in found[0]


def test_strict_stops_the_build_before_anything_is_written(world):
    add_element(world, "magic-circle", 'tiny: {kind: text, x: 10, y: 30, w: 43, h: 5, text: "x", size: 5}')
    game = find_game("the-channeling", world / "components")
    edition, layouts = load_edition(game, "2025"), looks(world)
    with pytest.raises(ValidationFailed) as caught:
        build_edition(edition, world / "out", ["letter"], layouts=layouts, strict=True)
    assert caught.value.exit_code == 1 and "element 'tiny'" in str(caught.value)
    assert not (world / "out").exists()
    seen = []
    build_edition(edition, world / "out", ["letter"], layouts=layouts, on_warning=seen.append)
    assert len(seen) == 1 and "element 'tiny'" in seen[0] and (world / "out" / "manifest.json").is_file()
    with pytest.warns(UserWarning, match="tiny"):
        enforce_print_safety(edition, layouts)


def test_build_command_warns_by_default_and_fails_with_strict(world):
    add_element(world, "magic-circle", 'tiny: {kind: text, x: 10, y: 30, w: 43, h: 5, text: "x", size: 5}')
    env = {**os.environ, "PNP_PROJECT": str(world)}
    command = [sys.executable, str(ROOT / "build.py"), "build", "the-channeling", "--edition", "2025",
               "--profile", "letter"]
    strict = subprocess.run(command + ["--strict", "--out", str(world / "strict")], env=env,
                            capture_output=True, text=True)
    assert strict.returncode == 1, strict.stderr
    assert "element 'tiny'" in strict.stderr and not (world / "strict").exists()
    relaxed = subprocess.run(command + ["--out", str(world / "relaxed")], env=env, capture_output=True, text=True)
    assert relaxed.returncode == 0, relaxed.stderr
    assert "warning:" in relaxed.stderr and "element 'tiny'" in relaxed.stderr
    assert (world / "relaxed" / "the-channeling-2025-letter-cards.pdf").is_file()


def test_findings_are_one_short_line_each_grouped_with_the_advice_once(world):
    add_element(world, "magic-circle", "left: {kind: rect, x: 1, y: 40, w: 10, h: 4, fill: ink}")
    add_element(world, "magic-circle", "right: {kind: rect, x: 55, y: 40, w: 7, h: 4, fill: ink}")
    game = find_game("the-channeling", world / "components")
    seen = []
    enforce_print_safety(load_edition(game, "2025"), looks(world), warn=seen.append)
    lines = seen[0].splitlines()
    assert lines[0] == "the-channeling 2025: 2 print-safety findings"
    assert lines[1].startswith("  magic-circle face, element 'left': rect reaches 2.0 mm past the safe zone")
    assert lines[2].startswith("  magic-circle face, element 'right': rect reaches 2.0 mm past the safe zone")
    assert all(len(line) < 140 for line in lines)
    assert [line for line in lines if "bleed: true" in line] == [lines[3]] and len(lines) == 4  # the advice, once
