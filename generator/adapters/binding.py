"""The binding protocol: what a rules engine implements to be played through known frameworks.

An engine's ``EngineSpec`` names its binding as ``frameworks="package.module:BINDING"``; the
generic adapters (``openspiel_game``: one ``pyspiel.register_game`` per engine; ``pettingzoo_env``:
one AEC environment class) then serve it, so a publisher's plug-in engine gets both frameworks by
implementing the three small protocols below. A binding is plain Python: it must not import
pyspiel, pettingzoo or numpy (the adapters do, behind the ``frameworks`` extra).

Game level, ``FrameworkBinding`` (one object per engine)::

    short_name       OpenSpiel's name, lower case with underscores ("nim_race")
    long_name        the game's title
    player_names     one name per seat, in seat order (PettingZoo's agents): ("first", "second")
    information      PERFECT or IMPERFECT
    parameters       the rule options a framework may pass, with their defaults (bool, int,
                     float or str values; ``rule_parameters(OptionsModel)`` derives them).
                     Anything else a game needs (a deck, say) the binding supplies itself,
                     e.g. chosen by a str parameter such as an edition name
    configure(params) -> BoundGame      the game under those options (defaults for the rest);
                     raises ValueError for an unknown option or a bad value

``BoundGame`` (one set of rule options; every size is fixed for the whole game)::

    num_distinct_actions   player action ids are 0 .. num_distinct_actions-1
    max_chance_outcomes    chance outcome ids are 0 .. max_chance_outcomes-1 (0: no chance)
    max_game_length        most actions, player and chance, in one game
    observation_size       length of every observation tensor
    min_utility, max_utility, utility_sum (None for a general-sum game)
    action_to_string(action_id, chance) -> str   the engine's notation of an id
    string_to_action(text, chance) -> int        its inverse (raises ValueError); round-trips
    new_initial_state() -> BoundState

``BoundState`` (mutable; ids are player actions, or chance outcomes at a chance node)::

    current_player() -> int     the seat to move, CHANCE or TERMINAL
    legal_actions() -> list[int]            sorted ids for the seat to move ([] otherwise)
    chance_outcomes() -> list[(int, float)] at a chance node: sorted ids with probabilities
    apply(action_id)                        raises ValueError for an illegal id
    is_terminal() -> bool
    returns() -> list[float]                one per seat (zeros until the end)
    clone() -> BoundState                   independent copy
    observation_tensor(player) -> list[float]   what ``player`` sees now, observation_size long
    observation_string(player) -> str           the same as text
    information_state_string(player) -> str     everything ``player`` has seen and done so far
                                                (for a perfect-information game: the history)
    is_truncated() -> bool      optional: ended by a cap, not by the rules (PettingZoo truncation)
    sample_chance(rng) -> int   optional: one chance outcome drawn with ``rng`` (an ``engine.rng.SplitMix64``
                                or a ``random.Random``: both have ``random``, ``randint``, ``choice``), with
                                the probabilities of chance_outcomes() (faster than listing them)
    __str__                     the full state, for debugging

Chance is explicit: a state never draws itself; whoever drives it applies a chance outcome (the
adapters sample ``chance_outcomes()``), so a game is fixed by its action ids. Nothing an
observation or information state shows may depend on what that player cannot see.

A minimal binding, for a one-heap Nim::

    class NimBinding:
        short_name, long_name = "nim", "Nim"
        player_names, information = ("first", "second"), PERFECT
        parameters = rule_parameters(NimOptions)
        def configure(self, params):
            return NimGame(options_from(NimOptions, params))

    BINDING = NimBinding()       # EngineSpec(..., frameworks="nim_engine.frameworks:BINDING")

(tests/plugins/nim_engine/frameworks.py is the whole example.)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError

CHANCE = -1          # current_player() at a chance node (OpenSpiel's value)
TERMINAL = -4        # current_player() once the game is over (OpenSpiel's value)
PERFECT, IMPERFECT = "perfect", "imperfect"
PARAMETER_TYPES = (bool, int, float, str)

Options = TypeVar("Options", bound=BaseModel)


@runtime_checkable
class BoundState(Protocol):
    def current_player(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply(self, action_id: int) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def clone(self) -> "BoundState": ...
    def observation_tensor(self, player: int) -> Sequence[float]: ...
    def observation_string(self, player: int) -> str: ...
    def information_state_string(self, player: int) -> str: ...


@runtime_checkable
class BoundGame(Protocol):
    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int
    observation_size: int
    min_utility: float
    max_utility: float
    utility_sum: float | None

    def action_to_string(self, action_id: int, chance: bool) -> str: ...
    def string_to_action(self, text: str, chance: bool) -> int: ...
    def new_initial_state(self) -> BoundState: ...


@runtime_checkable
class FrameworkBinding(Protocol):
    short_name: str
    long_name: str
    player_names: tuple[str, ...]
    information: str
    parameters: Mapping[str, Any]

    def configure(self, params: Mapping[str, Any] | None = None) -> BoundGame: ...


class EngineStateView:
    """The members a bound state passes straight to an engine state kept as ``self.state`` (one that
    has ``is_terminal``, ``is_stalled`` and ``returns``); a binding's state class derives from it."""

    state: Any

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def is_truncated(self) -> bool:
        return self.state.is_stalled()

    def returns(self) -> list[float]:
        return self.state.returns()


