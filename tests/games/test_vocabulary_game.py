"""A made-up game (tests/games/fixtures/comet-court, not a seed game) that draws with the whole template
vocabulary at once: a hero card with a gradient sky, a portrait clipped round, a star cost badge, a
banner from SVG path data, a crest of two shapes turned as one group, a rules panel in a zone filled
with a texture over a colour, hyphenated rules text in a narrow box, values worked out by expressions
(`{{ attack * 2 }}` and two lookups) and a QR code of one; and a seal token with its name along an arc
over a hex cluster laid with a gradient. Checked by pixels, by a scanner, by Ghostscript's plates, by
the text read back from the PDF and by the PDF's objects; and the shrunk-text report and
`validate --strict` on a piece whose name the test makes overflow."""
from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from games_support import cli, face_image, ink_plates, page_pixels, pixel_mm
from pdf_inspect import images_of, resources_of
from test_card_text import baseline_centres, columns, fitted_circle, lines_of

GAME = "comet-court"
FIXTURE = Path(__file__).parent / "fixtures" / GAME
MM = 72 / 25.4
DPI = 150
DAWN, DUSK = (0xEC, 0x00, 0x8C), (0x00, 0xAE, 0xEF)
GOLD, FROST, BANNER = (0xE0, 0xA8, 0x00), (0xBF, 0xD7, 0xEA), (0xF6, 0xE7, 0xC1)
INK, PORTRAIT = (0x2B, 0x21, 0x18), (40, 160, 60)
CARD_H = 88
WREN_RULES = "Whenever an adversary reconnoitres your court, draw two cards and discard one."


