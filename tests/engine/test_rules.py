"""Scenario tests: one rule each, on positions dealt in deck order with fixed line labels."""
from __future__ import annotations

import pytest

from pnp_games.channeling import Card, parse_action
from pnp_games.channeling.agents import RandomAgent
from generator.play.errors import IllegalActionError

from channeling_helpers import GLYPHS, board, cube_total, fixed, plain_deck

A = parse_action


def deck_with(changes: dict[int, tuple[int, int]], n: int = 30) -> list[Card]:
    deck = plain_deck(n)
    for i, (v, s) in changes.items():
        deck[i] = Card(f"C{i}", v, s)
    return deck


def test_setup_positions():
    s = board(fixed(), plain_deck())
    assert s.druids(0) == ("b2", "c3") and s.druids(1) == ("c2", "b3")
    assert s.card_at("a1").name == "C0" and s.card_at("d4").name == "C15"
    assert s.deck_size == 14 and s.current_player == 0
    assert s.glyph_lines["ember"] == "row 1" and s.glyph_lines["tide"] == "column a"
    d = board(fixed(druid_start="dark_main_diagonal"), plain_deck())
    assert d.druids(1) == ("b2", "c3") and d.druids(0) == ("c2", "b3")


def test_placement_3_2_1_and_paths_cross_druids():
    s = board(fixed(), plain_deck())
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))
    assert [s.cubes_at(q) for q in ("a1", "b1", "c1", "c2", "c3")] == [
        (3, 0), (1, 0), (1, 0), (1, 0), (2, 0)]
    assert s.cubes_at("b2") == (0, 0)
    assert s.supply(0) == 50 - 8
    assert s.druids(0) == ("a1", "c3") and s.current_player == 1


def test_placement_amounts_are_options():
    s = board(fixed(placement_moved=4, placement_stationary=0, placement_between=2),
              plain_deck())
    s.play_turn(A("tide:b2>a1 a1-a2-a3-b3-c3"))
    assert [s.cubes_at(q)[0] for q in ("a1", "a2", "a3", "b3", "c3")] == [4, 2, 2, 2, 0]


def test_cancellation_cube_by_cube():
    s = board(fixed(), plain_deck(), cubes={"a1": -1, "b1": -2, "c1": -1})
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))
    assert s.cubes_at("a1") == (2, 0)      # 3 against 1
    assert s.cubes_at("b1") == (0, 1)      # 1 against 2
    assert s.cubes_at("c1") == (0, 0)      # 1 against 1
    assert s.supply(0) == 50 - 8 + 3 and s.supply(1) == 50 - 4 + 3
    assert cube_total(s, 0) == 50 and cube_total(s, 1) == 50


@pytest.mark.parametrize("order,first,second", [("c3,a1", "C16", "C17"),
                                                 ("a1,c3", "C17", "C16")])
def test_several_cards_taken_refilled_in_chosen_order(order, first, second):
    deck = deck_with({0: (4, 6), 10: (4, 3)})          # a1 and c3
    s = board(fixed(), deck, cubes={"a1": 1, "c3": 2})
    s.play_turn(A(f"tide:b2>a1 a1-b1-c1-c2-c3 r[{order}]"))
    assert s.card_at("c3").name == first and s.card_at("a1").name == second
    assert sorted(c.name for c in s.taken(0)) == ["C0", "C10"]
    assert s.cubes_at("a1") == (0, 0) and s.cubes_at("c3") == (0, 0)
    # splendor basis (thirty): a1 4 cubes, returns min(4, 6) = 4; c3 4 cubes, returns 3
    assert s.overchanneling(0) == 1 and s.scores()[0] == 6 + 3 - 1
    assert s.druids(0) == ("a1", "c3")                # druids stay where they stand
    assert cube_total(s, 0) == 50


def test_refill_order_must_name_exactly_the_taken_spots():
    deck = deck_with({0: (4, 6), 10: (4, 3)})
    s = board(fixed(), deck, cubes={"a1": 1, "c3": 2})
    for bad in ("tide:b2>a1 a1-b1-c1-c2-c3", "tide:b2>a1 a1-b1-c1-c2-c3 r[a1]",
                "tide:b2>a1 a1-b1-c1-c2-c3 r[a1,b1]", "tide:b2>a1 a1-b1-c1-c2-c3 r[a1,a1]"):
        with pytest.raises(IllegalActionError):
            s.play_turn(A(bad))
    assert s.cubes_at("a1") == (1, 0) and s.turn == 0   # unchanged after refusals
    with pytest.raises(IllegalActionError):
        s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3 r[b1]"))


