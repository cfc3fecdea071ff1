"""Battle for the Grove's games played by the compiled kernel (``_kernel.pyx``) when it is built.

``play_rows(options, seeds, (light, dark))`` plays whole games of the ``random``, ``greedy`` and
``strong`` (the kernel's search, ``mcts.KernelSearchAgent``) agents inside the kernel and gives one
row per game's seeds, or None when the kernel is not built,
is turned off (``PNP_KERNEL=0``) or does not implement an agent asked for; the caller then plays
in Python. ``game_rows`` gives the same games as the run loop's ``GameRow``s, ``game_table`` the
games of a run as their ``GameTable``, the seeds derived and the results kept in C (the engine's
``kernel`` hook). A game is the very game the run loop plays from the same seed (the same seeds,
the same SplitMix64 draws, the same decisions): tests/engine/test_grove_kernel.py compares them.
``search_choice`` runs the search for one Python position (how ``KernelSearchAgent`` plays inside
the Python engine's games).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

from generator.play import kernels
from generator.play.kernels import KERNEL_AGENTS as AGENTS, kernel_agent, search_iterations  # noqa: F401
from generator.play.records import GameRow, GameTable
from generator.play.seeds import derive_seed
from pnp_games.grove.actions import BANISH, CHANNEL, STUN, place_name
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.state import TALLIES
from pnp_games.grove.tables import _ROLL_TABLE_MOST, tables

_games: dict[str, Any] = {}



@dataclass(frozen=True)
class KernelSearch:
    """The settings of the compiled kernel's search (``_kernel.pyx``: ``search``): the search above
    run in C. Open-loop UCT keyed by actions, fresh dice at every chance node, every legal action a
    candidate (untried ones added in random order), UCB1 constant ``c`` with availability counts;
    below the tree ``rollout_steps`` steps of random play (greedy with ``greedy_rollouts``), rolls
    counted, and an unfinished game scored by ``position_value`` squashed by a logistic of
    ``temperature``; the most visited root action is played (ties: the more total value)."""

    rollout_steps: int = 12
    greedy_rollouts: bool = False
    c: float = 0.8
    temperature: float = 6.0


SEARCH = KernelSearch()
BANISH_ORDERS = ("banisher_chooses", "standing_first", "lying_first")  # the kernel's ORDER_* numbers
STRONG_ITERATIONS = 100   # ``strong`` without a count


def rule_numbers(o: GroveOptions) -> dict[str, int]:
    """The rule options as the kernel reads them."""
    nfaces = o.die_sides ** o.dice
    return {"circles": o.circles, "druids": o.druids_per_player, "cubes": o.cubes_per_player,
            "to_win": o.circles_to_win, "control_at": o.control_at, "dice": o.dice, "sides": o.die_sides,
            "banish_on": o.banish_on, "stand_bonus": int(o.stand_bonus_at_grove),
            "actions_per_turn": o.actions_per_turn, "banish_order": BANISH_ORDERS.index(o.banish_order),
            "needs_standing": int(o.banish_needs_standing_druid), "move_to_grove": int(o.move_to_grove),
            "first_dice": int(o.first_player == "dice"), "turn_cap": o.turn_cap,
            "nfaces": nfaces if nfaces <= _ROLL_TABLE_MOST else 0}


def effect_groups(o: GroveOptions) -> list[tuple[int, int, int, list[tuple[int, float]]]]:
    """Every dice outcome table the greedy look-ahead reads, from the engine's own ``Tables`` (so the
    probabilities are the very floats the Python engine adds)."""
    tab = tables(o)
    return [(k, standing, limit, [(n, p) for _, n, p in tab.effect_groups(kind, standing, limit)])
            for k, kind in enumerate((CHANNEL, STUN, BANISH))
            for standing in range(o.druids_per_player + 1) for limit in range(1, o.dice + 1)]


def game_for(options: GroveOptions):
    """The kernel's game for these options (made once per options), or None without a kernel."""
    module = kernels.load(__package__)
    if module is None:
        return None
    key = options.model_dump_json()
    found = _games.get(key)
    if found is None:
        from pnp_games.grove.agents import DEFAULT_WEIGHTS
        found = _games[key] = module.GroveKernel(rule_numbers(options), asdict(DEFAULT_WEIGHTS),
                                                 effect_groups(options))
        found.set_search(SEARCH.rollout_steps, SEARCH.greedy_rollouts, SEARCH.c, SEARCH.temperature)
    return found


