"""The sample game's log cut to what teaches: the rows of its table.

A turn of the log may carry ``turning`` (it changes something a reader should see: a circle won or
lost, a piece knocked down or sent home), ``shape`` (its move in short without the dice) and
``change`` (what it changed, comparable between turns). From those the log becomes rows:

- a turn that changes something is a row of its own (``"turn"``);
- a run of turns that change nothing is one row (``"quiet"``, or ``"turn"`` when the run is one
  turn), with each player's moves counted and the turns each was made on (a row that gives one
  player two different moves must say which turn made which, or it reads as one turn of both);
- a run of two or more turns each of which repeats its player's turn before it, the same move with
  the same change (two players trading one place back and forth), is one row (``"again"``) naming
  the turns it repeats.

Every row keeps the turn it ends on (``last``), whose state is the running score. A turn without
``turning`` is a row of its own, so a game that says nothing of it keeps its whole log.
"""
from __future__ import annotations

from typing import Any


def _repeats(turn: dict[str, Any], before: dict[str, Any] | None) -> bool:
    """``turn`` changes something, and in the same way and by the same move as ``before``."""
    return (before is not None and bool(turn.get("turning")) and "shape" in turn
            and (turn["shape"], turn.get("change")) == (before.get("shape"), before.get("change")))


def _kinds(log: list[dict[str, Any]]) -> list[str]:
    """For each turn: ``again`` (repeats its player's turn before), ``quiet`` (changes nothing) or
    ``turn`` (a row of its own)."""
    last: dict[Any, dict[str, Any]] = {}
    kinds = []
    for t in log:
        if "turning" not in t:
            kinds.append("turn")
        elif not t["turning"]:
            kinds.append("quiet")
        else:
            kinds.append("again" if _repeats(t, last.get(t.get("player"))) else "turn")
        last[t.get("player")] = t
    return kinds


def _moves(run: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each player's moves in a run, in the order first made: [{player, shapes: [{shape, times,
    turns}]}], ``turns`` the numbers of the turns that made the move."""
    players: dict[Any, dict[str, list[Any]]] = {}
    for t in run:
        shapes = players.setdefault(t.get("player"), {})
        shapes.setdefault(t.get("shape", t.get("words", "")), []).append(t["turn"])
    return [{"player": p, "shapes": [{"shape": shape, "times": len(turns), "turns": turns}
                                     for shape, turns in shapes.items()]}
            for p, shapes in players.items()]


def _row(kind: str, run: list[dict[str, Any]], like: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    players = list(dict.fromkeys(t.get("player") for t in run))
    row = {"kind": kind, "turns": run, "first": run[0]["turn"], "end": run[-1]["turn"], "last": run[-1],
           "players": players, "moves": _moves(run)}
    if kind == "turn":
        row["turn"] = run[0]
    if like:
        row["like"] = like
        row["times"] = len(run) // len(like) if len(run) % len(like) == 0 else None
    return row


def log_rows(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the log's table, in order (see the module's docstring)."""
    kinds = _kinds(log)
    rows: list[dict[str, Any]] = []
    i = 0
    while i < len(log):
        kind = kinds[i]
        j = i + 1
        while j < len(log) and kind != "turn" and kinds[j] == kind:
            j += 1
        run = log[i:j]
        if kind == "again" and len(run) > 1:
            like = _pattern(log[:i], run)
            rows.append(_row("again", run, like))
        elif kind == "quiet" and len(run) > 1:
            rows.append(_row("quiet", run))
        else:
            rows.extend(_row("turn", [t]) for t in run)
        i = j
    return rows


def _pattern(before: list[dict[str, Any]], run: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turns a run of repeats repeats: each player's turn before the run, in the order played."""
    players = set(t.get("player") for t in run)
    like: list[dict[str, Any]] = []
    for t in reversed(before):
        if t.get("player") in players and all(t.get("player") != u.get("player") for u in like):
            like.insert(0, t)
    return like
