"""Whole turns as decisions: ``play_turn`` applies one record of the notation (actions.py) to a
state as the decisions it stands for, drawing each refill from the top of the deck.

Replays, scenario tests, the rulebook's narration and positions from data speak in whole turns;
the engine speaks in decisions. The turn is played on a copy first, so a turn that breaks a rule
leaves the state as it was.
"""
from __future__ import annotations

from generator.play.errors import ActionSyntaxError, IllegalActionError
from pnp_games.channeling.actions import Action, format_action, parse_action
from pnp_games.channeling.core import StateCore
from pnp_games.channeling.decisions import DRAW, FROM, HIDE, PLAY, REFILL, TO, VIA
from pnp_games.channeling.fields import Fields


def play_turn(state: StateCore, action: Action | str) -> None:
    """Apply a whole turn (or a setup hide) to ``state``; see the module docstring.

    :raises IllegalActionError: when ``action`` is not a legal turn here.
    :raises ActionSyntaxError: for notation that does not parse.
    """
    if isinstance(action, str):
        action = parse_action(action)
    if state._phase not in (HIDE, PLAY):
        raise IllegalActionError(f"{format_action(action)}: a turn is under way or the game is over; "
                                 f"apply its remaining decisions")
    trial = state.clone()
    _feed(trial, action)
    for name in Fields.__slots__:
        setattr(state, name, getattr(trial, name))


def is_legal_turn(state: StateCore, action: Action | str) -> bool:
    """True when ``play_turn(state, action)`` would succeed."""
    try:
        if isinstance(action, str):
            action = parse_action(action)
        if state._phase not in (HIDE, PLAY):
            return False
        _feed(state.clone(), action)
    except (IllegalActionError, ActionSyntaxError):
        return False
    return True


def _feed(s: StateCore, action: Action) -> None:
    ids = s._st.ids
    text = format_action(action)
    base, gidx, cidx = ids.base, ids.gidx, ids.cidx
    turns = len(s._history)

    def apply(kind: int, index: int | None, what: str) -> None:
        if s._phase != kind:
            raise IllegalActionError(f"{text}: {what} does not fit here (the rules call for "
                                     f"{_WHAT[s._phase]})")
        if index is None:
            raise IllegalActionError(f"{text}: unknown {what}")
        s.apply_action(base[kind] + index)

    if action.hide or s._phase == HIDE:
        mask = 0
        for g in action.hide:
            mask |= 1 << gidx.get(g, 0)
        hide_id = ids.hide_id.get(mask) if all(g in gidx for g in action.hide) else None
        if s._phase != HIDE:
            raise IllegalActionError(f"{text}: glyphs are set face down only at the start of a hand")
        if not action.hide:
            raise IllegalActionError(f"{text}: a fresh hand: {s._st.hidden} glyphs must first be set face down")
        if hide_id is None:
            raise IllegalActionError(f"{text}: expected {s._st.hidden} different glyphs of this game face down")
        s.apply_action(base[HIDE] + hide_id)
    if action.is_setup:
        if len(s._history) == turns:
            raise IllegalActionError(f"{text}: glyphs set face down, but the turn is not played")
        return
    if s._setup:
        raise IllegalActionError(f"{text}: both players first set their glyphs face down: h[...]")
    apply(PLAY, gidx.get(action.glyph), f"glyph {action.glyph!r}")
    if action.is_spent:
        if len(s._history) == turns:
            raise IllegalActionError(f"{text}: a glyph may be spent only when no glyph allows a move")
        return
    if len(s._history) > turns:
        raise IllegalActionError(f"{text}: no glyph allows a move; the glyph is spent")
    apply(FROM, cidx.get(action.src), f"druid square {action.src!r}")
    apply(TO, cidx.get(action.dst), f"destination {action.dst!r}")
    while s._phase == VIA:  # the engine lays the steps where only one card is nearer
        k = len(s._tpath)
        if k >= len(action.path):
            break
        apply(VIA, cidx.get(action.path[k]), f"Leyline card {action.path[k]!r}")
    for square in action.refill:
        if s._phase == DRAW:
            s.apply_action(s.sample_chance())
        if s._phase == REFILL:
            apply(REFILL, cidx.get(square), f"refill spot {square!r}")
    while s._phase == DRAW:
        s.apply_action(s.sample_chance())
    done = s._records()[-1] if len(s._history) > turns else None
    if s._phase == VIA or done is not None and done.path != action.path:
        raise IllegalActionError(f"{text}: {'-'.join(action.path)} is not a shortest path from "
                                 f"{action.dst} to the other druid")
    if done is None:
        raise IllegalActionError(f"{text}: the refill order must list each taken spot once")
    if done.refill != action.refill:
        # after the deck ran out the order of empty spots does not matter: keep the one given
        if sorted(done.refill) != sorted(action.refill) or s._deck:
            raise IllegalActionError(f"{text}: the refill order must list each taken spot once "
                                     f"({','.join(sorted(done.refill)) or 'none taken'})")
        s._history[-1] = action


_WHAT = {HIDE: "glyphs set face down", PLAY: "a glyph", FROM: "the druid that moves",
         TO: "a destination", VIA: "the next card of the Leyline", REFILL: "a refill spot",
         DRAW: "a card drawn", 7: "nothing: the game is over"}
