"""Diagrams drawn from data (``rules/diagrams/*.yaml``) for a game without a rules engine: a
made-up game of red and blue pawns and a gold coin, with a square-grid and a hex-grid diagram,
built through the command line at Letter, A4 and A5. The pieces are read back from the PDF where
the data puts them, no text is under 6 pt, labels on fills reach 4.5:1, and bad data stops the
build with one line naming the file, the line and the key."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from pnp_testing import run_cli

sys.path.insert(0, str(Path(__file__).parent))

from test_rulebook_figures_legible import small_text  # noqa: E402

RED, BLUE, GOLD = (0.8, 0.1, 0.1), (0.1, 0.2, 0.75), (0.85, 0.65, 0.1)
CELL = tuple((v / 255 + 1) / 2 for v in (0xF5, 0xEE, 0xDB))   # the cells: half parchment, half paper
PROFILES = {"letter": "rulebook-letter", "a4": "rulebook-a4", "a5": "rulebook-a5-booklet"}
SQUARE = {"a1": RED, "d3": BLUE, "b3": GOLD}          # the square diagram's pieces, one a cell
HEX = {"b2": RED, "c1": BLUE, "a3": GOLD, "d3": RED}  # the hex diagram's

STYLE = """colours:
  pawn-red:  {rgb: "#CC1A1A", cmyk: [0, 90, 90, 20]}
  pawn-blue: {rgb: "#1A33BF", cmyk: [90, 75, 0, 25]}
  pawn-gold: {rgb: "#D9A61A", cmyk: [0, 25, 90, 15]}
"""
GAME = """id: skirmish
title: Skirmish
default_edition: base
editions: [base]
components:
  - id: pawns
    name: Pawns
    kind: token
    face: pawn
    fields:
      colour: {type: text}
      paint: {type: text}
    pieces:
      - {colour: red, paint: pawn-red, count: 4}
      - {colour: blue, paint: pawn-blue, count: 4}
  - id: coins
    name: Coins
    kind: token
    face: coin
    fields: {}
    pieces:
      - {count: 10}
"""
PAWN = "id: pawn\nsize: [12mm, 12mm]\nshape: round\nelements:\n  background: {kind: background, fill: $paint}\n"
COIN = "id: coin\nsize: [10mm, 10mm]\nshape: round\nelements:\n  background: {kind: background, fill: pawn-gold}\n"
DIAGRAMS = """pieces:
  red:
    component: pawns
    where: {colour: red}
    says: a red pawn
  blue:
    component: pawns
    where: {colour: blue}
    says: a blue pawn
  coin:
    component: coins
    size: 0.4
    says: a coin
