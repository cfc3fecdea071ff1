"""Worked examples checked by the rules engine: rules/examples/*.yaml positions and moves, played,
told and drawn when the book is built; a rule change that breaks one stops the build at its line."""
from __future__ import annotations

import re

import yaml

from pnp_testing import run_cli


def test_each_hard_rule_has_its_engine_checked_example(book_2025):
    text = " ".join(" ".join(book_2025["pages"]).split())
    for title in ("Choosing between two shortest Leylines", "Overchanneling", "Reaching seven cards"):
        assert f"Example: {title}." in text
    # the engine's numbers, not typed ones: 4 cubes + 3 laid on a Vigor 5 card, 5 back and 2 kept
    assert re.search(r"With 7 cubes on [^.]*Vigor 5\), Light takes it for \d+ Splendor; 5 cubes go back to the "
                     r"supply and 2 cubes stay as Overchanneling", text)
    assert re.search(r"Light now holds 7 cards: Dark plays one last turn", text)


def test_a_rule_change_that_breaks_an_example_stops_the_build_at_its_line(game_copy, tmp_path, rulebook_env):
    """Three cubes on the moved druid's card is what takes the Vigor 5 card with 2 to spare; with one,
    the example shows no Overchanneling and the build names the example's file and line."""
    edition = game_copy / "the-channeling" / "editions" / "2025.yaml"
    text = edition.read_text()
    edition.write_text(text.replace("rules:\n", "rules:\n  placement_moved: 1\n", 1))
    examples = game_copy / "the-channeling" / "rules" / "examples" / "turn.yaml"
    shows = next(i for i, line in enumerate(examples.read_text().splitlines(), 1)
                 if line.strip() == "shows: [overchanneling]")
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "-p", "rulebook-letter", "--out",
                     str(tmp_path / "out"), env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2, result.stderr
    assert f"examples/turn.yaml:{shows}" in result.stderr and "overchanneling.shows" in result.stderr, result.stderr
    assert not list((tmp_path / "out").glob("*.pdf"))


def test_an_illegal_example_move_names_its_line(game_copy, tmp_path, rulebook_env):
    examples = game_copy / "the-channeling" / "rules" / "examples" / "turn.yaml"
    data = yaml.safe_load(examples.read_text())
    old = data["overchanneling"]["move"]
    examples.write_text(examples.read_text().replace(old, old.replace("c2>b1", "c2>b4"), 1))
    line = next(i for i, text in enumerate(examples.read_text().splitlines(), 1) if "c2>b4" in text)
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "-p", "rulebook-letter", "--out",
                     str(tmp_path / "out"), env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2 and f"examples/turn.yaml:{line}" in result.stderr, result.stderr


def test_the_grove_examples_show_the_stun_cap_standing_twice_a_cancellation_and_a_banish(player_books):
    from rulebook_helpers import pdf_text
    pdf = player_books[("battle-for-the-grove", "2024", "rulebook-letter")]
    text = " ".join(" ".join(pdf_text(pdf)).split())
    # the engine's own numbers: three successes, capped at the two standing druids
    capped = ("rolls 1, 1, 2: three dice are at most 2, but a Stun counts no more successes than the two "
              "druids standing there, so two count. Two of Dark\u2019s druids are knocked down")
    assert "Example: The Stun cap." in text and capped in text
    assert "will succeed" not in text   # the intro tells the rule, not the outcome before the roll
    assert "Example: Standing up twice in the Grove." in text and "and so earns a second action" in text
    assert "Example: Cubes canceling out." in text and "Two of them cancel two of Dark\u2019s; all four go back to their owners\u2019 supplies" in text
    assert "Example: A Banish with a choice." in text and ("two of Dark\u2019s druids go back to the Grove, lying "
                                                          "down. Light chooses which of the three there go: two standing ones.") in text


def test_a_grove_rule_change_that_breaks_an_example_names_its_line(game_copy, tmp_path, rulebook_env):
    """With one action a turn, standing up twice in the Grove is no longer possible."""
    edition = next((game_copy / "battle-for-the-grove" / "editions").glob("*.yaml"))
    edition.write_text(edition.read_text().replace("rules:\n", "rules:\n  actions_per_turn: 1\n", 1))
    examples = game_copy / "battle-for-the-grove" / "rules" / "examples" / "actions.yaml"
    line = next(i for i, text in enumerate(examples.read_text().splitlines(), 1) if "stand G; stand G" in text)
    result = run_cli("rulebook", "battle-for-the-grove", "-p", "rulebook-letter", "--out", str(tmp_path / "out"),
                     env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2, result.stderr
    assert f"examples/actions.yaml:{line}" in result.stderr and "stand-twice.move" in result.stderr, result.stderr


def test_a_fixed_banish_order_breaks_the_banish_example_at_its_line(game_copy, tmp_path, rulebook_env):
    """The Banish example has Light choose which druids go home; with the order fixed by the rules
    (standing ones first) there is no choice to make and the build names the example's move."""
    edition = next((game_copy / "battle-for-the-grove" / "editions").glob("*.yaml"))
    text = edition.read_text()
    assert "banish_order: banisher_chooses" in text
    edition.write_text(text.replace("banish_order: banisher_chooses", "banish_order: standing_first", 1))
    examples = game_copy / "battle-for-the-grove" / "rules" / "examples" / "actions.yaml"
    line = next(i for i, text in enumerate(examples.read_text().splitlines(), 1) if "send 2s0l" in text)
    result = run_cli("rulebook", "battle-for-the-grove", "-p", "rulebook-letter", "--out", str(tmp_path / "out"),
                     env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2, result.stderr
    assert f"examples/actions.yaml:{line}" in result.stderr and "banish-choice.move" in result.stderr, result.stderr
    assert not list((tmp_path / "out").glob("*.pdf"))


def test_the_leyline_example_shows_an_empty_place_only_once_the_deck_is_out(book_2025):
    """By the rules a place stays empty only when the deck cannot refill it: the box that draws a2
    empty counts no card left in the deck."""
    page = next(p for p in book_2025["pages"] if "Example: Choosing between two shortest" in " ".join(p.split()))
    counts = re.findall(r"deck (\d+)", page)
    assert counts and set(counts) == {"0"}, counts


def _made_up_position(data):
    from generator.play.positions import build_position
    from pnp_games.channeling.cards import Card
    from pnp_games.channeling.options import ChannelingOptions
    from pnp_games.channeling.cards import Deal
    deck = tuple(Card(f"C{i}", 7, 5) for i in range(30))
    glyphs = ("ember", "stone", "star", "eye", "tide", "root", "moon", "hourglass")
    options = ChannelingOptions.model_validate({"line_assignment": "fixed"})
    return build_position("channeling", options, data, Deal(deck, glyphs))


def test_an_example_refuses_an_empty_place_while_the_deck_holds_cards():
    import pytest
    from pnp_games.channeling.book.book import _refuse_early_empty_places
    early = _made_up_position({"grid": {"c3": None}})
    assert early.deck_size == 30 - 15
    with pytest.raises(ValueError, match=r"^position: grid\.c3: an empty place while the deck still holds 15 cards"):
        _refuse_early_empty_places(early)
    late = _made_up_position({"grid": {"c3": None}, "taken": {"light": ["C0"], "dark": "rest"}, "last_turn": "light"})
    assert late.deck_size == 0 and len(late.taken(1)) == 30 - 15 - 1
    _refuse_early_empty_places(late)  # the deck is out: the empty place is one a game reaches
