"""The sample game told turn by turn: plain facts per action, read from the engine's states.

Each story says which glyph was played and which line it names, which druid moved from where to
where, the Leyline, the cubes laid and cancelled on each card, the cards taken with their points,
and the refills. The amounts are recomputed from the rule options and checked against the state
after the action; a disagreement is a bug and raises, never a wrong sentence.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pnp_games.channeling.book.board import PLAYERS, BoardView, board_view, square_index


def replay_states(inputs: Any, record: dict[str, Any]) -> list[tuple[Any, Any, Any]]:
    """(state before, action, state after) for every action of a recorded game."""
    from generator.play.registry import get_engine
    engine = get_engine(inputs.engine)
    state = inputs.new_game(record["seed"])
    out = []
    for text in record["actions"]:
        action = engine.parse_action(text)
        after = state.clone()
        after.play_turn(action)
        out.append((state, action, after))
        state = after
    return out


def _card(card: Any) -> dict[str, Any] | None:
    """A card's fields (name, vigor, splendor and any other the engine gives it)."""
    if card is None:
        return None
    return dict(card._asdict()) if hasattr(card, "_asdict") else {"name": card.name, "vigor": card.vigor,
                                                                  "splendor": card.splendor}


def story(before: Any, action: Any, after: Any, turn: int, glyph_names: dict[str, str]) -> dict[str, Any]:
    """The facts of one action (a turn, or a setup action that sets glyphs face down), with the turn
    in a player's words (``words``)."""
    told = _facts(before, action, after, turn, glyph_names)
    told["takes"] = _take_order(told)
    told["words"] = in_words(told)
    return told


def _take_order(told: dict[str, Any]) -> list[str]:
    """The places of the cards taken, in the order they were refilled (the taker's choice), then any
    the deck could not fill."""
    refilled = [r["square"] for r in told["refills"]]
    return refilled + [t["square"] for t in told["taken"] if t["square"] not in refilled]


def _facts(before: Any, action: Any, after: Any, turn: int, glyph_names: dict[str, str]) -> dict[str, Any]:
    options = before.options
    p = before.current_player
    me, other = PLAYERS[p].title(), PLAYERS[1 - p].title()
    told: dict[str, Any] = {
        "turn": turn, "player": me, "opponent": other, "notation": str(action), "setup": action.is_setup,
        "hidden": [glyph_names.get(g, g) for g in action.hide], "glyph": None, "line": None, "spent": False,
        "move": None, "path": [], "druids_passed": [], "cards": [], "laid": 0, "cancelled": 0, "taken": [], "refills": [],
        "left_empty": [],
        "hand_back": False, "end_triggered": False, "last_turn": after.is_terminal(),
        "score": {"light": after.scores()[0], "dark": after.scores()[1]},
        "held": {"light": len(after.taken(0)), "dark": len(after.taken(1))},
    }
    if action.is_setup:
        return told
    told["glyph"] = glyph_names.get(action.glyph, action.glyph)
    told["line"] = before.glyph_lines[action.glyph]
    hand = before.hand(p) if not before.must_hide(p) else tuple(g for g in before.hand(p) if g not in action.hide)
    told["hand_back"] = len(hand) == 1
    trigger = options.end_trigger_cards
    told["end_triggered"] = (max(len(before.taken(0)), len(before.taken(1))) < trigger
                             and len(after.taken(p)) >= trigger)
    if action.is_spent:
        told["spent"] = True
        return told
    stays = [sq for sq in before.druids(p) if sq != action.src][0]
    told["move"] = {"from": action.src, "to": action.dst, "other": stays}
    told["path"] = list(action.path)
    others = {sq: PLAYERS[q].title() for q in (0, 1) for sq in after.druids(q)}
    told["druids_passed"] = [{"square": sq, "player": others[sq]} for sq in action.path[1:-1] if sq in others]
    _lay(before, action, after, p, told)
    return told


def _lay(before: Any, action: Any, after: Any, p: int, told: dict[str, Any]) -> None:
    options = before.options
    supply = before.supply(p)
    last = len(action.path) - 1
    basis = options.cubes_returned_basis
    kept_total = 0
    for i, square in enumerate(action.path):
        card = before.card_at(square)
        cubes = before.cubes_at(square)
        mine, theirs = cubes[p], cubes[1 - p]
        if card is None:
            told["cards"].append({"square": square, "card": None, "laid": 0, "cancelled": 0, "mine": 0,
                                  "theirs": theirs})
            continue
        amount = options.placement_moved if i == 0 else options.placement_stationary if i == last \
            else options.placement_between
        amount = min(amount, supply)
        supply -= amount
        cancelled = min(amount, theirs)
        mine, theirs = mine + amount - cancelled, theirs - cancelled
        told["cards"].append({"square": square, "card": _card(card), "laid": amount, "cancelled": cancelled,
                              "mine": mine, "theirs": theirs})
        told["laid"] += amount
        told["cancelled"] += cancelled
        if mine >= card.vigor:
            returned = min(mine, getattr(card, basis))
            kept_total += mine - returned
            told["taken"].append({"square": square, "card": _card(card), "cubes": mine, "returned": returned,
                                  "kept": mine - returned, "told_on": None})   # see explain_once
    for square in action.refill:
        told["refills"].append({"square": square, "card": _card(after.card_at(square))})
    # the places the deck could not fill (it ran out): told once, together
    told["left_empty"] = [r["square"] for r in told["refills"] if r["card"] is None]
    told["dealt"] = _dealt(told["refills"])
    _check(before, after, p, told, kept_total)