diagrams:
  square-move:
    caption: The red pawn's move, and the cell it passes.
    grid: {shape: square, columns: 4, rows: 3, coordinates: true}
    cells:
      a1: red
      d3: [blue]
      b3: [coin]
    labels:
      c1: ends here
    arrows:
      - {from: a1, to: c1, kind: move, says: the red pawn's move}
  hex-push:
    caption: The blue pawn pushes the red one.
    grid: {shape: hex, columns: 4, rows: 3}
    cells:
      b2: [red]
      c1: [blue]
      a3: [coin]
      d3: [red]
    labels:
      b3: pushed here
    arrows:
      - {from: b2, to: b3, kind: push, says: the push}
      - {from: d3, to: [c3, d2], kind: choice}
"""
RULES = """# Skirmish

Each player moves a pawn across the field.

## Moving

A pawn moves in a straight line.

{{ diagram('square-move') }}

## Pushing

A pawn that ends beside another may push it one hex.

{{ diagram('hex-push', 'A push on the hex field.') }}
"""


def write_game(root: Path) -> Path:
    folder = root / "components" / "skirmish"
    for sub in ("templates", "editions", "rules/diagrams"):
        (folder / sub).mkdir(parents=True)
    (root / "layouts").mkdir()
    (root / "layouts" / "style.yaml").write_text(STYLE)
    (folder / "game.yaml").write_text(GAME)
    (folder / "editions" / "base.yaml").write_text("id: base\ntitle: Base\n")
    (folder / "templates" / "pawn.yaml").write_text(PAWN)
    (folder / "templates" / "coin.yaml").write_text(COIN)
    (folder / "rules" / "rulebook.yaml").write_text("main: rulebook.md\nlanguage: en-US\n")
    (folder / "rules" / "rulebook.md").write_text(RULES)
    (folder / "rules" / "diagrams" / "field.yaml").write_text(DIAGRAMS)
    return root


@pytest.fixture(scope="module")
def books(tmp_path_factory, rulebook_env) -> dict[str, Path]:
    root = write_game(tmp_path_factory.mktemp("skirmish"))
    out = root / "out"
    args = ["rulebook", "skirmish", "--out", str(out)]
    for profile in PROFILES.values():
        args += ["-p", profile]
    result = run_cli(*args, env={**rulebook_env, "PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    return {key: out / f"skirmish-base-{profile}.pdf" for key, profile in PROFILES.items()}


def _near(colour, wanted, slack: float = 0.02) -> bool:
    return isinstance(colour, (tuple, list)) and len(colour) == 3 and all(abs(a - b) <= slack for a, b in zip(colour, wanted))


def _grids(page) -> list[tuple[float, float, float, float]]:
    """The bounding boxes (x0, top, x1, bottom) of the page's grids: its tinted cells, grouped
    where they touch."""
    cells = sorted((o for o in page.rects + page.curves if _near(o.get("non_stroking_color"), CELL, 0.01)),
                   key=lambda o: o["top"])
    groups: list[list[float]] = []
    for o in cells:
        if groups and o["top"] <= groups[-1][3] + 1:
            g = groups[-1]
            g[:] = [min(g[0], o["x0"]), min(g[1], o["top"]), max(g[2], o["x1"]), max(g[3], o["bottom"])]
        else:
            groups.append([o["x0"], o["top"], o["x1"], o["bottom"]])
    return [tuple(g) for g in groups]


def _pieces(page, box) -> list[tuple[tuple, float, float]]:
    """(colour, centre x, centre y) of each red, blue or gold face inside the grid ``box`` (the
    legend's swatches lie under it)."""
    out = []
    for o in page.rects + page.curves:
        colour = o.get("non_stroking_color")
        wanted = next((c for c in (RED, BLUE, GOLD) if _near(colour, c)), None)
        x, y = (o["x0"] + o["x1"]) / 2, (o["top"] + o["bottom"]) / 2
        if wanted and box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            out.append((wanted, x, y))
    return out


def _centre(shape: str, name: str) -> tuple[float, float]:
    """A cell's centre in grid units (a square 1 wide; a flat hex 1 across its corners, odd columns
    half a hex lower), as the authoring page describes the grids."""
    column, row = ord(name[0]) - 97, int(name[1:]) - 1
    if shape == "square":
        return column + 0.5, row + 0.5
    h = math.sqrt(3) / 2
    return 0.5 + 0.75 * column, h * (row + 0.5 + (0.5 if column % 2 else 0))


def _found(pdf: Path) -> dict[str, list]:
    """Each diagram's pieces as found in the PDF, with where the data says they stand."""
    import pdfplumber
    out = {}
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            for box in _grids(page):
                width = box[2] - box[0]
                square = abs((box[3] - box[1]) / width - 3 / 4) < 0.01
                shape, cells, units = ("square", SQUARE, 4) if square else ("hex", HEX, 3.25)
                unit = width / units
                wanted = []
                for cell, colour in cells.items():
                    cx, cy = _centre(shape, cell)
                    wanted.append((colour, box[0] + cx * unit, box[1] + cy * unit))
                out[shape] = {"found": _pieces(page, box), "wanted": wanted, "unit": unit}
    return out


@pytest.mark.parametrize("profile", list(PROFILES))
def test_each_piece_stands_where_the_data_puts_it(books, profile):
    found = _found(books[profile])
    assert set(found) == {"square", "hex"}, found
    for shape, seen in found.items():
        assert len(seen["found"]) == len(seen["wanted"]), (shape, seen)
        for colour, x, y in seen["wanted"]:
            hits = [f for f in seen["found"] if f[0] == colour and math.hypot(f[1] - x, f[2] - y) < 0.5]
            assert len(hits) == 1, (shape, colour, x, y, seen["found"])
        assert seen["unit"] > 20, seen["unit"]   # cells big enough to read


@pytest.mark.parametrize("profile", list(PROFILES))
def test_no_text_is_under_6_points_and_labels_read_in_greyscale(books, profile):
    from generator.rulebook.legible import label, low_contrast, pdf_numerals
    pdf = books[profile]
    assert not small_text(pdf), small_text(pdf)[:8]
    own = [n for n in pdf_numerals(pdf, wanted=label) if not n.in_form]
    letters = "".join(n.text for n in own)
    assert "endshere" in letters and "pushedhere" in letters, letters   # the labels are measured on their pills
    assert "abcd123" in letters, letters                                 # and the grid's coordinates
    assert not low_contrast(own), [str(n) for n in low_contrast(own)][:8]


def test_the_legend_and_captions_say_what_the_data_says(books):
    from rulebook_helpers import pdf_text
    text = " ".join(pdf_text(books["letter"]))
    for words in ("a red pawn", "a blue pawn", "a coin", "the red pawn\u2019s move", "the push",
                  "a direction that may be chosen", "The red pawn\u2019s move, and the cell it passes.",
                  "A push on the hex field."):
        assert words in text, words
    assert "The blue pawn pushes the red one." not in text   # the rule text's caption wins
    # the square grid's coordinates: its column letters and row numbers
    import pdfplumber
    with pdfplumber.open(books["letter"]) as doc:
        words = {w["text"] for page in doc.pages for w in page.extract_words(extra_attrs=["size"]) if w["size"] < 8}
    assert {"a", "b", "c", "d", "1", "2", "3"} <= words, words


def test_two_builds_are_identical(books, tmp_path, rulebook_env):
    root = write_game(tmp_path)
    out = tmp_path / "again"
    result = run_cli("rulebook", "skirmish", "-p", "rulebook-letter", "--out", str(out),
                     env={**rulebook_env, "PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    assert (out / "skirmish-base-rulebook-letter.pdf").read_bytes() == books["letter"].read_bytes()


@pytest.mark.parametrize("old, new, key, found", [
    ("      d3: [blue]\n", "      d3: [bleu]\n", "diagrams.square-move.cells.d3[0]", "'bleu'"),
    ("      b3: [coin]\n", "      e3: [coin]\n", "diagrams.square-move.cells.e3", "'e3'"),
    ("      - {from: b2, to: b3,", "      - {from: b2, to: b9,", "diagrams.hex-push.arrows[0].to", "'b9'"),
    ("    component: coins\n", "    component: coin\n", "pieces.coin.component", "'coin'"),
    ("    where: {colour: blue}\n", "    where: {colour: green}\n", "pieces.blue.where", "green"),
    ("      c1: ends here\n", "      c1: ends here, after passing over every other cell\n",
     "diagrams.square-move.labels.c1", "ends here, after"),
    ("    grid: {shape: hex,", "    grid: {shape: hexes,", "diagrams.hex-push.grid.shape", "hexes"),
    ("      a1: red\n", "      a1: [red\n", "", "YAML"),
])
def test_bad_diagram_data_names_file_line_and_key(tmp_path, rulebook_env, old, new, key, found):
    root = write_game(tmp_path)
    path = root / "components" / "skirmish" / "rules" / "diagrams" / "field.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if row.startswith(new.rstrip("\n")[:24]))
    out = tmp_path / "out"
    result = run_cli("rulebook", "skirmish", "--out", str(out), env={**rulebook_env, "PNP_PROJECT": str(root)})
    message = result.stderr.strip()
    assert result.returncode == 2, result.stderr
    assert len(message.splitlines()) == 1 and "Traceback" not in message, message
    assert "rules/diagrams/field.yaml:" in message and found in message, message
    if key:   # a YAML syntax error names the line where the parser stopped, near the mistake
        assert f"field.yaml:{line} at '{key}'" in message, (line, message)
    assert not list(out.glob("*.pdf")) if out.exists() else True


def test_an_unknown_diagram_in_the_rule_text_names_its_line(tmp_path, rulebook_env):
    root = write_game(tmp_path)
    rules = root / "components" / "skirmish" / "rules" / "rulebook.md"
    rules.write_text(rules.read_text().replace("diagram('square-move')", "diagram('square-moves')"))
    line = next(i for i, row in enumerate(rules.read_text().splitlines(), 1) if "square-moves" in row)
    result = run_cli("rulebook", "skirmish", "--out", str(tmp_path / "out"),
                     env={**rulebook_env, "PNP_PROJECT": str(root)})
    assert result.returncode == 2
    assert f"rules/rulebook.md:{line}" in result.stderr and "'square-moves'" in result.stderr, result.stderr


def test_the_authoring_pages_example_builds_and_its_error_line_is_the_one_shown(tmp_path, rulebook_env):
    """docs/how-to/rule-text.md shows docs/examples/rule-text/diagrams.yaml and the line a cell off
    its grid gives: both are what the tool does."""
    from rulebook_helpers import ROOT
    example = (ROOT / "docs" / "examples" / "rule-text" / "diagrams.yaml").read_text()
    page = (ROOT / "docs" / "how-to" / "rule-text.md").read_text()
    shown = page.split("```text\n", 1)[1].split("\n", 1)[0].replace("my-game", "skirmish")
    root = write_game(tmp_path)
    rules = root / "components" / "skirmish" / "rules"
    (rules / "diagrams" / "field.yaml").unlink()
    (rules / "diagrams" / "moves.yaml").write_text(example)
    (rules / "rulebook.md").write_text("# Moves\n\n{{ diagram('jump') }}\n\n{{ diagram('shove') }}\n")
    env = {**rulebook_env, "PNP_PROJECT": str(root)}
    result = run_cli("rulebook", "skirmish", "--out", str(tmp_path / "out"), env=env)
    assert result.returncode == 0, result.stderr
    (rules / "diagrams" / "moves.yaml").write_text(example.replace("      c2: rival", "      e2: rival"))
    result = run_cli("rulebook", "skirmish", "--out", str(tmp_path / "out2"), env=env, cwd=root)
    assert result.returncode == 2 and result.stderr.strip().endswith(shown), (result.stderr, shown)


def test_the_mana_hex_book_draws_its_move_and_push_and_calls_its_title_a_working_title(player_books):
    from rulebook_helpers import pdf_text
    pdf = player_books[("mana-hex", "draft", "rulebook-letter")]
    text = " ".join(pdf_text(pdf))
    assert "Mana Hex is a working title" in text
    for words in ("the move: 3 hexes in a straight line", "passed over", "ends here", "1 mana on a hex",
                  "the Scholar\u2019s totem", "the Witch\u2019s totem", "one of these ways"):
        assert words in text, words


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_neighbouring_hexes_share_a_whole_face_and_the_grid_holds_them(orientation):
    """Each hex has its neighbours one face-width (sqrt 3 / 2 of its corner-to-corner width) away,
    sharing two corners with each; every corner lies inside the grid's size."""
    from generator.rulebook.grids import GridShape
    grid = GridShape("hex", 5, 4, orientation)
    width, height = grid.size
    corners = {name: [(round(x, 6), round(y, 6)) for x, y in grid.corners(*grid.cell(name))] for name in grid.names()}
    centres = {name: grid.centre(*grid.cell(name)) for name in grid.names()}
    for name, points in corners.items():
        assert all(-1e-6 <= x <= width + 1e-6 and -1e-6 <= y <= height + 1e-6 for x, y in points), name
        near = [other for other in centres if other != name
                and math.dist(centres[name], centres[other]) < math.sqrt(3) / 2 + 1e-6]
        assert 2 <= len(near) <= 6, (name, near)
        for other in near:
            assert abs(math.dist(centres[name], centres[other]) - math.sqrt(3) / 2) < 1e-6
            assert len(set(points) & set(corners[other])) == 2, (name, other)
    assert max(x for p in corners.values() for x, _ in p) == pytest.approx(width)
    assert max(y for p in corners.values() for _, y in p) == pytest.approx(height)
