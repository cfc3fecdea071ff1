"""The Channeling's books as an editor marks them: each rule said once (the tie rule in Scoring, the
thirty edition's count of returned cubes in one answer); legends that list only the marks their figure
draws; narration that follows the real state when the deck runs out; Light's pale druid outlined so
that it keeps its shape on a greyscale copy."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from rulebook_helpers import ROOT, unbreak

RULES = ROOT / "components" / "the-channeling" / "rules"


def _text(pdf: Path) -> str:
    from pypdf import PdfReader
    return re.sub(r"\s+", " ", unbreak("\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)))


def _book_parts(edition: str = "2025"):
    """The style sheet, the printed faces and the board's parts as a Channeling book draws them."""
    from generator.model import layouts_for, load_edition
    from generator.model.source import load_yaml
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles

    loaded = load_edition("the-channeling", edition)
    layouts = layouts_for(loaded)
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))  # as a book sets them from the game's seats
    faces = PieceFaces(loaded, layouts, styles.sheet.figures.min_text)
    return styles, faces, load_yaml(RULES / "rulebook.yaml").data["board"]


def _before(text: str, heading: str) -> str:
    """The text up to ``heading`` (its last occurrence: the contents list names it too)."""
    return text[:text.rindex(heading)]


# ----------------------------------------------------------------- each rule said once
@pytest.mark.parametrize("edition", ["2025", "thirty", "forest"])
def test_the_tie_rule_is_stated_once_in_scoring(player_books, edition):
    """The printed rules state the tie-breakers, so Scoring says them and Clarifications does not
    ask the question again (the turn at a glance, a reference page, may repeat them)."""
    text = _before(_text(player_books[("the-channeling", edition, "rulebook-letter")]), "Appendix: A sample game")
    scoring = text[text.rindex("Scoring Add up the Splendor"):]
    assert re.search(r"1\. the player who took fewer cards wins; 2\. otherwise Dark, the player who moved "
                     r"second, wins\.", scoring), scoring[:400]
    assert "scores are level" not in text
    assert len(re.findall(r"fewer cards wins", text)) == 1, edition


def test_the_thirty_edition_asks_how_many_cubes_go_back_once(player_books):
    """Its printed rules count the returned cubes two ways: one answer gives both counts and the
    reading this book takes."""
    text = _before(_text(player_books[("the-channeling", "thirty", "rulebook-letter")]), "Appendix: A sample game")
    clarifications = text[text.rindex("Clarifications The printed rules"):]
    asked = re.findall(r"[Hh]ow many (?:of your )?cubes (?:on it )?go back", clarifications)
    assert len(asked) == 1, asked
    assert re.search(r"When you take a card, how many of your cubes on it go back\? The printed rules of this "
                     r"edition give two counts: .{0,160}We follow the turn: up to as many as the card’s Splendor go "
                     r"back \(all of them, when there are fewer\), and the rest stay with you as Overchanneling\.",
                     clarifications), clarifications


@pytest.mark.parametrize("edition", ["2025", "forest"])
def test_editions_with_one_count_answer_it_among_the_open_questions(player_books, edition):
    text = _before(_text(player_books[("the-channeling", edition, "rulebook-letter")]), "Appendix: A sample game")
    clarifications = text[text.rindex("Clarifications The printed rules"):]
    assert len(re.findall(r"how many of your cubes on it go back", clarifications)) == 1
    assert "give two counts" not in clarifications


def _scoring(edition: str, **rules) -> str:
    """The Scoring section of ``ending.md`` as the book renders it for ``edition`` with ``rules`` changed."""
    from generator.model import load_edition
    from generator.rulebook.text import RuleText
    from generator.runs.work import engine_inputs

    options = engine_inputs(load_edition("the-channeling", edition)).options.model_copy(update=rules)
    text = RuleText(RULES, {"example": lambda *args, **kwargs: ""}).render({"rules": options}, "ending.md")
    return re.sub(r"\s+", " ", text[text.index("## Scoring"):])


