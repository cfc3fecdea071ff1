"""QR codes and Code 128 barcodes: drawn as vector shapes, read back by a scanner from a 300 DPI
rasterisation (zbar), module for module what segno computes, and each value too long for its size one
error line naming the template's file and line, the key and the piece."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Name

from generator.core.units import MM
from pdf_inspect import resources_of
from pnp_testing import render_page
from robustness.robustness_support import run

GAME = "tracked-deck"
CARDS = [("Lantern", 7), ("Compass", 12), ("Spyglass", 305)]
FILES = {
    "game.yaml": """\
id: tracked-deck
title: Tracked Deck
players: [1, 4]
default_edition: proto
editions: [proto]
components:
  - id: tools
    name: Tool cards
    kind: card
    face: tracked
    label: "{name}"
    fields:
      name: {type: text}
      serial: {type: int, min: 0, max: 999}
      link: {type: text, required: false}
    pieces: cards.yaml
""",
    "editions/proto.yaml": "id: proto\ntitle: Prototype\n",
}
TEMPLATE = """\
id: tracked
extends: poker-card
elements:
  name: {kind: text, x: 6, y: 5, w: 51, h: 8, text: "{name}", size: 12, align: centre}
  link: {kind: qr, x: 16.5, y: 16, size: 30, value: "{{ 'https://example.org/rules/' ~ name | lower }}"}
  track: {kind: barcode, x: 6, y: 60, w: 51, h: 12, value: "{{ edition.id | upper }}-{{ '%03d' | format(serial) }}"}
"""


def link(name: str) -> str:
    return f"https://example.org/rules/{name.lower()}"


def track(serial: int) -> str:
    return f"PROTO-{serial:03d}"


def write_game(components: Path, template: str = TEMPLATE, rows: str | None = None) -> Path:
    folder = components / GAME
    for relative, text in {**FILES, "templates/tracked.yaml": template}.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text)
    (folder / "cards.yaml").write_text(rows or "".join(f"- {{name: {n}, serial: {s}}}\n" for n, s in CARDS))
    return folder


@pytest.fixture
def components(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("PNP_COMPONENTS", str(tmp_path / "components"))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "components"


def build(out: Path, profile: str = "a4") -> Path:
    result = run("build", GAME, "-e", "proto", "-p", profile, "--out", str(out))
    assert result.code == 0, result.err
    return next(out.glob(f"{GAME}-proto-{profile}-*.pdf"))  # sheets of cards, or a print shop's deck file


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbar-tools (zbarimg) is not installed")
def test_a_scanner_reads_every_code_back_from_a_300_dpi_print(components: Path, tmp_path: Path) -> None:
    write_game(components)
    pdf = build(tmp_path / "out")
    subprocess.run(["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-png", str(pdf), str(tmp_path / "page")],
                   check=True)
    scanned = subprocess.run(["zbarimg", "--raw", "-q", str(next(tmp_path.glob("page*.png")))],
                             capture_output=True, text=True)
    found = sorted(scanned.stdout.split())
    assert found == sorted([link(n) for n, _ in CARDS] + [track(s) for _, s in CARDS])


def test_the_codes_stay_vector(components: Path, tmp_path: Path) -> None:
    write_game(components)
    with pikepdf.open(build(tmp_path / "out")) as pdf:
        for page in pdf.pages:
            for resources in resources_of(page):
                for xobject in (resources.get(Name.XObject) or {}).values():
                    assert xobject.get(Name.Subtype) != Name.Image


def test_the_qr_code_is_segnos_matrix_module_for_module(tmp_path: Path) -> None:
    """The painter alone on a page: the colour at the centre of every module is the matrix's."""
    import segno
    from reportlab.lib.colors import black, white
    from reportlab.pdfgen.canvas import Canvas

    from generator.draw.paint import PaintContext
    from generator.elements import KINDS

    value, side, quiet = "https://example.org/rules/lantern", 30 * MM, 4
    el = KINDS["qr"].model.model_validate({"kind": "qr", "x": 10, "y": 10, "size": 30, "value": value,
                                           "quiet_zone": quiet, "error": "Q"})
    c = Canvas(str(tmp_path / "qr.pdf"), pagesize=(50 * MM, 50 * MM))
    ctx = PaintContext(0, 50 * MM, 50 * MM, 50 * MM, 0, {}, {"ink": black, "paper": white}.get, str, None, None)
    KINDS["qr"].paint(c, el, ctx)
    c.save()
    page = render_page(tmp_path / "qr.pdf", 0, 300).convert("L")
    matrix = segno.make(value, error="q", micro=False, boost_error=False).matrix
    module = side / (len(matrix) + 2 * quiet) / 72 * 300  # pixels
    origin = 10 * MM / 72 * 300
    for row in range(-quiet, len(matrix) + quiet):
        for col in range(-quiet, len(matrix) + quiet):
            dark = 0 <= row < len(matrix) and 0 <= col < len(matrix) and matrix[row][col] & 1
            x, y = origin + (quiet + col + 0.5) * module, origin + (quiet + row + 0.5) * module
            assert (page.getpixel((int(x), int(y))) < 128) == bool(dark), (row, col)


