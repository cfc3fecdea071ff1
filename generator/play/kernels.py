"""The optional compiled game kernels: which engine has one built, and the one notice when not.

A game's kernel is the extension module ``<engine package>._kernel`` (built by setup.py when a C
compiler is there). ``load(package)`` gives it, or None when it is not built (one notice on stderr
per process, the first time a kernel is asked for and missing) or when ``PNP_KERNEL=0`` is set
(the Python engines then play everything, silently: what CI does for its second run).
"""
from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import Any

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
