"""The greedy agent's one-action look-ahead, worked out on the board's numbers without copying the
state or playing the actions: ``action_values`` gives what ``agents.expected_value`` gives for each
legal action, to the last bit.

A position's value (``agents.position_value``) is a sum of one term per circle, remembered by the
circle's contents seen from the mover's side (mover's cubes as + and the opponent's as -, mover
standing, opponent standing, mover lying, opponent lying), plus the Grove's term and the bonuses for
holding enough circles to win. An action changes one or two circles, so only their terms are looked
up again; the terms are still added in the circles' order from 0.0, as ``position_value`` adds
them, so that no value differs in its last bit and the agent breaks ties exactly as before.

Greedy games meet the same positions again and again: decisions are remembered by everything they
depend on, in a table bounded at ``MEMO_SIZE`` entries per rule options and weights.
"""
from __future__ import annotations

from operator import neg

from pnp_games.grove.actions import Action
from pnp_games.grove.state import State
from pnp_games.grove.tables import OP_BANISH, OP_CHANNEL, OP_END, OP_MOVE, OP_SEND, OP_STUN, standing_sent
from pnp_games.grove.weights import Weights

MEMO_SIZE = 200_000
_KIND = {OP_CHANNEL: "channel", OP_STUN: "stun", OP_BANISH: "banish"}


class Memo:
    """What the look-ahead remembers for one set of rule options and weights: decisions by position,
    circle terms by the circle's contents, and a dice action's outcomes by the circle's contents."""

    __slots__ = ("decisions", "terms", "outcomes")

    def __init__(self) -> None:
        # decisions: (each legal action's value, the best actions, the state's legal actions as ``_legal`` gives them)
        self.decisions: dict[tuple, tuple[tuple[float, ...], tuple[Action, ...], tuple]] = {}
        self.terms: dict[tuple, tuple[float, int, int]] = {}
        # by circle contents, then by (op, limit): the circle's term after each grouped roll
        self.outcomes: dict[tuple, dict[tuple[int, int], tuple[tuple[float, int, int, float], ...]]] = {}


def memo_for(state: State, w: Weights) -> Memo:
    """The look-ahead's tables for ``w``, kept with the tables the state's rule options share."""
    memo = state._tab.memo
    found = memo.get(("greedy", w))
    if found is None:
        found = memo[("greedy", w)] = Memo()
    return found


def action_values(state: State, w: Weights) -> tuple[float, ...]:
    """The expected value of each of ``state.legal_actions()`` (in that order) for the player to move."""
    return decision(state, memo_for(state, w), w)[0]


def decision(state: State, memo: Memo, w: Weights) -> tuple[tuple[float, ...], tuple[Action, ...], tuple]:
    """The values of the legal actions, the actions within 1e-9 of the best (in their order) and the
    state's legal actions as ``State._legal`` gives them, which the position determines: they are
    handed to the state, which need not work them out again to check the action played."""
    tab, me = state._tab, state._cur
    stand, lie = state._stand, state._lie
    # seen from the mover's side (Dark's position is Light's with the colours swapped, and values
    # alike); a Channel places at most one cube a die, so a supply beyond that changes nothing
    you = 1 - me
    cubes = state._cubes if me == 0 else map(neg, state._cubes)
    supply = state._supply[me]
    key = (*stand[me], *stand[you], *lie[me], *lie[you], *cubes, supply if supply < tab.dice else tab.dice,
           state._phase, state._acted, state._turn + 1 >= tab.turn_cap, state._pending_op, state._sending)
    decisions = memo.decisions
    found = decisions.get(key)
    if found is None:
        if len(decisions) >= MEMO_SIZE:
            decisions.clear()
        legal = state._legal()
        actions, _, ops = legal
        values = _values(state, ops, memo, w)
        best = max(values) - 1e-9
        found = decisions[key] = (values, tuple(a for v, a in zip(values, actions) if v >= best), legal)
    else:
        state._offered = found[2]
    return found


