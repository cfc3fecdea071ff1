"""The preflight's contrast check on the pieces' printed faces: a made-up game whose cards print a
value in a pale ink on a pale fill gets one warning line for that template and element, however many
cards print it; the same cards with a dark value get none. The letters of large text (bold 14 pt and
over) are held to 3:1, the rest to 4.5:1, as WCAG has it, and a digit to 4.5:1 at any size (a card's
value is read alone); the figures are the lower of colour and greyscale."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp_testing import project_env, run_cli

STYLE = """colours:
  cream: {rgb: "#F5EEDB", cmyk: [0, 3, 12, 3]}
  straw: {rgb: "#C9B26A", cmyk: [0, 12, 50, 20]}
  umber: {rgb: "#3A2A14", cmyk: [0, 30, 65, 80]}
  ochre: {rgb: "#A07A2A", cmyk: [0, 24, 74, 37]}
"""
CARDS = ("Moth", "Lantern", "Ember")


def write_game(root: Path, value_ink: str, value_font: str = "body", value_size: float = 9) -> Path:
    """A project holding the made-up game 'glow': three cards, each a cream face with its name and a
    16 pt bold banner in umber and a 9 pt value (or ``value_font`` at ``value_size``) in ``value_ink``
    (straw, #C9B26A on cream, is about 2:1; ochre, #A07A2A, 3.4:1; umber passes), and one umber back
    with its title in cream."""
    folder = root / "components" / "glow"
    (folder / "templates").mkdir(parents=True)
    (folder / "editions").mkdir()
    (root / "layouts").mkdir()
    (root / "layouts" / "style.yaml").write_text(STYLE)
    (folder / "editions" / "base.yaml").write_text("id: base\ntitle: Base\n")
    pieces = "\n".join(f"      - {{name: {name}, value: {n}, count: 2}}" for n, name in enumerate(CARDS, 3))
    (folder / "game.yaml").write_text(
        "id: glow\ntitle: Glow\ndefault_edition: base\neditions: [base]\ncomponents:\n"
        "  - id: cards\n    name: Cards\n    kind: card\n    face: glow-card\n    back: glow-back\n"
        "    fields:\n      name: {type: text}\n      value: {type: int}\n    pieces:\n" + pieces + "\n")
    (folder / "templates" / "glow-card.yaml").write_text(
        "id: glow-card\nsize: [63mm, 88mm]\nelements:\n"
        "  background: {kind: background, fill: cream}\n"
        "  name: {kind: text, x: 8, y: 8, w: 47, h: 8, text: \"{name}\", font: bold, size: 10, colour: umber, align: centre}\n"
        f"  value: {{kind: text, x: 8, y: 40, w: 47, h: 8, text: \"{{value}}\", font: {value_font}, size: {value_size:g}, colour: {value_ink}, align: centre}}\n"
        "  banner: {kind: text, x: 8, y: 60, w: 47, h: 10, text: \"GLOW\", font: bold, size: 16, colour: umber, align: centre}\n")
    (folder / "templates" / "glow-back.yaml").write_text(
        "id: glow-back\nsize: [63mm, 88mm]\nelements:\n"
        "  background: {kind: background, fill: umber}\n"
        "  title: {kind: text, x: 8, y: 40, w: 47, h: 8, text: \"Glow\", font: bold, size: 12, colour: cream, align: centre}\n")
    return root


def build(tmp_path: Path, value_ink: str, *profiles: str, **value):
    root = write_game(tmp_path / "project", value_ink, **value)
    out = tmp_path / "out"
    args = [a for p in (profiles or ("letter",)) for a in ("-p", p)]
    result = run_cli("build", "glow", *args, "--preflight", "--out", str(out), env=project_env(root))
    assert result.returncode == 0, result.stderr
    rows = json.loads((out / "glow-base-preflight.json").read_text())["rows"]
    return result, [r for r in rows if r["check"] == "contrast"]


def warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ": contrast: " in line]


def test_a_pale_value_on_a_pale_card_warns_once_naming_template_and_element(tmp_path):
    result, rows = build(tmp_path, "straw", "letter", "cmyk")
    lines = warnings(result.stderr)
    assert len(lines) == 1, result.stderr     # three cards, two files: one line for the template's element
    line = lines[0]
    assert line.startswith("warning: preflight warn: glow-base-letter-cards.pdf: contrast: "
                           "template glow-card, element value: ") or \
        line.startswith("warning: preflight warn: glow-base-cmyk-cards.pdf: contrast: template glow-card, element value: ")
    assert "on 3 of 3 faces (lowest on cards 01-moth)" in line and "(limit: 4.5:1 in colour and in greyscale)" in line
    (row,) = [r for r in rows if r["status"] == "warn"]
    assert any("glow-base-letter-cards.pdf" in d and "glow-base-cmyk-cards.pdf" in d for d in row["detail"])
    colour = float(row["measured"].split(":1 in colour")[0].rsplit(" ", 1)[1])
    assert 1.5 < colour < 2.5              # #C9B26A on #F5EEDB: 1.80:1 in RGB
    x, y, _, _ = row["where_mm"]           # the value's box: 8-55 mm across, 40-48 mm down the face
    assert 8 <= x <= 55 and 40 <= y <= 48


def test_the_same_cards_with_a_dark_value_pass(tmp_path):
    result, rows = build(tmp_path, "umber")
    assert not warnings(result.stderr), result.stderr
    (row,) = rows
    assert row["status"] == "pass"
    assert row["measured"].startswith("35 letters and digits on 4 faces, lowest ")  # 3 fronts and the back


def test_large_text_is_held_to_3_to_1(tmp_path):
    """The measure's figures for the pale value, set large and small: a character of 3.6:1 passes
    bold at 14 pt and over or at 18 pt, and fails at 9 pt."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.legible import letter, low_contrast, pdf_numerals
    path = tmp_path / "sizes.pdf"
    canv = Canvas(str(path))
    canv.setFillColor(HexColor("#E9D9A6"))
    canv.rect(50, 500, 400, 200, stroke=0, fill=1)
    canv.setFillColor(HexColor("#8A6A12"))    # 3.60:1 on #E9D9A6
    for y, font, size in ((650, "Helvetica-Bold", 14), (600, "Helvetica", 18), (550, "Helvetica", 9),
                          (520, "Helvetica-Bold", 13)):
        canv.setFont(font, size)
        canv.drawString(80, y, "A1")
    canv.save()
    found = pdf_numerals(path, wanted=letter)
    assert [(n.text, n.large) for n in found] == [("A", True), ("1", True), ("A", True), ("1", True),
                                                   ("A", False), ("1", False), ("A", False), ("1", False)]
    assert all(3.0 < n.ratio < 4.5 for n in found)
    assert low_contrast(found, large_text=True) == [found[1], found[3]] + found[4:]   # a digit: 4.5:1 at any size
    assert low_contrast(found) == found


def test_a_large_numeral_under_4_5_to_1_warns_though_large_letters_would_pass(tmp_path):
    """The made-up game's value set as a card's corner is, bold 17 pt (large text), in ochre: 3.4:1 on
    the cream card, enough for large letters as WCAG has it, not for a value read alone."""
    result, rows = build(tmp_path, "ochre", value_font="bold", value_size=17)
    (line,) = warnings(result.stderr)
    assert "template glow-card, element value: '3' #A07A2A on #F5EEDB (17 pt bold), 3.41:1 in colour" in line
    assert "(limit: 4.5:1 in colour and in greyscale)" in line


SEED_GAMES = {"the-channeling": ("2025", "thirty", "forest"), "battle-for-the-grove": ("2024",), "mana-hex": ("draft",)}


@pytest.mark.parametrize("profile", ["letter", "cmyk", "ink-saver"])
@pytest.mark.parametrize("game, edition", [(g, e) for g, editions in SEED_GAMES.items() for e in editions])
def test_every_digit_on_a_seed_game_face_reads_in_greyscale(game, edition, profile):
    """Every digit on every face of every component of the shipped games, as each profile paints it and
    as the preflight measures it, reaches 4.5:1 in colour and in greyscale: the Channeling's values sit
    on badges of their colours (an ink numeral on the Vigor yellow, 7.6:1 in greyscale; a paper numeral
    on the Splendor blue, 4.9:1), where the Vigor numeral was yellow on the cream card (1.78:1 in
    greyscale) and the cards' Vigor and Splendor line brown (4.0:1 in the cmyk profile)."""
    import tempfile

    from generator.exporters.common import designs_of
    from generator.model import layouts_for, load_edition
    from generator.preflight.contrast import face_characters
    from generator.render.faces import FacePainter
    from generator.render.style import layouts_for_profile

    loaded = load_edition(game, edition)
    layouts = layouts_for(loaded)
    chosen = layouts.profile(profile)
    painter = FacePainter(loaded.game, layouts_for_profile(layouts, chosen), chosen, edition=loaded)
    digits, low = 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for component in loaded.components:
            fronts, backs, _ = designs_of(component, painter)
            for design in (d for d in fronts + backs if d.template is not None):
                for char, element in face_characters(painter, design, Path(tmp) / "face.pdf"):
                    if char.text.isdigit():
                        digits += 1
                        low += [f"{design.name} {element}: {char}"] if char.ratio < 4.5 else []
    assert not low, low[:8]
    if game == "the-channeling":
        assert digits >= 30, digits   # the cards' values really reached
