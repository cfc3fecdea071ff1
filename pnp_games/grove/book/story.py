"""A game of Battle for the Grove told turn by turn: plain facts per step, read from engine states.

A turn is every action of one player until the turn passes, with the dice each Channel, Stun
or Banish rolled. For each step the effect is worked out again from the rule options (successes,
cubes laid and cancelled, druids stunned or sent home) and compared with the engine's state
after it; a disagreement is a bug and raises, never a wrong sentence.
"""
from __future__ import annotations

from typing import Any

from pnp_games.grove.actions import BANISH, CHANNEL, END, FIRST, MOVE, PASS, ROLL, SEND, STAND, STUN, parse_action
from pnp_games.grove.state import State
from pnp_games.grove.tables import standing_sent
from pnp_games.grove.book.diagram import GroveView, grove_view

NAMES = ("Light", "Dark")


def place_words(place: str) -> str:
    return "the Grove" if place == "G" else f"circle {place}"


def _disagree(what: str, notation: str) -> RuntimeError:
    return RuntimeError(f"narration disagrees with the engine on {what}: {notation}")


def _roll(before: State, pending: Any, dice: tuple[int, ...], after: State,
          sent: tuple[int, ...] | None = None) -> dict[str, Any]:
    """The facts of a Channel, Stun or Banish resolved with ``dice`` (and, for a Banish whose player
    chose which druids go home, ``sent``: the standing and lying ones chosen), checked against ``after``."""
    o, p = before.options, before.current_player
    q, at = 1 - p, pending.at
    mine = before.standing(p, at)
    told: dict[str, Any] = {"dice": list(dice), "druids": mine}
    if pending.kind == BANISH:
        hits = sum(1 for d in dice if d >= o.banish_on)
        there = (before.standing(q, at), before.lying(q, at))
        n = min(hits, sum(there))
        standing = sent[0] if sent else standing_sent(o.banish_order, n, *there)[0]
        told.update(successes=hits, banished=n, from_standing=standing, from_lying=n - standing,
                    left=after.standing(q, at) + after.lying(q, at),
                    # some but not all go, of both kinds: which go is the banisher's choice, or the
                    # rule options' fixed order (``chosen`` tells which)
                    choice=len(standing_sent("banisher_chooses", n, *there)) > 1, chosen=bool(sent),
                    order=o.banish_order)
        if (after.standing(q, at), after.lying(q, at)) != (there[0] - standing, there[1] - n + standing) \
                or after.lying(q, "G") != before.lying(q, "G") + n or (sent and sum(sent) != n):
            raise _disagree(f"druids banished at {at}", f"{pending} roll {dice}")
        return told
    hits = sum(1 for d in dice if d <= mine)
    if pending.kind == STUN:
        counted = min(hits, mine)
        stunned = min(counted, before.standing(q, at))
        told.update(hits=hits, successes=counted, capped=counted < hits, stunned=stunned,
                    left=after.standing(q, at))
        if after.standing(q, at) != before.standing(q, at) - stunned:
            raise _disagree(f"druids stunned at {at}", f"{pending} roll {dice}")
        return told
    supply = before.supply(p)
    placed = min(hits, supply)
    light, dark = before.cubes(at)
    own, theirs = (light, dark) if p == 0 else (dark, light)
    cancelled = min(theirs, placed)
    own, theirs = own + placed - cancelled, theirs - cancelled
    expected = (own, theirs) if p == 0 else (theirs, own)
    if after.cubes(at) != expected:
        raise _disagree(f"cubes on {at}", f"{pending} roll {dice}")
    holder_before, holder_after = before.controller(at), after.controller(at)
    told.update(successes=hits, placed=placed, short=placed < hits, cancelled=cancelled,
                cubes={"light": expected[0], "dark": expected[1]}, mine=own, theirs=theirs,
                held=holder_after == p and holder_before != p, lost=holder_before == q and holder_after != q,
                holds=holder_after == p)
    return told


def _unrolled(action: Any) -> str:
    """Why a Channel, Stun or Banish needs no dice: no cubes left to lay, or nobody there to hit."""
    return "no_cubes" if action.kind == CHANNEL else "no_target"