def _term(memo: Memo, w: Weights, at: int, key: tuple) -> tuple[float, int, int]:
    """(value, held by the mover, held by the opponent) of one circle with contents ``key``."""
    found = memo.terms.get(key)
    if found is not None:
        return found
    v, sm, so, lm, lo = key
    own, opp = max(0, v), max(0, -v)
    value = min(own, at) + w.surplus * max(0, own - at) - min(opp, at) - w.surplus * max(0, opp - at)
    value += w.control if own >= at else -w.control if opp >= at else 0.0
    value += (w.stand_held if own >= at else w.stand_circle) * sm + w.lie_circle * lm
    value -= (w.stand_held if opp >= at else w.stand_circle) * so + w.lie_circle * lo
    found = memo.terms[key] = (value, int(own >= at), int(opp >= at))
    return found


class _Board:
    """The position before the action, seen from the mover's side: each circle's contents and term,
    the totals of the terms, circles held and circles lost, and for each circle what a change of it
    alone leaves as it is: the sum of the terms before it (as the full sum reaches it), the terms
    after it, and the circles held and lost elsewhere."""

    __slots__ = ("keys", "base", "total", "held", "lost", "grove", "in_grove", "supply", "last_turn", "rests",
                 "dice")

    def __init__(self, state: State, memo: Memo, w: Weights):
        o = state.options
        me = state._cur
        you, sign = 1 - me, 1 - 2 * me
        stand_me, stand_you, lie_me, lie_you = state._stand[me], state._stand[you], state._lie[me], state._lie[you]
        cubes, terms, at = state._cubes, memo.terms, o.control_at
        self.keys = keys = [(sign * cubes[c - 1], stand_me[c], stand_you[c], lie_me[c], lie_you[c])
                            for c in range(1, o.circles + 1)]
        self.base = base = [terms.get(k) or _term(memo, w, at, k) for k in keys]
        held = lost = 0
        total = 0.0
        starts = []
        for t, h, lo in base:
            starts.append(total)
            total += t
            held += h
            lost += lo
        self.total, self.held, self.lost = total, held, lost
        values = [t for t, _, _ in base]
        self.rests = [(starts[i], values[i + 1:], held - h, lost - lo) for i, (_, h, lo) in enumerate(base)]
        self.grove = stand_me[0] - stand_you[0]
        self.in_grove = stand_me[0]
        self.supply = state._supply[me]
        self.last_turn = state._turn + 1 >= o.turn_cap
        self.dice: list[dict | None] = [None] * o.circles  # per circle, once asked: its dice outcomes (see _outcomes)


def _values(state: State, ops: tuple, memo: Memo, w: Weights) -> tuple[float, ...]:
    """The value of each action (given as its (op, place, destination)) for the player to move."""
    o = state.options
    board = _Board(state, memo, w)
    to_win, win, winning, stand_grove = o.circles_to_win, w.win, w.winning, w.stand_grove
    last_turn, grove_value = board.last_turn, stand_grove * board.grove

    def finish(value: float, held: int, lost: int, grove: int = 0, ends_turn: bool = True) -> float:
        """The value from the sum of the circles' terms, the circles held and lost and ``grove`` more
        of the mover's druids standing in the Grove; when the action ends the turn, the opponent's
        win check and the turn cap come first."""
        if ends_turn:
            if lost >= to_win:
                return -win
            if last_turn:
                return 0.0
        if held >= to_win:
            value += winning
        if lost >= to_win:
            value -= winning
        return value + stand_grove * (board.grove + grove)

    def one_changed(i: int, after: tuple, grove: int = 0) -> float:
        """The value with circle ``i``'s contents changed to ``after`` (the action ends the turn)."""
        t, h, lo = terms.get(after) or _term(memo, w, at, after)
        start, rest, held_elsewhere, lost_elsewhere = rests[i]
        value = start + t
        for x in rest:
            value += x
        return finish(value, held_elsewhere + h, lost_elsewhere + lo, grove)

    unchanged = finish(board.total, board.held, board.lost)
    can_bonus = state._acted + 1 < o.actions_per_turn and o.stand_bonus_at_grove
    keys, rests, terms, at = board.keys, board.rests, memo.terms, o.control_at
    supply, dice = board.supply, o.dice  # no roll succeeds more often than there are dice
    out = []
    pending_op = state._pending_op
    for op, place, to in ops:
        if op == OP_SEND:  # ``place`` standing and ``to`` lying druids of the opponent's go home
            assert pending_op is not None  # the banisher chooses for a pending Banish
            c = pending_op[1]
            v, sm, so, lm, lo = keys[c - 1]
            out.append(one_changed(c - 1, (v, sm, so - place, lm, lo - to)))
            continue
        if op >= OP_CHANNEL:
            if op >= OP_END:
                out.append(unchanged)
                continue
            _, sm, so, _, lo = keys[place - 1]
            limit = supply if op == OP_CHANNEL else so if op == OP_STUN else so + lo
            if limit <= 0 or (sm <= 0 and op != OP_BANISH):  # spent without dice
                out.append(unchanged)
                continue
            outcomes = _outcomes(board, state, memo, w, op, place - 1, limit if limit < dice else dice)
            start, rest, held_elsewhere, lost_elsewhere = rests[place - 1]
            total = 0.0
            for t, h, lo, p in outcomes:  # finish(...) of each outcome, written out: the hot loop
                if lost_elsewhere + lo >= to_win:
                    total += p * -win
                    continue
                if last_turn:
                    total += p * 0.0
                    continue
                value = start + t
                for x in rest:
                    value += x
                if held_elsewhere + h >= to_win:
                    value += winning
                total += p * (value + grove_value)
            out.append(total)
        elif op == OP_MOVE:
            if place == 0 and to > 0:  # from the Grove: one circle changes
                v, sm, so, lm, lo = keys[to - 1]
                moving = board.in_grove
                out.append(one_changed(to - 1, (v, sm + moving, so, lm, lo), -moving))
            else:
                out.append(_move_value(board, memo, w, at, place, to, finish))
        elif place == 0:  # stand up in the Grove
            out.append(finish(board.total, board.held, board.lost, 1, not can_bonus))
        else:  # stand up at a circle
            v, sm, so, lm, lo = keys[place - 1]
            out.append(one_changed(place - 1, (v, sm + 1, so, lm - 1, lo)))
    return tuple(out)


