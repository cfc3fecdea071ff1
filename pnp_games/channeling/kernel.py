"""The Channeling's games played by the compiled kernel (``_kernel.pyx``) when it is built.

``play_rows(options, deck, glyph_ids, seeds, (light, dark))`` plays whole games of the ``random``,
``greedy`` and ``strong`` (the kernel's search, ``mcts.KernelSearchAgent``) agents inside the kernel, one ``GameRow`` per game seed as ``loop.game_row`` makes
it (not swapped), or gives None when the kernel is not built, is
turned off (``PNP_KERNEL=0``) or does not implement an agent asked for; the caller then plays in
Python. ``play_table`` plays the games of a run the same way, the seeds derived and the results
kept in C, and gives their ``GameTable`` (what ``simulate`` sums up). A game of random and greedy agents is the very game the Python engine plays from the same seed,
decision for decision: tests/engine/test_channeling_kernel.py compares them. ``search_plan`` runs the
search for one Python position (how ``KernelSearchAgent`` plays inside the Python engine's games).
"""
from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any, Sequence

from generator.play import kernels
from generator.play.kernels import KERNEL_AGENTS as AGENTS, kernel_agent, search_iterations  # noqa: F401
from generator.play.loop import GameRow
from generator.play.records import GameTable
from pnp_games.channeling.options import ChannelingOptions
from pnp_games.channeling.setup import new_game

TIE_BREAKERS = {"fewer_cards": 1, "second_player": 2}
_games: dict[tuple, Any] = {}



@dataclass(frozen=True)
class KernelSearch:
    """The settings of the compiled kernel's search (``_kernel.pyx``: ``ChannelingKernel.search``).

    Information-set MCTS over whole turns, run by the kernel from the searching player's view:
    every iteration re-draws the opponent's face-down glyphs among their unplayed ones and the
    deck's order, then walks a tree keyed by whole turns (glyph, druid, destination; the Leyline
    and the face-down choice the greedy agent's), by UCB1 with availability counts. The root
    offers the ``top_k`` turns of the greedy evaluation, every later turn ``reply_k``; below the
    tree both players play greedy for ``rollout_turns`` turns (to the end when negative) and an
    unfinished game is scored by ``position_value`` squashed by a logistic of ``temperature``. With
    ``paired``, the k-th visit of every root turn plays on the same k-th determinisation (common
    random numbers: the root's turns are compared on the same deals)."""

    top_k: int = 16
    reply_k: int = 2
    c: float = 0.5
    rollout_turns: int = 4
    temperature: float = 3.0
    paired: bool = True


SEARCH = KernelSearch()
STRONG_ITERATIONS = 400    # ``strong`` without a count


def _build(module, options: ChannelingOptions, deck: Sequence[Any], glyph_ids: Sequence[str]):
    """The kernel's game, its tables read from a game the engine deals itself (the cards as the
    engine reads them, the druids' start, the face-down choices and the grid's geometry)."""
    from pnp_games.channeling.agents import DEFAULT_WEIGHTS
    st = (state := new_game(options, deck, glyph_ids, 0))._st
    geo = st.geo
    ties = [TIE_BREAKERS[t] for t in options.tie_breakers][:2]
    numbers = {"n": st.n, "H": len(st.glyphs), "hidden": st.hidden, "pm": st.pm, "ps": st.ps, "pb": st.pb,
               "in_line": int(st.in_line), "trigger": st.trigger, "turn_cap": st.turn_cap, "cubes": st.cubes,
               "shuffled": int(options.line_assignment == "shuffled"), "druid_start": list(state._druids),
               "tie": ties + [0] * (2 - len(ties))}
    cards = [(v, s, b) for v, s, b in zip(st.vig, st.spl, st.basis)]
    game = module.ChannelingKernel(numbers, cards, list(st.ids.hide_masks), list(geo.line_masks),
                                   [list(map(list, row)) for row in geo.toward],
                                   [list(row) for row in geo.order_from], asdict(DEFAULT_WEIGHTS))
    game.set_search(SEARCH.top_k, SEARCH.reply_k, SEARCH.c, SEARCH.rollout_turns, SEARCH.temperature, SEARCH.paired)
    return game


def game_for(options: ChannelingOptions, deck: Sequence[Any], glyph_ids: Sequence[str]):
    """The kernel's game for these options, deck and glyphs (made once), or None without a kernel."""
    module = kernels.load(__package__)
    if module is None:
        return None
    key = (options.model_dump_json(), tuple((c.name, c.vigor, c.splendor) for c in deck), tuple(glyph_ids))
    found = _games.get(key)
    if found is None:
        found = _games[key] = _build(module, options, deck, glyph_ids)
    return found


