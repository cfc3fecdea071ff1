"""The Channeling's player books as an editor marks them, read from the built PDFs: the sample game's
notation key set as a key (mark, meaning) before the notation is first used; worked examples labelled
as examples, their numbers with their units, their "next to" true by the Leyline's steps; every mark a
board draws (the druid's dashed move among them) in a legend on that board's spread (a key says each
mark once a spread); every card name printed on the setup board."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook_helpers import ROOT, deck_rows, pdf_text, unbreak

LETTER = [("the-channeling", e, "rulebook-letter") for e in ("2025", "thirty", "forest")]
SQUARE = r"\b[a-d][1-4]\b"


def _flat(pdf: Path) -> str:
    return re.sub(r"\s+", " ", unbreak("\n".join(pdf_text(pdf))))


def _words(pdf: Path) -> list[list[dict]]:
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        return [page.extract_words(keep_blank_chars=False, extra_attrs=["size"]) for page in doc.pages]


# ----------------------------------------------------------------- the notation key
def _line_of(words: list[dict], text: str) -> list[dict]:
    """The words of the first line that starts with ``text`` (words in reading order)."""
    first = text.split()[0]
    for w in words:
        if w["text"] == first:
            line = sorted((v for v in words if abs(v["top"] - w["top"]) < 2 and v["x0"] >= w["x0"] - 1),
                          key=lambda v: v["x0"])
            if " ".join(v["text"] for v in line).startswith(text):
                return line
    return []


@pytest.mark.parametrize("book", LETTER)
def test_the_notation_key_is_a_two_column_key_before_the_notation_is_used(player_books, book):
    """Under "How a turn is written": a head row (Written, Means), then one row per part of the
    notation, its mark in the left column and its meaning in the right, every meaning starting at the
    same x, right of every mark; the key's example is this game's first move, and the key sits before
    the first "In short:" line."""
    pdf = player_books[book]
    pages = _words(pdf)
    page = [i for i, words in enumerate(pages) if _line_of(words, "How a turn is written")][-1]   # not the contents
    words = pages[page]
    head = _line_of(words, "Written Means")
    assert head, "no key head row under 'How a turn is written'"
    means_x = next(w["x0"] for w in head if w["text"] == "Means")
    text = _flat(pdf)
    first = re.search(r"In short: (\w+): ([a-d]\d) to ([a-d]\d), path ([a-d1-4–-]+)", text)
    glyph, src, dst, path = first.groups()
    rows = {"glyph": f"{glyph}: the glyph played", "move": f"{src} to {dst} the druid on {src} moves to {dst}",
            "path": f"path {path} the Leyline"}
    for part, row in rows.items():
        line = _line_of(words, row)
        assert line, (part, row)
        mark = [w for w in line if w["x0"] < means_x - 1]
        means = [w for w in line if w["x0"] >= means_x - 1]
        assert mark and means and abs(means[0]["x0"] - means_x) < 1.5, (part, [w["text"] for w in line])
        assert max(w["x1"] for w in mark) < means_x, part
    assert any(_line_of(words, "takes ") for _ in [0]), "the game takes cards: the key shows 'takes'"
    key_at = text.rindex("How a turn is written")
    assert text.index("In short:") > key_at, "the notation is used before its key"
    assert "means: play" not in text   # the prose key is gone


# ----------------------------------------------------------------- worked examples
def _examples(text: str) -> list[str]:
    """Each worked example's text, from its label to its board (the board's deck pill, 'deck 20', over
    its column letters); what is read between them is the board's key, which names no number, or
    nothing where an earlier key of the spread explained every mark."""
    return [m.group(0) for m in re.finditer(r"Example: .+?(?= deck \d+ a b c d )", text)]


UNIT = r"(?:cubes?|pairs?|Splendor|cards?|turns?)\b"


def bare_numbers(text: str) -> list[str]:
    """Numbers a player cannot read without guessing what they count: not a place (a1), not after
    'Vigor', 'Splendor', 'row', 'column' or 'deck', and not followed by a unit."""
    found = []
    for m in re.finditer(r"\d+", text):
        before, after = text[:m.start()], text[m.end():]
        if re.search(r"[a-z]$", before) or re.search(r"(Vigor|Splendor|row|column|deck|Turn|turn) $", before):
            continue
        if re.match(r" " + UNIT, after):
            continue
        found.append(text[max(0, m.start() - 30):m.end() + 20])
    return found


def test_bare_numbers_are_found():
    assert len(bare_numbers("The Leyline runs a4–b4: 3 on a4, 1 on b4.")) == 2
    assert bare_numbers("3 cubes on a4, 1 cube on b4 (Vigor 5), takes it for 4 Splendor; row 4") == []


@pytest.mark.parametrize("book", LETTER)
def test_every_worked_example_is_labelled_and_counts_its_cubes(player_books, book):
    """Each example opens 'Example: <what it shows>.'; its numbers say what they count ('3 cubes on
    a4', not '3 on a4')."""
    text = _flat(player_books[book])
    text = text[text.index("Playing a turn", text.index("Playing a turn") + 1):text.rindex("Appendix: A sample game")]
    examples = _examples(text)
    assert len(examples) == 4, [e[:60] for e in examples]
    assert "real game" not in text
    assert "Example: Channeling and canceling." in text
    for example in examples:
        assert not bare_numbers(example), (example[:80], bare_numbers(example))


ORTHOGONAL = {(1, 0), (0, 1)}


def _step(a: str, b: str) -> tuple[int, int]:
    return abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1]))


