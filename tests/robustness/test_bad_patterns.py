"""The catalogue: mistakes in image-pattern fills. Each is refused by `validate` and `build` with exit
2 and one line naming the template file, the line and the key; the previous build is left as it was."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from robustness_support import GAME, assert_refused, run, snapshot

TEMPLATE = "templates/letter-card.yaml"
WHERE = "letter-card.yaml:8"  # the added element, the template's last line


def rect(fill: str) -> str:
    return "{kind: rect, x: 5, y: 5, w: 20, h: 20, fill: %s}" % fill


# (case id, element added to the card template, key named, what the line says is expected)
CASES = [
    ("image-missing", rect("{image: nothing.png, scale: 5}"), "elements.extra.fill.image", "an image file"),
    ("image-outside-the-game", rect("{image: ../../secret.txt, scale: 5}"), "elements.extra.fill.image",
     "an image file inside the game's folder"),
    ("image-not-a-picture", rect("{image: game.yaml, scale: 5}"), "elements.extra.fill.image", "PNG, JPEG"),
    ("image-unknown-field", rect("{image: $portrait, scale: 5}"), "elements.extra.fill.image", "a field of 'letters'"),
    ("image-from-a-field-missing", rect("{image: $name, scale: 5}"), "elements.extra.fill.image",
     "(from $name for Postcard)"),
    ("scale-missing", rect("{image: tile.png}"), "elements.extra.fill.scale", "present"),
    ("scale-under-a-millimetre", rect("{image: tile.png, scale: 0.2}"), "elements.extra.fill.scale", "at least 1 mm"),
    ("scale-nan", rect("{image: tile.png, scale: .nan}"), "elements.extra.fill.scale", "found nan"),
    ("scale-huge", rect("{image: tile.png, scale: 1e9}"), "elements.extra.fill.scale", "a length"),
    ("blend-unknown", rect("{image: tile.png, scale: 5, blend: burn}"), "elements.extra.fill.blend", "'multiply'"),
    ("opacity-over-one", rect("{image: tile.png, scale: 5, opacity: 3}"), "elements.extra.fill.opacity", "<= 1"),
    ("over-unknown-colour", rect("{image: tile.png, scale: 5, over: moonbeam}"), "elements.extra.fill.over",
     "a colour named in style.yaml"),
    ("pattern-and-gradient", rect("{image: tile.png, scale: 5, gradient: linear}"), "elements.extra.fill.gradient",
     "unknown key"),
    ("hexgrid-centre-image-missing", "{kind: hexgrid, cx: 30, cy: 40, r: 4, centre_fill: {image: no.png, scale: 3}}",
     "elements.extra.centre_fill.image", "an image file"),
    ("hexgrid-gradient-unknown-colour", "{kind: hexgrid, cx: 30, cy: 40, r: 4, "
                                        "fill: {gradient: linear, stops: [ink, moonbeam]}}", "elements.extra.fill.stops",
     "a colour named in style.yaml"),
]


@pytest.fixture
def with_tile(workshop: Path) -> Path:
    image = io.BytesIO()
    Image.new("RGB", (8, 8), (90, 60, 30)).save(image, "PNG")
    (workshop / "tile.png").write_bytes(image.getvalue())
    return workshop


def _add(workshop: Path, yaml_text: str) -> None:
    path = workshop / TEMPLATE
    path.write_text(path.read_text().rstrip("\n") + "\n  extra: " + yaml_text + "\n")


@pytest.mark.parametrize("case, added, key, says", CASES, ids=[c[0] for c in CASES])
def test_a_bad_pattern_is_one_line_with_file_line_and_key(case, added, key, says, with_tile: Path,
                                                          previous_output: Path) -> None:
    _add(with_tile, added)
    before = snapshot(previous_output)
    checked = run("validate", GAME)
    assert checked.code == 2 and "Traceback" not in checked.err, (checked.code, checked.err)
    assert WHERE in checked.err and f"'{key}" in checked.err and says in checked.err, checked.err
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert built.code == 2 and key in built.err, built.err
    assert_refused(built, WHERE, previous_output, before)


@pytest.mark.parametrize("fill, key", [("{image: tile.png, scale: 5, opacity: 0.5}", "elements.extra.fill.opacity"),
                                       ("{image: tile.png, scale: 5, blend: multiply}", "elements.extra.fill.blend")])
def test_a_see_through_pattern_in_a_pdfx_1a_build_is_one_line(fill, key, with_tile: Path, previous_output: Path) -> None:
    _add(with_tile, rect(fill))
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "cmyk", "--out", str(previous_output))
    assert built.code == 2 and key in built.err and "PDF/X-4" in built.err, built.err
    assert_refused(built, WHERE, previous_output, before)
