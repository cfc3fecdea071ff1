"""The game loop every engine is played with: agents decide by seat, the state samples its own chance
outcomes; a finished game becomes one row of figures."""
from __future__ import annotations

from typing import Any, Sequence

# one row per game
FIELDS = ("winner", "tie_break", "score0", "score1", "cards0", "cards1", "over0", "over1",
          "turns", "deck_ran_out", "supply_ran_out", "spent", "stalled", "swapped")


def play_out(state: Any, players: Sequence[Any], log: list | None = None) -> None:
    """Play ``state`` to its end: each seat's agent decides, and at a chance node
    (``current_player`` -1) the state's own seeded outcome, ``sample_chance()``, is applied.
    ``log`` (if given) receives the players' actions."""
    while not state.is_terminal():
        p = state.current_player
        if p == -1:
            state.apply_action(state.sample_chance())
            continue
        action = players[p].choose(state)
        state.apply_action(action)
        if log is not None:
            log.append(action)


def game_row(state: Any, swapped: bool) -> tuple:
    """One finished game as a row of ``FIELDS``; what a state does not track counts as 0."""
    winner, tie_break = state.outcome()
    sc = state.scores()
    fl = state.flags() if hasattr(state, "flags") else {}
    taken = getattr(state, "taken", lambda p: ())
    over = getattr(state, "overchanneling", lambda p: 0)
    return (winner, tie_break, sc[0], sc[1], len(taken(0)), len(taken(1)), over(0), over(1),
            state.turn, bool(fl.get("deck_ran_out")), bool(any(fl.get("supply_ran_out", ()))),
            int(sum(fl.get("spent_glyphs", ()))), bool(fl.get("stalled")), swapped)
