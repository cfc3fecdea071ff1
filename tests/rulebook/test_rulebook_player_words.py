"""A player book states rules: no statistics, no tooling. The words of the designer
(looks/rulebook/player-words.txt) are read out of every built player book with pypdf, and a
player build plays no balance games at all."""
from __future__ import annotations

import re

import pytest

from rulebook_helpers import PLAYER_BOOKS


def _text(pdf) -> str:
    from pypdf import PdfReader
    return re.sub(r"\s+", " ", " ".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages))


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_player_book_prints_no_designer_word(player_books, book):
    from generator.rulebook.lint import designer_words
    text = _text(player_books[book])
    found = [text[max(0, m.start() - 30):m.end() + 30] for m in designer_words().finditer(text)]
    assert found == []


def test_the_word_list_catches_what_the_old_books_said():
    from generator.rulebook.lint import designer_words
    for said in ("The rules engine played 2,400 games", "Light won 63% of the games", "from seed 12",
                 "searches many futures (Monte Carlo tree search)", "both agents", "the win rate of Dark",
                 # how the book was made, as the sample games once said it
                 "Every sentence below is written from the record of that game",
                 "played out by the rules of this book with real dice rolls",
                 "The sample game in this book always sent standing druids first",
                 "The game was chosen because it shows the rules players find hardest"):
        assert designer_words().search(said), said
    for rule in ("Each player takes 19 cubes", "the seeded card", "a 2-sided token", "Here is a complete game, turn by turn",
                 "the score after each turn is counted as at the end of the game", "roll the dice"):
        assert not designer_words().search(rule), rule


def test_player_builds_play_no_balance_games(player_books):
    """The cache after every player book holds sample games only: no balance run was played."""
    kinds = {re.sub(r"-[0-9a-f]{32}\\.json$", "", name) for name in player_books["cache"]}
    assert player_books["cache"] and not any(name.startswith("balance") for name in player_books["cache"]), kinds


def test_designer_report_is_not_a_default_profile():
    from generator.model.layouts import BUILTIN_LOOKS
    import yaml
    profile = yaml.safe_load((BUILTIN_LOOKS / "profiles" / "designer-report.yaml").read_text())
    assert profile["default"] is False


def test_the_grove_states_its_draw_rule_as_an_optional_rule(player_books):
    text = _text(player_books[("battle-for-the-grove", "2024", "rulebook-letter")])
    assert "Optional rule (not in the printed rules): a drawn battle" in text