MISTAKES = [  # (what, text replaced, replacement, cards, words the one line must hold)
    ("qr-too-long", "size: 30", "size: 10", None,
     ["tracked.yaml:5", "link.value", "10 mm QR code", "Lantern"]),
    ("qr-literal-too-long", "value: \"{{ 'https://example.org/rules/' ~ name | lower }}\"",
     "value: " + "x" * 900, None, ["tracked.yaml:5", "link.value", "30 mm QR code"]),
    ("qr-field-too-long", "value: \"{{ 'https://example.org/rules/' ~ name | lower }}\"", "value: $link",
     "- {name: Lantern, serial: 1, link: " + "w" * 900 + "}\n", ["tracked.yaml:5", "link.value", "30 mm QR code"]),
    ("barcode-too-long", "w: 51, h: 12", "w: 20, h: 12", None,
     ["tracked.yaml:6", "track.value", "20 mm barcode", "Lantern"]),
    ("barcode-not-ascii", "{{ edition.id | upper }}", "Ünïcode", None,
     ["tracked.yaml:6", "track.value", "printable ASCII"]),
]


@pytest.mark.parametrize("what, old, new, rows, words", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_value_too_long_for_its_code_is_one_line(what, old, new, rows, words, components: Path,
                                                     tmp_path: Path) -> None:
    assert old in TEMPLATE
    write_game(components, TEMPLATE.replace(old, new, 1), rows)
    for result in (run("validate", GAME), run("build", GAME, "-e", "proto", "-p", "a4", "--out", str(tmp_path / "o"))):
        lines = result.err.strip().splitlines()
        assert result.code == 2 and len(lines) == 1, result.err
        assert all(word in lines[0] for word in words), (words, lines[0])
    assert not (tmp_path / "o").exists()


def test_a_quiet_zone_past_the_safe_zone_is_a_finding(components: Path) -> None:
    """The dark modules stay inside the 3 mm safe margin; the quiet zone (4 modules of 0.9 mm) does not."""
    import json

    write_game(components)
    assert json.loads(run("validate", GAME, "--json").out)["warnings"] == []
    write_game(components, TEMPLATE.replace("x: 16.5, y: 16, size: 30", "x: 1.5, y: 16, size: 30"))
    warnings = json.loads(run("validate", GAME, "--json").out)["warnings"]
    assert len(warnings) == 1 and "element 'link': qr reaches 1.5 mm past the safe zone" in warnings[0]


def test_a_cmyk_build_draws_the_codes_in_cmyk(components: Path, tmp_path: Path) -> None:
    from pdf_inspect import rgb_uses

    write_game(components)
    with pikepdf.open(build(tmp_path / "out", "cmyk")) as pdf:
        assert all(rgb_uses(page) == set() for page in pdf.pages)