def _ready(agents: Sequence[Any], options: GroveOptions) -> tuple[Any, int, int] | None:
    """The kernel's game and the two agents' kernel codes, or None when the kernel cannot play them here."""
    light, dark = (kernel_agent(a) for a in agents)
    if light is None or dark is None:
        return None
    game = game_for(options)
    return None if game is None else (game, light, dark)


def game_seeds(seed: int) -> tuple[int, int, int]:
    """The seeds the run loop derives from a game's seed: (the dice stream, Light's agent, Dark's agent)."""
    return derive_seed("dice", seed), derive_seed("agent", seed, 0), derive_seed("agent", seed, 1)


def play_rows(options: GroveOptions, seeds: Sequence[tuple[int, int, int]], agents: Sequence[Any],
              log: bool = False) -> list | None:
    """(winner or None, first player or None, turns, stalled, (Light's tallies, Dark's tallies) each
    in the order of ``state.TALLIES``, log, the cubes on each circle at the end: Light's as +n, Dark's
    as -n) per game, played in the kernel; None when it cannot play these agents here. A game's seeds
    are those of ``game_seeds``."""
    ready = _ready(agents, options)
    if ready is None:
        return None
    game, light, dark = ready
    rows = game.play_games(list(seeds), light, dark, log, *(search_iterations(a, STRONG_ITERATIONS) for a in agents))
    return [(None if w < 0 else w, None if f < 0 else f, turns, stalled, (t[:12], t[12:]), events, cubes)
            for w, f, turns, stalled, t, events, cubes in rows]


def game_rows(options: GroveOptions, inputs: None, seeds: Sequence[int], agents: Sequence[Any]) -> list[GameRow] | None:
    """The engine's ``kernel`` hook: the ``GameRow`` of each game seed, as the run loop makes it from
    the Python engine's game (not swapped), or None when the kernel cannot play these agents here."""
    played = play_rows(options, [game_seeds(s) for s in seeds], agents)
    if played is None:
        return None
    at = options.control_at
    rows = []
    for winner, first, turns, stalled, tallies, _, cubes in played:
        held = (sum(1 for v in cubes if v >= at), sum(1 for v in cubes if -v >= at))
        figures = {"first_player": first,
                   "cubes_on_circles": {place_name(c + 1): (v, 0) if v >= 0 else (0, -v) for c, v in enumerate(cubes)},
                   "tallies": tuple(dict(zip(TALLIES, t)) for t in tallies)}
        rows.append(GameRow(winner, None, held, turns, stalled, False, figures, {"stalled": stalled}))
    return rows


def game_table(options: GroveOptions, inputs: None, seed: int, games: range, agents: Sequence[Any]) -> GameTable | None:
    """The engine's ``kernel`` hook: the ``GameTable`` of games ``games`` of a run seeded ``seed`` (game
    ``i`` seeded ``game_seed(seed, i)``; not swapped), the columns ``summary.figure_columns`` names;
    None when the kernel cannot play these agents here."""
    ready = _ready(agents, options)
    return None if ready is None else as_table(kernels.batch_table(ready, agents, STRONG_ITERATIONS, seed, games))


def as_table(data: Any) -> GameTable:
    """The kernel's ``play_table`` array as a ``GameTable`` (not swapped)."""
    return kernels.as_table(data, __package__, ("held_0", "held_1"), _figures)


def _figures(column: dict[str, list[int]]) -> dict[str, list[Any]]:
    """The figure columns ``summary.figure_columns`` names, from the kernel's columns (its tallies
    by number, in the order of ``state.TALLIES``)."""
    return {"first_player": kernels.seats(column["first_player"]),
            **{f"{key}_{p}": column[f"tally_{p}_{k}"] for p in (0, 1) for k, key in enumerate(TALLIES)}}


def position_of(state: Any) -> tuple:
    """A Python state where a player is to act, as the kernel's ``choose_action`` reads it."""
    op, circle = state._pending_op or (-1, -1)
    return (state._stand, state._lie, state._cubes, state._supply, state._cur, state._phase,
            -1 if state._first is None else state._first, op, circle, state._sending, state._acted, state._turn)


def search_choice(state: Any, iterations: int, rng: Any, agent: str = "strong") -> int | None:
    """The index among ``state.legal_actions()`` of the kernel's ``agent`` (its search by default,
    or ``greedy`` or ``random``) for the player to move, advancing ``rng`` (a ``SplitMix64``); None
    without a kernel."""
    game = game_for(state.options)
    if game is None:
        return None
    index, rng.state = game.choose_action(position_of(state), iterations, rng.state, kernel_agent(agent))
    return index