@pytest.mark.parametrize("book", LETTER)
def test_next_to_is_true_by_the_leylines_steps(player_books, book):
    """Every 'next to' between two places is one step up, down, left or right (a Leyline's step); a
    'diagonally next to' is one step each way. 'it' is the first place its sentence names."""
    text = _flat(player_books[book])
    checked = 0
    for sentence in re.split(r"(?<=\.) ", text):
        for m in re.finditer(r"(diagonally )?next to (it|" + SQUARE[2:-2] + r")", sentence):
            here = re.findall(SQUARE, sentence[:m.start()])
            there = re.findall(SQUARE, sentence)[0] if m.group(2) == "it" else m.group(2)
            if not here:
                continue
            step = _step(here[-1], there)
            assert step == (1, 1) if m.group(1) else step in ORTHOGONAL, sentence
            checked += 1
    assert checked >= 1


def test_an_intro_reads_adjacency_from_the_engines_grid():
    from generator.model import load_edition
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.places import Places

    places = Places(engine_inputs(load_edition("the-channeling", "2025")).new_game(3))
    assert places.relation("b2", "a1") == "diagonally next to"
    assert places.relation("a2", "a1") == places.relation("b1", "a1") == "next to"
    assert places.relation("a1", "a4") == "in the same column as"
    assert places.relation("a1", "d1") == "in the same row as"
    assert places.relation("a1", "c2") == "3 steps from"
    with pytest.raises(ValueError, match="e9"):
        places.relation("e9", "a1")


def test_an_intro_expression_that_fails_names_the_examples_line(game_copy, tmp_path, rulebook_env):
    from pnp_testing import run_cli
    examples = game_copy / "the-channeling" / "rules" / "examples" / "turn.yaml"
    text = examples.read_text()
    examples.write_text(text.replace('before.relation("b2", "a1")', 'before.relation("b2", "z9")', 1))
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "-p", "rulebook-letter", "--out",
                     str(tmp_path / "out"), env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2, result.stderr
    assert re.search(r"examples/turn\.yaml:\d+ at 'end-trigger\.intro'", result.stderr), result.stderr
    assert "z9" in result.stderr
    assert not list((tmp_path / "out").glob("*.pdf"))


# ----------------------------------------------------------------- the druid's move in the legend
def _move_colour() -> tuple[float, ...]:
    from generator.model import layouts_for, load_edition
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    layouts = layouts_for(load_edition("the-channeling", "2025"))
    colour = build_styles(layouts, load_style_sheet(layouts, "styles")).colour("move")
    return tuple(round(c, 2) for c in (colour.red, colour.green, colour.blue))