def test_scoring_states_a_draw_when_no_tie_breaker_settles_it():
    """An edition whose only tie-breaker is the count of cards says what happens after it, in
    Scoring, since Clarifications no longer asks about ties (the whole forest book with that edit:
    the long test below; the shipped books' Scoring: test_the_tie_rule_is_stated_once_in_scoring)."""
    scoring = _scoring("forest", tie_breakers=["fewer_cards"])
    assert "1. the player who took fewer cards wins; 2. otherwise the game is a draw." in scoring, scoring
    assert "Dark, the player who moved second" not in scoring
    assert "2. otherwise Dark, the player who moved second, wins." in _scoring("forest")   # as shipped
    assert "The higher score wins; if the scores are equal, the game is a draw." in _scoring("forest", tie_breakers=[])


@pytest.mark.long   # the same Scoring sentence checked on the rendered text above, in the default run
def test_the_built_book_states_a_draw_when_no_tie_breaker_settles_it(game_copy, rulebook_env, tmp_path):
    """The forest book built with cards as its only tie-breaker: Scoring states the draw and nothing
    before the sample game says Dark wins a tie."""
    from pnp_testing import run_cli
    edition = game_copy / "the-channeling" / "editions" / "forest.yaml"
    edition.write_text(edition.read_text().replace("rules:\n", "rules:\n  tie_breakers: [fewer_cards]\n", 1))
    out = tmp_path / "out"
    result = run_cli("rulebook", "the-channeling", "--edition", "forest", "--profile", "rulebook-letter", "--out",
                     str(out), env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 0, result.stderr
    text = _text(next(out.glob("*.pdf")))
    assert "1. the player who took fewer cards wins; 2. otherwise the game is a draw." in text
    assert "Dark, the player who moved second" not in _before(text, "Appendix: A sample game")


# ----------------------------------------------------------------- legends list only what is drawn
def test_a_legend_keys_only_the_marks_its_figure_draws(tmp_path):
    """A made-up figure of two small boards that draw a star and a ring, never a dashed box: its
    legend names the star and the ring only; a mark with no item is refused."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.hooks import SmallBoards
    from generator.rulebook.legend import keyed

    key = {"star": ("badge", "green", "a star"), "ring": ("circle", "seat1", "a ring"),
           "dashed": ("empty", "axis", "a dashed box"), "arrow": ("arrow", "move", "an arrow")}
    drawn = [{"star"}, {"star", "ring"}]
    styles, _, _ = _book_parts()

    def board(canv, x, y, w, h, size):
        canv.rect(x + 2, y + 2, w - 4, h - 4)
    figure = SmallBoards(styles, 400, [("one", board), ("two", board)], keyed(key, set().union(*drawn)))
    pdf = tmp_path / "legend.pdf"
    canv = Canvas(str(pdf), pagesize=(450, 400))
    figure.wrap(400, 400)
    figure.drawOn(canv, 20, 20)
    canv.save()
    text = _text(pdf)
    assert "a star" in text and "a ring" in text
    assert "a dashed box" not in text and "an arrow" not in text
    assert keyed(key, {"arrow", "star"}) == [key["star"], key["arrow"]]   # the key's order
    with pytest.raises(KeyError, match="cross"):
        keyed(key, {"star", "cross"})


def _view(cards, druids, cubes=None):
    from pnp_games.channeling.book.board import BoardView
    n = 2
    return BoardView(n, cards, cubes or [(0, 0)] * (n * n), druids, ["x", "y"], ["z", "w"], deck=0)


def test_the_small_boards_legend_names_an_empty_place_only_when_one_is_drawn():
    from pnp_games.channeling.book.board import BoardParts, small_legend
    parts = BoardParts.model_validate({
        "line_labels": {"component": "glyph-cards", "field": "glyph"}, "druids": {"component": "druids", "field": "colour"},
        "cubes": {"component": "energy-cubes", "field": "colour"},
        "values": [{"field": "vigor", "colour": "vigor", "label": "Vigor"}]})
    card = SimpleNamespace(name="A card", vigor=4, splendor=5)
    full = _view([card] * 4, {0: "light", 3: "dark"}, [(2, 0), (0, 0), (0, 0), (0, 0)])
    words = [words for _, _, words in small_legend(parts, [full])]
    assert words == ["Vigor", "Light's cubes", "Light's druid", "Dark's druid"]
    holed = _view([card, None, card, card], {0: "light", 3: "dark"}, [(0, 0), (0, 0), (0, 0), (0, 3)])
    words = [words for _, _, words in small_legend(parts, [full, holed])]
    assert words == ["Vigor", "Light's cubes", "Dark's cubes", "Light's druid", "Dark's druid", "an empty place"]


# ----------------------------------------------------------------- narration when the deck runs out
def _deck_out_turn():
    """A turn of a real forest game (greedy play) that takes two or more cards with the deck out."""
    from generator.model import load_edition
    from generator.play.registry import play_game
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.narrate import game_stories

    inputs = engine_inputs(load_edition("the-channeling", "forest"))
    for seed in range(1, 200):
        record = play_game(inputs.options, inputs.inputs, seed, ["greedy", "greedy"], game=inputs.engine).to_dict()
        for told, after in game_stories(inputs, {"seed": record["seed"], "actions": record["actions"]}, {}):
            if sum(r["card"] is None for r in told["refills"]) >= 2:
                return told, after
    pytest.fail("no greedy forest game in 200 seeds takes two cards with the deck out")


def test_narration_tells_an_empty_deck_once_and_deals_no_card_it_cannot():
    from generator.rulebook.text import RuleText
    from pnp_games.channeling.book.board import BoardDiagram, BoardParts
    from pnp_games.channeling.book.narrate import turn_view

    told, after = _deck_out_turn()
    assert after.deck_size == 0
    env = RuleText(RULES).env
    raw = env.from_string('{% import "_narration.md" as n %}{{ n.turn(t) }}').render(t=told)
    assert [p.split()[0] for p in raw.strip().split("\n\n")] == [told["player"], "Score:"], raw   # one paragraph
    story = re.sub(r"\s+", " ", raw)
    assert story.count("The deck is empty") == 1, story
    squares = [r["square"] for r in told["refills"] if r["card"] is None]
    assert f"The deck is empty, so {', '.join(squares[:-1])} and {squares[-1]} stay empty." in story, story
    assert "dealt onto " + squares[0] not in story
    styles, faces, board = _book_parts("forest")
    diagram = BoardDiagram(turn_view(after, told), faces, BoardParts.model_validate(board), styles, 300)
    items = diagram._legend_items()
    dealt = [words for kind, _, words in items if "new card dealt" in words]
    refilled = [t for t in told["taken"] if t["square"] not in squares]
    assert len(dealt) == len(refilled), items
    assert not any(f"({square})" in words for square in squares for words in dealt), items
    assert ("empty", "axis", "an empty place") in items


# ----------------------------------------------------------------- Light's druid in greyscale
def test_each_druid_keeps_its_edge_on_a_greyscale_copy(tmp_path):
    """The board at the start of a real game, drawn as the book draws it and rendered in greyscale:
    round each druid, the darkest ring of pixels at its edge against the paper just outside reaches
    WCAG's 3:1 for shapes (Light's printed token is pale on white)."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from generator.model import load_edition
    from generator.rulebook.legible import contrast
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.board import BoardDiagram, BoardParts, board_view

    inputs = engine_inputs(load_edition("the-channeling", "2025"))
    view = board_view(inputs.new_game(7))
    styles, faces, board = _book_parts("2025")
    diagram = BoardDiagram(view, faces, BoardParts.model_validate(board), styles, 300, legend=False)
    pdf = tmp_path / "druids.pdf"
    canv = Canvas(str(pdf), pagesize=(340, 340))
    _, h = diagram.wrap(300, 340)
    x0, y0 = 20, 320 - h
    diagram.drawOn(canv, x0, y0)
    canv.save()
    dpi = 600
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    px = dpi / 72

    def grey(x: float, y: float) -> float:   # page points, y up
        return image.getpixel((round(x * px), round((340 - y) * px))) / 255

    import math
    found = {}
    for cell, colour in view.druids.items():
        cx, cy = diagram._pt(*diagram._druid_at(cell))
        cx, cy, r = cx + x0, cy + y0, diagram._druid_d() / 2 * diagram.scale
        ratios = []
        for k in range(0, 360, 5):
            a = math.radians(k)
            edge = min(grey(cx + (r + d / 10) * math.cos(a), cy + (r + d / 10) * math.sin(a)) for d in range(-8, 6))
            ground = grey(cx + (r + 2.5) * math.cos(a), cy + (r + 2.5) * math.sin(a))
            ratios.append(contrast((edge,), (ground,)))
        found.setdefault(colour, []).append(sorted(ratios)[len(ratios) // 2])
    assert set(found) == {"light", "dark"}
    assert min(found["light"]) >= 3.0, found
    assert min(found["dark"]) >= 3.0, found


def test_a_turn_in_short_lists_its_cards_as_prose_does():
    """'takes a1, b1 and d3', not 'takes a1 and b1 and d3'; the glyphs set face down the same way."""
    from pnp_games.channeling.book.narrate import in_words
    told = {"hidden": ["Ember", "Eye", "Tide"], "glyph": "Star", "spent": False,
            "move": {"from": "d4", "to": "a1"}, "path": ["a1", "b1", "c1"],
            "refills": [{"square": "a1"}, {"square": "b1"}], "taken": [{"square": "a1"}, {"square": "b1"},
                                                                     {"square": "c1"}]}
    assert in_words(told) == "sets Ember, Eye and Tide face down; Star: d4 to a1, path a1–b1–c1, takes a1, b1 and c1"


@pytest.mark.parametrize("edition", ["2025", "thirty", "forest"])
def test_one_term_and_one_form_for_each_thing(player_books, edition):
    """What an editor marked besides: a Leyline in running text written a1–b1–b2 (never with commas
    or the notation's hyphens), the card naming a line a Green glyph, the grid four by four in words,
    the deck's kinds in the plural, and no 'takes a1 and b1 and d3'."""
    text = _text(player_books[("the-channeling", edition, "rulebook-letter")])
    assert "The Green glyph with the same symbol names a row" in text and "Green card with the same" not in text
    assert re.search(r"Example: Channeling and canceling\. \w+ has \d+ cubes? on [a-d]\d[^.]*\. \w+ plays \w+ "
                     r"\((row|column) \w+\) and moves the druid on [a-d]\d to [a-d]\d\. The Leyline runs "
                     r"[a-d]\d(–[a-d]\d)+, ending at the druid on [a-d]\d:", text), edition
    assert not re.search(r"runs [a-d]\d, [a-d]\d", text)
    assert "a1–b1–b2, past the Dark druid, and a1–a2–b2, across the empty place" in text
    assert re.search(r"Deal 16 cards from the deck face up into a grid of four by four, framed by", text)
    assert "24 Glyph cards: 8 Light, 8 Dark, 8 Green" in text
    assert not re.search(r"takes [a-d]\d and [a-d]\d and", text)
    if edition == "forest":
        assert "30 Forest cards: 15 Faerie Rings, 15 Stone Circles" in text


@pytest.mark.parametrize("dark, alike", [("h[eye,star,stone]", True), ("h[eye,moon,stone]", False)])
def test_a_sample_game_whose_players_set_the_same_glyphs_down_first_reads_as_alike(dark, alike):
    """Both players setting the same three glyphs face down before the first turn reads as a rule
    that they must: the reader the sample search weighs marks Dark's choice ``alike`` (turn 0), and
    the search passes such a game over when another shows as much."""
    from generator.model import load_edition
    from generator.runs.sample_search import ALIKE
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.book import read_events
    inputs = engine_inputs(load_edition("the-channeling", "2025"))
    events = read_events(inputs, {"seed": 1, "actions": ["h[eye,star,stone]", dark]})
    assert events == [(0, set()), (0, {ALIKE} if alike else set())]