def _ready(agents: Sequence[Any], options: ChannelingOptions, deck: Sequence[Any], glyph_ids: Sequence[str]) -> tuple[Any, int, int] | None:
    """The kernel's game and the two agents' kernel codes, or None when the kernel cannot play them here."""
    light, dark = (kernel_agent(a) for a in agents)
    if light is None or dark is None:
        return None
    game = game_for(options, deck, glyph_ids)
    return None if game is None else (game, light, dark)


def game_seeds(seed: int, _sha256=hashlib.sha256) -> tuple[int, int, int]:
    """(the deal's seed, Light's agent seed, Dark's agent seed) of a game, as the registry derives them
    (``derive_seed("agent", seed, seat)``, its text written out: the batch's hot path)."""
    seed = int(seed)
    return (seed, int.from_bytes(_sha256(b"('agent', %d, 0)" % seed).digest()[:8], "big") >> 1,
            int.from_bytes(_sha256(b"('agent', %d, 1)" % seed).digest()[:8], "big") >> 1)


def play_rows(options: ChannelingOptions, deck: Sequence[Any], glyph_ids: Sequence[str], seeds: Sequence[int],
              agents: Sequence[Any], log: bool = False) -> list | None:
    """The ``GameRow`` of each game seed (with ``log``: (row, the decision ids with each card drawn
    as -1 - card) pairs); None when the kernel cannot play these agents here."""
    ready = _ready(agents, options, deck, glyph_ids)
    if ready is None:
        return None
    game, light, dark = ready
    iterations = [search_iterations(a, STRONG_ITERATIONS) for a in agents]
    names = {code: name for name, code in TIE_BREAKERS.items()}
    rows = []
    for winner, tie, scores, cards, over, short, spent, turns, ran_out, stalled, events in \
            game.play_games([game_seeds(s) for s in seeds], light, dark, log, *iterations):
        # figures and flags as summary.figures and State.flags give them
        figures = {"cards": cards, "splendor": (scores[0] + over[0], scores[1] + over[1]), "overchanneling": over}
        flags = {"deck_ran_out": ran_out, "supply_ran_out": short, "spent_glyphs": spent, "stalled": stalled}
        row = GameRow(None if winner < 0 else winner, names.get(tie), scores, turns, stalled, False, figures, flags)
        rows.append((row, events) if log else row)
    return rows


def play_table(options: ChannelingOptions, deck: Sequence[Any], glyph_ids: Sequence[str], seed: int, games: range,
               agents: Sequence[Any]) -> GameTable | None:
    """The ``GameTable`` of games ``games`` of a run seeded ``seed`` (game ``i`` seeded
    ``game_seed(seed, i)``; not swapped), the columns ``summary.figure_columns`` names; None when
    the kernel cannot play these agents here."""
    ready = _ready(agents, options, deck, glyph_ids)
    return None if ready is None else as_table(kernels.batch_table(ready, agents, STRONG_ITERATIONS, seed, games))


def as_table(data: Any) -> GameTable:
    """The kernel's ``play_table`` array as a ``GameTable`` (not swapped)."""
    return kernels.as_table(data, __package__, ("score_0", "score_1"), _figures, tuple(TIE_BREAKERS))


def _figures(column: dict[str, list[int]]) -> dict[str, list[Any]]:
    """The figure columns ``summary.figure_columns`` names, from the kernel's columns."""
    figures: dict[str, list[Any]] = {name: column[name] for name in (
        "cards_0", "cards_1", "overchanneling_0", "overchanneling_1", "spent_glyphs_0", "spent_glyphs_1")}
    figures.update({name: kernels.flags(column[name]) for name in ("supply_ran_out_0", "supply_ran_out_1", "deck_ran_out")})
    return figures


def position_of(state: Any) -> tuple:
    """A Python state at a turn's start as the kernel's ``load`` reads it (the deck top first)."""
    return (state._grid, state._cubes, state._druids, state._st.gline, state._deck[::-1], state._playable,
            state._hidden, [int(x) for x in state._need_hide], state._setup, state._cur, state._turn, state._last,
            state._supply, state._over, [len(t) for t in state._taken], state._splendor,
            [int(x) for x in state._supply_short], state._spent, int(state._deck_ran_out), state._empty)


def search_plan(state: Any, iterations: int, rng: Any) -> tuple | None:
    """The kernel search's whole turn for the player to move at a turn's start, as (face-down mask or
    -1, glyph, druid slot or -1, destination, Leyline cells), advancing ``rng`` (a ``SplitMix64``);
    None without a kernel."""
    st = state._st
    game = game_for(st.options, st.cards, st.glyphs)
    if game is None:
        return None
    plan, rng.state = game.choose_plan(position_of(state), iterations, rng.state)
    return plan