@pytest.mark.parametrize("basis,over", [("vigor", 2), ("splendor", 0)])
def test_cubes_returned_basis(basis, over):
    deck = deck_with({0: (4, 6)})                     # a1: Vigor 4, Splendor 6
    s = board(fixed(cubes_returned_basis=basis), deck, cubes={"a1": 3})
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3 r[a1]"))   # 3 + 3 = 6 cubes on a1
    assert s.overchanneling(0) == over
    assert s.scores()[0] == 6 - over
    assert cube_total(s, 0) == 50


def test_splendor_basis_below_vigor_keeps_the_rest():
    deck = deck_with({0: (6, 3)})
    s = board(fixed(cubes_returned_basis="splendor"), deck, cubes={"a1": 4})
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3 r[a1]"))   # 7 cubes, 3 return, 4 kept
    assert s.overchanneling(0) == 4 and s.scores()[0] == 3 - 4


def _taken(deck, side, count):
    """The top ``count`` cards of the deck after the deal, as cards ``side`` has taken."""
    return {side: [c.name for c in deck[16:16 + count]]}


@pytest.mark.parametrize("trigger_player", [0, 1])
def test_extra_turn_after_end_is_triggered(trigger_player):
    deck = deck_with({0: (4, 6), 3: (4, 6)})          # a1, d1
    s = board(fixed(), deck, cubes={"a1": 3, "d1": -3}, taken=_taken(deck, ("light", "dark")[trigger_player], 6))
    if trigger_player == 1:
        s.play_turn(A("ember:c3>c1 c1-b1-b2"))      # Light: nothing taken
    # the triggering player takes a 7th card
    if trigger_player == 0:
        s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3 r[a1]"))
    else:
        s.play_turn(A("hourglass:c2>d1 d1-c1-b1-b2-b3 r[d1]"))
    assert len(s.taken(trigger_player)) == 7
    assert not s.is_terminal() and s.current_player == 1 - trigger_player
    s.play_turn(s.legal_turns()[0])              # the opponent's one last turn
    assert s.is_terminal() and s.current_player < 0
    assert s.legal_turns() == []
    with pytest.raises(IllegalActionError):
        s.play_turn(A("ember:spent"))


def _final(s, splendor, cards, over=(0, 0)):
    for p in (0, 1):
        s._taken[p] += [s._deck.pop() for _ in range(cards[p])]
    s._splendor = list(splendor)
    s._over = list(over)
    s._terminal = True
    return s


def test_tie_broken_by_fewer_cards():
    s = _final(board(fixed(), plain_deck()), (20, 20), (3, 4))
    assert s.outcome() == (0, "fewer_cards") and s.returns() == [1.0, -1.0]
    s = _final(board(fixed(), plain_deck()), (21, 20), (3, 4), over=(1, 0))
    assert s.scores() == (20, 20) and s.outcome() == (0, "fewer_cards")


def test_tie_broken_by_second_player():
    s = _final(board(fixed(), plain_deck()), (20, 20), (4, 4))
    assert s.outcome() == (1, "second_player") and s.returns() == [-1.0, 1.0]


def test_tie_breakers_are_options():
    s = _final(board(fixed(tie_breakers=()), plain_deck()), (20, 20), (3, 4))
    assert s.outcome() == (None, None) and s.returns() == [0.0, 0.0]
    s = _final(board(fixed(tie_breakers=("second_player",)), plain_deck()), (20, 20), (3, 4))
    assert s.outcome() == (1, "second_player")


def test_higher_score_wins_without_tie_break():
    s = _final(board(fixed(), plain_deck()), (20, 25), (3, 5), over=(0, 6))
    assert s.scores() == (20, 19) and s.outcome() == (0, None)