def _spread(page: int) -> int:
    """The spread of a page (1-based): pages 2-3, 4-5, ... face each other; page 1 faces none."""
    return page // 2


@pytest.mark.parametrize("book", LETTER + [("the-channeling", "2025", "rulebook-a5-booklet")])
def test_every_board_that_draws_a_druids_move_explains_it_on_its_spread(player_books, book):
    """A board draws a druid's move as a dashed line in the move colour. On each spread with such a
    line, a legend says "the druid's move", with a dashed swatch of that colour just left of the
    words (a key says each mark once a spread: the board's own key, or an earlier one facing it)."""
    import pdfplumber
    colour = _move_colour()
    moves, drawn, keyed = 0, set(), set()
    with pdfplumber.open(str(player_books[book])) as doc:
        for number, page in enumerate(doc.pages, 1):
            dashed = [ln for ln in page.lines if ln.get("dash") and ln["dash"][0]
                      and tuple(round(c, 2) for c in ln["stroking_color"] or ()) == colour]
            if not dashed:
                continue
            words = page.extract_words()
            keys = [w for w in words if w["text"] == "druid's"
                    and any(v["text"] == "move," and abs(v["top"] - w["top"]) < 1 and 0 < v["x0"] - w["x1"] < 5
                            for v in words)]
            for key in keys:
                the = max((w for w in words if w["text"] == "the" and abs(w["top"] - key["top"]) < 1
                           and w["x1"] < key["x0"]), key=lambda w: w["x1"])
                swatch = [ln for ln in dashed if 0 < the["x0"] - ln["x1"] < 12
                          and abs((ln["top"] + ln["bottom"]) / 2 - (the["top"] + the["bottom"]) / 2) < 4]
                assert swatch, f"p{number}: no dashed swatch beside the legend's 'the druid's move'"
            if len(dashed) > len(keys):   # a board's move, besides the keys' swatches
                drawn.add(number)
            if keys:
                keyed.add(_spread(number))
            moves += len(dashed) - len(keys)
    unexplained = [f"p{number}" for number in sorted(drawn) if _spread(number) not in keyed]
    assert not unexplained, f"a druid's move drawn, no legend on its spread names it: {unexplained}"
    assert moves >= 4   # the worked examples and the sample game's told turns


def test_a_board_refuses_to_draw_a_mark_its_legend_leaves_out(tmp_path, monkeypatch):
    """The drawing records each mark it draws; one the legend (read from the view) leaves out fails
    the build rather than print a mark nobody explains."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.model import load_edition
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.board import BoardDiagram, BoardParts, board_view
    from test_rulebook_channeling_marks import _book_parts

    styles, faces, board = _book_parts()
    view = board_view(engine_inputs(load_edition("the-channeling", "2025")).new_game(5))
    view.move = (0, 1)
    shown = BoardDiagram._shown
    diagram = BoardDiagram(view, faces, BoardParts.model_validate(board), styles, 300)
    assert ("move", "move", "the druid's move, from where it was") in diagram._legend_items()
    monkeypatch.setattr(BoardDiagram, "_shown", lambda self: shown(self) - {"move"})   # a legend without it
    canv = Canvas(str(tmp_path / "b.pdf"))
    diagram.wrap(300, 600)
    with pytest.raises(RuntimeError, match="move"):
        diagram.drawOn(canv, 10, 10)


# ----------------------------------------------------------------- card names on the setup board
def _setup_cells(pdf: Path, sizes: list | None = None) -> list[str]:
    """The words printed in each card of the setup board ("The table ready to play"), row by row:
    the board's column letters and row numbers bound the cells (with ``sizes``, a list, the size
    each word is printed at is added to it)."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        page = next(p for p in doc.pages if "The table ready to play" in (p.extract_text() or ""))
        words = page.extract_words(extra_attrs=["size"])
    caption = next(w for w in words if w["text"] == "table" and "ready" in
                   [v["text"] for v in words if abs(v["top"] - w["top"]) < 1])["top"]
    letters = {w["text"]: w for w in words if w["text"] in "abcd" and len(w["text"]) == 1 and w["top"] < caption}
    xs = [(letters[c]["x0"] + letters[c]["x1"]) / 2 for c in "abcd"]
    rows = sorted((w for w in words if w["text"] in "1234" and len(w["text"]) == 1
                   and w["x1"] < xs[0] - (xs[1] - xs[0]) / 2 and letters["a"]["top"] < w["top"] < caption),
                  key=lambda w: w["top"])
    ys = [(r["top"] + r["bottom"]) / 2 for r in rows]
    assert len(ys) == 4, [r["text"] for r in rows]
    pitch_x, pitch_y = xs[1] - xs[0], ys[1] - ys[0]
    cells = []
    for y in ys:
        for x in xs:
            inside = [w for w in words if re.fullmatch(r"[A-Za-z]{2,}", w["text"]) and w["text"] != "deck"
                      and abs((w["x0"] + w["x1"]) / 2 - x) < pitch_x / 2 and abs(w["top"] - y) < pitch_y / 2]
            cells.append(" ".join(w["text"] for w in sorted(inside, key=lambda w: (round(w["top"]), w["x0"]))))
            if sizes is not None:
                sizes.extend(w["size"] for w in inside)
    return cells


