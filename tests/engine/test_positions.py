"""Positions from data: the public builder of both games, its checks, and round trips from played
games (a position built from a game's data plays on exactly as the game itself)."""
from __future__ import annotations

import random

import pytest
from channeling_helpers import deal, edition_data, fixed, plain_deck, play_random_turn

from pnp_games.channeling.positions import to_data
from pnp_games.grove import GroveOptions
from generator.play.positions import PositionError, build_position
from generator.play.registry import new_game


def test_a_channeling_position_from_text():
    s = build_position("channeling", fixed("2025"), """
to_move: dark
turn: 9
druids: {light: [a1, d4], dark: [b3, c2]}
cubes: {a2: 2, c2: -3}
taken: {light: [C20, C21], dark: []}
overchanneling: {light: 1}
hand: {light: [moon, tide], dark: [ember, stone, star, eye, tide]}
hidden: {light: [ember, stone, star], dark: [root, moon, hourglass]}
""", deal(plain_deck(36)))
    assert s.current_player == 1 and s.turn == 9 and not s.in_setup
    assert s.druids(0) == ("a1", "d4") and s.cubes_at("c2") == (0, 3)
    assert s.supply(0) == 50 - 2 - 1 and s.supply(1) == 47
    assert s.scores() == (10 - 1, 0) and [c.name for c in s.taken(0)] == ["C20", "C21"]
    assert s.deck_size == 36 - 16 - 2 and s.hidden(1) == ("root", "moon", "hourglass")
    assert {a.glyph for a in s.legal_turns()} == {"ember", "stone", "star", "eye", "tide"}


def test_grid_and_deck_by_card_name_and_empty_spots():
    s = build_position("channeling", fixed(), {"grid": {"a1": "C29", "d4": None}, "deck": ["C0", "C20"]},
                       deal(plain_deck()))
    assert s.card_at("a1").name == "C29" and s.card_at("d4") is None
    assert s.deck_size == 30 - 15
    assert to_data(s)["deck"][:3] == ["C0", "C20", "C15"]  # named ones on top, then the rest (d4's card too)
    with pytest.raises(PositionError, match="cubes.d4: cubes on an empty spot"):
        build_position("channeling", fixed(), {"grid": {"d4": None}, "cubes": {"d4": 1}}, deal(plain_deck()))


@pytest.mark.parametrize("data, message", [
    ({"druid": {}}, "druid: unknown key"),
    ({"druids": {"light": ["a1", "z9"], "dark": ["b3", "c2"]}}, "druids.light[1]: 'z9' is not a square (a1-d4)"),
    ({"druids": {"light": ["a1", "b3"], "dark": ["b3", "c2"]}}, "two druids on one square"),
    ({"cubes": {"a1": 7}}, "cubes.a1: 7 cubes reach the card's Vigor 7"),
    ({"grid": {"a1": "Nope"}}, "grid.a1: no card called 'Nope'"),
    ({"grid": {"a1": "C1", "b1": "C1"}}, "grid.b1: no copy of 'C1' left"),
    ({"hand": {"light": ["ember", "fire"]}}, "hand.light[1]: unknown glyph 'fire'"),
    ({"overchanneling": {"light": 60}}, "light has more cubes on the grid and kept than the 50"),
    ({"to_move": "blue"}, "to_move: expected light or dark, found 'blue'"),
    ({"taken": {"light": ["C0", "C0"]}}, "taken.light[1]: no copy of 'C0' left"),  # one copy of C0 in the deck
    ({"taken": {"green": []}}, "taken: expected a mapping with light and/or dark"),
    ({"cubes": [1, 2]}, "cubes: expected a mapping of squares"),
    ({"deck": "C16"}, "deck: expected a list of card names"),
])
def test_bad_channeling_positions_name_the_key(data, message):
    with pytest.raises(PositionError, match="^position: ") as err:
        build_position("channeling", fixed(), data, deal(plain_deck()))
    assert message in str(err.value)


def test_face_down_count_follows_the_edition():
    with pytest.raises(PositionError, match=r"hidden.dark: the rules set 3 glyphs face down, found 2"):
        build_position("channeling", fixed("2025"), {"hidden": {"light": ["ember", "stone", "star"],
                                                                "dark": ["ember", "stone"]}},
                       deal(plain_deck(36)))


def test_bad_position_text_names_the_line():
    with pytest.raises(PositionError, match=r"position text, line \d+: "):
        build_position("channeling", fixed(), "turn: 3\ncubes: {a1: [\n", deal(plain_deck()))


@pytest.mark.parametrize("edition", ["2025", "forest"])
def test_positions_of_played_games_round_trip_and_play_on_alike(edition):
    data = edition_data(edition)
    rng, compared = random.Random(4), 0
    for seed in range(4):
        s = new_game(data.options, data.inputs, seed, game="channeling")
        for _ in range(rng.randint(3, 30)):
            if s.is_terminal():
                break
            play_random_turn(s, rng)
        if s.in_setup or s.is_terminal():
            continue
        compared += 1
        built = build_position("channeling", data.options, to_data(s), data.inputs)
        assert to_data(built) == to_data(s)
        assert built.legal_actions() == s.legal_actions() and built.is_terminal() == s.is_terminal()
        for _ in range(10):
            if s.is_terminal():
                break
            k = rng.random()
            play_random_turn(s, random.Random(k))
            play_random_turn(built, random.Random(k))
            assert built.scores() == s.scores() and to_data(built) == to_data(s)
    assert compared >= 2


def test_a_grove_position_from_text_with_more_circles():
    options = GroveOptions(circles=4, druids_per_player=4)
    s = build_position("grove", options, "druids: {G: ll, A: LLD, D: ddd}\ncubes: {D: -5}\nto_move: dark\nturn: 7")
    assert s.current_player == 1 and s.turn == 7 and s.cubes("D") == (0, 5) and s.supply(1) == 14 and s.standing(0, "A") == 2
    assert "banish A" in {str(a) for a in s.legal_actions()}


@pytest.mark.parametrize("data, message", [
    ({"druids": {"G": "llllll", "Q": "dddddd"}}, "druids: unknown place 'Q'"),
    ({"druids": {"G": "lllllx", "A": "dddddd"}}, "unknown druid letter 'x'"),
    ({"druids": {"G": "lllll", "A": "dddddd"}}, "light has 5 druids placed, the rules give 6"),
    ({"druids": {"G": "llllll", "A": "dddddd"}, "cubes": {"A": 30}}, "more cubes on circles"),
    ({"druids": {"G": "llllll", "A": "dddddd"}, "cubes": {"A": "many"}}, "cubes: expected circles"),
    ({"druids": {"G": "llllll", "A": "dddddd"}, "to_move": "green"}, "to_move: expected light or dark"),
])
def test_bad_grove_positions_name_the_key(data, message):
    with pytest.raises(PositionError) as err:
        build_position("grove", GroveOptions(), data)
    assert message in str(err.value)
