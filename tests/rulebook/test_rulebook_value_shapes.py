"""A board diagram draws each card's values in the shapes the edition's card prints them in: a
value set on a diamond on the face is a diamond on the board, its small boards and its legend."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from test_rulebook_figures_legible import _book_parts, _diagram_pdf


def value_marks(pdf: Path, fill) -> Counter:
    """The filled shapes of colour ``fill`` on each page: (page, 'round') for a shape with curves
    (a disc), (page, 'straight') for one of straight lines alone (a diamond, a square)."""
    import pdfplumber
    want = tuple(round(v, 2) for v in (fill.red, fill.green, fill.blue))
    marks: Counter = Counter()
    with pdfplumber.open(str(pdf)) as doc:
        for number, page in enumerate(doc.pages, start=1):
            for shape in page.curves + page.rects:
                colour = shape.get("non_stroking_color")
                if not shape.get("fill") or not isinstance(colour, (list, tuple)) or len(colour) != 3:
                    continue
                if tuple(round(v, 2) for v in colour) != want:
                    continue
                ops = {str(step[0]) for step in shape.get("path", [])}
                marks[number, "round" if "c" in ops else "straight"] += 1
    return marks


def _kinds(marks: Counter) -> Counter:
    out: Counter = Counter()
    for (_, kind), n in marks.items():
        out[kind] += n
    return out


def _fake_faces(elements: list):
    """A stand-in for PieceFaces: one component whose face has ``elements`` (in drawing order)."""
    piece = SimpleNamespace(fields={})
    component = SimpleNamespace(id="tiles", pieces=[piece])
    face = SimpleNamespace(size=(60, 90))
    return SimpleNamespace(component=lambda _id: component, face=lambda _id, _piece: (face, {}),
                           elements=lambda _t, _v: {f"e{k}": e for k, e in enumerate(elements)})


def _text(text: str, x: float, y: float, w: float = 10, h: float = 8):
    return SimpleNamespace(kind="text", text=text, x=x, y=y, w=w, h=h, when={})


def test_a_value_takes_the_shape_its_face_sets_it_on():
    from generator.rulebook.badges import value_shape
    panel = SimpleNamespace(kind="rect", x=0, y=0, w=60, h=90, fill="paper", when={})   # far wider than a figure
    gem = SimpleNamespace(kind="diamond", cx=10, cy=10, w=12, h=12, fill="gold", when={})
    box = SimpleNamespace(kind="rect", x=40, y=70, w=12, h=12, fill="blue", when={})
    faces = _fake_faces([panel, gem, _text("{depth}", 5, 6), box, _text("{worth}", 41, 72), _text("{luck}", 20, 40)])
    assert value_shape(faces, "tiles", "depth") == "diamond"
    assert value_shape(faces, "tiles", "worth") == "square"
    assert value_shape(faces, "tiles", "luck") == "circle"      # on the wide panel alone: a disc, the default
    assert value_shape(faces, "tiles", "missing") == "circle"


def test_a_value_takes_the_corner_its_face_prints_it_in():
    from generator.rulebook.badges import value_corner
    faces = _fake_faces([_text("{depth}", 5, 6), _text("{worth}", 45, 75), _text("{worth}", 5, 6),
                         _text("{luck}", 25, 41)])
    assert value_corner(faces, "tiles", "depth") == ("top", "left")
    assert value_corner(faces, "tiles", "worth") == ("bottom", "right")   # its first figure's corner
    assert value_corner(faces, "tiles", "luck") is None                   # across the face's middle
    assert value_corner(faces, "tiles", "missing") is None


def _board_pdf(tmp_path: Path, edition: str) -> tuple[Path, object]:
    """The set-up board of a game of ``edition`` drawn as the book draws it, with its small board."""
    from pnp_games.channeling.book.board import (BoardDiagram, BoardParts, board_view, board_width, small_board,
                                                 small_legend, value_shapes, value_swatches)
    from generator.play.registry import play_game
    from generator.rulebook.small_boards import SmallBoards
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.narrate import replay_states

    loaded, styles, faces, board = _book_parts("the-channeling", edition)
    inputs = engine_inputs(loaded)
    record = play_game(inputs.options, inputs.inputs, 3, ["greedy", "greedy"], game=inputs.engine).to_dict()
    view = board_view(replay_states(inputs, {"seed": record["seed"], "actions": record["actions"][:4]})[-1][2])
    parts = BoardParts.model_validate(board)
    shapes = value_shapes(faces, parts)
    small = SmallBoards(styles, 400, [("after", small_board(view, parts, styles, shapes))],
                        small_legend(parts, [view]), swatches=value_swatches(parts, styles, shapes))
    width = board_width(200, 560, styles.sheet.figures.min_text)
    return _diagram_pdf(tmp_path / f"{edition}.pdf", [BoardDiagram(view, faces, parts, styles, width), small]), styles


@pytest.mark.parametrize("edition,vigor", [("forest", "straight"), ("2025", "round")])
def test_boards_draw_vigor_as_the_edition_card_prints_it(tmp_path, edition, vigor):
    """The forest card sets its Vigor on a diamond, the Magic Circle card on a disc: each board, its
    small board and their legends draw it so, and never the other way."""
    pdf, styles = _board_pdf(tmp_path, edition)
    kinds = _kinds(value_marks(pdf, styles.palette.get("vigor")))
    assert kinds[vigor] > 16, kinds          # 16 cards on the board, 16 on the small one, and the legends
    assert kinds[{"straight": "round", "round": "straight"}[vigor]] == 0, kinds


def test_the_forest_book_draws_no_vigor_disc(player_books):
    """Every Vigor mark of the forest book (its gallery's faces, its boards, small boards and legends)
    is the forest card's diamond."""
    from generator.model import layouts_for, load_edition
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    layouts = layouts_for(load_edition("the-channeling", "forest"))
    vigor = build_styles(layouts, load_style_sheet(layouts, "styles")).palette.get("vigor")
    kinds = _kinds(value_marks(player_books["the-channeling", "forest", "rulebook-letter"], vigor))
    assert kinds["straight"] > 100 and kinds["round"] == 0, kinds


@pytest.mark.parametrize("edition,half", [("forest", "lower"), ("2025", "upper")])
def test_boards_draw_splendor_in_the_corner_the_card_prints_it(tmp_path, edition, half):
    """The forest card prints its Splendor at the bottom right, the Magic Circle card at the top right:
    on each board every card's Splendor mark is in that half of its card's cell."""
    import pdfplumber
    from pnp_games.channeling.book.board import BoardDiagram, BoardParts, board_view, board_width
    from generator.play.registry import play_game
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.narrate import replay_states

    loaded, styles, faces, board = _book_parts("the-channeling", edition)
    inputs = engine_inputs(loaded)
    record = play_game(inputs.options, inputs.inputs, 3, ["greedy", "greedy"], game=inputs.engine).to_dict()
    view = board_view(replay_states(inputs, {"seed": record["seed"], "actions": record["actions"][:4]})[-1][2])
    diagram = BoardDiagram(view, faces, BoardParts.model_validate(board), styles,
                           board_width(200, 560, styles.sheet.figures.min_text))
    pdf = _diagram_pdf(tmp_path / "board.pdf", [diagram])     # drawn with its top-left at (20, 20) from the page's
    s = diagram.scale
    cells = []
    for i, card in enumerate(view.cards):
        if card is not None:
            x, y = diagram._cell_origin(i)
            cells.append((20 + x * s, 20 + y * s, diagram.card_w * s, diagram.row_h[i // view.size] * s))
    want = tuple(round(v, 2) for v in (lambda c: (c.red, c.green, c.blue))(styles.palette.get("splendor")))
    found = {}
    with pdfplumber.open(str(pdf)) as doc:
        for shape in doc.pages[0].curves + doc.pages[0].rects:
            colour = shape.get("non_stroking_color")
            if not shape.get("fill") or not isinstance(colour, (list, tuple)) or len(colour) != 3 or \
                    tuple(round(v, 2) for v in colour) != want:
                continue
            mx, my = (shape["x0"] + shape["x1"]) / 2, (shape["top"] + shape["bottom"]) / 2
            for k, (cx, cy, w, h) in enumerate(cells):
                if cx <= mx <= cx + w and cy <= my <= cy + h:
                    found[k] = "lower" if my > cy + h / 2 else "upper"
    assert len(found) == len(cells) > 0, (len(found), len(cells))
    assert set(found.values()) == {half}, found
