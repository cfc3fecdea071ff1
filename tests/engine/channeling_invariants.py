"""Invariants checked after every action in the property and long tests."""
from __future__ import annotations

from pnp_games.channeling import State


class HandTracker:
    """Follows each player's glyphs played since their hand last came back."""

    def __init__(self, glyphs: list[str]):
        self.glyphs = glyphs
        self.played: list[set[str]] = [set(), set()]

    def update(self, state: State, player: int, action) -> None:
        if action.glyph:
            self.played[player].add(action.glyph)
            # after a refresh the whole hand is back
            if len(state.hand(player)) + len(state.hidden(player)) == len(self.glyphs) and \
                    action.glyph in state.hand(player):
                self.played[player] = set()


def check(state: State, deck_size: int, tracker: HandTracker | None = None) -> None:
    st = state._st
    o = st.options
    # cubes: supply + on cards + Overchanneling = cubes_per_player, per colour
    for p in (0, 1):
        sign = 1 - 2 * p
        on_cards = sum(v * sign for v in state._cubes if v * sign > 0)
        assert state.supply(p) >= 0
        assert state.supply(p) + on_cards + state.overchanneling(p) == o.cubes_per_player
    # cards: deck + grid + taken = deck size; empty spots are exactly the cardless cells
    on_grid = sum(1 for c in state._grid if c >= 0)
    taken = len(state._taken[0]) + len(state._taken[1])
    assert state.deck_size + on_grid + taken == deck_size
    empties = sum(1 for c in state._grid if c < 0)
    assert empties == st.cells - on_grid
    assert bin(state._empty).count("1") == empties
    for i, c in enumerate(state._grid):
        assert (c < 0) == bool(state._empty >> i & 1)
        if c < 0:
            assert state._cubes[i] == 0, "cubes on an empty spot"
    all_cards = state._deck + [c for c in state._grid if c >= 0] + state._taken[0] + state._taken[1]
    assert sorted(all_cards) == list(range(deck_size)), "a card is lost or doubled"
    # no card keeps cubes at or beyond Vigor
    for i, c in enumerate(state._grid):
        if c >= 0:
            assert abs(state._cubes[i]) < st.vig[c]
    # exactly 4 druids on distinct cells
    assert len(state._druids) == 4 and len(set(state._druids)) == 4
    assert all(0 <= d < st.cells for d in state._druids)
    # hands: playable, face-down and played glyphs are disjoint and cover the set
    for p in (0, 1):
        hand, hidden = set(state.hand(p)), set(state.hidden(p))
        assert not hand & hidden
        assert len(hidden) in (0, o.hidden_glyphs)
        if tracker is not None:
            played = tracker.played[p]
            assert not hand & played, f"hand holds a played glyph: {hand & played}"
            assert not hidden & played
            assert len(hand) + len(hidden) + len(played) == len(st.glyphs)
    # scores
    for p in (0, 1):
        assert state.scores()[p] == sum(c.splendor for c in state.taken(p)) - state.overchanneling(p)
    assert state.turn <= o.turn_cap
    if state.is_terminal():
        assert state.current_player < 0
        r = state.returns()
        assert sum(r) == 0


def play_checked(state: State, agents, deck_size: int, glyphs: list[str]) -> State:
    """Play to the end (refills from the top of the deck), checking the invariants after every
    whole turn and that every decision taken was among the legal ones."""
    tracker = HandTracker(glyphs)
    check(state, deck_size, tracker)
    turns = 0
    while not state.is_terminal():
        mover, done = state.current_player, len(state.history)
        while len(state.history) == done:
            p = state.current_player
            action = state.sample_chance() if p < 0 else agents[p].choose(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        tracker.update(state, mover, state.history[-1])
        check(state, deck_size, tracker)
        turns += 1
        assert turns <= state.options.turn_cap + 2
    return state