BOOKLETS = [("the-channeling", e, "rulebook-a5-booklet") for e in ("2025", "thirty", "forest")]


@pytest.mark.parametrize("book", LETTER + [("the-channeling", "2025", "rulebook-a4")] + BOOKLETS)
def test_the_setup_board_prints_every_cards_name(player_books, book):
    """Sixteen cards, sixteen names of the deck, in every profile (an A5 booklet's too): a long
    name wraps onto two lines at 6 pt or more rather than vanish."""
    names = {row["name"] for file in ("magic-circle-36.yaml", "magic-circle-30.yaml", "forest-30.yaml")
             if (ROOT / "components" / "the-channeling" / "cards" / file).is_file()
             for row in deck_rows(ROOT / "components", file)}
    sizes: list[float] = []
    cells = _setup_cells(player_books[book], sizes)
    assert len(cells) == 16
    assert all(cell in names for cell in cells), cells
    assert min(sizes) >= 6.0, min(sizes)


# ----------------------------------------------------------------- narration
@pytest.mark.parametrize("book", LETTER)
def test_the_narration_reads_as_prose(player_books, book):
    """'This turn shows' joins its rules with one 'and'; the same card dealt twice is said once."""
    text = _flat(player_books[book])
    for shows in re.findall(r"This turn shows ([^.]+)\.", text):
        assert shows.count(" and ") <= 1, shows
    for card, a, b in re.findall(r"([A-Z][a-z]+(?: [a-zA-Z]+)*) \(Vigor \d, Splendor \d\) is dealt onto ([a-d]\d)\. "
                                 r"\1 \(Vigor \d, Splendor \d\) is dealt onto ([a-d]\d)\.", text):
        pytest.fail(f"{card} dealt onto {a}, then again onto {b}, in two sentences")


@pytest.mark.parametrize("book", LETTER)
def test_every_large_board_keys_the_druids_it_draws(player_books, book):
    """A large example board draws both druids' printed faces: a legend on its spread (the one with
    the cubes on a card, or an earlier one facing it: a key says each mark once a spread) names
    "Light's druid" and "Dark's druid", as the small boards' key does. The legend flows them into its
    rows' free width, so no board grows a row for them."""
    pages = [re.sub(r"\s+", " ", page) for page in pdf_text(player_books[book])]
    spreads: dict[int, str] = {}
    for number, text in enumerate(pages, 1):
        spreads[_spread(number)] = spreads.get(_spread(number), "") + " " + text
    boards = 0
    for number, text in enumerate(pages, 1):
        if "Light's cubes on a card" not in text and "Dark's cubes on a card" not in text:
            continue
        boards += 1
        spread = spreads[_spread(number)]
        assert "Light's druid" in spread and "Dark's druid" in spread, f"p{number}: druids drawn, not keyed"
    assert boards >= 2
