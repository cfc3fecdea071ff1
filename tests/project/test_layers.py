"""Looks in layers: built-in, then the project's layouts/, then the game's own folder. A game adds
colours and fonts of its own; a later layer overrides by id and never hides the rest."""
from __future__ import annotations

import shutil
from pathlib import Path

import reportlab
from pypdf import PdfReader

from generator.model.layouts import Layouts
from generator.build.newgame import create_game
from pnp_testing import render_page, run_cli

FONT = Path(reportlab.__file__).parent / "fonts" / "VeraBI.ttf"  # not one of the built-in fonts


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "studio"
    create_game(root, "star-market", "Star Market")
    return root


def _env(root: Path) -> dict:
    return {"PNP_PROJECT": str(root)}


def test_a_game_style_adds_a_colour_and_a_font_from_its_own_folder(tmp_path: Path) -> None:
    root = _project(tmp_path)
    game = root / "components" / "star-market"
    (game / "fonts").mkdir()
    shutil.copy(FONT, game / "fonts" / "StarMono.ttf")
    style = game / "style.yaml"
    style.write_text(style.read_text() + '  nebula: {rgb: "#00C0A0", cmyk: [100, 0, 17, 25]}\n'
                     "fonts:\n  stamp: {file: fonts/StarMono.ttf}\n")
    card = game / "templates" / "star-market-card.yaml"
    card.write_text(card.read_text() + '  stamp: {kind: text, x: 7, y: 50, w: 49, h: 7, text: "STAMPED", '
                    "font: stamp, size: 11, colour: nebula}\n"
                    "  swatch: {kind: rect, x: 45, y: 72, w: 10, h: 8, fill: nebula}\n")
    out = tmp_path / "out"
    result = run_cli("build", "star-market", "--profile", "letter", "--out", str(out), env=_env(root))
    assert result.returncode == 0, result.stderr
    pdf = out / "star-market-first-letter-cards.pdf"
    embedded = {}
    for page in PdfReader(pdf).pages:
        resources = [page["/Resources"]] + [x.get_object().get("/Resources", {})
                                            for x in page["/Resources"].get("/XObject", {}).values()]
        for res in resources:
            for ref in res.get("/Font", {}).values():
                font = ref.get_object()
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                    if "/DescendantFonts" in font else font.get("/FontDescriptor")
                embedded[str(font["/BaseFont"]).split("+")[-1]] = "/FontFile2" in descriptor.get_object()
    # the game's font file (Vera Bold Oblique, which no built-in style names) is used and embedded
    assert embedded.get("BitstreamVeraSans-BoldOblique") is True, embedded
    assert "STAMPED" in PdfReader(pdf).pages[0].extract_text()
    image = render_page(pdf, 0, dpi=50)
    data = image.tobytes()
    teal = sum(1 for i in range(0, len(data), 3) if data[i] < 30 and abs(data[i + 1] - 192) < 30
               and abs(data[i + 2] - 160) < 30)
    assert teal > 6 * 20, teal  # a swatch on each of the six cards


def test_list_names_the_layer_of_each_look(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "layouts" / "profiles").mkdir(parents=True)
    (root / "layouts" / "profiles" / "letter.yaml").write_text(
        "id: letter\nname: Our own Letter sheets\nkind: sheet\npaper: letter\ndefault: true\n")
    listed = run_cli("list", env=_env(root))
    assert listed.returncode == 0, listed.stderr
    rows = {tuple(line.split()[:2]) for line in listed.stdout.splitlines() if line.startswith("  ")}
    assert ("letter", "project") in rows and ("a4", "built-in") in rows  # overridden, and not hidden
    assert ("star-market-card", "game") in rows and ("sun", "game") in rows and ("ink", "built-in") in rows
    assert "Our own Letter sheets" in listed.stdout


def test_a_later_layer_overrides_a_colour_and_keeps_the_others(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "layouts").mkdir()
    (root / "layouts" / "style.yaml").write_text('colours:\n  ink: {rgb: "#000000", cmyk: [0, 0, 0, 100]}\n')
    looks = Layouts(root / "layouts", root / "components" / "star-market")
    assert looks.style.colours["ink"].rgb == "#000000"
    assert looks.style_origins[("colour", "ink")].layer == "project"
    assert looks.style.colours["paper"].rgb == "#FFFFFF" and "sun" in looks.style.colours


def test_two_templates_with_one_id_in_one_layer_are_an_error_naming_both(tmp_path: Path) -> None:
    root = _project(tmp_path)
    templates = root / "components" / "star-market" / "templates"
    (templates / "extra").mkdir()
    shutil.copy(templates / "star-market-back.yaml", templates / "extra" / "star-market-back.yaml")
    result = run_cli("build", "star-market", "--out", str(tmp_path / "out"), env=_env(root))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1
    assert "extra/star-market-back.yaml:" in message and "templates/star-market-back.yaml:" in message, message


def test_a_font_file_outside_the_game_folder_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path)
    style = root / "components" / "star-market" / "style.yaml"
    style.write_text(style.read_text() + f"fonts:\n  stamp: {{file: ../../../{FONT.name}}}\n")
    shutil.copy(FONT, tmp_path / FONT.name)
    result = run_cli("validate", "star-market", env=_env(root))
    result = run_cli("build", "star-market", "--out", str(tmp_path / "out"), env=_env(root))
    assert result.returncode == 2 and "style.yaml:" in result.stderr and "inside" in result.stderr, result.stderr