def _move_value(board: _Board, memo: Memo, w: Weights, at: int, src: int, dst: int, finish) -> float:
    """The value after every standing druid of the mover goes from circle ``src`` to place ``dst``
    (the Grove when ``dst`` is 0)."""
    keys, terms = board.keys, memo.terms
    v, sm, so, lm, lo = keys[src - 1]
    moving = sm
    after = (v, 0, so, lm, lo)
    new = board.base[:]
    new[src - 1] = terms.get(after) or _term(memo, w, at, after)
    grove = 0
    if dst == 0:
        grove = moving
    else:
        v, sm, so, lm, lo = keys[dst - 1]
        after = (v, sm + moving, so, lm, lo)
        new[dst - 1] = terms.get(after) or _term(memo, w, at, after)
    value, held, lost = 0.0, 0, 0
    for t, h, lo in new:
        value += t
        held += h
        lost += lo
    return finish(value, held, lost, grove)


def _outcomes(board: _Board, state: State, memo: Memo, w: Weights, op: int, i: int, limit: int) -> tuple:
    """The term of circle ``i`` after each grouped roll of a dice action there that can achieve at
    most ``limit``: (value, held by the mover, held by the opponent, probability of the group),
    remembered by the circle's contents."""
    key = board.keys[i]
    by_action = board.dice[i]
    if by_action is None:
        by_action = board.dice[i] = memo.outcomes.get(key)
        if by_action is None:
            by_action = board.dice[i] = memo.outcomes[key] = {}
    found = by_action.get((op, limit))
    if found is not None:
        return found
    o = state.options
    v, sm, so, lm, lo = key
    out = []
    for _, n, p in state._tab.effect_groups(_KIND[op], sm, limit):
        if op == OP_CHANNEL:
            after = (v + n, sm, so, lm, lo)
        elif op == OP_STUN:
            after = (v, sm, so - n, lm, lo + n)
        else:  # the choice the banisher would make: the best term (the first of equals)
            best = None
            for standing in standing_sent(o.banish_order, n, so, lo):
                term = _term(memo, w, o.control_at, (v, sm, so - standing, lm, lo - (n - standing)))
                if best is None or term[0] > best[0]:
                    best = term
            assert best is not None  # a Banish that hits sends home at least one mix
            out.append((*best, p))
            continue
        out.append((*_term(memo, w, o.control_at, after), p))
    found = by_action[(op, limit)] = tuple(out)
    return found