def game_turns(options: Any, actions: list[str], start: State | None = None
               ) -> tuple[list[dict[str, Any]], list[tuple[dict, State]]]:
    """(first-player rolls, [(turn story, state after the turn)]) for a logged game, or for
    ``actions`` played from the position ``start`` (a worked example)."""
    state = State(options) if start is None else start.clone()
    rolls: list[dict[str, Any]] = []
    turns: list[tuple[dict, State]] = []
    turn: dict[str, Any] | None = None
    pending: tuple[State, Any] | None = None
    rolled: tuple[State, Any, tuple[int, ...]] | None = None  # a Banish rolled, its player still choosing
    for text in actions:
        action = parse_action(text)
        before = state.clone()
        state.apply_action(action)
        if action.kind == FIRST:
            light, dark = action.dice
            rolls.append({"light": light, "dark": dark, "tie": light == dark, "notation": text,
                          "first": None if light == dark else NAMES[0 if light > dark else 1]})
            continue
        if turn is None:
            p = before.current_player
            turn = {"turn": before.turn + 1, "player": NAMES[p], "opponent": NAMES[1 - p], "steps": [],
                    "notation": [], "moves": [], "marks": {}}
        turn["notation"].append(text)
        if action.kind == ROLL:  # a roll follows the action it is for
            assert pending is not None
            rolled, pending = (pending[0], pending[1], action.dice), None
        if action.kind in (ROLL, SEND) and not state.sending:  # resolved, unless the banisher chooses next
            assert rolled is not None  # a choice follows the roll it is for
            start, acted, dice = rolled
            step = {"kind": acted.kind, "at": acted.at, "place": place_words(acted.at),
                    **_roll(start, acted, dice, state, action.home if action.kind == SEND else None)}
            turn["steps"].append(step)
            _mark(turn, step)
            rolled = None
        elif action.kind in (CHANNEL, STUN, BANISH):
            if state.pending is not None:
                pending = (before, action)
            else:
                turn["steps"].append({"kind": action.kind, "at": action.at, "place": place_words(action.at),
                                      "no_roll": _unrolled(action), "opponent": NAMES[1 - before.current_player]})
        elif action.kind == STAND:
            turn["steps"].append({"kind": STAND, "at": action.at, "place": place_words(action.at),
                                  "bonus": state.in_bonus})
        elif action.kind == MOVE:
            moved = before.standing(before.current_player, action.at)
            if state.standing(before.current_player, action.to) != before.standing(before.current_player,
                                                                                   action.to) + moved:
                raise _disagree("druids moved", text)
            turn["steps"].append({"kind": MOVE, "from": place_words(action.at), "to": place_words(action.to),
                                  "druids": moved})
            turn["moves"].append((action.at, action.to, before.current_player))
        elif action.kind in (END, PASS):
            turn["steps"].append({"kind": action.kind})
        if state.turn > before.turn or state.is_terminal():
            turns.append((_close(turn, state), state.clone()))
            turn = None
    if turn is not None and start is not None:  # an example may stop before the turn passes
        turns.append((_close(turn, state), state.clone()))
    return rolls, turns


def druid_mark(kind: str, n: int) -> tuple[str, str]:
    """The label a drawing puts beside a circle for ``n`` druids a Stun knocked down or a Banish sent
    home there (``kind`` the action), in the colour role of things taken away."""
    return (f"{n} stunned" if kind == STUN else f"{n} home", "cancel")


def _mark(turn: dict[str, Any], step: dict[str, Any]) -> None:
    marks = turn["marks"].setdefault(step["at"], [])
    if step["kind"] == CHANNEL and step["placed"]:
        marks.append((f"+{step['placed']}", "path"))
        if step["cancelled"]:
            marks.append((f"\u2212{step['cancelled']}", "cancel"))
    elif step["kind"] == STUN and step["stunned"]:
        marks.append(druid_mark(STUN, step["stunned"]))
    elif step["kind"] == BANISH and step["banished"]:
        marks.append(druid_mark(BANISH, step["banished"]))


