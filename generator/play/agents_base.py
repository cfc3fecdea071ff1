"""What the agents of every engine share: the agent protocol, the seeded random agent, the
constructor of greedy agents and the reading of agent specs (``random``, ``greedy``, ``mcts``,
``mcts:N``).

A game's package keeps its own evaluation, greedy agent and search configuration; its
``game.py`` turns them into a ``make_agent`` with ``agent_factory``.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, Protocol, Sequence

from generator.core.errors import did_you_mean
from generator.play.seeds import derive_seed
from generator.play.rng import SplitMix64

AGENT_KINDS = ("random", "greedy", "mcts")
SEARCH_KINDS = ("mcts", "strong")  # the kinds that take an iteration count (``mcts:400``)
MAX_ITERATIONS = 100_000  # tree-search iterations a turn: beyond this a game takes hours, not minutes


class Agent(Protocol):
    """Anything that picks an action for the current player of a state."""

    name: str

    def choose(self, state: Any) -> Any: ...


class RandomAgent:
    """A uniformly random legal action, drawn from the agent's own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = SplitMix64(seed)

    def choose(self, state: Any) -> Any:
        return self.rng.choice(state.legal_actions())


class GreedyAgentBase:
    """What the games' greedy agents share: the evaluation weights (``default_weights`` of the
    game unless given) and a seeded stream for breaking ties."""

    name = "greedy"
    default_weights: Any = None

    def __init__(self, seed: int = 0, weights: Any = None):
        self.rng = SplitMix64(seed)
        self.weights = self.default_weights if weights is None else weights


def parse_agent_spec(spec: str, kinds: tuple[str, ...] = AGENT_KINDS,
                     example_iterations: int = 400) -> tuple[str, int | None]:
    """(kind, iterations) of a spec; iterations is None unless given as ``mcts:N`` (or ``strong:N``).

    Case and surrounding blanks are ignored. :raises ValueError: for a kind not in ``kinds``,
    an argument to anything but ``mcts``, or an iteration count that is not a positive integer.
    """
    name, _, arg = str(spec).strip().partition(":")
    name = name.lower()
    if name in SEARCH_KINDS and name in kinds:
        if not arg:
            return name, None
        try:
            iterations = int(arg)
        except ValueError:
            iterations = 0
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"agent {spec!r}: {name} iterations must be a positive integer from 1 to "
                             f"{MAX_ITERATIONS:,}, e.g. '{name}:{example_iterations}'")
        return name, iterations
    if name in kinds and not arg:
        return name, None
    choices = ", ".join(k + (f", {k}:N (N = iterations, e.g. {k}:{example_iterations})" if k in SEARCH_KINDS else "")
                        for k in kinds)
    near = did_you_mean(name, kinds)
    raise ValueError(f"unknown agent {spec!r}{near[len(repr(name)):]}; choose from {choices}")


def agent_factory(makers: Mapping[str, Callable[..., Any] | str],
                  example_iterations: int = 400) -> Callable[[str, int], Any]:
    """A ``make_agent(spec, seed)`` over ``makers`` (kind -> class taking ``seed=`` and, for
    ``mcts``, ``iterations=``, or its ``"module:name"``, imported when first asked for, so that
    reading an engine's options loads none of its agents); the kinds are the mapping's keys, in order."""
    kinds = tuple(makers)

    def make_agent(spec: str, seed: int) -> Any:
        """An agent from a spec such as ``random``, ``greedy``, ``mcts`` or ``mcts:400``.

        :raises ValueError: for an unknown spec or a bad iteration count.
        """
        kind, iterations = parse_agent_spec(spec, kinds, example_iterations)
        maker = makers[kind]
        if isinstance(maker, str):
            module, name = maker.split(":")
            maker = getattr(importlib.import_module(module), name)
        if iterations is None:
            return maker(seed=seed)
        return maker(iterations=iterations, seed=seed)

    return make_agent


def seat_agents(engine: Any, agents: Sequence[Any], seed: int) -> list[Any]:
    """The two agents of a game by seat, in seat order: a spec becomes the engine's agent with the
    seat's seed derived from the game's, an agent object is used as it is."""
    if len(agents) != 2:
        raise ValueError(f"expected two agents, one per seat, got {len(agents)}")
    return [engine.make_agent(a, derive_seed("agent", seed, seat)) if isinstance(a, str) else a
            for seat, a in enumerate(agents)]