class BindingError(ValueError):
    """An engine without a binding, or a binding that does not follow the protocol."""


def rule_parameters(options: type[BaseModel] | BaseModel) -> dict[str, Any]:
    """The rule options a framework can pass as parameters, with their defaults: every field
    whose value is a bool, int, float or str (lists, tuples and unset fields are left out). Give
    the options model for its own defaults, or an instance (e.g. an edition's rules) for its values."""
    values = (options() if isinstance(options, type) else options).model_dump()
    return {k: v for k, v in values.items() if isinstance(v, PARAMETER_TYPES)}


def options_from(options_model: type[Options], params: Mapping[str, Any] | None) -> Options:
    """The rule options for framework parameters; :raises ValueError: naming a bad key or value."""
    try:
        return options_model.model_validate(dict(params or {}))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'parameters'}: {e['msg']}"
                             for e in exc.errors(include_url=False))
        raise ValueError(f"{options_model.__name__} parameters: {problems}") from None


def check_binding(binding: Any, where: str = "the binding") -> FrameworkBinding:
    """``binding`` if it has every game-level member of the protocol, else one clear BindingError."""
    missing = [name for name in ("short_name", "long_name", "player_names", "information",
                                 "parameters", "configure") if not hasattr(binding, name)]
    if missing:
        raise BindingError(f"{where} does not follow the framework binding protocol: "
                           f"it has no {', '.join(missing)}")
    if binding.information not in (PERFECT, IMPERFECT):
        raise BindingError(f"{where}: information must be {PERFECT!r} or {IMPERFECT!r}, "
                           f"not {binding.information!r}")
    return binding


def binding_for(engine: str) -> FrameworkBinding:
    """The binding a registered engine names in its ``EngineSpec.frameworks`` (imported now).

    :raises BindingError: for an unknown engine, one without a binding, or one that cannot load.
    """
    from generator.play.plugins import load_reference
    from generator.play.registry import ENGINES
    if engine not in ENGINES:
        raise BindingError(f"unknown game engine {engine!r}; known: {', '.join(sorted(ENGINES))}")
    reference = getattr(ENGINES[engine], "frameworks", None)
    if not reference:
        raise BindingError(f"rules engine {engine!r} has no framework binding "
                           f"(its EngineSpec names no frameworks=\"module:attribute\")")
    try:
        binding = load_reference(reference)
    except (ImportError, AttributeError) as exc:
        raise BindingError(f"rules engine {engine!r} names the framework binding {reference}, "
                           f"which cannot be loaded: {exc}") from None
    return check_binding(binding, f"{reference} (engine {engine!r})")


def bound_engines() -> tuple[list[str], list[str]]:
    """The registered engines whose spec names a binding (imports each engine's spec, not its
    binding), and a message for each engine whose spec cannot be loaded."""
    from generator.play.plugins import PluginError
    from generator.play.registry import ENGINES
    bound, broken = [], []
    for name in ENGINES:
        try:
            if getattr(ENGINES[name], "frameworks", None):
                bound.append(name)
        except PluginError as exc:
            broken.append(str(exc))
    return bound, broken
