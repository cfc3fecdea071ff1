"""The optional compiled game kernels: which engine has one built, and the one notice when not.

A game's kernel is the extension module ``<engine package>._kernel`` (built by setup.py when a C
compiler is there). ``load(package)`` gives it, or None when it is not built (one notice on stderr
per process, the first time a kernel is asked for and missing) or when ``PNP_KERNEL=0`` is set
(the Python engines then play everything, silently: what CI does for its second run).

A kernel plays the games of a run in one call, its ``play_table``: ``batch_table`` makes that call
and ``as_table`` turns the array it gives (whole numbers, one row a game, in the order of the
module's ``TABLE`` of column names) into a ``GameTable``, the game naming its own figure columns.
"""
from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import Any, Callable, Sequence

from generator.play.records import GameTable

_noticed = False


def enabled() -> bool:
    """False when ``PNP_KERNEL=0`` forces the Python engines."""
    return os.environ.get("PNP_KERNEL", "1") != "0"


def load(package: str) -> ModuleType | None:
    """``package._kernel`` if it is built and enabled, else None."""
    global _noticed
    if not enabled():
        return None
    try:
        return importlib.import_module(f"{package}._kernel")
    except ImportError as exc:
        if not _noticed:
            _noticed = True
            print(f"pnp-generator: no compiled game kernel ({exc}); the engines play in Python",
                  file=sys.stderr)
        return None


# the agents a game kernel plays, by the kernel's number: ``strong`` is the kernel's own search
KERNEL_AGENTS = {"random": 0, "greedy": 1, "strong": 2}


def _parsed(spec: Any) -> tuple[str, int | None] | None:
    from generator.play.agents_base import parse_agent_spec
    if not isinstance(spec, str):
        return None
    try:
        return parse_agent_spec(spec, tuple(KERNEL_AGENTS))
    except ValueError:
        return None


def kernel_agent(spec: Any) -> int | None:
    """The kernel's number for an agent spec it implements ("random", "greedy", "strong",
    "strong:N"), else None."""
    parsed = _parsed(spec)
    return None if parsed is None else KERNEL_AGENTS[parsed[0]]


def search_iterations(spec: Any, default: int) -> int:
    """The iterations of a ``strong:N`` spec (``default`` for ``strong``); 0 for another agent."""
    parsed = _parsed(spec)
    if parsed is None or parsed[0] != "strong":
        return 0
    return default if parsed[1] is None else parsed[1]


def batch_games(seed: int, games: range) -> tuple[list[int], int | None]:
    """What a kernel's ``play_table`` takes for games ``games`` of a run seeded ``seed`` (``games``,
    ``master``): the game indices with the run's seed, from which the kernel derives each game's
    seed itself (a seed in int64 range), else the games' seeds (``seeds.game_seed``) and None."""
    from generator.play.seeds import game_seed
    if -2 ** 63 <= seed < 2 ** 63:
        return list(games), seed
    return [game_seed(seed, i) for i in games], None


def batch_table(ready: tuple[Any, int, int], agents: Sequence[Any], strong_iterations: int, seed: int,
                games: range) -> Any:
    """The ``play_table`` array of games ``games`` of a run seeded ``seed``, played by ``ready`` (the
    kernel's game and the agents' kernel codes by seat) for ``agents`` (their specs; ``strong``
    without a count searches ``strong_iterations`` iterations)."""
    game, light, dark = ready
    indices, master = batch_games(seed, games)
    return game.play_table(indices, light, dark, *(search_iterations(a, strong_iterations) for a in agents),
                           master=master)


def columns(data: Any, names: Sequence[str]) -> dict[str, list[int]]:
    """A ``play_table`` array (``len(names)`` whole numbers a game, in the order of ``names``) as its
    columns by name."""
    return {name: data[k::len(names)].tolist() for k, name in enumerate(names)}


def seats(column: list[int]) -> list[int | None]:
    """A column of seats, -1 for none, as seats or None."""
    return [None if v < 0 else v for v in column]


def flags(column: list[int]) -> list[bool]:
    """A column of 0 and 1 as flags."""
    return [bool(v) for v in column]


def as_table(data: Any, package: str, scores: Sequence[str],
             figures: Callable[[dict[str, list[int]]], dict[str, list[Any]]],
             tie_breaks: Sequence[str] = ()) -> GameTable:
    """The ``play_table`` array ``data`` of ``package``'s kernel as a ``GameTable`` (not swapped). The
    kernel's ``TABLE`` names its columns: every kernel gives ``winner`` (a seat, -1 for a draw),
    ``turns`` and ``stalled`` (0 or 1), and ``tie`` (by code: 0 none, else the code-th of
    ``tie_breaks``) when the game has tie-breaks; ``scores`` names the seats' score columns and
    ``figures`` makes the game's own figure columns from all of them."""
    module = load(package)
    assert module is not None  # the kernel made ``data``
    column = columns(data, module.TABLE)
    turns = column["turns"]
    ties: list[str | None] = [None, *tie_breaks]
    return GameTable(seats(column["winner"]), [ties[t] for t in column["tie"]] if tie_breaks else [None] * len(turns),
                     [column[name] for name in scores], turns, flags(column["stalled"]), [False] * len(turns),
                     figures(column))