def druid_marks(turn: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """A turn's Stuns and Banishes that hit, as the labels of ``druid_mark`` by circle: what a
    drawing that shows only the cubes must add for the turn's change to be seen."""
    marks: dict[str, list[tuple[str, str]]] = {}
    for s in turn["steps"]:
        hit = s.get("stunned") or s.get("banished")
        if hit:
            marks.setdefault(s["at"], []).append(druid_mark(s["kind"], hit))
    return marks


def step_words(step: dict[str, Any], dice: bool = True) -> str:
    """One step as a player would write it down: 'channel at circle B, roll 1-4-6' (without
    ``dice``: 'channel at circle B', the move alone)."""
    kind = step["kind"]
    if kind == STAND:
        return f"stand up in {step['place']}"
    if kind == MOVE:
        return f"move {step['druids']} from {step['from']} to {step['to']}"
    if kind == END:
        return "let the second action go"
    if kind == PASS:
        return "pass"
    if step.get("no_roll"):
        why = "no cubes left" if step["no_roll"] == "no_cubes" else f"no {step['opponent']} druid there"
        return f"{kind} at {step['place']} with {why}, no roll"
    missed = {STUN: ", nobody knocked down", BANISH: ", nobody sent home"}.get(kind, "") \
        if not (step.get("stunned") or step.get("banished")) else ""
    chosen = f", {sent_words(step['from_standing'], step['from_lying'])} sent home" if step.get("chosen") else ""
    if not dice:
        return f"{kind} at {step['place']}{missed}{chosen}"
    return f"{kind} at {step['place']}, roll {'-'.join(str(d) for d in step['dice'])}{missed}{chosen}"


def sent_words(standing: int, lying: int) -> str:
    """The druids a banisher chose to send home, as a note: '2 standing', '1 standing and 1 lying'."""
    parts = [f"{n} {kind}" for n, kind in ((standing, "standing"), (lying, "lying")) if n]
    return " and ".join(parts)


def changes(turn: dict[str, Any]) -> list[tuple[str, ...]]:
    """What a turn changed that a reader should see, step by step: ('holds', player, circle) for a
    circle won, ('lost', player, circle) for a circle its holder no longer holds, ('stunned' or
    'sent home', player, place, n, left) for n of that player's druids knocked down or sent home
    there, ``left`` of them still standing there (after a Stun) or still there at all (a Banish)."""
    out: list[tuple[str, ...]] = []
    for s in turn["steps"]:
        if s.get("held"):
            out.append(("holds", turn["player"], s["at"]))
        if s.get("lost"):
            out.append(("lost", turn["opponent"], s["at"]))
        if s.get("stunned"):
            out.append(("stunned", turn["opponent"], s["at"], str(s["stunned"]), str(s["left"])))
        if s.get("banished"):
            out.append(("sent home", turn["opponent"], s["at"], str(s["banished"]), str(s["left"])))
    return out


def change_words(change: tuple[str, ...]) -> str:
    """One change in words: 'Light now controls B', 'Dark no longer controls A', '2 of Dark's druids at B
    knocked down, 1 still standing', '1 of Dark's druids at B sent home to the Grove, none left there'."""
    kind, player = change[0], change[1]
    if kind == "holds":
        return f"{player} now controls {change[2]}"
    if kind == "lost":
        return f"{player} no longer controls {change[2]}"
    at, n, left = change[2], int(change[3]), int(change[4])
    druids = f"{n} of {player}'s druids at {at}"
    if kind == "stunned":
        return f"{druids} knocked down, {left or 'none'} still standing"
    return f"{druids} sent home to the Grove, {left or 'none'} left there"


def table_words(cubes: dict[str, dict[str, int]]) -> str:
    """The cubes on the circles, the game's running score: 'A 7 Light, B 3 Dark, C none', each
    circle's part held together by no-break spaces, so that a narrow column breaks the line only
    between circles (never 'C' at a line's end and 'none' under it)."""
    return ", ".join(("\u00a0".join((c, str(n["light"]), "Light")) if n["light"] else
                      "\u00a0".join((c, str(n["dark"]), "Dark")) if n["dark"] else f"{c}\u00a0none")
                     for c, n in cubes.items())


def _close(turn: dict[str, Any], state: State) -> dict[str, Any]:
    circles = state.places()[1:]
    winner = state.winner()
    turn.update(
        notation="; ".join(turn["notation"]),
        held={"light": state.controlled(0), "dark": state.controlled(1)},
        cubes={c: {"light": state.cubes(c)[0], "dark": state.cubes(c)[1]} for c in circles},
        supply={"light": state.supply(0), "dark": state.supply(1)},
        winner=None if winner is None else NAMES[winner], stalled=state.is_stalled(),
    )
    turn["words"] = "; ".join(step_words(s) for s in turn["steps"])
    turn["shape"] = "; ".join(step_words(s, dice=False) for s in turn["steps"])   # the move alone
    turn["change"] = changes(turn)
    turn["change_words"] = "; ".join(change_words(c) for c in turn["change"])
    turn["score_words"] = table_words(turn["cubes"])
    turn["rolled"] = any("dice" in s for s in turn["steps"])  # the turns that change the circles
    # the turns that change who holds a circle, or knock druids down or send them home
    turn["turning"] = any(s.get("held") or s.get("lost") or s.get("stunned") or s.get("banished")
                          for s in turn["steps"])
    return turn


def turn_view(after: State, told: dict[str, Any]) -> GroveView:
    """The table after a turn, with the druids' moves and what happened at each circle marked."""
    view = grove_view(after)
    view.moves = list(told["moves"])
    view.marks = {place: list(marks) for place, marks in told["marks"].items() if marks}
    return view