def test_hidden_glyphs_setup_and_play():
    s = board(fixed("2025"), plain_deck(36))
    assert s.in_setup and s.current_player == 0
    assert len(s.legal_turns()) == 56                # C(8, 3) choices
    with pytest.raises(IllegalActionError):
        s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))
    s.play_turn(A("h[ember,stone,tide]"))
    t = s.clone()
    s.play_turn(A("h[eye,moon,root]"))
    t.play_turn(A("h[hourglass,moon,star]"))
    assert not s.in_setup and s.current_player == 0
    assert s.hidden(0) == ("ember", "stone", "tide") and len(s.hand(0)) == 5
    # Light's view is the same whatever Dark hid; Dark's own view shows them
    assert s.observation(0) == t.observation(0)
    ob = s.observation(0)
    assert ob.opponent_hidden_count == 3 and set(ob.opponent_unplayed) == set(GLYPHS)
    assert "eye" not in ob.hidden and set(s.observation(1).hidden) == {"eye", "moon", "root"}
    # a face-down glyph cannot be played
    with pytest.raises(IllegalActionError):
        s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))


def test_hidden_glyphs_hand_returns_after_five_plays():
    s = board(fixed("2025"), plain_deck(36))
    s.play_turn(A("h[ember,stone,tide]"))
    s.play_turn(A("h[ember,stone,tide]"))
    for i in range(5):
        assert not s.must_hide(0)
        playable = s.hand(0)
        assert len(playable) == 5 - i
        a = next(a for a in s.legal_turns() if a.glyph == playable[0])
        s.play_turn(a)
        assert a.glyph not in s.hand(0) or i == 4
        s.play_turn(s.legal_turns()[0])           # Dark
    assert s.must_hide(0) and s.observation(0).must_hide
    assert s.hidden(0) == () and len(s.hand(0)) == 8
    assert s.observation(1).opponent_hidden_count == 0
    plain = next(a for a in s.legal_turns())
    assert len(plain.hide) == 3 and plain.glyph not in plain.hide
    with pytest.raises(IllegalActionError):
        s.play_turn(plain._replace(hide=()))
    with pytest.raises(IllegalActionError):               # may not hide the glyph played
        s.play_turn(plain._replace(hide=tuple(sorted([plain.glyph] + list(plain.hide[:2])))))
    s.play_turn(plain)
    assert len(s.hidden(0)) == 3 and len(s.hand(0)) == 4


def test_hand_without_hidden_glyphs_is_eight_plays():
    s = board(fixed(), plain_deck())
    for i in range(8):
        assert len(s.hand(0)) == 8 - i
        s.play_turn(s.legal_turns()[-1])
        s.play_turn(s.legal_turns()[-1])
    assert len(s.hand(0)) == 8 and not s.must_hide(0)


def test_empty_deck_leaves_spot_empty():
    deck = deck_with({1: (4, 5)}, n=16)                # b1 will be taken; no deck left
    s = board(fixed(), deck, cubes={"b1": 3})
    assert s.deck_size == 0
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3 r[b1]"))
    assert s.card_at("b1") is None and s.flags()["deck_ran_out"]
    # no druid may stop on it
    with pytest.raises(IllegalActionError):
        s.play_turn(A("ember:c2>b1 b1-b2-b3"))
    assert all(a.dst != "b1" for a in s.legal_turns())
    # a path may cross it; it takes no cubes
    s.play_turn(A("ember:c2>c1 c1-b1-b2-b3"))
    assert s.cubes_at("b1") == (0, 0)
    assert s.cubes_at("c1") == (2, 0) or s.cubes_at("c1") == (0, 2)
    assert s.cubes_at("b2") == (0, 1) and s.cubes_at("b3") == (0, 2)
    assert s.supply(1) == 50 - 3 - 1 - 2 + 1            # one cube cancelled on c1


def test_short_cube_supply_lays_in_path_order():
    s = board(fixed(), plain_deck(), overchanneling={"light": 46})   # 4 cubes left in supply
    assert s.supply(0) == 4
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))
    assert [s.cubes_at(q)[0] for q in ("a1", "b1", "c1", "c2", "c3")] == [3, 1, 0, 0, 0]
    assert s.supply(0) == 0 and s.flags()["supply_ran_out"] == [True, False]
    assert cube_total(s, 0) == 50


def test_empty_supply_lays_nothing():
    s = board(fixed(), plain_deck(), overchanneling={"light": 50})
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))
    assert all(v == 0 for v in s._cubes) and s.druids(0) == ("a1", "c3")