def _dealt(refills: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cards dealt onto emptied places, the same card once with all its places, in dealing order:
    [{"card": Cairn Circle's fields, "squares": ["a2", "a1"]}]."""
    dealt: dict[tuple, dict[str, Any]] = {}
    for r in refills:
        if r["card"] is not None:
            dealt.setdefault(tuple(sorted(r["card"].items())), {"card": r["card"], "squares": []})["squares"].append(
                r["square"])
    return list(dealt.values())


def _check(before: Any, after: Any, p: int, told: dict[str, Any], kept: int) -> None:
    taken_now = len(after.taken(p)) - len(before.taken(p))
    over_now = after.overchanneling(p) - before.overchanneling(p)
    taken_squares = {t["square"] for t in told["taken"]}
    for entry in told["cards"]:
        if entry["card"] is None or entry["square"] in taken_squares:
            continue
        if after.cubes_at(entry["square"])[p] != entry["mine"] or after.cubes_at(entry["square"])[1 - p] != \
                entry["theirs"]:
            raise RuntimeError(f"narration disagrees with the engine on {entry['square']}: {told['notation']}")
    if taken_now != len(told["taken"]) or over_now != kept:
        raise RuntimeError(f"narration disagrees with the engine on cards taken: {told['notation']}")


def splendor_kept(taken: dict[str, Any]) -> int:
    """Of a taken card's cubes, those kept as Overchanneling only because cubes go back up to its
    Splendor, not its Vigor (0 when the count is Vigor, or the Splendor is not below it)."""
    return min(taken["kept"], max(0, taken["card"]["vigor"] - taken["returned"]))


def explain_once(told: list[dict[str, Any]]) -> None:
    """Marks, in the turns told in full in the order a reader meets them, each taken card whose
    cubes stay for its Splendor after the first with ``told_on``, the turn that explains it (it
    may be the same turn): the narration gives the reason once and refers back to it after
    (``_narration.md``)."""
    first = None
    for t in told:
        for taken in t["taken"]:
            if splendor_kept(taken):
                if first is not None:
                    taken["told_on"] = first
                first = first or t["turn"]


def _listed(items: list[str]) -> str:
    """'a1', 'a1 and b1', 'a1, b1 and d3'."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


PATH_DASH = "\u2013"   # a1–b1–c1, as the rule text prints a Leyline


def in_words(told: dict[str, Any]) -> str:
    """A turn as a player would write it down: 'Star: b2 to a4, path a4–b4–b3–c3–c2–d2, takes d2' (its
    path with the en dashes the running text writes a Leyline with)."""
    parts = [f"sets {_listed(told['hidden'])} face down"] if told["hidden"] else []
    if told["glyph"] is not None:
        if told["spent"]:
            parts.append(f"{told['glyph']}: no move")
        else:
            path = PATH_DASH.join(told["path"])
            move = f"{told['glyph']}: {told['move']['from']} to {told['move']['to']}, path {path}"
            taken = told.get("takes") or _take_order(told)
            parts.append(move + (f", takes {_listed(taken)}" if taken else ""))
    return "; ".join(parts)


def turn_view(after: Any, told: dict[str, Any]) -> BoardView:
    """The board after a turn, with the druid's move, the Leyline and the cubes laid marked on it."""
    view = board_view(after)
    n = view.size
    if told["move"]:
        view.move = (square_index(told["move"]["from"], n), square_index(told["move"]["to"], n))
        view.path = [square_index(sq, n) for sq in told["path"]]
        for entry in told["cards"]:
            marks = []
            if entry["laid"]:
                marks.append((f"+{entry['laid']}", "path"))
            if entry["cancelled"]:
                marks.append((f"\u2212{entry['cancelled']}", "cancel"))
            if marks:
                view.marks[square_index(entry["square"], n)] = marks
    for taken in told["taken"]:
        view.taken.append((square_index(taken["square"], n), SimpleNamespace(**taken["card"]),
                           told["player"].lower()))
    return view


def game_stories(inputs: Any, record: dict[str, Any], glyph_names: dict[str, str]) -> list[tuple[dict, Any]]:
    """(story, state after) for every action of the game, in order; setup actions have turn 0."""
    out = []
    turn = 0
    for before, action, after in replay_states(inputs, record):
        if not action.is_setup:
            turn += 1
        out.append((story(before, action, after, turn if not action.is_setup else 0, glyph_names), after))
    return out