def project(base: Path) -> Path:
    root = base / "project"
    shutil.copytree(FIXTURE, root / "components" / GAME)
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = project(tmp_path_factory.mktemp("comet"))
    out = root / "out"
    result = cli("build", GAME, "--strict", "-p", "one-up", "-p", "one-up-cmyk", "-p", "a4", "--out", str(out),
                 env={"PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def cards(built: Path) -> list:
    """Wren's and Kestrel's cards (the one-up sheets, edge to edge) as pixel functions in mm."""
    pdf = built / f"{GAME}-base-one-up-cards.pdf"
    return [page_pixels(pdf, 0, DPI), page_pixels(pdf, 1, DPI)]


def sky(y_mm: float) -> tuple[float, ...]:
    """The gradient's colour at a height: dawn at the top edge to dusk at the bottom one."""
    t = y_mm / CARD_H
    return tuple(a + (b - a) * t for a, b in zip(DAWN, DUSK))


def near(colour, target, tolerance: float = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def test_the_gradient_background_has_its_end_colours_at_its_ends(cards):
    wren = cards[0]
    assert near(wren(2, 0.3), DAWN) and near(wren(61, 87.7), DUSK) and near(wren(2, 44), sky(44))


def test_the_portrait_shows_only_inside_its_round_clip(cards):
    wren = cards[0]
    assert wren(31.5, 23) == PORTRAIT and wren(31.5, 10) == PORTRAIT and wren(18, 23) == PORTRAIT
    for x, y in [(18.5, 9.5), (44.5, 9.5), (17.5, 37), (45.5, 37)]:  # the square art's corners, outside the circle
        assert near(wren(x, y), sky(y)), (x, y, wren(x, y))


def test_the_star_badge_and_the_path_banner_are_drawn_where_their_keys_say(cards):
    wren = cards[0]
    assert near(wren(11, 5), GOLD) and near(wren(16.5, 9.5), GOLD)  # the top tip, the right tip
    assert near(wren(14.5, 6.3), sky(6.3))  # the notch between them
    assert near(wren(13, 44), BANNER) and near(wren(50, 51), BANNER)
    assert near(wren(8, 47), sky(47)) and near(wren(55.5, 47), sky(47))  # the notches at its two ends


def test_the_crest_is_turned_as_one(cards):
    """Its bar lies across the disc in its own frame; the group turned by 90 degrees stands it upright."""
    wren = cards[0]
    assert near(wren(52, 15), INK) and near(wren(52, 7), INK)
    assert near(wren(56, 11), FROST) and near(wren(48, 11), FROST)


def test_the_rules_panel_is_the_texture_multiplied_over_its_colour(cards):
    """The texture's light ground (240 of 255) over the banner colour: most of the panel, in the
    rules zone [5, 56, 24, 28], is the banner colour darkened by 240/255; its stripes darker still."""
    wren = cards[0]
    counts = Counter(wren(5.5 + i * 0.25, 56.5 + j * 0.25) for i in range(92) for j in range(108))
    ground, _ = counts.most_common(1)[0]
    assert near(ground, tuple(c * 240 / 255 for c in BANNER), 4), ground
    assert any(sum(c) < sum(ground) - 40 and c[2] < c[0] for c in counts)  # stripes, still tinted by the colour


def test_computed_values_are_printed_and_coloured_per_card(built, cards):
    """`{{ attack * 2 }}` and a lookup of the house's name in text, another lookup for the disc's colour."""
    with pdfplumber.open(built / f"{GAME}-base-one-up-cards.pdf") as doc:
        stats = [page.crop((31 * MM, 56 * MM, 43 * MM, 72 * MM)).extract_text().split() for page in doc.pages]
    assert stats == [["6", "Solar"], ["2", "Lunar"], ["2", "Lunar"]]
    assert near(cards[0](32.2, 62), GOLD) and near(cards[1](32.2, 62), FROST)


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbar-tools (zbarimg) is not installed")
def test_the_qr_code_of_an_expression_reads_back_from_a_300_dpi_print(built, tmp_path):
    pdf = built / f"{GAME}-base-one-up-cards.pdf"
    found = []
    for page in (1, 2):
        subprocess.run(["pdftoppm", "-r", "300", "-f", str(page), "-l", str(page), "-png", str(pdf),
                        str(tmp_path / f"card{page}")], check=True)
        scanned = subprocess.run(["zbarimg", "--raw", "-q", str(next(tmp_path.glob(f"card{page}*.png")))],
                                 capture_output=True, text=True)
        found.append(scanned.stdout.strip())
    assert found == ["https://example.org/comet/wren", "https://example.org/comet/kestrel"]


def test_the_rules_are_hyphenated_in_their_narrow_box_and_not_shrunk(built):
    with pdfplumber.open(built / f"{GAME}-base-one-up-cards.pdf") as doc:
        chars = [c for c in doc.pages[0].chars if 6 * MM < c["x0"] < 28 * MM and c["top"] > 57 * MM]
    lines = lines_of(chars)
    assert any(line.endswith("-") and line[-2].isalpha() for line in lines), lines
    assert "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).split() == WREN_RULES.split()
    assert {round(c["size"], 2) for c in chars} == {8.0}  # printed at the size the template sets


def test_the_seal_name_runs_along_an_arc(built):
    with pdfplumber.open(built / f"{GAME}-base-one-up-tokens.pdf") as doc:
        first = columns([c for c in doc.pages[0].chars if c["text"] != " "], 3 * MM)[0]  # the first token's
    assert "".join(c["text"] for c in first) == "COMETCOURT"
    centres = baseline_centres(first)
    cx, cy, r, off = fitted_circle(centres)
    assert r == pytest.approx(8 * MM, abs=0.05) and off < 0.05
    assert all(y > cy for _, y in centres) and [x for x, _ in centres] == sorted(x for x, _ in centres)


def test_the_seal_hexes_take_one_gradient_across_the_cluster(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_PROJECT", str(project(tmp_path)))
    seal = face_image(GAME, "base", "seals", 0, dpi=300)
    # flat hexes 2.2 mm to a corner round (12.5, 12.5): the cluster's ends at x = 12.5 -/+ 5.5, where
    # its two side hexes' corners lie, 1.9 mm below the centre
    assert near(pixel_mm(seal, 7.2, 14.4, 300), DAWN, 40) and near(pixel_mm(seal, 17.8, 14.4, 300), DUSK, 40)
    assert near(pixel_mm(seal, 12.5, 8.7, 300), pixel_mm(seal, 12.5, 16.3, 300), 6)  # it runs across, not down


def test_a_cmyk_build_keeps_the_gradients_in_cmyk(built):
    with pikepdf.open(built / f"{GAME}-base-one-up-cmyk-cards.pdf") as pdf:
        spaces = {str(s.ColorSpace) for page in pdf.pages for resources in resources_of(page)
                  for s in dict(resources.get("/Shading", {})).values()}
    assert spaces == {"/DeviceCMYK"}


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (Debian: ghostscript) is not installed")
def test_ghostscript_separates_the_sky_onto_its_own_two_plates(built, tmp_path):
    """Dawn is pure magenta and dusk pure cyan: kept in CMYK, the top edge inks only the magenta plate
    and the bottom only the cyan."""
    plates = ink_plates(built / f"{GAME}-base-one-up-cmyk-cards.pdf", tmp_path, 40)
    x, bottom = round(2 / 25.4 * 40), plates["Cyan"].height - 1
    ink = {name: (255 - image.getpixel((x, 0)), 255 - image.getpixel((x, bottom))) for name, image in plates.items()}
    assert ink["Magenta"][0] > 230 and ink["Cyan"][1] > 230
    assert ink["Cyan"][0] < 25 and ink["Magenta"][1] < 25
    assert ink["Yellow"] == (0, 0) and ink["Black"] == (0, 0)


def test_the_sheets_stay_vector_the_images_are_the_templates_own(built):
    """The portrait and the texture's tile, each once per file; shapes, gradients, the pattern's
    repeats, codes and text add none."""
    for pdf_path in sorted(built.glob("*.pdf")):
        with pikepdf.open(pdf_path) as pdf:
            images = set().union(*(images_of(page) for page in pdf.pages))
            sizes = sorted((int(pdf.get_object(i).Width), int(pdf.get_object(i).Height)) for i in images)
        assert sizes == ([] if "tokens" in pdf_path.name else [(32, 32), (400, 400)]), (pdf_path.name, sizes)


OVERFLOWING = "      - {name: Archchancellor Bartholomew of the Comet, cost: 1, attack: 2, house: sun, rules: Rests.}\n"


def test_the_shrunk_text_report_names_the_piece_made_to_overflow_and_strict_fails_on_it(tmp_path):
    root = project(tmp_path)
    game = root / "components" / GAME / "game.yaml"
    text = game.read_text()
    game.write_text(text.replace("  - id: seals\n", OVERFLOWING + "  - id: seals\n", 1))  # a third hero
    env = {"PNP_PROJECT": str(root)}
    loose = cli("validate", GAME, "--json", env=env)
    assert loose.returncode == 0, loose.stderr
    shrunk = json.loads(loose.stdout)["shrunk_text"]
    assert [(s["piece"], s["element"]) for s in shrunk] == [("Archchancellor Bartholomew of the Comet", "name")]
    assert shrunk[0]["size"] == 11 and shrunk[0]["final_size"] < 6 and shrunk[0]["under_minimum"] is True
    strict = cli("validate", GAME, "--strict", env=env)
    assert strict.returncode != 0 and "Archchancellor" in strict.stdout + strict.stderr


def test_the_game_as_made_passes_validate_strict(tmp_path):
    result = cli("validate", GAME, "--strict", env={"PNP_PROJECT": str(project(tmp_path))})
    assert result.returncode == 0, result.stdout + result.stderr