def test_no_legal_move_spends_a_glyph():
    # Light keeps only glyphs whose lines hold none of Light's druids (b2, c3)
    s = board(fixed(move_origin="in_line"), plain_deck(), hand={"light": ["ember", "eye", "tide", "hourglass"]})
    acts = s.legal_turns()
    assert [str(a) for a in acts] == ["ember:spent", "eye:spent", "tide:spent", "hourglass:spent"]
    with pytest.raises(IllegalActionError):
        s.play_turn(A("stone:spent"))              # not in hand
    s.play_turn(A("eye:spent"))
    assert all(v == 0 for v in s._cubes) and s.druids(0) == ("b2", "c3")
    assert "eye" not in s.hand(0) and s.flags()["spent_glyphs"] == [1, 0]
    assert s.current_player == 1


def test_spending_is_illegal_when_a_move_exists():
    s = board(fixed(), plain_deck())
    with pytest.raises(IllegalActionError):
        s.play_turn(A("ember:spent"))


def test_move_origin_in_line():
    s = board(fixed(move_origin="in_line"), plain_deck())
    with pytest.raises(IllegalActionError):           # b2 is not in column a
        s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))
    s.play_turn(A("stone:b2>a2 a2-a3-b3-c3"))     # b2 is in row 2
    assert s.druids(0) == ("a2", "c3")


@pytest.mark.parametrize("text", [
    "tide:c2>a1 a1-b1-c1-c2-b2",       # not Light's druid
    "tide:b2>b1 b1-c1-c2-c3",          # b1 is not in column a
    "stone:b2>c2 c2-c3",               # c2 holds a druid
    "root:c3>b2 b2-c2-c3",             # b2 holds a druid (the moving one is on c3)
    "tide:b2>a1 a1-a2-a3-a4-b4-c4-c3", # not a shortest path
    "tide:b2>a1 a1-b1-c1-c2",          # does not end at the other druid
    "tide:b2>a1 c3-c2-c1-b1-a1",       # wrong direction
    "tide:b2>a1 a1-b2-c3",             # not orthogonal
    "nosuch:b2>a1 a1-b1-c1-c2-c3",     # unknown glyph
    "tide:b2>e1 a1-b1-c1-c2-c3",       # off the grid
    "h[eye,moon,root] tide:b2>a1 a1-b1-c1-c2-c3",  # no hiding in the thirty edition
])
def test_illegal_moves_are_refused(text):
    s = board(fixed(), plain_deck())
    before = str(s)
    with pytest.raises(IllegalActionError):
        s.play_turn(A(text))
    assert not s.is_legal_turn(A(text)) and str(s) == before


def test_turn_cap_stalls_as_a_draw():
    s = board(fixed(turn_cap=3), plain_deck())
    for _ in range(3):
        assert not s.is_terminal()
        s.play_turn(s.legal_turns()[0])
    assert s.is_terminal() and s.is_stalled() and s.returns() == [0.0, 0.0]
    assert s.outcome() == (None, None) and s.flags()["stalled"]


def test_legal_actions_round_trip_and_are_legal(rng):
    s = board(fixed(), deck_with({0: (4, 6), 10: (4, 3), 1: (4, 4)}), cubes={"a1": 2, "c3": 2, "b1": 3})
    acts = s.legal_turns()
    assert len(acts) == len(set(acts))
    multi = [a for a in acts if len(a.refill) >= 2]
    assert multi, "expected moves taking several cards"
    for a in acts:
        assert parse_action(str(a)) == a and s.is_legal_turn(a)
    assert {random_turn(s, seed) for seed in range(300)} <= set(acts)


def random_turn(state, seed):
    """The whole turn the random agent plays from ``state`` (on a copy)."""
    s, agent = state.clone(), RandomAgent(seed)
    while len(s.history) == len(state.history):
        s.apply_action(s.sample_chance() if s.current_player < 0 else agent.choose(s))
    return s.history[-1]


def test_clone_is_independent():
    s = board(fixed(), plain_deck())
    t = s.clone()
    s.play_turn(A("tide:b2>a1 a1-b1-c1-c2-c3"))
    assert t.cubes_at("a1") == (0, 0) and t.druids(0) == ("b2", "c3") and t.turn == 0
    assert str(t) != str(s)
